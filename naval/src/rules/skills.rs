//! `S` scan and the class skills `R` repair, `P` plunge/surface, `D` shield.

use alloc::vec::Vec;

use koth_engine_core::PlayerId;

use super::turn::not_submerged;
use crate::ship::SKILL_COOLDOWN;
use crate::{Event, Naval, Refusal, Ship, ShipClass};

/// The checks every "uses all shots" order shares: no shot used yet this turn.
fn no_shot_used(ship: &Ship) -> Result<(), Refusal> {
    if ship.shot {
        Err(Refusal::ShotUsed)
    } else {
        Ok(())
    }
}

fn use_all_shots(ship: &mut Ship) {
    ship.shots_left = 0;
    ship.shot = true;
}

fn class_is(ship: &Ship, class: ShipClass) -> Result<(), Refusal> {
    if ship.class == class {
        Ok(())
    } else {
        Err(Refusal::WrongClass)
    }
}

impl Naval {
    /// `S`: the next map has range 9 and shows submerged ships; only with no shot used this
    /// turn; uses all shots.
    pub(super) fn scan(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<(), Refusal> {
        self.check_scan(me)?;
        let ship = self.ship_mut(me);
        use_all_shots(ship);
        ship.scan = true;
        events.push(Event::Scanned { ship: me });
        Ok(())
    }

    /// `R` (Cruiser): the damaged hull cell nearest the head is intact again; only with
    /// cooldown 0 and no shot used; uses all shots; cooldown 3. The damage counter stays.
    pub(super) fn repair(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<(), Refusal> {
        let i = self.check_repair(me)?;
        let ship = self.ship_mut(me);
        ship.hull.repair(i);
        ship.cooldown = SKILL_COOLDOWN;
        use_all_shots(ship);
        let cell = ship.cell(i);
        events.push(Event::Repaired { ship: me, cell });
        Ok(())
    }

    /// `P` (Submarine): dive (cooldown 0 needed) or surface (cooldown 3); only with no shot
    /// used; uses all shots.
    pub(super) fn plunge(&mut self, me: PlayerId, events: &mut Vec<Event>) -> Result<(), Refusal> {
        self.check_plunge(me)?;
        let ship = self.ship_mut(me);
        if ship.submerged {
            ship.submerged = false;
            ship.cooldown = SKILL_COOLDOWN;
            use_all_shots(ship);
            events.push(Event::Surfaced {
                ship: me,
                forced: false,
            });
        } else {
            ship.submerged = true;
            ship.dive_turns = 0;
            use_all_shots(ship);
            events.push(Event::Dived { ship: me });
        }
        Ok(())
    }

    /// `D` (Battleship): the next point of damage until the ship's next turn starts is
    /// absorbed; only with cooldown 0 and no shot used; uses all shots; cooldown 3.
    pub(super) fn raise_shield(
        &mut self,
        me: PlayerId,
        events: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        self.check_shield(me)?;
        let ship = self.ship_mut(me);
        ship.shield = true;
        ship.cooldown = SKILL_COOLDOWN;
        use_all_shots(ship);
        events.push(Event::ShieldRaised { ship: me });
        Ok(())
    }

    /// Why `S` would be refused.
    pub(crate) fn check_scan(&self, me: PlayerId) -> Result<(), Refusal> {
        let ship = self.ship_ref(me);
        not_submerged(ship)?;
        no_shot_used(ship)
    }

    /// Why `R` would be refused, or the hull cell it repairs.
    pub(crate) fn check_repair(&self, me: PlayerId) -> Result<usize, Refusal> {
        let ship = self.ship_ref(me);
        class_is(ship, ShipClass::Cruiser)?;
        no_shot_used(ship)?;
        if ship.cooldown > 0 {
            return Err(Refusal::Cooldown);
        }
        ship.hull.first_damaged().ok_or(Refusal::NothingToRepair)
    }

    /// Why `P` would be refused (surfacing needs no cooldown, diving does).
    pub(crate) fn check_plunge(&self, me: PlayerId) -> Result<(), Refusal> {
        let ship = self.ship_ref(me);
        class_is(ship, ShipClass::Submarine)?;
        no_shot_used(ship)?;
        if !ship.submerged && ship.cooldown > 0 {
            return Err(Refusal::Cooldown);
        }
        Ok(())
    }

    /// Why `D` would be refused.
    pub(crate) fn check_shield(&self, me: PlayerId) -> Result<(), Refusal> {
        let ship = self.ship_ref(me);
        class_is(ship, ShipClass::Battleship)?;
        no_shot_used(ship)?;
        if ship.cooldown > 0 {
            return Err(Refusal::Cooldown);
        }
        Ok(())
    }
}
