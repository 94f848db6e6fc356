//! The seed's program protocol.
//!
//! A program is run once per turn as
//! `<command> <history> <enemy_history> <your_health> <enemy_health> <your_honour> <enemy_honour>`;
//! on the first turn, when both histories are empty, with the last four arguments only. The
//! first character of its standard output is its action; any other first character, empty
//! output, a crash or no answer within 1000 ms means `W`.

use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use crate::{Action, Observation};

/// Milliseconds a program has to answer before its action is `W`.
pub const TIMEOUT_MS: u64 = 1000;

/// The arguments of one program run, typed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProgramArgs {
    /// Own history (empty on the first turn, when only four arguments are passed).
    pub history: Vec<Action>,
    /// The enemy's history.
    pub enemy_history: Vec<Action>,
    /// Own health.
    pub health: i32,
    /// The enemy's health.
    pub enemy_health: i32,
    /// Own honour.
    pub honour: i32,
    /// The enemy's honour.
    pub enemy_honour: i32,
}

impl From<&Observation> for ProgramArgs {
    fn from(o: &Observation) -> Self {
        ProgramArgs {
            history: o.history.clone(),
            enemy_history: o.enemy_history.clone(),
            health: o.health,
            enemy_health: o.enemy_health,
            honour: o.honour,
            enemy_honour: o.enemy_honour,
        }
    }
}

impl ProgramArgs {
    /// The argument strings: 4 when both histories are empty, 6 otherwise.
    pub fn to_args(&self) -> Vec<String> {
        let numbers = [
            self.health.to_string(),
            self.enemy_health.to_string(),
            self.honour.to_string(),
            self.enemy_honour.to_string(),
        ];
        if self.history.is_empty() && self.enemy_history.is_empty() {
            numbers.into()
        } else {
            let mut args = vec![
                history_text(&self.history),
                history_text(&self.enemy_history),
            ];
            args.extend(numbers);
            args
        }
    }

    /// Parses argument strings as [`ProgramArgs::to_args`] writes them.
    pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<ProgramArgs, ArgsError> {
        let (histories, numbers) = match args.len() {
            4 => (None, args),
            6 => (Some((&args[0], &args[1])), &args[2..]),
            n => return Err(ArgsError::Count(n)),
        };
        let (history, enemy_history) = match histories {
            None => (Vec::new(), Vec::new()),
            Some((a, b)) => (parse_history(a.as_ref())?, parse_history(b.as_ref())?),
        };
        if histories.is_some() && history.is_empty() && enemy_history.is_empty() {
            return Err(ArgsError::EmptyHistories);
        }
        let num = |i: usize| -> Result<i32, ArgsError> {
            let s = numbers[i].as_ref();
            s.parse().map_err(|_| ArgsError::Number(s.to_string()))
        };
        Ok(ProgramArgs {
            history,
            enemy_history,
            health: num(0)?,
            enemy_health: num(1)?,
            honour: num(2)?,
            enemy_honour: num(3)?,
        })
    }
}

/// The history letters, oldest first.
pub fn history_text(history: &[Action]) -> String {
    history.iter().map(|a| a.letter()).collect()
}

fn parse_history(s: &str) -> Result<Vec<Action>, ArgsError> {
    s.chars()
        .map(|c| Action::from_letter(c).ok_or(ArgsError::Letter(c)))
        .collect()
}

/// Why argument strings are not a valid protocol call.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArgsError {
    /// Neither 4 nor 6 arguments.
    #[error("expected 4 or 6 arguments, got {0}")]
    Count(usize),
    /// Six arguments with both histories empty (the first turn passes four).
    #[error("six arguments with both histories empty")]
    EmptyHistories,
    /// A history letter that is no action.
    #[error("{0:?} is not an action letter")]
    Letter(char),
    /// A number that does not parse.
    #[error("{0:?} is not an integer")]
    Number(String),
}

/// Why an answer is not an action (the controller then plays `W`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// Nothing was printed.
    #[error("empty output")]
    Empty,
    /// The first byte is not one of `W B G I P O`.
    #[error("first character {0:?} is not an action")]
    Unknown(u8),
}

/// Reads a program's standard output: its first character is the action.
///
/// ```
/// use koth_samurai::{protocol::{parse_answer, AnswerError}, Action};
/// assert_eq!(parse_answer(b"Parry\n"), Ok(Action::Parry));
/// assert_eq!(parse_answer(b""), Err(AnswerError::Empty));
/// assert_eq!(parse_answer(b" B"), Err(AnswerError::Unknown(b' ')));
/// ```
pub fn parse_answer(stdout: &[u8]) -> Result<Action, AnswerError> {
    let &first = stdout.first().ok_or(AnswerError::Empty)?;
    Action::from_letter(first as char)
        .filter(|_| first.is_ascii())
        .ok_or(AnswerError::Unknown(first))
}

/// [`parse_answer`] with the controller's default: anything that is not an action is `W`.
pub fn answer_or_wait(stdout: &[u8]) -> Action {
    parse_answer(stdout).unwrap_or(Action::Wait)
}
