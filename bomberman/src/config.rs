//! Game parameters: the seed's `Rules` constants and the mode.

use core::fmt;

/// The game mode (the contest site's modes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mode {
    /// Four players, one per corner, concrete pillars at every odd/odd cell.
    #[default]
    Standard,
    /// Two players in opposite corners (top-left and bottom-right), standard map.
    Duel,
    /// Four players; every inside concrete pillar is a brick instead.
    Fragile,
}

impl Mode {
    /// Every mode, in listing order.
    pub const ALL: [Mode; 3] = [Mode::Standard, Mode::Duel, Mode::Fragile];

    /// The number of players the mode seats.
    pub const fn players(self) -> usize {
        match self {
            Mode::Standard | Mode::Fragile => 4,
            Mode::Duel => 2,
        }
    }

    /// The mode's name (`standard`, `duel`, `fragile`).
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Standard => "standard",
            Mode::Duel => "duel",
            Mode::Fragile => "fragile",
        }
    }

    /// The mode of a name, as [`Mode::name`] writes it.
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every constant of the rules (the seed's `Rules` class). `Default` is the contest's standard
/// rules (see the [`rulebook`](crate::rulebook)).
///
/// Sizes are whole length units; durations are ticks. Circles are sized by their diameter,
/// squares by their side, as in the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Rules {
    /// Cells per side of the square lattice (15); odd, so the map has a middle row and column.
    pub cells: u32,
    /// Side of a cell and of a wall (30); the field is `cells * cell_size` (450) wide.
    pub cell_size: u32,
    /// Diameter of a player (20).
    pub player_size: u32,
    /// Diameter of a bomb (28).
    pub bomb_size: u32,
    /// Side of an explosion square (28).
    pub explosion_size: u32,
    /// Side of a bonus square (28).
    pub bonus_size: u32,
    /// Longest speed vector, in units per tick (10): `World.PLAYER_MAX_SPEED`.
    pub max_speed: u32,
    /// Lives at the start (3).
    pub lives: u32,
    /// Bomb power at the start: cells a ray reaches beyond the bomb's own (1).
    pub bombs_power: u32,
    /// Bombs a player may have on the field at once, at the start (1).
    pub bombs_count: u32,
    /// Ticks from placing a bomb to its explosion (50).
    pub bomb_timeout: u32,
    /// Ticks an explosion square stays (10).
    pub explosion_duration: u32,
    /// Ticks a revealed bonus cannot be destroyed (11).
    pub bonus_immunity: u32,
    /// Ticks a hit player is stunned: no moves, no drops (30).
    pub stun_duration: u32,
    /// Ticks a hit player stays immune after its stun ends (30); it is immune during the stun
    /// too.
    pub immune_duration: u32,
    /// Ticks in a game (1500).
    pub max_ticks: u32,
    /// Chance in percent that a free map cell holds a brick (70).
    pub brick_percent: u32,
    /// Chance in percent that a brick hides a bonus (30), power or bomb with equal odds.
    pub bonus_percent: u32,
    /// Points for destroying a brick (12), shared by its blast's creators.
    pub wall_points: i32,
    /// Points for hitting an opponent (240), shared by the blast's creators.
    pub hit_points: i32,
    /// Points for hitting yourself (-60), divided by the number of the blast's creators.
    pub self_hit_points: i32,
    /// Points for picking up a bonus (6).
    pub bonus_points: i32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            cells: 15,
            cell_size: 30,
            player_size: 20,
            bomb_size: 28,
            explosion_size: 28,
            bonus_size: 28,
            max_speed: 10,
            lives: 3,
            bombs_power: 1,
            bombs_count: 1,
            bomb_timeout: 50,
            explosion_duration: 10,
            bonus_immunity: 11,
            stun_duration: 30,
            immune_duration: 30,
            max_ticks: 1500,
            brick_percent: 70,
            bonus_percent: 30,
            wall_points: 12,
            hit_points: 240,
            self_hit_points: -60,
            bonus_points: 6,
        }
    }
}

impl Rules {
    /// The side of the field in units (`cells * cell_size`, 450).
    pub const fn field_size(&self) -> u32 {
        self.cells * self.cell_size
    }

