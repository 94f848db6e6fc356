//! The wire formats: parse -> format round trips, and typed errors (never panics) for
//! every malformed input.

use koth_engine_core::{Contest, Coord, Dir4, Family, FaultKind, PlayerId};
use koth_tanks::protocol::{
    ParseError, TIMEOUT_MS, action_or_idle, format_action, format_observation, parse_action,
    parse_observation,
};
use koth_tanks::{Action, Config, Observation, Scenario, Stats, TankView, Tanks};
use proptest::prelude::*;

fn action() -> impl Strategy<Value = Action> {
    (0..Action::ALL.len()).prop_map(|i| Action::ALL[i])
}

fn whitespace() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![Just(' '), Just('\t'), Just('\n'), Just('\r')],
        0..4,
    )
    .prop_map(|v| v.into_iter().collect())
}

fn observation() -> impl Strategy<Value = Observation> {
    (1u16..=1024, any::<u32>()).prop_flat_map(|(width, you)| {
        let w = i32::from(width);
        proptest::collection::btree_map(any::<u32>(), (0..w, 0..w), 1..12).prop_map(move |m| {
            Observation {
                you,
                width,
                tanks: m
                    .into_iter()
                    .map(|(id, (x, y))| TankView {
                        id,
                        at: Coord::new(x, y),
                    })
                    .collect(),
            }
        })
    })
}

proptest! {
    #[test]
    fn every_action_round_trips_through_its_wire_text(a in action(), pre in whitespace(), post in whitespace()) {
        let text = format!("{pre}{}{post}", format_action(a));
        prop_assert_eq!(action_or_idle(text.as_bytes()), a);
        if a == Action::Idle {
            prop_assert_eq!(parse_action(text.as_bytes()), Err(ParseError::Empty));
        } else {
            prop_assert_eq!(parse_action(text.as_bytes()), Ok(a));
            prop_assert_eq!(text.trim().parse::<Action>(), Ok(a));
            prop_assert_eq!(a.to_string(), format_action(a));
        }
    }

    #[test]
    fn any_output_parses_or_gets_a_typed_reason(bytes in proptest::collection::vec(any::<u8>(), 0..8)) {
        match parse_action(&bytes) {
            Ok(a) => prop_assert_eq!(Some(bytes.trim_ascii()), a.wire().map(str::as_bytes)),
            Err(ParseError::Empty) => prop_assert!(bytes.trim_ascii().is_empty()),
            Err(ParseError::Length(n)) => {
                prop_assert_eq!(n, bytes.trim_ascii().len());
                prop_assert!(n != 2);
            }
            Err(ParseError::Kind(k)) => prop_assert!(k != b'm' && k != b's'),
            Err(ParseError::Direction(d)) => prop_assert!(!b"udlr".contains(&d)),
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
        }
    }

    #[test]
    fn the_contest_text_of_every_action_round_trips(a in action()) {
        prop_assert_eq!(Tanks::parse_action_text(&Tanks::action_text(&a)), Some(a));
    }

    #[test]
    fn any_answer_decodes_to_its_command_or_idle(bytes in proptest::collection::vec(any::<u8>(), 0..100)) {
        let game = Scenario::torus(2).tanks([Coord::new(0, 0), Coord::new(1, 1)]).build().unwrap();
        let answer = game.decode(PlayerId(0), &mut (), &bytes);
        match parse_action(&bytes) {
            Ok(a) => prop_assert_eq!(answer.value, a),
            Err(_) => {
                prop_assert_eq!(answer.value, Action::Idle);
                prop_assert!(answer.problem.is_some());
            }
        }
    }

    #[test]
    fn observations_round_trip(obs in observation()) {
        let line = format_observation(&obs);
        prop_assert_eq!(parse_observation(&line), Ok(obs.clone()));
        prop_assert_eq!(parse_observation(&format!("{line}\n")), Ok(obs));
    }

    #[test]
    fn any_line_parses_or_gets_a_typed_reason(line in "[0-9;,\\-a ]{0,40}") {
        if let Ok(obs) = parse_observation(&line) {
            prop_assert_eq!(format_observation(&obs), line);
        }
    }
}

