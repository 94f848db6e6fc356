//! The engine-core conformance check, plus the board invariants over random games.

use koth_engine_core::testing::{Conformance, check_contest};
use koth_engine_core::{Contest, Coord, Game, PlayerId, RngCore, SeedableRng};
use koth_tanks::{Action, Config, Event, Tanks};
use proptest::prelude::*;
use rand_pcg::Pcg64Mcg;

#[test]
fn the_contest_description_fits_the_engine() {
    check_contest::<Tanks>(&Config::default());
}

#[test]
fn the_seats_follow_the_config() {
    // A fixed side caps the seats; given ids fix them.
    let small = Config {
        side: Some(3),
        max_ticks: 200,
        ..Config::default()
    };
    assert_eq!(Tanks::seats(&small), 2..=3);
    check_contest::<Tanks>(&small);
    let ids = Config {
        ids: Some(vec![9999, 0, 50000]),
        max_ticks: 200,
        ..Config::default()
    };
    assert_eq!(Tanks::seats(&ids), 3..=3);
    check_contest::<Tanks>(&ids);
}

#[test]
fn a_refused_step_appends_nothing_to_a_used_buffer() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut game = Tanks::new(&Config::default(), 4, &mut rng).unwrap();
    let mut events = Vec::new();
    game.step(
        &[Action::Move(koth_engine_core::Dir4::Up); 4],
        &mut rng,
        &mut events,
    )
    .unwrap();
    assert!(!events.is_empty());
    let (before, logged) = (game.clone(), events.clone());
    assert!(
        game.step(&[Action::Idle; 3], &mut rng, &mut events)
            .is_err()
    );
    assert_eq!((&game, &events), (&before, &logged));
}

#[test]
fn conformance_six_tanks_legal_actions() {
    Conformance::<Tanks>::new(Config::default(), 6)
        .cases(32)
        .run_legal();
}

#[test]
fn conformance_two_tanks() {
    Conformance::<Tanks>::new(Config::default(), 2)
        .cases(32)
        .run_legal();
}

#[test]
fn conformance_crowded_short_games() {
    // Many tanks on a torus that is barely big enough: contests, chains and cycles galore.
    let config = Config {
        max_ticks: 60,
        ..Config::default()
    };
    Conformance::<Tanks>::new(config, 12)
        .cases(24)
        .run(|_, _, rng| move_heavy(rng));
}

#[test]
fn conformance_a_larger_board() {
    let config = Config {
        side: Some(20),
        max_ticks: 200,
        ..Config::default()
    };
    Conformance::<Tanks>::new(config, 9).cases(16).run_legal();
}

/// Mostly moves, some shots, a few idles.
fn move_heavy(rng: &mut dyn RngCore) -> Action {
    let r = rng.next_u32() % 16;
    match r {
        0 => Action::Idle,
        1..=3 => Action::ALL[5 + (r as usize)],
        _ => Action::ALL[1 + (r as usize % 4)],
    }
}

/// Plays a random game and checks after every tick: no two tanks share a square; every
/// living tank is on the board where it says, and nobody else is; the observation lists
/// exactly the living tanks in ascending id order; each mover has exactly one move
/// outcome and each shooter one shot.
fn check_invariants(players: usize, extra_side: u16, ids_seed: u64, seed: u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut id_rng = Pcg64Mcg::seed_from_u64(ids_seed);
    let mut ids: Vec<u32> = Vec::new();
    while ids.len() < players {
        let id = id_rng.next_u32() % 100_000;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let config = Config {
        side: Some(players as u16 + extra_side),
        ids: Some(ids.clone()),
        max_ticks: 150,
    };
    let mut game = Tanks::new(&config, players, &mut rng).unwrap();
    let mut events = Vec::new();
    while !game.to_act().is_over() {
        let living = game.living().to_vec();
        let actions: Vec<Action> = living.iter().map(|_| move_heavy(&mut rng)).collect();
        events.clear();
        game.step(&actions, &mut rng, &mut events).unwrap();

        let movers = actions.iter().filter(|a| a.move_dir().is_some()).count();
        let shooters = actions.iter().filter(|a| a.shoot_dir().is_some()).count();
        let outcomes = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Moved { .. }
                        | Event::LostContest { .. }
                        | Event::Blocked { .. }
                        | Event::SwapCancelled { .. }
                )
            })
            .count();
        let shots = events
            .iter()
            .filter(|e| matches!(e, Event::Shot { .. }))
            .count();
        assert_eq!((outcomes, shots), (movers, shooters), "{events:?}");

        let squares: Vec<Coord> = game
            .living()
            .iter()
            .map(|&p| game.position(p).unwrap())
            .collect();
        for (i, a) in squares.iter().enumerate() {
            assert!(!squares[i + 1..].contains(a), "two tanks on {a}");
        }
        let side = i32::from(game.side());
        let mut on_board = 0;
        for y in 0..side {
            for x in 0..side {
                if let Some(p) = game.occupant(Coord::new(x, y)) {
                    on_board += 1;
                    assert_eq!(game.position(p), Some(Coord::new(x, y)));
                }
            }
        }
        assert_eq!(on_board, game.living().len());

        let obs = game.observe(PlayerId(0));
        let mut expected: Vec<(u32, Coord)> = game
            .living()
            .iter()
            .map(|&p| (ids[p.index()], game.position(p).unwrap()))
            .collect();
        expected.sort();
        let seen: Vec<(u32, Coord)> = obs.tanks.iter().map(|t| (t.id, t.at)).collect();
        assert_eq!(seen, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn board_invariants_hold(players in 2usize..14, extra in 0u16..4, ids in any::<u64>(), seed in any::<u64>()) {
        check_invariants(players, extra, ids, seed);
    }
}
