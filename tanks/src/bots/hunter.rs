//! `hunter`: a one-tick look-ahead against a learned model of the other tanks.

use alloc::collections::BTreeMap;
use alloc::collections::btree_map::Entry;
use alloc::vec::Vec;

use engine_core::{Bot, Coord, Dir4, RngCore};

use crate::{Action, Observation, Tanks, draw};

/// Probabilities are fixed-point integers: `ONE` is certainty.
const ONE: i64 = 1_000_000;

/// What a certain death costs, in expected kills.
const DEATH: i64 = 4;

/// How much of next tick's best expected shot counts now, in percent.
const PROSPECT_PERCENT: i64 = 50;

/// The chance that an enemy which stays fires along a line, by what is on that line now.
const FIRE_AT_ME: i64 = ONE * 6 / 10;
const FIRE_AT_OTHER: i64 = ONE * 3 / 10;
const FIRE_BLIND: i64 = ONE / 6;

/// The hunter: each tick it weighs its nine actions by expected kills minus a heavy price
/// on the chance of being destroyed, against a model of every other tank.
///
/// - **Model.** A tank moves with the frequency the hunter has seen it move (counted from
///   its squares tick by tick, starting from one half), each direction alike. Only a tank
///   that does not move can fire (a tank either moves or shoots), from its square, and it is
///   likelier to fire along a line where it now sees a tank (above all the hunter) than
///   along an empty one.
/// - **Defence.** For every square the hunter can end on (where it is, or a neighbour if
///   its move succeeds — it may lose a contest or be blocked), the chance that some tank
///   with a clear line to that square fires along it.
/// - **Attack.** For each direction, the chance that some tank ends the moves as the first
///   tank along that line, over every square it can move to.
///
/// Ties are broken at random, from the runner's RNG.
#[derive(Clone, Debug, Default)]
pub struct Hunter {
    /// Per tank id: where it was last tick, how often it moved, how often it was seen twice.
    tracks: BTreeMap<u32, Track>,
}

#[derive(Clone, Copy, Debug)]
struct Track {
    last: Coord,
    moves: u32,
    looks: u32,
}

/// Another tank, as the hunter models it this tick.
#[derive(Clone, Copy, Debug)]
struct Enemy {
    at: Coord,
    /// The chance it tries to move, each direction alike.
    p_move: i64,
}

struct View<'a> {
    n: i32,
    me: Coord,
    enemies: &'a [Enemy],
}

impl Hunter {
    /// A hunter with no memory yet.
    pub fn new() -> Hunter {
        Hunter::default()
    }

    fn learn(&mut self, obs: &Observation) -> Vec<Enemy> {
        let mut enemies = Vec::with_capacity(obs.tanks.len());
        for t in obs.others() {
            let track = match self.tracks.entry(t.id) {
                Entry::Vacant(v) => v.insert(Track {
                    last: t.at,
                    moves: 0,
                    looks: 0,
                }),
                Entry::Occupied(o) => {
                    let track = o.into_mut();
                    track.looks += 1;
                    track.moves += u32::from(track.last != t.at);
                    track.last = t.at;
                    track
                }
            };
            // Laplace's rule: a prior of one move in two.
            let p_move = ONE * i64::from(track.moves + 1) / i64::from(track.looks + 2);
            enemies.push(Enemy {
                at: t.at,
                p_move: p_move.clamp(ONE / 20, ONE * 19 / 20),
            });
        }
        let alive: Vec<u32> = obs.tanks.iter().map(|t| t.id).collect();
        self.tracks.retain(|id, _| alive.binary_search(id).is_ok());
        enemies
    }
}

impl Bot<Tanks> for Hunter {
    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        let enemies = self.learn(obs);
        let Some(me) = obs.me() else {
            return Action::Idle;
        };
        if enemies.is_empty() {
            return Action::Idle;
        }
        let view = View {
            n: i32::from(obs.width.max(1)),
            me,
            enemies: &enemies,
        };
        let stay_risk = view.death_risk(me, None);
        let mut best: Vec<Action> = Vec::with_capacity(8);
        let mut best_value = i64::MIN;
        let mut consider = |action: Action, value: i64| {
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(action);
            }
        };
        let here = view.prospects(me);
        for dir in Dir4::ALL {
            let kills = view.expected_kills(me, dir);
            consider(Action::Shoot(dir), kills - DEATH * stay_risk + here);
        }
        for dir in Dir4::ALL {
            let to = step(view.n, me, dir);
            let vacated = view.enemies.iter().position(|e| e.at == to);
            let success = view.move_success(to, vacated);
            let risk = (success * view.death_risk(to, vacated) + (ONE - success) * stay_risk) / ONE;
            let prospects = (success * view.prospects(to) + (ONE - success) * here) / ONE;
            consider(Action::Move(dir), -DEATH * risk + prospects);
        }
        best[draw::below(rng, best.len() as u32) as usize]
    }
}

