//! `koth`'s command line (clap): the commands and their flags.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::arena::records::Shard;
use crate::commands::DEFAULT_MATCH_TIMEOUT_S;
use crate::confine::sandbox;
use crate::serve;

#[derive(Parser, Debug)]
#[command(
    name = "koth",
    version,
    about = "Play King-of-the-Hill bot contests: matches, tournaments, replays.",
    after_help = "Writing a bot: docs/<game>.md in the koth repository gives each game's exact \
                  protocol, limits and faults; examples/<game>/starter.py is a starter bot."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// `--sandbox`: whether external programs run in the sandbox.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SandboxMode {
    /// In the sandbox where bubblewrap works here, else unconfined with a warning.
    #[default]
    Auto,
    /// Always in the sandbox; an error where bubblewrap does not work.
    On,
    /// Never in the sandbox.
    Off,
}

/// Who plays, and how external bots are run (shared by `play` and `tournament`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct BotArgs {
    /// A player: `[NAME=]builtin:ID`, `[NAME=]cmd:COMMAND LINE` (split like a shell, no shell
    /// is run) or `[NAME=]http://HOST:PORT/PATH` (a bot served over HTTP, battleship).
    /// NAME is a display name of up to 40 characters, spaces allowed (`'The Waiter=...'`).
    /// Repeat for each seat. Default: the game's built-in line-up.
    #[arg(long = "bot", value_name = "[NAME=]SPEC")]
    pub bots: Vec<String>,
    /// The external programs' folder (default: the current directory). Each program runs in
    /// a private copy of it, one per match (at most 10,000 entries and 256 MiB), so what a
    /// bot writes never reaches this folder or another match.
    #[arg(long, value_name = "DIR")]
    pub workdir: Option<PathBuf>,
    /// Per-call time limit for external programs and HTTP bots, overriding the protocol's own.
    #[arg(long, value_name = "MS")]
    pub timeout_ms: Option<u64>,
    /// Wall-clock limit of one match for each external bot, in seconds (default 1800, every
    /// game). Past it the bot is no longer asked: one timeout fault, then the protocol's
    /// default action for the rest of the match (samurai W, naval W, tanks nothing, bomberman
    /// standing still; in battleship the bot forfeits), so the match ends with the result its
    /// rules give. 0 means no limit.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_MATCH_TIMEOUT_S)]
    pub match_timeout: u64,
    /// Whether external programs run in the sandbox (bubblewrap: read-only system, only
    /// their private folder writable, no network, a PID namespace, a minimal environment;
    /// see docs/README.md). `auto`: where bubblewrap works, else with a warning.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = SandboxMode::Auto)]
    pub sandbox: SandboxMode,
    /// The memory cap of each sandboxed bot, all its processes together, in MiB (default:
    /// the game's protocol limit, else 512). Applied where koth can make a control group.
    #[arg(long, value_name = "MB")]
    pub memory_mb: Option<u64>,
    /// What each sandboxed bot may write, in MiB: its private folder, `/tmp` and `/dev/shm`
    /// are each a memory file system of this size (past it, writes fail with "no space
    /// left" and the bot goes on). The bot's folder is copied into it for every match.
    #[arg(long, value_name = "MB", default_value_t = sandbox::DEFAULT_DISK_MB)]
    pub disk_mb: u64,
    /// How many CPUs' time all the processes of each sandboxed bot share (a control group's
    /// CPU quota, where koth can make one): a bot's swarm of processes runs as fast as one
    /// process would, and does not slow its opponents.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub cpus: u32,
    /// The CPU-time cap of each sandboxed bot process, in seconds (default: the call's time
    /// limit, rounded up, for a bot run once per call; the match's `--match-timeout` for a
    /// long-running one). A process over it is killed (`SIGXCPU`, a `crash` fault).
    #[arg(long, value_name = "SECONDS")]
    pub cpu_seconds: Option<u64>,
    /// Let sandboxed bots use the network.
    #[arg(long)]
    pub allow_net: bool,
    /// Pass the environment variable NAME (with koth's value) into the sandbox. Repeatable.
    #[arg(long = "env", value_name = "NAME")]
    pub env: Vec<String>,
    /// Exit with status 3 (after printing the result) when any bot faulted.
    #[arg(long)]
    pub strict: bool,
    /// Log every call of every external bot to DIR (created if missing): one JSON Lines
    /// file per bot per match, `GAME-SEED-SEAT-NAME.jsonl`, with each call's input, raw
    /// answer, standard error, response time and fault.
    #[arg(long, value_name = "DIR")]
    pub bot_log: Option<PathBuf>,
    /// The wire dialect external bots speak, for games with several (battleship: draft,
    /// form or json; default: the first).
    #[arg(long, value_name = "DIALECT")]
    pub dialect: Option<String>,
    /// A JSON file with the game's config (fields left out keep their defaults).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The behaviour the engine follows, for games with several (naval: `rules`, the default,
    /// or `hitmaster2017`, the 2017 contest controller's). It sets the config's `profile`
    /// field, over the `--config` file's.
    #[arg(long, value_name = "PROFILE")]
    pub profile: Option<String>,
}

