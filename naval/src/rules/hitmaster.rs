//! The `hitmaster2017` profile: a turn as the 2017 contest controller (Thrax37/hit-master at
//! `14e6f42`) played it, and the map it showed.
//!
//! The controller kept a map of the sea (`.` water, `M` mine, `W` wreck, a digit per ship
//! afloat) as a cache: it rebuilt it only after some orders, and a rebuild rewrote the ships'
//! cells without ever clearing a `W`. Moves, rams, shots, mine laying and explosions read
//! that map, and so does the program's input line. Here `Naval::cells` plays that map under
//! the profile, refreshed exactly where the controller refreshed it ([`Naval::rebuild_2017`]).
//! The rulebook lists every difference from the rules in words.

use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4, PlayerId};

use crate::observation::{SCAN_RANGE, SightCell, VIEW_RANGE};
use crate::ship::SKILL_COOLDOWN;
use crate::state::Cell;
use crate::{Cause, Event, Naval, Order, Orders, Refusal, Ship, ShipClass, Sight, Target};

/// What a turn does after an order.
enum Flow {
    /// The next order runs.
    Go,
    /// The turn ends here (a garbled target whose budget was spent).
    Stop,
}

/// Hull cell `k` of a ship with this head and direction, for any `k` (also just outside the
/// hull: `-1` ahead of the head, `len` behind the tail).
fn hull_cell(head: Coord, dir: Dir4, k: i32) -> Coord {
    let (dx, dy) = dir.delta();
    head.offset(-dx * k, -dy * k)
}

impl Naval {
    /// Ship `me`'s orders as the controller ran them: left to right, a refused order still
    /// spending what its budget test took, and a ship that sinks itself going on.
    pub(crate) fn run_orders_2017(
        &mut self,
        me: PlayerId,
        orders: &Orders,
        events: &mut Vec<Event>,
    ) {
        for (index, order) in orders.iter().enumerate() {
            let result = match order {
                Order::Move => self.move_2017(me, false, events),
                Order::Back => self.move_2017(me, true, events),
                // `C` turned to facing - 1 (counter-clockwise), `K` to facing + 1.
                Order::Clockwise => self.rotate_2017(me, false, events),
                Order::CounterClockwise => self.rotate_2017(me, true, events),
                Order::Ram => self.ram_2017(me, events),
                Order::Fire(t) => self.fire_2017(me, t, events),
                Order::GarbledFire => self.garbled_fire_2017(me),
                Order::Mine(t) => self.lay_mine_2017(me, t, events),
                Order::GarbledMine => self.garbled_mine_2017(me),
                Order::Scan => self.scan_2017(me, events),
                Order::Repair => self.repair_2017(me, events),
                Order::Plunge => self.plunge_2017(me, events),
                Order::Shield => self.shield_2017(me, events),
                Order::Wait => Ok(Flow::Go),
            };
            let refused = |reason| Event::Refused {
                ship: me,
                index: index as u8,
                order,
                reason,
            };
            match result {
                Ok(Flow::Go) => {}
                Ok(Flow::Stop) => {
                    events.push(refused(Refusal::Malformed));
                    break;
                }
                Err(reason) => events.push(refused(reason)),
            }
        }
    }

    /// The controller's map refresh: every ship cell is cleared to water, then each ship
    /// writes its cells, as a ship if afloat, else as a wreck. Wreck cells are never cleared.
    fn rebuild_2017(&mut self) {
        for cell in self.cells.cells_mut() {
            if matches!(cell, Cell::Ship(_)) {
                *cell = Cell::Water;
            }
        }
        for (seat, s) in self.seats.iter().enumerate() {
            let Some(ship) = &s.ship else { continue };
            let mark = if ship.afloat() {
                Cell::Ship(PlayerId(seat as u8))
            } else {
                Cell::Wreck
            };
            for c in ship.cells() {
                if let Some(cell) = self.cells.get_mut(c) {
                    *cell = mark;
                }
            }
        }
    }

