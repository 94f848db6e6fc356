//! `mcts`: Monte-Carlo tree search on the engine itself (engine-core's
//! [`search`](koth_engine_core::search)), one lattice move at a time.
//!
//! Whenever its last move is done (every `ceil(cell_size / max_speed)` ticks, 3 by default)
//! the bot rebuilds the state from its observation
//! ([`Bomberman::from_observation`], with the last record it saw of every seat already out of
//! the game) and searches it for [`ITERATIONS`] iterations; the move found is then walked for
//! those ticks without searching. A tick-by-tick search would choose each tick among the
//! engine's 34 learning ids, most of them partial steps that lead nowhere, and see little of a
//! bomb's 50 ticks in a few hundred iterations; this one searches [`Moves`]: the same engine,
//! where one step is one whole move of the searching player (stay, or walk to one of the four
//! neighbouring cells, either with or without dropping a bomb first), lasting the ticks the
//! walk takes.
//!
//! The other players are not searched: in [`Moves`] they stand where they are, and at the
//! start of each move may drop a bomb where they stand, often when its blast would reach the
//! searching player ([`AIM`]) and sometimes for a brick ([`BREAK`]): a cheap and wary model
//! of `brick-breaker`, whose bombs are what endangers a player. The searching player's rollouts
//! ([`Planner`]) flee every known blast along the earliest safe path, bomb bricks where a way
//! out remains, and otherwise walk towards the nearest cell worth bombing from or holding a
//! bonus. They are cut after [`DEPTH`] moves and valued in points ([`Planner::value`]): the
//! bricks its pending bombs will break and the opponents they trap, minus the time the way out
//! of a pending blast takes (or most of a hit's price where none is left) and the time to the
//! next brick. Being hit costs what the hitter gains plus the time stunned; being eliminated,
//! the rest of the game ([`Worth`]).
//!
//! The move found is checked before it is walked: one that steps into a blast or leaves no
//! way out is replaced by the most searched move that is safe; with none, `brick-breaker`
//! flees instead (it also plays every position the engine cannot rebuild).
//!
//! Strength (100 four-player games, `koth tournament bomberman --bot builtin:mcts --bot
//! builtin:brick-breaker --bot builtin:random --bot builtin:random --games-per-pair 100
//! --seed 2026`): average place 1.39 against `brick-breaker`'s 1.61 (first in 61 games), and
//! more points (58,590 to 50,736). About 0.6 s a game.

use alloc::boxed::Box;
use alloc::collections::BinaryHeap;
use alloc::vec::Vec;
use core::cmp::{Ordering, Reverse};
use core::convert::Infallible;

use koth_engine_core::search::{Mcts, Rollout, Settings};
use koth_engine_core::{
    Bot, Coord, Dir4, Game, Learn, Outcome, PlayerId, RngCore, StepError, ToAct, draw,
};

use super::BrickBreaker;
use super::brick_breaker::{after, bit, bits, transit_ok};
use crate::map::Dims;
use crate::{
    Action, Bomberman, Config, ConfigError, Event, Fixed, Observation, Player, PlayerSet, Point,
    Tile,
};

/// The listing's description.
pub(super) const ABOUT: &str = "Monte-Carlo tree search over its own moves from cell to cell (128 iterations a move), against players that bomb where they stand";

/// Iterations per move.
const ITERATIONS: u32 = 128;

/// Moves a rollout plays before it is valued.
const DEPTH: u32 = 3;

/// How the bot searches. Rewards are in hundreds of points ([`SCALE`]): a brick is 0.12, a
/// cell nearer the next brick about 0.01, being hit about -2.5.
const SETTINGS: Settings = Settings {
    iterations: ITERATIONS,
    exploration: 0.05,
    rollout_depth: DEPTH,
    search_opponents: false,
};

/// Points per reward unit.
const SCALE: f32 = 100.0;

/// Ticks a working bomber takes per brick (`brick-breaker` breaks about one every 40): a tick
/// is worth `wall_points / TICKS_PER_BRICK` points.
const TICKS_PER_BRICK: f32 = 40.0;

/// What a bonus picked up is worth beyond its points, in bricks, at the start of a game
/// (falling to nothing at its end).
const BONUS_BRICKS: f32 = 2.0;

/// The share of a hidden bonus's worth counted for a pending blast that will reveal it.
const BONUS_REACH: f32 = 0.5;

/// The share of a pending blast's points counted before it explodes.
const PENDING: f32 = 0.9;

/// The share of a hit counted for an opponent left with no way out of a pending blast of
/// the searching player's.
const TRAP: f32 = 0.6;

/// The share of a hit's price counted where no way out of a pending blast is left.
const DOOM: f32 = 0.9;

/// Points a player standing where a pending blast will reach pays, besides the time its way
/// out takes.
const DANGER: f32 = 2.0;

/// Cells beyond which the distance to the next brick no longer counts.
const GOAL_CAP: u16 = 30;

/// The chance, in percent, that a modelled opponent drops a bomb where its blast would reach
/// the searching player.
const AIM: u32 = 50;

/// The chance, in percent, that a modelled opponent drops a bomb where its blast would reach
/// a brick.
const BREAK: u32 = 25;

/// Ticks ahead the danger masks are followed (bit `k` of a mask: the hit check `k + 1` ticks
/// from now; a mask holds 128).
const HORIZON: u32 = 120;

/// The searching player's move: stay, or walk to the neighbouring cell in `dir`; `drop`
/// drops a bomb on the cell it starts from, in its first tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Move {
    dir: Option<Dir4>,
    drop: bool,
}

