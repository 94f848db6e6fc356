//! `mcts`: information-set Monte-Carlo tree search (engine-core's
//! [`search`](koth_engine_core::search), determinized through
//! [`Determinize`](koth_engine_core::Determinize)), one order at a time.
//!
//! The ship is a Cruiser, like `hunter`'s. A turn with no enemy cell on the map is played as
//! a [`Hunter`] would play it (the bot keeps one and feeds it every turn, so its memory of the
//! game stays whole). With an enemy in sight, the bot chooses the turn's orders one at a time
//! ([`NavalOrders`]: one order per step, then the end of the turn). Each order gets
//! [`ITERATIONS`] iterations. Each iteration starts from a sea sampled from what the ship saw
//! at the start of its turn, with the orders already chosen replayed on it ([`Plan`],
//! [`Known`]). A program gives its whole string at once and sees no order's effect before the
//! next, so every order is searched from the turn's first view and never from a later view
//! that would show cells the ship has not seen. The ship's own orders are the tree's choices:
//! the end of the turn, the orders without a target, and shots at the cells worth one
//! ([`Aims`]). After the ship's turn, every other ship takes its turn as a [`Hunter`] in its
//! place would ([`Replies`]), until the round ends. The ship is sampled first in the round, so
//! every other ship answers it once.
//!
//! An iteration is worth the ship's own score change on the way (in [`POINT`]s: a hit 1, a
//! sinking 5, a point of damage -1, its own sinking -10). Where the round ends, the bot adds
//! an estimate of the next exchange of fire and of what a worn hull risks ([`outlook`]). The
//! order chosen most often goes into the turn. The next order is then searched with it
//! committed, until the search ends the turn or only the end is left.
//!
//! What the observation leaves out, the bot supplies ([`SearchBot::view`]). The seat count
//! (the sea is `30 + seats` on a side) comes from what its maps have shown of the sea's edges
//! ([`Sea`]), or failing that a guess ([`SEATS_GUESS`]) that fits them. The bot counts its
//! own dive turns. The rounds and the profile come from the config its setup is given. The
//! whole turns played are unknown, and nothing in the search reads them.
//!
//! The bot plays as `hunter` does whenever it does not search: under the `hitmaster2017`
//! profile ([`NavalOrders`] plays the rules of record only), on seas it takes for more than
//! [`MAX_SEARCH_SEATS`] seats, and when no sampled sea fits what it sees.
//!
//! Strength (100 six-ship games each, `koth tournament naval --bot builtin:mcts --bot
//! builtin:hunter --bot builtin:peacemaker --bot builtin:random --bot builtin:passive --bot
//! builtin:peacemaker --games-per-pair 100 --seed S`): average place 2.41 against `hunter`'s
//! 2.49 with seed 2026 (points 480 to 344), 2.31 against 2.88 with seed 7 (573 to 87). Four
//! times the iterations did no better. About 0.1 s a game.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::convert::Infallible;

use koth_engine_core::search::{Mcts, Rollout, Settings};
use koth_engine_core::{
    Bot, Coord, Determinize, Game, Learn, Outcome, PlayerId, RngCore, StepError, ToAct,
};

use super::Hunter;
use crate::determinize::InfoState;
use crate::{
    Config, ConfigError, Event, MAX_ORDERS, MAX_PLAYERS, MIN_PLAYERS, Naval, NavalOrders,
    Observation, Order, Orders, Profile, SCAN_RANGE, SIGHT_CELLS, SIGHT_HALF, SIGHT_SIDE, Ship,
    ShipClass, SightCell, Step, Target, VIEW_RANGE,
};

/// The listing's description.
pub(super) const ABOUT: &str = "a Cruiser searching each order with an enemy in sight (information-set Monte-Carlo tree search over seas sampled from what it sees, hunter replies to the end of the round); plays as hunter otherwise";

/// Iterations per order searched.
const ITERATIONS: u32 = 400;

/// How the bot searches. The rollouts end at the horizon ([`Plan`]): the depth is only a
/// bound.
const SETTINGS: Settings = Settings {
    iterations: ITERATIONS,
    exploration: 0.25,
    rollout_depth: 400,
    search_opponents: false,
};

