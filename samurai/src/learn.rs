//! Samurai as a learning environment ([`Learn`]).
//!
//! | id | action |
//! |---|---|
//! | 0 | `W` wait |
//! | 1 | `B` bow |
//! | 2 | `G` guard |
//! | 3 | `I` quick draw |
//! | 4 | `P` parry |
//! | 5 | `O` overhead |
//!
//! Every action is legal for both samurai every turn until the duel ends (the mask is all
//! `true`, then all `false`). The score is the duel's half-points (win 2, draw 1, loss 0,
//! earned when the duel ends), so the rewards are 0 until the last turn, then 1 for a win, 0
//! for a draw, -1 for a loss. With feature `serde` the whole state ([`Samurai`]) saves and
//! restores; it holds no randomness (the duel draws none).
//!
//! # Observation tensor
//!
//! A vector of 47 (`[47, 1, 1]`, [`Tensor`]), from the player's side:
//!
//! | entries | what |
//! |---|---|
//! | 0, 1 | own and the enemy's health, divided by the starting health |
//! | 2, 3 | own and the enemy's honour, divided by `god_sword_honour` |
//! | 4 | the turns played, divided by `max_turns` |
//! | 5 to 25 | own last three actions, newest first, one-hot each over `W B G I P O` and "none yet" (7 entries) |
//! | 26 to 46 | the enemy's last three actions, the same way |
//!
//! The duel has perfect information; only actions older than three turns are left out (the
//! rules look back one turn, for a repeated guard).

use koth_engine_core::{Learn, PlayerId, Tensor};

use crate::{Action, End, Event, Samurai};

impl Learn for Samurai {
    const ACTION_TABLE: &'static [Action] = &Action::ALL;

    #[inline]
    fn legal_mask(&self, _player: PlayerId, mask: &mut [bool]) {
        let running = self.end().is_none();
        // A fixed-size store where the mask is whole (learners call this every step).
        match mask.get_mut(..Action::ALL.len()) {
            Some(whole) => whole.copy_from_slice(&[running; Action::ALL.len()]),
            None => mask.fill(running),
        }
    }

    /// Every id while the duel runs, none once it is over: no scan of the mask.
    #[inline]
    fn legal_mask_any(&self, player: PlayerId, mask: &mut [bool]) -> bool {
        self.legal_mask(player, mask);
        self.end().is_none()
    }

    /// Every id while the duel runs, none once it is over: no mask written.
    #[inline]
    fn legal_id(&self, _: PlayerId, id: usize, _: &mut [bool]) -> Option<bool> {
        self.end().is_none().then_some(id < Action::ALL.len())
    }

    /// From the last event (the end is always last), without the generic path through the
    /// score changes: learners call this every step.
    #[inline]
    fn rewards(&self, events: &[Event], rewards: &mut [f32]) {
        let r = match events.last() {
            Some(Event::Ended(End {
                winner: Some(w), ..
            })) => [0, 1].map(|p| if p == w.index() { 1.0 } else { -1.0 }),
            // A draw, or no end this step.
            _ => [0.0; 2],
        };
        let n = rewards.len().min(2);
        rewards[..n].copy_from_slice(&r[..n]);
    }

    fn score_changes(&self, events: &[Event], changes: &mut [i64]) {
        for event in events {
            if let Event::Ended(end) = event {
                koth_engine_core::learn::add_duel_result(end.winner, changes);
            }
        }
    }
}

/// Actions of each side in the tensor, newest first.
const LOOK_BACK: usize = crate::state::RECENT;
/// One-hot width per action: the six actions and "none yet".
const ONE_HOT: usize = 7;
/// Entries of the tensor.
const OBS_LEN: usize = 5 + 2 * LOOK_BACK * ONE_HOT;

// The one-hot slot of an action is its discriminant: `Action::ALL` is in declaration order.
const _: () = {
    let mut i = 0;
    while i < Action::ALL.len() {
        assert!(Action::ALL[i] as usize == i);
        i += 1;
    }
};

impl Tensor for Samurai {
    #[inline]
    fn obs_shape(&self) -> [usize; 3] {
        [OBS_LEN, 1, 1]
    }

    #[inline]
    fn write_obs(&self, player: PlayerId, out: &mut [f32]) {
        // Written in place through a fixed-size array (a few inline vector stores, no
        // memset or memcpy call): learners call this every step.
        match out.get_mut(..OBS_LEN) {
            Some(whole) => self.fill_obs(player, whole.try_into().expect("OBS_LEN entries")),
            None => {
                let mut obs = [0f32; OBS_LEN];
                self.fill_obs(player, &mut obs);
                let n = out.len();
                out.copy_from_slice(&obs[..n]);
            }
        }
    }
}

impl Samurai {
    /// The tensor of `player` (see the module docs) into `obs`, every entry written.
    fn fill_obs(&self, player: PlayerId, obs: &mut [f32; OBS_LEN]) {
        *obs = [0.0; OBS_LEN];
        let me = PlayerId(player.0 & 1);
        let enemy = PlayerId(1 - me.0);
        let config = self.config();
        let per = |v: i32, unit: i32| v as f32 / unit.max(1) as f32;
        obs[..5].copy_from_slice(&[
            per(self.health(me), config.health),
            per(self.health(enemy), config.health),
            per(self.honour(me), config.god_sword_honour),
            per(self.honour(enemy), config.god_sword_honour),
            koth_engine_core::Game::turn(self) as f32 / config.max_turns.max(1) as f32,
        ]);
        for (side, p) in [me, enemy].into_iter().enumerate() {
            for (back, action) in self.recent(p).iter().enumerate() {
                let slot = action.map_or(ONE_HOT - 1, |a| a as usize);
                obs[5 + (side * LOOK_BACK + back) * ONE_HOT + slot] = 1.0;
            }
        }
    }
}