impl Move {
    /// Stand still, drop nothing.
    const STAY: Move = Move::new(None, false);

    const fn new(dir: Option<Dir4>, drop: bool) -> Move {
        Move { dir, drop }
    }

    /// The cell the move ends on, from cell `from`.
    fn target(self, from: Coord) -> Coord {
        match self.dir {
            Some(dir) => {
                let (dx, dy) = dir.delta();
                from.offset(dx, dy)
            }
            None => from,
        }
    }
}

/// The moves in id order: `id = 2 * motion + drop`, motion 0 staying, 1 to 4 walking up,
/// right, down, left.
const MOVES: [Move; 10] = [
    Move::new(None, false),
    Move::new(None, true),
    Move::new(Some(Dir4::Up), false),
    Move::new(Some(Dir4::Up), true),
    Move::new(Some(Dir4::Right), false),
    Move::new(Some(Dir4::Right), true),
    Move::new(Some(Dir4::Down), false),
    Move::new(Some(Dir4::Down), true),
    Move::new(Some(Dir4::Left), false),
    Move::new(Some(Dir4::Left), true),
];

/// The game the search plays: the engine, where one step is one [`Move`] of the searching
/// player (`me`, the only one to act), played over `steps` ticks. The other players on the
/// field stand still and, at the start of each move, may drop a bomb ([`eagerness`]).
///
/// Its rewards are shaped for the search, not the [`Learn`] contract: each player's points in
/// hundreds ([`SCALE`]), minus the price of being hit or eliminated, plus what a bonus picked
/// up is worth beyond its points ([`Worth`]); no end-of-game offset.
#[derive(Clone, Debug, PartialEq)]
struct Moves {
    game: Bomberman,
    me: PlayerId,
    /// Ticks a move lasts: a walk from cell centre to cell centre at full speed.
    steps: u32,
}

impl Moves {
    fn around(game: Bomberman, me: PlayerId) -> Moves {
        let d = game.dims;
        let speed = d.max_speed.max(1) as u64;
        let steps = (d.cell.max(1) as u64)
            .div_ceil(speed)
            .clamp(1, u64::from(HORIZON / 4)) as u32;
        Moves { game, me, steps }
    }
}

impl Game for Moves {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Move;
    type ActionError = Infallible;
    type Observation = ();
    type Event = Event;

    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        rng: &mut R,
    ) -> Result<Self, ConfigError> {
        Bomberman::new(config, players, rng).map(|game| Moves::around(game, PlayerId(0)))
    }

    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// The searching player alone, while it is on the field and the game runs.
    fn to_act(&self) -> ToAct<'_> {
        if self.game.acts(self.me) {
            ToAct::One(self.me)
        } else {
            ToAct::Nobody
        }
    }

    fn observe(&self, _player: PlayerId) {}

    /// Plays the move over `steps` ticks (fewer where the searching player leaves the field
    /// or the game ends), the others standing still, dropping in the first tick where their
    /// draw says so.
    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Move],
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<Infallible>> {
        let mv = actions.first().copied().unwrap_or(Move::STAY);
        let d = self.game.dims;
        let from = cell_of(&d, self.game.player(self.me).pos);
        let to = mv.target(from);
        let mut bold = [false; 8];
        for q in self.game.players() {
            let chance = eagerness(&self.game, q, self.me);
            if chance > 0
                && let Some(b) = bold.get_mut(q.id.index())
            {
                *b = draw::chance(rng, chance);
            }
        }
        for k in 0..self.steps {
            if !self.game.acts(self.me) {
                break;
            }
            let mine = steer(
                &d,
                self.game.player(self.me).pos,
                from,
                to,
                mv.drop && k == 0,
            );
            let mut joint = [Action::IDLE; 8];
            let to_act = self.game.to_act();
            let acting = to_act.players();
            let n = acting.len().min(joint.len());
            for (slot, &p) in joint.iter_mut().zip(acting) {
                if p == self.me {
                    *slot = mine;
                } else {
                    slot.drop = k == 0 && bold.get(p.index()).copied().unwrap_or(false);
                }
            }
            self.game.step(&joint[..n], rng, events)?;
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.to_act()
            .is_over()
            .then(|| Outcome::from_scores(self.game.scores()))
    }

    fn score_bounds(&self) -> (i64, i64) {
        self.game.score_bounds()
    }

    fn turn(&self) -> u32 {
        self.game.tick()
    }
}

impl Learn for Moves {
    const ACTION_TABLE: &'static [Move] = &MOVES;

    /// For the searching player while it acts: staying always; a walk to a neighbouring cell
    /// it may enter (no wall, no bomb that blocks it); a drop with a bomb in hand, on a cell
    /// without one, whose blast would reach a brick or another player. A stunned player only
    /// stays.
    fn legal_mask(&self, player: PlayerId, mask: &mut [bool]) {
        let n = MOVES.len().min(mask.len());
        mask[..n].fill(false);
        if n == 0 || player != self.me || !self.game.acts(player) {
            return;
        }
        mask[0] = true;
        let p = *self.game.player(player);
        let d = self.game.dims;
        let from = cell_of(&d, p.pos);
        let Some(here) = d.index(from) else {
            return;
        };
        if !p.is_active() {
            return;
        }
        let drop_ok =
            p.bombs_left > 0 && !self.game.bomb_at[here] && worth_a_bomb(&self.game, here, &p);
        for (id, mv) in MOVES.iter().enumerate().take(n) {
            let to = mv.target(from);
            let reachable = to == from || d.index(to).is_some_and(|b| open(&self.game, b, player));
            mask[id] = reachable && (!mv.drop || drop_ok);
        }
    }