/// Reward units per point of score (a sinking of its own, -10 points, is -1).
const POINT: f32 = 0.1;

/// The most whole turns of other ships an iteration plays (the horizon on crowded seas; on
/// small seas the round ends first).
const MAX_REPLIES: u32 = 8;

/// The most orders searched in one turn (a Destroyer's rotations are free: it could turn
/// forever).
const MAX_DECISIONS: usize = 6;

/// Seas sampled before an order's search, to check that one fits the view (the search itself
/// would spend all its iterations trying).
const SAMPLE_TRIES: u32 = 4;

/// The seats assumed while the maps have not shown the sea's far edges: the default
/// line-up's (any count the maps allow gives seas consistent with them).
const SEATS_GUESS: usize = 6;

/// The most seats the bot searches with: every iteration places and plays every ship.
const MAX_SEARCH_SEATS: usize = 16;

/// What a hull with this many intact cells risks beyond the damage already counted, in
/// points (its sinking costs 10): the price that makes a repair, or keeping out of reach,
/// worth something.
const HULL_RISK: [f32; 6] = [0.0, 4.0, 1.5, 0.5, 0.0, 0.0];
/// Points per enemy cell the ship can shoot at next turn (up to its shots).
const GAIN: f32 = 0.5;
/// The chance that a ship it can finish next turn is sunk by it (worth 5).
const SINK_CHANCE: f32 = 0.3;
/// Points lost per own cell an enemy can shoot at next turn (up to its shots).
const LOSS: f32 = 0.5;

/// The orders without a target, in id order.
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

/// Words of [`Aims`]' bit set (one bit per map cell).
const AIM_WORDS: usize = SIGHT_CELLS.div_ceil(64);

/// The cells worth a shot, as offsets from the head at the start of the turn (bit
/// `(dy + 9) * 19 + dx + 9`). These are the intact surfaced enemy cells the map shows (for a
/// Carrier, every cell whose 3 x 3 splash covers one) and the mines next to an enemy cell (a
/// mine that is shot explodes). A shot anywhere else can hit only a ship the ship has not
/// seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Aims([u64; AIM_WORDS]);

impl Aims {
    /// The aims on `obs`'s map.
    fn of(obs: &Observation) -> Aims {
        let splash = obs.class() == Some(ShipClass::Carrier);
        let near_enemy = |dx: i32, dy: i32| {
            (-1..=1).any(|ey| (-1..=1).any(|ex| obs.map.at(dx + ex, dy + ey).is_enemy()))
        };
        let mut aims = Aims::default();
        for (dx, dy, cell) in obs.map.iter() {
            match cell {
                SightCell::Enemy if splash => {
                    for ey in -1..=1 {
                        for ex in -1..=1 {
                            aims.set(dx + ex, dy + ey);
                        }
                    }
                }
                SightCell::Enemy => aims.set(dx, dy),
                SightCell::Mine if near_enemy(dx, dy) => aims.set(dx, dy),
                _ => {}
            }
        }
        aims
    }

    /// Adds the offset `(dx, dy)` (ignored outside the map).
    fn set(&mut self, dx: i32, dy: i32) {
        if dx.abs() <= SIGHT_HALF && dy.abs() <= SIGHT_HALF {
            let k = ((dy + SIGHT_HALF) * SIGHT_SIDE as i32 + dx + SIGHT_HALF) as usize;
            self.0[k / 64] |= 1 << (k % 64);
        }
    }

    /// The offsets, row by row from the top.
    fn iter(self) -> impl Iterator<Item = (i32, i32)> {
        self.0
            .into_iter()
            .enumerate()
            .flat_map(|(w, mut bits)| {
                core::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(w * 64 + b)
                })
            })
            .map(|k| {
                let (k, side) = (k as i32, SIGHT_SIDE as i32);
                (k % side - SIGHT_HALF, k / side - SIGHT_HALF)
            })
    }
}

/// What the searching ship knows when it chooses its next order: its view at the start of
/// the turn ([`Determinize`] for [`NavalOrders`]) and the orders it has chosen so far.
#[derive(Clone, Debug, PartialEq)]
struct Known {
    view: InfoState,
    /// The orders chosen so far this turn, replayed on every sampled sea.
    prefix: Orders,
    /// The head at the start of the turn (where [`Aims`] are counted from).
    origin: Coord,
    aims: Aims,
}

