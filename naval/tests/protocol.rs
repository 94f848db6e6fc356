//! The seed's program protocol: class choice, input lines and action strings.

use koth_engine_core::{Dir4, Game, PlayerId, SeedableRng};
use koth_naval::protocol::{
    ClassError, ObservationError, PieceError, observation_line, parse_answer, parse_class,
    parse_observation, parse_orders, parse_orders_strict,
};
use koth_naval::{
    Config, Hull, MAX_ORDERS, Naval, Observation, Order, Orders, SIGHT_CELLS, ShipClass, Sight,
    SightCell, Target,
};
use proptest::prelude::*;
use rand_pcg::Pcg64Mcg;

fn target() -> impl Strategy<Value = Target> {
    (-9..=9i32, -9..=9i32).prop_map(|(x, y)| Target::new(x, y).unwrap())
}

fn order() -> impl Strategy<Value = Order> {
    prop_oneof![
        Just(Order::Move),
        Just(Order::Back),
        Just(Order::Clockwise),
        Just(Order::CounterClockwise),
        Just(Order::Ram),
        target().prop_map(Order::Fire),
        target().prop_map(Order::Mine),
        Just(Order::Scan),
        Just(Order::Repair),
        Just(Order::Plunge),
        Just(Order::Shield),
        Just(Order::Wait),
    ]
}

fn orders() -> impl Strategy<Value = Orders> {
    prop::collection::vec(order(), 0..=MAX_ORDERS).prop_map(|v| Orders::from_slice(&v).unwrap())
}

const CELLS: [SightCell; 10] = [
    SightCell::Water,
    SightCell::Own,
    SightCell::Mine,
    SightCell::OffGrid,
    SightCell::Unknown,
    SightCell::Enemy,
    SightCell::EnemyDamaged,
    SightCell::Submerged,
    SightCell::SubmergedDamaged,
    SightCell::Wreck,
];

fn observation() -> impl Strategy<Value = Observation> {
    (
        (
            any::<u32>(),
            any::<u8>(),
            any::<i32>(),
            any::<i32>(),
            0..4u8,
        ),
        (0..=8u8, any::<u8>()),
        (any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()),
        (any::<u32>(), any::<u32>(), any::<u32>()),
        (any::<bool>(), any::<bool>(), any::<bool>()),
        prop::collection::vec(0..10usize, SIGHT_CELLS),
    )
        .prop_map(|(head, hull, budget, score, flags, map)| {
            let mut cells = [SightCell::Unknown; SIGHT_CELLS];
            for (c, i) in cells.iter_mut().zip(map) {
                *c = CELLS[i];
            }
            Observation {
                round: head.0,
                player: PlayerId(head.1),
                x: head.2,
                y: head.3,
                dir: Dir4::from_index(head.4),
                hull: Hull::from_mask(hull.0, hull.1),
                moves: budget.0,
                shots: budget.1,
                mines: budget.2,
                cooldown: budget.3,
                hits: score.0,
                sunken: score.1,
                damage: score.2,
                underwater: flags.0,
                shield: flags.1,
                scan: flags.2,
                map: Sight::from_cells(cells),
            }
        })
}

proptest! {
    #[test]
    fn orders_round_trip(o in orders()) {
        let text = o.to_string();
        let parsed = parse_orders(&text);
        prop_assert!(parsed.issues.is_empty(), "{:?}", parsed.issues);
        prop_assert_eq!(parsed.orders, o);
        prop_assert_eq!(parse_orders_strict(&text), Ok(o));
        prop_assert_eq!(text.parse::<Orders>(), Ok(o));
    }

    #[test]
    fn any_text_parses_without_panicking_and_reformats_to_the_same_orders(s in "\\PC{0,200}") {
        let parsed = parse_orders(&s);
        let again = parse_orders(&parsed.orders.to_string());
        prop_assert!(again.issues.is_empty());
        prop_assert_eq!(again.orders, parsed.orders);
        // Every issue that became an order points at a W.
        for issue in &parsed.issues {
            if let Some(i) = issue.index {
                prop_assert_eq!(parsed.orders.as_slice()[i], Order::Wait);
            }
            prop_assert!(s.get(issue.at..).is_some_and(|rest| rest.starts_with(issue.text.as_str())));
        }
    }

    #[test]
    fn action_like_text_parses_piece_by_piece(s in "[MBCKAFNSRPDW+\\-0-9x ]{0,80}") {
        let parsed = parse_orders(&s);
        prop_assert!(parsed.orders.len() <= MAX_ORDERS);
        let strict = parse_orders_strict(&s);
        prop_assert_eq!(strict.is_ok(), parsed.issues.is_empty());
    }

    #[test]
    fn raw_bytes_parse_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let parsed = parse_answer(&bytes);
        prop_assert!(parsed.orders.len() <= MAX_ORDERS);
        let _ = parse_class(&bytes);
    }

    #[test]
    fn observation_lines_round_trip(o in observation()) {
        let line = observation_line(&o);
        prop_assert_eq!(parse_observation(&line), Ok(o));
    }

    #[test]
    fn engine_observations_round_trip(seed in any::<u64>(), players in 2..12usize) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let g = Naval::new(&Config::default(), players, &mut rng).unwrap();
        for p in PlayerId::all(players) {
            let o = g.observe(p);
            let line = observation_line(&o);
            prop_assert_eq!(line.split(';').count(), 8);
            prop_assert_eq!(line.rsplit(';').next().unwrap().len(), 361);
            prop_assert_eq!(parse_observation(&line), Ok(o));
        }
    }

    #[test]
    fn class_numbers_parse_with_whitespace(class in 1..=5u8, pre in "[ \\t\\n]{0,3}", post in "[ \\t\\r\\n]{0,3}") {
        let text = format!("{pre}{class}{post}");
        prop_assert_eq!(parse_class(text.as_bytes()), Ok(ShipClass::from_id(class).unwrap()));
    }
}

