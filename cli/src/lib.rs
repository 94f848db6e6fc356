//! The `koth` runner: plays matches and tournaments between built-in bots and external
//! programs speaking each contest's original protocol, and writes and verifies replays.
//!
//! The binary (`src/main.rs`) only calls [`main_with_args`]. The layers point one way:
//! [`confine`] (running strangers' programs) <- [`arena`] (matches, tournaments, records) <-
//! the binary's own modules (`args`, `commands`, `print`, `exit`), with [`games`] (the
//! table) and [`serve`] (koth's battleship bot over HTTP) beside them. No module reaches up
//! into this file: it only declares the modules and runs a command line.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

/// Matches, tournaments and their records (the crate `koth-arena`).
pub use koth_arena as arena;
/// The confinement of bot programs (the crate `koth-confine`).
pub use koth_confine as confine;
pub mod games;
pub mod serve;

mod args;
mod commands;
mod exit;
mod print;

pub use arena::{MatchSetup, play_match};
pub use args::{BotArgs, PlayArgs, SandboxMode, TournamentArgs};
pub use games::CliGame;

/// Runs `koth` with these arguments (the first is the program name) and returns the exit code:
/// 0 success, 1 failure (a replay that differs, an I/O error), 2 a usage error.
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // koth's own processes in a sandbox or guarding one (`__spawn`, `__enter`).
    let result = match args.get(1..).and_then(confine::helper::run) {
        Some(result) => result.map_err(anyhow::Error::from),
        None => match args::Cli::try_parse_from(args) {
            Ok(cli) => commands::run(cli.command),
            Err(e) => {
                let _ = e.print();
                return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
            }
        },
    };
    confine::reaper::sweep();
    confine::reaper::stop_guardian();
    confine::folders::remove_run_dir();
    exit::exit_code(result)
}

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    /// Every `crate::` path in `cli/src` starts with a module: no file reaches up into
    /// `lib.rs` for an item, so the modules' dependencies are the files they name.
    #[test]
    fn no_module_reaches_up_into_the_crate_root() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
        let mut modules = Vec::new();
        for entry in std::fs::read_dir(root).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() || path.extension().is_some_and(|e| e == "rs") {
                modules.push(name);
            }
        }
        modules.retain(|m| m != "lib" && m != "main");
        // The crates re-exported under a module's name.
        modules.push("confine".into());
        modules.push("arena".into());
        let mut files = vec![root.to_path_buf()];
        let mut checked = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("src/lib.rs") {
                continue;
            }
            checked += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            for (at, _) in text.match_indices("crate::") {
                let rest = &text[at + "crate::".len()..];
                // `crate::{a, b::c}` names several first segments.
                let heads: Vec<&str> = match rest.strip_prefix('{') {
                    Some(list) => list[..list.find('}').unwrap()]
                        .split(',')
                        .map(|p| p.trim().split("::").next().unwrap())
                        .filter(|h| !h.is_empty())
                        .collect(),
                    None => vec![
                        rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                            .next()
                            .unwrap(),
                    ],
                };
                // An empty head is the word itself in a layer test's string.
                for head in heads.into_iter().filter(|h| !h.is_empty()) {
                    assert!(
                        modules.iter().any(|m| m == head),
                        "{} reaches crate::{head}, not a module ({modules:?})",
                        path.display()
                    );
                }
            }
        }
        assert!(checked >= 15, "{checked} files");
    }
}