    fn score_changes(&self, events: &[Event], changes: &mut [i64]) {
        self.game.score_changes(events, changes);
    }

    fn rewards(&self, events: &[Event], rewards: &mut [f32]) {
        rewards.fill(0.0);
        let worth = Worth::of(&self.game);
        for event in events {
            let (player, points) = match *event {
                Event::Scored { player, points, .. } => (player, points as f32),
                Event::Hit {
                    player, lives_left, ..
                } => (
                    player,
                    -(if lives_left == 0 {
                        worth.out
                    } else {
                        worth.hit
                    }),
                ),
                Event::BonusPicked { player, .. } => (player, worth.bonus),
                _ => continue,
            };
            if let Some(r) = rewards.get_mut(player.index()) {
                *r += points / SCALE;
            }
        }
    }
}

/// What things are worth to the search, in points, at one moment of a game.
#[derive(Clone, Copy, Debug)]
struct Worth {
    /// A brick.
    wall: f32,
    /// A tick of a working bomber's time.
    tick: f32,
    /// A hit on an opponent.
    kill: f32,
    /// Being hit: what the hitter gains, plus the time stunned.
    hit: f32,
    /// Being eliminated: what the hitter gains, plus the rest of the game.
    out: f32,
    /// A bonus picked up, beyond its points.
    bonus: f32,
}

impl Worth {
    fn of(game: &Bomberman) -> Worth {
        let r = &game.config().rules;
        let wall = r.wall_points.max(1) as f32;
        let tick = wall / TICKS_PER_BRICK;
        let left = r.max_ticks.saturating_sub(game.tick()) as f32;
        let kill = r.hit_points.max(0) as f32;
        Worth {
            wall,
            tick,
            kill,
            hit: kill + r.stun_duration as f32 * tick,
            out: kill + left * tick,
            bonus: BONUS_BRICKS * wall * left / r.max_ticks.max(1) as f32,
        }
    }
}

/// The cell whose centre is nearest `pos` (where a bomb dropped there goes).
fn cell_of(d: &Dims, pos: Point) -> Coord {
    d.nearest_cell(i64::from(pos.x.raw()), i64::from(pos.y.raw()))
}

/// The cell of row-major index `i`.
fn coord_of(d: &Dims, i: usize) -> Coord {
    let n = d.n.max(1);
    Coord::new(i as i32 % n, i as i32 / n)
}

/// The direction from cell `a` to its neighbour `b`.
fn direction(d: &Dims, a: usize, b: usize) -> Option<Dir4> {
    let (ca, cb) = (coord_of(d, a), coord_of(d, b));
    Dir4::ALL.into_iter().find(|dir| {
        let (dx, dy) = dir.delta();
        ca.offset(dx, dy) == cb
    })
}

/// Whether `who` may enter cell `i` now: no wall, and no bomb it may not walk on.
fn open(game: &Bomberman, i: usize, who: PlayerId) -> bool {
    let d = &game.dims;
    !game.tiles().cells()[i].is_wall()
        && (!game.bomb_at[i]
            || game
                .bombs()
                .iter()
                .any(|b| d.index(b.cell) == Some(i) && b.walkable_for.contains(who)))
}

/// Visits the cells a blast of `power` from cell `cell` covers: its own, then each ray up to
/// `power` cells, stopping on (and covering) the first wall.
fn rays(game: &Bomberman, cell: usize, power: u32, mut visit: impl FnMut(usize)) {
    let d = &game.dims;
    let tiles = game.tiles().cells();
    visit(cell);
    let c = coord_of(d, cell);
    for dir in Dir4::ALL {
        let (dx, dy) = dir.delta();
        let mut cur = c;
        for _ in 0..power {
            cur = cur.offset(dx, dy);
            let Some(j) = d.index(cur) else { break };
            visit(j);
            if tiles[j].is_wall() {
                break;
            }
        }
    }
}

/// Whether a bomb of `p` on cell `cell` would reach a brick or another player on the field.
fn worth_a_bomb(game: &Bomberman, cell: usize, p: &Player) -> bool {
    let d = &game.dims;
    let tiles = game.tiles().cells();
    let mut found = false;
    rays(game, cell, p.bombs_power, |c| {
        found |= matches!(tiles[c], Tile::Brick(_))
            || game
                .players()
                .iter()
                .any(|q| q.id != p.id && q.is_on_field() && d.index(cell_of(d, q.pos)) == Some(c));
    });
    found
}

/// The chance, in percent, that the modelled player `q` drops a bomb where it stands at the
/// start of a move: [`AIM`] when its blast would reach `me` (on the field, not immune),
/// [`BREAK`] when it would reach a brick, else none (also without a bomb in hand, stunned, or
/// on a bomb).
fn eagerness(game: &Bomberman, q: &Player, me: PlayerId) -> u32 {
    if q.id == me || !q.is_active() || q.bombs_left == 0 {
        return 0;
    }
    let d = &game.dims;
    let Some(at) = d.index(cell_of(d, q.pos)) else {
        return 0;
    };
    if game.bomb_at[at] {
        return 0;
    }
    let target = game.player(me);
    let aim = if target.is_on_field() && target.immune_duration == 0 {
        d.index(cell_of(d, target.pos))
    } else {
        None
    };
    let tiles = game.tiles().cells();
    let (mut hits, mut breaks) = (false, false);
    rays(game, at, q.bombs_power, |c| {
        hits |= Some(c) == aim;
        breaks |= matches!(tiles[c], Tile::Brick(_));
    });
    if hits {
        AIM
    } else if breaks {
        BREAK
    } else {
        0
    }
}

