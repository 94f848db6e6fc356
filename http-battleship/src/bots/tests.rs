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

#[test]
fn the_simulated_density_search_shoots_as_density_does_in_a_match() {
    // Density shoots at a fleet in a real match while the other seat only ever shoots one
    // cell of water: its shots to win equal the simulation's with the same random stream.
    use super::density::shots_to_sink;
    use koth_engine_core::{Bot, Game};
    let config = Config::default();
    for seed in 0..6 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let target = super::place::random_fleet(&config, &mut rng, seed % 2 == 0).unwrap();
        let shooter_fleet = super::place::random_fleet(&config, &mut rng, true).unwrap();
        let water = (0..100)
            .map(|i| Cell::from_index(i, 10))
            .find(|c| {
                !shooter_fleet
                    .ships()
                    .iter()
                    .any(|s| s.cells().any(|x| x == *c))
            })
            .unwrap();
        let simulated = shots_to_sink(&config, &target, &mut Pcg64Mcg::seed_from_u64(seed), 100);
        let mut density = super::density::Density::default();
        let mut bot_rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Battleship::new(&config, 2, &mut rng).unwrap();
        let mut events = Vec::new();
        let place = |f: &crate::Fleet| Action::Place(crate::Placement::from(f));
        game.step(&[place(&shooter_fleet)], &mut rng, &mut events)
            .unwrap();
        game.step(&[place(&target)], &mut rng, &mut events).unwrap();
        let mut shots = 0;
        while !game.to_act().is_over() {
            let action = if game.to_act().players() == [PlayerId(0)] {
                shots += 1;
                density.act(&game.observe(PlayerId(0)), &mut bot_rng)
            } else {
                Action::Shoot {
                    x: u32::from(water.x),
                    y: u32::from(water.y),
                }
            };
            game.step(&[action], &mut rng, &mut events).unwrap();
        }
        assert_eq!(game.end().unwrap().winner, Some(PlayerId(0)));
        assert_eq!(simulated, shots, "seed {seed}");
    }
}

#[test]
fn mcts_places_fleets_that_density_takes_longer_to_sink() {
    use super::density::shots_to_sink;
    let config = Config::default();
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let (mut chosen, mut random) = (0, 0);
    for _ in 0..6 {
        let placed = super::mcts::place_against_density(&config, &mut rng)
            .validate(&config)
            .unwrap();
        let drawn = super::place::random_fleet(&config, &mut rng, true).unwrap();
        for _ in 0..20 {
            chosen += shots_to_sink(&config, &placed, &mut rng, 100);
            random += shots_to_sink(&config, &drawn, &mut rng, 100);
        }
    }
    // Measured: 70 shots a game against 49.
    assert!(chosen > random + 6 * 20 * 10, "{chosen} against {random}");
}