impl Known {
    /// At the start of a turn: nothing chosen yet.
    fn new(view: InfoState) -> Known {
        let obs = &view.observation;
        let origin = Coord::new(obs.x, obs.y);
        let aims = Aims::of(obs);
        Known {
            view,
            prefix: Orders::new(),
            origin,
            aims,
        }
    }
}

/// [`NavalOrders`] as the search plays it for one ship, `me`. The game ends, for the search, at
/// the horizon: the end of the round the search began in, [`MAX_REPLIES`] turns of other
/// ships, the end of the game, or `me` sinking. The search's choices for `me` are narrowed to
/// the end of the turn, the orders without a target, and shots at [`Aims`], each only where
/// the rules would perform it now (no mines: a mine laid next to its own hull mostly threatens
/// the ship itself, since the modelled enemies steer clear of the mines they see). The rewards
/// are `me`'s score changes in [`POINT`]s, plus its [`outlook`] at the horizon.
#[derive(Clone, Debug, PartialEq)]
struct Plan {
    inner: NavalOrders,
    me: PlayerId,
    /// The round the search began in.
    round: u32,
    /// Whole turns of other ships played since the root.
    replies: u32,
    /// `me`'s score before the last step.
    last: i64,
    /// The head at the start of the turn (where [`Aims`] are counted from).
    origin: Coord,
    aims: Aims,
}

impl Plan {
    fn new(inner: NavalOrders, me: PlayerId, origin: Coord, aims: Aims) -> Plan {
        let round = inner.game().round();
        let last = inner.game().score(me);
        Plan {
            inner,
            me,
            round,
            replies: 0,
            last,
            origin,
            aims,
        }
    }

    /// Whether the horizon is reached.
    fn done(&self) -> bool {
        let naval = self.inner.game();
        naval.end().is_some()
            || naval.round() != self.round
            || self.replies >= MAX_REPLIES
            || !naval.ship(self.me).is_some_and(Ship::afloat)
    }
}

impl Game for Plan {
    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Step;
    type ActionError = Infallible;
    type Observation = Observation;
    type Event = Event;

