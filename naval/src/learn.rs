//! Naval as a learning environment: [`NavalOrders`], naval one order at a time.
//!
//! # Observation tensor
//!
//! The ship's 19 x 19 map centred on its head (row `dy + 9`, column `dx + 9`, y downward, as
//! in [`Sight`](crate::Sight)) and its own numbers, as planes (`[26, 19, 19]` for [`Naval`],
//! [`Tensor`]; [`NavalOrders`] adds plane 26, `[27, 19, 19]`):
//!
//! | plane | what |
//! |---|---|
//! | 0 to 9 | the map cell, one-hot: water, own hull, mine, off the grid, unknown, enemy, damaged enemy, submerged enemy, damaged submerged enemy, wreck |
//! | 10 | the ship's intact hull cells (1) at their places on the map; damaged cells 0 |
//! | 11, 12 | moves and shots left this turn (whole numbers; the full allowance until it acts) |
//! | 13, 14 | mines left, the skill cooldown |
//! | 15, 16, 17 | 1 while submerged, while a shield is up, on a scanned map |
//! | 18 | the round divided by the rounds |
//! | 19 to 22 | the direction it faces, one-hot: up, right, down, left |
//! | 23, 24, 25 | its hits, ships sunk, damage taken (whole numbers) |
//! | 26 | ([`NavalOrders`]) orders given this turn divided by [`MAX_ORDERS`] |
//!
//! Planes 11 to 26 hold one value in every cell. A seat without a ship sees an all-unknown
//! map and zeros, as its [`Observation`] says. Nothing the ship cannot see is in the tensor:
//! a submerged enemy out of a scan shows as water.

use alloc::vec::Vec;
use core::convert::Infallible;

use koth_engine_core::{Game, Learn, Outcome, PlayerId, RngCore, StepError, Tensor, ToAct};

use crate::{Config, ConfigError, Event, MAX_ORDERS, Naval, Observation, Order, Profile, Target};

/// One step of [`NavalOrders`]: an order of the acting ship's turn, or the end of its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    /// One order, performed at once (or refused by the rules, costing nothing).
    Order(Order),
    /// The end of the acting ship's turn.
    EndTurn,
}

/// Naval one order at a time: a [`Naval`] game and how many orders the acting ship has given
/// this turn.
///
/// A naval turn is a whole string of orders ([`Orders`](crate::Orders)), too many to number. Learners play
/// [`NavalOrders`] instead: the same game, where the acting ship gives one order per step and
/// then ends its turn with an explicit [`Step::EndTurn`]. Each order is performed at once under
/// the rules of record, exactly as the same order in a whole-turn string would be (so the
/// observation after an order shows its effect), and ending the turn moves the game on as
/// [`Naval`]'s step does: playing a turn's orders one by one and then `EndTurn` gives the same
/// state and events as playing the string.
///
/// | id | step |
/// |---|---|
/// | 0 | end the turn |
/// | 1 to 9 | `M` forward, `B` back, `C` clockwise, `K` counter-clockwise, `A` ram, `S` scan, `R` repair, `P` plunge/surface, `D` shield |
/// | 10 + 19 (dy + 9) + (dx + 9) | `F` fire at offset (dx, dy) from the head, each in -9..=9 |
/// | 371 + 19 (dy + 9) + (dx + 9) | `N` lay a mine at offset (dx, dy) |
///
/// The mask of the acting ship holds `EndTurn` and exactly the orders the rules would perform
/// now: its moves and shots left, its class and cooldowns, the range of its shots and the
/// cells next to its hull for mines, the cells on the grid and free (no order is masked
/// because of what the ship cannot see: a blocked move is refused by the rules too). Once its
/// ship has sunk during its own turn, or the turn holds [`MAX_ORDERS`]
/// orders, only `EndTurn` remains. Every other ship's mask is empty. An order outside the mask
/// is the rules' documented no-op (a refused order, reported as
/// [`Event::Refused`]; past the order limit, or after sinking, it is ignored).
///
/// The score is the rules' `Score`; the rewards are its changes step by step, normalized by
/// [`Naval`]'s score bounds. `NavalOrders` plays the rules of record only: a config with the
/// `hitmaster2017` profile is refused ([`ConfigError::WholeTurnsOnly`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NavalOrders {
    game: Naval,
    given: usize,
    /// Each seat's score before the last step (for the rewards).
    before: Vec<i64>,
}

/// The orders without a target, in id order from 1.
const PLAIN: [Order; 9] = [
    Order::Move,
    Order::Back,
    Order::Clockwise,
    Order::CounterClockwise,
    Order::Ram,
    Order::Scan,
    Order::Repair,
    Order::Plunge,
    Order::Shield,
];

