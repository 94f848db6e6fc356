//! Naval as a learning environment: one order at a time ([`NavalOrders`]), ids, masks and
//! rewards.

use koth_engine_core::testing::{check_determinize, check_learn, check_tensor};
use koth_engine_core::{
    Coord, Determinize, Dir4, Game, Learn, PlayerId, SeedableRng, Tensor, draw,
};
use koth_naval::{Config, ConfigError, Event, Naval, NavalOrders, Order, Orders, Profile, Step};
use rand_pcg::Pcg64Mcg;

fn short() -> Config {
    Config {
        rounds: 8,
        ..Config::default()
    }
}

/// Random games by the masks (orders the rules refuse are their documented no-op): ids
/// round-trip, the masks are the legal actions, chosen ids are accepted, and a game's rewards
/// add up to its normalized score.
#[test]
fn action_ids_and_masks_agree_with_the_rules() {
    for players in [2, 4] {
        check_learn::<NavalOrders>(&short(), players, 12, 20_000, false);
    }
}

#[test]
fn the_action_ids_are_the_documented_table() {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let game = NavalOrders::new(&Config::default(), 4, &mut rng).unwrap();
    assert_eq!(game.num_actions(), 732);
    assert_eq!(game.action(0), Some(Step::EndTurn));
    let letters = "MBCKASRPD";
    for (k, letter) in letters.bytes().enumerate() {
        let order = Order::from_letter(letter).unwrap();
        assert_eq!(
            game.action(1 + k),
            Some(Step::Order(order)),
            "{}",
            letter as char
        );
    }
    let fire = |dx, dy| Step::Order(Order::Fire(koth_naval::Target::new(dx, dy).unwrap()));
    let mine = |dx, dy| Step::Order(Order::Mine(koth_naval::Target::new(dx, dy).unwrap()));
    assert_eq!(game.action(10), Some(fire(-9, -9)));
    assert_eq!(game.action_id(&fire(3, -2)), Some(10 + 19 * 7 + 12));
    assert_eq!(game.action_id(&mine(9, 9)), Some(731));
    assert_eq!(game.action(732), None);
    assert_eq!(game.action_id(&Step::Order(Order::Wait)), None);
    let hitmaster = Config {
        profile: Profile::Hitmaster2017,
        ..Config::default()
    };
    assert_eq!(
        NavalOrders::new(&hitmaster, 4, &mut rng).err(),
        Some(ConfigError::WholeTurnsOnly)
    );
}

/// A random turn: up to 8 orders of any kind, targets near the head.
fn random_orders(rng: &mut Pcg64Mcg) -> Orders {
    let mut orders = Orders::new();
    for _ in 0..draw::index(rng, 9) {
        let k = draw::index(rng, 13);
        let (dx, dy) = (
            draw::index(rng, 13) as i32 - 6,
            draw::index(rng, 13) as i32 - 6,
        );
        let target = koth_naval::Target::new(dx, dy).unwrap();
        let order = match k {
            0..=8 => Order::from_letter(b"MBCKASRPD"[k]).unwrap(),
            9 | 10 => Order::Fire(target),
            11 => Order::Mine(target),
            _ => Order::Wait,
        };
        let _ = orders.push(order);
    }
    orders
}

