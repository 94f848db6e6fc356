//! Hand-built seas, for rule tests and tools.

use alloc::vec;
use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4, PlayerId, RngCore};

use crate::ship::{Ship, cell_of};
use crate::state::Cell;
use crate::{Config, ConfigError, Naval, Profile, ShipClass};

/// A ship's position: the head cell and the direction it faces (the hull extends behind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Start {
    /// The head cell.
    pub head: Coord,
    /// The direction the ship faces.
    pub dir: Dir4,
}

impl Start {
    /// Head at `(x, y)` facing `dir`.
    pub const fn new(x: i32, y: i32, dir: Dir4) -> Start {
        Start {
            head: Coord::new(x, y),
            dir,
        }
    }
}

/// A builder of hand-built seas: for rule tests, puzzles and tools, not for play (games start
/// with [`Game::new`](koth_engine_core::Game::new), which places every ship at random on an
/// empty sea).
///
/// [`Scenario::new`] starts from an empty sea where no seat has a ship; [`Scenario::ship`]
/// gives a seat a ship of a class at a fixed start. [`Scenario::from_config`] starts from a
/// config's classes instead (every ship at a random start unless [`Scenario::start`] fixes
/// it). Mines and wrecks can lie on the sea from the start. [`Scenario::build`] checks the
/// sea, places the ships without a fixed start at random (in seat order, as
/// [`Game::new`](koth_engine_core::Game::new) does), then shuffles round 1's order, both with
/// the RNG it is given.
///
/// ```
/// use koth_engine_core::{Dir4, Game, PlayerId, SeedableRng};
/// use koth_naval::{Coord, Event, Scenario, ShipClass, Start};
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
/// let mut game = Scenario::new(2)
///     .ship(0, ShipClass::Destroyer, Start::new(5, 5, Dir4::Up))
///     .ship(1, ShipClass::Cruiser, Start::new(20, 20, Dir4::Left))
///     .mine(Coord::new(5, 4))
///     .build(&mut rng)
///     .unwrap();
/// // Whoever acts first waits until P0 drives onto the mine.
/// let mut events = Vec::new();
/// if game.to_act().players() != [PlayerId(0)] {
///     game.step(&["W".parse().unwrap()], &mut rng, &mut events).unwrap();
/// }
/// events.clear();
/// game.step(&["M".parse().unwrap()], &mut rng, &mut events).unwrap();
/// assert!(events.iter().any(|e| matches!(e, Event::MineExploded { .. })));
/// assert_eq!(game.ship(PlayerId(0)).unwrap().hull().to_string(), "00");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    config: Config,
    players: usize,
    starts: Vec<Option<Start>>,
    mines: Vec<Coord>,
    wrecks: Vec<Coord>,
    orders: Vec<Vec<usize>>,
}

impl Scenario {
    /// An empty sea of `players` seats (so `30 + players` on a side), no seat with a ship yet,
    /// and the default number of rounds.
    pub fn new(players: usize) -> Scenario {
        Scenario::from_config(
            Config {
                classes: vec![None; players],
                ..Config::default()
            },
            players,
        )
    }

    /// A sea of `players` seats with `config`'s classes, every ship at a random start.
    pub fn from_config(config: Config, players: usize) -> Scenario {
        Scenario {
            config,
            players,
            starts: Vec::new(),
            mines: Vec::new(),
            wrecks: Vec::new(),
            orders: Vec::new(),
        }
    }

    /// Gives `seat` a ship of `class` at `start`.
    pub fn ship(self, seat: usize, class: ShipClass, start: Start) -> Scenario {
        self.class(seat, Some(class)).start(seat, start)
    }

    /// Sets the class of `seat` (`None`: no ship), keeping its start if one was fixed.
    pub fn class(mut self, seat: usize, class: Option<ShipClass>) -> Scenario {
        self.config.set_class(seat, class);
        self
    }

    /// Fixes the start of `seat` (ignored if the seat gets no ship).
    pub fn start(mut self, seat: usize, start: Start) -> Scenario {
        if self.starts.len() <= seat {
            self.starts.resize(seat + 1, None);
        }
        self.starts[seat] = Some(start);
        self
    }

    /// Puts a mine on `cell`.
    pub fn mine(mut self, cell: Coord) -> Scenario {
        self.mines.push(cell);
        self
    }

    /// Puts a wreck on `cell`.
    pub fn wreck(mut self, cell: Coord) -> Scenario {
        self.wrecks.push(cell);
        self
    }

    /// Sets the number of rounds.
    pub fn rounds(mut self, rounds: u32) -> Scenario {
        self.config.rounds = rounds;
        self
    }

