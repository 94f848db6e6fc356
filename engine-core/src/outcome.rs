//! The result of a finished game: a ranking with ties plus per-player scores.

use alloc::vec::Vec;

use crate::{PerPlayer, PlayerId};

/// How a finished game is described in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum OutcomeKind {
    /// Exactly one player is first and every other player shares second place.
    Win,
    /// Every player shares first place.
    Draw,
    /// Any other ranking (free-for-all games).
    Ranking,
}

/// A finished game's ranking (1-based places, ties share a place) and per-player scores.
///
/// Places are "competition" ranks by default: two players tied for first are both 1st and the
/// next is 3rd; [`Outcome::from_keys_dense`] gives dense ranks (the next is 2nd) for games whose
/// rules say so.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    places: PerPlayer<u32>,
    scores: PerPlayer<i64>,
}

impl Outcome {
    /// `winner` first, everyone else shares second place.
    pub fn win(winner: PlayerId, scores: PerPlayer<i64>) -> Self {
        let places = PerPlayer::from_fn(scores.len(), |p| if p == winner { 1 } else { 2 });
        Outcome { places, scores }
    }

    /// Everyone shares first place.
    pub fn draw(scores: PerPlayer<i64>) -> Self {
        let places = scores.map(|_| 1);
        Outcome { places, scores }
    }

    /// A two-player result in half-points: the winner scores 2 and the loser 0, or a draw
    /// (`None`) scores 1 each.
    pub fn duel(winner: Option<PlayerId>) -> Self {
        match winner {
            Some(w) => Outcome::win(w, PerPlayer::from_fn(2, |p| if p == w { 2 } else { 0 })),
            None => Outcome::draw(PerPlayer::from_vec(alloc::vec![1, 1])),
        }
    }

    /// Places from scores: higher scores rank first, equal scores share a place.
    pub fn from_scores(scores: Vec<i64>) -> Self {
        let scores = PerPlayer::from_vec(scores);
        let places = rank_descending(scores.values());
        Outcome { places, scores }
    }

    /// Places from ranking keys (greater key ranks first, equal keys share a place), with
    /// separately reported scores. Use a tuple key for a tie-break order.
    pub fn from_keys<K: Ord>(keys: &[K], scores: PerPlayer<i64>) -> Self {
        let places = rank_descending(keys);
        Outcome { places, scores }
    }

    /// Dense places from ranking keys: greater keys rank first, equal keys share a place, and
    /// the next distinct key takes the next place (keys `[9, 5, 9, 7]` give `[1, 3, 1, 2]`,
    /// not the competition ranks `[1, 4, 1, 3]`).
    pub fn from_keys_dense<K: Ord>(keys: &[K], scores: PerPlayer<i64>) -> Self {
        // The distinct keys, ascending, sorted once: a key's place is one more than the number
        // of distinct keys above it.
        let mut distinct: Vec<&K> = keys.iter().collect();
        distinct.sort_unstable();
        distinct.dedup();
        let places = keys
            .iter()
            .map(|k| 1 + (distinct.len() - distinct.partition_point(|d| *d <= k)) as u32)
            .collect();
        Outcome { places, scores }
    }

    /// The 1-based place of `player` (ties share a place).
    pub fn place(&self, player: PlayerId) -> u32 {
        self.places[player]
    }

    /// The score of `player`.
    pub fn score(&self, player: PlayerId) -> i64 {
        self.scores[player]
    }

    /// All places, in seat order.
    pub fn places(&self) -> &PerPlayer<u32> {
        &self.places
    }

    /// All scores, in seat order.
    pub fn scores(&self) -> &PerPlayer<i64> {
        &self.scores
    }

    /// The sole first-placed player, if exactly one player is first.
    pub fn winner(&self) -> Option<PlayerId> {
        let mut firsts = self.places.iter().filter(|(_, place)| **place == 1);
        match (firsts.next(), firsts.next()) {
            (Some((p, _)), None) => Some(p),
            _ => None,
        }
    }

    /// Win, draw or a general ranking.
    pub fn kind(&self) -> OutcomeKind {
        let n = self.places.len();
        let firsts = self.places.values().iter().filter(|p| **p == 1).count();
        if firsts == n {
            OutcomeKind::Draw
        } else if firsts == 1 && self.places.values().iter().all(|p| *p <= 2) {
            OutcomeKind::Win
        } else {
            OutcomeKind::Ranking
        }
    }
}

fn rank_descending<K: Ord>(keys: &[K]) -> PerPlayer<u32> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|other| *other > k).count() as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn competition_ranks() {
        let o = Outcome::from_scores(vec![5, 9, 9, 1]);
        assert_eq!(o.places().values(), &[3, 1, 1, 4]);
        assert_eq!(o.winner(), None);
        assert_eq!(o.kind(), OutcomeKind::Ranking);
    }

    #[test]
    fn win_and_draw() {
        let w = Outcome::win(PlayerId(1), PerPlayer::from_vec(vec![0, 0]));
        assert_eq!(w.winner(), Some(PlayerId(1)));
        assert_eq!(w.kind(), OutcomeKind::Win);
        let d = Outcome::draw(PerPlayer::from_vec(vec![3, 4]));
        assert_eq!(d.kind(), OutcomeKind::Draw);
        assert_eq!(d.place(PlayerId(1)), 1);
    }

    #[test]
    fn duels_score_half_points() {
        let w = Outcome::duel(Some(PlayerId(0)));
        assert_eq!((w.score(PlayerId(0)), w.score(PlayerId(1))), (2, 0));
        assert_eq!(w.winner(), Some(PlayerId(0)));
        let d = Outcome::duel(None);
        assert_eq!(d.scores().values(), &[1, 1]);
        assert_eq!(d.kind(), OutcomeKind::Draw);
    }

    #[test]
    fn dense_ranks_give_the_next_distinct_key_the_next_place() {
        let scores = PerPlayer::from_vec(vec![0; 5]);
        let o = Outcome::from_keys_dense(&[u32::MAX, 5, 9, 9, u32::MAX], scores.clone());
        assert_eq!(o.places().values(), &[1, 3, 2, 2, 1]);
        let c = Outcome::from_keys(&[u32::MAX, 5, 9, 9, u32::MAX], scores);
        assert_eq!(c.places().values(), &[1, 5, 3, 3, 1]);
        let all = Outcome::from_keys_dense(&[4, 4], PerPlayer::from_vec(vec![0, 0]));
        assert_eq!(all.kind(), OutcomeKind::Draw);
    }

    #[test]
    fn tuple_keys_break_ties() {
        let o = Outcome::from_keys(
            &[(3, 1), (3, 2), (1, 9)],
            PerPlayer::from_vec(vec![3, 3, 1]),
        );
        assert_eq!(o.places().values(), &[2, 1, 3]);
    }
}
