//! The bomberman answer line parser on arbitrary input.
//!
//! - `parse_action` on the bytes (read as lossy UTF-8, so every input is tried) never panics;
//!   whenever it gives an action, `action_json` writes a line that parses back to that same
//!   action (parsed speeds are within 2^20 units, where the text form is exact), also with
//!   whitespace around it;
//! - an `Action` built straight from the bytes (two little-endian i32 raw speeds and a drop
//!   bit) round-trips through `action_json` and `parse_action` when its components are within
//!   2^20 units, and otherwise still parses, scaled down along its direction.
#![no_main]

use koth_bomberman::protocol::{action_json, parse_action};
use koth_bomberman::{Action, Fixed};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(action) = parse_action(&text) {
        let line = action_json(&action);
        assert_eq!(parse_action(&line), Ok(action));
        assert_eq!(parse_action(&format!(" \t{line}\r\n")), Ok(action));
    }
    if data.len() >= 9 {
        let raw = |i: usize| i32::from_le_bytes(data[i..i + 4].try_into().unwrap());
        let action = Action::new(
            Fixed::from_raw(raw(0)),
            Fixed::from_raw(raw(4)),
            data[8] & 1 == 1,
        );
        let parsed = parse_action(&action_json(&action)).expect("written answers parse");
        let limit = 1u32 << 28;
        if action.speed_x.raw().unsigned_abs() <= limit
            && action.speed_y.raw().unsigned_abs() <= limit
        {
            assert_eq!(parsed, action);
        } else {
            assert_eq!(parsed.drop, action.drop);
            // Scaled along its direction: signs are kept (or a component drops to 0).
            for (p, a) in [
                (parsed.speed_x, action.speed_x),
                (parsed.speed_y, action.speed_y),
            ] {
                assert!(p.raw().signum() * a.raw().signum() >= 0);
                assert!(p.raw().unsigned_abs() <= limit);
            }
        }
    }
});
