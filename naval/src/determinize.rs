//! What a ship knows, and seas consistent with it ([`Determinize`]), for search that samples
//! what the ship cannot see (information-set MCTS).
//!
//! A ship's view ([`InfoState`]) is what it sees now, its [`Observation`] (its map, hull and
//! numbers), with its whole [`Ship`] (what it knows of itself: budgets left this turn, dive
//! turns), and the facts of the game everyone knows: the seats, the rounds, the profile, the
//! turn, who acts, whether the ship has acted this round, the end, and (for
//! [`NavalOrders`]) the orders given this turn.
//!
//! [`Determinize::sample_state`] builds a sea on which the ship sees exactly that:
//! - its own ship as it is, with its hits, sinkings and damage;
//! - the mines and wrecks of its map where the map shows them;
//! - the enemy hull cells of its map covered by enemy ships, each ship's cells in sight
//!   showing as the map does (intact or damaged, surfaced, or submerged for a submarine seen
//!   on a scan) and its cells out of sight on free water, found by a randomised depth-first
//!   search over class, direction and which hull cell each seen cell is;
//! - every other seat's ship afloat, of a random class, at a random place out of sight,
//!   undamaged, with its class's mines and no cooldown;
//! - this round's order: the ship itself first if it has acted, then the ship to act, then
//!   the others shuffled.
//!
//! The view is the present only: where a ship was seen turns ago, and mines or wrecks out of
//! sight, are not kept (none are sampled out of sight), and an enemy's counters are not
//! known (its damage is its damaged cells, its hits and sinkings 0). `None` comes from a view
//! no game gives, from more enemy ships in sight than seats, or from a sea too crowded to
//! place the rest after 10 000 random draws each. Under the `hitmaster2017` profile, whose
//! maps differ, a sampled sea is checked like any other and may be `None`.

use alloc::vec::Vec;

use koth_engine_core::{Coord, Determinize, Dir4, Game, PlayerId, RngCore, draw};

use crate::observation::{SIGHT_HALF, SightCell};
use crate::ship::cell_of;
use crate::state::Cell;
use crate::{Config, EndReason, Naval, NavalOrders, Observation, Profile, Ship, ShipClass};

/// Placements tried for the ships in sight before [`Determinize::sample_state`] gives up.
pub const SEARCH_BUDGET: u32 = 100_000;

/// Random draws for each ship out of sight.
const OUT_OF_SIGHT_DRAWS: u32 = 10_000;

/// What one ship knows: see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InfoState {
    /// What it sees now.
    pub observation: Observation,
    /// Its ship (afloat or sunk), or `None` for a seat without one.
    pub ship: Option<Ship>,
    /// The number of seats.
    pub seats: usize,
    /// Rounds in the game.
    pub rounds: u32,
    /// The behaviour the game follows.
    pub profile: Profile,
    /// Whole turns played so far.
    pub turn: u32,
    /// The ship to act, if the game runs.
    pub to_act: Option<PlayerId>,
    /// Whether this ship has had its turn this round.
    pub acted: bool,
    /// Why the game ended, once it has.
    pub end: Option<EndReason>,
    /// Orders the acting ship has given this turn ([`NavalOrders`]; 0 for [`Naval`]).
    pub given: usize,
}

impl Determinize for Naval {
    type InfoState = InfoState;

    fn info_state(&self, player: PlayerId) -> InfoState {
        InfoState {
            observation: self.observation(player),
            ship: self.ship(player).cloned(),
            seats: self.seats.len(),
            rounds: self.rounds,
            profile: self.profile,
            turn: self.turn,
            to_act: self.to_act().players().first().copied(),
            acted: self.order[..self.next.min(self.order.len())].contains(&player),
            end: self.end,
            given: 0,
        }
    }

    fn sample_state(view: &InfoState, rng: &mut dyn RngCore) -> Option<Naval> {
        let game = sample_sea(view, rng)?;
        (game.info_state(view.observation.player) == *view).then_some(game)
    }
}

