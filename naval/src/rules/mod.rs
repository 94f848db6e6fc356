//! The rules, one module per part of a turn; [`Naval::take_turn`] reads like the rulebook.
//!
//! - `turn`: start of a round (shuffle), start of a turn (budgets, cooldown, dive counter), the
//!   orders left to right, the end checks;
//! - `movement`: `M`, `B`, `C`, `K`, `A`;
//! - `combat`: `F`, `N`, damage with its credit, shields and sinking, mine explosions;
//! - `skills`: `S`, `R`, `P`, `D`;
//! - `hitmaster`: the whole turn as the 2017 controller played it (the `hitmaster2017`
//!   profile), and the map it showed.

mod combat;
mod hitmaster;
mod movement;
mod skills;
mod turn;

#[allow(unused_imports)]
use crate::Naval;
