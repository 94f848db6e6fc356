//! The game state and the [`Game`] implementation.

use alloc::vec::Vec;
use core::convert::Infallible;

use koth_engine_core::{
    Coord, Dir4, Game, Grid, Outcome, PerPlayer, PlayerId, RngCore, Size, StepError, ToAct, draw,
};

use crate::observation::{SIGHT_HALF, SIGHT_SIDE, SightCell};
use crate::ship::{Ship, cell_of};
use crate::{
    Config, ConfigError, EndReason, Event, Hull, Observation, Orders, Profile, ShipClass, Sight,
    Stats,
};

/// What lies on a cell of the sea.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cell {
    /// Open water.
    Water,
    /// A mine (mines have no owner).
    Mine,
    /// A wreck: a cell of a sunk ship (or one placed by the config).
    Wreck,
    /// A hull cell of the ship of this seat (afloat; submerged or not).
    Ship(PlayerId),
}

/// One seat: its ship (if its class choice was good) and its score counters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Seat {
    pub(crate) ship: Option<Ship>,
    pub(crate) hits: u32,
    pub(crate) sunken: u32,
    pub(crate) damage: u32,
}

/// One state of a naval game.
///
/// Built by [`Game::new`] from a [`Config`]; ships take whole turns one at a time
/// ([`ToAct::One`]), each playing one [`Orders`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::saved::SavedNaval",
        try_from = "crate::saved::SavedNaval"
    )
)]
pub struct Naval {
    pub(crate) side: u16,
    pub(crate) rounds: u32,
    pub(crate) cells: Grid<Cell>,
    pub(crate) seats: Vec<Seat>,
    /// This round's turn order (the ships afloat at its start, shuffled).
    pub(crate) order: Vec<PlayerId>,
    /// Index into `order` of the ship to act.
    pub(crate) next: usize,
    pub(crate) round: u32,
    pub(crate) turn: u32,
    pub(crate) end: Option<EndReason>,
    /// The rules of record, or the 2017 controller's behaviour.
    pub(crate) profile: Profile,
    /// Round orders given by a [`Scenario`](crate::Scenario) (round 1 first), taken in
    /// place of the shuffle for as many rounds as it lists.
    pub(crate) script: Vec<Vec<PlayerId>>,
}

impl Naval {
    // ------------------------------------------------------------------ construction

    /// The sea for `players` seats with no ship on it yet, round 1 not begun.
    pub(crate) fn empty(config: &Config, players: usize) -> Result<Naval, ConfigError> {
        config.validate(players)?;
        let side = Config::side(players);
        Ok(Naval {
            side,
            rounds: config.rounds,
            cells: Grid::new(Size::square(side), Cell::Water),
            seats: (0..players)
                .map(|_| Seat {
                    ship: None,
                    hits: 0,
                    sunken: 0,
                    damage: 0,
                })
                .collect(),
            order: Vec::with_capacity(players),
            next: 0,
            round: 1,
            turn: 0,
            end: None,
            profile: config.profile,
            script: Vec::new(),
        })
    }

    /// Gives every seat that has a class in `config` but no ship yet a random start, in seat
    /// order (each attempt draws x, y and a direction from `rng`).
    pub(crate) fn place_random<R: RngCore + ?Sized>(
        &mut self,
        config: &Config,
        rng: &mut R,
    ) -> Result<(), ConfigError> {
        for seat in 0..self.seats.len() {
            let Some(class) = config.class_of(seat) else {
                continue;
            };
            if self.seats[seat].ship.is_some() {
                continue;
            }
            let (head, dir) = self
                .random_start(class, rng)
                .ok_or(ConfigError::NoRoom(seat))?;
            self.launch(seat, Ship::new(class, head, dir));
        }
        Ok(())
    }

    /// Round 1 begins (its order shuffled with `rng`); with at most one ship afloat the game
    /// is over at once.
    pub(crate) fn begin<R: RngCore + ?Sized>(&mut self, rng: &mut R) {
        self.start_round(1, rng);
        if self.afloat() <= 1 {
            self.end = Some(EndReason::LastShipAfloat);
        } else {
            self.prepare_turn(&mut Vec::new());
        }
    }