#[test]
fn every_command_is_two_lowercase_letters() {
    let words: Vec<&str> = Action::COMMANDS.iter().map(|&a| format_action(a)).collect();
    assert_eq!(words, ["mu", "md", "ml", "mr", "su", "sd", "sl", "sr"]);
    for bad in [
        "MU", "m u", "mu\nsd", "move up", "mud", "sx", "qq", "", "\n",
    ] {
        assert_eq!(action_or_idle(bad.as_bytes()), Action::Idle, "{bad:?}");
        assert!(parse_action(bad.as_bytes()).is_err(), "{bad:?}");
    }
}

#[test]
fn the_timeout_is_three_seconds() {
    assert_eq!(TIMEOUT_MS, 3000);
    assert_eq!(Tanks::PROTOCOL.call_ms, TIMEOUT_MS);
    assert_eq!(Tanks::PROTOCOL.family, Family::PerCall);
}

#[test]
fn a_program_reads_the_state_line_and_a_newline_and_nothing_else() {
    let config = Config {
        side: Some(3),
        ids: Some(vec![9999, 50000, 0]),
        ..Config::default()
    };
    let game = Scenario::new(config)
        .tanks([Coord::new(2, 1), Coord::new(1, 0), Coord::new(0, 2)])
        .build()
        .unwrap();
    let message = game.encode(PlayerId(0), &mut ());
    assert!(message.args.is_empty());
    assert_eq!(message.content_type, None);
    assert_eq!(
        message.input.as_deref(),
        Some(&b"9999;3;0,0,2;9999,2,1;50000,1,0\n"[..])
    );
}

#[test]
fn a_bad_answer_is_idle_with_the_reason_and_a_preview() {
    let game = Scenario::torus(2)
        .tanks([Coord::new(0, 0), Coord::new(1, 1)])
        .build()
        .unwrap();
    let ok = game.decode(PlayerId(1), &mut (), b" sr\n");
    assert_eq!((ok.value, ok.problem), (Action::Shoot(Dir4::Right), None));
    let bad = game.decode(PlayerId(1), &mut (), b"fire!\n");
    assert_eq!(bad.value, Action::Idle);
    assert_eq!(
        bad.problem.as_deref(),
        Some("expected two letters, got 5 bytes in output \"fire!\\n\"; idle")
    );
    let long = game.decode(PlayerId(1), &mut (), &[b'x'; 200]);
    assert!(long.problem.unwrap().contains("…"));
    for kind in [
        FaultKind::Timeout,
        FaultKind::Crash,
        FaultKind::Io,
        FaultKind::Invalid,
    ] {
        assert_eq!(game.substitute(PlayerId(0), kind), Action::Idle);
    }
}

#[test]
fn replays_write_idle_as_nothing() {
    assert_eq!(Tanks::action_text(&Action::Idle), "");
    assert_eq!(Tanks::parse_action_text(""), Some(Action::Idle));
    assert_eq!(
        Tanks::parse_action_text("sl"),
        Some(Action::Shoot(Dir4::Left))
    );
    assert_eq!(Tanks::parse_action_text("idle"), None);
}

#[test]
fn stats_are_the_destruction_tick_and_the_kills() {
    let mut game = Scenario::torus(3)
        .tanks([Coord::new(0, 0), Coord::new(1, 0), Coord::new(2, 2)])
        .build()
        .unwrap();
    let mut rng = koth_engine_core::draw::MinRng;
    let mut events = Vec::new();
    use koth_engine_core::Game;
    game.step(
        &[Action::Shoot(Dir4::Right), Action::Idle, Action::Idle],
        &mut rng,
        &mut events,
    )
    .unwrap();
    assert_eq!(
        game.stats(PlayerId(0)),
        Stats {
            destroyed_at: None,
            kills: 1
        }
    );
    assert_eq!(
        game.stats(PlayerId(1)),
        Stats {
            destroyed_at: Some(1),
            kills: 0
        }
    );
    assert_eq!(game.render(), "..2\n...\n0..");
}