impl View<'_> {
    /// The chance of being destroyed on `at` this tick, if the hunter ends there (`vacated`:
    /// the enemy that had to leave `at` for the hunter to enter, so it is not firing).
    fn death_risk(&self, at: Coord, vacated: Option<usize>) -> i64 {
        let mut survive = ONE;
        for (i, e) in self.enemies.iter().enumerate() {
            if Some(i) == vacated {
                continue;
            }
            let mut fire = 0;
            for dir in Dir4::ALL {
                let Some(k) = along(self.n, e.at, at, dir) else {
                    continue;
                };
                // Other tanks (where they are now) shield the hunter.
                let shielded = self.enemies.iter().enumerate().any(|(j, b)| {
                    j != i
                        && Some(j) != vacated
                        && along(self.n, e.at, b.at, dir).is_some_and(|d| d < k)
                });
                if shielded {
                    continue;
                }
                fire += match self.first_seen(e.at, dir, Some(i)) {
                    Some(seen) if seen == self.me => FIRE_AT_ME,
                    Some(_) => FIRE_AT_OTHER,
                    None => FIRE_BLIND,
                };
            }
            let p_fire = (ONE - e.p_move) * fire.min(ONE) / ONE;
            survive = survive * (ONE - p_fire) / ONE;
        }
        ONE - survive
    }

    /// The square of the first tank (the hunter included) along `dir` from `from` as things
    /// stand, ignoring enemy `skip`.
    fn first_seen(&self, from: Coord, dir: Dir4, skip: Option<usize>) -> Option<Coord> {
        let mut best = along(self.n, from, self.me, dir).map(|d| (d, self.me));
        for (j, b) in self.enemies.iter().enumerate() {
            if Some(j) == skip {
                continue;
            }
            if let Some(d) = along(self.n, from, b.at, dir) {
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, b.at));
                }
            }
        }
        best.map(|(_, c)| c)
    }

    /// The expected number of tanks a shell fired along `dir` hits, over where each enemy
    /// can move (each enemy judged with the others where they are now).
    /// What standing on `at` is worth for the next tick: a share of the best shot from there.
    fn prospects(&self, at: Coord) -> i64 {
        let best = Dir4::ALL
            .into_iter()
            .map(|d| self.expected_kills(at, d))
            .max()
            .unwrap_or(0);
        best * PROSPECT_PERCENT / 100
    }

    fn expected_kills(&self, from: Coord, dir: Dir4) -> i64 {
        let mut total = 0;
        for (i, e) in self.enemies.iter().enumerate() {
            let mut outcomes = [(e.at, ONE - e.p_move); 5];
            for (k, d) in Dir4::ALL.into_iter().enumerate() {
                let to = step(self.n, e.at, d);
                // A move into an occupied square most likely fails.
                let blocked = to == self.me || self.enemies.iter().any(|b| b.at == to);
                outcomes[k + 1] = (if blocked { e.at } else { to }, e.p_move / 4);
            }
            for (at, p) in outcomes {
                let Some(k) = along(self.n, from, at, dir) else {
                    continue;
                };
                let shielded =
                    self.enemies.iter().enumerate().any(|(j, b)| {
                        j != i && along(self.n, from, b.at, dir).is_some_and(|d| d < k)
                    });
                if !shielded {
                    total += p;
                }
            }
        }
        total
    }

    /// The chance that a move onto `to` succeeds.
    fn move_success(&self, to: Coord, vacated: Option<usize>) -> i64 {
        let mut p = ONE;
        if let Some(i) = vacated {
            // The occupant must move away, and not towards the hunter (a cancelled swap).
            p = self.enemies[i].p_move * 3 / 4;
        }
        for (j, e) in self.enemies.iter().enumerate() {
            if Some(j) == vacated {
                continue;
            }
            // Another tank next to `to` may want it too; the draw is even.
            let contends = Dir4::ALL.into_iter().any(|d| step(self.n, e.at, d) == to);
            if contends {
                p = p * (ONE - e.p_move / 4 / 2) / ONE;
            }
        }
        p
    }
}

/// The square one step from `c` in `dir` (y up) on an `n` x `n` torus.
fn step(n: i32, c: Coord, dir: Dir4) -> Coord {
    let (dx, dy) = dir.delta_y_up();
    Coord::new((c.x + dx).rem_euclid(n), (c.y + dy).rem_euclid(n))
}

/// How many steps in `dir` lead from `from` to `to` (1..n), or `None` when `to` is not on
/// that line (or is `from`).
fn along(n: i32, from: Coord, to: Coord, dir: Dir4) -> Option<i32> {
    let d = match dir {
        Dir4::Right if from.y == to.y => to.x - from.x,
        Dir4::Left if from.y == to.y => from.x - to.x,
        Dir4::Up if from.x == to.x => to.y - from.y,
        Dir4::Down if from.x == to.x => from.y - to.y,
        _ => return None,
    };
    let d = d.rem_euclid(n);
    (d != 0).then_some(d)
}
