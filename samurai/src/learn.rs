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

use koth_engine_core::{Learn, PlayerId};

use crate::{Action, Event, Samurai};

impl Learn for Samurai {
    const ACTION_TABLE: &'static [Action] = &Action::ALL;

    fn legal_mask(&self, _player: PlayerId, mask: &mut [bool]) {
        let n = Action::ALL.len().min(mask.len());
        mask[..n].fill(self.end().is_none());
    }

    fn score_changes(&self, events: &[Event], changes: &mut [i64]) {
        for event in events {
            if let Event::Ended(end) = event {
                koth_engine_core::learn::add_duel_result(end.winner, changes);
            }
        }
    }
}