/// The action that walks a player at `pos` from cell `from` towards cell `to` this tick
/// (dropping a bomb if asked): along the lattice line between their centres, or back to
/// `from`'s centre first where it stands off that line. Each axis moves at most `max_speed`
/// and never past the target, so a walk from centre to centre ends exactly on the centre; a
/// drop keeps the move within the cell (the bomb goes to the cell the player ends in).
fn steer(d: &Dims, pos: Point, from: Coord, to: Coord, drop: bool) -> Action {
    let (x, y) = (i64::from(pos.x.raw()), i64::from(pos.y.raw()));
    let (sx, sy) = d.centre(from);
    let (tx, ty) = d.centre(to);
    let on_line = (sx == tx && x == sx) || (sy == ty && y == sy);
    let (gx, gy) = if on_line { (tx, ty) } else { (sx, sy) };
    let mut limit = i64::from(d.max_speed);
    if drop {
        limit = limit.min(d.cell / 2 - 1);
    }
    let limit = limit.max(0);
    let (mut vx, mut vy) = (gx - x, gy - y);
    if vx != 0 && vy != 0 {
        let len = ((vx * vx + vy * vy) as u64).isqrt() as i64;
        if len > limit {
            vx = vx * limit / len.max(1);
            vy = vy * limit / len.max(1);
        }
    } else {
        vx = vx.clamp(-limit, limit);
        vy = vy.clamp(-limit, limit);
    }
    Action::new(Fixed::from_raw(vx as i32), Fixed::from_raw(vy as i32), drop)
}

/// The hit checks at which `p` is immune (bit `k`: its immunity, counted down first in each
/// tick, is still above 0 at the check `k + 1` ticks from now).
fn shield(p: &Player) -> u128 {
    if p.immune_duration >= 2 {
        bits(0, p.immune_duration - 2)
    } else {
        0
    }
}

/// Where `p` starts a search of its escape: the cell nearest it, from the tick it can be
/// there (the ticks to its centre, after any stun).
fn start_of(game: &Bomberman, p: &Player) -> Option<(usize, u32)> {
    let d = &game.dims;
    let (x, y) = (i64::from(p.pos.x.raw()), i64::from(p.pos.y.raw()));
    let c = d.nearest_cell(x, y);
    let i = d.index(c)?;
    let (cx, cy) = d.centre(c);
    let speed = d.max_speed.max(1) as u64;
    let dist = (x - cx).unsigned_abs() + (y - cy).unsigned_abs();
    let t = dist.div_ceil(speed) + u64::from(p.stun_duration);
    Some((i, t.min(u64::from(HORIZON)) as u32))
}

fn reset<T: Clone>(v: &mut Vec<T>, len: usize, value: T) {
    v.clear();
    v.resize(len, value);
}

/// A bomb for the danger computation.
#[derive(Clone, Copy, Debug)]
struct Blast {
    cell: usize,
    /// The hit check at which it explodes (by its timeout, or earlier in a chain).
    at: u32,
    /// The first hit check at which it exists (1 for a bomb not dropped yet).
    born: u32,
    owner: PlayerId,
}

/// The danger timeline of a state (`brick-breaker`'s, on the engine's state, with the blame)
/// and the escape search on it; every buffer is kept from one use to the next.
#[derive(Debug, Default)]
struct Hazard {
    /// Per cell: bit `k` set when an explosion covers it at the hit check `k + 1` ticks from
    /// now.
    danger: Vec<u128>,
    /// Per cell: the first hit check at which a pending blast covers it (`u32::MAX`: none).
    first: Vec<u32>,
    /// Per cell: the owners of the blasts covering it at `first`.
    owners: Vec<PlayerSet>,
    /// Per cell: who may walk on the bomb there (`None`: no bomb).
    pass: Vec<Option<PlayerSet>>,
    lingering: Vec<u32>,
    blasts: Vec<Blast>,
    /// The cells each blast covers, one after the other: blast `i`'s are
    /// `cover[spans[i]..spans[i + 1]]`.
    cover: Vec<usize>,
    spans: Vec<usize>,
    // The escape search.
    arrival: Vec<u32>,
    parent: Vec<usize>,
    depart: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, usize)>>,
}

