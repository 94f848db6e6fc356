//! Phase 2: shots, all at once against the post-move squares.
//!
//! A shell travels square by square from its shooter's square (shooters never move: a tank
//! either moves or shoots). The first other tank it reaches is hit; if it comes back round
//! to the shooter it stops and nothing happens. All shells are traced before any tank is
//! removed, so two tanks can destroy each other, and a tank hit by several shells counts
//! as a kill for each of their shooters.

use alloc::vec::Vec;

use koth_engine_core::{Coord, PlayerId};

use crate::board::{Board, EMPTY};
use crate::{Action, Event};

/// Traces every shot of `actions` (one per living tank, seat order), records in `hit_by`
/// the lowest shooter seat that hit each tank, credits `kills`, and appends one
/// [`Event::Shot`] per shooter in seat order.
pub(crate) fn fire(
    board: &Board,
    pos: &[Coord],
    living: &[PlayerId],
    actions: &[Action],
    hit_by: &mut [u16],
    kills: &mut [u32],
    events: &mut Vec<Event>,
) {
    for (&tank, &action) in living.iter().zip(actions) {
        let Action::Shoot(dir) = action else {
            continue;
        };
        let hit = board.first_along(pos[tank.index()], dir);
        if let Some(target) = hit {
            kills[tank.index()] += 1;
            let first = &mut hit_by[target.index()];
            if *first == EMPTY {
                *first = u16::from(tank.0);
            }
        }
        events.push(Event::Shot { tank, dir, hit });
    }
}
