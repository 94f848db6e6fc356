//! Battleship as a learning environment ([`Learn`]), and the state's serde form.
//!
//! | id | action |
//! |---|---|
//! | `y * width + x` | a shot at column `x`, row `y` of the opponent's grid |
//!
//! There are `width * height` ids (100 on the default 10 x 10 grid). While shooting, the
//! player to act may fire at every cell (a repeated shot is legal, and wasted); the other
//! player's mask is all `false`. Placing the fleet is not in the id space: it is a setup the
//! environment performs ([`Learn::env_action`]: a random legal fleet for the settings, the
//! layout the built-in bots use), taken whenever the player to act places. Forfeits and shots
//! off the grid have no id. The score is the duel's half-points (win 2, draw 1, loss 0, earned
//! when the match ends), so the rewards are 0 until the last shot, then 1, 0 or -1.
//!
//! With feature `serde` the whole state ([`Battleship`]) saves and restores as its settings,
//! fleets, shots, turn and end; the grids are rebuilt by replaying the shots, and a state whose
//! fleets break the settings or whose shots do not give their recorded results is refused. It
//! holds no randomness (the match draws none).

use koth_engine_core::{Learn, PlayerId, RngCore};

use crate::{Action, Battleship, Event, Phase};

impl Learn for Battleship {
    fn num_actions(&self) -> usize {
        usize::from(self.config().width) * usize::from(self.config().height)
    }

    fn action_id(&self, action: &Action) -> Option<usize> {
        let (w, h) = (self.config().width as usize, self.config().height as usize);
        match *action {
            Action::Shoot { x, y } if (x as usize) < w && (y as usize) < h => {
                Some(y as usize * w + x as usize)
            }
            _ => None,
        }
    }

    fn action(&self, id: usize) -> Option<Action> {
        let w = usize::from(self.config().width);
        (id < self.num_actions()).then(|| Action::Shoot {
            x: (id % w) as u32,
            y: (id / w) as u32,
        })
    }

    fn legal_mask(&self, player: PlayerId, mask: &mut [bool]) {
        let n = self.num_actions().min(mask.len());
        let shooting = self.phase() == Phase::Shooting && self.next_player() == Some(player);
        mask[..n].fill(shooting);
    }

    fn env_action(&self, player: PlayerId, rng: &mut dyn RngCore) -> Option<Action> {
        (self.phase() == Phase::Placing && self.next_player() == Some(player))
            .then(|| Action::Place(crate::bots::place::placement(self.config(), rng, false)))
    }

    fn score_changes(&self, events: &[Event], changes: &mut [i64]) {
        for event in events {
            if let Event::Ended(end) = event {
                koth_engine_core::learn::add_duel_result(end.winner, changes);
            }
        }
    }
}
