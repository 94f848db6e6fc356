//! Match parameters.

/// The most turns a match may last: a turn's cost grows with the turn number (every program
/// is given the whole history), so this keeps one match's cost bounded.
pub const MAX_TURNS: u32 = 10_000;

/// The match parameters. `Default` is the seed's standard match.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Config {
    /// Starting health of each samurai (20).
    pub health: i32,
    /// Starting honour of each samurai (1).
    pub honour: i32,
    /// Turns before the gods grow bored and the match is a draw (500; `1..=`[`MAX_TURNS`]).
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = MAX_TURNS)))]
    pub max_turns: u32,
    /// Honour at the start of a turn from which strikes use the Sword of the Gods (7).
    pub god_sword_honour: i32,
    /// Damage of a normal sword strike (1).
    pub damage: i32,
    /// Damage of a Sword of the Gods strike (2).
    pub god_damage: i32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            health: 20,
            honour: 1,
            max_turns: 500,
            god_sword_honour: 7,
            damage: 1,
            god_damage: 2,
        }
    }
}

/// Why a config or seat count was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The duel takes exactly two players.
    #[error("samurai is a duel: it takes exactly 2 players, not {0}")]
    Players(usize),
    /// Starting health must be positive.
    #[error("starting health must be at least 1, not {0}")]
    Health(i32),
    /// Starting honour must not be negative (the gods would strike before the first turn).
    #[error("starting honour must be at least 0, not {0}")]
    Honour(i32),
    /// `max_turns` outside `1..=MAX_TURNS`.
    #[error("max_turns must lie in 1..={MAX_TURNS}, not {0}")]
    Turns(u32),
    /// Damage must be positive and small enough that scores stay bounded.
    #[error("damage values must lie in 1..=1000, not {0}")]
    Damage(i32),
    /// Values so large that the arithmetic could overflow.
    #[error("{0} is out of the supported range (up to 1_000_000)")]
    TooLarge(i64),
}

impl Config {
    /// Checks the config for a match of `players` samurai.
    pub fn validate(&self, players: usize) -> Result<(), ConfigError> {
        const LIMIT: i64 = 1_000_000;
        if players != 2 {
            return Err(ConfigError::Players(players));
        }
        if self.health < 1 {
            return Err(ConfigError::Health(self.health));
        }
        if self.honour < 0 {
            return Err(ConfigError::Honour(self.honour));
        }
        if !(1..=MAX_TURNS).contains(&self.max_turns) {
            return Err(ConfigError::Turns(self.max_turns));
        }
        for d in [self.damage, self.god_damage] {
            if !(1..=1000).contains(&d) {
                return Err(ConfigError::Damage(d));
            }
        }
        for v in [
            self.health as i64,
            self.honour as i64,
            self.max_turns as i64,
            self.god_sword_honour as i64,
        ] {
            if v.abs() > LIMIT {
                return Err(ConfigError::TooLarge(v));
            }
        }
        Ok(())
    }
}
