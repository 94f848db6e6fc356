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
//!
//! # Observation tensor
//!
//! Seven planes over the grid (`[7, height, width]`, [`Tensor`]), row `y`, column `x`, from
//! the player's side:
//!
//! | plane | what |
//! |---|---|
//! | 0 | the player's first shot at this cell of the opponent's grid missed |
//! | 1 | its first shot here hit a ship |
//! | 2 | its first shot here sank a ship (or won) |
//! | 3 | the player's own ship lies here |
//! | 4 | the opponent has shot this cell of the player's grid |
//! | 5 | the player's shots so far, divided by the shot limit (every cell) |
//! | 6 | 1 where it is the player's turn to shoot (every cell), else 0 |
//!
//! A cell's first result is what the player learned there: a repeat shot at a sunk ship's
//! cell misses, and at a ship afloat hits again. The opponent's fleet is never in the
//! tensor; [`determinize`](crate::determinize) samples it.

use koth_engine_core::{Learn, PlayerId, RngCore, Tensor};

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

/// The planes of the tensor.
const PLANES: usize = 7;

impl Tensor for Battleship {
    fn obs_shape(&self) -> [usize; 3] {
        let config = self.config();
        [
            PLANES,
            usize::from(config.height),
            usize::from(config.width),
        ]
    }

    fn write_obs(&self, player: PlayerId, out: &mut [f32]) {
        let w = usize::from(self.config().width);
        let area = w * usize::from(self.config().height);
        let n = (PLANES * area).min(out.len());
        let out = &mut out[..n];
        out.fill(0.0);
        let mut set = |plane: usize, i: usize, v: f32| {
            if let Some(o) = out.get_mut(plane * area + i) {
                *o = v;
            }
        };
        let mine = self.shots(player);
        // Later shots first, so that each cell keeps its first result.
        for shot in mine.iter().rev() {
            let i = shot.at.index(w);
            for plane in 0..3 {
                set(plane, i, 0.0);
            }
            let plane = match shot.result {
                crate::ShotResult::Miss => 0,
                crate::ShotResult::Hit => 1,
                crate::ShotResult::Sunk | crate::ShotResult::Win => 2,
            };
            set(plane, i, 1.0);
        }
        if let Some(fleet) = self.fleet(player) {
            for c in fleet.ships().iter().flat_map(|s| s.cells()) {
                set(3, c.index(w), 1.0);
            }
        }
        for shot in self.shots(player.opponent()) {
            set(4, shot.at.index(w), 1.0);
        }
        let used = mine.len() as f32 / self.config().effective_shot_limit().max(1) as f32;
        let to_shoot = self.phase() == Phase::Shooting && self.next_player() == Some(player);
        for i in 0..area {
            set(5, i, used);
            set(6, i, if to_shoot { 1.0 } else { 0.0 });
        }
    }
}
