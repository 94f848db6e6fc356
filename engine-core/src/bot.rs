//! Built-in bots.

use rand_core::RngCore;

use crate::Game;

/// A built-in player: chooses an action from its own observation.
///
/// Bots may keep memory between calls (one bot value plays one seat of one match). Any
/// randomness must come from `rng`, which the runner seeds, so matches between bots replay.
pub trait Bot<G: Game>: Send {
    /// The action to play now.
    fn act(&mut self, observation: &G::Observation, rng: &mut dyn RngCore) -> G::Action;
}
