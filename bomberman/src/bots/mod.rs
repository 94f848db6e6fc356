//! Built-in bots, each with a stable id.
//!
//! - `idle` stands still and never drops: a sitting target.
//! - `random` walks in a random direction (a new one every 5 to 24 ticks, any vector up to
//!   the speed limit) and drops a bomb with probability 1/40 per tick.
//! - `brick-breaker` plays for real (see [`BrickBreaker`]): it walks the lattice to bricks and
//!   bonuses, bombs bricks (and opponents in reach) only where it can escape, and flees every
//!   current and pending blast, chains included.

use alloc::boxed::Box;

use engine_core::{Bot, RngCore};

use crate::map::below;
use crate::{Action, Bomberman, Fixed, Observation};

mod brick_breaker;

pub use brick_breaker::BrickBreaker;

/// A built-in bot's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotInfo {
    /// The stable id (`builtin:ID`).
    pub id: &'static str,
    /// A one-line description.
    pub about: &'static str,
}

const LIST: [BotInfo; 3] = [
    BotInfo {
        id: "idle",
        about: "stands still and never drops a bomb",
    },
    BotInfo {
        id: "random",
        about: "walks in random directions and drops a bomb now and then",
    },
    BotInfo {
        id: "brick-breaker",
        about: "walks to bricks and bonuses, bombs bricks where it can escape, flees every blast",
    },
];

/// Every built-in bot, in listing order.
pub fn list() -> impl Iterator<Item = BotInfo> {
    LIST.into_iter()
}

/// The line-up `koth play bomberman` uses without `--bot`: two brick-breakers in opposite
/// corners against two random walkers.
pub const DEFAULT_LINEUP: [&str; 4] = ["brick-breaker", "random", "random", "brick-breaker"];

/// A fresh bot by id, or `None` for an unknown id.
pub fn by_id(id: &str) -> Option<Box<dyn Bot<Bomberman>>> {
    Some(match id {
        "idle" => Box::new(Idle),
        "random" => Box::new(RandomWalker::default()),
        "brick-breaker" => Box::new(BrickBreaker::default()),
        _ => return None,
    })
}

/// Stands still.
#[derive(Clone, Copy, Debug, Default)]
pub struct Idle;

impl Bot<Bomberman> for Idle {
    fn act(&mut self, _: &Observation, _: &mut dyn RngCore) -> Action {
        Action::IDLE
    }
}

/// Walks in random directions and drops a bomb now and then.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomWalker {
    speed: (Fixed, Fixed),
    ticks_left: u32,
}

impl Bot<Bomberman> for RandomWalker {
    fn act(&mut self, observation: &Observation, rng: &mut dyn RngCore) -> Action {
        if self.ticks_left == 0 {
            let max = observation.world.rules().max_speed as i32 * Fixed::SCALE;
            let mut component = || {
                let span = 2 * max as usize + 1;
                Fixed::from_raw(below(rng, span) as i32 - max)
            };
            self.speed = (component(), component());
            self.ticks_left = 5 + below(rng, 20) as u32;
        }
        self.ticks_left -= 1;
        let drop = below(rng, 40) == 0;
        Action::new(self.speed.0, self.speed.1, drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_all_resolve() {
        let ids: alloc::vec::Vec<_> = list().map(|b| b.id).collect();
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[i + 1..].contains(id));
            assert!(by_id(id).is_some());
        }
        assert!(by_id("nobody").is_none());
        for id in DEFAULT_LINEUP {
            assert!(by_id(id).is_some());
        }
    }
}
