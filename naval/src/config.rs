//! Game parameters.

use alloc::vec::Vec;

use engine_core::{Coord, Dir4};

use crate::ShipClass;

/// The fewest players a game seats.
pub const MIN_PLAYERS: usize = 2;
/// The most players a game seats (the grid is then 130 x 130).
pub const MAX_PLAYERS: usize = 100;

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

/// The game parameters. `Default` is the seed's standard game with the default classes.
///
/// The per-seat vectors may be shorter than the number of players: a seat without an entry
/// gets the default (`classes`: [`ShipClass::default_for_seat`]; `starts`: a random start).
/// They may not be longer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Config {
    /// Each seat's class; `None` means the program's class choice was bad: no ship, no turns,
    /// score 0. Seats past the end get [`ShipClass::default_for_seat`].
    pub classes: Vec<Option<ShipClass>>,
    /// Rounds before the game ends (100).
    pub rounds: u32,
    /// Fixed start positions per seat for hand-built seas; `None` (or a seat past the end)
    /// starts at random. A start given for a seat without a ship is ignored.
    pub starts: Vec<Option<Start>>,
    /// Mines on the sea at the start (for hand-built seas; the seed starts with none).
    pub mines: Vec<Coord>,
    /// Wreck cells on the sea at the start (for hand-built seas; the seed starts with none).
    pub wrecks: Vec<Coord>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            classes: Vec::new(),
            rounds: 100,
            starts: Vec::new(),
            mines: Vec::new(),
            wrecks: Vec::new(),
        }
    }
}

impl Config {
    /// The class of `seat` (its entry, or the default for a seat past the end).
    pub fn class_of(&self, seat: usize) -> Option<ShipClass> {
        match self.classes.get(seat) {
            Some(c) => *c,
            None => Some(ShipClass::default_for_seat(seat)),
        }
    }

    /// Sets the class of `seat` (growing `classes` with the defaults of the seats before it).
    pub fn set_class(&mut self, seat: usize, class: Option<ShipClass>) {
        while self.classes.len() <= seat {
            let i = self.classes.len();
            self.classes.push(Some(ShipClass::default_for_seat(i)));
        }
        self.classes[seat] = class;
    }

    /// The fixed start of `seat`, if any.
    pub fn start_of(&self, seat: usize) -> Option<Start> {
        self.starts.get(seat).copied().flatten()
    }

    /// Sets the fixed start of `seat` (growing `starts` with `None`).
    pub fn set_start(&mut self, seat: usize, start: Option<Start>) {
        if self.starts.len() <= seat {
            self.starts.resize(seat + 1, None);
        }
        self.starts[seat] = start;
    }

    /// The grid side for `players` players: `30 + players`.
    pub const fn side(players: usize) -> u16 {
        30 + players as u16
    }

    /// Checks what can be checked without placing ships (placement errors come from
    /// [`Naval::new`](engine_core::Game::new)).
    pub fn validate(&self, players: usize) -> Result<(), ConfigError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::Players(players));
        }
        if self.rounds == 0 {
            return Err(ConfigError::NoRounds);
        }
        for (field, len) in [
            ("classes", self.classes.len()),
            ("starts", self.starts.len()),
        ] {
            if len > players {
                return Err(ConfigError::TooManyEntries {
                    field,
                    len,
                    players,
                });
            }
        }
        Ok(())
    }
}

/// Why a config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The seat count is outside `MIN_PLAYERS..=MAX_PLAYERS`.
    #[error("naval seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// `rounds` is 0.
    #[error("a game needs at least one round")]
    NoRounds,
    /// A per-seat vector is longer than the number of players.
    #[error("`{field}` has {len} entries for {players} players")]
    TooManyEntries {
        /// The config field.
        field: &'static str,
        /// Its length.
        len: usize,
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
    /// No free room was left for a random start.
    #[error("no free room for the ship of seat {0}")]
    NoRoom(usize),
}