#[test]
fn malformed_pieces_are_reported_with_their_reason() {
    let parsed = parse_orders("  MF+1N-0-0xyzF9F+3-4m\n");
    assert_eq!(parsed.orders.to_string(), "MWN+0+0WWWF+3-4W");
    let issues: Vec<_> = parsed
        .issues
        .iter()
        .map(|i| (i.at, i.text.as_str(), i.index, i.error))
        .collect();
    assert_eq!(
        issues,
        [
            (3, "F+1", Some(1), PieceError::BadTarget { letter: 'F' }),
            (11, "xyz", Some(3), PieceError::Unknown),
            (14, "F", Some(4), PieceError::BadTarget { letter: 'F' }),
            (15, "9", Some(5), PieceError::Unknown),
            (21, "m", Some(7), PieceError::Unknown),
        ]
    );
    assert!(parsed.issues[0].to_string().contains("played W"));
    assert!(parse_orders_strict("MF+1").is_err());
    assert_eq!(parse_orders("").orders, Orders::new());
    assert_eq!(parse_orders(" \n").orders.len(), 0);
}

#[test]
fn pieces_past_the_order_limit_are_dropped_and_reported() {
    let text = "M".repeat(MAX_ORDERS + 5);
    let parsed = parse_orders(&text);
    assert_eq!(parsed.orders.len(), MAX_ORDERS);
    assert_eq!(parsed.issues.len(), 1);
    assert_eq!(parsed.issues[0].error, PieceError::TooManyOrders);
    assert_eq!(parsed.issues[0].text, "MMMMM");
    assert_eq!(parsed.issues[0].index, None);
}

#[test]
fn the_class_choice_is_an_integer_1_to_5() {
    assert_eq!(parse_class(b"1"), Ok(ShipClass::Destroyer));
    assert_eq!(parse_class(b"\t5\r\n"), Ok(ShipClass::Carrier));
    assert_eq!(parse_class(b"+3"), Ok(ShipClass::Cruiser));
    assert_eq!(parse_class(b"004"), Ok(ShipClass::Battleship));
    assert_eq!(parse_class(b""), Err(ClassError::Empty));
    assert_eq!(parse_class(b" \n"), Err(ClassError::Empty));
    assert_eq!(parse_class(b"0"), Err(ClassError::OutOfRange("0".into())));
    assert_eq!(parse_class(b"6"), Err(ClassError::OutOfRange("6".into())));
    assert_eq!(
        parse_class(b"99999999999999999999"),
        Err(ClassError::OutOfRange("99999999999999999999".into()))
    );
    assert_eq!(
        parse_class(b"-1"),
        Err(ClassError::NotAnInteger("-1".into()))
    );
    assert_eq!(
        parse_class(b"3 4"),
        Err(ClassError::NotAnInteger("3 4".into()))
    );
    assert_eq!(
        parse_class(b"2.0"),
        Err(ClassError::NotAnInteger("2.0".into()))
    );
    assert_eq!(parse_class(b"+"), Err(ClassError::NotAnInteger("+".into())));
    assert!(parse_class(&[0xff, b'1']).is_err());
}

#[test]
fn bad_input_lines_get_typed_errors() {
    let g = Naval::new(&Config::default(), 2, &mut Pcg64Mcg::seed_from_u64(0)).unwrap();
    let line = observation_line(&g.observe(PlayerId(0)));
    assert_eq!(parse_observation("1;2;3"), Err(ObservationError::Fields(3)));
    let bad_dir = line.replacen(
        &format!(",{};", g.observe(PlayerId(0)).dir.index()),
        ",7;",
        1,
    );
    assert_eq!(
        parse_observation(&bad_dir),
        Err(ObservationError::Direction(7))
    );
    let short = &line[..line.len() - 1];
    assert!(matches!(
        parse_observation(short),
        Err(ObservationError::Map(_))
    ));
    let mut fields: Vec<&str> = line.split(';').collect();
    fields[6] = "0,2,0";
    let bad_flag = fields.join(";");
    assert!(matches!(
        parse_observation(&bad_flag),
        Err(ObservationError::Flag { .. })
    ));
    let bad_char = format!("{}Q", &line[..line.len() - 1]);
    assert!(matches!(
        parse_observation(&bad_char),
        Err(ObservationError::Map(_))
    ));
}
