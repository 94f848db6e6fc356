//! Naval, the "Hit and sunk" free-for-all: one ship per player, five classes, many actions a
//! turn, exactly as its King-of-the-Hill seed describes it. The complete rules, with every
//! decision taken where the contest left a point open, are in the [`rulebook`].
//!
//! # The rules in short
//! Each program first chooses a [`ShipClass`] (`1..=5`; anything else: no ship, no turns,
//! score 0). The sea is a square of side `30 + players`, x to the right and **y downward**;
//! each ship gets a seeded random start (head cell and [`Dir4`], the hull behind the head,
//! every cell on the grid and free; ships may touch). A game has at most 100 rounds; at the
//! start of each round the ships afloat are shuffled, and each takes its whole turn in that
//! order ([`ToAct::One`](koth_engine_core::ToAct::One)), later ships seeing earlier results.
//!
//! A turn is an action string ([`Orders`]) executed left to right: `M`/`B` move, `C`/`K`
//! rotate, `A` ram, `F±x±y` fire, `N±x±y` lay a mine, `S` scan, and the class skills `R`
//! repair (Cruiser), `P` plunge/surface (Submarine), `D` shield (Battleship); the Destroyer
//! rotates for free and the Carrier's shots hit a 3 x 3 area. An order that cannot be
//! performed is treated as `W`, costs nothing, and is reported as [`Event::Refused`] with a
//! typed [`Refusal`]. Mines explode when a ship enters them or a shot hits them, damaging the
//! 3 x 3 around and chaining into other mines. A ship whose every hull cell is damaged sinks
//! and stays as a wreck. `Score = Hits + 5 * Sunken - Damage - (alive ? 0 : 10)`; places by
//! score, then fewer deaths, more sunken, more hits, less damage. The game ends after round
//! 100 or as soon as at most one ship is afloat (checked after every turn).
//!
//! [`Naval`] implements [`Game`](koth_engine_core::Game) (the rules) and
//! [`Contest`](koth_engine_core::Contest) (name, seats, the built-in [`bots`], the class
//! choice as a pre-game [`Setup`](koth_engine_core::Contest::Setup), the program protocol of
//! [`protocol`], [`Stats`], rendering), so the one runner of `koth_engine_core` plays it:
//!
//! ```
//! use koth_engine_core::runner::{self, Options};
//! use koth_naval::{Config, Naval};
//!
//! let mut seats =
//!     runner::builtin_seats::<Naval>(&["hunter", "peacemaker", "random", "passive"]).unwrap();
//! let t = runner::play(&Config::default(), 7, &mut seats, Options::default(), &mut ()).unwrap();
//! // Each bot chose its class before the game (written into the config).
//! assert_eq!(t.config.classes.len(), 4);
//! println!("{:?} after {} turns", t.outcome, t.turns_played);
//! ```
//!
//! [`Scenario`] builds hand-made seas (fixed starts, mines, wrecks) for tests and tools.
//!
//! [`NavalOrders`] is the same game one order at a time, with a numbered action space, legal
//! masks and rewards ([`Learn`](koth_engine_core::Learn)), for learners.
//!
//! # Randomness
//! The engine owns no RNG. [`Game::new`](koth_engine_core::Game::new) draws, from the RNG it is
//! given: first each random start, in seat order (repeated draws of x, y and direction until
//! the ship fits), then round 1's order. [`Game::step`](koth_engine_core::Game::step) draws
//! only in the step that ends a round when the game goes on: the next round's order is
//! shuffled then (Fisher-Yates from the back over the ships afloat in seat order). Every draw
//! is [`koth_engine_core::draw`]'s pinned, unbiased one, so a seed gives the same game on every
//! platform.
//!
//! # Decisions where the contest left room
//! The [`rulebook`] lists them all, each marked **(decision)**: among them, the start of a
//! turn is applied as soon as the previous turn ends (so observations show it); refusals are
//! checked submerged / wrong class, then budget, then cooldown, then geometry; a ram on a
//! submerged submarine uses all moves but hurts nothing; explosions chain breadth first, and
//! the ship that set off the first mine gets the credit for the whole chain; a turn holds at
//! most [`MAX_ORDERS`] orders; seats `2..=100` ([`MAX_PLAYERS`]), and a config without a
//! seat's class gives it [`ShipClass::default_for_seat`].
//!
//! # The 2017 controller's profile
//! [`Profile::Hitmaster2017`] (the config's `profile`) plays what the contest's own Java
//! controller did instead of the rules: `C`/`K` turn the other way, refused orders still cost
//! their budget, self-damage is credited, the Carrier has no splash but hits two cells away,
//! ships go on acting after sinking themselves, the map is a cache that keeps wreck cells,
//! and more: the [`rulebook`] lists every difference. With [`Scenario::round_order`] and fixed
//! starts it replays recorded 2017 games exactly (the crate's tests replay 40 of them).
//!
//! # Features
//! `std` (default), `serde` (config, orders as their wire text, events, observations,
//! [`Stats`]).
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

pub mod bots;
mod class;
mod config;
mod contest;
pub mod determinize;
mod event;
pub mod learn;
mod observation;
mod order;
pub mod protocol;
mod render;
mod rules;
#[cfg(feature = "serde")]
mod saved;
mod scenario;
mod ship;
mod state;

/// The complete rules this crate implements.
pub mod rulebook {
    #![doc = include_str!("../RULES.md")]
}

pub use class::ShipClass;
pub use config::{Config, ConfigError, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, Profile};
pub use contest::{RENDER_EVERY_ROUNDS, Stats};
pub use event::{Cause, EndReason, Event, Obstacle, Refusal};
pub use koth_engine_core::{Coord, Dir4, PlayerId};
pub use learn::{NavalOrders, Step};
pub use observation::{
    Hull, Observation, SCAN_RANGE, SIGHT_CELLS, SIGHT_HALF, SIGHT_SIDE, Sight, SightCell,
    VIEW_RANGE,
};
pub use order::{MAX_ORDERS, Order, Orders, OrdersFull, Target};
pub use render::seat_symbol;
pub use scenario::{Scenario, ScenarioError, Start};
pub use ship::{MAX_DIVE_TURNS, SKILL_COOLDOWN, Ship};
pub use state::{Cell, Naval};

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
