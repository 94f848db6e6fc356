//! The game state and the [`Game`] implementation.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::convert::Infallible;
use core::sync::atomic::{AtomicBool, Ordering};

use koth_engine_core::{Coord, Game, Grid, Outcome, PlayerId, RngCore, StepError, ToAct};

use crate::map::{self, Dims};
use crate::rules;
use crate::{
    Action, Bomb, Bonus, Config, ConfigError, Event, Explosion, Observation, Player, PlayerSet,
    PlayerStats, Tile, World,
};

/// The record of a seat that does not exist.
const ABSENT: Player = Player {
    id: PlayerId(u8::MAX),
    pos: crate::Point::new(crate::Fixed::ZERO, crate::Fixed::ZERO),
    lives_left: 0,
    score: 0,
    stun_duration: 0,
    immune_duration: 0,
    bombs_power: 0,
    bombs_count: 0,
    bombs_left: 0,
};

/// One state of a Bomberman game.
///
/// Built by [`Game::new`] (a generated map, players in their corners) or, for hand-made
/// positions, by [`Scenario`](crate::Scenario). Every field is private; read it through the
/// accessors or [`Bomberman::world`].
///
/// ```
/// use koth_bomberman::{Action, Bomberman, Config};
/// use koth_engine_core::{Game, PlayerId, SeedableRng};
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
/// let mut events = Vec::new();
/// // Everyone stands still; P0 drops a bomb in its corner.
/// let mut actions = [Action::IDLE; 4];
/// actions[0].drop = true;
/// game.step(&actions, &mut rng, &mut events).unwrap();
/// assert_eq!(game.bombs().len(), 1);
/// assert_eq!(game.bombs()[0].timeout, 50);
/// assert_eq!(game.player(PlayerId(0)).bombs_left, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::learn::state_serde::BombermanState",
        try_from = "crate::learn::state_serde::BombermanState"
    )
)]
pub struct Bomberman {
    pub(crate) config: Config,
    pub(crate) dims: Dims,
    pub(crate) tick: u32,
    pub(crate) tiles: Grid<Tile>,
    /// In placement order.
    pub(crate) bombs: Vec<Bomb>,
    /// In creation order; at most one entry per (cell, timeout).
    pub(crate) explosions: Vec<Explosion>,
    /// In reveal order; at most one per cell.
    pub(crate) bonuses: Vec<Bonus>,
    /// Every seat, in seat order (players out of the game included).
    pub(crate) players: Vec<Player>,
    pub(crate) stats: Vec<PlayerStats>,
    /// Derived: per cell, the union of the creators of the explosions on it.
    pub(crate) cover: Vec<PlayerSet>,
    /// Derived: per cell, whether a bomb sits on it.
    pub(crate) bomb_at: Vec<bool>,
    /// Derived: the players on the field, in seat order (what [`Game::to_act`] lends out);
    /// updated after every tick.
    pub(crate) acting: Vec<PlayerId>,
    /// Derived: the world observations share (see [`SharedView`]).
    pub(crate) view: SharedView,
    /// Derived: each seat's last speed and move (see [`MoveMemo`]).
    pub(crate) moves: MoveMemo,
}

/// What each seat's last move computed: the speed it asked for and its clamp, and where the
/// move from where it stood led. A player usually asks for the same speed tick after tick
/// (clamping a long one takes a square root and two divisions), and a player pressed
/// against a wall stays put tick after tick. A move depends only on the player's position,
/// its clamped speed and the obstacles (walls, bombs, and whom each bomb lets through), so
/// it is remembered until one of those changes: every change of a tile, of the bombs on
/// the field or of a bomb's `walkable_for` calls [`MoveMemo::obstacles_changed`].
/// Derived data: states compare and hash equal whatever it holds.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveMemo {
    seats: [SeatMemo; 8],
}

/// One seat's remembered speed and move.
#[derive(Clone, Copy, Debug, Default)]
struct SeatMemo {
    asked: (i32, i32),
    clamped: (i32, i32),
    /// `(from, speed, to)` of the last move computed since the obstacles last changed.
    moved: Option<(crate::Point, (i32, i32), crate::Point)>,
}

impl MoveMemo {
    /// `geometry::clamp_speed(sx, sy, max)`, remembered for `seat` (the limit `max` is the
    /// config's, fixed for a state's life).
    #[inline]
    pub(crate) fn clamp(&mut self, seat: usize, sx: i32, sy: i32, max: i32) -> (i32, i32) {
        let Some(memo) = self.seats.get_mut(seat) else {
            return crate::geometry::clamp_speed(sx, sy, max);
        };
        if memo.asked != (sx, sy) {
            memo.asked = (sx, sy);
            memo.clamped = crate::geometry::clamp_speed(sx, sy, max);
        }
        memo.clamped
    }

