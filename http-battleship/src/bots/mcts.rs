//! `mcts`: information-set Monte-Carlo tree search (engine-core's
//! [`search`](koth_engine_core::search), determinized through
//! [`Determinize`](koth_engine_core::Determinize)).
//!
//! The fleet is placed as `density` places it. Each shot is searched for [`ITERATIONS`]
//! iterations, each from an opponent fleet sampled from what the bot has seen
//! ([`Determinize::sample_state`](koth_engine_core::Determinize::sample_state)), both players
//! then shooting as `hunter` does for [`DEPTH`] shots, valued by the lead in ship cells
//! struck; the shot most often chosen is fired.
//!
//! Strength (100 matches each, sides alternating, `koth tournament battleship --bot
//! builtin:mcts --bot builtin:OTHER --games-per-pair 100 --seed 2026`): 48 won against
//! `hunter`, 36 against `density`. The sampled fleets are not uniform over the fleets that fit
//! what was seen, so its hit chances are rougher than `density`'s exact count.

use alloc::boxed::Box;
use alloc::vec::Vec;

use koth_engine_core::search::{Bots, Mcts, Rollout, Settings};
use koth_engine_core::{Bot, PlayerId, RngCore};

use super::density::Density;
use crate::determinize::InfoState;
use crate::{Action, Battleship, Config, Fleet, Observation, Phase, ShotResult};

/// The listing's description.
pub(super) const ABOUT: &str = "information-set Monte-Carlo tree search over sampled fleets, hunter rollouts; places as density";

/// Iterations per shot.
const ITERATIONS: u32 = 2_000;

/// Rollouts by `hunter`, cut after [`DEPTH`] shots and valued by the lead in ship cells
/// struck (each cell once): a whole race to the last ship says too little about one shot
/// (its share of a win is lost in the noise of the rest of the race).
struct Hunters {
    bots: Bots<Battleship>,
    /// Scratch: the cells already counted.
    seen: Vec<bool>,
}

/// Shots a rollout plays before it is valued.
const DEPTH: u32 = 2;

impl Hunters {
    /// The distinct ship cells `player`'s shots struck.
    fn struck(&mut self, game: &Battleship, player: PlayerId) -> u32 {
        let width = usize::from(game.config().width);
        self.seen.clear();
        self.seen
            .resize(width * usize::from(game.config().height), false);
        let mut struck = 0;
        for shot in game.shots(player) {
            let i = usize::from(shot.at.y) * width + usize::from(shot.at.x);
            if shot.result != ShotResult::Miss && !self.seen[i] {
                self.seen[i] = true;
                struck += 1;
            }
        }
        struck
    }
}

impl Rollout<Battleship> for Hunters {
    fn action(
        &mut self,
        game: &Battleship,
        player: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Option<Action> {
        self.bots.action(game, player, rng)
    }

    fn start(&mut self) {
        Rollout::<Battleship>::start(&mut self.bots);
    }

    fn value(&mut self, game: &Battleship, player: PlayerId) -> f32 {
        let enemy = PlayerId(1 - (player.0 & 1));
        let cells = game.config().fleet_area().max(1) as f32;
        (self.struck(game, player) as f32 - self.struck(game, enemy) as f32) / cells
    }
}

/// The search bot.
struct SearchBot {
    placer: Density,
    fleet: Option<Fleet>,
    mcts: Mcts<Battleship>,
    rollout: Hunters,
}

pub(super) fn make() -> Box<dyn Bot<Battleship>> {
    Box::new(SearchBot {
        placer: Density::default(),
        fleet: None,
        mcts: Mcts::new(Settings {
            iterations: ITERATIONS,
            exploration: 0.3,
            rollout_depth: DEPTH,
            search_opponents: false,
        }),
        rollout: Hunters {
            bots: Bots::new(|| Box::new(super::hunter::Hunter::default())),
            seen: Vec::new(),
        },
    })
}

impl Bot<Battleship> for SearchBot {
    fn setup(&mut self, _config: &Config, _seat: PlayerId, _rng: &mut dyn RngCore) -> Option<()> {
        self.fleet = None;
        None
    }

    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        if obs.phase == Phase::Placing {
            let action = self.placer.act(obs, rng);
            if let Action::Place(placement) = &action {
                self.fleet = placement.validate(&obs.config).ok();
            }
            return action;
        }
        let shots = obs.my_shots.len() + obs.their_shots.len();
        let view = InfoState {
            observation: obs.clone(),
            fleet: self.fleet.clone(),
            turn: 2 + shots as u32,
        };
        let fired = |action: &Action| match action {
            Action::Shoot { x, y } => obs
                .my_shots
                .iter()
                .any(|s| u32::from(s.at.x) == *x && u32::from(s.at.y) == *y),
            _ => false,
        };
        match self
            .mcts
            .choose_determinized(&view, obs.me, &mut self.rollout, rng)
        {
            Some(action) if !fired(&action) => action,
            // A cell shot before (the search found no better: every cell left seems water),
            // or no fleet fits what was seen (not in a real match): shoot as density would.
            _ => self.placer.act(obs, rng),
        }
    }
}