    /// Puts `ship` on the sea for `seat` (its cells must be free water).
    pub(crate) fn launch(&mut self, seat: usize, ship: Ship) {
        for c in ship.cells() {
            if let Some(cell) = self.cells.get_mut(c) {
                *cell = Cell::Ship(PlayerId(seat as u8));
            }
        }
        self.seats[seat].ship = Some(ship);
    }

    /// Whether a ship of `class` fits with its head at `head` facing `dir`.
    pub(crate) fn fits(&self, class: ShipClass, head: Coord, dir: Dir4) -> bool {
        (0..class.length() as usize).all(|i| self.cell(cell_of(head, dir, i)) == Some(Cell::Water))
    }

    /// A random start: up to 10 000 draws of `(x, y, direction)`, then (never needed on the
    /// standard sea) a scan of every start from a random one.
    fn random_start<R: RngCore + ?Sized>(
        &self,
        class: ShipClass,
        rng: &mut R,
    ) -> Option<(Coord, Dir4)> {
        let side = self.side as u32;
        for _ in 0..10_000 {
            let x = draw::below(rng, side) as i32;
            let y = draw::below(rng, side) as i32;
            let dir = Dir4::from_index(draw::below(rng, 4) as u8);
            if self.fits(class, Coord::new(x, y), dir) {
                return Some((Coord::new(x, y), dir));
            }
        }
        let total = side * side * 4;
        let first = draw::below(rng, total);
        (0..total).map(|k| (first + k) % total).find_map(|k| {
            let (cell, dir) = (k / 4, Dir4::from_index((k % 4) as u8));
            let head = Coord::new((cell % side) as i32, (cell / side) as i32);
            self.fits(class, head, dir).then_some((head, dir))
        })
    }

    // ------------------------------------------------------------------ grid helpers

    /// What lies on `c`, or `None` off the grid.
    #[inline]
    pub fn cell(&self, c: Coord) -> Option<Cell> {
        self.cells.get(c).copied()
    }

