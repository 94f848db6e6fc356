//! Built-in bots, each with a stable id.
//!
//! Every bot decides from its own [`Observation`](crate::Observation) only: the settings, its
//! own shots and their results (and the opponent's shots at it, which none of them uses).
//! Randomness comes from the RNG the runner passes.
//!
//! - `random` places at random and shoots a random cell it has not shot yet;
//! - `hunter` hunts on a parity lattice (spacing: the shortest ship still afloat), then
//!   targets around its hits, along the line once two hits line up, until the ship sinks;
//! - `density` places its ships apart (no two touching) preferring cells a searcher finds
//!   late, and shoots the cell most likely to hold a ship: it counts, for every cell, the ways
//!   the ships still afloat can lie across it given its misses and sunk ships, and while it
//!   has unresolved hits counts only the layouts through them (weighted by how many they
//!   explain).
//!
//! A bot works out which cells a sinking shot sank from the run of hits it ends (ships may
//! touch, so this is a best guess: leftover hits simply stay targets).

use alloc::boxed::Box;

use engine_core::{Bot, RngCore};

use crate::Battleship;

mod density;
mod hunter;
mod place;
mod random;
mod sea;

/// A built-in bot's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotInfo {
    /// The stable id (`builtin:ID`).
    pub id: &'static str,
    /// A display name.
    pub name: &'static str,
    /// A one-line description.
    pub about: &'static str,
}

const LIST: [BotInfo; 3] = [
    BotInfo {
        id: "random",
        name: "Random",
        about: "places at random, shoots random cells it has not shot",
    },
    BotInfo {
        id: "hunter",
        name: "Hunter",
        about: "hunts on a parity lattice, then targets around hits until the ship sinks",
    },
    BotInfo {
        id: "density",
        name: "Density",
        about: "places ships apart, shoots the cell most likely to hold a ship",
    },
];

/// The line-up `koth play battleship` uses without `--bot`.
pub const DEFAULT_LINEUP: [&str; 2] = ["density", "hunter"];

/// Every built-in bot, in listing order.
pub fn list() -> impl Iterator<Item = BotInfo> {
    LIST.into_iter()
}

/// A fresh bot by id, or `None` for an unknown id.
pub fn by_id(id: &str) -> Option<Box<dyn Bot<Battleship>>> {
    Some(match id {
        "random" => Box::new(random::RandomBot::default()),
        "hunter" => Box::new(hunter::Hunter::default()),
        "density" => Box::new(density::Density::default()),
        _ => return None,
    })
}

/// A uniform-enough index below `n` (0 when `n` is 0).
pub(crate) fn below(rng: &mut dyn RngCore, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

#[cfg(test)]
mod tests;
