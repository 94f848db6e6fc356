//! A model of the field: which kind of bot each other tank is, inferred tick by tick, and
//! the chance of being destroyed on a square under it.
//!
//! A tank is one of four kinds, each with a policy the model can compute from the positions
//! everyone sees:
//!
//! - **the seed's example** ([`sniper`](super::sniper)), which every field of this contest
//!   holds copies of: where another tank shares its row or column it fires, in the one
//!   direction its code picks (crossed axes included); else it moves, each way alike;
//! - **random**: one of the eight commands alike;
//! - **a hunter**: one of the actions a [`Hunter`](super::Hunter) fed everything that tank has
//!   seen values most, alike (the caller tells the model these each tick:
//!   [`Field::expect`]);
//! - **other** (anything else): it stays half the time and then fires along a line where it
//!   sees a tank with chance one half, along an empty line one in eight.
//!
//! Each tank starts at one quarter each ([`PRIOR`]). After every tick, each kind's weight is
//! multiplied by the chance that kind gives to what the tank was seen to do: moved one square
//! which way, or stayed (having fired, or tried to move onto a square that is held now); and,
//! when no tank was destroyed that tick, that no shell it could have fired hit anything (a
//! shell along a line with a tank on it would have). What a kind cannot do (a sniper moving
//! while it sees a tank) keeps a small chance ([`SLIP`]): the model may be wrong.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4};

use super::hunter::{along, first_along, step};
use crate::{Action, Observation, TankView};

/// The kinds, in the order of a weight array.
pub(super) const SNIPER: usize = 0;
pub(super) const RANDOM: usize = 1;
pub(super) const HUNTER: usize = 2;
pub(super) const OTHER: usize = 3;

/// The number of kinds.
pub(super) const KINDS: usize = 4;

/// Every tank's weights before any evidence.
pub(super) const PRIOR: [f64; KINDS] = [1.0 / KINDS as f64; KINDS];

/// The chance a kind is given for what its policy never does.
const SLIP: f64 = 0.02;

/// What the model knows of the other tanks.
#[derive(Clone, Debug, Default)]
pub(super) struct Field {
    /// Per tank id: the kinds' weights (summing to one).
    kinds: BTreeMap<u32, [f64; KINDS]>,
    /// Last tick's tanks (ascending id).
    prev: Vec<TankView>,
    /// Per tank id: what a hunter in its place would do this tick ([`Field::expect`]).
    expected: BTreeMap<u32, Vec<Action>>,
}

/// The direction the seed's example fires in from `me`, with the other tanks on `others`
/// (in ascending id order); `None` where it shares no line with one (then it moves). Its
/// first tank in line is the lowest id; one in the same column makes it fire left, one in
/// the same row up.
pub(super) fn sniper_shot(me: Coord, others: impl IntoIterator<Item = Coord>) -> Option<Dir4> {
    let first = others.into_iter().find(|at| at.x == me.x || at.y == me.y)?;
    Some(if first.x == me.x {
        Dir4::Left
    } else {
        Dir4::Up
    })
}

/// [`sniper_shot`] for tank `me` among `tanks` (ascending id, `me` included or not).
fn shot_among(tanks: &[TankView], me: TankView) -> Option<Dir4> {
    sniper_shot(me.at, tanks.iter().filter(|t| t.id != me.id).map(|t| t.at))
}

impl Field {
    /// The weights of tank `id`'s kinds (sniper, random, hunter, other).
    pub(super) fn kinds(&self, id: u32) -> [f64; KINDS] {
        self.kinds.get(&id).copied().unwrap_or(PRIOR)
    }

    /// Tells the model what a hunter in tank `id`'s place would do this tick: one of
    /// `actions`, alike (after [`Field::learn`], before [`Field::risk`]).
    pub(super) fn expect(&mut self, id: u32, actions: &[Action]) {
        let expected = self.expected.entry(id).or_default();
        expected.clear();
        expected.extend_from_slice(actions);
    }

