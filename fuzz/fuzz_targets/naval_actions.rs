//! Arbitrary action strings: the bytes, split on `\n`, are one program answer per turn.
//!
//! - `parse_answer` never panics; its orders format to text that parses back to the same
//!   orders with no issue; every issue that became an order points at a `W`;
//! - the orders, played turn after turn on a fixed three-ship sea (with mines), never make
//!   the engine panic; a step always succeeds while the game runs; every refusal names an
//!   order of the turn; a finished game refuses the rest with `GameOver` and stays unchanged.
#![no_main]

use koth_engine_core::{Coord, Dir4, Game, SeedableRng, StepError};
use koth_naval::protocol::{parse_answer, parse_orders};
use koth_naval::{Config, Event, Order, Scenario, ShipClass, Start};
use libfuzzer_sys::fuzz_target;
use rand_pcg::Pcg64Mcg;

fuzz_target!(|data: &[u8]| {
    let mut scenario = Scenario::from_config(
        Config {
            rounds: 30,
            ..Config::default()
        },
        3,
    )
    .ship(0, ShipClass::Carrier, Start::new(10, 10, Dir4::Up))
    .ship(1, ShipClass::Submarine, Start::new(13, 9, Dir4::Left))
    .ship(2, ShipClass::Battleship, Start::new(8, 14, Dir4::Right));
    for (x, y) in [(11, 8), (12, 8), (9, 16), (14, 12)] {
        scenario = scenario.mine(Coord::new(x, y));
    }
    let mut rng = Pcg64Mcg::seed_from_u64(data.len() as u64);
    let mut game = scenario.build(&mut rng).expect("a valid sea");
    let mut events = Vec::new();
    for answer in data.split(|&b| b == b'\n') {
        let parsed = parse_answer(answer);
        let again = parse_orders(&parsed.orders.to_string());
        assert!(again.issues.is_empty());
        assert_eq!(again.orders, parsed.orders);
        for issue in &parsed.issues {
            if let Some(i) = issue.index {
                assert_eq!(parsed.orders.as_slice()[i], Order::Wait);
            }
        }
        let before = game.clone();
        events.clear();
        let result = game.step(&[parsed.orders], &mut rng, &mut events);
        if before.to_act().is_over() {
            assert_eq!(result, Err(StepError::GameOver));
            assert_eq!(game, before);
            assert!(events.is_empty());
            continue;
        }
        result.expect("every action string is accepted while the game runs");
        assert_eq!(game.turn(), before.turn() + 1);
        for e in &events {
            if let Event::Refused { index, order, .. } = e {
                assert_eq!(parsed.orders.as_slice()[usize::from(*index)], *order);
            }
        }
    }
});