    /// Sets the behaviour the game follows (the rules, or the 2017 controller's).
    pub fn profile(mut self, profile: Profile) -> Scenario {
        self.config.profile = profile;
        self
    }

    /// Gives the next round's turn order (the first call round 1's, and so on), in place of
    /// the shuffle: every seat with a ship exactly once. When its round starts, the ships
    /// afloat take their turns in this order. Rounds past the last given order are shuffled
    /// as usual. This is how a recorded game is replayed: its start positions come from
    /// [`Scenario::ship`], its orders from here.
    pub fn round_order(mut self, seats: &[usize]) -> Scenario {
        self.orders.push(seats.to_vec());
        self
    }

    /// The config the game is built from (the classes as set so far).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Checks the sea and builds the game: wrecks, then mines, then the ships with a fixed
    /// start, then random starts for the other ships (drawn from `rng` in seat order), then
    /// round 1's order (shuffled with `rng`).
    pub fn build<R: RngCore + ?Sized>(&self, rng: &mut R) -> Result<Naval, ScenarioError> {
        let mut game = Naval::empty(&self.config, self.players)?;
        if self.starts.len() > self.players {
            return Err(ScenarioError::Seat {
                seat: self.starts.len() - 1,
                players: self.players,
            });
        }
        let side = game.side();
        for &cell in &self.wrecks {
            let at = game.cells.get_mut(cell).ok_or(ScenarioError::OffGrid {
                what: "wreck",
                cell,
                side,
            })?;
            *at = Cell::Wreck;
        }
        for &cell in &self.mines {
            let at = game.cells.get_mut(cell).ok_or(ScenarioError::OffGrid {
                what: "mine",
                cell,
                side,
            })?;
            if *at == Cell::Wreck {
                return Err(ScenarioError::MineOnWreck(cell));
            }
            *at = Cell::Mine;
        }
        for (seat, start) in self.starts.iter().enumerate() {
            let (Some(class), Some(start)) = (self.config.class_of(seat), *start) else {
                continue;
            };
            for i in 0..class.length() as usize {
                let cell = cell_of(start.head, start.dir, i);
                match game.cell(cell) {
                    None => return Err(ScenarioError::StartOffGrid { seat, cell, side }),
                    Some(Cell::Water) => {}
                    Some(_) => return Err(ScenarioError::StartBlocked { seat, cell }),
                }
            }
            game.launch(seat, Ship::new(class, start.head, start.dir));
        }
        let ships: Vec<usize> = (0..self.players)
            .filter(|&seat| self.config.class_of(seat).is_some())
            .collect();
        for (round, order) in self.orders.iter().enumerate() {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            if sorted != ships {
                return Err(ScenarioError::RoundOrder {
                    round: round as u32 + 1,
                    order: order.clone(),
                    ships,
                });
            }
        }
        game.script = self
            .orders
            .iter()
            .map(|o| o.iter().map(|&s| PlayerId(s as u8)).collect())
            .collect();
        game.place_random(&self.config, rng)?;
        game.begin(rng);
        Ok(game)
    }
}

/// Why a hand-built sea was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScenarioError {
    /// The config refused the number of players (or a random start found no room).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A start was fixed for a seat that does not exist.
    #[error("seat {seat} does not exist among {players} players")]
    Seat {
        /// The seat.
        seat: usize,
        /// The number of players.
        players: usize,
    },
    /// A fixed start puts a hull cell off the grid.
    #[error("the start of seat {seat} puts hull cell {cell} off the {side} x {side} grid")]
    StartOffGrid {
        /// The seat.
        seat: usize,
        /// The offending cell.
        cell: Coord,
        /// The grid side.
        side: u16,
    },
    /// A fixed start puts a hull cell on a cell that is not water.
    #[error("the start of seat {seat} puts hull cell {cell} on a ship, mine or wreck")]
    StartBlocked {
        /// The seat.
        seat: usize,
        /// The offending cell.
        cell: Coord,
    },
    /// A mine or wreck lies off the grid.
    #[error("a {what} at {cell} lies off the {side} x {side} grid")]
    OffGrid {
        /// `"mine"` or `"wreck"`.
        what: &'static str,
        /// The cell.
        cell: Coord,
        /// The grid side.
        side: u16,
    },
    /// A mine lies on a wreck.
    #[error("a mine and a wreck share cell {0}")]
    MineOnWreck(Coord),
    /// A round order does not list every seat with a ship exactly once.
    #[error("the order of round {round}, {order:?}, is not an order of the ships {ships:?}")]
    RoundOrder {
        /// The round, 1-based.
        round: u32,
        /// The order given.
        order: Vec<usize>,
        /// The seats with a ship.
        ships: Vec<usize>,
    },
}
