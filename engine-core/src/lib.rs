//! Shared vocabulary for the koth game engines.
//!
//! Every game crate in the workspace is a pure, deterministic state machine that implements
//! [`Game`]: it is built from a config and a seeded RNG, says who acts next ([`ToAct`]), gives
//! each player an observation, applies a joint action (one action per acting player) returning
//! events or a typed error that leaves the state unchanged, and reports an [`Outcome`] when over.
//!
//! The vocabulary lives here too:
//! - [`PlayerId`] and the per-player container [`PerPlayer`];
//! - grid [`Size`], [`Coord`] with [`Topology::Bounded`] or [`Topology::Torus`] neighbours,
//!   wrapping and distances; the four [`Dir4`] directions with rotation; a dense [`Grid`];
//! - [`ToAct`] (one player / several at once / nobody) and [`Outcome`] (a ranking with ties plus
//!   per-player scores);
//! - [`Bot`], the interface of built-in reference bots, and [`BotList`], a game's list of them;
//! - [`Contest`]: how a game describes itself to runners (name, seats, bots, pre-game choices,
//!   statistics, rendering, its process [`Protocol`]);
//! - [`Learn`], [`Tensor`] and [`Determinize`]: a game as a learning environment (action ids,
//!   legal masks, rewards, observation tensors, sampled states for what a player cannot see);
//! - [`draw`]: the one pinned, unbiased bounded-draw algorithm every engine and bot uses;
//! - `runner` (feature `runner`): the one match runner and transcript, with the one seeding
//!   rule for engines and bots.
//!
//! The crate is `#![no_std]` with `alloc`. Features: `std` (default), `serde` (derives for the
//! vocabulary types), `runner` (the match runner), `search` (Monte-Carlo tree search over any
//! [`Learn`] game, in `search`), `testing` (the generic conformance and bot checks in
//! `testing`).
//!
//! ```
//! use koth_engine_core::{Coord, Dir4, Outcome, PlayerId, Size, Topology};
//!
//! let size = Size::new(5, 5);
//! let torus = Topology::Torus;
//! // Leaving the left edge re-enters on the right.
//! assert_eq!(torus.step(size, Coord::new(0, 2), Dir4::Left), Some(Coord::new(4, 2)));
//! assert_eq!(Topology::Bounded.step(size, Coord::new(0, 2), Dir4::Left), None);
//! assert_eq!(Dir4::Up.rotate_cw(), Dir4::Right);
//!
//! // Higher score ranks first; equal scores share a place.
//! let outcome = Outcome::from_scores(vec![3, 7, 3]);
//! assert_eq!(outcome.place(PlayerId(1)), 1);
//! assert_eq!(outcome.place(PlayerId(0)), 2);
//! assert_eq!(outcome.place(PlayerId(2)), 2);
//! ```
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bot;
mod contest;
pub mod draw;
mod game;
mod geometry;
mod grid;
pub mod learn;
mod outcome;
mod player;
#[cfg(feature = "runner")]
pub mod runner;
pub mod scene;
#[cfg(feature = "search")]
pub mod search;
#[cfg(feature = "testing")]
pub mod testing;

pub use bot::Bot;
pub use contest::{
    Answer, BotEntry, BotList, Contest, Family, FaultKind, LinkInfo, Message, Protocol, Ranking,
    preview,
};
pub use game::{Game, StepError, ToAct};
pub use geometry::{Coord, Dir4, Size, Topology};
pub use grid::Grid;
pub use learn::{Determinize, Learn, Tensor};
pub use outcome::{Outcome, OutcomeKind};
pub use player::{PerPlayer, PlayerId};
pub use rand_core::{self, RngCore, SeedableRng};

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
