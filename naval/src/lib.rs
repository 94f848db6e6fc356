//! Naval, the "Hit and sunk" free-for-all: one ship per player, five classes, many actions a
//! turn, exactly as its King-of-the-Hill seed describes it (rules of record:
//! `shared/rules/naval.md`).
//!
//! # The rules in short
//! Each program first chooses a [`ShipClass`] (`1..=5`; anything else: no ship, no turns,
//! score 0). The sea is a square of side `30 + players`, x to the right and **y downward**;
//! each ship gets a seeded random start (head cell and [`Dir4`], the hull behind the head,
//! every cell on the grid and free; ships may touch). A game has at most 100 rounds; at the
//! start of each round the ships afloat are shuffled, and each takes its whole turn in that
//! order ([`ToAct::One`](engine_core::ToAct::One)), later ships seeing earlier results.
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
//! ```
//! use engine_core::{Game, SeedableRng, ToAct};
//! use naval::{bots, Config, Naval};
//!
//! let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
//! let ids = ["hunter", "peacemaker", "random", "passive"];
//! let mut players: Vec<_> = ids.iter().map(|id| bots::by_id(id).unwrap()).collect();
//! let mut config = Config::default();
//! for (seat, bot) in players.iter_mut().enumerate() {
//!     config.set_class(seat, Some(bot.class(&mut rng)));
//! }
//! let mut game = Naval::new(&config, ids.len(), &mut rng).unwrap();
//! let mut events = Vec::new();
//! while let ToAct::One(p) = game.to_act() {
//!     let orders = players[p.index()].act(&game.observe(p), &mut rng);
//!     game.step(&[orders], &mut rng, &mut events).unwrap();
//! }
//! println!("{}", game.render());
//! println!("{:?}", game.outcome().unwrap());
//! ```
//!
//! # Randomness
//! The engine owns no RNG. [`Game::new`](engine_core::Game::new) draws, from the RNG it is
//! given: first each random start, in seat order (repeated draws of x, y and direction until
//! the ship fits), then round 1's order. [`Game::step`](engine_core::Game::step) draws only in
//! the step that ends a round when the game goes on: the next round's order is shuffled then
//! (Fisher-Yates from the back over the ships afloat in seat order). Draws are unbiased
//! (multiply-and-reject on 32-bit outputs), so a seed gives the same game on every platform.
//!
//! # Decisions where the rules of record leave room
//! - **Turn preparation.** The start of a ship's turn (moves and shots reset, cooldown - 1, a
//!   submerged submarine's dive counter + 1) is applied when the previous turn ends, so the
//!   observation shows it; its events (a forced surfacing, a new round's order) close the
//!   previous step's events. A shield and a scan stay until the ship's orders start to run.
//! - **Dive limit.** The counter counts own turns started submerged; at the start of the 6th
//!   the submarine surfaces before acting, after the cooldown decrease, so its map shows
//!   cooldown 3.
//! - **Budgets.** "Uses all moves/shots" needs that none was used and sets the budget to 0. A
//!   Destroyer's rotation needs no move left and uses none (so it can still ram after
//!   rotating). `N`, `S`, `R`, `P`, `D` need that no shot was used this turn.
//! - **Refusals.** Checked in this order: submerged (for `A F N S`) or wrong class (`R P D`),
//!   budget, cooldown, then geometry. `R` with no damaged cell is refused. A ram needs an
//!   afloat ship's cell ahead (a wreck is not a ship); ramming a submerged submarine is
//!   performed (uses all moves) but hurts nothing. Firing at a cell off the grid is refused,
//!   even for a Carrier whose splash would reach the grid.
//! - **Carrier shots.** The 3 x 3 is damaged row by row from the top left, then a mine on the
//!   target cell explodes.
//! - **Explosions.** Breadth first: each explosion damages its 3 x 3 (row by row from the top
//!   left) and queues the mines in it; queued mines explode in the order found. A rotation
//!   onto several mines explodes them head side first, each once. The ship that set off the
//!   first mine gets the credit for the whole chain, even if it sank meanwhile.
//! - **Shields** absorb the first point that would damage an intact cell (damage to a damaged
//!   cell spends nothing), self-inflicted damage included.
//! - **Sinking.** A sunk ship's cells become wrecks at once (a sunk submarine is no longer
//!   hidden). A ship that sinks during its own turn does nothing more; its remaining orders
//!   are dropped without events.
//! - **Seats without a ship** never act, rank with score 0 and 0 deaths, and observe an
//!   all-`U` map. If at most one ship is afloat at the start, the game is over at once.
//! - **Seats** `2..=100` ([`MAX_PLAYERS`]); missing class entries default to
//!   [`ShipClass::default_for_seat`] (Destroyer, Submarine, ... by seat).
//! - **Orders.** At most [`MAX_ORDERS`] per turn; the protocol drops and reports the rest.
//!   Malformed pieces (a run of non-action characters; `F`/`N` without a valid target) become
//!   `W`. Lower-case letters are not actions.
//! - **Class choice.** An integer `1..=5` with optional surrounding whitespace, `+` and
//!   leading zeros (as Java's `Integer.parseInt` read it).
//! - **Observations of other seats** describe their ship as it is now (the protocol only ever
//!   shows a ship its own view at the start of its turn).
//! - The 2017 controller's compatibility profile is not implemented; the engine plays the
//!   rules of record only.
//!
//! # Features
//! `std` (default), `serde` (config, orders as their wire text, events, observations).
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

pub mod bots;
mod class;
mod config;
mod event;
mod observation;
mod order;
pub mod protocol;
mod render;
mod rules;
mod ship;
mod state;

pub use class::ShipClass;
pub use config::{Config, ConfigError, MAX_PLAYERS, MIN_PLAYERS, Start};
pub use engine_core::{Coord, Dir4, PlayerId};
pub use event::{Cause, EndReason, Event, Obstacle, Refusal};
pub use observation::{
    Hull, Observation, SCAN_RANGE, SIGHT_CELLS, SIGHT_HALF, SIGHT_SIDE, Sight, SightCell,
    VIEW_RANGE,
};
pub use order::{MAX_ORDERS, Order, Orders, OrdersFull, Target};
pub use render::seat_symbol;
pub use ship::{MAX_DIVE_TURNS, SKILL_COOLDOWN, Ship};
pub use state::{Cell, Naval, PlayerStats};