    /// Learns from what happened since the last observation (call once a tick, first).
    pub(super) fn learn(&mut self, obs: &Observation) {
        let n = i32::from(obs.width.max(1));
        let now = &obs.tanks;
        let destroyed = self
            .prev
            .iter()
            .any(|t| now.binary_search_by_key(&t.id, |n| n.id).is_err());
        for &e in self.prev.iter().filter(|t| t.id != obs.you) {
            let Some(at) = obs.position_of(e.id) else {
                continue;
            };
            let moved = Dir4::ALL.into_iter().find(|&d| step(n, e.at, d) == at);
            if moved.is_none() && at != e.at {
                continue; // Not a move the rules allow: no evidence.
            }
            // Whether a shell fired along `dir` from where it stayed would have shown: it
            // hits the first tank along the line, and nobody was destroyed.
            let shows = |dir: Dir4| !destroyed && first_along(n, now, at, dir, e.id).is_some();
            // Whether a move `dir` would have failed: onto a square someone holds now (its
            // holder stayed, or won it in a contest).
            let held = |dir: Dir4| {
                first_along(n, now, at, dir, e.id).is_some_and(|t| t.at == step(n, at, dir))
            };
            let blocked = Dir4::ALL.into_iter().filter(|&d| held(d)).count() as f64;
            let sniper = match (shot_among(&self.prev, e), moved) {
                (Some(_), Some(_)) => SLIP,
                (Some(dir), None) if shows(dir) => SLIP,
                (Some(_), None) => 1.0,
                (None, Some(_)) => 0.25,
                (None, None) => (blocked / 4.0).max(SLIP),
            };
            let random = if moved.is_some() {
                1.0 / 8.0
            } else {
                let unseen = Dir4::ALL.into_iter().filter(|&d| !shows(d)).count() as f64;
                ((unseen + blocked) / 8.0).max(SLIP)
            };
            let other = if moved.is_some() {
                1.0 / 8.0
            } else {
                1.0 / 2.0
            };
            let hunter = match self.expected.get(&e.id).filter(|x| !x.is_empty()) {
                Some(expected) => {
                    let fits = expected
                        .iter()
                        .filter(|&&a| match (a, moved) {
                            (Action::Move(d), Some(m)) => d == m,
                            (_, Some(_)) => false,
                            (Action::Move(d), None) => held(d),
                            (Action::Shoot(d), None) => !shows(d),
                            (Action::Idle, None) => true,
                        })
                        .count();
                    (fits as f64 / expected.len() as f64).max(SLIP)
                }
                // Nothing expected of it: no evidence for or against.
                None => other,
            };
            let w = self.kinds.entry(e.id).or_insert(PRIOR);
            let mut post = *w;
            for (p, l) in post.iter_mut().zip([sniper, random, hunter, other]) {
                *p *= l;
            }
            let total: f64 = post.iter().sum();
            if total > 0.0 {
                *w = post.map(|p| p / total);
            }
        }
        self.kinds
            .retain(|id, _| now.binary_search_by_key(id, |t| t.id).is_ok());
        self.expected.clear();
        self.prev.clone_from(now);
    }