    /// Where `seat`'s move from `from` at `speed` led, if it was computed with the
    /// obstacles as they are.
    #[inline]
    pub(crate) fn destination(
        &self,
        seat: usize,
        from: crate::Point,
        speed: (i32, i32),
    ) -> Option<crate::Point> {
        match self.seats.get(seat)?.moved {
            Some((f, s, to)) if f == from && s == speed => Some(to),
            _ => None,
        }
    }

    /// Remembers where `seat`'s move from `from` at `speed` led.
    #[inline]
    pub(crate) fn remember(
        &mut self,
        seat: usize,
        from: crate::Point,
        speed: (i32, i32),
        to: crate::Point,
    ) {
        if let Some(memo) = self.seats.get_mut(seat) {
            memo.moved = Some((from, speed, to));
        }
    }

    /// A wall, a bomb or a bomb's `walkable_for` changed: no remembered move holds.
    #[inline]
    pub(crate) fn obstacles_changed(&mut self) {
        for memo in &mut self.seats {
            memo.moved = None;
        }
    }
}

impl PartialEq for MoveMemo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for MoveMemo {}

impl core::hash::Hash for MoveMemo {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

/// The world every observation of a state shares, so that observing copies nothing.
///
/// After a tick in which the state was observed, the step brings the shared world up to date
/// in place (no allocation while no observation of an earlier tick is kept). A state not
/// observed in the last tick (a search that only steps, a fresh clone) lets it go stale and
/// pays nothing; observing a stale state builds the world once, as a copy. It is derived
/// data: states compare and hash equal whatever their views hold.
#[derive(Debug)]
pub(crate) struct SharedView {
    world: Arc<World>,
    /// Whether `world` is this state's world.
    fresh: bool,
    /// Whether the state was observed since the last tick.
    observed: AtomicBool,
    /// Whether `world`'s tiles are the state's tiles (they change only when a brick burns,
    /// so a refresh seldom copies them).
    tiles_synced: bool,
    /// The world's part of the protocol line ([`protocol::world_json`](crate::protocol)),
    /// encoded once for every seat's line of a tick.
    #[cfg(feature = "std")]
    line: std::sync::OnceLock<String>,
}

impl SharedView {
    fn stale(world: Arc<World>) -> SharedView {
        SharedView {
            world,
            fresh: false,
            observed: AtomicBool::new(false),
            tiles_synced: false,
            #[cfg(feature = "std")]
            line: std::sync::OnceLock::new(),
        }
    }

    /// The state's tiles changed.
    pub(crate) fn tiles_changed(&mut self) {
        self.tiles_synced = false;
    }
}

impl Clone for SharedView {
    /// A clone starts stale and unobserved (it shares the memory until it refreshes; the
    /// shared world's tiles are the clone's if they were the original's).
    fn clone(&self) -> Self {
        SharedView {
            tiles_synced: self.tiles_synced,
            ..SharedView::stale(Arc::clone(&self.world))
        }
    }
}

impl PartialEq for SharedView {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for SharedView {}

impl core::hash::Hash for SharedView {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

/// The stored parts of a state, before the derived grids are built.
pub(crate) struct Parts {
    pub config: Config,
    pub tick: u32,
    pub tiles: Grid<Tile>,
    pub bombs: Vec<Bomb>,
    pub explosions: Vec<Explosion>,
    pub bonuses: Vec<Bonus>,
    pub players: Vec<Player>,
}

impl Bomberman {
    /// A state from its parts (the caller has validated them); rebuilds the derived grids.
    pub(crate) fn from_parts(parts: Parts) -> Bomberman {
        let Parts {
            config,
            tick,
            tiles,
            bombs,
            explosions,
            bonuses,
            players,
        } = parts;
        let stats = vec![PlayerStats::default(); players.len()];
        let dims = Dims::new(&config.rules);
        let cells = dims.size().area();
        let mut game = Bomberman {
            config,
            dims,
            tick,
            tiles,
            bombs,
            explosions,
            bonuses,
            players,
            stats,
            cover: vec![PlayerSet::EMPTY; cells],
            bomb_at: vec![false; cells],
            acting: Vec::new(),
            moves: MoveMemo::default(),
            view: SharedView::stale(Arc::new(World {
                tick: 0,
                config,
                tiles: Grid::new(koth_engine_core::Size::square(0), Tile::Empty),
                players: Vec::new(),
                bombs: Vec::new(),
                explosions: Vec::new(),
                bonuses: Vec::new(),
            })),
        };
        game.rebuild_acting();
        game.rebuild_cover();
        for b in &game.bombs {
            if let Some(i) = dims.index(b.cell) {
                game.bomb_at[i] = true;
            }
        }
        game
    }

