//! How a run's external bots are launched: what the command line sets once for all of them
//! (the folder, the dialect, the time limits, the sandbox, the call log), shared by every
//! external SPEC of the run.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use koth_confine::sandbox::Sandbox;

/// The launch settings of a run's external bots. The default is koth's without flags, except
/// that it has no sandbox: programs run unconfined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// The folder a program's relative paths start from, copied as its private folder in each
    /// match (empty: the current folder).
    pub workdir: PathBuf,
    /// The dialect external bots speak (empty for games with one).
    pub dialect: String,
    /// The per-call time limit (`None`: the game protocol's).
    pub timeout: Option<Duration>,
    /// The wall-clock limit of a whole match for each bot (`None`: none).
    pub match_timeout: Option<Duration>,
    /// The sandbox programs run in (`None`: unconfined).
    pub sandbox: Option<Arc<Sandbox>>,
    /// The folder of `--bot-log`, where each match of each bot logs its calls.
    pub bot_log: Option<PathBuf>,
}
