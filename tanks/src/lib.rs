//! Tanks: the simultaneous tank battle on a torus from the King-of-the-Hill seed
//! "Write a Tank AI".
//!
//! The complete rules, with every decision taken where the contest left a point open, are in
//! the [`rulebook`]. In short:
//!
//! - **Board.** A square torus whose side is the number of tanks N (N >= 2) unless
//!   [`Config::side`] makes it larger (up to [`MAX_SIDE`]). Coordinates (x, y), 0-based, x to
//!   the right, y **up** (row 0 at the bottom); leaving an edge re-enters on the opposite one.
//!   Every tank starts in its own row and its own column, drawn from the seeded RNG.
//! - **A tick.** All living tanks act at once ([`ToAct::Simultaneous`](koth_engine_core::ToAct),
//!   seat order) with one [`Action`] each: [`Action::Idle`], [`Action::Move`] or
//!   [`Action::Shoot`] in a [`Dir4`](koth_engine_core::Dir4) (y up). Then, in order:
//!   1. **moves** resolve: a contested square goes to one contender drawn from the RNG,
//!      chains and cycles of three or more move, a swap of two neighbours is cancelled, and
//!      no two tanks ever share a square;
//!   2. **shots** resolve, all at once, against the post-move squares: each shell destroys
//!      the first other tank along its line (wrapping), so two tanks can destroy each other;
//!   3. **destroyed tanks are removed.**
//! - **End.** After a tick in which at most one tank is left, or after
//!   [`Config::max_ticks`] ticks (1000).
//! - **Ranking** by survival: survivors share first place; a tank destroyed later ranks
//!   above one destroyed earlier; tanks destroyed in the same tick share a place. Places are
//!   dense: the tank destroyed last is second however many survived. Scores are kills and do
//!   not affect the ranking.
//!
//! The engine owns no randomness: placement and contests draw from the RNG the caller passes,
//! through [`koth_engine_core::draw`]. [`Tanks`] implements
//! [`Contest`](koth_engine_core::Contest) (name, seats, built-in [`bots`], the program
//! protocol of [`protocol`], [`Stats`], rendering), so any generic runner plays it;
//! [`Scenario`] builds hand-made positions for rule cases and tools.
//!
//! ```
//! use koth_engine_core::runner::{self, Options};
//! use koth_engine_core::{Contest, Game, PlayerId};
//! use koth_tanks::{Config, Tanks, protocol};
//!
//! let config = Config::default();
//! // The default line-up of built-in bots, played by the one match runner from seed 42.
//! let lineup = Tanks::bots().lineup(Tanks::seats(&config));
//! let mut seats = runner::builtin_seats::<Tanks>(&lineup).unwrap();
//! let transcript = runner::play(&config, 42, &mut seats, Options::default(), &mut ()).unwrap();
//! let game = &transcript.last;
//! println!("{}", game.render());
//! // What the first program would read on its standard input:
//! println!("{}", protocol::format_observation(&game.observe(PlayerId(0))));
//! println!("{:?} after {} ticks", transcript.outcome.places(), game.turn());
//! ```
//!
//! Features: `std` (default), `serde` (derives for the config, actions, events, observations
//! and [`Stats`]). Without `std` the crate is `no_std` + `alloc`.
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

mod action;
mod board;
pub mod bots;
mod config;
mod contest;
mod event;
pub mod learn;
mod observation;
pub mod protocol;
mod rules;
mod scenario;
mod state;

/// The complete rules this crate implements.
pub mod rulebook {
    #![doc = include_str!("../RULES.md")]
}

pub use action::Action;
pub use config::{Config, ConfigError, MAX_PLAYERS, MAX_SIDE, MAX_TICKS};
pub use contest::Stats;
pub use event::{EndReason, Event};
pub use observation::{Observation, TankView};
pub use scenario::{Scenario, ScenarioError};
pub use state::{Tanks, seat_char};

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