    /// A game as [`NavalOrders`] starts it, searched for seat 0 with no aims (the search never
    /// makes one: it samples them).
    fn new<R: RngCore + ?Sized>(
        config: &Config,
        players: usize,
        rng: &mut R,
    ) -> Result<Plan, ConfigError> {
        let inner = <NavalOrders as Game>::new(config, players, rng)?;
        let me = PlayerId(0);
        let origin = inner.game().ship(me).map_or(Coord::new(0, 0), Ship::head);
        Ok(Plan::new(inner, me, origin, Aims::default()))
    }

    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// Nobody at the horizon; otherwise as [`NavalOrders`].
    fn to_act(&self) -> ToAct<'_> {
        if self.done() {
            ToAct::Nobody
        } else {
            self.inner.to_act()
        }
    }

    fn observe(&self, player: PlayerId) -> Observation {
        self.inner.observe(player)
    }

    fn apply<R: RngCore + ?Sized>(
        &mut self,
        actions: &[Step],
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), StepError<Infallible>> {
        let acting = self.inner.to_act().players().first().copied();
        self.last = self.inner.game().score(self.me);
        self.inner.apply(actions, rng, events)?;
        if acting != Some(self.me) && actions.first() == Some(&Step::EndTurn) {
            self.replies += 1;
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    fn score_bounds(&self) -> (i64, i64) {
        self.inner.score_bounds()
    }

    fn turn(&self) -> u32 {
        self.inner.turn()
    }
}

impl Learn for Plan {
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    fn action_id(&self, step: &Step) -> Option<usize> {
        self.inner.action_id(step)
    }

    fn action(&self, id: usize) -> Option<Step> {
        self.inner.action(id)
    }

    /// The other ships' masks are [`NavalOrders`]'. `me`'s mask holds the end of the turn and,
    /// while it may still give an order, the orders without a target and the shots at
    /// [`Aims`] that the rules would perform now.
    fn legal_mask(&self, player: PlayerId, mask: &mut [bool]) {
        if player != self.me {
            self.inner.legal_mask(player, mask);
            return;
        }
        let n = self.num_actions().min(mask.len());
        let mask = &mut mask[..n];
        mask.fill(false);
        if self.done() || self.inner.to_act().players().first() != Some(&player) {
            return;
        }
        if let Some(end) = mask.first_mut() {
            *end = true;
        }
        let naval = self.inner.game();
        let Some(ship) = naval.ship(player).filter(|s| s.afloat()) else {
            return;
        };
        if self.inner.orders_given() >= MAX_ORDERS {
            return;
        }
        let head = ship.head();
        let mut allow = |step: Step| {
            if let Step::Order(order) = step
                && naval.refusal(player, order).is_none()
                && let Some(id) = self.inner.action_id(&step)
                && let Some(m) = mask.get_mut(id)
            {
                *m = true;
            }
        };
        for order in PLAIN {
            allow(Step::Order(order));
        }
        for (dx, dy) in self.aims.iter() {
            let cell = self.origin.offset(dx, dy);
            if let Some(t) = Target::new(cell.x - head.x, cell.y - head.y) {
                allow(Step::Order(Order::Fire(t)));
            }
        }
    }

    fn score_changes(&self, events: &[Event], changes: &mut [i64]) {
        self.inner.score_changes(events, changes);
    }

    /// `me`'s score change over the step in [`POINT`]s, plus its [`outlook`] where the step
    /// reaches the horizon; 0 for the other ships (they are not searched). These are the
    /// search's own rewards, not [`NavalOrders`]' normalised ones.
    fn rewards(&self, _events: &[Event], rewards: &mut [f32]) {
        rewards.fill(0.0);
        let mut mine = (self.inner.game().score(self.me) - self.last) as f32 * POINT;
        if self.done() {
            mine += outlook(self);
        }
        if let Some(r) = rewards.get_mut(self.me.index()) {
            *r = mine;
        }
    }
}

impl Determinize for Plan {
    type InfoState = Known;

    /// `player`'s view now ([`NavalOrders`]' own, mid-turn included), with no order to
    /// replay. (The search does not call it: it is given the view.)
    fn info_state(&self, player: PlayerId) -> Known {
        Known::new(self.inner.info_state(player))
    }

    /// A sea sampled from the view at the start of the turn ([`NavalOrders`]' own sampling),
    /// with the orders chosen so far replayed on it. The replay draws nothing.
    fn sample_state(known: &Known, rng: &mut dyn RngCore) -> Option<Plan> {
        let mut inner = <NavalOrders as Determinize>::sample_state(&known.view, rng)?;
        let mut events = Vec::new();
        for order in known.prefix.iter() {
            inner
                .step(&[Step::Order(order)], &mut *rng, &mut events)
                .ok()?;
        }
        let me = known.view.observation.player;
        Some(Plan::new(inner, me, known.origin, known.aims))
    }
}

/// What the searching ship can expect beyond the horizon, in reward units. It gains from the
/// enemy cells it can shoot at next turn ([`GAIN`] each, up to its shots, plus a share of a
/// sinking where one of those ships has no more intact cells than its shots), and it loses
/// from its own cells that enemies can shoot at ([`LOSS`] each, up to each one's shots, at
/// most its intact cells) and from a worn hull ([`HULL_RISK`]). A ship reaches the cells within
/// its range and its view (5, or 9 on a scanned map) of its head, and a submerged ship neither
/// shoots nor is shot. The sea here is a sampled one: the estimate reads every ship, seen or
/// not.
fn outlook(plan: &Plan) -> f32 {
    let naval = plan.inner.game();
    if naval.end().is_some() {
        return 0.0;
    }
    let Some(own) = naval.ship(plan.me).filter(|s| s.afloat()) else {
        return 0.0;
    };
    let intact = own.hull().intact_count();
    let mut points = -HULL_RISK.get(intact as usize).copied().unwrap_or(0.0);
    if own.submerged() {
        return points * POINT;
    }
    let own_reach = i32::from(own.class().range()).min(sight(own));
    let own_shots = u32::from(own.class().shots());
    let (mut prey, mut finish, mut threat) = (0u32, false, 0u32);
    for p in PlayerId::all(naval.num_players()) {
        if p == plan.me {
            continue;
        }
        let Some(other) = naval.ship(p).filter(|s| s.afloat() && !s.submerged()) else {
            continue;
        };
        let open = intact_within(other, own.head(), own_reach);
        prey += open;
        finish |= open > 0 && other.hull().intact_count() <= own_shots;
        let reach = i32::from(other.class().range()).min(sight(other));
        let exposed = intact_within(own, other.head(), reach);
        threat += exposed.min(u32::from(other.class().shots()));
    }
    points += GAIN * prey.min(own_shots) as f32;
    if finish {
        points += SINK_CHANCE * 5.0;
    }
    points -= LOSS * threat.min(intact) as f32;
    points * POINT
}

/// How far `ship` sees on its next map.
fn sight(ship: &Ship) -> i32 {
    if ship.scanning() {
        SCAN_RANGE
    } else {
        VIEW_RANGE
    }
}

/// The intact hull cells of `ship` within Chebyshev distance `reach` of `from`.
fn intact_within(ship: &Ship, from: Coord, reach: i32) -> u32 {
    ship.cells()
        .enumerate()
        .filter(|&(i, c)| ship.hull().is_intact(i) && chebyshev(c, from) <= reach)
        .count() as u32
}

fn chebyshev(a: Coord, b: Coord) -> i32 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// Every ship in the rollouts, and the other ships in the tree, plays as a [`Hunter`] in its
/// place would. At the start of its turn (or, for the searching ship, where the tree leaves
/// off in the middle of one) the ship's hunter decides a whole turn on what the ship sees,
/// and the ship then gives those orders one per step and ends its turn. Each seat gets a new
/// hunter in each iteration, when it first acts.
#[derive(Debug, Default)]
struct Replies {
    hunters: Vec<Option<Hunter>>,
    /// Per seat: the orders of its turn and how many it has given.
    turns: Vec<Option<(Orders, usize)>>,
}

impl Rollout<Plan> for Replies {
    fn action(&mut self, game: &Plan, player: PlayerId, rng: &mut dyn RngCore) -> Option<Step> {
        let i = player.index();
        if self.hunters.len() <= i {
            self.hunters.resize_with(i + 1, || None);
            self.turns.resize(i + 1, None);
        }
        if game.inner.orders_given() == 0 || self.turns[i].is_none() {
            let hunter = self.hunters[i].get_or_insert_with(Hunter::default);
            self.turns[i] = Some((hunter.act(&game.observe(player), rng), 0));
        }
        let slot = &mut self.turns[i];
        let next = slot.as_mut().and_then(|(orders, given)| {
            let order = orders.as_slice().get(*given).copied();
            *given += 1;
            order
        });
        match next {
            Some(order) => Some(Step::Order(order)),
            None => {
                *slot = None;
                Some(Step::EndTurn)
            }
        }
    }

    fn start(&mut self) {
        self.hunters.iter_mut().for_each(|h| *h = None);
        self.turns.iter_mut().for_each(|t| *t = None);
    }

    /// The [`outlook`] (only where a rollout outlasts [`SETTINGS`]' depth bound).
    fn value(&mut self, game: &Plan, player: PlayerId) -> f32 {
        if player == game.me {
            outlook(game)
        } else {
            0.0
        }
    }
}

/// What the ship's maps have shown of the sea's side, `30 + seats` (no observation gives the
/// seat count). A cell seen on the grid lies inside the side; a cell seen off the grid with
/// both coordinates at least 0 lies beyond it. Once a map shows the right or the bottom edge,
/// the side is known exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sea {
    /// The smallest side the maps allow.
    least: i32,
    /// The largest side the maps allow.
    most: i32,
}