    /// The chance of being destroyed this tick where the observer ends on `at`, each tank
    /// judged where it stands (`vacated`: the tank that had to leave `at`, so it did not fire).
    pub(super) fn risk(&self, obs: &Observation, at: Coord, vacated: Option<u32>) -> f64 {
        let n = i32::from(obs.width.max(1));
        let mut survive = 1.0;
        for e in obs.others().filter(|e| Some(e.id) != vacated) {
            let mut hits = [false; 4];
            for (k, dir) in Dir4::ALL.into_iter().enumerate() {
                let Some(d) = along(n, e.at, at, dir) else {
                    continue;
                };
                // Tanks in between (where they stand now, the observer gone from its square)
                // shield it.
                hits[k] = !obs.others().any(|b| {
                    b.id != e.id
                        && Some(b.id) != vacated
                        && along(n, e.at, b.at, dir).is_some_and(|k| k < d)
                });
            }
            if !hits.contains(&true) {
                continue;
            }
            let fires = |dir: Dir4| hits[dir_index(dir)];
            let w = self.kinds(e.id);
            let sniper = match shot_among(&obs.tanks, e) {
                Some(dir) if fires(dir) => 1.0,
                _ => 0.0,
            };
            let count = hits.iter().filter(|&&h| h).count() as f64;
            let random = count / 8.0;
            let other: f64 = Dir4::ALL
                .into_iter()
                .filter(|&d| fires(d))
                .map(|dir| {
                    let sees = first_along(n, &obs.tanks, e.at, dir, e.id).is_some();
                    if sees { 0.5 } else { 1.0 / 8.0 }
                })
                .sum::<f64>()
                .min(1.0)
                * 0.5;
            let hunter = match self.expected.get(&e.id).filter(|x| !x.is_empty()) {
                Some(expected) => {
                    let firing = expected
                        .iter()
                        .filter(|&&a| matches!(a, Action::Shoot(d) if fires(d)))
                        .count();
                    firing as f64 / expected.len() as f64
                }
                None => other,
            };
            let p = w[SNIPER] * sniper + w[RANDOM] * random + w[HUNTER] * hunter + w[OTHER] * other;
            survive *= 1.0 - p.min(1.0);
        }
        1.0 - survive
    }

    /// The chance that the observer's move onto `to` succeeds: certain onto an empty square,
    /// else the occupant must move away (not towards it: a swap is cancelled).
    pub(super) fn move_success(&self, obs: &Observation, to: Coord) -> f64 {
        let Some(e) = obs.others().find(|t| t.at == to) else {
            return 1.0;
        };
        let w = self.kinds(e.id);
        let sniper = if shot_among(&obs.tanks, e).is_none() {
            0.75
        } else {
            0.0
        };
        let hunter = match self.expected.get(&e.id).filter(|x| !x.is_empty()) {
            Some(expected) => {
                let away = expected
                    .iter()
                    .filter(|&&a| matches!(a, Action::Move(d) if obs.step(e.at, d) != obs.me().unwrap_or(to)))
                    .count();
                away as f64 / expected.len() as f64
            }
            None => 0.375,
        };
        w[SNIPER] * sniper + w[RANDOM] * 0.375 + w[HUNTER] * hunter + w[OTHER] * 0.375
    }

    /// The chance of being destroyed this tick after `action`, a move judged as its
    /// success or its failure; `None` where the observer is gone.
    pub(super) fn action_risk(&self, obs: &Observation, action: Action) -> Option<f64> {
        let me = obs.me()?;
        let here = self.risk(obs, me, None);
        Some(match action {
            Action::Move(dir) => {
                let to = obs.step(me, dir);
                let vacated = obs.others().find(|t| t.at == to).map(|t| t.id);
                let s = self.move_success(obs, to);
                s * self.risk(obs, to, vacated) + (1.0 - s) * here
            }
            _ => here,
        })
    }
}

