//! Monte-Carlo tree search over any [`Learn`] game ([`Mcts`]): a strong baseline bot that
//! needs no training, for every game, on the engines' own rules.
//!
//! - **UCT on action ids.** The tree's choices are [`Learn`] ids: each acting player picks
//!   the legal id with the best UCB1 score (untried ids first, in random order).
//! - **Simultaneous moves, decoupled (DUCT).** Each node keeps, for each player who chooses
//!   there, the visits and summed returns of each of its ids; every player picks on its own
//!   statistics, and the joint choice leads to the child. Turn-based games are the case of
//!   one acting player.
//! - **Open loop.** A node is a sequence of joint choices, not a state: every iteration plays
//!   the choices again from the root, drawing the game's chance (the `rng` of
//!   [`Game::step`](crate::Game::step)) anew. Stochastic games and sampled roots need nothing else.
//! - **Values** are each player's own rewards ([`Learn::rewards`], normalised scores) from the
//!   node on: to the end of the game, or to the end of a rollout cut at
//!   [`Settings::rollout_depth`] (what was earned until then, plus the rollout policy's
//!   [`Rollout::value`] of the state there).
//! - **Rollouts** leave the tree after one new node: every player acts by the [`Rollout`]
//!   policy, [`Uniform`] over legal ids by default. Players not searched (see below) act by
//!   it inside the tree as well; an acting player with an empty mask takes the game's
//!   environment action ([`Learn::env_action`]).
//! - **Hidden information** ([`Mcts::choose_determinized`]): every iteration starts from a
//!   state sampled from what the searching player knows ([`Determinize::sample_state`]), so
//!   the statistics average over the states it cannot tell apart. Opponents are then not
//!   searched ([`Settings::search_opponents`] is ignored): in a sampled state they would
//!   search with knowledge they do not have.
//!
//! A search is deterministic: the same state (or view), settings and `rng` give the same
//! choice. `no_std` with `alloc` (feature `search`); the tree lives in two flat arrays
//! reused from one decision to the next.
//!
//! ```
//! use koth_engine_core::search::{Mcts, Settings, Uniform};
//! use koth_engine_core::{Learn, PlayerId, RngCore};
//!
//! /// `me`'s move after 500 iterations, for any game.
//! fn search_move<G: Learn>(game: &G, me: PlayerId, rng: &mut dyn RngCore) -> Option<G::Action> {
//!     let mut mcts = Mcts::new(Settings { iterations: 500, ..Settings::default() });
//!     mcts.choose(game, me, &mut Uniform::default(), rng)
//! }
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::{Bot, Contest, Determinize, Learn, PlayerId, RngCore};

/// How much a search looks and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Iterations per decision (each plays one path from the root to the end or the rollout
    /// cut).
    pub iterations: u32,
    /// The UCB1 exploration constant `c` in `mean + c * sqrt(ln N / n)`; values lie in
    /// `[-1, 1]` for a whole game.
    pub exploration: f32,
    /// Steps a rollout plays after leaving the tree before it stops and takes the rewards
    /// earned so far as the value (`u32::MAX`: to the end of the game).
    pub rollout_depth: u32,
    /// Whether the other players choose in the tree by their own statistics (DUCT), or act by
    /// the rollout policy everywhere. Ignored (never) in a determinized search.
    pub search_opponents: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            iterations: 1_000,
            exploration: 1.0,
            rollout_depth: u32::MAX,
            search_opponents: true,
        }
    }
}

/// How players act outside the tree (and players not searched, inside it).
pub trait Rollout<G: Learn> {
    /// `player`'s action in `game`, or `None` where it has none (the search then ends the
    /// iteration there, taking the rewards earned so far).
    fn action(&mut self, game: &G, player: PlayerId, rng: &mut dyn RngCore) -> Option<G::Action>;

    /// Called before each iteration: a policy with memory of a game forgets it here. The
    /// default does nothing.
    fn start(&mut self) {}