impl Hazard {
    /// The danger timeline of `game`, with an extra bomb `extra = (cell, owner)` dropped at
    /// the end of the next tick. Lingering squares cover their cell until they vanish; every
    /// bomb explodes when its timeout runs out or, in a chain, when an earlier blast reaches
    /// it, and covers its rays (as the walls stand now) for `explosion_duration` checks.
    fn compute(&mut self, game: &Bomberman, extra: Option<(usize, PlayerId)>) {
        let d = game.dims;
        let cells = game.tiles().cells().len();
        let rules = &game.config().rules;
        let duration = rules.explosion_duration;
        reset(&mut self.danger, cells, 0);
        reset(&mut self.first, cells, u32::MAX);
        reset(&mut self.owners, cells, PlayerSet::EMPTY);
        reset(&mut self.pass, cells, None);
        reset(&mut self.lingering, cells, 0);
        for e in game.explosions() {
            if let Some(i) = d.index(e.cell) {
                self.lingering[i] = self.lingering[i].max(e.timeout);
                if e.timeout >= 2 {
                    self.danger[i] |= bits(0, e.timeout - 2);
                }
            }
        }
        self.blasts.clear();
        for b in game.bombs() {
            let Some(cell) = d.index(b.cell) else {
                continue;
            };
            self.pass[cell] = Some(b.walkable_for);
            let at = if self.lingering[cell] >= 2 {
                0
            } else {
                b.timeout.saturating_sub(1)
            };
            self.blasts.push(Blast {
                cell,
                at,
                born: 0,
                owner: b.owner,
            });
        }
        if let Some((cell, owner)) = extra
            && cell < cells
        {
            let at = if self.lingering[cell] >= 3 {
                1
            } else {
                rules.bomb_timeout
            };
            self.blasts.push(Blast {
                cell,
                at,
                born: 1,
                owner,
            });
        }
        self.cover.clear();
        self.spans.clear();
        self.spans.push(0);
        for b in &self.blasts {
            let cover = &mut self.cover;
            rays(game, b.cell, game.player(b.owner).bombs_power, |c| {
                cover.push(c)
            });
            self.spans.push(self.cover.len());
        }
        // Chains: a bomb reached by an earlier blast (still burning when the bomb exists)
        // explodes with it.
        let (blasts, cover, spans) = (&mut self.blasts, &self.cover, &self.spans);
        let mut changed = true;
        while changed {
            changed = false;
            for a in 0..blasts.len() {
                let at = blasts[a].at;
                for &c in &cover[spans[a]..spans[a + 1]] {
                    for b in blasts.iter_mut() {
                        let trigger = at.max(b.born);
                        if b.cell == c && trigger < b.at && at.saturating_add(duration) > trigger {
                            b.at = trigger;
                            changed = true;
                        }
                    }
                }
            }
        }
        for (a, b) in self.blasts.iter().enumerate() {
            let mask = if duration == 0 {
                0
            } else {
                bits(b.at, b.at.saturating_add(duration - 1))
            };
            for &c in &self.cover[self.spans[a]..self.spans[a + 1]] {
                self.danger[c] |= mask;
                match b.at.cmp(&self.first[c]) {
                    Ordering::Less => {
                        self.first[c] = b.at;
                        self.owners[c] = PlayerSet::single(b.owner);
                    }
                    Ordering::Equal => self.owners[c].insert(b.owner),
                    Ordering::Greater => {}
                }
            }
        }
    }

    /// Whether `who` may enter cell `i` (as the bombs stand at the last [`Hazard::compute`]).
    fn passable(&self, tiles: &[Tile], i: usize, who: PlayerId) -> bool {
        !tiles[i].is_wall() && self.pass[i].is_none_or(|s| s.contains(who))
    }

    /// The earliest way out for `who` from `seeds` (`(cell, tick it is there)`) under the
    /// danger masks less `shield` (the checks at which it is immune), moving a cell in
    /// `steps` ticks and waiting where that is safe: the arrival tick and the cell, the first
    /// reached that is safe from its arrival on (`None`: none within [`HORIZON`]). The path
    /// is left in `parent` and `depart` (see [`Hazard::first_move`]).
    fn escape(
        &mut self,
        game: &Bomberman,
        who: PlayerId,
        seeds: &[(usize, u32)],
        shield: u128,
        steps: u32,
    ) -> Option<(u32, usize)> {
        let d = game.dims;
        let tiles = game.tiles().cells();
        let cells = self.danger.len();
        reset(&mut self.arrival, cells, u32::MAX);
        reset(&mut self.parent, cells, usize::MAX);
        reset(&mut self.depart, cells, 0);
        self.heap.clear();
        for &(c, t) in seeds {
            if c < cells && t < self.arrival[c] {
                self.arrival[c] = t;
                self.heap.push(Reverse((t, c)));
            }
        }
        while let Some(Reverse((t, a))) = self.heap.pop() {
            if t > self.arrival[a] {
                continue;
            }
            let da = self.danger[a] & !shield;
            // Cells leave the heap in arrival order: the first safe one is the earliest.
            if after(da, t) == 0 {
                return Some((t, a));
            }
            let at = coord_of(&d, a);
            for dir in Dir4::ALL {
                let (dx, dy) = dir.delta();
                let Some(b) = d.index(at.offset(dx, dy)) else {
                    continue;
                };
                if !self.passable(tiles, b, who) {
                    continue;
                }
                let db = self.danger[b] & !shield;
                // Leave as soon as the transit is safe, waiting in `a` while `a` is safe.
                let mut dep = t;
                while dep + steps <= HORIZON {
                    if transit_ok(da, db, dep, steps) {
                        let arrive = dep + steps;
                        if arrive < self.arrival[b] {
                            self.arrival[b] = arrive;
                            self.parent[b] = a;
                            self.depart[b] = dep;
                            self.heap.push(Reverse((arrive, b)));
                        }
                        break;
                    }
                    if da & bit(dep + 1) != 0 {
                        break;
                    }
                    dep += 1;
                }
            }
        }
        None
    }

    /// The first move of the last escape search's path from `seed` to `goal` (dropping a bomb
    /// first if asked): towards the path's next cell, or staying where the path waits first
    /// or `goal` is `seed`.
    fn first_move(&self, d: &Dims, seed: usize, goal: usize, drop: bool) -> Move {
        let mut next = goal;
        let mut guard = self.parent.len();
        while guard > 0 {
            match self.parent.get(next) {
                Some(&prev) if prev != usize::MAX && prev != seed => next = prev,
                _ => break,
            }
            guard -= 1;
        }
        let first = self.parent.get(next) == Some(&seed);
        let now = self.arrival.get(seed).copied().unwrap_or(0);
        if next == seed || !first || self.depart[next] > now {
            return Move::new(None, drop);
        }
        Move::new(direction(d, seed, next), drop)
    }
}

