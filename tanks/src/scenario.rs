//! Hand-made positions, for rule tests, puzzles and tools.

use alloc::vec::Vec;

use koth_engine_core::{Coord, PlayerId};

use crate::{Config, ConfigError, Tanks};

/// A builder of hand-made positions: for rule tests, puzzles and tools, not for play (matches
/// start with [`Game::new`](koth_engine_core::Game::new), which draws the starting squares).
///
/// [`Scenario::new`] starts from a config and no tank; each [`Scenario::tank`] adds the next
/// seat on the square it names (x right, y **up**). Unlike a drawn placement, hand-made
/// squares may share rows and columns. [`Scenario::build`] checks the config for that many
/// tanks and that every square is on the torus and taken once, and gives tick 0 of the
/// match.
///
/// ```
/// use koth_engine_core::{Coord, Dir4, Game, PlayerId, SeedableRng};
/// use koth_tanks::{Action, Config, Event, Scenario};
///
/// // Tank 0 fires right along row 0 of a 5 x 5 torus and destroys tank 1.
/// let mut game = Scenario::new(Config { side: Some(5), ..Config::default() })
///     .tank(Coord::new(0, 0))
///     .tank(Coord::new(3, 0))
///     .tank(Coord::new(3, 3))
///     .build()
///     .unwrap();
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
/// let mut events = Vec::new();
/// let actions = [Action::Shoot(Dir4::Right), Action::Idle, Action::Idle];
/// game.step(&actions, &mut rng, &mut events).unwrap();
/// assert!(events.contains(&Event::Destroyed { tank: PlayerId(1), by: PlayerId(0) }));
/// assert_eq!(game.living(), &[PlayerId(0), PlayerId(2)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scenario {
    config: Config,
    squares: Vec<Coord>,
}

impl Scenario {
    /// A position of `config` without tanks yet.
    pub fn new(config: Config) -> Scenario {
        Scenario {
            config,
            squares: Vec::new(),
        }
    }

    /// A position on a `side` x `side` torus with the default config otherwise.
    pub fn torus(side: u16) -> Scenario {
        Scenario::new(Config {
            side: Some(side),
            ..Config::default()
        })
    }

    /// Adds the next seat's tank on square `at`.
    pub fn tank(mut self, at: Coord) -> Scenario {
        self.squares.push(at);
        self
    }

    /// Adds one tank per square, in seat order.
    pub fn tanks(mut self, squares: impl IntoIterator<Item = Coord>) -> Scenario {
        self.squares.extend(squares);
        self
    }

    /// The config the position is built from.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Checks the position and builds the game state.
    pub fn build(self) -> Result<Tanks, ScenarioError> {
        let players = self.squares.len();
        self.config.validate(players)?;
        let side = self.config.side_for(players);
        for (i, &at) in self.squares.iter().enumerate() {
            let seat = PlayerId(i as u8);
            if !(0..i32::from(side)).contains(&at.x) || !(0..i32::from(side)).contains(&at.y) {
                return Err(ScenarioError::OffBoard { seat, at, side });
            }
            if let Some(first) = self.squares[..i].iter().position(|&c| c == at) {
                return Err(ScenarioError::SharedSquare {
                    first: PlayerId(first as u8),
                    second: seat,
                    at,
                });
            }
        }
        Ok(Tanks::placed(&self.config, self.squares))
    }
}

/// Why a hand-made position was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScenarioError {
    /// The config refuses this many tanks.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A tank lies off the torus.
    #[error("the tank of {seat} at {at} lies off the {side} x {side} torus")]
    OffBoard {
        /// The seat.
        seat: PlayerId,
        /// Its square.
        at: Coord,
        /// The side of the torus.
        side: u16,
    },
    /// Two tanks were put on the same square.
    #[error("{first} and {second} both stand on {at}")]
    SharedSquare {
        /// The lower seat.
        first: PlayerId,
        /// The higher seat.
        second: PlayerId,
        /// The square.
        at: Coord,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals() {
        let off = Scenario::torus(2)
            .tank(Coord::new(0, 0))
            .tank(Coord::new(0, 2))
            .build();
        assert!(matches!(
            off,
            Err(ScenarioError::OffBoard {
                seat: PlayerId(1),
                ..
            })
        ));
        let shared = Scenario::torus(3)
            .tanks([Coord::new(1, 1), Coord::new(1, 1)])
            .build();
        assert!(matches!(shared, Err(ScenarioError::SharedSquare { .. })));
        let lonely = Scenario::torus(3).tank(Coord::new(1, 1)).build();
        assert_eq!(
            lonely.err(),
            Some(ScenarioError::Config(ConfigError::Players(1)))
        );
        let crowded = Scenario::torus(2)
            .tanks([Coord::new(0, 0), Coord::new(1, 0), Coord::new(1, 1)])
            .build();
        assert!(matches!(
            crowded,
            Err(ScenarioError::Config(ConfigError::Side { .. }))
        ));
    }
}
