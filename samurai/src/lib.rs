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
//! The complete rules, with every decision taken where the contest left a point open, are in
//! the [`rulebook`]. In short:
//! - the Sword-of-the-Gods threshold reads the honour from before this turn's costs;
//! - strikes are allowed at 0 honour (the striker then falls to -1 and is struck down);
//! - the runner alternates sides between a pair's matches.
//!
//! The duel needs no randomness; [`Game::new`](koth_engine_core::Game::new) takes an RNG only for
//! the shared trait. Built-in [`bots`] draw their randomness from the RNG their runner passes.
//! [`Samurai`] implements [`Contest`](koth_engine_core::Contest) (name, seats, bots, the
//! program protocol of [`protocol`], [`Stats`], rendering), so any generic runner plays it;
//! [`Scenario`] builds hand-made positions.
//!
//! ```
//! use koth_engine_core::{Bot, Game, PlayerId, SeedableRng};
//! use koth_samurai::{bots::BOTS, Samurai, Config};
//!
//! let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(42);
//! let mut duel = Samurai::new(&Config::default(), 2, &mut rng).unwrap();
//! let mut players = [BOTS.make("observer").unwrap(), BOTS.make("coward").unwrap()];
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
mod contest;
pub mod learn;
pub mod protocol;
pub mod rules;

/// The complete rules this crate implements.
pub mod rulebook {
    #![doc = include_str!("../RULES.md")]
}
mod scenario;
mod state;

pub use action::Action;
pub use config::{Config, ConfigError, MAX_TURNS};
pub use contest::Stats;
pub use scenario::Scenario;
pub use state::{End, EndReason, Event, Observation, Samurai};

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
