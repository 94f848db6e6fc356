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
    for a in BOTS.entries {
        for b in BOTS.entries {
            for seed in 0..4 {
                let game = play([a.id, b.id], &Config::default(), seed);
                let end = game.end().unwrap();
                assert_eq!(end.reason, EndReason::Sunk, "{} vs {}", a.id, b.id);
                for p in [PlayerId(0), PlayerId(1)] {
                    let mut cells: Vec<Cell> = game.shots(p).iter().map(|s| s.at).collect();
                    let n = cells.len();
                    cells.sort();
                    cells.dedup();
                    assert_eq!(
                        cells.len(),
                        n,
                        "{} repeated a shot",
                        [a.id, b.id][p.index()]
                    );
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
        for a in BOTS.entries {
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
