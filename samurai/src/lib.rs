//! The Ultimate Samurai Showdown duel, exactly as its King-of-the-Hill seed describes it.
//!
//! Two samurai start with 20 health and 1 honour and each turn choose at once one of
//! `W` wait, `B` bow (+1 honour), `G` guard (blocks every strike; -1 honour if it guarded the
//! turn before), and the strikes `I` quick draw, `P` parry, `O` overhead (each -1 honour;
//! `I` beats `O` beats `P` beats `I`). A samurai whose honour at the **start** of the turn is
//! 7 or more strikes with the Sword of the Gods for 2 damage instead of 1. After each turn: a
//! samurai below 0 honour is struck by the gods (both: a draw), which beats health 0; then a
//! samurai at 0 health or less dies; after 500 turns the match is a draw.
//!
//! Rules of record: `shared/rules/samurai.md`. Decisions where the seed was open:
//! - the Sword-of-the-Gods threshold reads the honour from before this turn's costs;
//! - strikes are allowed at 0 honour (the striker then falls to -1 and is struck down);
//! - the runner alternates sides between a pair's matches.
//!
//! The duel needs no randomness; [`Game::new`](engine_core::Game::new) takes an RNG only for
//! the shared trait. Built-in [`bots`] draw their randomness from the RNG their runner passes.
//!
//! ```
//! use engine_core::{Game, PlayerId, SeedableRng};
//! use samurai::{bots, Samurai, Config};
//!
//! let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(42);
//! let mut duel = Samurai::new(&Config::default(), 2, &mut rng).unwrap();
//! let mut players = [bots::by_id("observer").unwrap(), bots::by_id("coward").unwrap()];
//! let mut events = Vec::new();
//! while !duel.to_act().is_over() {
//!     let a = players[0].act(&duel.observe(PlayerId(0)), &mut rng);
//!     let b = players[1].act(&duel.observe(PlayerId(1)), &mut rng);
//!     duel.step(&[a, b], &mut rng, &mut events).unwrap();
//! }
//! println!("{:?} after {} turns", duel.end(), duel.turn());
//! ```
//!
//! Features: `std` (default), `serde` (derives for config, actions, events, observations).
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

mod action;
pub mod bots;
mod config;
pub mod protocol;
pub mod rules;
mod state;

pub use action::Action;
pub use config::{Config, ConfigError};
pub use state::{End, EndReason, Event, Observation, Samurai};
