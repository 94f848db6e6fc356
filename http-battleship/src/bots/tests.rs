//! Bot unit tests: valid placements on many settings, no wasted shots, sink resolution.

use alloc::vec::Vec;

use koth_engine_core::runner::{self, Options};
use koth_engine_core::{PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::BOTS;
use crate::{
    Action, Battleship, Cell, Config, EndReason, Observation, Phase, ShotRecord, ShotResult,
};

/// A whole match between built-in bots, played by the one runner.
fn play(ids: [&str; 2], config: &Config, seed: u64) -> Battleship {
    let mut seats = runner::builtin_seats::<Battleship>(&ids).unwrap();
    let t = runner::play(config, seed, &mut seats, Options::default(), &mut ()).unwrap();
    assert!(t.faults.is_empty(), "{:?}", t.faults);
    t.last
}

#[test]
fn every_bot_places_validly_on_many_settings() {
    let configs = [
        Config::default(),
        Config {
            width: 1,
            height: 8,
            ships: [1, 1, 0, 0, 0, 0],
            shot_limit: None,
        },
        Config {
            width: 100,
            height: 100,
            ships: [10; 6],
            shot_limit: Some(300),
        },
        Config {
            width: 6,
            height: 6,
            ships: [2, 2, 1, 0, 0, 1],
            shot_limit: None,
        },
        Config {
            width: 3,
            height: 9,
            ships: [1, 1, 1, 0, 0, 0],
            shot_limit: None,
        },
    ];
    for config in &configs {
        config.validate().unwrap();
        for info in BOTS.entries {
            for seed in 0..8 {
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let mut bot = (info.make)();
                let obs =
                    Observation::new(PlayerId(0), *config, Phase::Placing, Vec::new(), Vec::new());
                match bot.act(&obs, &mut rng) {
                    Action::Place(p) => {
                        p.validate(config)
                            .unwrap_or_else(|e| panic!("{} on {config:?}: {e}", info.id));
                    }
                    other => panic!("{} placed {other:?}", info.id),
                }
            }
        }
    }
}

#[test]
fn bots_finish_matches_without_repeating_shots() {
    // `mcts` (a second a match) plays two matches here, the others every pairing.
    let quick = || BOTS.entries.iter().filter(|e| e.id != "mcts");
    let pairs = quick()
        .flat_map(|a| quick().map(move |b| (a.id, b.id, 0..4)))
        .chain([("mcts", "density", 0..1), ("hunter", "mcts", 0..1)]);
    for (a, b, seeds) in pairs {
        {
            for seed in seeds {
                let game = play([a, b], &Config::default(), seed);
                let end = game.end().unwrap();
                assert_eq!(end.reason, EndReason::Sunk, "{a} vs {b}");
                for p in [PlayerId(0), PlayerId(1)] {
                    let mut cells: Vec<Cell> = game.shots(p).iter().map(|s| s.at).collect();
                    let n = cells.len();
                    cells.sort();
                    cells.dedup();
                    assert_eq!(cells.len(), n, "{} repeated a shot", [a, b][p.index()]);
                }
            }
        }
    }
}

#[test]
fn small_and_odd_grids_end() {
    let configs = [
        Config {
            width: 1,
            height: 2,
            ships: [1, 0, 0, 0, 0, 0],
            shot_limit: None,
        },
        Config {
            width: 7,
            height: 3,
            ships: [3, 0, 0, 0, 0, 1],
            shot_limit: None,
        },
        Config {
            width: 40,
            height: 25,
            ships: [0, 3, 3, 3, 3, 3],
            shot_limit: None,
        },
    ];
    for config in &configs {
        // Not `mcts` on the 1,000-cell sea (seconds a match in a test build).
        let big = config.width * config.height > 100;
        for a in BOTS.entries.iter().filter(|e| !big || e.id != "mcts") {
            let game = play([a.id, "random"], config, 3);
            assert!(game.end().is_some());
        }
    }
}

#[test]
fn sinking_resolves_the_line_of_hits() {
    let config = Config {
        width: 5,
        height: 5,
        ships: [0, 0, 1, 0, 0, 0],
        shot_limit: None,
    };
    let rec = |x, y, result| ShotRecord {
        at: Cell::new(x, y),
        result,
    };
    let shots = [
        rec(1, 1, ShotResult::Hit),
        rec(2, 1, ShotResult::Hit),
        rec(3, 1, ShotResult::Win),
    ];
    let mut sea = super::sea::Sea::new(&config);
    sea.sync(&Observation::new(
        PlayerId(0),
        config,
        Phase::Shooting,
        shots.to_vec(),
        Vec::new(),
    ));
    assert!(sea.open.is_empty());
    assert_eq!(sea.afloat, [0; 6]);
}
