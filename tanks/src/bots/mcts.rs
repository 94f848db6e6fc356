//! `mcts`: Monte-Carlo tree search on the engine itself (engine-core's
//! [`search`](koth_engine_core::search)), played for survival against a model of the field.
//!
//! Each tick the battle is rebuilt from the observation (every living tank, on the torus it
//! names, with the ticks left: the bot counts the ticks it has been asked), and the tank's
//! nine actions are searched (see [`iterations`]). The other tanks are not searched as
//! rational players: the bot keeps a [`Field`], which infers tick by tick how likely each
//! tank is to be the seed's example (`sniper`, in every field of this contest), a random
//! tank, a [`Hunter`] (the bot keeps one per tank, fed everything that tank has seen, up to
//! [`PREDICTED`] tanks), or something else, from what it was seen to do. In the tree each
//! tank plays as one of these kinds, drawn by those weights at every step; a hunter plays
//! its predicted action in the first tick, and after it, as something else does, as
//! [`Gunners`] (a tank that sees another along a line of fire fires at it half the time,
//! else it plays any command). The tree grows a tick per iteration and each new node is
//! valued at once ([`DEPTH`] is 0: random play after it only added noise). A tank's place
//! comes from how long it survives, while the game's rewards count kills: the search adds a
//! heavy price on being destroyed ([`DEATH`]) to the kills' rewards, at the cut and where the
//! match ends.
//!
//! The search's choice is played only if no action is safer this tick by more than
//! [`SLACK`], as the field model reckons it exactly; else the most visited of the safest
//! actions is. Nearly every death in this game comes in the first few ticks, before the
//! others have shown what they are: a sniper's shot is certain where a general model of
//! "tanks fire at what they see" spreads the danger over every line.
//!
//! Strength (100 six-tank matches, `koth tournament tanks --bot builtin:mcts --bot
//! builtin:hunter --bot builtin:sniper --bot builtin:random --bot builtin:sniper --bot
//! builtin:random --games-per-pair 100 --seed S`): average place 1.022 against `hunter`'s
//! 1.027 (mean of seeds 2026, 7, 3, 11, 42, 99), 1.043 against 1.067 (seeds 5, 13, 21, 77,
//! 123, 2025). Both are destroyed in one or two matches of a hundred, nearly always in the
//! first six ticks, so a seed's figure moves by 0.03 or more with one death: compare means
//! over several seeds. With a general danger model in place of the field's (a hunter's),
//! it was 1.05 against 1.02; without the safety check, 1.13 against 1.04. About 0.6 s a
//! match.

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use koth_engine_core::search::{Mcts, Rollout, Settings};
use koth_engine_core::{Bot, Dir4, Learn, PlayerId, RngCore, draw};

use super::Hunter;
use super::field::{Field, HUNTER, KINDS, RANDOM, SNIPER, sniper_shot};
use crate::{Action, Config, Observation, Scenario, Tanks};

/// The listing's description.
pub(super) const ABOUT: &str = "Monte-Carlo tree search for survival (up to 500 iterations a tick) against a model that learns which tank is a sniper, a random tank, a hunter or something else, among the actions it reckons safest";

/// Ticks a rollout plays before it is valued (none: the new node is valued).
const DEPTH: u32 = 0;

/// What being destroyed costs, in reward units (a kill pays `2 / (tanks - 1)`).
const DEATH: f32 = 4.0;

/// The chance a modelled tank that sees another along a line of fire fires at it.
const FIRE: f64 = 0.5;

/// How much more danger this tick than the least an action may carry and still be
/// played.
const SLACK: f64 = 0.005;

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
    /// Per seat of the searched battle: the [`Field`]'s weights of its kinds (sniper,
    /// random, hunter, other).
    kinds: Vec<[f64; KINDS]>,
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