/// Playing a turn's orders one by one and then `EndTurn` gives the state and the events of
/// playing the whole string, turn after turn to the end of random games; and at every state,
/// an order is in the mask exactly when the rules perform it (playing it on a copy reports no
/// refusal).
#[test]
fn orders_one_by_one_are_the_whole_turn_and_the_mask_is_what_the_rules_perform() {
    for seed in 0..6 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut whole = Naval::new(&short(), 4, &mut rng).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut steps = NavalOrders::new(&short(), 4, &mut rng).unwrap();
        let (mut rng_whole, mut rng_steps) = (
            Pcg64Mcg::seed_from_u64(seed + 100),
            Pcg64Mcg::seed_from_u64(seed + 100),
        );
        let mut chooser = Pcg64Mcg::seed_from_u64(seed + 200);
        let mut mask = vec![false; steps.num_actions()];
        let mut checked = 0;
        while whole.outcome().is_none() {
            let orders = random_orders(&mut chooser);
            let (mut events_whole, mut events_steps) = (Vec::new(), Vec::new());
            whole
                .step(&[orders], &mut rng_whole, &mut events_whole)
                .unwrap();
            let me = steps.to_act().players()[0];
            for (i, order) in orders.iter().enumerate() {
                if i % 3 == 0 {
                    // The mask against the rules, for every id.
                    steps.legal_mask(me, &mut mask);
                    for (id, &allowed) in mask.iter().enumerate().skip(1) {
                        let mut copy = steps.clone();
                        let mut events = Vec::new();
                        let step = steps.action(id).unwrap();
                        copy.step(&[step], &mut rng_steps.clone(), &mut events)
                            .unwrap();
                        let refused = events.iter().any(|e| matches!(e, Event::Refused { .. }));
                        assert_eq!(allowed, !refused, "seed {seed}: {step:?} {events:?}");
                        checked += 1;
                    }
                }
                steps
                    .step(&[Step::Order(order)], &mut rng_steps, &mut events_steps)
                    .unwrap();
            }
            steps
                .step(&[Step::EndTurn], &mut rng_steps, &mut events_steps)
                .unwrap();
            assert_eq!(steps.game(), &whole, "seed {seed}");
            assert_eq!(events_steps, events_whole, "seed {seed}");
        }
        assert!(checked > 1000, "{checked}");
        assert_eq!(steps.outcome(), whole.outcome());
    }
}

/// A state saved mid-game (mid-turn too) and restored is the same state and goes on to the
/// same end, one order at a time and in whole turns; a saved sea whose parts overlap is
/// refused.
#[cfg(feature = "serde")]
#[test]
fn a_saved_state_continues_to_the_same_end() {
    use koth_engine_core::testing::check_restored_state_continues;
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut game = NavalOrders::new(&short(), 4, &mut rng).unwrap();
    let mut chooser = Pcg64Mcg::seed_from_u64(4);
    let mut mask = vec![false; game.num_actions()];
    let mut pick = move |g: &NavalOrders| -> Vec<Step> {
        let me = g.to_act().players()[0];
        g.legal_mask(me, &mut mask);
        let allowed: Vec<usize> = (0..mask.len()).filter(|&id| mask[id]).collect();
        vec![
            g.action(allowed[draw::index(&mut chooser, allowed.len())])
                .unwrap(),
        ]
    };
    let mut events = Vec::new();
    for _ in 0..40 {
        let step = pick(&game);
        game.step(&step, &mut rng, &mut events).unwrap();
    }
    assert!(game.outcome().is_none(), "saved mid-game");
    let whole = game.game().clone();
    let saved = serde_json::to_string(&whole).unwrap();
    check_restored_state_continues(
        game,
        rng.clone(),
        |g| serde_json::to_string(g).unwrap(),
        |text| serde_json::from_str(text).unwrap(),
        &mut pick,
        100_000,
    );
    let mut turns = Pcg64Mcg::seed_from_u64(5);
    check_restored_state_continues(
        whole,
        rng,
        |g| serde_json::to_string(g).unwrap(),
        |text| serde_json::from_str(text).unwrap(),
        |_| vec![random_orders(&mut turns)],
        10_000,
    );
    let mut broken: serde_json::Value = serde_json::from_str(&saved).unwrap();
    let head = broken["seats"][0]["ship"]["head"].clone();
    broken["mines"].as_array_mut().unwrap().push(head);
    assert!(serde_json::from_value::<Naval>(broken).is_err());
}

/// Random games one order at a time: every entry written, finite, and the same for a copy.
#[test]
fn tensor_is_shaped_and_written_whole() {
    for players in [2, 4] {
        check_tensor::<NavalOrders>(&short(), players, 4, 3_000);
    }
}

