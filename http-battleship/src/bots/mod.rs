//! Built-in bots, each with a stable id.
//!
//! Every bot decides from its own [`Observation`](crate::Observation) only: the settings, its
//! own shots and their results (and the opponent's shots at it, which none of them uses).
//! Randomness comes from the RNG the runner passes, drawn through
//! [`koth_engine_core::draw`].
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

use koth_engine_core::{BotEntry, BotList};

use crate::Battleship;

mod density;
mod hunter;
mod mcts;
pub(crate) mod place;
mod random;
mod sea;

/// Every built-in bot, in listing order, and the line-up `koth play battleship` uses without
/// `--bot`: `density` against `hunter`.
pub static BOTS: BotList<Battleship> = BotList {
    entries: &[
        BotEntry {
            id: "random",
            name: "Random",
            about: "places at random, shoots random cells it has not shot",
            make: || Box::new(random::RandomBot::default()),
        },
        BotEntry {
            id: "hunter",
            name: "Hunter",
            about: "hunts on a parity lattice, then targets around hits until the ship sinks",
            make: || Box::new(hunter::Hunter::default()),
        },
        BotEntry {
            id: "density",
            name: "Density",
            about: "places ships apart, shoots the cell most likely to hold a ship",
            make: || Box::new(density::Density::default()),
        },
        BotEntry {
            id: "mcts",
            name: "MCTS",
            about: mcts::ABOUT,
            make: mcts::make,
        },
    ],
    default_lineup: &["density", "hunter"],
};

#[cfg(test)]
mod tests;