impl Sea {
    fn new() -> Sea {
        Sea {
            least: side_for(MIN_PLAYERS),
            most: side_for(MAX_PLAYERS),
        }
    }

    /// Narrows the bounds by `obs`'s map (and its seat: there are more seats than it).
    fn learn(&mut self, obs: &Observation) {
        self.least = self.least.max(side_for(obs.player.index() + 1));
        for (dx, dy, cell) in obs.map.iter() {
            let (x, y) = (obs.x + dx, obs.y + dy);
            match cell {
                SightCell::Unknown => {}
                SightCell::OffGrid => {
                    if x >= 0 && y >= 0 {
                        self.most = self.most.min(x.max(y));
                    }
                }
                _ => self.least = self.least.max(x.max(y) + 1),
            }
        }
    }

    /// The seat count to search with: [`SEATS_GUESS`]'s, brought within the bounds.
    fn seats(&self) -> usize {
        let side = side_for(SEATS_GUESS).max(self.least).min(self.most);
        (side - side_for(0)).clamp(MIN_PLAYERS as i32, MAX_PLAYERS as i32) as usize
    }
}

/// The sea's side with `seats` seats.
fn side_for(seats: usize) -> i32 {
    i32::from(Config::side(seats))
}

/// The search bot.
struct SearchBot {
    /// Plays the turns not searched, and remembers the game for them.
    hunter: Hunter,
    rounds: u32,
    profile: Profile,
    sea: Sea,
    /// Own turns started submerged since the last dive (as the engine counts them).
    dive_turns: u8,
    /// Own turns so far (a stand-in for the whole turns played, which nothing reads).
    turns: u32,
    mcts: Mcts<Plan>,
    replies: Replies,
    /// Scratch: a sampled sea's mask.
    mask: Vec<bool>,
}