/// The searching player's rollout policy and the value of a rollout's last state, with what
/// it computed at the root of the search.
#[derive(Debug, Default)]
struct Planner {
    hazard: Hazard,
    /// Per cell, from the root: the cells to the nearest cell worth a bomb (whose blast
    /// would reach a brick no pending blast will) or holding a bonus, `u16::MAX` where none is
    /// reached.
    goal: Vec<u16>,
    /// Scratch for the distances.
    queue: Vec<usize>,
}

impl Planner {
    /// Computes what the search keeps from the root: the distances to the next goal.
    fn prepare(&mut self, root: &Moves) {
        let g = &root.game;
        let me = root.me;
        let p = *g.player(me);
        let d = g.dims;
        self.hazard.compute(g, None);
        let tiles = g.tiles().cells();
        let cells = tiles.len();
        reset(&mut self.goal, cells, u16::MAX);
        self.queue.clear();
        for b in g.bonuses() {
            if let Some(i) = d.index(b.cell)
                && self.goal[i] != 0
            {
                self.goal[i] = 0;
                self.queue.push(i);
            }
        }
        for (i, tile) in tiles.iter().enumerate() {
            if self.goal[i] == 0 || tile.is_wall() || g.bomb_at[i] {
                continue;
            }
            if self.breaks_bricks(g, i, p.bombs_power) {
                self.goal[i] = 0;
                self.queue.push(i);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let a = self.queue[head];
            head += 1;
            let next = self.goal[a].saturating_add(1);
            let at = coord_of(&d, a);
            for dir in Dir4::ALL {
                let (dx, dy) = dir.delta();
                let Some(b) = d.index(at.offset(dx, dy)) else {
                    continue;
                };
                if self.goal[b] <= next || !self.hazard.passable(tiles, b, me) {
                    continue;
                }
                self.goal[b] = next;
                self.queue.push(b);
            }
        }
    }

    /// Whether a bomb of `power` on cell `cell` would reach a brick no pending blast will (as
    /// of the last [`Hazard::compute`]).
    fn breaks_bricks(&self, game: &Bomberman, cell: usize, power: u32) -> bool {
        let tiles = game.tiles().cells();
        let first = &self.hazard.first;
        let mut found = false;
        rays(game, cell, power, |c| {
            found |= matches!(tiles[c], Tile::Brick(_)) && first[c] == u32::MAX;
        });
        found
    }

    /// Whether `mv` is safe for the searching player at the root: its walk (or wait) crosses
    /// no blast, and from where it ends a way out of every pending blast (its own new bomb
    /// included) remains.
    fn safe(&mut self, root: &Moves, mv: Move) -> bool {
        let g = &root.game;
        let me = root.me;
        let p = *g.player(me);
        let d = g.dims;
        let from = cell_of(&d, p.pos);
        let (Some(here), Some(dest)) = (d.index(from), d.index(mv.target(from))) else {
            return false;
        };
        self.hazard.compute(g, mv.drop.then_some((here, me)));
        let shield = shield(&p);
        let steps = root.steps;
        let (da, db) = (
            self.hazard.danger[here] & !shield,
            self.hazard.danger[dest] & !shield,
        );
        let walk = if here == dest {
            da & bits(1, steps) == 0
        } else {
            transit_ok(da, db, 0, steps)
        };
        walk && self
            .hazard
            .escape(g, me, &[(dest, steps)], shield, steps)
            .is_some()
    }
}

impl Rollout<Moves> for Planner {
    /// The searching player (the only one acting): stays while stunned; in the reach of a
    /// pending blast, takes the first move of the earliest way out; on a cell whose bomb
    /// would break a brick no pending blast will, with a bomb in hand and a way out of the
    /// blast it adds, drops it (three times in four) and starts out; else walks to a
    /// neighbouring cell (or stays) where no blast reaches it during the move, the one
    /// nearest the root's next goal (ties, and one move in eight, at random).
    fn action(&mut self, game: &Moves, player: PlayerId, rng: &mut dyn RngCore) -> Option<Move> {
        if player != game.me {
            return Some(Move::STAY);
        }
        let g = &game.game;
        let p = *g.player(player);
        let d = g.dims;
        let from = cell_of(&d, p.pos);
        let Some(here) = d.index(from) else {
            return Some(Move::STAY);
        };
        if !p.is_active() {
            return Some(Move::STAY);
        }
        let steps = game.steps;
        let shield = shield(&p);
        self.hazard.compute(g, None);
        // 1. Flee.
        if after(self.hazard.danger[here] & !shield, 0) != 0
            && let Some((_, goal)) = self.hazard.escape(g, player, &[(here, 0)], shield, steps)
        {
            return Some(self.hazard.first_move(&d, here, goal, false));
        }
        // 2. Bomb.
        let rules = &g.config().rules;
        let remaining = rules.max_ticks.saturating_sub(g.tick());
        if p.bombs_left > 0
            && !g.bomb_at[here]
            && remaining > rules.bomb_timeout
            && self.breaks_bricks(g, here, p.bombs_power)
            && draw::below(rng, 4) != 0
        {
            self.hazard.compute(g, Some((here, player)));
            if let Some((_, goal)) = self.hazard.escape(g, player, &[(here, 0)], shield, steps) {
                return Some(self.hazard.first_move(&d, here, goal, true));
            }
            self.hazard.compute(g, None);
        }
        // 3. Walk.
        let wander = draw::below(rng, 8) == 0;
        let mut best = [Move::STAY; 5];
        let mut n = 0;
        let mut best_dist = u16::MAX;
        for mv in [0, 2, 4, 6, 8].map(|id| MOVES[id]) {
            let Some(b) = d.index(mv.target(from)) else {
                continue;
            };
            if b != here && !open(g, b, player) {
                continue;
            }
            let (da, db) = (
                self.hazard.danger[here] & !shield,
                self.hazard.danger[b] & !shield,
            );
            let ok = if b == here {
                da & bits(1, steps) == 0
            } else {
                transit_ok(da, db, 0, steps)
            };
            if !ok {
                continue;
            }
            let dist = if wander {
                0
            } else {
                self.goal.get(b).copied().unwrap_or(u16::MAX)
            };
            if dist < best_dist {
                best_dist = dist;
                n = 0;
            }
            if dist == best_dist {
                best[n] = mv;
                n += 1;
            }
        }
        Some(if n == 0 {
            Move::STAY
        } else {
            best[draw::index(rng, n)]
        })
    }