/// `koth serve`'s bounds against careless or hostile clients.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeLimits {
    /// Most connections open at once; a new one past it closes the least recently active
    /// (default: 1024, or the open-files limit less 64).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_connections: Option<u64>,
    /// Seconds a request's headers, and then its body, may take to arrive; also the longest
    /// a kept-alive connection stays idle.
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub read_timeout_s: u64,
    /// Most match seats remembered (each side of a match served here is one); a new one past
    /// it forgets the least recently used. About 90 KB each on the largest grid.
    #[arg(long, value_name = "N", default_value_t = serve::DEFAULT_MAX_SEATS as u64,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_seats: u64,
    /// The largest request body read, in KiB (`413` past it; a request on the default grid
    /// is a few hundred bytes, late turns on a 100 x 100 grid several hundred KiB).
    #[arg(long, value_name = "KB", default_value_t = (serve::DEFAULT_MAX_BODY / 1024) as u64,
          value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_body_kb: u64,
}

/// `koth play`'s options besides the game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PlayArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub bots: BotArgs,
    /// The match seed (default: drawn from the clock and reported).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print one JSON object instead of the readable log.
    #[arg(long)]
    pub json: bool,
    /// Write a JSON Lines replay to FILE.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Show the board after every turn in the readable log (by default: now and then).
    #[arg(long)]
    pub board: bool,
    /// Show each turn's effects in the readable log (moves, hits, refusals, kills: the
    /// engine's events).
    #[arg(long)]
    pub effects: bool,
    /// Write the match's viewer page to FILE.html (as `koth view` makes it from the replay).
    #[arg(long, value_name = "FILE.html")]
    pub view: Option<PathBuf>,
}

/// `koth tournament`'s options besides the game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct TournamentArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub bots: BotArgs,
    /// Add every built-in bot to the `--bot` list (the default when no `--bot` is given).
    #[arg(long)]
    pub all_builtins: bool,
    /// Matches per pair (duels) or games in the series (free-for-all games).
    #[arg(long, alias = "games", value_name = "N")]
    pub games_per_pair: Option<u32>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub run: RunArgs,
    /// Keep records in DIR: `tournament.json` (what is played), `matches.jsonl` (one line per
    /// match as it ends: index, seats, seed, config, result, faults, duration) and
    /// `standings.json` at the end.
    #[arg(long, value_name = "DIR", conflicts_with = "resume")]
    pub out: Option<PathBuf>,
    /// With --out or --resume: write each match's replay to `DIR/replays/<index>.jsonl`.
    #[arg(long)]
    pub replays: bool,
    /// Continue the tournament recorded in DIR (started with --out DIR): run the same command
    /// with --resume DIR in place of --out DIR; matches recorded are not played again.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// The ratings' prior: X virtual draws per bot, spread over the opponents it met
    /// (BayesElo's size, 2, by default). 0 for none: a bot that won or lost every match then
    /// gets no rating.
    #[arg(long, value_name = "X", value_parser = prior_draws, allow_negative_numbers = true)]
    pub prior_draws: Option<f64>,
    /// Play only part K of N of the schedule (match i is part i % N + 1), each part with the
    /// same command and its own --out DIR; `koth merge` joins the parts' folders into the
    /// standings of one run. See docs/distributed.md.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
}

