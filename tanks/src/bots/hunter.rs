//! `hunter`: a one-tick look-ahead against a learned model of the other tanks.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use koth_engine_core::{Bot, Coord, Dir4, RngCore, Size, Topology, draw};

use crate::{Action, Observation, TankView, Tanks};

/// Probabilities are fixed-point integers: `ONE` is certainty.
const ONE: i64 = 1_000_000;

/// What a certain death costs, in expected kills.
const DEATH: i64 = 8;

/// How much of next tick's best expected shot counts now, in percent.
const PROSPECT_PERCENT: i64 = 50;

/// The prior chance that a tank which stays fires at a tank it sees (before evidence), and
/// how many sightings that prior weighs.
const FIRE_PRIOR: i64 = ONE / 2;
const FIRE_PRIOR_WEIGHT: i64 = 2;

/// The least chance that a tank which stays fires along a line where it sees no tank.
const FIRE_BLIND: i64 = ONE / 2;

/// The hunter: each tick it weighs its nine actions by expected kills minus a heavy price
/// on the chance of being destroyed, against a model of every other tank that it learns as
/// the match goes on.
///
/// - **Model.** Each tank's chance to move is counted from its squares tick by tick (from a
///   prior of one half), separately for ticks when it sees another tank along its row or
///   column and ticks when it sees none; each direction alike. Only a tank that does not
///   move can fire (a tank either moves or shoots). Along a line where it sees a tank it
///   fires at the rate the hunter has observed — a tank that stayed while the first tank
///   on one of its lines stayed there and survived did not fire that way; one whose target
///   vanished may have. A tank that stays is assumed to fire: what its rate at tanks it
///   sees leaves over goes to its empty lines (a tank that never fires at what it sees
///   fires somewhere else), and an empty line never counts below one half: a square on a
///   line of a tank that may stay is treated as dangerous.
/// - **Defence.** For every square the hunter can end on (where it is, or a neighbour if
///   its move succeeds — it may lose a contest or be blocked), the chance that some tank
///   with a clear line to that square fires along it.
/// - **Attack.** For each direction, the chance that some tank ends the moves as the first
///   tank along that line, over every square it can move to; plus half of the best such
///   chance from where the hunter ends, for the next tick.
///
/// Ties are broken at random, from the runner's RNG.
#[derive(Clone, Debug, Default)]
pub struct Hunter {
    /// What the hunter has learnt of each tank, by id.
    tracks: BTreeMap<u32, Track>,
    /// Last tick's tanks (ascending id).
    prev: Vec<TankView>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Track {
    /// Moves and sightings, `[without, with]` a tank in view at the start of the tick.
    moves: [u32; 2],
    looks: [u32; 2],
    /// Ticks it stayed with a tank in view and the outcome told whether it fired at it.
    trials: u32,
    /// How many of those ended with a tank it saw destroyed.
    hits: u32,
}

/// Another tank, as the hunter models it this tick.
#[derive(Clone, Copy, Debug)]
struct Enemy {
    at: Coord,
    /// The chance it tries to move, each direction alike.
    p_move: i64,
    /// The chance it fires along a line where it sees a tank, if it stays.
    fire: i64,
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

