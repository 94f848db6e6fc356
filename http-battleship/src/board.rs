//! One player's grid: where its ships lie and which cells the opponent has struck.

use alloc::vec;
use alloc::vec::Vec;

use koth_engine_core::{Grid, Size};

use crate::ShotResult;
use crate::cell::Cell;
use crate::placement::Fleet;

/// The high bit of a cell byte: the opponent has shot this cell.
const STRUCK: u8 = 0x80;
/// The low bits: 0 for water, `i + 1` for ship `i` (at most 60 ships).
const SHIP: u8 = 0x7f;

/// A fleet on its grid with the opponent's strikes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// Ship index + 1 (or 0) in the low bits, [`STRUCK`] once shot.
    cells: Grid<u8>,
    /// Distinct struck cells of each ship.
    hits: Vec<u8>,
    fleet: Fleet,
    sunk: u16,
}

impl Board {
    /// The fleet laid on a `width` x `height` grid (the fleet is valid for it: at most 60
    /// ships, every cell on the grid, no overlaps).
    pub(crate) fn new(fleet: Fleet, width: u16, height: u16) -> Self {
        let mut cells = Grid::new(Size::new(width, height), 0u8);
        for (i, ship) in fleet.ships().iter().enumerate() {
            for c in ship.cells() {
                if let Some(slot) = cells.get_mut(c.into()) {
                    *slot = (i as u8 + 1) & SHIP;
                }
            }
        }
        Board {
            cells,
            hits: vec![0; fleet.ships().len()],
            fleet,
            sunk: 0,
        }
    }

    /// Resolves a shot at `at` (on the grid): a miss on water and on a ship already sunk,
    /// otherwise a hit; the hit that strikes a ship's last unstruck cell sinks it, and the
    /// sinking of the last ship wins. Repeat shots on a ship still afloat are hits again.
    #[inline]
    pub(crate) fn fire(&mut self, at: Cell) -> ShotResult {
        let Some(cell) = self.cells.get_mut(at.into()) else {
            return ShotResult::Miss;
        };
        let ship = (*cell & SHIP) as usize;
        let first_strike = *cell & STRUCK == 0;
        *cell |= STRUCK;
        if ship == 0 {
            return ShotResult::Miss;
        }
        let i = ship - 1;
        let (Some(hits), Some(s)) = (self.hits.get_mut(i), self.fleet.ships().get(i)) else {
            return ShotResult::Miss;
        };
        if *hits == s.length {
            return ShotResult::Miss;
        }
        if first_strike {
            *hits += 1;
        }
        if *hits < s.length {
            return ShotResult::Hit;
        }
        self.sunk += 1;
        if self.sunk as usize == self.hits.len() {
            ShotResult::Win
        } else {
            ShotResult::Sunk
        }
    }

    pub(crate) fn fleet(&self) -> &Fleet {
        &self.fleet
    }

    /// Whether the opponent has shot `at`.
    pub(crate) fn struck(&self, at: Cell) -> bool {
        self.cells.get(at.into()).is_some_and(|c| c & STRUCK != 0)
    }

    /// The ship index at `at`, if any.
    pub(crate) fn ship_at(&self, at: Cell) -> Option<usize> {
        let c = *self.cells.get(at.into())? & SHIP;
        (c != 0).then(|| c as usize - 1)
    }

    /// Whether ship `i` is sunk.
    pub(crate) fn is_sunk(&self, i: usize) -> bool {
        match (self.hits.get(i), self.fleet.ships().get(i)) {
            (Some(&h), Some(s)) => h == s.length,
            _ => false,
        }
    }

    /// Ships sunk so far.
    pub(crate) fn sunk(&self) -> u16 {
        self.sunk
    }
}
