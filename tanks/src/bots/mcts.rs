//! `mcts`: Monte-Carlo tree search on the engine itself (engine-core's
//! [`search`](koth_engine_core::search)), played for survival.
//!
//! Each tick the battle is rebuilt from the observation (every living tank, on the torus it
//! names, with the ticks left: the bot counts the ticks it has been asked), and the tank's
//! nine actions are searched (see [`iterations`]). The other tanks are not searched as
//! rational players: they play as [`Gunners`] (a tank that sees another along a line of fire
//! fires at it half the time, else it plays any command), and in the first tick, with
//! chance [`TRUST`], as a [`Hunter`] fed everything that tank has seen would (the bot keeps
//! one per tank, up to [`PREDICTED`] tanks). The tree grows a tick per iteration and each
//! new node is valued at once ([`DEPTH`] is 0: random play after it only added noise). A
//! tank's place comes from how long it survives, while the game's rewards count kills: the
//! search adds a heavy price on being destroyed ([`DEATH`]) to the kills' rewards, at the
//! cut and where the match ends.
//!
//! The search's choice is played only if no action is safer this tick as a [`Hunter`] fed
//! the bot's own view reckons it (exactly, under its model of the others); else the most
//! visited of the safest actions is.
//!
//! Strength (100 six-tank matches, `koth tournament tanks --bot builtin:mcts --bot
//! builtin:hunter --bot builtin:sniper --bot builtin:random --bot builtin:sniper --bot
//! builtin:random --games-per-pair 100 --seed S`, seeds 2026, 7, 3, 11, 42, 99): average
//! place 1.05 against `hunter`'s 1.02 (without the safety check: 1.13 against 1.04). Not
//! yet better than the strongest built-in bot; both are destroyed in a few matches of a
//! hundred, so a comparison needs several seeds. About 0.6 s a match.

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use koth_engine_core::search::{Mcts, Rollout, Settings};
use koth_engine_core::{Bot, Dir4, Learn, PlayerId, RngCore, draw};

use super::Hunter;
use super::hunter::Weighed;
use crate::{Action, Config, Observation, Scenario, Tanks};

/// The listing's description.
pub(super) const ABOUT: &str = "Monte-Carlo tree search for survival (up to 500 iterations a tick) against tanks that fire at what they see, among the actions hunter reckons safest";

/// Ticks a rollout plays before it is valued (none: the new node is valued).
const DEPTH: u32 = 0;

/// What being destroyed costs, in reward units (a kill pays `2 / (tanks - 1)`).
const DEATH: f32 = 4.0;

/// The chance a modelled tank that sees another along a line of fire fires at it.
const FIRE: f64 = 0.5;

/// The chance a modelled tank plays, in the searched tick, what a [`Hunter`] in its place
/// would.
const TRUST: f64 = 0.3;

/// The most tanks whose next action is predicted by a [`Hunter`] each (one per other tank,
/// fed every tick).
const PREDICTED: usize = 16;

/// Iterations a tick with `tanks` living tanks: 500 up to six tanks, fewer in crowds (every
/// step of a rollout costs more there), at least 16. The count depends on the position only,
/// so a match replays from its seed.
fn iterations(tanks: usize) -> u32 {
    (3_000 / tanks.max(1) as u32).clamp(16, 500)
}

/// The model of every tank in the tree and the rollouts: one that sees another tank first
/// along one of its four lines fires at it (one such line at random) with chance [`FIRE`];
/// otherwise, and where it sees none, it takes any of the nine actions alike. The searching
/// tank's value is its survival ([`DEATH`]); the others' do not matter (they are not
/// searched).
struct Gunners {
    me: PlayerId,
    /// Per seat of the searched battle: what a [`Hunter`] in its place would do this tick
    /// (`None` for the searching tank, or where the tanks are too many to model).
    predicted: Vec<Option<Action>>,
}

impl Gunners {
    fn survival(&self, game: &Tanks, player: PlayerId) -> f32 {
        if player == self.me && !game.is_alive(player) {
            -DEATH
        } else {
            0.0
        }
    }
}

/// The first tank along the line from `player`'s square in `dir` (the torus wraps it back
/// to the shooter after `side - 1` squares).
fn sees(game: &Tanks, player: PlayerId, dir: Dir4) -> bool {
    let Some(mut at) = game.position(player) else {
        return false;
    };
    let side = i32::from(game.side());
    let (dx, dy) = dir.delta_y_up();
    for _ in 1..side {
        at.x = (at.x + dx).rem_euclid(side);
        at.y = (at.y + dy).rem_euclid(side);
        if game.occupant(at).is_some() {
            return true;
        }
    }
    false
}

impl Rollout<Tanks> for Gunners {
    fn action(&mut self, game: &Tanks, player: PlayerId, rng: &mut dyn RngCore) -> Option<Action> {
        if koth_engine_core::Game::turn(game) == 0 {
            if let Some(&Some(predicted)) = self.predicted.get(player.index()) {
                if draw::unit_f64(rng) < TRUST {
                    return Some(predicted);
                }
            }
        }
        let mut lines = [Dir4::Up; 4];
        let mut n = 0;
        for dir in Dir4::ALL {
            if sees(game, player, dir) {
                lines[n] = dir;
                n += 1;
            }
        }
        if n > 0 && draw::unit_f64(rng) < FIRE {
            return Some(Action::Shoot(lines[draw::index(rng, n)]));
        }
        Some(Action::COMMANDS[draw::index(rng, Action::COMMANDS.len())])
    }

