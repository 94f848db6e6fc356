//! Phase 3: destroyed tanks are removed from the torus.

use alloc::vec::Vec;

use koth_engine_core::{Coord, PlayerId};

use crate::Event;
use crate::board::{Board, EMPTY};

/// Removes every tank marked in `hit_by` (resetting the marks), records `tick` as its
/// destruction tick, drops it from `living`, and appends one [`Event::Destroyed`] per
/// destroyed tank in seat order.
pub(crate) fn remove(
    board: &mut Board,
    pos: &[Coord],
    living: &mut Vec<PlayerId>,
    destroyed: &mut [Option<u32>],
    hit_by: &mut [u16],
    tick: u32,
    events: &mut Vec<Event>,
) {
    let before = events.len();
    for &tank in living.iter() {
        let by = core::mem::replace(&mut hit_by[tank.index()], EMPTY);
        if by != EMPTY {
            board.clear(pos[tank.index()]);
            destroyed[tank.index()] = Some(tick);
            events.push(Event::Destroyed {
                tank,
                by: PlayerId(by as u8),
            });
        }
    }
    if events.len() > before {
        living.retain(|p| destroyed[p.index()].is_none());
    }
}
