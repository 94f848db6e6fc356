//! The rules, one module per part of a turn; [`Naval::take_turn`] reads like the rulebook.
//!
//! - `turn`: start of a round (shuffle), start of a turn (budgets, cooldown, dive counter), the
//!   orders left to right, the end checks;
//! - `movement`: `M`, `B`, `C`, `K`, `A`;
//! - `combat`: `F`, `N`, damage with its credit, shields and sinking, mine explosions;
//! - `skills`: `S`, `R`, `P`, `D`.

use engine_core::RngCore;

mod combat;
mod movement;
mod skills;
mod turn;

#[allow(unused_imports)]
use crate::Naval;

/// A uniform draw in `0..n` (`n > 0`) by Lemire's multiply-and-reject on 32-bit draws, so the
/// same seed gives the same game on every platform.
pub(crate) fn below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let n = n.max(1);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Shuffles `items` (Fisher-Yates from the back: for `i` from `len - 1` down to 1, swap `i`
/// with a draw in `0..=i`).
pub(crate) fn shuffle<T, R: RngCore + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