    /// `M` (or `B` with `back`): 1 move, spent even when blocked. The cell entered must be
    /// water or a mine on the map; the ship moves, then the mine explodes.
    fn move_2017(
        &mut self,
        me: PlayerId,
        back: bool,
        events: &mut Vec<Event>,
    ) -> Result<Flow, Refusal> {
        let ship = self.ship_mut(me);
        if ship.moves_left == 0 {
            return Err(Refusal::NoMovesLeft);
        }
        ship.moves_left -= 1;
        let len = i32::from(ship.class.length());
        let (entered, head) = if back {
            (
                hull_cell(ship.head, ship.dir, len),
                hull_cell(ship.head, ship.dir, 1),
            )
        } else {
            let ahead = hull_cell(ship.head, ship.dir, -1);
            (ahead, ahead)
        };
        let mine = self.enterable(entered, None)?;
        self.ship_mut(me).head = head;
        events.push(Event::Moved {
            ship: me,
            back,
            head,
        });
        if mine {
            self.explode_2017(entered, me, events);
        }
        self.rebuild_2017();
        Ok(Flow::Go)
    }

    /// `C`/`K`: 1 move (the Destroyer may turn with none left), spent even when blocked.
    /// Every new cell must be water, a mine or the ship's own on the map; then each mine
    /// under a new cell explodes, head first.
    fn rotate_2017(
        &mut self,
        me: PlayerId,
        clockwise: bool,
        events: &mut Vec<Event>,
    ) -> Result<Flow, Refusal> {
        let ship = self.ship_mut(me);
        if ship.moves_left == 0 && ship.class != ShipClass::Destroyer {
            return Err(Refusal::NoMovesLeft);
        }
        ship.moves_left = ship.moves_left.saturating_sub(1);
        let dir = if clockwise {
            ship.dir.rotate_cw()
        } else {
            ship.dir.rotate_ccw()
        };
        let (head, len) = (ship.head, i32::from(ship.class.length()));
        let mut mines = Vec::new();
        for k in 0..len {
            let c = hull_cell(head, dir, k);
            if self.enterable(c, Some(me))? {
                mines.push(c);
            }
        }
        self.ship_mut(me).dir = dir;
        events.push(Event::Rotated {
            ship: me,
            clockwise,
            dir,
        });
        for c in mines {
            self.explode_2017(c, me, events);
        }
        self.rebuild_2017();
        Ok(Flow::Go)
    }

