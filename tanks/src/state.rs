//! The battle's state and the [`Game`] implementation.

use alloc::vec::Vec;
use core::convert::Infallible;

use koth_engine_core::{
    Coord, Game, Outcome, PerPlayer, PlayerId, RngCore, StepError, ToAct, draw,
};

use crate::board::Board;
use crate::rules::{self, Scratch};
use crate::{Action, Config, ConfigError, EndReason, Event, Observation, TankView};

/// One state of a tank battle.
///
/// Built by [`Game::new`] from a validated [`Config`] (or, for hand-made positions, by a
/// [`Scenario`](crate::Scenario)); every tick is one [`Game::step`] with one [`Action`] per
/// living tank, in seat order.
///
/// ```
/// use koth_engine_core::{Coord, Dir4, Game, PlayerId, SeedableRng, ToAct};
/// use koth_tanks::{Action, Event, Scenario};
///
/// // Two tanks on one row of a 4 x 4 torus: both fire along it and destroy each other.
/// let mut game = Scenario::torus(4)
///     .tank(Coord::new(0, 1))
///     .tank(Coord::new(2, 1))
///     .build()
///     .unwrap();
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let mut events = Vec::new();
/// let fire = [Action::Shoot(Dir4::Right), Action::Shoot(Dir4::Left)];
/// game.step(&fire, &mut rng, &mut events).unwrap();
/// assert!(events.contains(&Event::Destroyed { tank: PlayerId(0), by: PlayerId(1) }));
/// assert!(events.contains(&Event::Destroyed { tank: PlayerId(1), by: PlayerId(0) }));
/// assert_eq!(game.to_act(), ToAct::Nobody);
/// assert_eq!(game.outcome().unwrap().places().values(), &[1, 1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::learn::state_serde::TanksState",
        try_from = "crate::learn::state_serde::TanksState"
    )
)]
pub struct Tanks {
    max_ticks: u32,
    tick: u32,
    /// Per seat: the host's id.
    ids: Vec<u32>,
    /// Seats in ascending id order (the observation's order).
    by_id: Vec<PlayerId>,
    /// Per seat: the current square (the last one, once destroyed).
    pos: Vec<Coord>,
    /// Per seat: the tick in which it was destroyed.
    destroyed: Vec<Option<u32>>,
    /// Per seat: tanks its shells destroyed.
    kills: Vec<u32>,
    /// Living seats, in seat order.
    living: Vec<PlayerId>,
    board: Board,
    end: Option<EndReason>,
    scratch: Scratch,
}

impl Tanks {
    /// The side of the torus.
    pub fn side(&self) -> u16 {
        self.board.side()
    }

    /// The tick limit.
    pub fn max_ticks(&self) -> u32 {
        self.max_ticks
    }

    /// The host's id of `player` (`None` for a seat that does not exist).
    pub fn id(&self, player: PlayerId) -> Option<u32> {
        self.ids.get(player.index()).copied()
    }

    /// The seat whose tank has the host's id `id`.
    pub fn seat_of(&self, id: u32) -> Option<PlayerId> {
        let i = self.ids.iter().position(|&x| x == id)?;
        Some(PlayerId(i as u8))
    }

    /// The square of `player`'s tank, or `None` once destroyed (or for no such seat).
    pub fn position(&self, player: PlayerId) -> Option<Coord> {
        if self.is_alive(player) {
            self.pos.get(player.index()).copied()
        } else {
            None
        }
    }

    /// The square of `player`'s tank, or where it stood when destroyed (`None` for no such
    /// seat).
    pub(crate) fn last_position(&self, player: PlayerId) -> Option<Coord> {
        self.pos.get(player.index()).copied()
    }

    /// Whether `player`'s tank still stands.
    pub fn is_alive(&self, player: PlayerId) -> bool {
        matches!(self.destroyed.get(player.index()), Some(None))
    }

