//! Built-in bots.

use rand_core::RngCore;

use crate::{Contest, PlayerId};

/// A built-in player: chooses an action from its own observation.
///
/// Bots may keep memory between calls (one bot value plays one seat of one match). Any
/// randomness must come from `rng`, which the runner seeds, so matches between bots replay.
pub trait Bot<G: Contest>: Send {
    /// The pre-game choice for `seat` (naval: the ship class), made once before the game is
    /// built from `config`; it also resets any memory of an earlier game. `None` keeps what
    /// the config says; the default chooses nothing.
    fn setup(
        &mut self,
        config: &G::Config,
        seat: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<G::Setup> {
        let _ = (config, seat, rng);
        None
    }

    /// The action to play now.
    fn act(&mut self, observation: &G::Observation, rng: &mut dyn RngCore) -> G::Action;
}