    /// The searching player's prospects, in reward units: the bricks its pending bombs will
    /// break (with part of the bonuses they hide), the opponents its pending blasts leave
    /// with no way out; less, where a pending blast will reach it, [`DANGER`] and the time
    /// its way out takes, or most of a hit's price ([`DOOM`]) where none is left; less the
    /// time to the root's next goal. The other players' values do not matter (they are not
    /// searched).
    fn value(&mut self, game: &Moves, player: PlayerId) -> f32 {
        if player != game.me {
            return 0.0;
        }
        let g = &game.game;
        let p = *g.player(player);
        if !p.is_on_field() || g.is_over() {
            return 0.0;
        }
        let worth = Worth::of(g);
        let steps = game.steps;
        let remaining = g.config().rules.max_ticks.saturating_sub(g.tick());
        self.hazard.compute(g, None);
        let mut points = 0.0f32;
        // Bricks its pending blasts will break first.
        for (i, &tile) in g.tiles().cells().iter().enumerate() {
            if let Tile::Brick(contents) = tile
                && self.hazard.first[i] < remaining
                && self.hazard.owners[i].contains(player)
            {
                let share = self.hazard.owners[i].len().max(1) as f32;
                let hidden = if contents.is_some() {
                    BONUS_REACH * worth.bonus
                } else {
                    0.0
                };
                points += PENDING * (worth.wall + hidden) / share;
            }
        }
        // Opponents its pending blasts trap.
        for q in g.players() {
            if q.id == player || !q.is_on_field() {
                continue;
            }
            let Some((qc, qt)) = start_of(g, q) else {
                continue;
            };
            let q_shield = shield(q);
            let owners = self.hazard.owners[qc];
            if after(self.hazard.danger[qc] & !q_shield, 0) == 0 || !owners.contains(player) {
                continue;
            }
            if self
                .hazard
                .escape(g, q.id, &[(qc, qt)], q_shield, steps)
                .is_none()
            {
                points += TRAP * worth.kill / owners.len().max(1) as f32;
            }
        }
        if let Some((here, t)) = start_of(g, &p) {
            // Its own way out.
            let shield = shield(&p);
            if after(self.hazard.danger[here] & !shield, 0) != 0 {
                points -= match self.hazard.escape(g, player, &[(here, t)], shield, steps) {
                    Some((arrive, _)) => DANGER + worth.tick * arrive.saturating_sub(t) as f32,
                    None if p.lives_left <= 1 => DOOM * worth.out,
                    None => DOOM * worth.hit,
                };
            }
            // The way to the next brick.
            let dist = self
                .goal
                .get(here)
                .copied()
                .unwrap_or(u16::MAX)
                .min(GOAL_CAP);
            points -= worth.tick * (u32::from(dist) * steps) as f32;
        }
        points / SCALE
    }
}

/// The move being walked: from cell `from` to cell `to`, over the ticks `since..until` (the
/// next search at `until`).
#[derive(Clone, Copy, Debug)]
struct Walk {
    from: Coord,
    to: Coord,
    since: u32,
    until: u32,
}

/// The search bot.
struct SearchBot {
    mcts: Mcts<Moves>,
    planner: Planner,
    /// The last record seen of every seat (what the state needs of the seats out).
    seen: Vec<Player>,
    walk: Option<Walk>,
    /// Plays the positions the search cannot: worlds the engine cannot rebuild, and no safe
    /// move.
    fallback: BrickBreaker,
    /// Scratch: the root's legal moves.
    mask: Vec<bool>,
}

pub(super) fn make() -> Box<dyn Bot<Bomberman>> {
    Box::new(SearchBot {
        mcts: Mcts::new(SETTINGS),
        planner: Planner::default(),
        seen: Vec::new(),
        walk: None,
        fallback: BrickBreaker::default(),
        mask: Vec::new(),
    })
}

impl SearchBot {
    /// Keeps the record of every player the observation shows.
    fn remember(&mut self, obs: &Observation) {
        for p in obs.world.players.iter().chain(core::iter::once(&obs.me)) {
            match self.seen.iter_mut().find(|q| q.id == p.id) {
                Some(q) => *q = *p,
                None => self.seen.push(*p),
            }
        }
    }

