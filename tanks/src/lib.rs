//! Tanks: the simultaneous tank battle on a torus from the King-of-the-Hill seed
//! "Write a Tank AI".
//!
//! Rules of record: `shared/rules/tanks.md`. In short:
//!
//! - **Board.** A square torus of side N, the number of tanks (N >= 2). Coordinates (x, y),
//!   0-based, x to the right, y **up** (row 0 at the bottom). Leaving an edge re-enters on
//!   the opposite one. Every tank starts in its own row and its own column, drawn from the
//!   seeded RNG (see [`Game::new`](engine_core::Game::new) on [`Tanks`]).
//! - **A tick.** All living tanks act at once ([`ToAct::Simultaneous`](engine_core::ToAct),
//!   seat order) with one [`Action`] each: [`Action::Idle`], [`Action::Move`] or
//!   [`Action::Shoot`] in a [`Dir4`](engine_core::Dir4) (y up). Then, in order:
//!   1. **moves** resolve (contests, chains, cycles, swaps: see below);
//!   2. **shots** resolve, all at once, against the post-move squares;
//!   3. **destroyed tanks are removed.**
//! - **End.** After a tick in which at most one tank is left, or after the tick limit.
//! - **Ranking** by survival: survivors share first place; a tank destroyed later ranks
//!   above one destroyed earlier; tanks destroyed in the same tick share a place.
//!
//! Decisions (marked **\[decision\]** in the rules, or taken here where the rules are silent):
//!
//! - **Board size and placement.** [`Config::side`] may override the side (any side from N
//!   to [`MAX_SIDE`]) and [`Config::positions`] may fix the starting squares (distinct, but
//!   free to share rows and columns). Seeded placement shuffles the columns `0..side`, then
//!   the rows `0..side` (Fisher–Yates from the back, uniform draws by Lemire's method on
//!   `next_u32`), and puts seat `i` at (`cols[i]`, `rows[i]`).
//! - **Ids.** Tank ids are opaque `u32`s chosen by the host ([`Config::ids`], distinct);
//!   by default the seat index. Only the observation uses them; it lists tanks in ascending
//!   id order.
//! - **Contests.** A square wanted by two or more movers goes to one of them drawn uniformly
//!   from the RNG passed to `step`; the others stay. Contested squares are drawn in the order
//!   of their first claimant's seat, one draw each over the claimants in seat order. The
//!   draw is made before blocking is resolved: a winner that turns out to be blocked stays
//!   and the losers stay too. Ticks without a contest draw nothing.
//! - **Fixed point.** A mover enters a square its occupant vacates this tick: chains move as
//!   a whole into an empty square, and cycles of three or more tanks all move. A chain that
//!   runs into a tank that stays (idle, shooting, lost a contest, blocked) stays as a whole.
//!   Two neighbours that would swap squares both stay. No two tanks ever share a square.
//! - **Shots.** A shooter does not move, so its shell starts from its square. The shell
//!   travels square by square; the first other tank it reaches is destroyed; if it comes back
//!   to its shooter nothing happens. All shells are traced before any removal, so two tanks
//!   can destroy each other, and several shells may hit one tank.
//! - **Scores** are kills: the number of tanks a tank's shells destroyed, each shooter
//!   credited when several shells hit one tank. They lie in `0..=N-1`
//!   ([`score_bounds`](engine_core::Game::score_bounds)) and do not affect the ranking.
//! - **Tick limit** [`Config::max_ticks`], 1000 by default; ticks count from 1, and
//!   [`Tanks::destroyed_at`] names the tick a tank was destroyed in.
//! - **Bad output** (unknown text, empty output, a crash, a timeout of [`protocol::TIMEOUT_MS`])
//!   means [`Action::Idle`]; leading and trailing whitespace is ignored ([`protocol`]).
//! - **Events** come in rulebook order: one outcome per mover in seat order ([`Event::Moved`],
//!   [`Event::LostContest`], [`Event::Blocked`], [`Event::SwapCancelled`]), one
//!   [`Event::Shot`] per shooter, one [`Event::Destroyed`] per destroyed tank (crediting the
//!   lowest-seat shooter that hit it), then [`Event::Ended`]. Every action is legal for a
//!   living tank, so a step is refused only for the wrong number of actions or after the end,
//!   before anything changes.
//!
//! The engine owns no randomness: placement and contests draw from the RNG the caller passes.
//!
//! ```
//! use engine_core::{Game, PlayerId, SeedableRng};
//! use tanks::{bots, protocol, Config, Tanks};
//!
//! let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(42);
//! let mut game = Tanks::new(&Config::default(), 6, &mut rng).unwrap();
//! let mut players: Vec<_> = bots::DEFAULT_LINEUP
//!     .iter()
//!     .map(|id| bots::by_id(id).unwrap())
//!     .collect();
//! // What the first program would read on its standard input:
//! println!("{}", protocol::format_observation(&game.observe(PlayerId(0))));
//! let mut events = Vec::new();
//! while !game.to_act().is_over() {
//!     let actions: Vec<_> = game
//!         .living()
//!         .iter()
//!         .map(|&p| players[p.index()].act(&game.observe(p), &mut rng))
//!         .collect();
//!     game.step(&actions, &mut rng, &mut events).unwrap();
//! }
//! print!("{}", game.render());
//! println!("{:?} after {} ticks", game.outcome().unwrap().places(), game.turn());
//! ```
//!
//! Features: `std` (default), `serde` (derives for the config, actions, events and
//! observations). Without `std` the crate is `no_std` + `alloc`.
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

mod action;
mod board;
pub mod bots;
mod config;
mod draw;
mod event;
mod observation;
pub mod protocol;
mod rules;
mod state;

pub use action::Action;
pub use config::{Config, ConfigError, MAX_PLAYERS, MAX_SIDE};
pub use event::{EndReason, Event};
pub use observation::{Observation, TankView};
pub use state::{Tanks, seat_char};