    /// `A`: only with every move unused; uses them all, even with nothing to ram. A ship
    /// afloat directly ahead (on the map) takes 1 damage unless its shield takes it or it is
    /// submerged.
    fn ram_2017(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<Flow, Refusal> {
        let ship = self.ship_mut(me);
        if ship.moves_left != ship.class.moves() {
            return Err(Refusal::MoveUsed);
        }
        ship.moves_left = 0;
        let ahead = hull_cell(ship.head, ship.dir, -1);
        let Some(Cell::Ship(target)) = self.cell(ahead) else {
            return Err(Refusal::NothingAhead);
        };
        events.push(Event::Rammed {
            ship: me,
            target,
            cell: ahead,
        });
        if !self.shield_takes_2017(target, ahead, me, Cause::Ram, events)
            && !self.ship_ref(target).submerged
        {
            self.hit_2017(target, ahead, me, Cause::Ram, events);
        }
        self.rebuild_2017();
        Ok(Flow::Go)
    }

    /// The budget test of `F` (the action unused, or an `F` fired and shots left); spends a
    /// shot and the action.
    fn spend_shot_2017(&mut self, me: PlayerId) -> Result<(), Refusal> {
        let ship = self.ship_mut(me);
        if ship.shot && !(ship.fired && ship.shots_left > 0) {
            return Err(if ship.fired {
                Refusal::NoShotsLeft
            } else {
                Refusal::ShotUsed
            });
        }
        ship.shots_left = ship.shots_left.saturating_sub(1);
        ship.shot = true;
        ship.fired = true;
        Ok(())
    }

    /// `F`: the budget is spent first; then a target within range on the grid is shot. A
    /// mine there explodes; a ship there (on the map) takes the shot, see [`Self::shot_2017`].
    fn fire_2017(
        &mut self,
        me: PlayerId,
        target: Target,
        events: &mut Vec<Event>,
    ) -> Result<Flow, Refusal> {
        self.spend_shot_2017(me)?;
        let ship = self.ship_ref(me);
        let range = i32::from(ship.class.range());
        if target.dx().abs() > range || target.dy().abs() > range {
            return Err(Refusal::OutOfRange);
        }
        let cell = ship.head.offset(target.dx(), target.dy());
        let carrier = ship.class == ShipClass::Carrier;
        let Some(on_map) = self.cell(cell) else {
            return Err(Refusal::TargetOffGrid);
        };
        events.push(Event::Fired { ship: me, cell });
        match on_map {
            Cell::Mine => self.explode_2017(cell, me, events),
            Cell::Ship(target) => {
                if !self.shield_takes_2017(target, cell, me, Cause::Shot, events)
                    && !self.ship_ref(target).submerged
                {
                    self.shot_2017(target, cell, me, carrier, events);
                }
            }
            Cell::Water | Cell::Wreck => {}
        }
        self.rebuild_2017();
        Ok(Flow::Go)
    }

    /// A shot at `cell` of `target`: the hull cell there is damaged. A Carrier's shot at
    /// hull cell `j` of a ship facing right or down also damages cells `j - 2` and `j + 2`
    /// (the controller's loop, kept in its order: the credit for a sinking goes with it).
    fn shot_2017(
        &mut self,
        target: PlayerId,
        cell: Coord,
        by: PlayerId,
        carrier: bool,
        events: &mut Vec<Event>,
    ) {
        let ship = self.ship_ref(target);
        let (head, dir, len) = (ship.head, ship.dir, i32::from(ship.class.length()));
        // Up and left look one cell toward the head for `i - 1`; right and down away from it.
        let s = if matches!(dir, Dir4::Up | Dir4::Left) {
            -1
        } else {
            1
        };
        for i in 0..len {
            if carrier {
                if i > 0 && cell == hull_cell(head, dir, i + s) {
                    self.hit_index_2017(target, i - 1, by, Cause::Shot, events);
                }
                if i < len - 1 && cell == hull_cell(head, dir, i - s) {
                    self.hit_index_2017(target, i + 1, by, Cause::Shot, events);
                }
            }
            if cell == hull_cell(head, dir, i) {
                self.hit_index_2017(target, i, by, Cause::Shot, events);
            }
        }
    }

    /// `F????`: the budget test and spending of `F`; when it spent, the turn ends.
    fn garbled_fire_2017(&mut self, me: PlayerId) -> Result<Flow, Refusal> {
        self.spend_shot_2017(me)?;
        Ok(Flow::Stop)
    }

    /// `N`: needs the action and spends it; spends a mine while any remain. The target must
    /// pass the one-axis test (facing up `|dy| <= 1`, left `|dx| <= 1`, right `|dx| <= len`,
    /// down `|dy| <= len`; the other axis is free), lie on the grid and be water on the map.
    fn lay_mine_2017(
        &mut self,
        me: PlayerId,
        target: Target,
        events: &mut Vec<Event>,
    ) -> Result<Flow, Refusal> {
        self.spend_mine_2017(me)?;
        let ship = self.ship_ref(me);
        let len = i32::from(ship.class.length());
        let (dx, dy) = (target.dx().abs(), target.dy().abs());
        let near = match ship.dir {
            Dir4::Up => dy <= 1,
            Dir4::Left => dx <= 1,
            Dir4::Right => dx <= len,
            Dir4::Down => dy <= len,
        };
        if !near {
            return Err(Refusal::NotAdjacent);
        }
        let cell = ship.head.offset(target.dx(), target.dy());
        match self.cell(cell) {
            None => return Err(Refusal::TargetOffGrid),
            Some(Cell::Water) => {}
            Some(_) => return Err(Refusal::NotWater),
        }
        self.cells[cell] = Cell::Mine;
        events.push(Event::MineLaid { ship: me, cell });
        self.rebuild_2017();
        Ok(Flow::Go)
    }

    /// The budget of `N`: the action (spent), then a mine (spent).
    fn spend_mine_2017(&mut self, me: PlayerId) -> Result<(), Refusal> {
        let ship = self.skill_2017(me, None, false)?;
        ship.shot = true;
        if ship.mines == 0 {
            return Err(Refusal::NoMinesLeft);
        }
        ship.mines -= 1;
        Ok(())
    }

    /// `N????`: the budget of `N`; when a mine was spent, the turn ends.
    fn garbled_mine_2017(&mut self, me: PlayerId) -> Result<Flow, Refusal> {
        self.spend_mine_2017(me)?;
        Ok(Flow::Stop)
    }

    /// The tests of `S` and the skills, in the controller's order: the class (if the order
    /// has one), then cooldown 0 (when `ready` is asked), then the action unused.
    fn skill_2017(
        &mut self,
        me: PlayerId,
        class: Option<ShipClass>,
        ready: bool,
    ) -> Result<&mut Ship, Refusal> {
        let ship = self.ship_mut(me);
        if class.is_some_and(|c| c != ship.class) {
            return Err(Refusal::WrongClass);
        }
        if ready && ship.cooldown > 0 {
            return Err(Refusal::Cooldown);
        }
        if ship.shot {
            return Err(Refusal::ShotUsed);
        }
        Ok(ship)
    }

    /// `S`: needs the action and spends it (also under water).
    fn scan_2017(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<Flow, Refusal> {
        let ship = self.skill_2017(me, None, false)?;
        ship.shot = true;
        ship.scan = true;
        events.push(Event::Scanned { ship: me });
        Ok(Flow::Go)
    }

    /// `R` (Cruiser): needs cooldown 0 and the action unused, spends neither. Repairs the
    /// first damaged cell from the head; each intact cell passed on the way sets cooldown 3.
    fn repair_2017(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<Flow, Refusal> {
        let ship = self.skill_2017(me, Some(ShipClass::Cruiser), true)?;
        for i in 0..ship.hull.len() {
            if !ship.hull.is_intact(i) {
                ship.hull.repair(i);
                let cell = ship.cell(i);
                events.push(Event::Repaired { ship: me, cell });
                return Ok(Flow::Go);
            }
            ship.cooldown = SKILL_COOLDOWN;
        }
        Err(Refusal::NothingToRepair)
    }

    /// `P` (Submarine): diving needs cooldown 0; either way it needs the action and spends
    /// it; surfacing sets cooldown 3. Nothing else limits a dive.
    fn plunge_2017(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<Flow, Refusal> {
        let diving = !self.ship_ref(me).submerged;
        let ship = self.skill_2017(me, Some(ShipClass::Submarine), diving)?;
        ship.shot = true;
        ship.submerged = diving;
        if diving {
            ship.dive_turns = 0;
            events.push(Event::Dived { ship: me });
        } else {
            ship.cooldown = SKILL_COOLDOWN;
            events.push(Event::Surfaced {
                ship: me,
                forced: false,
            });
        }
        Ok(Flow::Go)
    }

    /// `D` (Battleship): needs cooldown 0 and the action; spends the action, cooldown 3.
    fn shield_2017(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<Flow, Refusal> {
        let ship = self.skill_2017(me, Some(ShipClass::Battleship), true)?;
        ship.shot = true;
        ship.shield = true;
        ship.cooldown = SKILL_COOLDOWN;
        events.push(Event::ShieldRaised { ship: me });
        Ok(Flow::Go)
    }

    /// Whether `target`'s shield takes a hit meant for `cell` (it drops, already damaged
    /// cell or not).
    fn shield_takes_2017(
        &mut self,
        target: PlayerId,
        cell: Coord,
        by: PlayerId,
        cause: Cause,
        events: &mut Vec<Event>,
    ) -> bool {
        let ship = self.ship_mut(target);
        if !ship.shield {
            return false;
        }
        ship.shield = false;
        events.push(Event::Absorbed {
            ship: target,
            cell,
            by,
            cause,
        });
        true
    }

    /// `target`'s hull cell lying on `cell` now (if any) takes 1 damage.
    fn hit_2017(
        &mut self,
        target: PlayerId,
        cell: Coord,
        by: PlayerId,
        cause: Cause,
        events: &mut Vec<Event>,
    ) {
        let ship = self.ship_ref(target);
        let len = i32::from(ship.class.length());
        if let Some(i) = (0..len).find(|&i| hull_cell(ship.head, ship.dir, i) == cell) {
            self.hit_index_2017(target, i, by, cause, events);
        }
    }

    /// Hull cell `i` of `target` takes 1 damage if the ship is afloat and the cell intact:
    /// `by` scores a hit (itself included), and a sunken if that sank the ship.
    fn hit_index_2017(
        &mut self,
        target: PlayerId,
        i: i32,
        by: PlayerId,
        cause: Cause,
        events: &mut Vec<Event>,
    ) {
        let ship = self.ship_mut(target);
        let i = i as usize;
        if !ship.afloat() || !ship.hull.damage(i) {
            return;
        }
        let cell = ship.cell(i);
        let sunk = !ship.afloat();
        self.seats[target.index()].damage += 1;
        self.seats[by.index()].hits += 1;
        events.push(Event::Hit {
            ship: target,
            cell,
            by,
            cause,
        });
        if sunk {
            self.seats[by.index()].sunken += 1;
            events.push(Event::Sunk { ship: target, by });
        }
    }

    /// A mine at `center` explodes, set off by `by`: the cell becomes water, then the 3 x 3
    /// around it is read from the map row by row from the top. A mine there explodes at once
    /// (depth first); a ship there is hit on its hull cell lying on that cell now, unless
    /// its shield takes it (once per cell). Submerged ships are hit too.
    fn explode_2017(&mut self, center: Coord, by: PlayerId, events: &mut Vec<Event>) {
        // The recursion of the controller, with an explicit stack: (centre, next neighbour).
        let mut stack = alloc::vec![(center, 0u8)];
        if let Some(cell) = self.cells.get_mut(center) {
            *cell = Cell::Water;
        }
        events.push(Event::MineExploded {
            cell: center,
            by,
            chained: false,
        });
        while let Some((c, k)) = stack.pop() {
            if k == 9 {
                continue;
            }
            stack.push((c, k + 1));
            let n = c.offset(i32::from(k % 3) - 1, i32::from(k / 3) - 1);
            match self.cell(n) {
                Some(Cell::Mine) => {
                    self.cells[n] = Cell::Water;
                    events.push(Event::MineExploded {
                        cell: n,
                        by,
                        chained: true,
                    });
                    stack.push((n, 0));
                }
                Some(Cell::Ship(p)) if !self.shield_takes_2017(p, n, by, Cause::Mine, events) => {
                    self.hit_2017(p, n, by, Cause::Mine, events);
                }
                _ => {}
            }
        }
    }

    /// The map of the input line, drawn from the controller's map: `O` for the ship's own
    /// cells there, `A`/`B` for an enemy's (`.` when it is submerged, `C`/`D` when scanning),
    /// `M` for mines, `X` off the grid, `U` beyond the view, and `.` for everything else,
    /// wrecks included.
    pub(crate) fn sight_2017(&self, me: PlayerId, ship: &Ship) -> Sight {
        let mut map = Sight::unknown();
        let range = if ship.scan { SCAN_RANGE } else { VIEW_RANGE };
        for dy in -range..=range {
            for dx in -range..=range {
                let c = ship.head.offset(dx, dy);
                let seen = match self.cell(c) {
                    None => SightCell::OffGrid,
                    Some(Cell::Mine) => SightCell::Mine,
                    Some(Cell::Water | Cell::Wreck) => SightCell::Water,
                    Some(Cell::Ship(p)) if p == me => SightCell::Own,
                    Some(Cell::Ship(p)) => {
                        let other = self.ship_ref(p);
                        let len = i32::from(other.class.length());
                        let i = (0..len).find(|&i| hull_cell(other.head, other.dir, i) == c);
                        let intact = i.is_some_and(|i| other.hull.is_intact(i as usize));
                        match (other.submerged, ship.scan, other.afloat(), intact) {
                            (true, false, _, _) => SightCell::Water,
                            (_, _, false, _) => SightCell::Wreck,
                            (true, true, true, true) => SightCell::Submerged,
                            (true, true, true, false) => SightCell::SubmergedDamaged,
                            (false, _, true, true) => SightCell::Enemy,
                            (false, _, true, false) => SightCell::EnemyDamaged,
                        }
                    }
                };
                map.set(dx, dy, seen);
            }
        }
        map
    }
}