    /// Recomputes the acting list: the players on the field, in seat order.
    pub(crate) fn rebuild_acting(&mut self) {
        self.acting.clear();
        self.acting.extend(
            self.players
                .iter()
                .filter(|p| p.is_on_field())
                .map(|p| p.id),
        );
    }

    /// Brings the shared world up to date if the state was observed since the last tick (in
    /// place, reusing its buffers, when no observation still holds it), else lets it go stale.
    pub(crate) fn rebuild_view(&mut self) {
        let view = &mut self.view;
        #[cfg(feature = "std")]
        view.line.take();
        if !core::mem::take(view.observed.get_mut()) {
            view.fresh = false;
            return;
        }
        let w = Arc::make_mut(&mut view.world);
        w.tick = self.tick;
        w.config = self.config;
        if w.tiles.size() != self.tiles.size() {
            w.tiles = self.tiles.clone();
        } else if !view.tiles_synced {
            w.tiles.cells_mut().copy_from_slice(self.tiles.cells());
        }
        view.tiles_synced = true;
        w.players.clear();
        w.players
            .extend(self.players.iter().filter(|p| p.is_on_field()).copied());
        w.bombs.clone_from(&self.bombs);
        w.explosions.clone_from(&self.explosions);
        w.bonuses.clone_from(&self.bonuses);
        view.fresh = true;
    }

    /// The world observations share: the shared one when it is up to date, else a new one.
    fn shared_world(&self) -> Arc<World> {
        self.view.observed.store(true, Ordering::Relaxed);
        if self.view.fresh {
            Arc::clone(&self.view.world)
        } else {
            Arc::new(self.world())
        }
    }

    /// `seat`'s protocol line now ([`protocol::observation_json`](crate::protocol) of its
    /// observation). With `std`, the world's part is encoded once per tick, for every seat.
    pub(crate) fn observation_line(&self, seat: PlayerId) -> String {
        let observation = self.observe(seat);
        #[cfg(feature = "std")]
        if Arc::ptr_eq(&observation.world, &self.view.world) {
            // The shared world, up to date: its encoding stands until the next refresh.
            let world =
                (self.view.line).get_or_init(|| crate::protocol::world_json(&observation.world));
            return crate::protocol::observation_json_with(&observation, world);
        }
        crate::protocol::observation_json(&observation)
    }

    /// Recomputes the per-cell explosion cover from the explosion list.
    pub(crate) fn rebuild_cover(&mut self) {
        self.cover.fill(PlayerSet::EMPTY);
        for e in &self.explosions {
            if let Some(i) = self.dims.index(e.cell) {
                self.cover[i] = self.cover[i].union(e.creators);
            }
        }
    }

    /// The config the game was built from.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Ticks played so far.
    pub fn tick(&self) -> u32 {
        self.tick
    }

    /// Whether the game is over (after `max_ticks` ticks).
    pub fn is_over(&self) -> bool {
        self.tick >= self.config.rules.max_ticks
    }

    /// The lattice's tiles (row `y`, column `x`; row 0 is the top of the field).
    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// The bombs on the field, in placement order.
    pub fn bombs(&self) -> &[Bomb] {
        &self.bombs
    }

    /// The explosion squares, in creation order.
    pub fn explosions(&self) -> &[Explosion] {
        &self.explosions
    }

    /// The bonuses on the floor, in reveal order.
    pub fn bonuses(&self) -> &[Bonus] {
        &self.bonuses
    }

    /// Every seat's record, in seat order (players out of the game have no lives left).
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// One seat's record (a seat that does not exist reads as an empty record, out of the
    /// game).
    pub fn player(&self, p: PlayerId) -> &Player {
        self.players.get(p.index()).unwrap_or(&ABSENT)
    }

    /// One seat's statistics, with its lives and score (all zero for a seat that does not
    /// exist).
    pub fn stats(&self, p: PlayerId) -> PlayerStats {
        let player = self.player(p);
        PlayerStats {
            lives_left: player.lives_left,
            score: player.score,
            ..self.stats.get(p.index()).copied().unwrap_or_default()
        }
    }

    /// The scores, in seat order.
    pub fn scores(&self) -> Vec<i64> {
        self.players.iter().map(|p| p.score).collect()
    }

    /// The centre of lattice cell `c`.
    pub fn centre(&self, c: Coord) -> crate::Point {
        map::centre_point(&self.dims, c)
    }