    /// Updates the model from what happened since last tick; returns the enemies as they
    /// stand now.
    fn learn(&mut self, obs: &Observation) -> Vec<Enemy> {
        let n = i32::from(obs.width.max(1));
        let now = &obs.tanks;
        for e in self.prev.iter().filter(|t| t.id != obs.you) {
            let Some(e_now) = obs.position_of(e.id) else {
                continue;
            };
            let seen = Dir4::ALL.map(|d| first_along(n, &self.prev, e.at, d, e.id));
            let had = usize::from(seen.iter().any(Option::is_some));
            let track = self.tracks.entry(e.id).or_default();
            let moved = e_now != e.at;
            track.looks[had] += 1;
            track.moves[had] += u32::from(moved);
            if moved {
                continue;
            }
            let mut evidence = None;
            for (d, target) in Dir4::ALL.into_iter().zip(seen) {
                let Some(t) = target else { continue };
                if obs.position_of(t.id).is_none() {
                    evidence = Some(true);
                } else if evidence.is_none()
                    && first_along(n, now, e_now, d, e.id).is_some_and(|f| f.id == t.id)
                {
                    evidence = Some(false);
                }
            }
            if let Some(hit) = evidence {
                track.trials += 1;
                track.hits += u32::from(hit);
            }
        }
        self.tracks
            .retain(|id, _| now.binary_search_by_key(id, |t| t.id).is_ok());
        self.prev.clone_from(now);

        obs.others()
            .map(|t| {
                let track = self.tracks.get(&t.id).copied().unwrap_or_default();
                let sees = Dir4::ALL
                    .into_iter()
                    .any(|d| first_along(n, now, t.at, d, t.id).is_some());
                let b = usize::from(sees);
                // Laplace's rule: a prior of one move in two.
                let p_move = ONE * i64::from(track.moves[b] + 1) / i64::from(track.looks[b] + 2);
                let fire = (FIRE_PRIOR * FIRE_PRIOR_WEIGHT + ONE * i64::from(track.hits))
                    / (FIRE_PRIOR_WEIGHT + i64::from(track.trials));
                Enemy {
                    at: t.at,
                    p_move: p_move.clamp(ONE / 20, ONE * 19 / 20),
                    fire: fire.clamp(ONE / 50, ONE),
                }
            })
            .collect()
    }
}

/// The first tank along `dir` from `from` among `tanks`, other than `skip`.
pub(super) fn first_along(
    n: i32,
    tanks: &[TankView],
    from: Coord,
    dir: Dir4,
    skip: u32,
) -> Option<TankView> {
    tanks
        .iter()
        .filter(|t| t.id != skip)
        .filter_map(|t| along(n, from, t.at, dir).map(|d| (d, *t)))
        .min_by_key(|(d, _)| *d)
        .map(|(_, t)| t)
}

/// One of the hunter's actions as it weighs them.
#[derive(Clone, Copy, Debug)]
struct Weighed {
    action: Action,
    /// Expected kills minus the price of the risk, fixed-point.
    value: i64,
}

impl Hunter {
    /// Learns from the observation (once a tick) and weighs the eight shots and moves (empty
    /// where the tank is gone or alone).
    fn weigh(&mut self, obs: &Observation) -> Vec<Weighed> {
        let enemies = self.learn(obs);
        let Some(me) = obs.me() else {
            return Vec::new();
        };
        if enemies.is_empty() {
            return Vec::new();
        }
        let view = View {
            n: i32::from(obs.width.max(1)),
            me,
            enemies: &enemies,
        };
        let stay_risk = view.death_risk(me, None);
        let here = view.prospects(me);
        let mut weighed = Vec::with_capacity(8);
        for dir in Dir4::ALL {
            let kills = view.expected_kills(me, dir);
            weighed.push(Weighed {
                action: Action::Shoot(dir),
                value: kills - DEATH * stay_risk + here,
            });
        }
        for dir in Dir4::ALL {
            let to = step(view.n, me, dir);
            let vacated = view.enemies.iter().position(|e| e.at == to);
            let success = view.move_success(to, vacated);
            let risk = (success * view.death_risk(to, vacated) + (ONE - success) * stay_risk) / ONE;
            let prospects = (success * view.prospects(to) + (ONE - success) * here) / ONE;
            weighed.push(Weighed {
                action: Action::Move(dir),
                value: -DEATH * risk + prospects,
            });
        }
        weighed
    }
}

impl Hunter {
    /// Learns from the observation (once a tick) and returns the actions it values most
    /// (its choice is one of them, drawn at random); none where the tank is gone or alone.
    pub(crate) fn best(&mut self, obs: &Observation) -> Vec<Action> {
        let weighed = self.weigh(obs);
        let Some(top) = weighed.iter().map(|w| w.value).max() else {
            return Vec::new();
        };
        weighed
            .iter()
            .filter(|w| w.value == top)
            .map(|w| w.action)
            .collect()
    }
}

impl Bot<Tanks> for Hunter {
    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        let best = self.best(obs);
        if best.is_empty() {
            return Action::Idle;
        }
        best[draw::index(rng, best.len())]
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
            let blind = self.blind_rate(i);
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
                if !shielded {
                    fire += if self.sees(i, dir) { e.fire } else { blind };
                }
            }
            let p_fire = (ONE - e.p_move) * fire.min(ONE) / ONE;
            survive = survive * (ONE - p_fire) / ONE;
        }
        ONE - survive
    }

    /// Whether enemy `i` sees a tank (the hunter included) along `dir` as things stand.
    fn sees(&self, i: usize, dir: Dir4) -> bool {
        let from = self.enemies[i].at;
        along(self.n, from, self.me, dir).is_some()
            || self
                .enemies
                .iter()
                .enumerate()
                .any(|(j, b)| j != i && along(self.n, from, b.at, dir).is_some())
    }

    /// The chance that enemy `i`, if it stays, fires along a given line where it sees no
    /// tank: whatever its observed rate of firing at tanks it sees leaves over, assuming a
    /// tank that stays fires, spread over its empty lines, and never below [`FIRE_BLIND`].
    fn blind_rate(&self, i: usize) -> i64 {
        let e = &self.enemies[i];
        let seen = Dir4::ALL.into_iter().filter(|&d| self.sees(i, d)).count() as i64;
        let rest = (ONE - e.fire * seen).max(0) / (4 - seen).max(1);
        rest.max(FIRE_BLIND)
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
pub(super) fn step(n: i32, c: Coord, dir: Dir4) -> Coord {
    let (dx, dy) = dir.delta_y_up();
    let side = u16::try_from(n).unwrap_or(u16::MAX);
    Topology::Torus
        .offset(Size::square(side), c, dx, dy)
        .unwrap_or(c)
}

/// How many steps in `dir` lead from `from` to `to` (1..n), or `None` when `to` is not on
/// that line (or is `from`).
pub(super) fn along(n: i32, from: Coord, to: Coord, dir: Dir4) -> Option<i32> {
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