    /// What `player` can still expect from `game` where a rollout is cut at
    /// [`Settings::rollout_depth`], in reward units (a whole game's rewards lie in
    /// `[-1, 1]`), added to what it earned until the cut. The default expects nothing more.
    fn value(&mut self, game: &G, player: PlayerId) -> f32 {
        let _ = (game, player);
        0.0
    }

    /// What `player` gets beyond the game's rewards where an iteration reaches the end of
    /// the game, in the same units: for a search whose aim differs from the rewards (a
    /// place earned by surviving where the rewards count kills). The default adds nothing.
    fn end_value(&mut self, game: &G, player: PlayerId) -> f32 {
        let _ = (game, player);
        0.0
    }
}

/// Uniform over the legal ids; the environment's action where the mask is empty.
#[derive(Clone, Debug, Default)]
pub struct Uniform {
    mask: Vec<bool>,
    legal: Vec<u32>,
}

impl<G: Learn> Rollout<G> for Uniform {
    fn action(&mut self, game: &G, player: PlayerId, rng: &mut dyn RngCore) -> Option<G::Action> {
        self.mask.clear();
        self.mask.resize(game.num_actions(), false);
        game.legal_mask(player, &mut self.mask);
        self.legal.clear();
        self.legal.extend(
            self.mask
                .iter()
                .enumerate()
                .filter(|&(_, &legal)| legal)
                .map(|(id, _)| id as u32),
        );
        match crate::draw::choose(rng, &self.legal) {
            Some(&id) => game.action(id as usize),
            None => game.env_action(player, rng),
        }
    }
}

/// Every player acts as a built-in bot would from its observation
/// ([`Game::observe`](crate::Game::observe)): one bot value per seat, made afresh for each
/// iteration when the seat first acts (bots remember the game they play).
pub struct Bots<G: Contest> {
    make: fn() -> Box<dyn Bot<G>>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
}

impl<G: Contest> Bots<G> {
    /// Rollouts by the bot `make` makes (a [`BotEntry::make`](crate::BotEntry)).
    pub fn new(make: fn() -> Box<dyn Bot<G>>) -> Self {
        Bots {
            make,
            bots: Vec::new(),
        }
    }
}

impl<G: Contest> core::fmt::Debug for Bots<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Bots")
            .field("seats", &self.bots.len())
            .finish()
    }
}

impl<G: Contest + Learn> Rollout<G> for Bots<G> {
    fn action(&mut self, game: &G, player: PlayerId, rng: &mut dyn RngCore) -> Option<G::Action> {
        if self.bots.len() <= player.index() {
            self.bots.resize_with(player.index() + 1, || None);
        }
        let bot = self.bots[player.index()].get_or_insert_with(self.make);
        Some(bot.act(&game.observe(player), rng))
    }

    fn start(&mut self) {
        self.bots.iter_mut().for_each(|b| *b = None);
    }
}

/// No node (the end of a child list).
const NONE: u32 = u32::MAX;

/// One id's statistics at a node, for the player choosing it.
#[derive(Clone, Copy, Debug, Default)]
struct Stat {
    visits: u32,
    /// The chooser's summed returns.
    value: f32,
}

/// A node: a sequence of joint choices from the root.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The joint choice that leads here from the parent.
    key: u64,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Where this node's statistics start in [`Mcts::stats`]: `num_actions` per player of
    /// `searched`, in seat order.
    stats: u32,
    /// The players who choose here by their statistics (bit `p` for seat `p`).
    searched: u64,
}

/// One node an iteration went through, and what was chosen there.
#[derive(Clone, Copy, Debug)]
struct Visit {
    node: u32,
    /// Where its choices start in [`Mcts::choices`] (they end where the next visit's start).
    choices: u32,
}

