//! `M`, `B`, `C`, `K` and `A`.

use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4, PlayerId};

use super::turn::not_submerged;
use crate::ship::cell_of;
use crate::state::Cell;
use crate::{Cause, Event, Naval, Obstacle, Refusal, ShipClass};

impl Naval {
    /// Whether a ship may enter `c`: `Ok(true)` onto a mine, `Ok(false)` onto water, `Err`
    /// for anything else (a ship cell, hidden submarines included, a wreck, off the grid).
    /// Own cells are free for rotations only (`own`).
    /// (The `hitmaster2017` profile asks the same of its map cache.)
    pub(super) fn enterable(&self, c: Coord, own: Option<PlayerId>) -> Result<bool, Refusal> {
        let blocked = |by| Refusal::Blocked { cell: c, by };
        match self.cell(c) {
            None => Err(blocked(Obstacle::OffGrid)),
            Some(Cell::Water) => Ok(false),
            Some(Cell::Mine) => Ok(true),
            Some(Cell::Wreck) => Err(blocked(Obstacle::Wreck)),
            Some(Cell::Ship(p)) if Some(p) == own => Ok(false),
            Some(Cell::Ship(_)) => Err(blocked(Obstacle::Ship)),
        }
    }

    /// `M` (`back == false`) or `B`: one cell forward or back for 1 move. The ship first
    /// moves, then a mine on the entered cell explodes.
    pub(super) fn advance_ship(
        &mut self,
        me: PlayerId,
        back: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let Advance {
            enter,
            leave,
            head,
            mine,
        } = self.check_advance(me, back)?;
        self.cells[leave] = Cell::Water;
        self.cells[enter] = Cell::Ship(me);
        let ship = self.ship_mut(me);
        ship.head = head;
        ship.moves_left -= 1;
        ship.moved = true;
        events.push(Event::Moved {
            ship: me,
            back,
            head,
        });
        if mine {
            self.explode(enter, me, events);
        }
        Ok(())
    }

    /// Why `M` (`back == false`) or `B` would be refused, or the cells it enters and leaves.
    pub(crate) fn check_advance(&self, me: PlayerId, back: bool) -> Result<Advance, Refusal> {
        let ship = self.ship_ref(me);
        if ship.moves_left == 0 {
            return Err(Refusal::NoMovesLeft);
        }
        let len = ship.class.length() as usize;
        let (dx, dy) = ship.dir.delta();
        let tail = ship.cell(len - 1);
        let (enter, leave, head) = if back {
            (tail.offset(-dx, -dy), ship.head, ship.head.offset(-dx, -dy))
        } else {
            (ship.head.offset(dx, dy), tail, ship.head.offset(dx, dy))
        };
        let mine = self.enterable(enter, None)?;
        if self.cell(leave).is_none() || self.cell(enter).is_none() {
            // Unreachable: `enter` was checked and `leave` is a hull cell.
            return Err(Refusal::Blocked {
                cell: enter,
                by: Obstacle::OffGrid,
            });
        }
        Ok(Advance {
            enter,
            leave,
            head,
            mine,
        })
    }

    /// `C` (`clockwise`) or `K`: a quarter turn about the head, for 1 move (free for the
    /// Destroyer). Only the final cells are checked (on the grid; water, a mine or the ship
    /// itself); the ship turns, then the mines on its final cells explode, head side first.
    pub(super) fn rotate(
        &mut self,
        me: PlayerId,
        clockwise: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let (dir, mines) = self.check_rotate(me, clockwise)?;
        let ship = self.ship_ref(me);
        let free = ship.class == ShipClass::Destroyer;
        let (head, old_dir, len) = (ship.head, ship.dir, ship.class.length() as usize);
        for i in 1..len {
            if let Some(cell) = self.cells.get_mut(cell_of(head, old_dir, i)) {
                *cell = Cell::Water;
            }
        }
        for i in 1..len {
            if let Some(cell) = self.cells.get_mut(cell_of(head, dir, i)) {
                *cell = Cell::Ship(me);
            }
        }
        let ship = self.ship_mut(me);
        ship.dir = dir;
        if !free {
            ship.moves_left -= 1;
            ship.moved = true;
        }
        events.push(Event::Rotated {
            ship: me,
            clockwise,
            dir,
        });
        // Each mine under the final cells explodes once, even if an earlier explosion of this
        // rotation sank the ship (the ship's cell covers the mine, so no chain reaches it).
        for c in mines.into_iter().flatten() {
            self.explode(c, me, events);
        }
        Ok(())
    }

    /// Why `C` (`clockwise`) or `K` would be refused, or the new direction and the mines under
    /// the final cells.
    pub(crate) fn check_rotate(
        &self,
        me: PlayerId,
        clockwise: bool,
    ) -> Result<(Dir4, [Option<Coord>; 8]), Refusal> {
        let ship = self.ship_ref(me);
        let free = ship.class == ShipClass::Destroyer;
        if !free && ship.moves_left == 0 {
            return Err(Refusal::NoMovesLeft);
        }
        let dir = if clockwise {
            ship.dir.rotate_cw()
        } else {
            ship.dir.rotate_ccw()
        };
        let (head, len) = (ship.head, ship.class.length() as usize);
        let mut mines = [None; 8];
        for (i, slot) in mines.iter_mut().enumerate().take(len).skip(1) {
            let c = cell_of(head, dir, i);
            if self.enterable(c, Some(me))? {
                *slot = Some(c);
            }
        }
        Ok((dir, mines))
    }

    /// `A`: only with no move used this turn; uses all moves. The ship cell directly ahead
    /// takes 1 damage (a submerged submarine is not hurt); the rammer takes none and does not
    /// move; no mine is triggered.
    pub(super) fn ram(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let (cell, target) = self.check_ram(me)?;
        let ship = self.ship_mut(me);
        ship.moves_left = 0;
        ship.moved = true;
        events.push(Event::Rammed {
            ship: me,
            target,
            cell,
        });
        if !self.ship_ref(target).submerged {
            self.damage_at(target, cell, me, Cause::Ram, events);
        }
        Ok(())
    }

    /// Why `A` would be refused, or the cell ahead and the ship on it.
    pub(crate) fn check_ram(&self, me: PlayerId) -> Result<(Coord, PlayerId), Refusal> {
        let ship = self.ship_ref(me);
        not_submerged(ship)?;
        if ship.moved || ship.moves_left == 0 {
            return Err(Refusal::MoveUsed);
        }
        let (dx, dy) = ship.dir.delta();
        let cell = ship.head.offset(dx, dy);
        match self.cell(cell) {
            Some(Cell::Ship(p)) if p != me => Ok((cell, p)),
            _ => Err(Refusal::NothingAhead),
        }
    }
}

/// What `M` or `B` does: the cell entered, the cell left, the new head, and whether a mine
/// lies on the cell entered.
pub(crate) struct Advance {
    enter: Coord,
    leave: Coord,
    head: Coord,
    mine: bool,
}