/// What every run of many matches takes: its seed, its parallelism and its output.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct RunArgs {
    /// The seed of the run, from which each match's seed derives (default: drawn from the
    /// clock and reported).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Matches played at once (`koth sprt`: pairs; default: one per core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Print one JSON object at the end instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// `koth sprt`'s arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct SprtArgs {
    /// `--bot NEW --bot OLD` (exactly two, the new bot first) and how bots play.
    #[command(flatten)]
    #[allow(missing_docs)]
    pub bots: BotArgs,
    /// Free-for-all games: the bots in the other seats, each pair's two games against the same
    /// ones (default: the game's built-in line-up, one seat left for NEW or OLD).
    #[arg(long, value_name = "SPEC", num_args = 1..)]
    pub opponents: Vec<String>,
    /// H0: NEW is ELO normalized Elo stronger than OLD (or weaker, when negative).
    #[arg(
        long,
        value_name = "ELO",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub elo0: f64,
    /// H1: NEW is ELO normalized Elo stronger than OLD; must exceed --elo0.
    #[arg(
        long,
        value_name = "ELO",
        default_value_t = 5.0,
        allow_negative_numbers = true
    )]
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds (a false "stronger").
    #[arg(long, value_name = "P", default_value_t = 0.05)]
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds (a missed improvement).
    #[arg(long, value_name = "P", default_value_t = 0.05)]
    pub beta: f64,
    /// Stop after N games (N / 2 pairs) without a verdict.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub max_games: u64,
    /// Print the running test on stderr every N pairs (0: never).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub progress_every: u64,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub run: RunArgs,
    /// Keep records in DIR: `sprt.json` (what is played), `pairs.jsonl` (one line per pair:
    /// both games' reports and the outcome) and `result.json` at the end.
    #[arg(long, value_name = "DIR", conflicts_with = "resume")]
    pub out: Option<PathBuf>,
    /// Continue the test recorded in DIR: the same command with --resume DIR for --out DIR.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
}

/// `koth merge`'s arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct MergeArgs {
    /// The records folders of one tournament's parts (`--shard K/N --out DIR`), or of one
    /// whole run.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    /// Also write the records folder of the whole tournament to DIR (its setup, every match
    /// in order, the replays if kept, the standings).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// The ratings' prior, as for `koth tournament`.
    #[arg(long, value_name = "X", value_parser = prior_draws, allow_negative_numbers = true)]
    pub prior_draws: Option<f64>,
}

/// `--prior-draws`: a finite number of virtual draws, 0 or more.
fn prior_draws(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=1e6).contains(&x) => Ok(x),
        _ => Err(format!(
            "expected a number of virtual draws from 0 to 1000000, not {text:?}"
        )),
    }
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Play one match and print it (or its JSON report).
    Play {
        /// The game (see `koth games`).
        game: String,
        #[command(flatten)]
        args: PlayArgs,
    },
    /// Play a tournament and print the standings.
    Tournament {
        /// The game.
        game: String,
        #[command(flatten)]
        args: TournamentArgs,
    },
    /// List the games.
    Games,
    /// Print a game's default config as JSON (a starting point for `--config FILE`).
    Config {
        /// The game.
        game: String,
        /// Print a JSON Schema of the config instead (every field, its type and range).
        #[arg(long)]
        schema: bool,
    },
    /// Print a game's page for bot authors: the rules in short, the exact protocol with
    /// example exchanges, limits and faults (the repository's `docs/GAME.md`).
    Protocol {
        /// The game.
        game: String,
    },
    /// List a game's built-in bots.
    Bots {
        /// The game.
        game: String,
    },
    /// Is a new bot stronger than an old one? Game pairs (same seed, sides swapped) until a
    /// sequential probability ratio test decides, as chess engines are tested (docs/sprt.md).
    Sprt {
        /// The game.
        game: String,
        #[command(flatten)]
        #[allow(missing_docs)]
        args: SprtArgs,
    },
    /// Join the records folders of a tournament played in parts (`--shard K/N`) and print
    /// the standings of the whole, exactly as one run would.
    Merge {
        #[command(flatten)]
        #[allow(missing_docs)]
        args: MergeArgs,
    },
    /// Re-simulate a replay; exits non-zero naming the first differing turn.
    Replay {
        /// The replay file.
        file: PathBuf,
    },
    /// Write a replay's viewer: one self-contained HTML page that draws the game turn by turn
    /// (play, pause, step, a turn slider, speed; each turn's actions, events and scores). The
    /// replay is verified first; a replay that does not verify has no page.
    View {
        /// The replay file.
        file: PathBuf,
        /// The page to write (default: the replay's path with `.html` for its extension;
        /// `-` for standard output).
        #[arg(short = 'o', long = "output", value_name = "FILE.html")]
        output: Option<PathBuf>,
    },
    /// Serve a built-in bot over HTTP (battleship), answering all three dialects.
    Serve {
        /// The game (battleship).
        game: String,
        /// The address to listen on, e.g. 127.0.0.1:8080 (port 0 picks a free port).
        #[arg(long, value_name = "ADDR")]
        listen: String,
        /// The bot: `builtin:ID`.
        #[arg(long = "bot", value_name = "builtin:ID")]
        bot: String,
        /// Answer only this dialect (default: all three, told apart by each request).
        #[arg(long, value_name = "DIALECT")]
        dialect: Option<koth_http_battleship::Dialect>,
        /// Forget a match after this many seconds without a request.
        #[arg(long, value_name = "N", default_value_t = 300)]
        idle_timeout_s: u64,
        #[command(flatten)]
        #[allow(missing_docs)]
        limits: ServeLimits,
    },
}