/// Offsets per axis (-9..=9), targets per order kind, and the first target ids.
const SIDE: usize = 19;
const TARGETS: usize = SIDE * SIDE;
const FIRE: usize = 1 + PLAIN.len();
const MINE: usize = FIRE + TARGETS;
const IDS: usize = MINE + TARGETS;

impl NavalOrders {
    /// The game so far (at the end of a turn, the same as the whole-turn game's).
    pub fn game(&self) -> &Naval {
        &self.game
    }

    /// The game `game`, its acting ship having given `given` orders this turn; the rewards
    /// count from here.
    pub(crate) fn resumed(game: Naval, given: usize) -> NavalOrders {
        let mut resumed = NavalOrders {
            game,
            given,
            before: Vec::new(),
        };
        resumed.before = resumed.scores();
        resumed
    }

    /// How many orders the acting ship has given this turn.
    pub fn orders_given(&self) -> usize {
        self.given
    }

    /// The ship to act, if any.
    fn acting(&self) -> Option<PlayerId> {
        self.game.to_act().players().first().copied()
    }

    /// Whether `me` may still give an order this turn.
    fn may_order(&self, me: PlayerId) -> bool {
        self.acting() == Some(me)
            && self.given < MAX_ORDERS
            && self.game.seats[me.index()]
                .ship
                .as_ref()
                .is_some_and(|s| s.afloat())
    }

    fn scores(&self) -> Vec<i64> {
        PlayerId::all(self.game.seats.len())
            .map(|p| self.game.score(p))
            .collect()
    }
}

/// The id of a target order, from its kind's first id.
fn target_id(first: usize, t: Target) -> usize {
    first + (t.dy() + 9) as usize * SIDE + (t.dx() + 9) as usize
}

/// The target of a target id's offset within its kind.
fn target_of(k: usize) -> Option<Target> {
    Target::new((k % SIDE) as i32 - 9, (k / SIDE) as i32 - 9)
}

