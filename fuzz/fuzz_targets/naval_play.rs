//! Arbitrary games: the bytes choose a config, then the orders of every turn.
//!
//! Byte layout: players (`2 + b % 9`), rounds (`1 + b % 40`), one class byte per seat
//! (`b % 6`: 0 is a bad choice, 1..=5 the class), a mine count and that many `(x, y)` byte
//! pairs; then each turn takes a length byte (`b % 9` orders) and two bytes per order (the
//! order kind and a target offset). Bytes left after the end keep being fed to check that a
//! finished game refuses them.
//!
//! Invariants checked on every step:
//! - a step succeeds while the game runs and changes nothing once it is over;
//! - only a seat with a ship afloat acts; sunk ships never come back;
//! - each seat's damage counter equals the `Hit` events it took, its hits the `Hit` events
//!   it caused on others, its sunken the `Sunk` events it caused on others;
//! - the round never passes the limit; once over there is an outcome whose scores lie in
//!   the bounds, and exactly one `Ended` event was emitted.
#![no_main]

use koth_engine_core::{Coord, Game, PlayerId, SeedableRng, StepError, ToAct};
use koth_naval::{Config, Event, Order, Orders, Scenario, ShipClass, Target};
use libfuzzer_sys::fuzz_target;
use rand_pcg::Pcg64Mcg;

fn order(kind: u8, t: u8) -> Order {
    let target = Target::new(i32::from(t % 19) - 9, i32::from(t / 19 % 19) - 9)
        .unwrap_or(Target::new(0, 0).unwrap());
    let near = Target::new(i32::from(t % 3) - 1, i32::from(t / 3 % 3) - 1).unwrap();
    match kind % 13 {
        0 => Order::Move,
        1 => Order::Back,
        2 => Order::Clockwise,
        3 => Order::CounterClockwise,
        4 => Order::Ram,
        5 | 6 => Order::Fire(target),
        7 => Order::Mine(near),
        8 => Order::Scan,
        9 => Order::Repair,
        10 => Order::Plunge,
        11 => Order::Shield,
        _ => Order::Wait,
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next();
    let (Some(p), Some(r)) = (next(), next()) else {
        return;
    };
    let players = 2 + usize::from(p % 9);
    let mut config = Config {
        rounds: 1 + u32::from(r % 40),
        ..Config::default()
    };
    for seat in 0..players {
        let class = next().unwrap_or(1) % 6;
        config.set_class(seat, ShipClass::from_id(class));
    }
    let mut scenario = Scenario::from_config(config.clone(), players);
    let mines = next().unwrap_or(0) % 40;
    for _ in 0..mines {
        let (x, y) = (next().unwrap_or(0), next().unwrap_or(0));
        let side = 30 + players as u8;
        scenario = scenario.mine(Coord::new(i32::from(x % side), i32::from(y % side)));
    }
    let mut rng = Pcg64Mcg::seed_from_u64(u64::from(p) << 8 | u64::from(r));
    let Ok(mut game) = scenario.build(&mut rng) else {
        return;
    };
    let mut taken = vec![0u32; players];
    let mut dealt = vec![0u32; players];
    let mut sank = vec![0u32; players];
    let mut ended = 0;
    let mut events = Vec::new();
    while let Some(len) = next() {
        let mut orders = Orders::new();
        for _ in 0..len % 9 {
            let (k, t) = (next().unwrap_or(12), next().unwrap_or(0));
            let _ = orders.push(order(k, t));
        }
        let before = game.clone();
        events.clear();
        let result = game.step(&[orders], &mut rng, &mut events);
        match before.to_act() {
            ToAct::Nobody => {
                assert_eq!(result, Err(StepError::GameOver));
                assert_eq!(game, before);
                assert!(events.is_empty());
                continue;
            }
            ToAct::One(p) => {
                let ship = before.ship(p).expect("only seats with a ship act");
                assert!(ship.afloat());
                result.expect("a running game accepts any orders");
            }
            ToAct::Simultaneous(_) => unreachable!(),
        }
        for e in &events {
            match *e {
                Event::Hit { ship, by, .. } => {
                    taken[ship.index()] += 1;
                    if ship != by {
                        dealt[by.index()] += 1;
                    }
                }
                Event::Sunk { ship, by } if ship != by => sank[by.index()] += 1,
                Event::Ended { .. } => ended += 1,
                _ => {}
            }
        }
        for p in PlayerId::all(players) {
            let s = game.stats(p);
            assert_eq!(
                (s.damage, s.hits, s.sunken),
                (taken[p.index()], dealt[p.index()], sank[p.index()])
            );
            if let (Some(was), Some(now)) = (before.ship(p), game.ship(p)) {
                assert!(was.afloat() || !now.afloat(), "a wreck never sails again");
            }
        }
        assert!(game.round() <= config.rounds);
    }
    if game.to_act().is_over() {
        let outcome = game.outcome().expect("an outcome once over");
        let (lo, hi) = game.score_bounds();
        for p in PlayerId::all(players) {
            assert!((lo..=hi).contains(&outcome.score(p)));
        }
        assert!(ended <= 1);
    } else {
        assert!(game.outcome().is_none());
        assert_eq!(ended, 0);
    }
});
