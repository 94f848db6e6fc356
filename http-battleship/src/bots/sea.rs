//! What a shooter knows about the opponent's grid, kept up to date from its observations.

use alloc::vec;
use alloc::vec::Vec;

use crate::{Cell, Config, Observation, ShotRecord, ShotResult};

/// One cell of the opponent's grid as the shooter knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Not shot yet.
    Unknown,
    /// Shot: water.
    Miss,
    /// Shot: a ship not known to be sunk.
    Hit,
    /// Part of a ship the shooter believes sunk.
    Sunk,
}

/// The shooter's knowledge: marks, unresolved hits and the ships believed afloat.
#[derive(Clone, Debug)]
pub(crate) struct Sea {
    pub(crate) config: Config,
    pub(crate) w: usize,
    pub(crate) h: usize,
    pub(crate) marks: Vec<Mark>,
    /// Indices of cells marked [`Mark::Hit`].
    pub(crate) open: Vec<usize>,
    /// Ships of each length (index = length - 1) believed afloat.
    pub(crate) afloat: [u8; 6],
    /// Own shots already folded in.
    seen: usize,
}

impl Sea {
    pub(crate) fn new(config: &Config) -> Self {
        let (w, h) = (config.width.max(1) as usize, config.height.max(1) as usize);
        Sea {
            config: *config,
            w,
            h,
            marks: vec![Mark::Unknown; w * h],
            open: Vec::new(),
            afloat: config.ships,
            seen: 0,
        }
    }

    /// Folds the observation's new shots in (starting afresh for another match).
    pub(crate) fn sync(&mut self, obs: &Observation) {
        if obs.config != self.config || obs.my_shots.len() < self.seen {
            *self = Sea::new(&obs.config);
        }
        for &rec in obs.my_shots.get(self.seen..).unwrap_or(&[]) {
            self.record(rec);
        }
        self.seen = obs.my_shots.len();
    }

    pub(crate) fn cell(&self, i: usize) -> Cell {
        Cell::from_index(i, self.w)
    }

    pub(crate) fn record(&mut self, rec: ShotRecord) {
        let i = rec.at.index(self.w);
        let Some(&mark) = self.marks.get(i) else {
            return;
        };
        match rec.result {
            ShotResult::Miss => {
                if mark == Mark::Unknown {
                    self.marks[i] = Mark::Miss;
                }
            }
            ShotResult::Hit | ShotResult::Sunk | ShotResult::Win => {
                if mark != Mark::Hit && mark != Mark::Sunk {
                    self.marks[i] = Mark::Hit;
                    self.open.push(i);
                }
                if rec.result != ShotResult::Hit && self.marks[i] == Mark::Hit {
                    self.resolve_sunk(i);
                }
            }
        }
    }

    /// The shortest length still afloat (1 if none is believed afloat).
    pub(crate) fn shortest_afloat(&self) -> usize {
        self.afloat.iter().position(|&n| n > 0).map_or(1, |i| i + 1)
    }

    /// A sinking shot at `i`: picks the sunk ship among the unresolved hits in line with it
    /// (the longer run, a length still afloat, preferring a ship that ends at `i`).
    fn resolve_sunk(&mut self, i: usize) {
        let (x, y) = (i % self.w, i / self.w);
        let run = |dx: isize, dy: isize| -> usize {
            let mut n = 0;
            let (mut cx, mut cy) = (x as isize + dx, y as isize + dy);
            while cx >= 0 && cy >= 0 && (cx as usize) < self.w && (cy as usize) < self.h {
                if self.marks[cy as usize * self.w + cx as usize] != Mark::Hit {
                    break;
                }
                n += 1;
                cx += dx;
                cy += dy;
            }
            n
        };
        let (left, right, up, down) = (run(-1, 0), run(1, 0), run(0, -1), run(0, 1));
        let mut axes = [((1isize, 0isize), left, right), ((0, 1), up, down)];
        if up + down > left + right {
            axes.swap(0, 1);
        }
        for ((dx, dy), before, after) in axes {
            let total = before + after + 1;
            let Some(len) = (1..=total.min(6)).rev().find(|&l| self.afloat[l - 1] > 0) else {
                continue;
            };
            // How many cells of the ship lie before `i`: all but one if possible, else none.
            let k = if before >= len - 1 {
                len - 1
            } else {
                // Starting at `i` if the run allows it, else as far back as needed.
                (len - 1).saturating_sub(after)
            };
            for step in 0..len as isize {
                let off = step - k as isize;
                let cx = (x as isize + dx * off) as usize;
                let cy = (y as isize + dy * off) as usize;
                self.marks[cy * self.w + cx] = Mark::Sunk;
            }
            self.afloat[len - 1] -= 1;
            self.open.retain(|&c| self.marks[c] == Mark::Hit);
            return;
        }
        // Nothing afloat fits (the knowledge is off): the one cell is at least settled.
        self.marks[i] = Mark::Sunk;
        self.open.retain(|&c| c != i);
    }
}
