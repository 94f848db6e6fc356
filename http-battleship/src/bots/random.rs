//! `random`: random placement, random shots at cells not shot yet.

use alloc::vec::Vec;

use koth_engine_core::{Bot, RngCore, draw};

use super::place;
use crate::{Action, Battleship, Config, Observation, Phase};

/// Shoots a uniformly random cell among those it has not shot.
#[derive(Clone, Debug, Default)]
pub(crate) struct RandomBot {
    config: Option<Config>,
    /// Cells not yet chosen (lazily pruned: may hold cells shot since).
    untried: Vec<u16>,
    tried: Vec<bool>,
    seen: usize,
}

impl RandomBot {
    fn sync(&mut self, obs: &Observation) {
        if self.config != Some(obs.config) || obs.my_shots.len() < self.seen {
            let area = obs.config.width as usize * obs.config.height as usize;
            self.config = Some(obs.config);
            self.untried = (0..area as u16).collect();
            self.tried = alloc::vec![false; area];
            self.seen = 0;
        }
        let w = obs.config.width as usize;
        for rec in obs.my_shots.get(self.seen..).unwrap_or(&[]) {
            if let Some(t) = self.tried.get_mut(rec.at.index(w)) {
                *t = true;
            }
        }
        self.seen = obs.my_shots.len();
    }
}

impl Bot<Battleship> for RandomBot {
    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        if obs.phase == Phase::Placing {
            return Action::Place(place::placement(&obs.config, rng, false));
        }
        self.sync(obs);
        let w = obs.config.width.max(1) as u32;
        while !self.untried.is_empty() {
            let k = draw::index(rng, self.untried.len());
            let i = self.untried.swap_remove(k) as usize;
            if let Some(t) = self.tried.get_mut(i).filter(|t| !**t) {
                *t = true;
                return Action::Shoot {
                    x: i as u32 % w,
                    y: i as u32 / w,
                };
            }
        }
        // Every cell is shot: repeats are legal.
        Action::Shoot { x: 0, y: 0 }
    }
}
