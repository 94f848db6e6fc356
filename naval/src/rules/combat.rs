//! `F` and `N`; damage with its credit, shields and sinking; mine explosions and chains.

use alloc::vec::Vec;

use koth_engine_core::{Coord, PlayerId};

use super::turn::not_submerged;
use crate::state::Cell;
use crate::{Cause, Event, Naval, Refusal, ShipClass, Target};

impl Naval {
    /// `F`: 1 shot at a cell within range (`|dx| <= range` and `|dy| <= range`) on the grid.
    /// A ship cell there takes 1 damage; a Carrier's shot damages every ship cell in the 3 x 3
    /// around the target, its own included (row by row from the top left). Submerged ships are
    /// never hurt by shots. Then a mine on the target cell explodes. Water and wrecks: nothing.
    pub(super) fn fire(
        &mut self,
        me: PlayerId,
        target: Target,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let cell = self.check_fire(me, target)?;
        let splash = self.ship_ref(me).class == ShipClass::Carrier;
        let ship = self.ship_mut(me);
        ship.shots_left -= 1;
        ship.shot = true;
        events.push(Event::Fired { ship: me, cell });
        let radius = i32::from(splash);
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let c = cell.offset(dx, dy);
                if let Some(Cell::Ship(p)) = self.cell(c)
                    && !self.ship_ref(p).submerged
                {
                    self.damage_at(p, c, me, Cause::Shot, events);
                }
            }
        }
        if self.cell(cell) == Some(Cell::Mine) {
            self.explode(cell, me, events);
        }
        Ok(())
    }

    /// Why `F` at `target` would be refused, or the cell it hits.
    pub(crate) fn check_fire(&self, me: PlayerId, target: Target) -> Result<Coord, Refusal> {
        let ship = self.ship_ref(me);
        not_submerged(ship)?;
        if ship.shots_left == 0 {
            return Err(Refusal::NoShotsLeft);
        }
        let range = i32::from(ship.class.range());
        if target.dx().abs() > range || target.dy().abs() > range {
            return Err(Refusal::OutOfRange);
        }
        let cell = ship.head.offset(target.dx(), target.dy());
        if self.cell(cell).is_none() {
            return Err(Refusal::TargetOffGrid);
        }
        Ok(cell)
    }

    /// `N`: a mine on a water cell adjacent (8-neighbourhood) to one of the ship's cells; only
    /// with no shot used this turn; uses all shots and 1 mine. Laying never triggers.
    pub(super) fn lay_mine(
        &mut self,
        me: PlayerId,
        target: Target,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let cell = self.check_mine(me, target)?;
        self.cells[cell] = Cell::Mine;
        let ship = self.ship_mut(me);
        ship.mines -= 1;
        ship.shots_left = 0;
        ship.shot = true;
        events.push(Event::MineLaid { ship: me, cell });
        Ok(())
    }

    /// Why `N` at `target` would be refused, or the cell the mine goes to.
    pub(crate) fn check_mine(&self, me: PlayerId, target: Target) -> Result<Coord, Refusal> {
        let ship = self.ship_ref(me);
        not_submerged(ship)?;
        if ship.shot {
            return Err(Refusal::ShotUsed);
        }
        if ship.mines == 0 {
            return Err(Refusal::NoMinesLeft);
        }
        let cell = ship.head.offset(target.dx(), target.dy());
        if self.cell(cell).ok_or(Refusal::TargetOffGrid)? != Cell::Water {
            return Err(Refusal::NotWater);
        }
        let adjacent = ship
            .cells()
            .any(|c| (c.x - cell.x).abs() <= 1 && (c.y - cell.y).abs() <= 1);
        if !adjacent {
            return Err(Refusal::NotAdjacent);
        }
        Ok(cell)
    }

    /// One point of damage by `by` to the hull cell of `victim` at `cell`.
    ///
    /// A damaged cell takes nothing more (and spends no shield). Otherwise a raised shield
    /// absorbs it (and drops); else the cell is damaged: the victim's damage counts 1 and, if
    /// the victim is not `by` itself, `by` scores a hit; a ship with no intact cell left sinks
    /// (its cells become wrecks; `by` scores a sunken unless it sank itself).
    pub(crate) fn damage_at(
        &mut self,
        victim: PlayerId,
        cell: Coord,
        by: PlayerId,
        cause: Cause,
        events: &mut Vec<Event>,
    ) {
        let Some(ship) = self.seats[victim.index()].ship.as_mut() else {
            return;
        };
        let i = ((cell.x - ship.head.x).abs() + (cell.y - ship.head.y).abs()) as usize;
        if !ship.afloat() || !ship.hull.is_intact(i) {
            return;
        }
        if ship.shield {
            ship.shield = false;
            events.push(Event::Absorbed {
                ship: victim,
                cell,
                by,
                cause,
            });
            return;
        }
        ship.hull.damage(i);
        let sunk = !ship.afloat();
        if sunk {
            ship.submerged = false;
        }
        self.seats[victim.index()].damage += 1;
        if by != victim {
            self.seats[by.index()].hits += 1;
        }
        events.push(Event::Hit {
            ship: victim,
            cell,
            by,
            cause,
        });
        if sunk {
            let len = self.ship_ref(victim).class.length() as usize;
            for k in 0..len {
                let c = self.ship_ref(victim).cell(k);
                if let Some(cell) = self.cells.get_mut(c) {
                    *cell = Cell::Wreck;
                }
            }
            if by != victim {
                self.seats[by.index()].sunken += 1;
            }
            events.push(Event::Sunk { ship: victim, by });
        }
    }

    /// A mine at `center` explodes, set off by `by` (who gets the credit for the whole chain).
    ///
    /// Each explosion damages every ship cell in the 3 x 3 around it (submerged ships and the
    /// triggering ship included), row by row from the top left, and sets off the other mines
    /// in that area; chained mines explode in the order they were found (breadth first).
    pub(crate) fn explode(&mut self, center: Coord, by: PlayerId, events: &mut Vec<Event>) {
        if let Some(cell) = self.cells.get_mut(center)
            && *cell == Cell::Mine
        {
            *cell = Cell::Water;
        }
        let mut queue = alloc::vec![(center, false)];
        let mut k = 0;
        while let Some(&(c, chained)) = queue.get(k) {
            k += 1;
            events.push(Event::MineExploded {
                cell: c,
                by,
                chained,
            });
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let n = c.offset(dx, dy);
                    let Some(cell) = self.cell(n) else { continue };
                    match cell {
                        Cell::Mine => {
                            self.cells[n] = Cell::Water;
                            queue.push((n, true));
                        }
                        Cell::Ship(p) => self.damage_at(p, n, by, Cause::Mine, events),
                        Cell::Water | Cell::Wreck => {}
                    }
                }
            }
        }
    }
}
