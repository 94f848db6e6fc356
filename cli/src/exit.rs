//! How `koth` ends: the errors with an exit code of their own, and the code of any error
//! (0 success and a broken pipe, 1 failure, 2 a usage error, 3 `--strict` faults, 130 stopped
//! by a signal).

use std::process::ExitCode;

use crate::arena::MatchError;
use crate::arena::records::RecordsError;
use crate::arena::report;
use crate::arena::spec::SpecError;
use crate::arena::tournament::TournamentError;
use crate::print::one_line;

/// A mistake in how `koth` was called (exit code 2, one line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// `koth` was stopped by SIGINT or SIGTERM (exit code 130); the bots were killed.
#[derive(Debug, thiserror::Error)]
#[error("interrupted: every bot was stopped{0}")]
pub struct Interrupted(pub &'static str);

/// `--strict`, and some bot faulted (exit code 3, after the result is printed).
#[derive(Debug, thiserror::Error)]
#[error("--strict: {0}")]
pub struct Faulted(pub String);

/// A replay that does not verify (exit code 1).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReplayMismatch(pub String);

/// Whether `e` is a mistake in how koth was called: koth's own usage errors and the
/// arena's errors that say so (a bad SPEC, a config the game refuses, a records folder that
/// cannot be used).
fn is_usage(e: &anyhow::Error) -> bool {
    let match_usage = |m: &MatchError| matches!(m, MatchError::Config { .. });
    e.chain().any(|c| {
        c.is::<UsageError>()
            || c.is::<SpecError>()
            || c.is::<RecordsError>()
            || c.downcast_ref::<MatchError>().is_some_and(match_usage)
            || c.downcast_ref::<TournamentError>()
                .is_some_and(|t| match t {
                    TournamentError::Records(_) => true,
                    TournamentError::Match(m) => match_usage(m),
                    _ => false,
                })
    })
}

/// The I/O error an error of koth or the arena holds, if any.
fn io_error(c: &(dyn std::error::Error + 'static)) -> Option<std::io::ErrorKind> {
    if let Some(io) = c.downcast_ref::<std::io::Error>() {
        return Some(io.kind());
    }
    if let Some(json) = c.downcast_ref::<serde_json::Error>() {
        return json.io_error_kind();
    }
    let of_match = |m: &MatchError| match m {
        MatchError::Io(io) => Some(io.kind()),
        _ => None,
    };
    if let Some(m) = c.downcast_ref::<MatchError>() {
        return of_match(m);
    }
    match c.downcast_ref::<TournamentError>()? {
        TournamentError::Io(io) => Some(io.kind()),
        TournamentError::Json(json) => json.io_error_kind(),
        TournamentError::Match(m) => of_match(m),
        _ => None,
    }
}

/// Output piped into a program that stopped reading (`koth play ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .any(|c| io_error(c) == Some(std::io::ErrorKind::BrokenPipe))
}

/// The exit code of `result`, with a failure's message printed on stderr (one line, visible).
pub(crate) fn exit_code(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let code = if is_usage(&e) {
                2
            } else if e.downcast_ref::<Interrupted>().is_some() {
                130
            } else if e.downcast_ref::<Faulted>().is_some() {
                3
            } else {
                1
            };
            let message = report::visible(&one_line(&format!("{e:#}")), 4 * report::MAX_SHOWN);
            eprintln!("koth: error: {message}");
            ExitCode::from(code)
        }
    }
}
