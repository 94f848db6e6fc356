//! Match parameters.

use alloc::vec::Vec;

/// The largest number of tanks (seats are [`PlayerId`](koth_engine_core::PlayerId)s, one byte).
pub const MAX_PLAYERS: usize = 256;

/// The largest side of the torus a config may ask for (the engine keeps one cell per square).
pub const MAX_SIDE: u16 = 1024;
/// The most ticks a match may last (it keeps one match's cost bounded).
pub const MAX_TICKS: u32 = 100_000;

/// The match parameters. `Default` is the seed's standard match: a torus whose side is the
/// number of players, seeded placement, ids equal to the seat index, 1000 ticks.
///
/// Hand-made starting squares are no part of a config: a [`Scenario`](crate::Scenario)
/// builds those positions.
///
/// ```
/// use koth_engine_core::{Game, PlayerId, SeedableRng};
/// use koth_tanks::{Config, Tanks};
///
/// // Two tanks on a 5 x 5 torus; the host knows them as 7 and 9999.
/// let config = Config {
///     side: Some(5),
///     ids: Some(vec![7, 9999]),
///     ..Config::default()
/// };
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let game = Tanks::new(&config, 2, &mut rng).unwrap();
/// assert_eq!(game.side(), 5);
/// assert_eq!(game.observe(PlayerId(1)).you, 9999);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Config {
    /// The side of the square torus; `None` means the number of players (the seed's rule).
    /// At least the number of players, at most [`MAX_SIDE`].
    pub side: Option<u16>,
    /// The host's tank ids, one per seat, all distinct (the seed uses user ids such as 9999);
    /// `None` means the seat index. The engine keeps them opaque: they appear only in the
    /// observation, which lists tanks in ascending id order.
    pub ids: Option<Vec<u32>>,
    /// The game ends after this many ticks if more than one tank still stands (1000;
    /// `1..=`[`MAX_TICKS`]).
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = MAX_TICKS)))]
    pub max_ticks: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            side: None,
            ids: None,
            max_ticks: 1000,
        }
    }
}

/// Why a config or seat count was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The number of tanks is outside `2..=256`.
    #[error("tanks takes 2 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// The side is below the number of players or above [`MAX_SIDE`].
    #[error("the side must lie in {players}..={MAX_SIDE} for {players} players, not {side}")]
    Side {
        /// The side asked for.
        side: u16,
        /// The number of players.
        players: usize,
    },
    /// A per-seat list (the ids) does not have one entry per player.
    #[error("{what} lists {got} entries for {players} players")]
    Length {
        /// `"ids"`.
        what: &'static str,
        /// Entries given.
        got: usize,
        /// The number of players.
        players: usize,
    },
    /// Two seats were given the same id.
    #[error("seats {first} and {second} share the id {id}")]
    DuplicateId {
        /// The lower seat.
        first: usize,
        /// The higher seat.
        second: usize,
        /// The id.
        id: u32,
    },
    /// `max_ticks` outside `1..=MAX_TICKS`.
    #[error("max_ticks must lie in 1..={MAX_TICKS}, not {0}")]
    Ticks(u32),
}

impl Config {
    /// The side this config gives a match of `players` tanks (before validation).
    pub fn side_for(&self, players: usize) -> u16 {
        self.side
            .unwrap_or(u16::try_from(players).unwrap_or(u16::MAX))
    }

    /// Checks the config for a match of `players` tanks.
    pub fn validate(&self, players: usize) -> Result<(), ConfigError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::Players(players));
        }
        let side = self.side_for(players);
        if (side as usize) < players || side > MAX_SIDE {
            return Err(ConfigError::Side { side, players });
        }
        if !(1..=MAX_TICKS).contains(&self.max_ticks) {
            return Err(ConfigError::Ticks(self.max_ticks));
        }
        if let Some(ids) = &self.ids {
            check_len("ids", ids.len(), players)?;
            for (seat, &id) in ids.iter().enumerate() {
                if let Some(first) = ids[..seat].iter().position(|&i| i == id) {
                    return Err(ConfigError::DuplicateId {
                        first,
                        second: seat,
                        id,
                    });
                }
            }
        }
        Ok(())
    }
}

fn check_len(what: &'static str, got: usize, players: usize) -> Result<(), ConfigError> {
    if got == players {
        Ok(())
    } else {
        Err(ConfigError::Length { what, got, players })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn refusals() {
        let c = Config::default();
        assert_eq!(c.validate(1), Err(ConfigError::Players(1)));
        assert_eq!(c.validate(257), Err(ConfigError::Players(257)));
        assert!(c.validate(2).is_ok() && c.validate(256).is_ok());
        let small = Config {
            side: Some(3),
            ..Config::default()
        };
        assert!(matches!(
            small.validate(4),
            Err(ConfigError::Side { side: 3, .. })
        ));
        let ids = Config {
            ids: Some(vec![5, 5]),
            ..Config::default()
        };
        assert!(matches!(
            ids.validate(2),
            Err(ConfigError::DuplicateId { id: 5, .. })
        ));
        let short = Config {
            ids: Some(vec![5]),
            ..Config::default()
        };
        assert!(matches!(
            short.validate(2),
            Err(ConfigError::Length { what: "ids", .. })
        ));
        let none = Config {
            max_ticks: 0,
            ..Config::default()
        };
        assert_eq!(none.validate(2), Err(ConfigError::Ticks(0)));
        let endless = Config {
            max_ticks: 1_000_000,
            ..Config::default()
        };
        assert_eq!(endless.validate(2), Err(ConfigError::Ticks(1_000_000)));
    }
}