    /// `found` if it is safe ([`Planner::safe`]), else the most searched safe legal move
    /// (the first in id order among equals); `None` when no move is safe.
    fn checked(&mut self, root: &Moves, found: Option<Move>) -> Option<Move> {
        let found = found?;
        if self.planner.safe(root, found) {
            return Some(found);
        }
        let visits = self.mcts.root_visits(root.me);
        reset(&mut self.mask, MOVES.len(), false);
        root.legal_mask(root.me, &mut self.mask);
        let mut best: Option<(u32, Move)> = None;
        for (id, &mv) in MOVES.iter().enumerate() {
            if !self.mask[id] || mv == found || !self.planner.safe(root, mv) {
                continue;
            }
            let v = visits.get(id).copied().unwrap_or(0);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}

impl Bot<Bomberman> for SearchBot {
    fn setup(&mut self, _config: &Config, _seat: PlayerId, _rng: &mut dyn RngCore) -> Option<()> {
        self.seen.clear();
        self.walk = None;
        self.fallback = BrickBreaker::default();
        None
    }

    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        self.remember(obs);
        let me = obs.me;
        if !me.is_active() {
            self.walk = None;
            return Action::IDLE;
        }
        let d = Dims::new(obs.world.rules());
        let tick = obs.world.tick;
        if let Some(walk) = self.walk
            && (walk.since..walk.until).contains(&tick)
        {
            return steer(&d, me.pos, walk.from, walk.to, false);
        }
        self.walk = None;
        if d.max_speed <= 0 {
            return self.fallback.act(obs, rng);
        }
        let Ok(game) = Bomberman::from_observation(obs, &self.seen) else {
            return self.fallback.act(obs, rng);
        };
        let root = Moves::around(game, me.id);
        self.planner.prepare(&root);
        let found = self.mcts.choose(&root, me.id, &mut self.planner, rng);
        match self.checked(&root, found) {
            Some(mv) => {
                let from = cell_of(&d, me.pos);
                let to = mv.target(from);
                self.walk = Some(Walk {
                    from,
                    to,
                    since: tick,
                    until: tick.saturating_add(root.steps),
                });
                steer(&d, me.pos, from, to, mv.drop)
            }
            None => self.fallback.act(obs, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use koth_engine_core::SeedableRng;

    use super::*;
    use crate::{Bomb, Scenario};

    /// Plays `ticks` ticks of `game` with the search bot in seat 0 and everyone else
    /// standing still; returns the events.
    fn play(mut game: Bomberman, ticks: u32, seed: u64) -> Vec<Event> {
        let mut bot = make();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut events = Vec::new();
        for _ in 0..ticks {
            if game.to_act().is_over() {
                break;
            }
            let acting = game.to_act().players().to_vec();
            let actions: Vec<Action> = acting
                .iter()
                .map(|&p| {
                    if p == PlayerId(0) {
                        bot.act(&game.observe(p), &mut rng)
                    } else {
                        Action::IDLE
                    }
                })
                .collect();
            game.step(&actions, &mut rng, &mut events).unwrap();
        }
        events
    }

    #[test]
    fn move_ids_are_the_table_and_steer_walks_centre_to_centre() {
        let game = Scenario::new(Config::default()).build().unwrap();
        let moves = Moves::around(game, PlayerId(0));
        assert_eq!(moves.steps, 3);
        assert_eq!(moves.num_actions(), 10);
        for (id, mv) in MOVES.iter().enumerate() {
            assert_eq!(moves.action(id), Some(*mv));
            assert_eq!(moves.action_id(mv), Some(id));
        }
        // In the top-left corner: stay, right and down; no drop (nothing in reach).
        let mut mask = [false; 10];
        moves.legal_mask(PlayerId(0), &mut mask);
        assert_eq!(
            mask,
            [
                true, false, false, false, true, false, true, false, false, false
            ]
        );
        let d = moves.game.dims;
        let step = steer(
            &d,
            Point::units(15, 15),
            Coord::new(0, 0),
            Coord::new(1, 0),
            false,
        );
        assert_eq!(step, Action::units(10, 0, false));
        let last = steer(
            &d,
            Point::units(40, 15),
            Coord::new(0, 0),
            Coord::new(1, 0),
            false,
        );
        assert_eq!(last, Action::units(5, 0, false));
    }

    #[test]
    fn it_walks_out_of_its_own_blast() {
        let game = Scenario::new(Config::default())
            .bomb(Bomb {
                cell: Coord::new(0, 0),
                owner: PlayerId(0),
                timeout: 10,
                walkable_for: PlayerSet::single(PlayerId(0)),
            })
            .build()
            .unwrap();
        let events = play(game, 30, 1);
        assert!(
            events.iter().any(|e| matches!(e, Event::Exploded { .. })),
            "{events:?}"
        );
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::Hit { player, .. } if *player == PlayerId(0))),
            "{events:?}"
        );
    }

    #[test]
    fn it_bombs_a_brick_and_escapes_its_blast() {
        // The bare map with one brick two cells right of P0's corner.
        let game = Scenario::new(Config::default())
            .brick(Coord::new(2, 0), None)
            .build()
            .unwrap();
        let events = play(game, 100, 2);
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::WallDestroyed { cell, creators, .. }
                    if *cell == Coord::new(2, 0) && creators.contains(PlayerId(0))
            )),
            "{events:?}"
        );
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::Hit { player, .. } if *player == PlayerId(0))),
            "{events:?}"
        );
    }
}