    fn value(&mut self, game: &Tanks, player: PlayerId) -> f32 {
        self.survival(game, player)
    }

    fn end_value(&mut self, game: &Tanks, player: PlayerId) -> f32 {
        self.survival(game, player)
    }
}

/// The search bot.
struct SearchBot {
    config: Config,
    /// Ticks asked so far this match.
    tick: u32,
    mcts: Mcts<Tanks>,
    /// Per other tank's id: a hunter fed what that tank sees, to predict it.
    hunters: BTreeMap<u32, Hunter>,
    /// A hunter fed the bot's own view: its exact danger of each action this tick.
    own: Hunter,
    /// Scratch: the rollout policy.
    gunners: Gunners,
}

pub(super) fn make() -> Box<dyn Bot<Tanks>> {
    Box::new(SearchBot {
        config: Config::default(),
        tick: 0,
        mcts: Mcts::new(settings(iterations(6))),
        hunters: BTreeMap::new(),
        own: Hunter::default(),
        gunners: Gunners {
            me: PlayerId(0),
            predicted: Vec::new(),
        },
    })
}

fn settings(iterations: u32) -> Settings {
    Settings {
        iterations,
        exploration: 2.0,
        rollout_depth: DEPTH,
        search_opponents: false,
    }
}

impl SearchBot {
    /// The battle as the observation shows it: the living tanks, in the observation's
    /// (ascending id) order, on its torus, with the ticks left; and the bot's seat in it.
    /// `None` where the observer is no longer listed or stands alone.
    fn rebuild(&self, obs: &Observation) -> Option<(Tanks, PlayerId)> {
        let me = obs.tanks.iter().position(|t| t.id == obs.you)?;
        let config = Config {
            side: Some(obs.width),
            ids: Some(obs.tanks.iter().map(|t| t.id).collect::<Vec<_>>()),
            max_ticks: self.config.max_ticks.saturating_sub(self.tick).max(1),
        };
        let game = Scenario::new(config)
            .tanks(obs.tanks.iter().map(|t| t.at))
            .build()
            .ok()?;
        Some((game, PlayerId(me as u8)))
    }
}

impl SearchBot {
    /// The search's choice if its danger this tick, as a [`Hunter`] fed the bot's view
    /// reckons it (exactly, under its model of the others), is the least of the nine
    /// actions'; else the most visited action whose is. The search samples danger from a
    /// few hundred iterations: a rare shot it missed still destroys the tank, and a tank's
    /// place comes from surviving.
    fn safe(&self, game: &Tanks, me: PlayerId, chosen: Action, weighed: &[Weighed]) -> Action {
        let Some(safest) = weighed.iter().map(|w| w.risk).min() else {
            return chosen;
        };
        // Idling stays where shooting does.
        let risk = |action: Action| match action {
            Action::Idle => weighed.first().map(|w| w.risk),
            _ => weighed.iter().find(|w| w.action == action).map(|w| w.risk),
        };
        let safe = |action: Action| risk(action).is_none_or(|r| r <= safest);
        if safe(chosen) {
            return chosen;
        }
        let visits = self.mcts.root_visits(me);
        (0..visits.len())
            .filter_map(|id| {
                game.action(id)
                    .filter(|&a| safe(a))
                    .map(|a| (visits[id], a))
            })
            .max_by_key(|(v, _)| *v)
            .map_or(chosen, |(_, a)| a)
    }

    /// Feeds every other tank's hunter what that tank sees and keeps their answers (seats
    /// in the observation's order, as [`SearchBot::rebuild`] numbers them). Not done in
    /// crowds of more than [`PREDICTED`] tanks.
    fn predict(&mut self, obs: &Observation, rng: &mut dyn RngCore) {
        self.gunners.predicted.clear();
        if obs.tanks.len() > PREDICTED {
            self.hunters.clear();
            return;
        }
        let mut view = obs.clone();
        for t in &obs.tanks {
            let predicted = if t.id == obs.you {
                None
            } else {
                view.you = t.id;
                let hunter = self.hunters.entry(t.id).or_default();
                Some(hunter.act(&view, rng))
            };
            self.gunners.predicted.push(predicted);
        }
    }
}

impl Bot<Tanks> for SearchBot {
    fn setup(&mut self, config: &Config, _seat: PlayerId, _rng: &mut dyn RngCore) -> Option<()> {
        self.config.clone_from(config);
        self.tick = 0;
        self.hunters.clear();
        self.own = Hunter::default();
        None
    }

    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        let rebuilt = self.rebuild(obs);
        self.tick += 1;
        // Every tick, so the hunter's model of the others keeps up.
        let weighed = self.own.weigh(obs);
        let Some((game, me)) = rebuilt else {
            return Action::Idle;
        };
        let wanted = settings(iterations(obs.tanks.len()));
        if *self.mcts.settings() != wanted {
            self.mcts = Mcts::new(wanted);
        }
        self.predict(obs, rng);
        self.gunners.me = me;
        let chosen = self
            .mcts
            .choose(&game, me, &mut self.gunners, rng)
            .unwrap_or(Action::Idle);
        self.safe(&game, me, chosen, &weighed)
    }
}
