//! `mcts`: Monte-Carlo tree search on the engine itself (engine-core's
//! [`search`](koth_engine_core::search)), with the enemy modelled from its past turns.
//!
//! Each turn the duel is rebuilt from the observation (it holds the whole state) and searched
//! for 2,000 iterations. The enemy is not searched as a rational player: in the tree and the
//! rollouts it plays as the program it most likely is ([`Identify`]: each built-in port,
//! weighed by how well it predicted the enemy's actions so far, or an unknown program playing
//! at random), and the search finds the best answer to that. Rollouts are cut after 4 turns
//! and valued by the health and honour leads ([`heuristic`]): random play to the end of a
//! duel says little about a position (it mostly dies of dishonour).
//!
//! Strength (100 matches each, sides alternating, `koth tournament samurai --bot
//! builtin:mcts --bot builtin:OTHER --games-per-pair 100 --seed 2026`): 85 won against
//! `observer`, 80 against `coward` (the seed's top two). About a second a match.

use alloc::boxed::Box;
use alloc::vec::Vec;

use koth_engine_core::search::{Mcts, Rollout, Settings};
use koth_engine_core::{Bot, Game, PlayerId, RngCore};

use crate::{Action, Config, Observation, Samurai};

/// The listing's description.
pub(super) const ABOUT: &str = "Monte-Carlo tree search (2,000 iterations a turn) against a model of the enemy picked from the known programs by its play";

/// How the bot searches.
const SETTINGS: Settings = Settings {
    iterations: 2_000,
    exploration: 0.5,
    rollout_depth: 4,
    search_opponents: false,
};

/// Rollouts where neither samurai throws its life away: uniform over the actions that do not
/// take its own honour below 0 (a strike at 0 honour, a second guard at 0).
#[derive(Clone, Copy, Debug, Default)]
struct Sensible;

impl Rollout<Samurai> for Sensible {
    fn action(
        &mut self,
        game: &Samurai,
        player: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<Action> {
        let honour = game.honour(player);
        let guarded = game.history(player).last() == Some(&Action::Guard);
        let mut allowed = [Action::Wait; 6];
        let mut n = 0;
        for a in Action::ALL {
            let costs = a.is_strike() || (a == Action::Guard && guarded);
            if !costs || honour > 0 {
                allowed[n] = a;
                n += 1;
            }
        }
        koth_engine_core::draw::choose(rng, &allowed[..n]).copied()
    }
}

/// The enemy as one of the known programs (the built-in ports) or an unknown one: each
/// program's weight is multiplied, every turn, by how well it predicted the enemy's action
/// (1 when it would have played it, [`MISS`] when not); the unknown one predicts every action
/// at 1/6. In the tree and the rollouts the enemy plays as a program drawn by weight (the
/// unknown one as [`Sensible`]); the searching samurai's rollouts are [`Sensible`].
struct Identify {
    me: PlayerId,
    programs: Vec<Box<dyn Bot<Samurai>>>,
    /// Per program, then the unknown one last: the weights, summing to 1.
    weights: Vec<f64>,
    /// Turns already weighed.
    seen: usize,
    /// The duel replayed up to `seen` turns.
    replay: Samurai,
}

/// The weight kept by a program that would not have played the enemy's action.
const MISS: f64 = 0.05;

impl Identify {
    fn new(config: &Config) -> Self {
        let programs: Vec<Box<dyn Bot<Samurai>>> = super::BOTS
            .entries
            .iter()
            .filter(|e| e.id != "mcts")
            .map(|e| (e.make)())
            .collect();
        let n = programs.len() + 1;
        Identify {
            me: PlayerId(0),
            programs,
            weights: alloc::vec![1.0 / n as f64; n],
            seen: 0,
            replay: Samurai::with_config(config).unwrap_or_else(|_| {
                Samurai::with_config(&Config::default()).expect("the default config")
            }),
        }
    }

    /// Weighs the turns of `duel` not yet weighed.
    fn learn(&mut self, duel: &Samurai, me: PlayerId) {
        self.me = me;
        let enemy = PlayerId(1 - (me.0 & 1));
        let mut events = Vec::new();
        while self.seen < duel.history(enemy).len() && !self.replay.to_act().is_over() {
            let t = self.seen;
            let played = duel.history(enemy)[t];
            let view = self.replay.observe(enemy);
            // Each program's answer from a fixed draw (random programs are then judged by
            // one sample).
            let mut rng = koth_engine_core::draw::MinRng;
            for (w, program) in self.weights.iter_mut().zip(&mut self.programs) {
                if program.act(&view, &mut rng) != played {
                    *w *= MISS;
                }
            }
            let unknown = self.weights.len() - 1;
            self.weights[unknown] /= 6.0;
            let total: f64 = self.weights.iter().sum();
            self.weights.iter_mut().for_each(|w| *w /= total);
            let mut pair = [played; 2];
            pair[me.index() & 1] = duel.history(me).get(t).copied().unwrap_or(Action::Wait);
            events.clear();
            if self
                .replay
                .step(&pair, &mut koth_engine_core::draw::MinRng, &mut events)
                .is_err()
            {
                break;
            }
            self.seen += 1;
        }
    }
}

impl Rollout<Samurai> for Identify {
    fn action(
        &mut self,
        game: &Samurai,
        player: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<Action> {
        if player == self.me {
            return Sensible.action(game, player, rng);
        }
        let mut x = koth_engine_core::draw::unit_f64(rng);
        for (i, &w) in self.weights.iter().enumerate() {
            if x < w {
                return match self.programs.get_mut(i) {
                    Some(program) => Some(program.act(&game.observe(player), rng)),
                    None => Sensible.action(game, player, rng),
                };
            }
            x -= w;
        }
        Sensible.action(game, player, rng)
    }

    fn value(&mut self, game: &Samurai, player: PlayerId) -> f32 {
        heuristic(game, player)
    }
}

/// How well `player` stands: the health lead (a tenth per point) and a little for the honour
/// lead up to the Sword of the Gods, in `[-1, 1]`.
fn heuristic(game: &Samurai, player: PlayerId) -> f32 {
    let enemy = PlayerId(1 - (player.0 & 1));
    let sword = game.config().god_sword_honour;
    let health = (game.health(player) - game.health(enemy)) as f32 / 10.0;
    let honour = (game.honour(player).min(sword) - game.honour(enemy).min(sword)) as f32 * 0.05;
    (health + honour).clamp(-1.0, 1.0)
}

/// The search bot.
struct SearchBot {
    config: Config,
    mcts: Mcts<Samurai>,
    model: Identify,
}

pub(super) fn make() -> Box<dyn Bot<Samurai>> {
    let config = Config::default();
    Box::new(SearchBot {
        model: Identify::new(&config),
        config,
        mcts: Mcts::new(SETTINGS),
    })
}

impl Bot<Samurai> for SearchBot {
    fn setup(&mut self, config: &Config, _seat: PlayerId, _rng: &mut dyn RngCore) -> Option<()> {
        self.config.clone_from(config);
        self.model = Identify::new(config);
        None
    }

    fn act(&mut self, observation: &Observation, rng: &mut dyn RngCore) -> Action {
        let duel = Samurai::from_observation(&self.config, observation);
        self.model.learn(&duel, observation.me);
        self.mcts
            .choose(&duel, observation.me, &mut self.model, rng)
            .unwrap_or(Action::Wait)
    }
}
