//! The tanks wire formats: any bytes as a program's answer, any text as a state line.
//!
//! - `parse_action` never panics; an accepted command formats back to itself (trimmed).
//! - `parse_observation` never panics; an accepted line formats back to an equal observation.
//! - `Contest::decode` never panics and gives the parsed command, or `Idle` with a problem;
//!   `Contest::parse_action_text` accepts what `Contest::action_text` writes.
#![no_main]

use koth_engine_core::{Contest, Coord, PlayerId};
use koth_tanks::protocol::{format_action, format_observation, parse_action, parse_observation};
use koth_tanks::{Action, Scenario, Tanks};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(action) = parse_action(data) {
        let text = format_action(action);
        assert_eq!(parse_action(text.as_bytes()).ok(), Some(action));
        assert_eq!(text.as_bytes(), data.trim_ascii());
    }
    let game = Scenario::torus(2)
        .tanks([Coord::new(0, 0), Coord::new(1, 1)])
        .build()
        .expect("a valid position");
    let answer = game.decode(PlayerId(0), &mut (), data);
    match parse_action(data) {
        Ok(action) => assert_eq!((answer.value, answer.problem), (action, None)),
        Err(_) => assert!(answer.value == Action::Idle && answer.problem.is_some()),
    }
    if let Ok(line) = std::str::from_utf8(data) {
        if let Ok(obs) = parse_observation(line) {
            let again = format_observation(&obs);
            assert_eq!(parse_observation(&again).ok(), Some(obs));
        }
        if let Some(action) = Tanks::parse_action_text(line) {
            assert_eq!(
                Tanks::parse_action_text(&Tanks::action_text(&action)),
                Some(action)
            );
        }
    }
});
