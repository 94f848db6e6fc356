//! Bomberman, the engineai bot contest: a continuous field on a 15 x 15 lattice. The complete
//! rules, with every decision taken where the contest left a point open, are in the
//! [`rulebook`]; in short:
//!
//! Four players, or two in a duel (circles of diameter 20), move freely on a 450 x 450 field laid out as a
//! lattice of 30-unit cells: concrete pillars on every odd/odd cell, bricks (some hiding a
//! bonus) on most other cells. Each tick every player sends a speed vector (at most 10 long)
//! and whether to drop a bomb. A bomb explodes after 50 ticks into a cross of explosion squares
//! (its own cell plus `bombs_power` cells each way, each ray stopping on the first wall), which
//! last 10 ticks, destroy bricks (12 points, revealing bonuses), set off other bombs and hit
//! players (240 points to the bomb's owner, -60 for hitting yourself; shared 1/k among the k
//! players whose bombs caused it). A hit player loses a life and is stunned for 30 ticks and
//! immune for 30 more; with no lives left it is out. Bonuses (6 points) add bomb power or
//! bombs. The game lasts 1500 ticks; the higher score ranks first.
//!
//! Two brick-breakers against two random walkers, the game `koth play bomberman --seed 7`
//! plays (every match goes through the one runner of `koth_engine_core`, feature `runner`):
//!
//! ```
//! use koth_bomberman::{Bomberman, Config};
//! use koth_engine_core::runner::{self, Options};
//! use koth_engine_core::{Contest, Game};
//!
//! let config = Config::default();
//! let ids = Bomberman::bots().lineup(Bomberman::seats(&config));
//! assert_eq!(ids, ["brick-breaker", "random", "random", "brick-breaker"]);
//! let mut seats = runner::builtin_seats::<Bomberman>(&ids).unwrap();
//! let transcript = runner::play(&config, 7, &mut seats, Options::default(), &mut ()).unwrap();
//! let game = &transcript.last;
//! assert_eq!(game.tick(), 1500);
//! println!("{}", Contest::render(game));
//! println!("{:?}", transcript.outcome.places());
//! ```
//!
//! Or step by step, with [`Game::step`](koth_engine_core::Game::step) and the bots'
//! observations:
//!
//! ```
//! use koth_bomberman::{bots::BOTS, Bomberman, Config};
//! use koth_engine_core::{Game, SeedableRng};
//!
//! let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
//! let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
//! let mut players: Vec<_> = ["brick-breaker", "random", "random", "idle"]
//!     .iter()
//!     .map(|id| BOTS.make(id).unwrap())
//!     .collect();
//! let mut events = Vec::new();
//! while !game.to_act().is_over() {
//!     let actions: Vec<_> = game
//!         .to_act()
//!         .players()
//!         .iter()
//!         .map(|&p| players[p.index()].act(&game.observe(p), &mut rng))
//!         .collect();
//!     game.step(&actions, &mut rng, &mut events).unwrap();
//! }
//! assert_eq!(game.tick(), 1500);
//! ```
//!
//! # Units
//!
//! Positions and speeds are [`Fixed`]: whole numbers of 1/256 length unit, so no float ever
//! enters the state (which is `Eq + Hash`) and a seed replays bit for bit everywhere. 256 is a
//! power of two: every value prints as a short exact decimal (`15.5`) and parses back exactly.
//! Lattice objects (walls, bombs, explosions, bonuses) always sit on cell centres and are named
//! by their cell ([`Coord`](koth_engine_core::Coord), `x` to the right, `y` down); only players move
//! freely ([`Point`]). Every constant of the rules is a field of [`Rules`] with the documented
//! default; [`Config`] is the rules plus the [`Mode`].
//!
//! # A tick
//!
//! [`Game::step`](koth_engine_core::Game::step) takes one [`Action`] per player still in the game
//! (stunned ones included; their actions are ignored) and runs the phases of [`rules`] in the
//! order of the [`rulebook`]: count down; explosions and their contacts; bonus pick-up (in a
//! freshly drawn turn order); moves; drops (in turn order); `tick += 1`. It returns [`Event`]s
//! (explosions, hits, eliminations, bricks, bonuses, score shares, drops). Every action is
//! legal, so a step is refused only after the end or with the wrong number of actions.
//!
//! # Decisions where the contest's rules were open
//!
//! (The [`rulebook`] states each of them in full.)
//!
//! - **Fixed point.** 1/256 unit. Speeds longer than `max_speed` are scaled by
//!   `max_speed / ceil(sqrt(sx² + sy²))` with truncation ([`geometry::clamp_speed`]).
//! - **Movement** is exact: the first contact along the segment is found with integer
//!   arithmetic and the player stops touching, on the grid point before it (the method is in
//!   [`geometry`]). There is no sliding along walls (a diagonal move into a wall stops at the
//!   contact), players never block each other, the field's edge is a wall, and an obstacle a
//!   player already overlaps (only in hand-built positions) does not stop it.
//! - **Drops** go to the cell containing the player's centre (a centre exactly on a cell border
//!   counts as in the right or lower cell), even onto a bonus or a lingering explosion (such a
//!   bomb explodes in the next tick's contact phase). A bomb is walkable for *every* player on
//!   the field touching it when placed, not only its owner, until each stops touching it; the
//!   sets are updated after all moves.
//! - **Turn order** is drawn once per tick, before the pick-up (the rules list the draw after
//!   it, but say contested pick-ups go to the first in this tick's order; nothing draws in
//!   between, so the game is the same), and used for contested pick-ups and contested drops.
//!   Stunned players still pick up bonuses (pick-up is automatic).
//! - **Explosions of one tick are simultaneous.** Bombs whose timeout runs out explode together,
//!   each blamed on its owner alone; then bombs touched by explosion squares explode in rounds
//!   until none is left, each blamed on its owner plus the creators of every square on its
//!   cell. All rays are traced against the walls as they stood at the start of the tick (a brick
//!   stops every ray of the tick, even a chained one's). Only when the chain has settled are
//!   players hit (once, by the union of the creators of every square touching them), bricks
//!   destroyed and bonuses removed, so nothing depends on processing order.
//! - A ray covers the wall cell that stops it, concrete included (a square on concrete touches
//!   nothing a player could be touching); the field's border is outside the lattice and gets no
//!   square. Two fresh squares on one cell are one square with the union of the creators (same
//!   place, same lifetime).
//! - A bomb's power is its owner's `bombs_power` when it explodes; the owner gets the bomb back
//!   (`bombs_left += 1`) even if it is out by then.
//! - **Hits.** Immunity starts with the stun: a hit sets `stun_duration = 30` and
//!   `immune_duration = 30 + 30`, so the observed `immune_duration` counts the stun. A stunned
//!   player neither moves nor drops. A player losing its last life is out: it leaves the field
//!   (and every `walkable_for`), no longer acts, is no longer listed among the world's players,
//!   but its bombs still explode and still score for it.
//! - **Bonuses** revealed by a blast are immune for `bonus_immunity` (11) ticks, longer than the
//!   revealing squares last (10), so they survive them; once the immunity is over, any square
//!   on their cell destroys them. A brick's contents are visible to the bots, as the seed's
//!   `Obstacle.contents` field is.
//! - **Scores.** Every share `points / k` must be whole: [`Rules::validate`] refuses wall, hit
//!   and self-hit points not divisible by `lcm(1..=players)` (12 for four players). Pick-ups are
//!   never shared. [`Game::score_bounds`](koth_engine_core::Game::score_bounds) counts every brick
//!   and bonus going to one player, every opponent's lives to its bombs and every own life to
//!   its own bombs.
//! - **The end.** The game ends after `max_ticks` (1500) ticks, not earlier when one player is
//!   left (the rules only mention the tick limit). If nobody is left on the field, the step
//!   that removed the last player plays the remaining ticks out at once (only bombs can still
//!   change anything), so the final scores are those of a full game. Ranking is by score,
//!   equal scores sharing a place.
//! - **Map.** The top-left quadrant (middle row and column included) is drawn in row-major
//!   order and mirrored in both axes: a pillar cell is concrete (a brick in fragile mode), a
//!   corner cell and its two neighbours stay empty, any other cell is a brick with probability
//!   `brick_percent` (one [`draw::chance`](koth_engine_core::draw::chance)); every brick then
//!   hides a bonus with probability `bonus_percent` (one more), power or bomb with equal odds
//!   (one [`draw::below`](koth_engine_core::draw::below)`(2)`). Seats spawn in the
//!   corners in the order top-left, top-right, bottom-left, bottom-right (a duel:
//!   top-left and bottom-right). Each mode seats a fixed number of players.
//! - **Bots** see everything: the player's record and the world (other players' records, every
//!   wall with its contents, bombs with their owners, timeouts and `walkable_for`, explosions
//!   with their creators, bonuses, the rules).
//!
//! # Bots and the process protocol
//!
//! [`bots::BOTS`] lists the built-in bots (`idle`, `random`, `brick-breaker`, `mcts`). External
//! programs speak the JSON line protocol of [`protocol`]: one [`protocol::observation_json`]
//! line in per tick, one `{"speedX": f, "speedY": f, "drop": bool}` line out, read by
//! [`protocol::parse_action`]. A complete bot in a few lines of Python is
//! `examples/example_bot.py`; `examples/series.rs` plays a series of built-in games.
//!
//! [`Bomberman`] implements [`Contest`](koth_engine_core::Contest), the game's description
//! for runners such as the `koth` binary: the name `bomberman`, the seats of the config's mode
//! (4, or 2 in a duel), [`bots::BOTS`], the protocol (one long-running process per player,
//! 2 s per tick, 2 min per game, 256 MiB; per-seat state in [`ProgramLink`]), standing still
//! ([`Action::IDLE`]) for a failed answer, the report's [`Stats`], and a rendering every 100
//! ticks.
//!
//! # Hand-made positions
//!
//! [`Scenario`] builds positions by hand (for rule tests and tools), checked so that the
//! engine's invariants hold.
//!
//! Features: `std` (default; nothing in the rules needs it: with it, a tick's protocol lines
//! share one encoding of the world, see [`protocol`]), `serde` (derives for the config,
//! actions, events, observations and objects; fixed-point values serialise as raw integers).
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod action;
pub mod bots;
mod config;
mod contest;
mod event;
mod fixed;
pub mod geometry;
pub mod learn;
mod map;
mod objects;
mod observation;
pub mod protocol;
pub mod rules;

/// The complete rules this crate implements.
pub mod rulebook {
    #![doc = include_str!("../RULES.md")]
}
mod scenario;
mod state;

pub use action::Action;
pub use config::{Config, ConfigError, Mode, Rules};
pub use contest::{ProgramLink, Stats};
pub use event::{Event, ScoreReason};
pub use fixed::{Fixed, Point};
pub use objects::{Bomb, Bonus, BonusKind, Explosion, Player, PlayerSet, PlayerStats, Tile};
pub use observation::{Observation, World};
pub use scenario::{Scenario, ScenarioError};
pub use state::Bomberman;

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
