//! The generic conformance check from `koth_engine_core::testing`, with random action strings,
//! and the generic check of the [`Contest`](koth_engine_core::Contest) description.
//!
//! The chooser builds each turn from random orders (every letter, targets anywhere in
//! `-9..=9`), so refusals of every kind happen; short games and small seas make the end
//! conditions frequent.

use koth_engine_core::testing::{Conformance, check_contest};
use koth_engine_core::{Coord, Game, PlayerId, RngCore, SeedableRng, StepError};
use koth_naval::{Config, Naval, Order, Orders, Scenario, ShipClass, Target};
use rand_pcg::Pcg64Mcg;

fn random_orders(rng: &mut dyn RngCore) -> Orders {
    let mut orders = Orders::new();
    let n = rng.next_u32() % 8;
    for _ in 0..n {
        let target = || Target::new(0, 0).unwrap();
        let mut t = target();
        let r = rng.next_u32();
        if let Some(x) = Target::new((r % 19) as i32 - 9, ((r / 19) % 19) as i32 - 9) {
            t = x;
        }
        let order = match rng.next_u32() % 13 {
            0 => Order::Move,
            1 => Order::Back,
            2 => Order::Clockwise,
            3 => Order::CounterClockwise,
            4 => Order::Ram,
            5 | 6 => Order::Fire(t),
            7 => {
                Order::Mine(Target::new((r % 3) as i32 - 1, ((r / 3) % 3) as i32 - 1).unwrap_or(t))
            }
            8 => Order::Scan,
            9 => Order::Repair,
            10 => Order::Plunge,
            11 => Order::Shield,
            _ => Order::Wait,
        };
        let _ = orders.push(order);
    }
    orders
}

#[test]
fn conformance_default_config() {
    Conformance::<Naval>::new(Config::default(), 4)
        .cases(24)
        .run(|_, _, rng| random_orders(rng));
}

#[test]
fn conformance_many_players_short_games() {
    let config = Config {
        rounds: 5,
        ..Config::default()
    };
    for players in [2, 3, 9] {
        Conformance::<Naval>::new(config.clone(), players)
            .cases(16)
            .run(|_, _, rng| random_orders(rng));
    }
}

/// The conformance properties for games that start from a hand-built sea:
/// [`Conformance`] builds its games with `Game::new`, which lays no mines, so this plays
/// random games from a [`Scenario`] and checks the same properties by hand: every step of a
/// running game is accepted (orders never fail, refusals are events), a joint action of the
/// wrong length is refused and changes nothing, the outcome covers every seat with someone
/// first and scores in bounds, a finished game refuses everything, and the same seed and
/// orders replay to the same states and events.
fn conformance_of_scenario(scenario: &Scenario, cases: u64) {
    for seed in 0..cases {
        let play = |record: Option<&[Orders]>| {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
            let mut game = scenario.build(&mut rng).expect("a valid sea");
            let mut played = Vec::new();
            let mut trace = vec![(game.clone(), Vec::new())];
            while !game.to_act().is_over() {
                let orders = match record {
                    Some(r) => r[played.len()],
                    None => random_orders(&mut chooser),
                };
                let before = game.clone();
                let mut events = Vec::new();
                let mut probe = rng.clone();
                assert!(matches!(
                    game.step(&[], &mut probe, &mut events),
                    Err(StepError::WrongActionCount { .. })
                ));
                assert!(game == before && events.is_empty(), "seed {seed}");
                game.step(&[orders], &mut rng, &mut events)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                played.push(orders);
                trace.push((game.clone(), events));
            }
            let outcome = game.outcome().expect("an outcome once over");
            let n = game.num_players();
            let (lo, hi) = game.score_bounds();
            assert!(outcome.places().values().contains(&1), "seed {seed}");
            for p in PlayerId::all(n) {
                assert!((1..=n as u32).contains(&outcome.place(p)), "seed {seed}");
                assert!((lo..=hi).contains(&outcome.score(p)), "seed {seed}");
            }
            let after = game.clone();
            let mut events = Vec::new();
            assert_eq!(
                game.step(&[Orders::wait()], &mut rng, &mut events),
                Err(StepError::GameOver)
            );
            assert!(game == after && events.is_empty());
            (played, trace)
        };
        let (played, trace) = play(None);
        let (_, replay) = play(Some(&played));
        assert!(trace == replay, "seed {seed}: the replay differs");
    }
}

#[test]
fn conformance_crowded_sea_with_mines() {
    // Mines everywhere on two rows and all-carrier fleets: explosions, chains and sinkings.
    let mut scenario = Scenario::from_config(
        Config {
            classes: vec![Some(ShipClass::Carrier); 6],
            rounds: 30,
            ..Config::default()
        },
        6,
    );
    for x in (0..36).step_by(2) {
        scenario = scenario.mine(Coord::new(x, 10)).mine(Coord::new(x + 1, 20));
    }
    conformance_of_scenario(&scenario, 16);
}

#[test]
fn conformance_with_bad_class_choices() {
    let config = Config {
        classes: vec![
            None,
            Some(ShipClass::Submarine),
            None,
            Some(ShipClass::Cruiser),
        ],
        rounds: 20,
        ..Config::default()
    };
    Conformance::<Naval>::new(config, 4)
        .cases(16)
        .run(|_, _, rng| random_orders(rng));
}

#[test]
fn the_contest_description_fits_the_engine() {
    check_contest::<Naval>(&Config::default());
    // A config that lists three classes seats at least three (the bots choose their own).
    let three = Config {
        classes: vec![Some(ShipClass::Submarine); 3],
        rounds: 20,
        ..Config::default()
    };
    assert_eq!(<Naval as koth_engine_core::Contest>::seats(&three), 3..=100);
    check_contest::<Naval>(&three);
}