/// `dir`'s index in [`Dir4::ALL`].
fn dir_index(dir: Dir4) -> usize {
    Dir4::ALL.iter().position(|&d| d == dir).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use koth_engine_core::{RngCore, SeedableRng, draw};
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::bots::tests::obs;
    use crate::{Action, protocol};

    /// The ported program's answer, or `None` where it moves.
    fn ported(o: &Observation, rng: &mut dyn RngCore) -> Option<Dir4> {
        let out = super::super::sniper(&protocol::format_observation(o), rng)?;
        match protocol::action_or_idle(out.as_bytes()) {
            Action::Shoot(dir) => Some(dir),
            _ => None,
        }
    }

    #[test]
    fn the_sniper_policy_is_the_ported_programs() {
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let mut fired = 0;
        for _ in 0..2_000 {
            let side = 3 + draw::index(&mut rng, 6) as i32;
            let count = 2 + draw::index(&mut rng, 4);
            let mut tanks: Vec<(u32, i32, i32)> = Vec::new();
            while tanks.len() < count {
                let (x, y) = (
                    draw::index(&mut rng, side as usize) as i32,
                    draw::index(&mut rng, side as usize) as i32,
                );
                if !tanks.iter().any(|t| (t.1, t.2) == (x, y)) {
                    tanks.push((10 * tanks.len() as u32 + 3, x, y));
                }
            }
            let o = obs(tanks[0].0, side as u16, &tanks);
            for t in &o.tanks {
                let view = Observation {
                    you: t.id,
                    ..o.clone()
                };
                let expected = ported(&view, &mut rng);
                assert_eq!(shot_among(&o.tanks, *t), expected, "tank {} in {o:?}", t.id);
                fired += usize::from(expected.is_some());
            }
        }
        assert!(
            fired > 1_000,
            "the positions should often share lines ({fired})"
        );
    }

    #[test]
    fn a_tank_that_acts_as_the_sniper_is_taken_for_one_and_one_that_does_not_is_not() {
        let mut field = Field::default();
        // Tank 1 shares no line at first: a sniper moves. Tank 2 shares tank 3's column:
        // a sniper fires left and stays.
        field.learn(&obs(0, 6, &[(0, 0, 0), (1, 1, 1), (2, 2, 3), (3, 2, 5)]));
        field.learn(&obs(0, 6, &[(0, 0, 0), (1, 1, 2), (2, 2, 3), (3, 2, 5)]));
        let [s1, ..] = field.kinds(1);
        let [s2, ..] = field.kinds(2);
        assert!(s1 > PRIOR[SNIPER] && s2 > PRIOR[SNIPER], "{s1} {s2}");
        // Tank 2 moves while it sees tank 3: not what a sniper does. Tank 1 moves again
        // where it shares no line: what one does.
        field.learn(&obs(0, 6, &[(0, 0, 0), (1, 0, 2), (2, 3, 3), (3, 2, 5)]));
        let [after, r2, h2, o2] = field.kinds(2);
        assert!(after < s2 / 3.0, "{s2} -> {after}");
        assert!((after + r2 + h2 + o2 - 1.0).abs() < 1e-9);
        let [s1, ..] = field.kinds(1);
        assert!(s1 > 0.5, "moved each time it saw nobody: {s1}");
    }

    #[test]
    fn a_stay_whose_shell_would_have_shown_is_evidence() {
        // Tank 1 sees tank 2 in its column; a sniper fires left along its row, where tank 3
        // stands: had it fired, tank 3 would be gone.
        let before = obs(0, 6, &[(0, 5, 5), (1, 1, 1), (2, 1, 3), (3, 4, 1)]);
        let mut field = Field::default();
        field.learn(&before);
        field.learn(&before);
        let [s, r, ..] = field.kinds(1);
        assert!(s < 0.05, "nothing was hit: {s}");
        // Every line of tank 1 has a tank on it: a random tank that stays fires along one.
        assert!(r < 0.05, "{r}");
    }

    #[test]
    fn a_known_sniper_makes_its_line_certain_death_and_other_squares_safe() {
        let mut field = Field::default();
        field.kinds.insert(2, [1.0, 0.0, 0.0, 0.0]);
        field.kinds.insert(3, [0.0, 0.0, 0.0, 1.0]);
        // Tank 2 at (1,4) sees tank 3 in its row: it fires up its column (x = 1), round the
        // torus. The observer at (0,3) shares no line with 2; with 3, none either.
        let o = obs(0, 6, &[(0, 0, 3), (2, 1, 4), (3, 4, 4)]);
        assert_eq!(field.risk(&o, Coord::new(0, 3), None), 0.0);
        assert_eq!(field.risk(&o, Coord::new(1, 3), None), 1.0);
        assert_eq!(
            field.action_risk(&o, Action::Move(Dir4::Right)),
            Some(1.0),
            "moving right onto the column"
        );
        assert_eq!(field.action_risk(&o, Action::Idle), Some(0.0));
        // Tank 3 is of the other kind: if it stays (one half) it fires along a line where it
        // sees nothing one time in eight, and both ways round its column reach (4,2).
        let r = field.risk(&o, Coord::new(4, 2), None);
        assert!((r - 0.125).abs() < 1e-9, "{r}");
        // Tanks in between shield: a random tank 4 on the sniper's column takes its shell
        // before (1,3), and its own shells reach (1,3) only upwards (tank 2 shields the other
        // way round).
        field.kinds.insert(4, [0.0, 1.0, 0.0, 0.0]);
        let shielded = obs(0, 6, &[(0, 0, 3), (2, 1, 4), (3, 4, 4), (4, 1, 0)]);
        let r = field.risk(&shielded, Coord::new(1, 3), None);
        assert!((r - 0.125).abs() < 1e-9, "{r}");
        assert_eq!(
            field.risk(&shielded, Coord::new(1, 5), None),
            1.0,
            "before tank 4"
        );
    }

    #[test]
    fn a_sniper_whose_move_was_blocked_is_still_taken_for_one() {
        // Tank 1 shares no line, so a sniper moves; it stayed, but the square below it is
        // held (tank 2 won it, or stood there): the move may have been blocked.
        let mut field = Field::default();
        field.learn(&obs(0, 6, &[(0, 5, 5), (1, 1, 2), (2, 2, 0)]));
        field.learn(&obs(0, 6, &[(0, 5, 5), (1, 1, 2), (2, 1, 1)]));
        let [s, ..] = field.kinds(1);
        assert!(s > 0.1, "{s}");
        // Where no square around it is held, staying is what a sniper does not do.
        let mut field = Field::default();
        field.learn(&obs(0, 6, &[(0, 5, 5), (1, 1, 2), (2, 3, 0)]));
        field.learn(&obs(0, 6, &[(0, 5, 5), (1, 1, 2), (2, 3, 0)]));
        let [s, ..] = field.kinds(1);
        assert!(s < 0.05, "{s}");
    }

    #[test]
    fn a_tank_that_does_what_a_hunter_would_is_taken_for_one() {
        let start = obs(0, 6, &[(0, 5, 5), (1, 1, 2), (2, 3, 0)]);
        let mut field = Field::default();
        field.learn(&start);
        field.expect(1, &[Action::Move(Dir4::Up)]);
        field.learn(&obs(0, 6, &[(0, 5, 5), (1, 1, 3), (2, 3, 0)]));
        let [_, _, h, o] = field.kinds(1);
        assert!(h > 0.5 && h > 4.0 * o, "moved as expected: {h} {o}");
        // Expected to fire up along an empty line, it moved: not a hunter.
        field.expect(1, &[Action::Shoot(Dir4::Up), Action::Idle]);
        field.learn(&obs(0, 6, &[(0, 5, 5), (1, 2, 3), (2, 3, 0)]));
        let [_, _, h2, _] = field.kinds(1);
        assert!(h2 < h / 3.0, "{h} -> {h2}");
        // What it is expected to do makes the danger: a shot along the observer's column.
        let here = obs(0, 6, &[(0, 2, 5), (1, 2, 3), (2, 3, 0)]);
        field.kinds.insert(1, [0.0, 0.0, 1.0, 0.0]);
        field.expect(1, &[Action::Shoot(Dir4::Up), Action::Move(Dir4::Left)]);
        assert_eq!(field.risk(&here, Coord::new(2, 5), None), 0.5);
        assert_eq!(field.risk(&here, Coord::new(1, 5), None), 0.0);
    }
}