impl Determinize for NavalOrders {
    type InfoState = InfoState;

    fn info_state(&self, player: PlayerId) -> InfoState {
        InfoState {
            given: self.orders_given(),
            ..self.game().info_state(player)
        }
    }

    fn sample_state(view: &InfoState, rng: &mut dyn RngCore) -> Option<NavalOrders> {
        let game = NavalOrders::resumed(sample_sea(view, rng)?, view.given);
        (game.info_state(view.observation.player) == *view).then_some(game)
    }
}

/// A sea built from `view` (not yet checked against it).
fn sample_sea(view: &InfoState, rng: &mut dyn RngCore) -> Option<Naval> {
    let obs = &view.observation;
    let me = obs.player;
    let config = Config {
        classes: alloc::vec![None; view.seats],
        rounds: view.rounds,
        profile: view.profile,
    };
    let mut game = Naval::empty(&config, view.seats).ok()?;
    let seat = game.seats.get_mut(me.index())?;
    (seat.hits, seat.sunken, seat.damage) = (obs.hits, obs.sunken, obs.damage);
    let head = Coord::new(obs.x, obs.y);
    if let Some(ship) = &view.ship {
        if ship.afloat() {
            game.launch(me.index(), ship.clone());
        } else {
            game.seats[me.index()].ship = Some(ship.clone());
        }
        // What the map shows besides ships.
        for (dx, dy, cell) in obs.map.iter() {
            let put = match cell {
                SightCell::Mine => Cell::Mine,
                SightCell::Wreck => Cell::Wreck,
                _ => continue,
            };
            if let Some(c) = game.cells.get_mut(head.offset(dx, dy)) {
                *c = put;
            }
        }
    }
    let mut enemies: Vec<usize> = (0..view.seats).filter(|&s| s != me.index()).collect();
    draw::shuffle(rng, &mut enemies);
    let sight = Sight {
        obs,
        head,
        seen: view.ship.is_some(),
    };
    let mut search = InSight {
        enemies: &enemies,
        placed: 0,
        budget: SEARCH_BUDGET,
    };
    if !search.place(&mut game, &sight, rng) {
        return None;
    }
    for &s in &enemies[search.placed..] {
        let class = ShipClass::ALL[draw::index(rng, ShipClass::ALL.len())];
        let (head, dir) = (0..OUT_OF_SIGHT_DRAWS).find_map(|_| {
            let side = u32::from(game.side);
            let head = Coord::new(draw::below(rng, side) as i32, draw::below(rng, side) as i32);
            let dir = Dir4::from_index(draw::below(rng, 4) as u8);
            let out = (0..class.length() as usize).all(|i| !sight.shows(cell_of(head, dir, i)));
            (out && game.fits(class, head, dir)).then_some((head, dir))
        })?;
        game.launch(s, Ship::new(class, head, dir));
    }
    // This round's order: the ship itself if it has acted, the ship to act, the others.
    let mut order = Vec::new();
    if view.acted {
        order.push(me);
    }
    let next = order.len();
    order.extend(view.to_act);
    let mut rest: Vec<PlayerId> = PlayerId::all(view.seats)
        .filter(|p| !order.contains(p))
        .filter(|p| {
            game.seats[p.index()]
                .ship
                .as_ref()
                .is_some_and(Ship::afloat)
        })
        .collect();
    draw::shuffle(rng, &mut rest);
    order.extend(rest);
    game.order = order;
    game.next = next;
    game.round = obs.round;
    game.turn = view.turn;
    game.end = view.end;
    Some(game)
}

/// What the ship's map shows, placed on the sea.
struct Sight<'a> {
    obs: &'a Observation,
    head: Coord,
    /// Whether the seat has a ship (a seat without one sees nothing).
    seen: bool,
}

