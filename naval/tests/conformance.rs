//! The generic conformance check from `engine_core::testing`, with random action strings.
//!
//! The chooser builds each turn from random orders (every letter, targets anywhere in
//! `-9..=9`), so refusals of every kind happen; short games and small seas make the end
//! conditions frequent.

use engine_core::RngCore;
use engine_core::testing::Conformance;
use naval::{Config, Naval, Order, Orders, ShipClass, Target};

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

#[test]
fn conformance_crowded_sea_with_mines() {
    // Mines everywhere on two rows and all-carrier fleets: explosions, chains and sinkings.
    let mut config = Config {
        classes: vec![Some(ShipClass::Carrier); 6],
        rounds: 30,
        ..Config::default()
    };
    for x in (0..36).step_by(2) {
        config.mines.push(naval::Coord::new(x, 10));
        config.mines.push(naval::Coord::new(x + 1, 20));
    }
    Conformance::<Naval>::new(config, 6)
        .cases(16)
        .run(|_, _, rng| random_orders(rng));
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
