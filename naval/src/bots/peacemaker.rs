//! The seed's PeaceMaker (Python 2, a Battleship).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use koth_engine_core::{Bot, PlayerId, RngCore};

use crate::observation::{SIGHT_CELLS, SIGHT_SIDE};
use crate::protocol::parse_orders;
use crate::{Config, Naval, Observation, Orders, ShipClass, SightCell};

/// The seed's PeaceMaker: fires its shots at the first enemy cells (`A`) of a spiral from the
/// centre of its map outwards, shields if it saw enemies but fired nothing, scans if it saw
/// none, and shuttles forward and back along its axis, keeping two cells from mines.
///
/// A faithful port of the Python original, quirks included: the spiral is built from the
/// outside in with loop bounds that skip some cells and then reversed; the backward check
/// looks two and three cells behind the tail rather than one and two; a map index past the
/// edge crashes the original (no output: `W`, and its file is not updated). Its memory, the
/// last shuttle direction (`PeaceMaker.txt`), is reset by its class choice
/// ([`Bot::setup`]).
#[derive(Clone, Debug)]
pub struct PeaceMaker {
    priorities: Vec<usize>,
    /// `1` forward, `0` backward (the file's first character; empty means `1`).
    last_direction: u8,
}

impl Default for PeaceMaker {
    fn default() -> Self {
        PeaceMaker {
            priorities: reversed_spiral_order(SIGHT_SIDE),
            last_direction: 1,
        }
    }
}

/// `reversedSpiralOrder(length)`, bounds and all.
pub(crate) fn reversed_spiral_order(length: usize) -> Vec<usize> {
    let (mut top, mut down, mut left, mut right) =
        (0i64, length as i64 - 1, 0i64, length as i64 - 1);
    let n = length as i64;
    let mut result = Vec::new();
    loop {
        for j in left..=right {
            result.push(top * n + j);
        }
        top += 1;
        if top > down || left > right {
            break;
        }
        for i in top..=down {
            result.push(i * n + right);
        }
        right -= 1;
        if top > down || left > right {
            break;
        }
        // range(right, left + 1, -1): right down to left + 2.
        let mut j = right;
        while j > left + 1 {
            result.push(down * n + j);
            j -= 1;
        }
        down -= 1;
        if top > down || left > right {
            break;
        }
        // range(down, top + 1, -1): down down to top + 2.
        let mut i = down;
        while i > top + 1 {
            result.push(i * n + left);
            i -= 1;
        }
        left += 1;
        if top > down || left > right {
            break;
        }
    }
    result.reverse();
    result.into_iter().map(|v| v as usize).collect()
}

/// `map[row][col]` with Python's indexing: negative indexes count from the end, others past
/// the end raise (`None`).
fn py_cell(map: &[SightCell; SIGHT_CELLS], row: i64, col: i64) -> Option<SightCell> {
    let n = SIGHT_SIDE as i64;
    let fix = |i: i64| {
        let i = if i < 0 { i + n } else { i };
        (0..n).contains(&i).then_some(i as usize)
    };
    Some(map[fix(row)? * SIGHT_SIDE + fix(col)?])
}

/// `canMove(x, y, direction, hull, map)`: 1 forward possible, 2 backward, 3 both, 0 none;
/// `None` where the original crashes.
fn can_move(dir: u8, hull: i64, map: &[SightCell; SIGHT_CELLS]) -> Option<u8> {
    let (x, y) = (9i64, 9i64);
    let (x1, y1, x2, y2, hx1, hy1, hx2, hy2) = match dir {
        0 => (0, -1, 0, -2, 0, 1 + hull, 0, 2 + hull),
        1 => (1, 0, 2, 0, -1 - hull, 0, -2 - hull, 0),
        2 => (0, 1, 0, 2, 0, -1 - hull, 0, -2 - hull),
        _ => (-1, 0, -2, 0, 1 + hull, 0, 2 + hull, 0),
    };
    let mut moves = 0;
    if py_cell(map, y + y1, x + x1)? == SightCell::Water
        && py_cell(map, y + y2, x + x2)? != SightCell::Mine
    {
        moves += 1;
    }
    if py_cell(map, y + hy1, x + hx1)? == SightCell::Water
        && py_cell(map, y + hy2, x + hx2)? != SightCell::Mine
    {
        moves += 2;
    }
    Some(moves)
}

impl PeaceMaker {
    /// The text the original prints for this input, and its new file content; `None` where
    /// it crashes before printing.
    pub(crate) fn answer(&self, obs: &Observation) -> Option<(String, u8)> {
        let map = obs.map.cells();
        let sight = SIGHT_SIDE;
        let initial_shots = i64::from(obs.shots);
        let mut shots = initial_shots;
        let mut actions = String::new();
        let mut sighted = 0;
        for &priority in &self.priorities {
            let (px, py) = ((priority % sight) as i64, (priority / sight) as i64);
            if map[priority] == SightCell::Enemy {
                sighted += 1;
                if shots > 0 {
                    shots -= 1;
                    let sign = |v: i64| if v >= 0 { "+" } else { "" };
                    let _ = write!(
                        actions,
                        "F{}{}{}{}",
                        sign(px - 9),
                        px - 9,
                        sign(py - 9),
                        py - 9
                    );
                }
            }
        }
        if shots == initial_shots && sighted > 0 {
            actions.push('D');
        } else if shots == initial_shots && sighted <= 0 {
            actions.push('S');
        }
        let mut last = self.last_direction;
        let can = can_move(obs.dir.index(), obs.hull.len() as i64, map)?;
        if last == 1 {
            if can == 1 || can == 3 {
                actions.push('M');
            } else if can == 2 {
                actions.push('B');
                last = 0;
            }
        } else if last == 0 {
            if can == 2 || can == 3 {
                actions.push('B');
            } else if can == 1 {
                actions.push('M');
                last = 1;
            }
        }
        Some((actions, last))
    }
}

impl Bot<Naval> for PeaceMaker {
    /// Always the Battleship (`4`); empties its file.
    fn setup(&mut self, _: &Config, _: PlayerId, _: &mut dyn RngCore) -> Option<Option<ShipClass>> {
        self.last_direction = 1;
        Some(Some(ShipClass::Battleship))
    }

    fn act(&mut self, obs: &Observation, _: &mut dyn RngCore) -> Orders {
        match self.answer(obs) {
            Some((text, last)) => {
                self.last_direction = last;
                parse_orders(&text).orders
            }
            None => Orders::new(),
        }
    }
}