    /// Checks every constant against its supported range for a game of `players` players.
    pub fn validate(&self, players: usize) -> Result<(), ConfigError> {
        let range = |field: &'static str, value: i64, min: i64, max: i64| {
            if (min..=max).contains(&value) {
                Ok(())
            } else {
                Err(ConfigError::OutOfRange {
                    field,
                    value,
                    min,
                    max,
                })
            }
        };
        range("cells", self.cells.into(), 5, 31)?;
        if self.cells % 2 == 0 {
            return Err(ConfigError::EvenCells(self.cells));
        }
        let cell = i64::from(self.cell_size);
        range("cell_size", cell, 4, 100)?;
        // A player fits a corridor; lattice objects in different cells never touch each other
        // (an explosion square is smaller than a cell), so contacts between them are per cell.
        range("player_size", self.player_size.into(), 1, cell - 1)?;
        range("bomb_size", self.bomb_size.into(), 1, cell)?;
        range("explosion_size", self.explosion_size.into(), 1, cell - 1)?;
        range("bonus_size", self.bonus_size.into(), 1, cell)?;
        range("max_speed", self.max_speed.into(), 0, cell)?;
        range("lives", self.lives.into(), 1, 100)?;
        range("bombs_power", self.bombs_power.into(), 1, 100)?;
        range("bombs_count", self.bombs_count.into(), 0, 100)?;
        range("bomb_timeout", self.bomb_timeout.into(), 1, 10_000)?;
        range(
            "explosion_duration",
            self.explosion_duration.into(),
            1,
            10_000,
        )?;
        range("bonus_immunity", self.bonus_immunity.into(), 0, 10_000)?;
        range("stun_duration", self.stun_duration.into(), 0, 10_000)?;
        range("immune_duration", self.immune_duration.into(), 0, 10_000)?;
        range("max_ticks", self.max_ticks.into(), 1, 1_000_000)?;
        range("brick_percent", self.brick_percent.into(), 0, 100)?;
        range("bonus_percent", self.bonus_percent.into(), 0, 100)?;
        const POINTS: i64 = 1_000_000;
        range("bonus_points", self.bonus_points.into(), -POINTS, POINTS)?;
        // Points shared by k of the players must split into whole shares for every k.
        let lcm = (1..=players.max(1) as i64).fold(1, |l, k| l * k / gcd(l, k));
        for (field, value) in [
            ("wall_points", self.wall_points),
            ("hit_points", self.hit_points),
            ("self_hit_points", self.self_hit_points),
        ] {
            range(field, value.into(), -POINTS, POINTS)?;
            if i64::from(value) % lcm != 0 {
                return Err(ConfigError::IndivisiblePoints {
                    field,
                    value,
                    players,
                });
            }
        }
        Ok(())
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The game parameters: the mode and the rules' constants. `Default` is a standard game with
/// the contest's rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Config {
    /// Standard, duel or fragile.
    pub mode: Mode,
    /// The constants.
    pub rules: Rules,
}

impl Config {
    /// The default rules in `mode`.
    pub fn mode(mode: Mode) -> Config {
        Config {
            mode,
            rules: Rules::default(),
        }
    }

    /// Checks the config for a game of `players` players.
    pub fn validate(&self, players: usize) -> Result<(), ConfigError> {
        let expected = self.mode.players();
        if players != expected {
            return Err(ConfigError::Players {
                mode: self.mode,
                expected,
                got: players,
            });
        }
        self.rules.validate(players)
    }
}

/// Why a config or seat count was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The mode seats a fixed number of players.
    #[error("{mode} mode takes exactly {expected} players, not {got}")]
    Players {
        /// The mode.
        mode: Mode,
        /// Its number of players.
        expected: usize,
        /// The number asked for.
        got: usize,
    },
    /// A constant is outside its supported range.
    #[error("{field} = {value} is outside the supported range {min}..={max}")]
    OutOfRange {
        /// The `Rules` field.
        field: &'static str,
        /// Its value.
        value: i64,
        /// The least supported value.
        min: i64,
        /// The greatest supported value.
        max: i64,
    },
    /// The lattice needs an odd number of cells per side.
    #[error("the lattice needs an odd number of cells per side, not {0}")]
    EvenCells(u32),
    /// Shared points would not split into whole shares.
    #[error("{field} = {value} does not split into whole shares among 1..={players} players")]
    IndivisiblePoints {
        /// The `Rules` field.
        field: &'static str,
        /// Its value.
        value: i32,
        /// The number of players.
        players: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_for_every_mode() {
        for mode in Mode::ALL {
            Config::mode(mode).validate(mode.players()).unwrap();
            assert_eq!(Mode::from_name(mode.name()), Some(mode));
        }
        assert_eq!(Rules::default().field_size(), 450);
    }

    #[test]
    fn bad_configs_are_refused() {
        assert!(matches!(
            Config::default().validate(2),
            Err(ConfigError::Players { expected: 4, .. })
        ));
        let bad = |rules: Rules| {
            Config {
                mode: Mode::Duel,
                rules,
            }
            .validate(2)
        };
        assert_eq!(
            bad(Rules {
                cells: 14,
                ..Rules::default()
            }),
            Err(ConfigError::EvenCells(14))
        );
        assert!(matches!(
            bad(Rules {
                explosion_size: 30,
                ..Rules::default()
            }),
            Err(ConfigError::OutOfRange {
                field: "explosion_size",
                ..
            })
        ));
        assert!(matches!(
            Config {
                rules: Rules {
                    wall_points: 10,
                    ..Rules::default()
                },
                ..Config::default()
            }
            .validate(4),
            Err(ConfigError::IndivisiblePoints { .. })
        ));
        // Two players only need even shares.
        bad(Rules {
            wall_points: 10,
            ..Rules::default()
        })
        .unwrap();
    }
}
