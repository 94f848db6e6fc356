//! `hunter`: parity hunting, then targeting around hits until the ship sinks.

use alloc::vec::Vec;

use koth_engine_core::{Bot, RngCore, draw};

use super::place;
use super::sea::{Mark, Sea};
use crate::{Action, Battleship, Config, Observation, Phase};

/// Hunts on the lattice `(x + y) % s == offset` (`s` the shortest ship afloat), targets the
/// unknown neighbours of unresolved hits, and the ends of a line once two hits line up.
#[derive(Clone, Debug)]
pub(crate) struct Hunter {
    sea: Sea,
    offset: Option<usize>,
    candidates: Vec<usize>,
}

impl Default for Hunter {
    fn default() -> Self {
        Hunter {
            sea: Sea::new(&Config::default()),
            offset: None,
            candidates: Vec::new(),
        }
    }
}

impl Hunter {
    /// Unknown cells next to unresolved hits; line ends first.
    fn target(&mut self, rng: &mut dyn RngCore) -> Option<usize> {
        let sea = &self.sea;
        let (w, h) = (sea.w as isize, sea.h as isize);
        let unknown = |x: isize, y: isize| {
            x >= 0 && y >= 0 && x < w && y < h && sea.marks[(y * w + x) as usize] == Mark::Unknown
        };
        let hit = |x: isize, y: isize| {
            x >= 0 && y >= 0 && x < w && y < h && sea.marks[(y * w + x) as usize] == Mark::Hit
        };
        self.candidates.clear();
        // Line ends: walk from each hit along an axis where a neighbouring hit continues it.
        for &i in &sea.open {
            let (x, y) = ((i % sea.w) as isize, (i / sea.w) as isize);
            for (dx, dy) in [(1, 0), (0, 1)] {
                if !(hit(x + dx, y + dy) || hit(x - dx, y - dy)) {
                    continue;
                }
                for dir in [1, -1] {
                    let (mut cx, mut cy) = (x, y);
                    while hit(cx, cy) {
                        cx += dx * dir;
                        cy += dy * dir;
                    }
                    if unknown(cx, cy) {
                        self.candidates.push((cy * w + cx) as usize);
                    }
                }
            }
        }
        if self.candidates.is_empty() {
            for &i in &sea.open {
                let (x, y) = ((i % sea.w) as isize, (i / sea.w) as isize);
                for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                    if unknown(x + dx, y + dy) {
                        self.candidates.push(((y + dy) * w + x + dx) as usize);
                    }
                }
            }
        }
        draw::choose(rng, &self.candidates).copied()
    }

    /// A random unknown cell on the parity lattice (any unknown cell if the lattice is done).
    fn hunt(&mut self, rng: &mut dyn RngCore) -> Option<usize> {
        let sea = &self.sea;
        let spacing = sea.shortest_afloat().max(1);
        let offset = *self.offset.get_or_insert_with(|| draw::index(rng, spacing)) % spacing;
        self.candidates.clear();
        // The lattice cells of row y are x = offset - y (mod spacing), every spacing cells.
        for (y, row) in sea.marks.chunks(sea.w).enumerate() {
            let mut x = (offset + spacing - y % spacing) % spacing;
            while x < row.len() {
                if row[x] == Mark::Unknown {
                    self.candidates.push(y * sea.w + x);
                }
                x += spacing;
            }
        }
        if self.candidates.is_empty() {
            self.candidates
                .extend((0..sea.marks.len()).filter(|&i| sea.marks[i] == Mark::Unknown));
        }
        draw::choose(rng, &self.candidates).copied()
    }
}

impl Bot<Battleship> for Hunter {
    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        if obs.phase == Phase::Placing {
            return Action::Place(place::placement(&obs.config, rng, false));
        }
        self.sea.sync(obs);
        let choice = match self.target(rng) {
            Some(i) => Some(i),
            None => self.hunt(rng),
        };
        let c = self.sea.cell(choice.unwrap_or(0));
        Action::Shoot {
            x: c.x as u32,
            y: c.y as u32,
        }
    }
}
