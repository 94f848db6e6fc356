//! The samurai wire formats on arbitrary input.
//!
//! - `parse_answer` on the raw bytes never panics and follows the first-byte rule;
//! - the bytes, read as text and split on NUL into argument strings, go through
//!   `ProgramArgs::parse`; whenever that succeeds, `to_args` writes arguments that parse back
//!   to the same value (4 of them exactly when both histories are empty);
//! - `ProgramArgs` built straight from the bytes round-trips through `to_args` and `parse`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use koth_samurai::Action;
use koth_samurai::protocol::{AnswerError, ProgramArgs, answer_or_wait, parse_answer};

fuzz_target!(|data: &[u8]| {
    check_answer(data);
    check_parse(data);
    check_built(data);
});

fn check_answer(data: &[u8]) {
    let got = parse_answer(data);
    let expected = match data.first() {
        None => Err(AnswerError::Empty),
        Some(&b) => match b"WBGIPO".iter().position(|&l| l == b) {
            Some(i) => Ok(Action::ALL[i]),
            None => Err(AnswerError::Unknown(b)),
        },
    };
    assert_eq!(got, expected);
    assert_eq!(answer_or_wait(data), got.unwrap_or(Action::Wait));
}

fn check_parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let args: Vec<&str> = if text.is_empty() {
        Vec::new()
    } else {
        text.split('\0').collect()
    };
    if let Ok(parsed) = ProgramArgs::parse(&args) {
        assert!(args.len() == 4 || args.len() == 6);
        round_trip(&parsed);
    }
}

/// `ProgramArgs` from the bytes: two histories (one letter per byte, a 0xFF byte ends the
/// first), then four little-endian i32 values from the tail.
fn check_built(data: &[u8]) {
    let (numbers, rest) = if data.len() >= 16 {
        data.split_at(16)
    } else {
        return;
    };
    let num = |i: usize| i32::from_le_bytes(numbers[4 * i..4 * i + 4].try_into().unwrap());
    let (own, enemy) = match rest.iter().position(|&b| b == 0xFF) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &rest[..0]),
    };
    let history = |bytes: &[u8]| -> Vec<Action> {
        bytes.iter().map(|&b| Action::ALL[b as usize % 6]).collect()
    };
    let args = ProgramArgs {
        history: history(own),
        enemy_history: history(enemy),
        health: num(0),
        enemy_health: num(1),
        honour: num(2),
        enemy_honour: num(3),
    };
    round_trip(&args);
}

fn round_trip(args: &ProgramArgs) {
    let text = args.to_args();
    let first_turn = args.history.is_empty() && args.enemy_history.is_empty();
    assert_eq!(text.len(), if first_turn { 4 } else { 6 });
    assert_eq!(ProgramArgs::parse(&text).as_ref(), Ok(args));
}
