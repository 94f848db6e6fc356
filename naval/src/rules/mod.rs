//! The rules, one module per part of a turn; [`Naval::take_turn`] reads like the rulebook.
//!
//! - `turn`: start of a round (shuffle), start of a turn (budgets, cooldown, dive counter), the
//!   orders left to right, the end checks;
//! - `movement`: `M`, `B`, `C`, `K`, `A`;
//! - `combat`: `F`, `N`, damage with its credit, shields and sinking, mine explosions;
//! - `skills`: `S`, `R`, `P`, `D`.

mod combat;
mod movement;
mod skills;
mod turn;

#[allow(unused_imports)]
use crate::Naval;
