//! The wire formats: parse -> format round trips, and typed errors (never panics) for
//! every malformed input.

use engine_core::Coord;
use proptest::prelude::*;
use tanks::protocol::{
    ParseError, action_or_idle, format_action, format_observation, parse_action, parse_observation,
};
use tanks::{Action, Observation, TankView};

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
    assert_eq!(tanks::protocol::TIMEOUT_MS, 3000);
}