    /// The number of ships afloat.
    pub(crate) fn afloat(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| s.ship.as_ref().is_some_and(Ship::afloat))
            .count()
    }

    // ------------------------------------------------------------------ accessors

    /// The grid side (`30 + players`).
    pub fn side(&self) -> u16 {
        self.side
    }

    /// The grid size.
    pub fn size(&self) -> Size {
        Size::square(self.side)
    }

    /// The current round, 1-based.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The behaviour this game follows.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The round limit.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// This round's turn order (ships sunk since its start are skipped when their turn comes).
    pub fn order(&self) -> &[PlayerId] {
        &self.order
    }

    /// The ship of `player` (afloat or sunk), or `None` for a seat without one.
    pub fn ship(&self, player: PlayerId) -> Option<&Ship> {
        self.seats.get(player.index())?.ship.as_ref()
    }

    /// Why the game ended, once it has.
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// The mines on the sea, in row-major order.
    pub fn mines(&self) -> impl Iterator<Item = Coord> + '_ {
        self.cells
            .iter()
            .filter(|(_, c)| **c == Cell::Mine)
            .map(|(at, _)| at)
    }

    /// The statistics of `player` (zeros for a seat that does not exist).
    pub fn stats(&self, player: PlayerId) -> Stats {
        let Some(seat) = self.seats.get(player.index()) else {
            return Stats {
                hits: 0,
                sunken: 0,
                damage: 0,
                alive: false,
                class: None,
            };
        };
        Stats {
            hits: seat.hits,
            sunken: seat.sunken,
            damage: seat.damage,
            alive: seat.ship.as_ref().is_some_and(Ship::afloat),
            class: seat.ship.as_ref().map(Ship::class),
        }
    }

    /// The score of `player`: `hits + 5 * sunken - damage - (alive ? 0 : 10)`, 0 for a seat
    /// without a ship.
    pub fn score(&self, player: PlayerId) -> i64 {
        self.stats(player).score()
    }

    /// The ranking key: score, then fewer deaths, more sunken, more hits, less damage.
    fn rank_key(&self, player: PlayerId) -> (i64, i64, i64, i64, i64) {
        let s = self.stats(player);
        let death = i64::from(s.class.is_some() && !s.alive);
        (
            s.score(),
            -death,
            i64::from(s.sunken),
            i64::from(s.hits),
            -i64::from(s.damage),
        )
    }

    // ------------------------------------------------------------------ observation

    /// What `player` sees now (see [`Observation`]).
    pub fn observation(&self, player: PlayerId) -> Observation {
        let ship = self.ship(player);
        let Some(ship) = ship else {
            return Observation {
                round: self.round,
                player,
                x: 0,
                y: 0,
                dir: Dir4::Up,
                hull: Hull::default(),
                moves: 0,
                shots: 0,
                mines: 0,
                cooldown: 0,
                hits: 0,
                sunken: 0,
                damage: 0,
                underwater: false,
                shield: false,
                scan: false,
                map: Sight::unknown(),
            };
        };
        let seat = &self.seats[player.index()];
        Observation {
            round: self.round,
            player,
            x: ship.head.x,
            y: ship.head.y,
            dir: ship.dir,
            hull: ship.hull,
            moves: ship.class.moves(),
            shots: ship.class.shots(),
            mines: ship.mines,
            cooldown: ship.cooldown,
            hits: seat.hits,
            sunken: seat.sunken,
            damage: seat.damage,
            underwater: ship.submerged,
            shield: ship.shield,
            scan: ship.scan,
            map: self.sight(player, ship),
        }
    }

    fn sight(&self, me: PlayerId, ship: &Ship) -> Sight {
        if self.profile == Profile::Hitmaster2017 {
            return self.sight_2017(me, ship);
        }
        let mut map = Sight::unknown();
        let range = if ship.scan {
            crate::observation::SCAN_RANGE
        } else {
            crate::observation::VIEW_RANGE
        };
        let (hx, hy) = (ship.head.x, ship.head.y);
        let width = self.cells.size().width as i32;
        // The window's columns on the grid, `x0..=x1` (empty when the head is off it).
        let (x0, x1) = ((hx - range).max(0), (hx + range).min(width - 1));
        for dy in -range..=range {
            let y = hy + dy;
            // The sight cells of this row, dx = -range..=range.
            let start = ((dy + SIGHT_HALF) * SIGHT_SIDE as i32 + SIGHT_HALF - range) as usize;
            let out = &mut map.0[start..=start + 2 * range as usize];
            out.fill(SightCell::OffGrid);
            let Some(cells) = self.cells.row(y) else {
                continue;
            };
            if x0 > x1 {
                continue;
            }
            let on_grid = &mut out[(x0 - (hx - range)) as usize..=(x1 - (hx - range)) as usize];
            for ((x, &cell), out) in (x0..).zip(&cells[x0 as usize..=x1 as usize]).zip(on_grid) {
                *out = match cell {
                    Cell::Water => SightCell::Water,
                    Cell::Mine => SightCell::Mine,
                    Cell::Wreck => SightCell::Wreck,
                    Cell::Ship(p) if p == me => SightCell::Own,
                    Cell::Ship(p) => {
                        let other = self.seats[p.index()]
                            .ship
                            .as_ref()
                            .expect("a ship cell belongs to a ship");
                        let i = ((x - other.head.x).abs() + (y - other.head.y).abs()) as usize;
                        let intact = other.hull.is_intact(i);
                        match (other.submerged, ship.scan, intact) {
                            (true, false, _) => SightCell::Water,
                            (true, true, true) => SightCell::Submerged,
                            (true, true, false) => SightCell::SubmergedDamaged,
                            (false, _, true) => SightCell::Enemy,
                            (false, _, false) => SightCell::EnemyDamaged,
                        }
                    }
                };
            }
        }
        map
    }
}

impl Game for Naval {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Orders;
    type ActionError = Infallible;
    type Observation = Observation;
    type Event = Event;