impl Game for NavalOrders {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Step;
    type ActionError = Infallible;
    type Observation = Observation;
    type Event = Event;

    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        rng: &mut R,
    ) -> Result<Self, ConfigError> {
        if config.profile != Profile::Rules {
            return Err(ConfigError::WholeTurnsOnly);
        }
        let game = Naval::new(config, players, rng)?;
        let before = alloc::vec![0; players];
        Ok(NavalOrders {
            game,
            given: 0,
            before,
        })
    }

    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    fn to_act(&self) -> ToAct<'_> {
        self.game.to_act()
    }

    fn observe(&self, player: PlayerId) -> Observation {
        self.game.observe(player)
    }

    /// An order is performed (or refused by the rules, or ignored past the order limit or
    /// after the ship sank); `EndTurn` ends the turn as [`Naval`]'s step does.
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Step],
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<Infallible>> {
        let Some(me) = self.acting() else {
            return Ok(());
        };
        self.before = self.scores();
        let first = self.given == 0;
        match actions[0] {
            Step::Order(order) => {
                if first {
                    self.game.begin_orders(me);
                }
                if self.may_order(me) {
                    self.game.run_order(me, self.given, order, events);
                }
                self.given = (self.given + 1).min(MAX_ORDERS + 1);
            }
            Step::EndTurn => {
                if first {
                    self.game.begin_orders(me);
                }
                self.game.turn += 1;
                self.game.advance(rng, events);
                self.given = 0;
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn score_bounds(&self) -> (i64, i64) {
        self.game.score_bounds()
    }

    /// For the acting ship: `EndTurn` and every order of the id table the rules would perform
    /// now; nothing for the others.
    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Step>) -> bool {
        if self.acting() != Some(player) {
            return true;
        }
        out.push(Step::EndTurn);
        if self.may_order(player) {
            out.extend(
                (1..IDS)
                    .filter_map(|id| self.action(id))
                    .filter(|step| match step {
                        Step::Order(o) => self.game.refusal(player, *o).is_none(),
                        Step::EndTurn => false,
                    }),
            );
        }
        true
    }

    /// Whole turns played (an order within a turn does not count).
    fn turn(&self) -> u32 {
        self.game.turn()
    }
}

impl Learn for NavalOrders {
    fn num_actions(&self) -> usize {
        IDS
    }

    /// As [`Game::legal_actions`] lists them, written in place (no list, no id lookups).
    fn legal_mask(&self, player: PlayerId, mask: &mut [bool]) {
        let n = IDS.min(mask.len());
        let mask = &mut mask[..n];
        mask.fill(false);
        if self.acting() != Some(player) {
            return;
        }
        if let Some(end) = mask.first_mut() {
            *end = true;
        }
        if self.may_order(player) {
            for (id, m) in mask.iter_mut().enumerate().skip(1) {
                if let Some(Step::Order(o)) = self.action(id) {
                    *m = self.game.refusal(player, o).is_none();
                }
            }
        }
    }

    fn action_id(&self, step: &Step) -> Option<usize> {
        match *step {
            Step::EndTurn => Some(0),
            Step::Order(Order::Fire(t)) => Some(target_id(FIRE, t)),
            Step::Order(Order::Mine(t)) => Some(target_id(MINE, t)),
            Step::Order(o) => PLAIN.iter().position(|&p| p == o).map(|i| i + 1),
        }
    }

    fn action(&self, id: usize) -> Option<Step> {
        match id {
            0 => Some(Step::EndTurn),
            _ if id < FIRE => Some(Step::Order(PLAIN[id - 1])),
            _ if id < MINE => target_of(id - FIRE).map(|t| Step::Order(Order::Fire(t))),
            _ if id < IDS => target_of(id - MINE).map(|t| Step::Order(Order::Mine(t))),
            _ => None,
        }
    }

    /// The changes of every seat's `Score` over the last step (the state keeps the scores
    /// before it; the events are not needed).
    fn score_changes(&self, _events: &[Event], changes: &mut [i64]) {
        for (p, c) in changes.iter_mut().enumerate() {
            let before = self.before.get(p).copied().unwrap_or(0);
            *c += self.game.score(PlayerId(p as u8)) - before;
        }
    }
}

/// The planes of [`Naval`]'s tensor.
const PLANES: usize = 26;
/// The map cells in plane order.
const SIGHT_KINDS: [crate::SightCell; 10] = [
    crate::SightCell::Water,
    crate::SightCell::Own,
    crate::SightCell::Mine,
    crate::SightCell::OffGrid,
    crate::SightCell::Unknown,
    crate::SightCell::Enemy,
    crate::SightCell::EnemyDamaged,
    crate::SightCell::Submerged,
    crate::SightCell::SubmergedDamaged,
    crate::SightCell::Wreck,
];

/// Fills plane `k` of `out` with `v`.
fn fill_plane(out: &mut [f32], k: usize, v: f32) {
    if let Some(plane) = out.get_mut(k * TARGETS..(k + 1) * TARGETS) {
        plane.fill(v);
    }
}

impl Tensor for Naval {
    fn obs_shape(&self) -> [usize; 3] {
        [PLANES, SIDE, SIDE]
    }

    fn write_obs(&self, player: PlayerId, out: &mut [f32]) {
        let n = (PLANES * TARGETS).min(out.len());
        let out = &mut out[..n];
        out.fill(0.0);
        let obs = self.observation(player);
        for (i, cell) in obs.map.cells().iter().enumerate() {
            if let Some(k) = SIGHT_KINDS.iter().position(|c| c == cell)
                && let Some(o) = out.get_mut(k * TARGETS + i)
            {
                *o = 1.0;
            }
        }
        let Some(ship) = self.ship(player) else {
            fill_plane(out, 18, obs.round as f32 / self.rounds.max(1) as f32);
            return;
        };
        let (dx, dy) = obs.dir.delta();
        for i in 0..obs.hull.len() {
            let (x, y) = (9 - dx * i as i32, 9 - dy * i as i32);
            if obs.hull.is_intact(i)
                && (0..SIDE as i32).contains(&x)
                && (0..SIDE as i32).contains(&y)
                && let Some(o) = out.get_mut(10 * TARGETS + y as usize * SIDE + x as usize)
            {
                *o = 1.0;
            }
        }
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        let numbers = [
            f32::from(ship.moves_left()),
            f32::from(ship.shots_left()),
            f32::from(obs.mines),
            f32::from(obs.cooldown),
            flag(obs.underwater),
            flag(obs.shield),
            flag(obs.scan),
            obs.round as f32 / self.rounds.max(1) as f32,
        ];
        for (k, v) in (11..).zip(numbers) {
            fill_plane(out, k, v);
        }
        fill_plane(out, 19 + obs.dir as usize, 1.0);
        for (k, v) in (23..).zip([obs.hits, obs.sunken, obs.damage]) {
            fill_plane(out, k, v as f32);
        }
    }
}

impl Tensor for NavalOrders {
    fn obs_shape(&self) -> [usize; 3] {
        [PLANES + 1, SIDE, SIDE]
    }

    fn write_obs(&self, player: PlayerId, out: &mut [f32]) {
        self.game.write_obs(player, out);
        fill_plane(out, PLANES, self.given as f32 / MAX_ORDERS as f32);
    }
}
