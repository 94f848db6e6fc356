//! HTTP Battleship: the Bots Arena Battleship, its three HTTP wire dialects and built-in bots.
//!
//! Two players hide a fleet (`ship1`..`ship6`: how many ships of length 1..6) on their own
//! `width` x `height` grid, then shoot at each other's grid in turn, player 1 first, one shot
//! per turn whatever it hits. A shot misses, hits, sinks a ship (every cell of it has now been
//! shot) or sinks the last ship and wins. An invalid placement, a shot off the grid, or a bot
//! that cannot answer loses the match at once. The complete rules this crate implements, with
//! every decision taken where the sources were silent, are in [`rulebook`].
//!
//! The engine is a `no_std` + `alloc`, deterministic state machine implementing
//! [`koth_engine_core::Game`], and describes itself to runners as a
//! [`koth_engine_core::Contest`] ([`Battleship`]'s `Contest` implementation: name, seats,
//! built-in bots in [`bots::BOTS`], statistics [`Stats`], rendering, and the arena's side of
//! the HTTP protocol through a per-seat [`Link`]). The wire codecs of the three dialects are in
//! [`wire`]; the transport (HTTP client and bot server) lives in the `koth` runner.
//!
//! ```
//! use koth_engine_core::runner::{self, Options};
//! use koth_engine_core::{Contest, PlayerId};
//! use koth_http_battleship::{Battleship, Config, EndReason};
//!
//! // The default line-up (density against hunter), played by the one match runner.
//! let config = Config::default();
//! let lineup = Battleship::bots().lineup(Battleship::seats(&config));
//! let mut seats = runner::builtin_seats::<Battleship>(&lineup).unwrap();
//! let t = runner::play(&config, 7, &mut seats, Options::default(), &mut ()).unwrap();
//! let end = t.last.end().unwrap();
//! assert_eq!(end.reason, EndReason::Sunk);
//! println!("{end:?} after {} shots\n{}", t.stats[0].shots, t.last.render());
//! ```
//!
//! Hand-made positions for tests and tools are built with [`Scenario`].
//!
//! # Decisions
//! Where neither the draft nor the arena's code says, this crate decides (each decision is
//! also stated where it is implemented, and all of them in [`rulebook`]):
//! - **Turn order.** Placement is two turns, `ToAct::One(player 1)` then `ToAct::One(player
//!   2)`, so an invalid placement by player 1 ends the match before player 2 is asked, as in
//!   the arena. Then shots alternate strictly, player 1 first.
//! - **Rules live in the engine.** [`Action::Place`] carries any placement and
//!   [`Action::Shoot`] any coordinates: the engine itself ends the match on an invalid
//!   placement ([`EndReason::InvalidPlacement`] with a typed [`PlacementError`]) or a shot off
//!   the grid ([`EndReason::InvalidShot`]). Only an action of the wrong phase is refused
//!   ([`ActionError::WrongPhase`]). Failures outside the rules (timeouts, malformed answers,
//!   HTTP errors) are [`Action::Forfeit`] with a [`ForfeitReason`]: the contest maps the
//!   arena's "loses the match at once" onto them.
//! - **Placement checks**, in order: per ship in the bot's order an endpoint off the grid, a
//!   diagonal ship, a ship longer than 6, an overlap with an earlier ship; then the count of
//!   each length. Ships may touch. The first failure is reported.
//! - **Shots.** Repeat shots are legal. A shot on a cell of a sunk ship is a miss (arena); a
//!   repeat shot on a struck cell of a ship still afloat is a hit again and changes nothing
//!   (arena: the result depends only on what lies there).
//! - **Shot limit.** Once both players have fired [`Config::shot_limit`] shots (default
//!   `2 * width * height`) the match is a draw ([`EndReason::ShotLimit`]).
//! - **Settings** are refused (no match) when a side is outside 1..=100, a count outside
//!   0..=10, the fleet is empty, covers more than `W * H / 2` cells, holds a ship longer than
//!   both sides, or cannot be laid out by a deterministic greedy packing
//!   ([`Config::packed_fleet`], which bots also use as their fallback placement).
//! - **Scores** are half-points: 2 for a win, 1 each for a draw, 0 for a loss.
//! - **No randomness** in the rules; bots draw from the RNG their runner passes, through
//!   [`koth_engine_core::draw`].
//! - **Observations** share the shot histories copy-on-write ([`History`]), so observing
//!   each turn costs no copy.
//!
//! Features: `std` (default), `serde` (`Serialize`/`Deserialize` for config, actions, events
//! and [`Stats`]). The [`wire`] codecs are always built (`no_std` too).
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod action;
mod board;
pub mod bots;
mod cell;
mod config;
mod contest;
pub mod determinize;
mod dialect;
pub mod learn;
mod placement;
mod scenario;
mod state;
pub mod wire;

/// The complete rules this crate implements, in its own words.
pub mod rulebook {
    #![doc = include_str!("../RULES.md")]
}

pub use action::{Action, ActionSyntaxError, ForfeitReason};
pub use cell::{Cell, parse_xy};
pub use config::{Config, ConfigError, MAX_COUNT, MAX_SHIP_LEN, MAX_SHOT_LIMIT, MAX_SIDE};
pub use contest::{Link, Stats};
pub use dialect::{Dialect, UnknownDialect};
pub use placement::{
    Fleet, Orientation, Placement, PlacementError, Ship, ShipSpan, SpanSyntaxError,
};
pub use scenario::{Scenario, ScenarioError};
pub use state::{
    ActionError, Battleship, End, EndReason, Event, History, Observation, Phase, ShotRecord,
    ShotResult,
};

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