impl Sight<'_> {
    /// The map cell over sea cell `c` (`Unknown` out of sight).
    fn at(&self, c: Coord) -> SightCell {
        let (dx, dy) = (c.x - self.head.x, c.y - self.head.y);
        if !self.seen || dx.abs() > SIGHT_HALF || dy.abs() > SIGHT_HALF {
            return SightCell::Unknown;
        }
        self.obs.map.at(dx, dy)
    }

    /// Whether the map shows sea cell `c`.
    fn shows(&self, c: Coord) -> bool {
        !matches!(self.at(c), SightCell::Unknown | SightCell::OffGrid)
    }
}

/// The search for the enemy ships in sight.
struct InSight<'a> {
    /// The enemy seats in the order they take ships.
    enemies: &'a [usize],
    /// How many have a ship so far.
    placed: usize,
    budget: u32,
}

impl InSight<'_> {
    /// Covers every enemy cell the map shows; `false` when no placement from here does (or
    /// the budget ran out).
    fn place(&mut self, game: &mut Naval, sight: &Sight<'_>, rng: &mut dyn RngCore) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        // The first enemy cell in sight that no ship covers yet.
        let uncovered = sight.obs.map.iter().find_map(|(dx, dy, cell)| {
            let c = sight.head.offset(dx, dy);
            (cell.is_enemy() && game.cell(c) == Some(Cell::Water)).then_some(c)
        });
        let Some(target) = uncovered else {
            return true;
        };
        let Some(&seat) = self.enemies.get(self.placed) else {
            return false;
        };
        let mut candidates = Vec::new();
        for class in ShipClass::ALL {
            for dir in Dir4::ALL {
                for i in 0..class.length() as usize {
                    let (dx, dy) = dir.delta();
                    let head = target.offset(dx * i as i32, dy * i as i32);
                    if let Some(ship) = fitting(game, sight, class, head, dir) {
                        candidates.push(ship);
                    }
                }
            }
        }
        while !candidates.is_empty() {
            let ship = candidates.swap_remove(draw::index(rng, candidates.len()));
            let damage = ship.class.length() as u32 - ship.hull.intact_count();
            game.launch(seat, ship.clone());
            game.seats[seat].damage = damage;
            self.placed += 1;
            if self.place(game, sight, rng) {
                return true;
            }
            self.placed -= 1;
            for c in ship.cells() {
                if let Some(cell) = game.cells.get_mut(c) {
                    *cell = Cell::Water;
                }
            }
            game.seats[seat].ship = None;
            game.seats[seat].damage = 0;
            if self.budget == 0 {
                return false;
            }
        }
        false
    }
}

/// The enemy ship of `class` at `head` facing `dir` if it fits what the map shows: every
/// cell on free water, those in sight shown as enemy cells of one kind (surfaced, or
/// submerged for a submarine on a scan) with the damage the map shows, and some cell intact.
fn fitting(
    game: &Naval,
    sight: &Sight<'_>,
    class: ShipClass,
    head: Coord,
    dir: Dir4,
) -> Option<Ship> {
    if !game.fits(class, head, dir) {
        return None;
    }
    let mut ship = Ship::new(class, head, dir);
    let mut submerged = None;
    for i in 0..class.length() as usize {
        let cell = sight.at(cell_of(head, dir, i));
        let (under, intact) = match cell {
            SightCell::Enemy => (false, true),
            SightCell::EnemyDamaged => (false, false),
            SightCell::Submerged => (true, true),
            SightCell::SubmergedDamaged => (true, false),
            SightCell::Unknown => continue,
            _ => return None,
        };
        if *submerged.get_or_insert(under) != under {
            return None;
        }
        if !intact {
            ship.hull.damage(i);
        }
    }
    let submerged = submerged?;
    if submerged && class != ShipClass::Submarine {
        return None;
    }
    ship.submerged = submerged;
    ship.afloat().then_some(ship)
}