    /// The tick in which `player`'s tank was destroyed (ticks count from 1).
    pub fn destroyed_at(&self, player: PlayerId) -> Option<u32> {
        self.destroyed.get(player.index()).copied().flatten()
    }

    /// How many tanks `player`'s shells destroyed (its score).
    pub fn kills(&self, player: PlayerId) -> u32 {
        self.kills.get(player.index()).copied().unwrap_or(0)
    }

    /// The living seats, in seat order.
    pub fn living(&self) -> &[PlayerId] {
        &self.living
    }

    /// The tank on square `at`, if any (`None` off the torus too).
    pub fn occupant(&self, at: Coord) -> Option<PlayerId> {
        self.board.occupant(at)
    }

    /// Why the match ended, once it has.
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// A new match of `config` with one tank per square of `pos` (seat order). The config
    /// must be valid for `pos.len()` players and the squares distinct and on the torus.
    pub(crate) fn placed(config: &Config, pos: Vec<Coord>) -> Tanks {
        let players = pos.len();
        let side = config.side_for(players);
        let ids: Vec<u32> = match &config.ids {
            Some(ids) => ids.clone(),
            None => (0..players as u32).collect(),
        };
        let mut by_id: Vec<PlayerId> = PlayerId::all(players).collect();
        by_id.sort_by_key(|p| ids[p.index()]);
        let mut board = Board::new(side);
        for (p, &c) in PlayerId::all(players).zip(&pos) {
            board.place(p, c);
        }
        let scratch = Scratch::new(board.area(), players);
        Tanks {
            max_ticks: config.max_ticks,
            tick: 0,
            ids,
            by_id,
            pos,
            destroyed: alloc::vec![None; players],
            kills: alloc::vec![0; players],
            living: PlayerId::all(players).collect(),
            board,
            end: None,
            scratch,
        }
    }

    fn check_end(&self) -> Option<EndReason> {
        match self.living.len() {
            0 => Some(EndReason::NoneLeft),
            1 => Some(EndReason::LastTankStanding),
            _ if self.tick >= self.max_ticks => Some(EndReason::TickLimit),
            _ => None,
        }
    }
}

/// The character a seat is drawn with: `0`-`9` for seats 0 to 9, then `a`-`z`, then
/// `A`-`Z`; `#` from seat 62 on.
pub fn seat_char(seat: PlayerId) -> char {
    const CHARS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    CHARS.get(seat.index()).map_or('#', |&c| char::from(c))
}

impl Game for Tanks {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Action;
    type ActionError = Infallible;
    type Observation = Observation;
    type Event = Event;