/// The map's cells one-hot, the hull at its place, the numbers in their planes; an enemy out
/// of sight changes nothing, one in sight shows.
#[test]
fn tensor_shows_what_the_ship_sees() {
    use koth_naval::{Scenario, ShipClass, Start};
    let sea = |enemy: (i32, i32)| {
        Scenario::new(2)
            .ship(0, ShipClass::Destroyer, Start::new(5, 5, Dir4::Up))
            .ship(
                1,
                ShipClass::Cruiser,
                Start::new(enemy.0, enemy.1, Dir4::Up),
            )
            .mine(Coord::new(5, 3))
            .build(&mut Pcg64Mcg::seed_from_u64(1))
            .unwrap()
    };
    let tensor = |game: &Naval| {
        let mut t = vec![f32::NAN; game.obs_len()];
        game.write_obs(PlayerId(0), &mut t);
        t
    };
    let near = sea((8, 5));
    assert_eq!(near.obs_shape(), [26, 19, 19]);
    let t = tensor(&near);
    let at = |k: usize, dx: i32, dy: i32| t[k * 361 + ((dy + 9) * 19 + dx + 9) as usize];
    for i in 0..361 {
        let one_hot: f32 = (0..10).map(|k| t[k * 361 + i]).sum();
        assert_eq!(one_hot, 1.0, "cell {i}");
    }
    assert_eq!(
        (at(1, 0, 0), at(1, 0, 1), at(1, 0, 2)),
        (1.0, 1.0, 0.0),
        "own hull"
    );
    assert_eq!(
        (at(10, 0, 0), at(10, 0, 1)),
        (1.0, 1.0),
        "both cells intact"
    );
    assert_eq!(at(2, 0, -2), 1.0, "the mine");
    assert_eq!(
        (at(5, 3, 0), at(5, 3, 1), at(5, 3, 2)),
        (1.0, 1.0, 1.0),
        "the cruiser"
    );
    assert_eq!(at(4, 6, 6), 1.0, "beyond the view range");
    assert_eq!(at(19, 4, 4), 1.0, "facing up, in every cell");
    assert_eq!(at(13, -7, 2), 4.0, "a destroyer's four mines");
    assert_eq!(at(11, 1, 1), 3.0, "a destroyer's three moves");
    let (far, farther) = (tensor(&sea((20, 20))), tensor(&sea((25, 15))));
    assert_ne!(far, t, "the cruiser was in sight");
    assert_eq!(far, farther, "out of sight, wherever it is");
    // One order at a time: plane 26 counts the orders given.
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut game = NavalOrders::new(&short(), 2, &mut rng).unwrap();
    assert_eq!(game.obs_shape(), [27, 19, 19]);
    let me = game.to_act().players()[0];
    game.step(&[Step::Order(Order::Scan)], &mut rng, &mut Vec::new())
        .unwrap();
    let mut t = vec![0.0; game.obs_len()];
    game.write_obs(me, &mut t);
    assert_eq!(t[26 * 361 + 100], 1.0 / 64.0);
}

/// Random games one order at a time: at every state, seas sampled from each seat's view show
/// that seat exactly what it sees (its map, hull and numbers), at the same turn with the same
/// ship to act, and play on.
#[test]
fn determinized_states_are_consistent_with_the_view() {
    for players in [2, 4] {
        check_determinize::<NavalOrders>(&short(), players, 3, 1_500, 1);
    }
}

/// Ships in sight are sampled where they were seen, as they were seen; the rest varies.
#[test]
fn determinized_seas_keep_the_ships_in_sight() {
    use koth_naval::{Cell, Scenario, ShipClass, Start};
    let game = Scenario::new(3)
        .ship(0, ShipClass::Destroyer, Start::new(10, 10, Dir4::Up))
        .ship(1, ShipClass::Battleship, Start::new(13, 12, Dir4::Left))
        .ship(2, ShipClass::Cruiser, Start::new(25, 25, Dir4::Down))
        .mine(Coord::new(8, 8))
        .build(&mut Pcg64Mcg::seed_from_u64(1))
        .unwrap();
    let view = game.info_state(PlayerId(0));
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut hidden = Vec::new();
    for _ in 0..20 {
        let sea = Naval::sample_state(&view, &mut rng).expect("a consistent sea");
        assert_eq!(sea.observe(PlayerId(0)), game.observe(PlayerId(0)));
        assert_eq!(sea.cell(Coord::new(8, 8)), Some(Cell::Mine));
        // The battleship's cells in sight (13..=15, 12) hold enemy hulls (one ship, or two:
        // the map does not tell ships apart).
        for x in 13..=15 {
            let cell = sea.cell(Coord::new(x, 12));
            assert!(
                matches!(cell, Some(Cell::Ship(p)) if p != PlayerId(0)),
                "({x}, 12) is {cell:?}"
            );
        }
        let ships = |p| {
            sea.ship(PlayerId(p))
                .map(|s| (s.class(), s.head(), s.dir()))
        };
        hidden.push((ships(1), ships(2)));
    }
    hidden.sort_by_key(|h| format!("{h:?}"));
    hidden.dedup();
    assert!(
        hidden.len() > 10,
        "the ship out of sight varies: {hidden:?}"
    );
}