    /// The players still in the game, in seat order.
    pub fn on_field(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.players
            .iter()
            .filter(|p| p.is_on_field())
            .map(|p| p.id)
    }

    /// The read-only world every player observes, as a copy of one's own
    /// ([`Game::observe`] shares one instead).
    pub fn world(&self) -> World {
        World {
            tick: self.tick,
            config: self.config,
            tiles: self.tiles.clone(),
            players: self
                .players
                .iter()
                .filter(|p| p.is_on_field())
                .copied()
                .collect(),
            bombs: self.bombs.clone(),
            explosions: self.explosions.clone(),
            bonuses: self.bonuses.clone(),
        }
    }

    /// An ASCII picture of the lattice and the players' records (see [`World::render`]).
    pub fn render(&self) -> alloc::string::String {
        self.world().render()
    }
}

impl Game for Bomberman {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Action;
    type ActionError = Infallible;
    type Observation = Observation;
    type Event = Event;

    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        rng: &mut R,
    ) -> Result<Self, ConfigError> {
        config.validate(players)?;
        let tiles = map::generate(config, rng);
        let dims = Dims::new(&config.rules);
        let rules = &config.rules;
        let seats = map::spawn_cells(config.mode, dims.n)
            .into_iter()
            .enumerate()
            .map(|(i, cell)| Player {
                id: PlayerId(i as u8),
                pos: map::centre_point(&dims, cell),
                lives_left: rules.lives,
                score: 0,
                stun_duration: 0,
                immune_duration: 0,
                bombs_power: rules.bombs_power,
                bombs_count: rules.bombs_count,
                bombs_left: rules.bombs_count,
            })
            .collect::<Vec<_>>();
        Ok(Bomberman::from_parts(Parts {
            config: *config,
            tick: 0,
            tiles,
            bombs: Vec::new(),
            explosions: Vec::new(),
            bonuses: Vec::new(),
            players: seats,
        }))
    }

    fn num_players(&self) -> usize {
        self.players.len()
    }

    /// Every player still in the game, stunned ones included (their actions are ignored),
    /// until `max_ticks` ticks have been played.
    fn to_act(&self) -> ToAct<'_> {
        if self.is_over() {
            ToAct::Nobody
        } else {
            ToAct::Simultaneous(&self.acting)
        }
    }

    fn observe(&self, player: PlayerId) -> Observation {
        let me = Player {
            id: player,
            ..*self.player(player)
        };
        Observation {
            me,
            world: self.shared_world(),
        }
    }

    /// Plays one tick: `actions[i]` belongs to the `i`-th player on the field (stunned players'
    /// actions are ignored). Every action is legal, so this never fails. With nobody left on
    /// the field only bombs can still change anything: the remaining ticks are then played out
    /// at once, so the final scores are those of a full game.
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Action],
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<Infallible>> {
        let mut by_seat = [Action::IDLE; 8];
        for (&p, &a) in self.acting.iter().zip(actions) {
            by_seat[p.index()] = a;
        }
        let by_seat = &by_seat[..self.players.len()];
        rules::tick(self, by_seat, rng, events);
        while !self.is_over() && self.on_field().next().is_none() {
            rules::tick(self, by_seat, rng, events);
        }
        self.rebuild_acting();
        self.rebuild_view();
        Ok(())
    }

    /// Scores are the game's points; equal scores share a place.
    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| Outcome::from_scores(self.scores()))
    }

    /// From every hit on opponents (each can be hit at most `lives` times), every brick and
    /// every bonus going to one player (at most one per cell each), down to losing every life
    /// to one's own bombs.
    fn score_bounds(&self) -> (i64, i64) {
        let r = &self.config.rules;
        let cells = i64::from(r.cells) * i64::from(r.cells);
        let lives = i64::from(r.lives);
        let others = self.players.len().saturating_sub(1) as i64;
        let span = |v: i32, count: i64| {
            let v = i64::from(v);
            (v.min(0) * count, v.max(0) * count)
        };
        let parts = [
            span(r.wall_points, cells),
            span(r.bonus_points, cells),
            span(r.hit_points, others * lives),
            span(r.self_hit_points, lives),
        ];
        parts
            .iter()
            .fold((0, 0), |(lo, hi), &(l, h)| (lo + l, hi + h))
    }

    /// The learning encoding's 34 actions (`Learn`: a stand, eight directions at full and at
    /// half speed, each with or without a drop) for a player on the field while the game runs;
    /// none otherwise. The engine accepts any other speed too.
    fn legal_actions(&self, player: PlayerId, out: &mut Vec<Action>) -> bool {
        self.encoded_actions(player, out);
        true
    }

    fn turn(&self) -> u32 {
        self.tick
    }
}