pub(super) fn make() -> Box<dyn Bot<Naval>> {
    Box::new(SearchBot::new())
}

impl SearchBot {
    fn new() -> SearchBot {
        let config = Config::default();
        SearchBot {
            hunter: Hunter::default(),
            rounds: config.rounds,
            profile: config.profile,
            sea: Sea::new(),
            dive_turns: 0,
            turns: 0,
            mcts: Mcts::new(SETTINGS),
            replies: Replies::default(),
            mask: Vec::new(),
        }
    }

    /// The ship's view at the start of its turn, as [`Determinize`] for [`Naval`] gives it:
    /// its observation, its ship (the budgets of a turn's start, its dive turns as counted),
    /// the seats as [`Sea`] takes them, the config's rounds, and this very moment (its turn,
    /// not yet acted, the game running, no order given). `None` without a ship.
    fn view(&self, obs: &Observation) -> Option<InfoState> {
        let class = obs.class()?;
        let ship = Ship {
            class,
            head: Coord::new(obs.x, obs.y),
            dir: obs.dir,
            hull: obs.hull,
            moves_left: class.moves(),
            shots_left: class.shots(),
            moved: false,
            shot: false,
            fired: false,
            mines: obs.mines,
            cooldown: obs.cooldown,
            submerged: obs.underwater,
            dive_turns: self.dive_turns,
            shield: obs.shield,
            scan: obs.scan,
        };
        Some(InfoState {
            observation: obs.clone(),
            ship: Some(ship),
            seats: self.sea.seats(),
            rounds: self.rounds,
            profile: Profile::Rules,
            turn: self.turns,
            to_act: Some(obs.player),
            acted: false,
            end: None,
            given: 0,
        })
    }

    /// The turn's orders, each searched with the ones before it committed; `None` when no
    /// sampled sea fits the view at the first order (the caller then plays hunter's turn).
    fn plan(&mut self, view: InfoState, rng: &mut dyn RngCore) -> Option<Orders> {
        let me = view.observation.player;
        let mut known = Known::new(view);
        for decision in 0..MAX_DECISIONS {
            let Some(first) = (0..SAMPLE_TRIES).find_map(|_| Plan::sample_state(&known, rng))
            else {
                return (decision > 0).then_some(known.prefix);
            };
            self.mask.clear();
            self.mask.resize(first.num_actions(), false);
            first.legal_mask(me, &mut self.mask);
            if self.mask.iter().filter(|&&legal| legal).count() <= 1 {
                // Only the end of the turn is left (or the ship sank on its own orders).
                break;
            }
            match self
                .mcts
                .choose_determinized(&known, me, &mut self.replies, rng)
            {
                Some(Step::Order(order)) => {
                    if known.prefix.push(order).is_err() {
                        break;
                    }
                }
                Some(Step::EndTurn) => break,
                None if decision == 0 => return None,
                None => break,
            }
        }
        Some(known.prefix)
    }
}

