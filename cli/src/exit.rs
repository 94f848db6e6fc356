//! How `koth` ends: the errors with an exit code of their own, and the code of any error
//! (0 success and a broken pipe, 1 failure, 2 a usage error, 3 `--strict` faults, 130 stopped
//! by a signal).

use std::process::ExitCode;

use crate::arena::{UsageError, report};
use crate::print::one_line;

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

/// Output piped into a program that stopped reading (`koth play ... | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .and_then(|j| j.io_error_kind())
                .is_some_and(|k| k == std::io::ErrorKind::BrokenPipe)
    })
}

/// The exit code of `result`, with a failure's message printed on stderr (one line, visible).
pub(crate) fn exit_code(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let code = if e.downcast_ref::<UsageError>().is_some() {
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
