//! Hand-made positions, for rule tests, puzzles and tools.

use alloc::vec::Vec;

use koth_engine_core::{Game, PlayerId};

use crate::{Action, Battleship, Cell, Config, ConfigError, Placement, PlacementError};

/// A builder of hand-made positions: the fleets and the shots fired so far, without asking
/// any bot (games start with [`Game::new`]).
///
/// [`Scenario::build`] plays the given placements and shots through the rules, in the order
/// a match would (player 1's fleet, player 2's fleet, then shots alternating from player 1),
/// so every result is the one the rules give and the engine's invariants hold. It refuses
/// what no match can reach: settings the engine refuses, a fleet that breaks the rules (a
/// match would be over), player 2's fleet without player 1's, shots before both fleets are
/// placed, shot counts that do not alternate, a shot off the grid, or a shot after the match
/// ended.
///
/// ```
/// use koth_engine_core::{Game, PlayerId, SeedableRng, ToAct};
/// use koth_http_battleship::{Action, Config, Event, Scenario, ShotResult};
///
/// let config = Config { width: 4, height: 4, ships: [0, 1, 0, 0, 0, 0], shot_limit: None };
/// let mut game = Scenario::new(config)
///     .fleet(PlayerId(0), ["0,0-1,0"])
///     .fleet(PlayerId(1), ["3,3-3,2"])
///     .shots(PlayerId(0), &[(3, 3), (0, 1)])
///     .shots(PlayerId(1), &[(2, 2)])
///     .build()
///     .unwrap();
/// assert_eq!(game.to_act(), ToAct::One(PlayerId(1)));
/// assert_eq!(game.shots(PlayerId(0))[0].result, ShotResult::Hit);
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
/// let mut events = Vec::new();
/// game.step(&[Action::Shoot { x: 1, y: 0 }], &mut rng, &mut events).unwrap();
/// game.step(&[Action::Shoot { x: 3, y: 2 }], &mut rng, &mut events).unwrap();
/// assert_eq!(game.end().and_then(|e| e.winner), Some(PlayerId(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    config: Config,
    fleets: [Option<Result<Placement, PlacementError>>; 2],
    shots: [Vec<(u32, u32)>; 2],
}

/// Why a [`Scenario`] is no position a match can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScenarioError {
    /// The engine refuses the settings.
    #[error("the settings are refused: {0}")]
    Config(#[from] ConfigError),
    /// A fleet that breaks the placement rules (or does not parse).
    #[error("{player}'s fleet is invalid: {error}")]
    Placement {
        /// Whose fleet.
        player: PlayerId,
        /// What is wrong with it.
        error: PlacementError,
    },
    /// Player 2's fleet without player 1's (player 1 places first).
    #[error("player 2 places after player 1")]
    PlacementOrder,
    /// Shots before both fleets are placed.
    #[error("shots before both fleets are placed")]
    ShotsBeforePlacement,
    /// Shot counts that do not alternate from player 1 (player 1 has fired as many shots as
    /// player 2, or one more).
    #[error("{0:?} shots: player 1 fires as many shots as player 2 or one more")]
    TurnOrder([usize; 2]),
    /// A shot off the grid (it would end the match).
    #[error("{player}'s shot {x},{y} is off the grid")]
    OffGrid {
        /// The shooter.
        player: PlayerId,
        /// The shot's column.
        x: u32,
        /// The shot's row.
        y: u32,
    },
    /// A shot after the match ended (the fleet was sunk or the shot limit reached).
    #[error("{player}'s shot {x},{y} comes after the end of the match")]
    AfterEnd {
        /// The shooter.
        player: PlayerId,
        /// The shot's column.
        x: u32,
        /// The shot's row.
        y: u32,
    },
}

impl Scenario {
    /// A match with these settings, nothing placed yet.
    pub fn new(config: Config) -> Scenario {
        Scenario {
            config,
            fleets: [None, None],
            shots: [Vec::new(), Vec::new()],
        }
    }

    /// `player`'s fleet, one `x1,y1-x2,y2` string per ship (as a bot answers it).
    pub fn fleet<I, S>(mut self, player: PlayerId, ships: I) -> Scenario
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.fleets[player.index() & 1] = Some(Placement::parse(ships));
        self
    }

    /// `player`'s fleet as a typed [`Placement`].
    pub fn placement(mut self, player: PlayerId, placement: Placement) -> Scenario {
        self.fleets[player.index() & 1] = Some(Ok(placement));
        self
    }

    /// The shots `player` has fired, oldest first (their results come from the rules).
    pub fn shots(mut self, player: PlayerId, shots: &[(u32, u32)]) -> Scenario {
        self.shots[player.index() & 1] = shots.to_vec();
        self
    }

    /// Checks the position and builds the game state (see [`Scenario`] for the checks).
    pub fn build(self) -> Result<Battleship, ScenarioError> {
        let mut game = Battleship::with_config(&self.config)?;
        let mut events = Vec::new();
        let mut rng = koth_engine_core::draw::MinRng;
        if self.fleets[0].is_none() && self.fleets[1].is_some() {
            return Err(ScenarioError::PlacementOrder);
        }
        for (player, fleet) in PlayerId::all(2).zip(self.fleets) {
            let Some(placement) = fleet else {
                break;
            };
            let placement = placement
                .and_then(|p| p.validate(&self.config).map(|_| p))
                .map_err(|error| ScenarioError::Placement { player, error })?;
            apply(&mut game, Action::Place(placement), &mut rng, &mut events);
        }
        let [n0, n1] = [self.shots[0].len(), self.shots[1].len()];
        if n0 + n1 == 0 {
            return Ok(game);
        }
        if game.fleet(PlayerId(1)).is_none() {
            return Err(ScenarioError::ShotsBeforePlacement);
        }
        if n0 != n1 && n0 != n1 + 1 {
            return Err(ScenarioError::TurnOrder([n0, n1]));
        }
        let (w, h) = (self.config.width, self.config.height);
        let order = (0..n0).flat_map(|i| {
            [(PlayerId(0), self.shots[0][i])]
                .into_iter()
                .chain(self.shots[1].get(i).map(|&s| (PlayerId(1), s)))
        });
        for (player, (x, y)) in order {
            if Cell::checked(x, y, w, h).is_none() {
                return Err(ScenarioError::OffGrid { player, x, y });
            }
            if game.end().is_some() {
                return Err(ScenarioError::AfterEnd { player, x, y });
            }
            apply(&mut game, Action::Shoot { x, y }, &mut rng, &mut events);
        }
        Ok(game)
    }
}

/// One action the builder has checked: the rules accept it.
fn apply(
    game: &mut Battleship,
    action: Action,
    rng: &mut koth_engine_core::draw::MinRng,
    events: &mut Vec<crate::Event>,
) {
    let result = game.step(&[action], rng, events);
    debug_assert!(result.is_ok(), "{result:?}");
}
