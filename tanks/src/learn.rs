//! Tanks as a learning environment ([`Learn`]), and the state's serde form.
//!
//! | id | action |
//! |---|---|
//! | 0 | idle |
//! | 1, 2, 3, 4 | move up, right, down, left |
//! | 5, 6, 7, 8 | shoot up, right, down, left |
//!
//! (The order of [`Action::ALL`]: each group clockwise from up.) A living tank may take every
//! action every tick while the match runs; a destroyed tank, or any tank once the match is
//! over, has an all-`false` mask (it no longer acts). The score is kills, one for each shell
//! that destroys a tank, so a kill pays `2 / (players - 1)` at once, and the last tick adds
//! -1 to every tank (the bounds are `0..=players - 1`): over a match the rewards add up to
//! `2 kills / (players - 1) - 1`.
//!
//! With feature `serde` the whole state ([`Tanks`]) saves and restores: seats, ids, squares,
//! kills, destructions and the tick; the board's occupancy and the tick's buffers are rebuilt
//! from them. It holds no randomness (the RNG passed to `step` is the caller's).
//!
//! # Observation tensor
//!
//! Three planes over the torus (`[3, side, side]`, [`Tensor`]), centred on the player: its
//! square is row `side / 2`, column `side / 2`, and every other square is drawn at its offset
//! from it, wrapped (row = y offset, column = x offset, y up as in the rules). The torus has no
//! edge, so only offsets matter.
//!
//! | plane | what |
//! |---|---|
//! | 0 | the player's own tank (one 1 at the centre; all 0 once destroyed) |
//! | 1 | every other living tank |
//! | 2 | the ticks played, divided by the tick limit (the same in every cell) |
//!
//! Every tank sees every living tank (the contest sends them all), so tanks has no hidden
//! state to sample (no [`Determinize`](koth_engine_core::Determinize)).

use koth_engine_core::{Learn, PlayerId, Tensor};

use crate::{Action, Event, Tanks};

impl Learn for Tanks {
    const ACTION_TABLE: &'static [Action] = &Action::ALL;

    fn legal_mask(&self, player: PlayerId, mask: &mut [bool]) {
        let n = Action::ALL.len().min(mask.len());
        mask[..n].fill(self.end().is_none() && self.living().contains(&player));
    }

    fn score_changes(&self, events: &[Event], changes: &mut [i64]) {
        for event in events {
            if let Event::Shot {
                tank, hit: Some(_), ..
            } = event
            {
                changes[tank.index()] += 1;
            }
        }
    }
}

impl Tensor for Tanks {
    fn obs_shape(&self) -> [usize; 3] {
        let side = usize::from(self.side());
        [3, side, side]
    }

    fn write_obs(&self, player: PlayerId, out: &mut [f32]) {
        let side = usize::from(self.side());
        let area = side * side;
        let n = (3 * area).min(out.len());
        let out = &mut out[..n];
        // Each entry written once (learners call this every step for every tank): the two
        // tank planes cleared, the progress plane filled.
        let progress = koth_engine_core::Game::turn(self) as f32 / self.max_ticks().max(1) as f32;
        let (tanks, progress_plane) = out.split_at_mut(n.min(2 * area));
        tanks.fill(0.0);
        let Some(me) = self.last_position(player) else {
            // A player with no square sees nothing (all 0).
            progress_plane.fill(0.0);
            return;
        };
        progress_plane.fill(progress);
        let centre = (side / 2) as i32;
        let s = side as i32;
        let at = |c: koth_engine_core::Coord| {
            let row = (c.y - me.y + centre).rem_euclid(s) as usize;
            let col = (c.x - me.x + centre).rem_euclid(s) as usize;
            row * side + col
        };
        for &p in self.living() {
            if let Some(c) = self.position(p) {
                let plane = if p == player { 0 } else { 1 };
                if let Some(o) = out.get_mut(plane * area + at(c)) {
                    *o = 1.0;
                }
            }
        }
    }
}

#[cfg(feature = "serde")]
pub(crate) mod state_serde {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use koth_engine_core::Coord;

    use crate::EndReason;

    /// What a [`Tanks`](crate::Tanks) state is, without what derives from it.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct TanksState {
        pub(crate) side: u16,
        pub(crate) max_ticks: u32,
        pub(crate) tick: u32,
        pub(crate) ids: Vec<u32>,
        pub(crate) pos: Vec<Coord>,
        pub(crate) destroyed: Vec<Option<u32>>,
        pub(crate) kills: Vec<u32>,
        pub(crate) end: Option<EndReason>,
    }

    impl TanksState {
        /// Checks the parts agree: one entry per seat, squares on the torus, no two living
        /// tanks on one square.
        pub(crate) fn check(&self) -> Result<(), String> {
            let n = self.ids.len();
            if self.pos.len() != n || self.destroyed.len() != n || self.kills.len() != n {
                return Err("ids, pos, destroyed and kills must have one entry per seat".into());
            }
            let side = i32::from(self.side);
            let mut seen = Vec::new();
            for (p, c) in self.pos.iter().enumerate() {
                if !(0..side).contains(&c.x) || !(0..side).contains(&c.y) {
                    return Err(alloc::format!("seat {p}'s square is off the torus"));
                }
                if self.destroyed[p].is_none() {
                    if seen.contains(c) {
                        return Err("two living tanks share a square".to_string());
                    }
                    seen.push(*c);
                }
            }
            if n > crate::MAX_PLAYERS || self.side == 0 || self.side > crate::MAX_SIDE {
                return Err("more seats or a larger torus than the game allows".into());
            }
            Ok(())
        }
    }
}