/// What the seed's example does in `game` as `player` ([`sniper_shot`]: the seats are in
/// ascending id order), else a move any way.
fn sniper_action(game: &Tanks, player: PlayerId, rng: &mut dyn RngCore) -> Action {
    let Some(me) = game.position(player) else {
        return Action::Idle;
    };
    let others = game
        .living()
        .iter()
        .filter(|&&p| p != player)
        .filter_map(|&p| game.position(p));
    match sniper_shot(me, others) {
        Some(dir) => Action::Shoot(dir),
        None => Action::Move(Dir4::ALL[draw::index(rng, 4)]),
    }
}

impl Rollout<Tanks> for Gunners {
    fn action(&mut self, game: &Tanks, player: PlayerId, rng: &mut dyn RngCore) -> Option<Action> {
        if let Some(w) = self.kinds.get(player.index()) {
            let r = draw::unit_f64(rng);
            if r < w[SNIPER] {
                return Some(sniper_action(game, player, rng));
            }
            if r < w[SNIPER] + w[RANDOM] {
                return Some(Action::COMMANDS[draw::index(rng, Action::COMMANDS.len())]);
            }
            if r < w[SNIPER] + w[RANDOM] + w[HUNTER] && koth_engine_core::Game::turn(game) == 0 {
                if let Some(&Some(predicted)) = self.predicted.get(player.index()) {
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
    /// The model of the other tanks' kinds, learnt from the bot's own view: the danger of
    /// each action this tick.
    field: Field,
    /// Scratch: the rollout policy.
    gunners: Gunners,
}

pub(super) fn make() -> Box<dyn Bot<Tanks>> {
    Box::new(SearchBot {
        config: Config::default(),
        tick: 0,
        mcts: Mcts::new(settings(iterations(6))),
        hunters: BTreeMap::new(),
        field: Field::default(),
        gunners: Gunners {
            me: PlayerId(0),
            predicted: Vec::new(),
            kinds: Vec::new(),
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
    /// The search's choice if its danger this tick, as the [`Field`] reckons it (exactly,
    /// under its model of the others), is within [`SLACK`] of the least of the nine
    /// actions'; else the most visited action whose is. The search samples danger from a
    /// few hundred iterations: a rare shot it missed still destroys the tank, and a tank's
    /// place comes from surviving.
    fn safe(&self, obs: &Observation, game: &Tanks, me: PlayerId, chosen: Action) -> Action {
        let risks = Action::ALL.map(|a| self.field.action_risk(obs, a));
        let Some(safest) = risks.iter().flatten().copied().reduce(f64::min) else {
            return chosen;
        };
        let safe = |action: Action| {
            Action::ALL
                .iter()
                .position(|&a| a == action)
                .and_then(|i| risks[i])
                .is_none_or(|r| r <= safest + SLACK)
        };
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
                let best = hunter.best(&view);
                self.field.expect(t.id, &best);
                // As the hunter itself draws its choice.
                Some(if best.is_empty() {
                    Action::Idle
                } else {
                    best[draw::index(rng, best.len())]
                })
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
        self.field = Field::default();
        None
    }

    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        let rebuilt = self.rebuild(obs);
        self.tick += 1;
        // Every tick, so the model of the others keeps up.
        self.field.learn(obs);
        let Some((game, me)) = rebuilt else {
            return Action::Idle;
        };
        let wanted = settings(iterations(obs.tanks.len()));
        if *self.mcts.settings() != wanted {
            self.mcts = Mcts::new(wanted);
        }
        self.predict(obs, rng);
        self.gunners.me = me;
        self.gunners.kinds.clear();
        let (field, kinds) = (&self.field, &mut self.gunners.kinds);
        kinds.extend(obs.tanks.iter().map(|t| {
            if t.id == obs.you {
                [0.0; KINDS]
            } else {
                field.kinds(t.id)
            }
        }));
        let chosen = self
            .mcts
            .choose(&game, me, &mut self.gunners, rng)
            .unwrap_or(Action::Idle);
        self.safe(obs, &game, me, chosen)
    }
}
