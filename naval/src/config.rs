//! Game parameters.

use alloc::vec::Vec;

use crate::ShipClass;

/// The fewest players a game seats.
pub const MIN_PLAYERS: usize = 2;
/// The most players a game seats (the grid is then 130 x 130).
pub const MAX_PLAYERS: usize = 100;
/// The most rounds a game may last (it keeps one game's cost bounded).
pub const MAX_ROUNDS: u32 = 10_000;

/// The game parameters. `Default` is the seed's standard game with the default classes.
///
/// `classes` may be shorter than the number of players (a seat without an entry gets
/// [`ShipClass::default_for_seat`]), not longer. Hand-built seas (fixed starts, mines and
/// wrecks at the start) are made with a [`Scenario`](crate::Scenario).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Config {
    /// Each seat's class; `None` means the program's class choice was bad: no ship, no turns,
    /// score 0. Seats past the end get [`ShipClass::default_for_seat`].
    pub classes: Vec<Option<ShipClass>>,
    /// Rounds before the game ends (100; `1..=`[`MAX_ROUNDS`]).
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = MAX_ROUNDS)))]
    pub rounds: u32,
    /// Which behaviour the engine follows: the rules of record ([`Profile::Rules`], the
    /// default) or the 2017 contest controller's ([`Profile::Hitmaster2017`]). A config
    /// without it (as every config before it) plays the rules.
    pub profile: Profile,
}

/// The behaviour a game follows.
///
/// The contest ran on a Java controller whose behaviour differs from its published rules in a
/// dozen ways. koth plays the rules by default; the `hitmaster2017` profile plays what the
/// controller did, so that 2017 entries and results can be reproduced. Every difference is
/// listed in the [`rulebook`](crate::rulebook), "The 2017 controller's profile".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Profile {
    /// The rules of record (the default).
    #[default]
    Rules,
    /// The 2017 controller (Thrax37/hit-master at `14e6f42`), quirks included.
    Hitmaster2017,
}

impl Profile {
    /// The profile's name, as `--profile` and the config's `profile` field spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Rules => "rules",
            Profile::Hitmaster2017 => "hitmaster2017",
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            classes: Vec::new(),
            rounds: 100,
            profile: Profile::Rules,
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

    /// The grid side for `players` players: `30 + players`.
    pub const fn side(players: usize) -> u16 {
        30 + players as u16
    }

    /// Checks the config for `players` seats (the one error left for
    /// [`Naval::new`](koth_engine_core::Game::new) is [`ConfigError::NoRoom`]).
    pub fn validate(&self, players: usize) -> Result<(), ConfigError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::Players(players));
        }
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(ConfigError::Rounds(self.rounds));
        }
        let len = self.classes.len();
        if len > players {
            return Err(ConfigError::TooManyEntries {
                field: "classes",
                len,
                players,
            });
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
    /// `rounds` outside `1..=MAX_ROUNDS`.
    #[error("rounds must lie in 1..={MAX_ROUNDS}, not {0}")]
    Rounds(u32),
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
    /// No free room was left for a random start.
    #[error("no free room for the ship of seat {0}")]
    NoRoom(usize),
    /// [`NavalOrders`](crate::NavalOrders) plays the rules of record; the `hitmaster2017`
    /// profile's turns only exist as whole strings.
    #[error("one order at a time plays the rules of record, not the hitmaster2017 profile")]
    WholeTurnsOnly,
}