    /// Places the ships at random in seat order (each attempt draws x, y and a direction
    /// from `rng`), then shuffles round 1's order with `rng`.
    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        rng: &mut R,
    ) -> Result<Self, ConfigError> {
        let mut game = Naval::empty(config, players)?;
        game.place_random(config, rng)?;
        game.begin(rng);
        Ok(game)
    }

    fn num_players(&self) -> usize {
        self.seats.len()
    }

    fn to_act(&self) -> ToAct<'_> {
        match (self.end, self.order.get(self.next)) {
            (None, Some(&p)) => ToAct::One(p),
            _ => ToAct::Nobody,
        }
    }

    fn observe(&self, player: PlayerId) -> Observation {
        self.observation(player)
    }

    /// Plays the acting ship's whole turn. Draws from `rng` only when this turn ends a round
    /// and the game goes on: the next round's order is shuffled then.
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Orders],
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<Infallible>> {
        self.take_turn(&actions[0], events);
        self.turn += 1;
        self.advance(rng, events);
        Ok(())
    }

    /// Scores are the rules' `Score`; places by score, then fewer deaths, more sunken, more
    /// hits, less damage; a remaining tie shares the place.
    fn outcome(&self) -> Option<Outcome> {
        self.end?;
        let players = PlayerId::all(self.seats.len());
        let keys: Vec<_> = players.clone().map(|p| self.rank_key(p)).collect();
        let scores = PerPlayer::from_fn(self.seats.len(), |p| self.score(p));
        Some(Outcome::from_keys(&keys, scores))
    }

    /// A ship takes at most `5 + rounds` damage (its hull plus one repair per round at most)
    /// and can sink each enemy once.
    ///
    /// Under the `hitmaster2017` profile a Cruiser repairs up to 3 cells a turn (the head
    /// twice: `R`, a rotation onto a mine that hits the head, `R`, then one more `R`), a ship
    /// raised afloat can sink again, and every damage, its own included, is someone's hit: a
    /// ship takes at most `5 + 4 * rounds` damage and sinks at most `1 + 4 * rounds` times,
    /// and any one ship's credit is bounded by everyone's.
    fn score_bounds(&self) -> (i64, i64) {
        let rounds = i64::from(self.rounds);
        let players = self.seats.len() as i64;
        match self.profile {
            Profile::Rules => {
                let per_ship = 5 + rounds;
                (-(per_ship + 10), (players - 1) * (per_ship + 5))
            }
            Profile::Hitmaster2017 => {
                let damage = 5 + 4 * rounds;
                let sinkings = 1 + 4 * rounds;
                (-(damage + 10), players * (damage + 5 * sinkings))
            }
        }
    }

    fn turn(&self) -> u32 {
        self.turn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koth_engine_core::SeedableRng;

    /// A finished game whose seats have these `(hits, sunken, damage, afloat)` counters.
    fn finished(counters: &[(u32, u32, u32, bool)]) -> Naval {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
        let mut g = Naval::new(&Config::default(), counters.len(), &mut rng).unwrap();
        for (seat, &(hits, sunken, damage, afloat)) in g.seats.iter_mut().zip(counters) {
            seat.hits = hits;
            seat.sunken = sunken;
            seat.damage = damage;
            if !afloat {
                let ship = seat.ship.as_mut().unwrap();
                ship.hull = Hull::from_mask(ship.class.length(), 0);
            }
        }
        g.end = Some(EndReason::RoundLimit);
        g
    }

    #[test]
    fn ranking_is_score_then_deaths_sunken_hits_damage() {
        // Scores: 0 (dead), 0, 0, 0, 0, 0 - each pair split by the next key.
        let g = finished(&[
            (7, 1, 2, false), // 7 + 5 - 2 - 10 = 0, dead
            (2, 0, 2, true),  // 0, alive, 0 sunken
            (0, 1, 5, true),  // 0, alive, 1 sunken
            (3, 0, 3, true),  // 0, alive, 0 sunken, 3 hits, 3 damage
            (4, 0, 4, true),  // 0, alive, 0 sunken, 4 hits
            (4, 0, 4, true),  // the same: shares the place
        ]);
        let o = g.outcome().unwrap();
        assert_eq!(o.scores().values(), &[0, 0, 0, 0, 0, 0]);
        assert_eq!(o.places().values(), &[6, 5, 1, 4, 2, 2]);
        // (Less damage, the last key, can never decide alone: with equal hits, sunken and
        // deaths, equal scores mean equal damage.)
        let g = finished(&[(3, 0, 2, true), (4, 0, 3, true)]);
        assert_eq!(g.outcome().unwrap().places().values(), &[2, 1]);
    }
}
