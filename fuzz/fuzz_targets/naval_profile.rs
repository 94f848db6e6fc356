//! Arbitrary games under naval's `hitmaster2017` profile, driven by raw program answers read
//! the 2017 controller's way.
//!
//! Byte layout: players (`2 + b % 7`), rounds (`1 + b % 30`), one class byte per seat
//! (`b % 6`: 0 is no ship), a mine count and that many `(x, y)` byte pairs; then each turn
//! takes a length byte (`b % 24`) and that many bytes of answer, which `Contest::decode`
//! reads as the profile does.
//!
//! Invariants checked on every step:
//! - decoding any answer gives orders (never an error), and a running game accepts them;
//! - a finished game refuses a step and stays as it was;
//! - every input line parses back to the observation it came from;
//! - once over there is an outcome whose scores lie in the bounds.
#![no_main]

use koth_engine_core::{Contest, Coord, Game, PlayerId, SeedableRng, StepError, ToAct};
use koth_naval::protocol::{observation_line, parse_observation};
use koth_naval::{Config, Profile, Scenario, ShipClass};
use libfuzzer_sys::fuzz_target;
use rand_pcg::Pcg64Mcg;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next();
    let (Some(p), Some(r)) = (next(), next()) else {
        return;
    };
    let players = 2 + usize::from(p % 7);
    let mut config = Config {
        rounds: 1 + u32::from(r % 30),
        profile: Profile::Hitmaster2017,
        ..Config::default()
    };
    for seat in 0..players {
        config.set_class(seat, ShipClass::from_id(next().unwrap_or(1) % 6));
    }
    let mut scenario = Scenario::from_config(config.clone(), players);
    for _ in 0..next().unwrap_or(0) % 40 {
        let (x, y) = (next().unwrap_or(0), next().unwrap_or(0));
        let side = 30 + players as u8;
        scenario = scenario.mine(Coord::new(i32::from(x % side), i32::from(y % side)));
    }
    let mut rng = Pcg64Mcg::seed_from_u64(u64::from(p) << 8 | u64::from(r));
    let Ok(mut game) = scenario.build(&mut rng) else {
        return;
    };
    let mut events = Vec::new();
    while let Some(len) = next() {
        let answer: Vec<u8> = (0..len % 24).map_while(|_| next()).collect();
        let before = game.clone();
        events.clear();
        match before.to_act() {
            ToAct::Nobody => {
                let orders = game.decode(PlayerId(0), &mut (), &answer).value;
                assert_eq!(
                    game.step(&[orders], &mut rng, &mut events),
                    Err(StepError::GameOver)
                );
                assert_eq!(game, before);
                continue;
            }
            ToAct::One(seat) => {
                let obs = game.observation(seat);
                let line = observation_line(&obs);
                assert_eq!(parse_observation(&line).as_ref(), Ok(&obs), "{line}");
                let orders = game.decode(seat, &mut (), &answer).value;
                game.step(&[orders], &mut rng, &mut events)
                    .expect("a running game accepts any orders");
            }
            ToAct::Simultaneous(_) => unreachable!(),
        }
    }
    if game.to_act().is_over() {
        let outcome = game.outcome().expect("an outcome once over");
        let (lo, hi) = game.score_bounds();
        for p in PlayerId::all(players) {
            assert!((lo..=hi).contains(&outcome.score(p)));
        }
    }
});
