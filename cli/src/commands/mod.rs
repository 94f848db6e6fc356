//! The commands of `koth`, one file each, and what they share: [`setup`] turns the flags into
//! the arena's types.

use crate::args::Command;
use crate::confine::{cgroup, folders, reaper};
use crate::games::game;

pub(crate) mod info;
pub(crate) mod merge;
pub(crate) mod play;
pub(crate) mod replay;
pub(crate) mod serve;
pub(crate) mod setup;
pub(crate) mod sprt;
pub(crate) mod tournament;

/// The default `--match-timeout`, in seconds, for every game.
pub const DEFAULT_MATCH_TIMEOUT_S: u64 = 1800;

/// The most `--games-per-pair` (duels) or games per series (free-for-all).
pub const MAX_GAMES: u32 = 100_000;

/// The most matches one tournament may schedule.
pub const MAX_MATCHES: usize = 1_000_000;

/// The most matches played at once (`--jobs`).
pub const MAX_JOBS: usize = 256;

/// The most `--bot`s one run may name.
pub const MAX_BOTS: usize = 1000;

/// Prepares a command that runs bots: whatever a bot leaves behind is handed to koth and
/// killed, a guardian kills the bots if koth dies (see `reaper`), and SIGINT and SIGTERM
/// (and SIGHUP) stop the bots: the first kills every running bot and lets `koth` finish
/// what it can report, the second exits at once. (Not for koth's own helper commands: the
/// spawner inside a sandbox has its PID namespace instead of a guardian.)
fn stop_bots_on_signals() {
    // What killed koths left behind goes first.
    folders::remove_stale_run_dirs();
    cgroup::remove_stale();
    if let Err(e) = reaper::enable(true) {
        eprintln!(
            "koth: warning: cannot become a child subreaper ({e}); processes a bot leaves \
             behind may outlive it"
        );
    }
    if let Err(e) = reaper::stop_on_signals() {
        eprintln!(
            "koth: warning: cannot handle SIGINT and SIGTERM ({e}); bots stop only with koth"
        );
    }
}

pub(crate) fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Play { game: name, args } => {
            stop_bots_on_signals();
            game(&name)?.play(&args)
        }
        Command::Tournament { game: name, args } => {
            stop_bots_on_signals();
            game(&name)?.tournament(&args)
        }
        Command::Merge { args } => merge::merge(&args),
        Command::Sprt { game: name, args } => {
            stop_bots_on_signals();
            game(&name)?.sprt(&args)
        }
        Command::Games => info::games(),
        Command::Bots { game: name } => info::bots(&name),
        Command::Replay { file } => replay::verify_replay(&file),
        Command::View { file, output } => replay::view_replay(&file, output),
        Command::Protocol { game: name } => info::protocol(&name),
        Command::Config { game: name, schema } => info::config(&name, schema),
        Command::Serve {
            game,
            listen,
            bot,
            dialect,
            idle_timeout_s,
            limits,
        } => serve::serve_bot(&game, &listen, &bot, dialect, idle_timeout_s, &limits),
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
        % 1_000_000_000
}
