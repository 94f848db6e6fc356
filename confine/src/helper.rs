//! The confinement's helper commands: the parts of it that run as processes of the host
//! binary (the program [`Sandbox::new`](crate::sandbox::Sandbox::new) is given). A host
//! binary answers them
//! first thing in `main`, with [`helper_main`] (or [`run`], to report errors its own way):
//!
//! - `BIN __spawn [--seed DIR] [--] PROGRAM ARGS...`: the spawner of a one-run-per-call bot
//!   inside bubblewrap's sandbox ([`spawner::spawner_main`]; in koth's own walls, their
//!   PID 1 runs the spawner's loop itself);
//! - `BIN __enter --seed DIR [--] PROGRAM ARGS...`: the start of a long-running bot inside
//!   bubblewrap's sandbox ([`spawner::enter_main`]).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::spawner::{self, HelperError};
use crate::{folders, reaper};

/// The spawner's command word.
pub const SPAWN: &str = "__spawn";
/// The long-running bot's start's command word.
pub const ENTER: &str = "__enter";

/// Runs this process as the helper its arguments name (`std::env::args_os()`), and returns
/// its exit code (an error is printed on standard error); `None` when they name none: the
/// host goes on with its own command line.
pub fn helper_main() -> Option<ExitCode> {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let result = run(&args)?;
    reaper::sweep();
    reaper::stop_guardian();
    folders::remove_run_dir();
    Some(match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koth helper: error: {e}");
            ExitCode::FAILURE
        }
    })
}

/// Runs the helper `args` (the arguments after the program's name) name, if they name one:
/// `None` otherwise. The caller then ends as [`helper_main`] does: [`reaper::sweep`] (what
/// the spawner's calls left), [`reaper::stop_guardian`], [`folders::remove_run_dir`].
pub fn run(args: &[OsString]) -> Option<Result<(), HelperError>> {
    let word = args.first()?.to_str()?;
    if ![SPAWN, ENTER].contains(&word) {
        return None;
    }
    Some(run_words(word, &args[1..]))
}

fn run_words(word: &str, rest: &[OsString]) -> Result<(), HelperError> {
    let mut rest: Vec<String> = rest
        .iter()
        .map(|a| {
            a.clone().into_string().map_err(|a| {
                HelperError::Arguments(format!("{word}: an argument is not UTF-8: {a:?}"))
            })
        })
        .collect::<Result<_, _>>()?;
    let mut seed = None;
    if rest.first().is_some_and(|a| a == "--seed") {
        let dir = rest
            .get(1)
            .ok_or_else(|| HelperError::Arguments(format!("{word}: --seed needs a folder")))?;
        seed = Some(PathBuf::from(dir));
        rest.drain(..2);
    }
    if rest.first().is_some_and(|a| a == "--") {
        rest.remove(0);
    }
    match word {
        SPAWN => spawner::spawner_main(seed.as_deref(), &rest),
        _ => {
            let seed =
                seed.ok_or_else(|| HelperError::Arguments(format!("{ENTER} needs --seed DIR")))?;
            spawner::enter_main(&seed, &rest)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn only_the_helper_words_are_taken() {
        assert!(run(&words("play samurai")).is_none());
        assert!(run(&words("")).is_none());
        assert!(run(&words("__spawnx")).is_none());
        assert!(run(&words("__guard")).is_none());
        let err = run(&words("__enter -- prog")).unwrap().unwrap_err();
        assert!(err.to_string().contains("--seed"), "{err}");
        let err = run(&words("__spawn --seed")).unwrap().unwrap_err();
        assert!(err.to_string().contains("needs a folder"), "{err}");
        let err = run(&words("__spawn --")).unwrap().unwrap_err();
        assert!(err.to_string().contains("no program"), "{err}");
    }
}
