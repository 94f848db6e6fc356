//! `mcts`: information-set Monte-Carlo tree search (engine-core's
//! [`search`](koth_engine_core::search), determinized through
//! [`Determinize`](koth_engine_core::Determinize)).
//!
//! The fleet is the one of a few dozen random layouts that simulated `density` searches took
//! longest to sink (on seas up to 14 x 14; larger ones are placed as `density` places).
//! Each shot is searched for [`ITERATIONS`]
//! iterations, each from an opponent fleet sampled from what the bot has seen
//! ([`Determinize::sample_state`](koth_engine_core::Determinize::sample_state)), both players
//! then shooting as `hunter` does for [`DEPTH`] shots, valued by the lead in ship cells
//! struck; the shot most often chosen is fired.
//!
//! Strength (100 matches each, sides alternating, `koth tournament battleship --bot
//! builtin:mcts --bot builtin:OTHER --games-per-pair 100 --seed 2026`): 57 won against
//! `hunter`, 64 against `density` (69 with `--seed 7`). The placement makes the difference:
//! placed as `density` places, it won 48 and 36. The sampled fleets are not uniform over the
//! fleets that fit what was seen, so its shots' hit chances are rougher than `density`'s
//! exact count.

use alloc::boxed::Box;
use alloc::vec::Vec;

use koth_engine_core::search::{Bots, Mcts, Rollout, Settings};
use koth_engine_core::{Bot, PlayerId, RngCore};

use super::density::Density;
use crate::determinize::InfoState;
use crate::{Action, Battleship, Config, Fleet, Observation, Phase, Placement, ShotResult};

/// The listing's description.
pub(super) const ABOUT: &str = "information-set Monte-Carlo tree search over sampled fleets, hunter rollouts; places the fleet simulated density searches sink last";

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

/// Candidate fleets drawn when placing, and `density` searches played against each.
const PLACEMENT_CANDIDATES: usize = 48;
const PLACEMENT_TRIALS: usize = 4;
/// The leading candidates, played against again before the choice.
const PLACEMENT_FINALISTS: usize = 6;
const FINALIST_TRIALS: usize = 16;

/// The largest sea (cells) on which placements are tried against simulated searches.
const MAX_SIMULATED_AREA: u32 = 196;

/// The fleet that `density`'s search, simulated against each of a few dozen random layouts
/// (ships apart or touching), took longest to sink. A Monte-Carlo choice against the
/// strongest searcher there is: its searches stand for a careful opponent's.
/// On larger seas (a simulated search costs about the square of the area) the fleet is
/// placed as `density` places it.
pub(super) fn place_against_density(config: &Config, rng: &mut dyn RngCore) -> Placement {
    let cap = u32::from(config.width) * u32::from(config.height);
    if cap > MAX_SIMULATED_AREA {
        return Density::default().place(config, rng);
    }
    let mut scored: Vec<(u32, Placement, Fleet)> = Vec::with_capacity(PLACEMENT_CANDIDATES);
    for k in 0..PLACEMENT_CANDIDATES {
        let placement = super::place::placement(config, rng, k % 2 == 0);
        let Ok(fleet) = placement.validate(config) else {
            continue;
        };
        let shots = (0..PLACEMENT_TRIALS)
            .map(|_| super::density::shots_to_sink(config, &fleet, rng, cap))
            .sum();
        scored.push((shots, placement, fleet));
    }
    scored.sort_by_key(|c| core::cmp::Reverse(c.0));
    scored.truncate(PLACEMENT_FINALISTS);
    for (shots, _, fleet) in &mut scored {
        *shots = (0..FINALIST_TRIALS)
            .map(|_| super::density::shots_to_sink(config, fleet, rng, cap))
            .sum();
    }
    scored
        .into_iter()
        .max_by_key(|(shots, _, _)| *shots)
        .map(|(_, placement, _)| placement)
        .unwrap_or_else(|| super::place::placement(config, rng, true))
}

/// The search bot.
struct SearchBot {
    /// Shoots where the search has no shot (see [`SearchBot::act`]).
    fallback: Density,
    fleet: Option<Fleet>,
    mcts: Mcts<Battleship>,
    rollout: Hunters,
}

pub(super) fn make() -> Box<dyn Bot<Battleship>> {
    Box::new(SearchBot {
        fallback: Density::default(),
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
            let placement = place_against_density(&obs.config, rng);
            self.fleet = placement.validate(&obs.config).ok();
            return Action::Place(placement);
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
            _ => self.fallback.act(obs, rng),
        }
    }
}
