//! The tanks wire formats: any bytes as a program's answer, any text as a state line.
//!
//! - `parse_action` never panics; an accepted command formats back to itself (trimmed).
//! - `parse_observation` never panics; an accepted line formats back to an equal observation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tanks::protocol::{format_action, format_observation, parse_action, parse_observation};

fuzz_target!(|data: &[u8]| {
    if let Ok(action) = parse_action(data) {
        let text = format_action(action);
        assert_eq!(parse_action(text.as_bytes()).ok(), Some(action));
        assert_eq!(text.as_bytes(), data.trim_ascii());
    }
    if let Ok(line) = std::str::from_utf8(data) {
        if let Ok(obs) = parse_observation(line) {
            let again = format_observation(&obs);
            assert_eq!(parse_observation(&again).ok(), Some(obs));
        }
    }
});
