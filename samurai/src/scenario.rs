//! Hand-made positions, for rule tests, puzzles and tools.

use alloc::vec::Vec;

use koth_engine_core::PlayerId;

use crate::{Action, Config, ConfigError, Samurai};

/// A builder of hand-made duels: any health, honour and past turns, without playing them
/// (games start with [`Game::new`](koth_engine_core::Game::new)).
///
/// The past turns give the histories the programs are shown and decide whether a `G` now
/// guards "again"; the turn counter is their number. [`Scenario::build`] checks the config and
/// works out whether the position is already over (a samurai below 0 honour or at 0 health,
/// or the turn limit reached), so the engine's invariants hold.
///
/// ```
/// use koth_engine_core::{Game, PlayerId, SeedableRng};
/// use koth_samurai::{Action, Config, Scenario};
///
/// let mut duel = Scenario::new(Config::default())
///     .honour(PlayerId(0), 7)
///     .health(PlayerId(1), 2)
///     .build()
///     .unwrap();
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
/// let mut events = Vec::new();
/// duel.step(&[Action::Overhead, Action::Wait], &mut rng, &mut events).unwrap();
/// // The Sword of the Gods strikes for 2.
/// assert_eq!(duel.end().and_then(|e| e.winner), Some(PlayerId(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    config: Config,
    health: [i32; 2],
    honour: [i32; 2],
    turns: Vec<[Action; 2]>,
}

impl Scenario {
    /// The config's starting position.
    pub fn new(config: Config) -> Scenario {
        Scenario {
            health: [config.health; 2],
            honour: [config.honour; 2],
            config,
            turns: Vec::new(),
        }
    }

    /// Sets `player`'s health.
    pub fn health(mut self, player: PlayerId, health: i32) -> Scenario {
        self.health[player.index() & 1] = health;
        self
    }

    /// Sets `player`'s honour.
    pub fn honour(mut self, player: PlayerId, honour: i32) -> Scenario {
        self.honour[player.index() & 1] = honour;
        self
    }

    /// Sets the past turns (both actions of each, oldest first), without their effects.
    pub fn history(mut self, turns: &[[Action; 2]]) -> Scenario {
        self.turns = turns.to_vec();
        self
    }

    /// The position, or why the config is refused.
    pub fn build(self) -> Result<Samurai, ConfigError> {
        let mut duel = Samurai::with_config(&self.config)?;
        duel.set_position(self.health, self.honour, &self.turns);
        Ok(duel)
    }
}