    /// Validates `config` and places the tanks: tank `i` at (column `cols[i]`, row `rows[i]`)
    /// where `cols` and then `rows` are `0..side` shuffled from `rng`
    /// ([`draw::shuffle`]), so every tank has its own row and its own column.
    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        rng: &mut R,
    ) -> Result<Self, ConfigError> {
        config.validate(players)?;
        let side = config.side_for(players);
        let mut cols: Vec<u16> = (0..side).collect();
        let mut rows = cols.clone();
        draw::shuffle(rng, &mut cols);
        draw::shuffle(rng, &mut rows);
        let pos = (0..players)
            .map(|i| Coord::new(i32::from(cols[i]), i32::from(rows[i])))
            .collect();
        Ok(Tanks::placed(config, pos))
    }

    fn num_players(&self) -> usize {
        self.ids.len()
    }

    /// Every living tank at once, in seat order, until the end.
    fn to_act(&self) -> ToAct<'_> {
        if self.end.is_some() {
            ToAct::Nobody
        } else {
            ToAct::Simultaneous(&self.living)
        }
    }

    /// The seed's view: the observer's id, the side, every living tank in ascending id order.
    /// A seat that does not exist observes with id `u32::MAX`.
    fn observe(&self, player: PlayerId) -> Observation {
        let tanks = self
            .by_id
            .iter()
            .filter(|p| self.is_alive(**p))
            .map(|p| TankView {
                id: self.ids[p.index()],
                at: self.pos[p.index()],
            })
            .collect();
        Observation {
            you: self.id(player).unwrap_or(u32::MAX),
            width: self.side(),
            tanks,
        }
    }

    /// One tick: moves, then shots against the post-move squares, then removal; then the
    /// end check. Every action is legal, so the only refusals are the ones
    /// [`Game::step`] makes before calling this ([`StepError::GameOver`],
    /// [`StepError::WrongActionCount`]).
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Action],
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<Infallible>> {
        let tick = self.tick + 1;
        let s = &mut self.scratch;
        rules::moves::resolve(
            &mut self.board,
            &mut self.pos,
            &self.living,
            actions,
            s,
            rng,
            events,
        );
        rules::shots::fire(
            &self.board,
            &self.pos,
            &self.living,
            actions,
            &mut s.hit_by,
            &mut self.kills,
            events,
        );
        rules::removal::remove(
            &mut self.board,
            &self.pos,
            &mut self.living,
            &mut self.destroyed,
            &mut s.hit_by,
            tick,
            events,
        );
        self.tick = tick;
        self.end = self.check_end();
        if let Some(reason) = self.end {
            events.push(Event::Ended(reason));
        }
        Ok(())
    }

    /// Ranking by survival: survivors share first place; a tank destroyed later ranks above
    /// one destroyed earlier; tanks destroyed in the same tick share a place. Places are dense
    /// (the seed's "second placed ... destroyed last"): the tank destroyed last is second
    /// however many survived. The score is the number of tanks a tank's shells destroyed (its
    /// kills).
    fn outcome(&self) -> Option<Outcome> {
        self.end?;
        let keys: Vec<u32> = self
            .destroyed
            .iter()
            .map(|d| d.unwrap_or(u32::MAX))
            .collect();
        let scores = self.kills.iter().map(|&k| i64::from(k)).collect();
        Some(Outcome::from_keys_dense(&keys, PerPlayer::from_vec(scores)))
    }

    /// Kills: at least 0, at most every other tank.
    fn score_bounds(&self) -> (i64, i64) {
        (0, self.num_players() as i64 - 1)
    }

    /// All nine actions for a living tank while the match runs; none otherwise.
    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> bool {
        if self.end.is_none() && self.is_alive(player) {
            out.extend_from_slice(&Action::ALL);
        }
        true
    }

    fn turn(&self) -> u32 {
        self.tick
    }
}

#[cfg(feature = "serde")]
impl From<Tanks> for crate::learn::state_serde::TanksState {
    fn from(t: Tanks) -> Self {
        crate::learn::state_serde::TanksState {
            side: t.board.side(),
            max_ticks: t.max_ticks,
            tick: t.tick,
            ids: t.ids,
            pos: t.pos,
            destroyed: t.destroyed,
            kills: t.kills,
            end: t.end,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<crate::learn::state_serde::TanksState> for Tanks {
    type Error = alloc::string::String;

    fn try_from(s: crate::learn::state_serde::TanksState) -> Result<Tanks, Self::Error> {
        s.check()?;
        let players = s.ids.len();
        let mut by_id: Vec<PlayerId> = PlayerId::all(players).collect();
        by_id.sort_by_key(|p| s.ids[p.index()]);
        let mut board = Board::new(s.side);
        let living: Vec<PlayerId> = PlayerId::all(players)
            .filter(|p| s.destroyed[p.index()].is_none())
            .collect();
        for &p in &living {
            board.place(p, s.pos[p.index()]);
        }
        let scratch = Scratch::new(board.area(), players);
        Ok(Tanks {
            max_ticks: s.max_ticks,
            tick: s.tick,
            ids: s.ids,
            by_id,
            pos: s.pos,
            destroyed: s.destroyed,
            kills: s.kills,
            living,
            board,
            end: s.end,
            scratch,
        })
    }
}
