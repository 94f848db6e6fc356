//! Rounds and turns: the shuffle, the start of a turn, the orders, the end checks.

use alloc::vec::Vec;

use koth_engine_core::{PlayerId, RngCore, draw};

use crate::ship::{MAX_DIVE_TURNS, SKILL_COOLDOWN};
use crate::{EndReason, Event, Naval, Order, Orders, Profile, Refusal};

impl Naval {
    /// Round `round` begins: the ships afloat, in seat order, shuffled with `rng`.
    pub(crate) fn start_round<R: RngCore + ?Sized>(&mut self, round: u32, rng: &mut R) {
        self.round = round;
        self.order.clear();
        if let Some(given) = self.script.get(round as usize - 1) {
            // A scenario's order: its ships afloat, as given.
            for &p in given {
                if self.seats[p.index()]
                    .ship
                    .as_ref()
                    .is_some_and(|s| s.afloat())
                {
                    self.order.push(p);
                }
            }
            self.next = 0;
            return;
        }
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.ship.as_ref().is_some_and(|s| s.afloat()) {
                self.order.push(PlayerId(i as u8));
            }
        }
        draw::shuffle(rng, &mut self.order);
        self.next = 0;
    }

    /// The start of the acting ship's turn: moves and shots reset, the cooldown decreases by
    /// 1 (not below 0), and a submerged submarine's dive counter advances; at the start of its
    /// 6th own turn under water it surfaces (cooldown 3). Shield and scan stay until its orders
    /// run, so its observation shows them.
    pub(crate) fn prepare_turn(&mut self, events: &mut Vec<Event>) {
        let me = self.order[self.next];
        let Some(ship) = self.seats[me.index()].ship.as_mut() else {
            return;
        };
        ship.moves_left = ship.class.moves();
        ship.shots_left = ship.class.shots();
        ship.moved = false;
        ship.shot = false;
        ship.fired = false;
        ship.cooldown = ship.cooldown.saturating_sub(1);
        // The 2017 controller never forces a submarine up.
        if ship.submerged && self.profile == Profile::Rules {
            ship.dive_turns = ship.dive_turns.saturating_add(1);
            if ship.dive_turns > MAX_DIVE_TURNS {
                ship.submerged = false;
                ship.cooldown = SKILL_COOLDOWN;
                events.push(Event::Surfaced {
                    ship: me,
                    forced: true,
                });
            }
        }
    }

    /// The acting ship's orders, left to right. A refused order is reported and costs
    /// nothing; a ship that sinks during its own turn does nothing more.
    pub(crate) fn take_turn(&mut self, orders: &Orders, events: &mut Vec<Event>) {
        let me = self.order[self.next];
        if !self.begin_orders(me) {
            return;
        }
        if self.profile == Profile::Hitmaster2017 {
            self.run_orders_2017(me, orders, events);
            return;
        }
        for (index, order) in orders.iter().enumerate() {
            if !self.ship_ref(me).afloat() {
                break;
            }
            self.run_order(me, index, order, events);
        }
    }

    /// Before `me`'s orders run: a shield lasts until the ship's next turn starts, and a scan
    /// served this turn's map. `false` when the seat has no ship.
    pub(crate) fn begin_orders(&mut self, me: PlayerId) -> bool {
        let Some(ship) = self.seats[me.index()].ship.as_mut() else {
            return false;
        };
        ship.shield = false;
        ship.scan = false;
        true
    }

    /// `me`'s `index`-th order of its turn under the rules of record: performed, or reported
    /// refused (and then it costs nothing).
    pub(crate) fn run_order(
        &mut self,
        me: PlayerId,
        index: usize,
        order: Order,
        events: &mut Vec<Event>,
    ) {
        let result = match order {
            Order::Move => self.advance_ship(me, false, events),
            Order::Back => self.advance_ship(me, true, events),
            Order::Clockwise => self.rotate(me, true, events),
            Order::CounterClockwise => self.rotate(me, false, events),
            Order::Ram => self.ram(me, events),
            Order::Fire(t) => self.fire(me, t, events),
            Order::Mine(t) => self.lay_mine(me, t, events),
            Order::Scan => self.scan(me, events),
            Order::Repair => self.repair(me, events),
            Order::Plunge => self.plunge(me, events),
            Order::Shield => self.raise_shield(me, events),
            Order::Wait => Ok(()),
            Order::GarbledFire | Order::GarbledMine => Err(Refusal::Malformed),
        };
        if let Err(reason) = result {
            events.push(Event::Refused {
                ship: me,
                index: index as u8,
                order,
                reason,
            });
        }
    }

    /// Why the rules of record would refuse `order` from `me` now (the checks [`run_order`]
    /// makes first, without doing anything), or `None` when it would be performed.
    ///
    /// [`run_order`]: Naval::run_order
    pub(crate) fn refusal(&self, me: PlayerId, order: Order) -> Option<Refusal> {
        match order {
            Order::Move => self.check_advance(me, false).err(),
            Order::Back => self.check_advance(me, true).err(),
            Order::Clockwise => self.check_rotate(me, true).err(),
            Order::CounterClockwise => self.check_rotate(me, false).err(),
            Order::Ram => self.check_ram(me).err(),
            Order::Fire(t) => self.check_fire(me, t).err(),
            Order::Mine(t) => self.check_mine(me, t).err(),
            Order::Scan => self.check_scan(me).err(),
            Order::Repair => self.check_repair(me).err(),
            Order::Plunge => self.check_plunge(me).err(),
            Order::Shield => self.check_shield(me).err(),
            Order::Wait => None,
            Order::GarbledFire | Order::GarbledMine => Some(Refusal::Malformed),
        }
    }

    /// After a turn: the end checks (at most one ship afloat; the last round played), else the
    /// next ship's turn, shuffling a new round's order when this one is done.
    pub(crate) fn advance<R: RngCore + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) {
        if self.afloat() <= 1 {
            self.finish(EndReason::LastShipAfloat, events);
            return;
        }
        self.next += 1;
        while self.next < self.order.len() && !self.ship_ref(self.order[self.next]).afloat() {
            self.next += 1;
        }
        if self.next >= self.order.len() {
            if self.round >= self.rounds {
                self.finish(EndReason::RoundLimit, events);
                return;
            }
            self.start_round(self.round + 1, rng);
            events.push(Event::RoundStarted {
                round: self.round,
                order: self.order.clone(),
            });
        }
        self.prepare_turn(events);
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.end = Some(reason);
        events.push(Event::Ended { reason });
    }

    /// The ship of a seat that has one (callers only pass such seats).
    pub(crate) fn ship_ref(&self, p: PlayerId) -> &crate::Ship {
        self.seats[p.index()]
            .ship
            .as_ref()
            .expect("only seats with a ship act")
    }

    /// The ship of a seat that has one, mutably.
    pub(crate) fn ship_mut(&mut self, p: PlayerId) -> &mut crate::Ship {
        self.seats[p.index()]
            .ship
            .as_mut()
            .expect("only seats with a ship act")
    }
}

/// Refusals shared by the modules: a submerged submarine may only move, rotate and plunge.
pub(crate) fn not_submerged(ship: &crate::Ship) -> Result<(), Refusal> {
    if ship.submerged {
        Err(Refusal::Submerged)
    } else {
        Ok(())
    }
}