/// A Monte-Carlo tree search for `G` (see the [module docs](self)). One value decides one
/// player's moves one after the other, reusing its memory; nothing is kept between
/// decisions.
#[derive(Debug)]
pub struct Mcts<G: Learn> {
    settings: Settings,
    nodes: Vec<Node>,
    stats: Vec<Stat>,
    /// Action ids of the searched game.
    num_actions: usize,
    /// Seats of the searched game.
    players: usize,
    // Scratch, reused by every iteration.
    path: Vec<Visit>,
    /// `(seat, id)` per searched choice of the path.
    choices: Vec<(u8, u32)>,
    /// Each player's returns before each visit of the path (`players` per visit).
    before: Vec<f32>,
    returns: Vec<f32>,
    rewards: Vec<f32>,
    mask: Vec<bool>,
    acting: Vec<PlayerId>,
    actions: Vec<G::Action>,
    events: Vec<G::Event>,
}

impl<G: Learn> Mcts<G> {
    /// A search with these settings.
    pub fn new(settings: Settings) -> Self {
        Mcts {
            settings,
            nodes: Vec::new(),
            stats: Vec::new(),
            num_actions: 0,
            players: 0,
            path: Vec::new(),
            choices: Vec::new(),
            before: Vec::new(),
            returns: Vec::new(),
            rewards: Vec::new(),
            mask: Vec::new(),
            acting: Vec::new(),
            actions: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// `me`'s action in `game` after [`Settings::iterations`] iterations: its most visited
    /// legal id at the root, or one drawn in proportion to the visits where searched
    /// opponents act at the same time (`None` when `me` does not act now; the environment's
    /// action where `me` acts with an empty mask, without a search).
    pub fn choose(
        &mut self,
        game: &G,
        me: PlayerId,
        rollout: &mut dyn Rollout<G>,
        rng: &mut dyn RngCore,
    ) -> Option<G::Action> {
        let iterations = self.settings.iterations;
        self.choose_until(game, me, rollout, rng, &mut |done| done >= iterations)
    }

    /// As [`Mcts::choose`], iterating until `stop(iterations done)` says to (a time budget:
    /// a clock in the closure; such a search is only as repeatable as the clock). At least
    /// one iteration runs.
    pub fn choose_until(
        &mut self,
        game: &G,
        me: PlayerId,
        rollout: &mut dyn Rollout<G>,
        rng: &mut dyn RngCore,
        stop: &mut dyn FnMut(u32) -> bool,
    ) -> Option<G::Action> {
        if let Some(decided) = self.without_search(game, me, rng) {
            return decided;
        }
        let search_opponents = self.settings.search_opponents;
        let mut root = |_: &mut dyn RngCore| Some(game.clone());
        self.search(me, search_opponents, rollout, rng, stop, &mut root);
        let mixed = search_opponents && game.to_act().len() > 1;
        self.decide(game, me, mixed, rng)
    }

    /// The root's statistics of `me` after the last search: visits per id (empty where `me`
    /// did not choose at the root).
    pub fn root_visits(&self, me: PlayerId) -> Vec<u32> {
        match self.nodes.first().and_then(|root| self.stats_at(root, me)) {
            Some(at) => self.stats[at..at + self.num_actions]
                .iter()
                .map(|s| s.visits)
                .collect(),
            None => Vec::new(),
        }
    }

    /// The decision where no search is needed: `Some(None)` when `me` does not act,
    /// `Some(env action)` when it acts with an empty mask, `None` when a search decides.
    fn without_search(
        &mut self,
        game: &G,
        me: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<Option<G::Action>> {
        if !game.to_act().players().contains(&me) {
            return Some(None);
        }
        self.load_mask(game, me);
        if self.mask.contains(&true) {
            None
        } else {
            Some(game.env_action(me, rng))
        }
    }

    /// `player`'s mask in `game` into `self.mask`.
    fn load_mask(&mut self, game: &G, player: PlayerId) {
        self.mask.clear();
        self.mask.resize(game.num_actions(), false);
        game.legal_mask(player, &mut self.mask);
    }

    /// `me`'s decision at the root: its most visited legal id (ties: the better mean, then the
    /// lower id), or where `mixed` (others choose by their statistics at the same time) an id
    /// drawn in proportion to its visits among those visited at least a quarter as often as
    /// the most visited one (DUCT's mixed strategy: a fixed choice would be predictable, and
    /// simultaneous games punish that).
    fn decide(
        &mut self,
        game: &G,
        me: PlayerId,
        mixed: bool,
        rng: &mut dyn RngCore,
    ) -> Option<G::Action> {
        self.load_mask(game, me);
        let at = self.nodes.first().and_then(|root| self.stats_at(root, me));
        let stats = at.map(|at| &self.stats[at..at + self.num_actions]);
        let stat = |id: usize| stats.and_then(|s| s.get(id)).copied().unwrap_or_default();
        let legal = || (0..self.mask.len()).filter(|&id| self.mask[id]);
        if mixed {
            // Ids visited less than a quarter as often as the most visited one are taken for
            // UCB's exploration, not for part of the strategy.
            let most = legal().map(|id| stat(id).visits).max().unwrap_or(0);
            let kept = |id: &usize| stat(*id).visits.saturating_mul(4) >= most;
            let total: u64 = legal()
                .filter(kept)
                .map(|id| u64::from(stat(id).visits))
                .sum();
            if most > 0 && total <= u64::from(u32::MAX) {
                let mut k = crate::draw::below(rng, total as u32);
                for id in legal().filter(kept) {
                    let v = stat(id).visits;
                    if k < v {
                        return game.action(id);
                    }
                    k -= v;
                }
            }
        }
        let mut best: Option<(usize, u32, f32)> = None;
        for id in legal() {
            let s = stat(id);
            let mean = if s.visits > 0 {
                s.value / s.visits as f32
            } else {
                f32::NEG_INFINITY
            };
            if best.is_none_or(|(_, v, m)| s.visits > v || (s.visits == v && mean > m)) {
                best = Some((id, s.visits, mean));
            }
        }
        game.action(best?.0)
    }
}

impl<G: Learn + Determinize> Mcts<G> {
    /// `me`'s action when it knows only `view` (its [`Determinize::info_state`]): every
    /// iteration starts from a state sampled from `view` ([`Determinize::sample_state`]; an
    /// iteration whose sample fails counts but plays nothing), opponents acting by the
    /// rollout policy. `None` when no sample succeeds within [`Settings::iterations`] tries or
    /// `me` does not act in the sample.
    pub fn choose_determinized(
        &mut self,
        view: &G::InfoState,
        me: PlayerId,
        rollout: &mut dyn Rollout<G>,
        rng: &mut dyn RngCore,
    ) -> Option<G::Action> {
        let iterations = self.settings.iterations.max(1);
        // A first sample: what `me` may do does not depend on what it cannot see.
        let first = (0..iterations).find_map(|_| G::sample_state(view, rng))?;
        if let Some(decided) = self.without_search(&first, me, rng) {
            return decided;
        }
        let mut root = |rng: &mut dyn RngCore| G::sample_state(view, rng);
        self.search(
            me,
            false,
            rollout,
            rng,
            &mut |done| done >= iterations,
            &mut root,
        );
        self.decide(&first, me, false, rng)
    }
}

/// Where a search's iterations start: a root state, or `None` when none could be made.
type RootFn<'a, G> = dyn FnMut(&mut dyn RngCore) -> Option<G> + 'a;

impl<G: Learn> Mcts<G> {
    /// Runs iterations until `stop`, each from a state `root` gives.
    fn search(
        &mut self,
        me: PlayerId,
        search_opponents: bool,
        rollout: &mut dyn Rollout<G>,
        rng: &mut dyn RngCore,
        stop: &mut dyn FnMut(u32) -> bool,
        root: &mut RootFn<'_, G>,
    ) {
        self.nodes.clear();
        self.stats.clear();
        let mut done = 0u32;
        loop {
            if let Some(mut state) = root(rng) {
                if self.nodes.is_empty() {
                    self.num_actions = state.num_actions();
                    self.players = state.num_players();
                    self.add_node(&state, 0, me, search_opponents);
                }
                rollout.start();
                self.iterate(&mut state, me, search_opponents, rollout, rng);
            }
            done += 1;
            if stop(done) {
                break;
            }
        }
    }

    /// A new node reached by `key` in `state`, with statistics for the players who choose
    /// there by them; returns its index.
    fn add_node(&mut self, state: &G, key: u64, me: PlayerId, search_opponents: bool) -> u32 {
        let mut searched = 0u64;
        for &p in state.to_act().players() {
            if p.index() < 64 && (p == me || search_opponents) {
                searched |= 1 << p.index();
            }
        }
        let at = self.stats.len();
        let n = searched.count_ones() as usize * self.num_actions;
        self.stats.resize(at + n, Stat::default());
        self.nodes.push(Node {
            key,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            stats: at as u32,
            searched,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Where `player`'s statistics at `node` start, if it chooses there by them.
    fn stats_at(&self, node: &Node, player: PlayerId) -> Option<usize> {
        let bit = 1u64.checked_shl(player.0 as u32)?;
        if node.searched & bit == 0 {
            return None;
        }
        let before = (node.searched & (bit - 1)).count_ones() as usize;
        Some(node.stats as usize + before * self.num_actions)
    }

    /// The child of `node` reached by `key`.
    fn child(&self, node: u32, key: u64) -> Option<u32> {
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let child = &self.nodes[c as usize];
            if child.key == key {
                return Some(c);
            }
            c = child.next_sibling;
        }
        None
    }

    /// `player`'s UCB1 choice at `node` among the ids of `self.mask` (an untried one first,
    /// drawn at random).
    fn select(&self, node: u32, at: usize, rng: &mut dyn RngCore) -> Option<u32> {
        let stats = &self.stats[at..at + self.num_actions];
        let legal = || (0..self.num_actions).filter(|&id| self.mask[id]);
        let untried = legal().filter(|&id| stats[id].visits == 0).count();
        if untried > 0 {
            let k = crate::draw::index(rng, untried);
            return legal()
                .filter(|&id| stats[id].visits == 0)
                .nth(k)
                .map(|id| id as u32);
        }
        let parent = self.nodes[node as usize].visits.max(1) as f32;
        let log_n = libm::logf(parent);
        let c = self.settings.exploration;
        let mut best: Option<(usize, f32)> = None;
        for id in legal() {
            let s = stats[id];
            let n = s.visits as f32;
            let score = s.value / n + c * libm::sqrtf(log_n / n);
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((id, score));
            }
        }
        best.map(|(id, _)| id as u32)
    }

    /// Plays `state` on one step, adding each player's rewards to `self.returns`; `false`
    /// when the engine refused it (the iteration then stops there).
    fn play(&mut self, state: &mut G, rng: &mut dyn RngCore) -> bool {
        self.events.clear();
        if state.step(&self.actions, rng, &mut self.events).is_err() {
            return false;
        }
        state.rewards(&self.events, &mut self.rewards);
        for (total, r) in self.returns.iter_mut().zip(&self.rewards) {
            *total += r;
        }
        true
    }

    /// One iteration from `state`: down the tree, one new node, a rollout, and the returns
    /// back up the path.
    fn iterate(
        &mut self,
        state: &mut G,
        me: PlayerId,
        search_opponents: bool,
        rollout: &mut dyn Rollout<G>,
        rng: &mut dyn RngCore,
    ) {
        self.path.clear();
        self.choices.clear();
        self.before.clear();
        self.returns.clear();
        self.returns.resize(self.players, 0.0);
        self.rewards.clear();
        self.rewards.resize(self.players, 0.0);
        let mut node = Some(0u32);
        let mut depth = 0u32;
        while !state.to_act().is_over() {
            self.acting.clear();
            self.acting.extend_from_slice(state.to_act().players());
            self.actions.clear();
            let Some(at_node) = node else {
                // The rollout.
                if depth >= self.settings.rollout_depth {
                    for p in 0..self.players {
                        self.returns[p] += rollout.value(state, PlayerId(p as u8));
                    }
                    break;
                }
                depth += 1;
                for i in 0..self.acting.len() {
                    match rollout.action(state, self.acting[i], rng) {
                        Some(a) => self.actions.push(a),
                        None => break,
                    }
                }
                if self.actions.len() < self.acting.len() || !self.play(state, rng) {
                    break;
                }
                continue;
            };
            self.path.push(Visit {
                node: at_node,
                choices: self.choices.len() as u32,
            });
            self.before.extend_from_slice(&self.returns);
            let mut key = 0u64;
            for i in 0..self.acting.len() {
                let p = self.acting[i];
                let at = self.stats_at(&self.nodes[at_node as usize], p);
                let mut chosen = None;
                if let Some(at) = at {
                    self.load_mask(state, p);
                    if let Some(id) = self.select(at_node, at, rng) {
                        self.choices.push((p.0, id));
                        key = key
                            .wrapping_mul(self.num_actions as u64 + 1)
                            .wrapping_add(u64::from(id) + 1)
                            .wrapping_mul(0x9E37_79B9_7F4A_7C15 | 1)
                            ^ u64::from(p.0);
                        chosen = state.action(id as usize);
                    }
                }
                match chosen.or_else(|| rollout.action(state, p, rng)) {
                    Some(a) => self.actions.push(a),
                    None => break,
                }
            }
            if self.actions.len() < self.acting.len() || !self.play(state, rng) {
                break;
            }
            node = match self.child(at_node, key) {
                Some(child) => Some(child),
                None => {
                    // Expand: one new node per iteration, then the rollout.
                    let child = self.add_node(state, key, me, search_opponents);
                    let parent = &mut self.nodes[at_node as usize];
                    let sibling = parent.first_child;
                    parent.first_child = child;
                    self.nodes[child as usize].next_sibling = sibling;
                    None
                }
            };
        }
        if state.to_act().is_over() {
            for p in 0..self.players {
                self.returns[p] += rollout.end_value(state, PlayerId(p as u8));
            }
        }
        // Back up: each visit's choosers get their returns from that visit on.
        let players = self.players;
        for (k, visit) in self.path.iter().enumerate() {
            let end = self
                .path
                .get(k + 1)
                .map_or(self.choices.len(), |v| v.choices as usize);
            let node = &mut self.nodes[visit.node as usize];
            node.visits += 1;
            let node = *node;
            let before = &self.before[k * players..(k + 1) * players];
            for &(p, id) in &self.choices[visit.choices as usize..end] {
                let player = PlayerId(p);
                let Some(at) = self.stats_at(&node, player) else {
                    continue;
                };
                let gain = self.returns[player.index()] - before[player.index()];
                let s = &mut self.stats[at + id as usize];
                s.visits += 1;
                s.value += gain;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;
    use core::convert::Infallible;

    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::{Game, Outcome, SeedableRng, StepError, ToAct};

    /// Nim: players take 1 to 3 from a pile in turn (id `k` takes `k + 1`); who takes the
    /// last wins.
    #[derive(Clone, Debug, PartialEq)]
    struct Nim {
        pile: u32,
        next: u8,
        winner: Option<u8>,
    }

    impl Game for Nim {
        type Config = u32;
        type ConfigError = Infallible;
        type Action = u32;
        type ActionError = &'static str;
        type Observation = ();
        type Event = u8;

        fn new<R: RngCore + ?Sized>(pile: &u32, _: usize, _: &mut R) -> Result<Self, Infallible> {
            Ok(Nim {
                pile: *pile,
                next: 0,
                winner: None,
            })
        }
        fn num_players(&self) -> usize {
            2
        }
        fn to_act(&self) -> ToAct<'_> {
            match self.winner {
                Some(_) => ToAct::Nobody,
                None => ToAct::One(PlayerId(self.next)),
            }
        }
        fn observe(&self, _: PlayerId) {}
        fn apply<R: RngCore + ?Sized>(
            &mut self,
            actions: &[u32],
            _: &mut R,
            events: &mut Vec<u8>,
        ) -> Result<(), StepError<&'static str>> {
            let take = actions[0];
            if !(1..=3).contains(&take) || take > self.pile {
                return Err(StepError::Illegal {
                    player: PlayerId(self.next),
                    reason: "cannot take that many",
                });
            }
            self.pile -= take;
            if self.pile == 0 {
                self.winner = Some(self.next);
                events.push(self.next);
            }
            self.next = 1 - self.next;
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            Some(Outcome::duel(Some(PlayerId(self.winner?))))
        }
        fn score_bounds(&self) -> (i64, i64) {
            (0, 2)
        }
        fn legal_actions(&self, _: PlayerId, out: &mut Vec<u32>) -> bool {
            if self.winner.is_none() {
                out.extend((1..=3).filter(|&t| t <= self.pile));
            }
            true
        }
        fn turn(&self) -> u32 {
            0
        }
    }

    impl Learn for Nim {
        const ACTION_TABLE: &'static [u32] = &[1, 2, 3];

        fn score_changes(&self, events: &[u8], changes: &mut [i64]) {
            for &winner in events {
                crate::learn::add_duel_result(Some(PlayerId(winner)), changes);
            }
        }
    }

    /// Both players guess a secret card in `0..3` at once; a right guess scores 1.
    #[derive(Clone, Debug, PartialEq)]
    struct Guess {
        secret: u32,
        scores: Option<[i64; 2]>,
    }

    impl Game for Guess {
        type Config = ();
        type ConfigError = Infallible;
        type Action = u32;
        type ActionError = Infallible;
        type Observation = ();
        type Event = [i64; 2];

        fn new<R: RngCore + ?Sized>(_: &(), _: usize, rng: &mut R) -> Result<Self, Infallible> {
            Ok(Guess {
                secret: crate::draw::below(rng, 3),
                scores: None,
            })
        }
        fn num_players(&self) -> usize {
            2
        }
        fn to_act(&self) -> ToAct<'_> {
            const BOTH: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];
            match self.scores {
                Some(_) => ToAct::Nobody,
                None => ToAct::Simultaneous(&BOTH),
            }
        }
        fn observe(&self, _: PlayerId) {}
        fn apply<R: RngCore + ?Sized>(
            &mut self,
            actions: &[u32],
            _: &mut R,
            events: &mut Vec<[i64; 2]>,
        ) -> Result<(), StepError<Infallible>> {
            let scores = [0, 1].map(|p| i64::from(actions[p] == self.secret));
            self.scores = Some(scores);
            events.push(scores);
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            Some(Outcome::from_scores(self.scores?.to_vec()))
        }
        fn score_bounds(&self) -> (i64, i64) {
            (0, 1)
        }
        fn legal_actions(&self, _: PlayerId, out: &mut Vec<u32>) -> bool {
            if self.scores.is_none() {
                out.extend(0..3);
            }
            true
        }
        fn turn(&self) -> u32 {
            0
        }
    }

    impl Learn for Guess {
        const ACTION_TABLE: &'static [u32] = &[0, 1, 2];

        fn score_changes(&self, events: &[[i64; 2]], changes: &mut [i64]) {
            for scores in events {
                changes[0] += scores[0];
                changes[1] += scores[1];
            }
        }
    }

    impl Determinize for Guess {
        /// The cards the secret may be.
        type InfoState = [bool; 3];

        fn info_state(&self, _: PlayerId) -> [bool; 3] {
            [true; 3]
        }

        fn sample_state(view: &[bool; 3], rng: &mut dyn RngCore) -> Option<Self> {
            let cards: Vec<u32> = (0..3).filter(|&c| view[c as usize]).collect();
            Some(Guess {
                secret: *crate::draw::choose(rng, &cards)?,
                scores: None,
            })
        }
    }

    fn settings(iterations: u32) -> Settings {
        Settings {
            iterations,
            ..Settings::default()
        }
    }

    #[test]
    fn search_finds_the_winning_take_in_nim() {
        // From a pile of 4k + r the winning move takes r.
        for (pile, take) in [(5, 1), (6, 2), (7, 3), (9, 1), (3, 3)] {
            let game = Nim {
                pile,
                next: 0,
                winner: None,
            };
            let mut rng = Pcg64Mcg::seed_from_u64(u64::from(pile));
            let mut mcts = Mcts::new(settings(3_000));
            let chosen = mcts.choose(&game, PlayerId(0), &mut Uniform::default(), &mut rng);
            assert_eq!(
                chosen,
                Some(take),
                "pile {pile}: {:?}",
                mcts.root_visits(PlayerId(0))
            );
        }
    }

    /// Uniform rollouts, and the end paid the other way round: who takes the last loses.
    struct Misere(Uniform);

    impl Rollout<Nim> for Misere {
        fn action(&mut self, game: &Nim, player: PlayerId, rng: &mut dyn RngCore) -> Option<u32> {
            self.0.action(game, player, rng)
        }

        fn end_value(&mut self, game: &Nim, player: PlayerId) -> f32 {
            if game.winner == Some(player.0) {
                -2.0
            } else {
                2.0
            }
        }
    }

    #[test]
    fn end_value_changes_what_the_search_plays_for() {
        // Misère Nim: from a pile of 4k + 1 + r the winning move takes r (it leaves 4k + 1).
        for (pile, take) in [(6, 1), (7, 2), (8, 3)] {
            let game = Nim {
                pile,
                next: 0,
                winner: None,
            };
            let mut rng = Pcg64Mcg::seed_from_u64(u64::from(pile));
            let mut mcts = Mcts::new(settings(3_000));
            let chosen = mcts.choose(
                &game,
                PlayerId(0),
                &mut Misere(Uniform::default()),
                &mut rng,
            );
            assert_eq!(
                chosen,
                Some(take),
                "pile {pile}: {:?}",
                mcts.root_visits(PlayerId(0))
            );
        }
    }

    #[test]
    fn search_is_none_for_a_player_who_does_not_act() {
        let game = Nim {
            pile: 5,
            next: 1,
            winner: None,
        };
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        let mut mcts = Mcts::new(settings(50));
        assert_eq!(
            mcts.choose(&game, PlayerId(0), &mut Uniform::default(), &mut rng),
            None
        );
    }

    #[test]
    fn decoupled_search_of_simultaneous_moves_guesses_a_known_secret() {
        for secret in 0..3 {
            let game = Guess {
                secret,
                scores: None,
            };
            let mut rng = Pcg64Mcg::seed_from_u64(9);
            for me in [PlayerId(0), PlayerId(1)] {
                let mut mcts = Mcts::new(settings(200));
                let chosen = mcts.choose(&game, me, &mut Uniform::default(), &mut rng);
                assert_eq!(chosen, Some(secret));
            }
        }
    }

    #[test]
    fn determinized_search_guesses_among_the_cards_the_view_allows() {
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let mut mcts: Mcts<Guess> = Mcts::new(settings(300));
        for card in 0..3 {
            let mut view = [false; 3];
            view[card] = true;
            let chosen =
                mcts.choose_determinized(&view, PlayerId(1), &mut Uniform::default(), &mut rng);
            assert_eq!(chosen, Some(card as u32));
        }
        // Two cards possible: never the impossible one.
        for seed in 0..20 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let view = [false, true, true];
            let chosen =
                mcts.choose_determinized(&view, PlayerId(0), &mut Uniform::default(), &mut rng);
            assert!(matches!(chosen, Some(1 | 2)), "{chosen:?}");
        }
        // No state fits the view.
        assert_eq!(
            mcts.choose_determinized(&[false; 3], PlayerId(0), &mut Uniform::default(), &mut rng),
            None
        );
    }

    #[test]
    fn a_search_is_repeatable_from_its_seed() {
        let game = Nim {
            pile: 21,
            next: 0,
            winner: None,
        };
        let visits = |seed| {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut mcts = Mcts::new(settings(500));
            mcts.choose(&game, PlayerId(0), &mut Uniform::default(), &mut rng);
            mcts.root_visits(PlayerId(0))
        };
        assert_eq!(visits(4), visits(4));
        assert_eq!(visits(4).iter().sum::<u32>(), 500);
        assert_ne!(visits(4), visits(5));
    }
}