impl Bot<Naval> for SearchBot {
    /// Always the Cruiser (`3`), as `hunter`; forgets the last game.
    fn setup(
        &mut self,
        config: &Config,
        seat: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<Option<ShipClass>> {
        self.hunter.setup(config, seat, rng);
        (self.rounds, self.profile) = (config.rounds, config.profile);
        self.sea = Sea::new();
        self.dive_turns = 0;
        self.turns = 0;
        Some(Some(ShipClass::Cruiser))
    }

    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Orders {
        // Hunter's turn, which also keeps its memory of the game whole.
        let fallback = self.hunter.act(obs, rng);
        self.sea.learn(obs);
        self.dive_turns = if obs.underwater {
            self.dive_turns.saturating_add(1)
        } else {
            0
        };
        self.turns += 1;
        let in_sight = obs.map.cells().iter().any(|c| c.is_enemy());
        if self.profile != Profile::Rules || !in_sight || self.sea.seats() > MAX_SEARCH_SEATS {
            return fallback;
        }
        self.view(obs)
            .and_then(|view| self.plan(view, rng))
            .unwrap_or(fallback)
    }
}

#[cfg(test)]
mod tests {
    use koth_engine_core::{Dir4, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::{Scenario, Start};

    /// The view the bot builds from its observation is the engine's own (the bot's turn count
    /// stands in for the whole turns played, 0 here), and seas sampled from it, with an order
    /// replayed, show the ship what it sees.
    #[test]
    fn the_bots_view_is_the_engines() {
        for seed in 0..5 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let game = <Naval as Game>::new(&Config::default(), SEATS_GUESS, &mut rng).unwrap();
            let me = game.to_act().players()[0];
            let obs = game.observe(me);
            let mut bot = SearchBot::new();
            bot.sea.learn(&obs);
            let view = bot.view(&obs).unwrap();
            assert_eq!(view, game.info_state(me), "seed {seed}");
            let mut known = Known::new(view);
            let plan = Plan::sample_state(&known, &mut rng).expect("a sea fits");
            assert_eq!(plan.inner.info_state(me), known.view);
            known.prefix.push(Order::Scan).unwrap();
            let plan = Plan::sample_state(&known, &mut rng).expect("a sea fits");
            assert_eq!(plan.inner.orders_given(), 1);
            assert!(plan.inner.game().ship(me).unwrap().scanning());
        }
    }

    /// The seat count is known once a map shows the far edge, and a guess within the bounds
    /// before.
    #[test]
    fn the_sea_side_comes_from_the_edges_seen() {
        let build = |x: i32| {
            Scenario::new(8)
                .ship(0, ShipClass::Cruiser, Start::new(x, 10, Dir4::Up))
                .ship(1, ShipClass::Destroyer, Start::new(2, 30, Dir4::Up))
                .build(&mut Pcg64Mcg::seed_from_u64(1))
                .unwrap()
        };
        let mut sea = Sea::new();
        sea.learn(&build(10).observe(PlayerId(0)));
        assert_eq!(sea.seats(), SEATS_GUESS);
        sea.learn(&build(35).observe(PlayerId(0)));
        assert_eq!((sea.least, sea.most), (38, 38));
        assert_eq!(sea.seats(), 8);
    }

    /// An enemy Destroyer two shots can sink, in sight and range: the turn hits it.
    #[test]
    fn a_turn_hits_an_enemy_in_range() {
        let mut game = Scenario::new(2)
            .ship(0, ShipClass::Cruiser, Start::new(10, 10, Dir4::Up))
            .ship(1, ShipClass::Destroyer, Start::new(13, 8, Dir4::Up))
            .build(&mut Pcg64Mcg::seed_from_u64(1))
            .unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(2);
        let mut events = Vec::new();
        while game.to_act() != ToAct::One(PlayerId(0)) {
            game.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
        }
        let mut bot = SearchBot::new();
        bot.setup(&Config::default(), PlayerId(0), &mut rng);
        let orders = bot.act(&game.observe(PlayerId(0)), &mut rng);
        events.clear();
        game.step(&[orders], &mut rng, &mut events).unwrap();
        let hit = |e: &Event| matches!(e, Event::Hit { ship, by, .. } if *ship == PlayerId(1) && *by == PlayerId(0));
        assert!(events.iter().any(hit), "{orders}: {events:?}");
    }
}
