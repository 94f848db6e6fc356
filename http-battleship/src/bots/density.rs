//! `density`: shoots the cell that the most layouts of the ships afloat cover.

use alloc::vec::Vec;

use koth_engine_core::{Bot, Coord, RngCore, Size, draw};

use super::place;
use super::sea::{Mark, Sea};
use crate::{
    Action, Battleship, Cell, Config, Fleet, Observation, Phase, Placement, ShotRecord, ShotResult,
};

/// How much more a layout through one more unresolved hit weighs.
const HIT_WEIGHT: u64 = 64;
/// Random layouts drawn when placing; the one a searcher would find latest is kept.
const PLACEMENT_DRAWS: usize = 4;

/// Probability-density shooting (integer counts, no floats) and spread-out placement.
#[derive(Clone, Debug)]
pub(crate) struct Density {
    sea: Sea,
    scores: Vec<u64>,
    best: Vec<usize>,
}

impl Default for Density {
    fn default() -> Self {
        Density {
            sea: Sea::new(&Config::default()),
            scores: Vec::new(),
            best: Vec::new(),
        }
    }
}

impl Density {
    /// Adds, for each length afloat, the layouts through at least one unresolved hit and no
    /// miss or sunk cell; a layout through `k` hits weighs `HIT_WEIGHT^(k-1)` times its
    /// length's count. Each layout is counted once: from its first hit cell.
    fn target_scores(&mut self) {
        let sea = &self.sea;
        let w = sea.w as isize;
        let size = Size::new(sea.w as u16, sea.h as u16);
        for &start_hit in &sea.open {
            let (hx, hy) = ((start_hit % sea.w) as isize, (start_hit / sea.w) as isize);
            for (li, &count) in sea.afloat.iter().enumerate() {
                if count == 0 {
                    continue;
                }
                let len = li as isize + 1;
                for (dx, dy) in [(1isize, 0isize), (0, 1)] {
                    if len == 1 && dy == 1 {
                        continue; // a one-cell layout is the same either way
                    }
                    'layout: for k in 0..len {
                        let (x0, y0) = (hx - dx * k, hy - dy * k);
                        let (x1, y1) = (x0 + dx * (len - 1), y0 + dy * (len - 1));
                        let on_grid =
                            |x: isize, y: isize| size.contains(Coord::new(x as i32, y as i32));
                        if !on_grid(x0, y0) || !on_grid(x1, y1) {
                            continue;
                        }
                        let mut hits = 0u32;
                        for s in 0..len {
                            let i = ((y0 + dy * s) * w + x0 + dx * s) as usize;
                            match sea.marks[i] {
                                Mark::Miss | Mark::Sunk => continue 'layout,
                                // Count the layout from its first hit only.
                                Mark::Hit if s < k => continue 'layout,
                                Mark::Hit => hits += 1,
                                Mark::Unknown => {}
                            }
                        }
                        let weight =
                            count as u64 * HIT_WEIGHT.saturating_pow(hits.saturating_sub(1));
                        for s in 0..len {
                            let i = ((y0 + dy * s) * w + x0 + dx * s) as usize;
                            if sea.marks[i] == Mark::Unknown {
                                self.scores[i] = self.scores[i].saturating_add(weight);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds, for each length afloat, the layouts lying wholly on unknown cells: in a run of
    /// `r` free cells, the cell at offset `i` lies in `min(i, r - l) - max(0, i - l + 1) + 1`
    /// windows of length `l`.
    fn hunt_scores(&mut self) {
        let sea = &self.sea;
        let (w, h) = (sea.w, sea.h);
        let lines = (0..h)
            .map(|y| (y * w, 1usize, w))
            .chain((0..w).map(|x| (x, w, h)));
        for (start, stride, n) in lines {
            let mut i = 0;
            while i < n {
                if sea.marks[start + i * stride] != Mark::Unknown {
                    i += 1;
                    continue;
                }
                let run_start = i;
                while i < n && sea.marks[start + i * stride] == Mark::Unknown {
                    i += 1;
                }
                let r = i - run_start;
                for (li, &count) in sea.afloat.iter().enumerate() {
                    let l = li + 1;
                    if count == 0 || l > r || (l == 1 && stride != 1) {
                        continue;
                    }
                    for off in 0..r {
                        let windows = off.min(r - l) + 1 - (off + 1).saturating_sub(l);
                        let cell = start + (run_start + off) * stride;
                        self.scores[cell] =
                            self.scores[cell].saturating_add(count as u64 * windows as u64);
                    }
                }
            }
        }
    }

    /// The best-scored unknown cell (ties broken at random), or a random unknown cell.
    fn pick(&mut self, rng: &mut dyn RngCore) -> Option<usize> {
        let mut top = 0;
        self.best.clear();
        for (i, &s) in self.scores.iter().enumerate() {
            if s == 0 || self.sea.marks[i] != Mark::Unknown {
                continue;
            }
            if s > top {
                top = s;
                self.best.clear();
            }
            if s == top {
                self.best.push(i);
            }
        }
        if self.best.is_empty() {
            self.best
                .extend((0..self.sea.marks.len()).filter(|&i| self.sea.marks[i] == Mark::Unknown));
        }
        draw::choose(rng, &self.best).copied()
    }

    fn shoot(&mut self, rng: &mut dyn RngCore) -> usize {
        self.scores.clear();
        self.scores.resize(self.sea.marks.len(), 0);
        if !self.sea.open.is_empty() {
            self.target_scores();
        }
        if self.scores.iter().all(|&s| s == 0) {
            self.hunt_scores();
        }
        self.pick(rng).unwrap_or(0)
    }

    /// Draws a few spread-out layouts and keeps the one whose cells an empty-board density
    /// search would reach last (lowest total prior score).
    pub(crate) fn place(&mut self, config: &Config, rng: &mut dyn RngCore) -> Placement {
        self.sea = Sea::new(config);
        self.scores.clear();
        self.scores.resize(self.sea.marks.len(), 0);
        self.hunt_scores();
        let w = self.sea.w;
        let mut best: Option<(u64, Placement)> = None;
        for _ in 0..PLACEMENT_DRAWS {
            let p = place::placement(config, rng, true);
            let score: u64 =
                p.0.iter()
                    .flat_map(|s| {
                        let (x0, x1) = (s.from.0.min(s.to.0), s.from.0.max(s.to.0));
                        let (y0, y1) = (s.from.1.min(s.to.1), s.from.1.max(s.to.1));
                        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (x, y)))
                    })
                    .map(|(x, y)| {
                        self.scores
                            .get(y as usize * w + x as usize)
                            .copied()
                            .unwrap_or(0)
                    })
                    .sum();
            if best.as_ref().is_none_or(|(b, _)| score < *b) {
                best = Some((score, p));
            }
        }
        best.map(|(_, p)| p).unwrap_or_default()
    }
}

/// How many shots `density` takes to sink `fleet` (at most `cap`): its own search, played
/// on a board of its own against the fleet, as in a match (ties broken by `rng`).
pub(crate) fn shots_to_sink(
    config: &Config,
    fleet: &Fleet,
    rng: &mut dyn RngCore,
    cap: u32,
) -> u32 {
    let mut shooter = Density {
        sea: Sea::new(config),
        ..Density::default()
    };
    let w = shooter.sea.w;
    let mut ship_at = alloc::vec![usize::MAX; w * shooter.sea.h];
    let mut left: Vec<u8> = Vec::with_capacity(fleet.ships().len());
    for (s, ship) in fleet.ships().iter().enumerate() {
        for c in ship.cells() {
            if let Some(slot) = ship_at.get_mut(c.index(w)) {
                *slot = s;
            }
        }
        left.push(ship.length);
    }
    let mut afloat = left.len();
    for shot in 1..=cap {
        let i = shooter.shoot(rng);
        let result = match ship_at.get(i).copied() {
            Some(s) if s < left.len() && shooter.sea.marks[i] == Mark::Unknown => {
                left[s] -= 1;
                if left[s] > 0 {
                    ShotResult::Hit
                } else {
                    afloat -= 1;
                    if afloat == 0 {
                        return shot;
                    }
                    ShotResult::Sunk
                }
            }
            _ => ShotResult::Miss,
        };
        shooter.sea.record(ShotRecord {
            at: Cell::from_index(i, w),
            result,
        });
    }
    cap
}

impl Bot<Battleship> for Density {
    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        if obs.phase == Phase::Placing {
            return Action::Place(self.place(&obs.config, rng));
        }
        self.sea.sync(obs);
        let i = self.shoot(rng);
        let c = self.sea.cell(i);
        Action::Shoot {
            x: c.x as u32,
            y: c.y as u32,
        }
    }
}
