//! The `koth` runner: plays matches and tournaments between built-in bots and external
//! programs speaking each contest's original protocol, and writes and verifies replays.
//!
//! The binary (`src/main.rs`) only calls [`main_with_args`]; everything else is library code
//! so that tests can drive it.

use std::ffi::OsString;
use std::fs::File;
use std::io::{BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use arena::{external, output, replay, report, spec, tournament};
use clap::{Parser, Subcommand};
use confine::{cgroup, folders, reaper, sandbox, spawner};

pub use arena::{CliGame, MatchSetup, Seats, UsageError, play_match, play_match_to};
use koth_engine_core::{Contest, Family};

pub mod arena;
pub mod confine;
pub mod games;
pub mod serve;
pub mod view;

use games::game;
use output::Outputs;
use report::{MatchReport, TournamentReport};
use spec::{BotSpec, dedupe_names};

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

#[derive(Parser, Debug)]
#[command(
    name = "koth",
    version,
    about = "Play King-of-the-Hill bot contests: matches, tournaments, replays.",
    after_help = "Writing a bot: docs/<game>.md in the koth repository gives each game's exact \
                  protocol, limits and faults; examples/<game>/starter.py is a starter bot."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
    /// The tournament seed (default: drawn from the clock and reported).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Matches played at once (default: one per core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
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
}

#[derive(Subcommand, Debug)]
enum Command {
    /// koth's own guardian process (see `reaper`): not for users.
    #[command(name = "__guard", hide = true)]
    Guard,
    /// koth's spawner inside a bot's sandbox (see `spawner`): not for users.
    #[command(name = "__spawn", hide = true)]
    Spawn {
        /// The folder copied into the current one first (the bot's, read-only).
        #[arg(long)]
        seed: Option<PathBuf>,
        /// The bot's program and its arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        command: Vec<String>,
    },
    /// koth's helper starting a long-running bot inside its sandbox (see `spawner`): not
    /// for users.
    #[command(name = "__enter", hide = true)]
    Enter {
        /// The folder copied into the current one first (the bot's, read-only).
        #[arg(long)]
        seed: PathBuf,
        /// The bot's program and its arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        command: Vec<String>,
    },
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

/// Runs `koth` with these arguments (the first is the program name) and returns the exit code:
/// 0 success, 1 failure (a replay that differs, an I/O error), 2 a usage error.
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = run(cli.command);
    reaper::sweep();
    reaper::stop_guardian();
    folders::remove_run_dir();
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

/// Each game's page for bot authors (`docs/GAME.md`, linked into the crate as
/// `cli/docs/GAME.md`).
pub const PROTOCOL_PAGES: &[(&str, &str)] = &[
    ("samurai", include_str!("../docs/samurai.md")),
    ("naval", include_str!("../docs/naval.md")),
    ("tanks", include_str!("../docs/tanks.md")),
    ("bomberman", include_str!("../docs/bomberman.md")),
    ("battleship", include_str!("../docs/battleship.md")),
];

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

/// A player's name as printed: visible escapes, at most 64 characters.
fn shown(name: &str) -> String {
    report::visible(name, 64)
}

fn one_line(s: &str) -> String {
    s.split('\n').map(str::trim).collect::<Vec<_>>().join(" ")
}

/// Prepares a command that runs bots: whatever a bot leaves behind is handed to koth and
/// killed, a guardian kills the bots if koth dies (see `reaper`), and SIGINT and SIGTERM
/// (and SIGHUP) stop the bots: the first kills every running bot and lets `koth` finish
/// what it can report, the second exits at once. (Not for koth's own helper commands: the
/// spawner inside a sandbox has its PID namespace instead of a guardian.)
fn stop_bots_on_signals() {
    // What killed koths left behind goes first.
    folders::remove_stale_run_dirs();
    cgroup::remove_stale();
    if let Err(e) = reaper::enable(std::env::current_exe().ok()) {
        eprintln!(
            "koth: warning: cannot become a child subreaper ({e}); processes a bot leaves \
             behind may outlive it"
        );
    }
    let _ = ctrlc::set_handler(|| {
        if reaper::interrupted() {
            reaper::interrupt();
            std::process::exit(130);
        }
        reaper::interrupt();
    });
}

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Guard => {
            reaper::guard_main();
            Ok(())
        }
        Command::Spawn { seed, command } => spawner::spawner_main(seed.as_deref(), &command),
        Command::Enter { seed, command } => spawner::enter_main(&seed, &command),
        Command::Play { game: name, args } => {
            stop_bots_on_signals();
            game(&name)?.play(&args)
        }
        Command::Tournament { game: name, args } => {
            stop_bots_on_signals();
            game(&name)?.tournament(&args)
        }
        Command::Games => {
            let stdout = std::io::stdout();
            let mut w = stdout.lock();
            for g in games::GAMES {
                writeln!(w, "{:<12} {}", g.name(), g.about())?;
            }
            Ok(())
        }
        Command::Bots { game: name } => {
            let stdout = std::io::stdout();
            let mut w = stdout.lock();
            game(&name)?.list_bots(&mut w)?;
            if std::io::stdout().is_terminal() {
                writeln!(w, "\nuse as --bot builtin:ID")?;
            }
            Ok(())
        }
        Command::Replay { file } => verify_replay(&file),
        Command::View { file, output } => view_replay(&file, output),
        Command::Protocol { game: name } => {
            let entry = game(&name)?;
            let page = PROTOCOL_PAGES
                .iter()
                .find(|(g, _)| *g == entry.name())
                .map(|(_, page)| *page)
                .ok_or_else(|| anyhow::anyhow!("no protocol page for {}", entry.name()))?;
            std::io::stdout().write_all(page.as_bytes())?;
            Ok(())
        }
        Command::Config { game: name, schema } => {
            let entry = game(&name)?;
            let config = if schema {
                entry.config_schema()
            } else {
                entry.default_config()
            };
            println!("{}", serde_json::to_string_pretty(&config)?);
            Ok(())
        }
        Command::Serve {
            game,
            listen,
            bot,
            dialect,
            idle_timeout_s,
            limits,
        } => serve_bot(&game, &listen, &bot, dialect, idle_timeout_s, &limits),
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
        % 1_000_000_000
}

/// The most bytes a `--config` file may hold.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The text of the file at `path`, if it holds at most `cap` bytes (a device such as
/// `/dev/zero` is read only that far).
fn read_capped(path: &std::path::Path, cap: u64) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    File::open(path)?.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("longer than {} KiB", cap >> 10),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// The config of `--config` (or the default), with `--profile` set in it.
fn load_config<G: CliGame>(args: &BotArgs) -> anyhow::Result<G::Config> {
    let mut config = match &args.config {
        None => G::Config::default(),
        Some(path) => {
            let text = read_capped(path, MAX_CONFIG_BYTES)
                .map_err(|e| UsageError(format!("cannot read config {}: {e}", path.display())))?;
            serde_json::from_str(&text).map_err(|e| {
                UsageError(format!("bad {} config {}: {e}", G::NAME, path.display()))
            })?
        }
    };
    if let Some(profile) = &args.profile {
        // A game has profiles when its config has a `profile` field.
        let mut value = serde_json::to_value(&config)?;
        let Some(fields) = value.as_object_mut().filter(|o| o.contains_key("profile")) else {
            return Err(UsageError(format!("--profile: {} has no profiles", G::NAME)).into());
        };
        fields.insert("profile".into(), profile.as_str().into());
        config = serde_json::from_value(value)
            .map_err(|e| UsageError(format!("--profile {profile}: {e}")))?;
    }
    Ok(config)
}

/// The dialect external bots speak: `--dialect`, checked against the game's, or its first.
fn dialect<G: Contest>(args: &BotArgs) -> Result<String, UsageError> {
    match (&args.dialect, G::DIALECTS) {
        (None, ds) => Ok(ds.first().copied().unwrap_or_default().to_string()),
        (Some(d), ds) if ds.contains(&d.as_str()) => Ok(d.clone()),
        (Some(d), []) => Err(UsageError(format!(
            "--dialect {d}: {} has only one dialect",
            G::NAME
        ))),
        (Some(d), ds) => Err(UsageError(format!(
            "unknown {} dialect {d:?} (known: {})",
            G::NAME,
            ds.join(", ")
        ))),
    }
}

fn bot_specs<G: CliGame>(args: &BotArgs, default: &[&str]) -> anyhow::Result<Vec<BotSpec>> {
    let workdir = match &args.workdir {
        Some(d) if !d.is_dir() => {
            return Err(UsageError(format!("--workdir {} is not a directory", d.display())).into());
        }
        Some(d) => d.clone(),
        None => std::env::current_dir()?,
    };
    let timeout = args.timeout_ms.map(Duration::from_millis);
    let dialect = dialect::<G>(args)?;
    if args.bots.len() > MAX_BOTS {
        return Err(UsageError(format!(
            "{} --bot options; at most {MAX_BOTS}",
            args.bots.len()
        ))
        .into());
    }
    let texts: Vec<String> = if args.bots.is_empty() {
        default.iter().map(|id| format!("builtin:{id}")).collect()
    } else {
        args.bots.clone()
    };
    let mut specs = texts
        .iter()
        .map(|t| BotSpec::parse::<G>(t, &workdir, timeout, &dialect))
        .collect::<Result<Vec<_>, _>>()?;
    let programs = specs.iter().any(|s| {
        matches!(
            s.kind,
            spec::SpecKind::External {
                endpoint: external::Endpoint::Program(_),
                ..
            }
        )
    });
    if programs {
        // Every match copies the folder for each program (see `folders`).
        folders::check_seed(&workdir).map_err(UsageError)?;
        let sandbox = sandbox_for(args)?.map(|mut s| {
            s.memory_mb = args
                .memory_mb
                .or(G::PROTOCOL.memory_mb)
                .unwrap_or(sandbox::DEFAULT_MEMORY_MB);
            s.cpu_seconds = args.cpu_seconds;
            s.disk_mb = args.disk_mb;
            s.cpus = args.cpus;
            std::sync::Arc::new(s)
        });
        for spec in &mut specs {
            if let spec::SpecKind::External {
                endpoint: external::Endpoint::Program(cmd),
                ..
            } = &mut spec.kind
            {
                cmd.sandbox = sandbox.clone();
            }
        }
    }
    let limit = (args.match_timeout > 0).then(|| Duration::from_secs(args.match_timeout));
    if let Some(dir) = &args.bot_log {
        std::fs::create_dir_all(dir).map_err(|e| {
            UsageError(format!(
                "--bot-log {}: cannot create it: {e}",
                dir.display()
            ))
        })?;
    }
    for spec in &mut specs {
        if let spec::SpecKind::External {
            match_timeout,
            bot_log,
            ..
        } = &mut spec.kind
        {
            *match_timeout = limit;
            bot_log.clone_from(&args.bot_log);
        }
    }
    dedupe_names(&mut specs);
    Ok(specs)
}

/// The sandbox external programs run in, as `--sandbox` says.
fn sandbox_for(args: &BotArgs) -> Result<Option<sandbox::Sandbox>, UsageError> {
    if let Some(mb) = args.memory_mb {
        if !(16..=1 << 20).contains(&mb) {
            return Err(UsageError(format!(
                "--memory-mb must lie in 16..={}, not {mb}",
                1 << 20
            )));
        }
    }
    if !(1..=1 << 20).contains(&args.disk_mb) {
        return Err(UsageError(format!(
            "--disk-mb must lie in 1..={}, not {}",
            1 << 20,
            args.disk_mb
        )));
    }
    if !(1..=1024).contains(&args.cpus) {
        return Err(UsageError(format!(
            "--cpus must lie in 1..=1024, not {}",
            args.cpus
        )));
    }
    if args.cpu_seconds == Some(0) {
        return Err(UsageError("--cpu-seconds must be at least 1".into()));
    }
    let mut env = Vec::new();
    for name in &args.env {
        if name.is_empty() || name.contains('=') {
            return Err(UsageError(format!(
                "--env {name:?}: expected a variable's name"
            )));
        }
        let value = std::env::var(name)
            .map_err(|_| UsageError(format!("--env {name}: {name} is not set")))?;
        env.push((name.clone(), value));
    }
    match args.sandbox {
        SandboxMode::Off => Ok(None),
        SandboxMode::On => sandbox::Sandbox::new(args.allow_net, env)
            .map(Some)
            .map_err(|why| UsageError(format!("--sandbox on: {why}"))),
        SandboxMode::Auto => match sandbox::Sandbox::new(args.allow_net, env) {
            Ok(sandbox) => Ok(Some(sandbox)),
            Err(why) => {
                eprintln!("koth: warning: bots run without a sandbox: {why}");
                Ok(None)
            }
        },
    }
}

fn check_seat_count<G: Contest>(config: &G::Config, n: usize) -> Result<(), UsageError> {
    let seats = G::seats(config);
    if seats.contains(&n) {
        return Ok(());
    }
    let (min, max) = (*seats.start(), *seats.end());
    Err(UsageError(format!(
        "{} cannot seat {n} players ({})",
        G::NAME,
        if min == max {
            format!("it takes exactly {min}")
        } else {
            format!("it takes {min} to {max}")
        }
    )))
}

/// A file created for a page not written yet: removed when dropped, unless
/// [`written`](Unwritten::written).
struct Unwritten<'a>(&'a std::path::Path);

impl Unwritten<'_> {
    /// The page is in the file: it stays.
    fn written(&mut self) {
        self.0 = std::path::Path::new("");
    }
}

impl Drop for Unwritten<'_> {
    fn drop(&mut self) {
        if !self.0.as_os_str().is_empty() {
            let _ = std::fs::remove_file(self.0);
        }
    }
}

/// `koth play` for game `G`.
pub fn play<G: CliGame>(args: &PlayArgs) -> anyhow::Result<()> {
    let config = load_config::<G>(&args.bots)?;
    let lineup = G::bots().lineup(G::seats(&config));
    let specs = bot_specs::<G>(&args.bots, &lineup)?;
    check_seat_count::<G>(&config, specs.len())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut replay_file = match &args.replay {
        Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
            UsageError(format!("cannot create replay {}: {e}", path.display()))
        })?)),
        None => None,
    };
    // The viewer page is made from the replay, kept in memory beside the replay file. Its
    // file is created first (a path that cannot be written fails before the match) and
    // removed again unless the page is written.
    let mut view_file = match &args.view {
        Some(path) => Some((
            Unwritten(path),
            File::create(path).map_err(|e| {
                UsageError(format!("cannot create viewer page {}: {e}", path.display()))
            })?,
        )),
        None => None,
    };
    let mut view_lines: Option<Vec<u8>> = view_file.as_ref().map(|_| Vec::new());
    let mut replay_sink = Tee(
        replay_file.as_mut().map(|w| w as &mut dyn Write),
        view_lines.as_mut(),
    );
    let stdout = std::io::stdout();
    let mut log = stdout.lock();
    let seats: Vec<&BotSpec> = specs.iter().collect();
    let mut outputs = Outputs::new(
        if args.json { None } else { Some(&mut log) },
        if replay_sink.is_used() {
            Some(&mut replay_sink as &mut dyn Write)
        } else {
            None
        },
    );
    outputs.board = args.board;
    outputs.effects = args.effects;
    let report = play_match_to::<G>(
        &MatchSetup {
            config: &config,
            seed,
            specs: &seats,
        },
        outputs,
    )?;
    if let Some(mut w) = replay_file {
        w.flush()?;
    }
    if reaper::interrupted() {
        return Err(Interrupted("; the match was not finished").into());
    }
    if let (Some((unwritten, file)), Some(lines)) = (view_file.as_mut(), view_lines) {
        let page = view::page::<G>(&mut lines.as_slice())
            .map_err(|e| anyhow::anyhow!("the match's replay does not verify: {e}"))?;
        file.write_all(page.as_bytes())
            .map_err(|e| UsageError(format!("cannot write {}: {e}", unwritten.0.display())))?;
        unwritten.written();
    }
    if args.json {
        serde_json::to_writer(&mut log, &report)?;
        writeln!(log)?;
    } else {
        print_match(&mut log, &report)?;
    }
    if args.bots.strict && !report.faults.is_empty() {
        let mut by_bot: Vec<(&str, usize)> = Vec::new();
        for f in &report.faults {
            match by_bot.iter_mut().find(|(n, _)| *n == f.player) {
                Some((_, count)) => *count += 1,
                None => by_bot.push((&f.player, 1)),
            }
        }
        return Err(Faulted(fault_counts(by_bot.into_iter())).into());
    }
    Ok(())
}

/// Writes to a file and a buffer, either or both.
struct Tee<'a>(Option<&'a mut dyn Write>, Option<&'a mut Vec<u8>>);

impl Tee<'_> {
    /// Whether it writes anywhere.
    fn is_used(&self) -> bool {
        self.0.is_some() || self.1.is_some()
    }
}

impl Write for Tee<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if let Some(w) = &mut self.0 {
            w.write_all(buf)?;
        }
        if let Some(v) = &mut self.1 {
            v.extend_from_slice(buf);
        }
        Ok(())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.0 {
            Some(w) => w.flush(),
            None => Ok(()),
        }
    }
}

/// `NAME N, NAME N` for bots with faults.
fn fault_counts<'a>(counts: impl Iterator<Item = (&'a str, usize)>) -> String {
    let counts: Vec<String> = counts
        .filter(|(_, n)| *n > 0)
        .map(|(name, n)| format!("{} {n}", shown(name)))
        .collect();
    format!("bots faulted ({})", counts.join(", "))
}

pub(crate) fn print_match(w: &mut dyn Write, report: &MatchReport) -> std::io::Result<()> {
    let mut order: Vec<_> = report.players.iter().collect();
    order.sort_by_key(|p| p.place);
    let headline = match report.outcome {
        koth_engine_core::OutcomeKind::Win => format!("{} wins", shown(&order[0].name)),
        koth_engine_core::OutcomeKind::Draw => "draw".to_string(),
        koth_engine_core::OutcomeKind::Ranking => "final ranking".to_string(),
    };
    writeln!(
        w,
        "\nresult: {headline} after {} turns (seed {})",
        report.turns, report.seed
    )?;
    for p in order {
        writeln!(
            w,
            "  {}. {:<20} score {:>6}  {}",
            p.place,
            shown(&p.name),
            p.score,
            p.stats
        )?;
    }
    if !report.faults.is_empty() {
        writeln!(w, "faults ({}):", report.faults.len())?;
        for f in report.faults.iter().take(20) {
            writeln!(
                w,
                "  turn {:>4} {} {}: {}",
                f.turn,
                shown(&f.player),
                f.kind.as_str(),
                report::visible(&f.detail, report::MAX_SHOWN)
            )?;
        }
        if report.faults.len() > 20 {
            writeln!(w, "  ... and {} more", report.faults.len() - 20)?;
        }
    }
    Ok(())
}

/// `koth tournament` for game `G`.
pub fn tournament<G: CliGame>(args: &TournamentArgs) -> anyhow::Result<()> {
    let config = load_config::<G>(&args.bots)?;
    if G::seats(&config).is_empty() {
        return Err(UsageError(format!("this {} config seats no players", G::NAME)).into());
    }
    let builtins: Vec<&str> = G::bots().ids().collect();
    let mut specs = bot_specs::<G>(&args.bots, &builtins)?;
    if args.all_builtins && !args.bots.bots.is_empty() {
        let extra = BotArgs {
            bots: vec![],
            ..args.bots.clone()
        };
        specs.extend(bot_specs::<G>(&extra, &builtins)?);
        dedupe_names(&mut specs);
    }
    let min = match Seats::of::<G>(&config) {
        Seats::Duel => 2,
        Seats::FreeForAll { .. } => 1,
    };
    if specs.len() < min {
        return Err(UsageError(format!(
            "a {} tournament needs at least {min} bots, got {}",
            G::NAME,
            specs.len()
        ))
        .into());
    }
    let games = args.games_per_pair.unwrap_or(G::TOURNAMENT_GAMES);
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(UsageError(format!(
            "--games-per-pair must lie in 1..={MAX_GAMES}, not {games}"
        ))
        .into());
    }
    let matches = match Seats::of::<G>(&config) {
        Seats::Duel => specs.len() * (specs.len() - 1) / 2 * games as usize,
        Seats::FreeForAll { .. } => games as usize * specs.len(),
    };
    if matches > MAX_MATCHES {
        return Err(UsageError(format!(
            "this tournament would play about {matches} matches; at most {MAX_MATCHES} (fewer \
             --games-per-pair or bots)"
        ))
        .into());
    }
    let jobs = match args.jobs {
        Some(n) if !(1..=MAX_JOBS).contains(&n) => {
            return Err(UsageError(format!("--jobs must lie in 1..={MAX_JOBS}, not {n}")).into());
        }
        Some(n) => n,
        None => std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(MAX_JOBS),
    };
    if args.replays && args.out.is_none() && args.resume.is_none() {
        return Err(UsageError("--replays needs --out DIR (or --resume DIR)".into()).into());
    }
    let out = match (&args.out, &args.resume) {
        (Some(dir), _) => Some((dir, false)),
        (None, Some(dir)) => Some((dir, true)),
        (None, None) => None,
    }
    .map(|(dir, resume)| tournament::Out {
        dir: dir.clone(),
        replays: args.replays,
        resume,
    });
    // A resume plays the recorded tournament's seed unless one is given.
    let seed = args
        .seed
        .or_else(|| args.resume.as_deref().and_then(tournament::recorded_seed))
        .unwrap_or_else(clock_seed);
    let b = &args.bots;
    let bot_options = tournament::BotOptions {
        bots: specs.iter().map(|s| s.text.clone()).collect(),
        workdir: b.workdir.as_deref().map(tournament::recorded_path),
        timeout_ms: b.timeout_ms,
        match_timeout_s: b.match_timeout,
        sandbox: format!("{:?}", b.sandbox).to_lowercase(),
        memory_mb: b.memory_mb,
        disk_mb: b.disk_mb,
        cpus: b.cpus,
        cpu_seconds: b.cpu_seconds,
        allow_net: b.allow_net,
        env: b.env.clone(),
        dialect: b.dialect.clone(),
    };
    let options = tournament::RunOptions {
        jobs,
        out,
        progress: !args.json && std::io::stderr().is_terminal(),
        bot_options,
    };
    let report = tournament::run::<G>(&config, &specs, games, seed, &options)?;
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    if args.json {
        serde_json::to_writer(&mut w, &report)?;
        writeln!(w)?;
    } else {
        print_standings(&mut w, &report, standings_note::<G>(&config))?;
    }
    if report.interrupted {
        return Err(Interrupted("; the standings count the matches finished before").into());
    }
    if args.bots.strict && report.standings.iter().any(|s| s.faults > 0) {
        let counts = report
            .standings
            .iter()
            .map(|s| (s.name.as_str(), s.faults as usize));
        return Err(Faulted(fault_counts(counts)).into());
    }
    Ok(())
}

/// What the standings' points column holds and how the table is ranked, for game `G`.
fn standings_note<G: CliGame>(config: &G::Config) -> (&'static str, String) {
    let (column, points) = match Seats::of::<G>(config) {
        Seats::Duel => (
            "points",
            "points: the sum of the matches' scores (win 1, draw 0.5, loss 0)",
        ),
        Seats::FreeForAll { .. } => ("score", "score: the sum of the matches' scores"),
    };
    let ranked = match G::RANKING {
        koth_engine_core::Ranking::Points => format!("ranked by {column}"),
        koth_engine_core::Ranking::AveragePlace => "ranked by average place".to_string(),
    };
    (column, format!("{points}; {ranked}"))
}

fn print_standings(
    w: &mut dyn Write,
    report: &TournamentReport,
    (column, note): (&str, String),
) -> std::io::Result<()> {
    writeln!(
        w,
        "{} tournament, seed {}, {} matches{}",
        report.game,
        report.seed,
        report.matches,
        if report.interrupted {
            " (interrupted: the matches finished before)"
        } else {
            ""
        }
    )?;
    let rating = match report.rating_model.as_str() {
        "elo" => {
            "; rating: Elo from a Bradley-Terry fit (mean 0) with its 95% interval; LOS: \
                  the chance of being stronger than the next row"
        }
        "weng-lin" => "; rating: Weng-Lin (start 25) with its 95% interval",
        _ => "",
    };
    writeln!(w, "{note}{rating}")?;
    let los = report.rating_model == "elo";
    writeln!(
        w,
        "{:>4}  {:<24} {:>8} {:>5} {:>5} {:>6} {:>9} {:>7} {:>15}{}",
        "rank",
        "bot",
        column,
        "wins",
        "draws",
        "losses",
        "avg place",
        "faults",
        "rating",
        if los { "    LOS" } else { "" }
    )?;
    for (i, s) in report.standings.iter().enumerate() {
        let rating = match (s.rating, s.margin) {
            (Some(r), Some(m)) => format!("{r:.1} ± {m:.1}"),
            _ => "-".to_string(),
        };
        let los = match (los, s.los) {
            (true, Some(l)) => format!(" {:>5.1}%", l * 100.0),
            (true, None) => format!(" {:>6}", "-"),
            (false, _) => String::new(),
        };
        writeln!(
            w,
            "{:>4}  {:<24} {:>8.1} {:>5} {:>5} {:>6} {:>9.2} {:>7} {:>15}{los}",
            i + 1,
            shown(&s.name),
            s.points,
            s.wins,
            s.draws,
            s.losses,
            s.average_place,
            s.faults,
            rating,
        )?;
    }
    print_head_to_head(w, &report.head_to_head)
}

/// The head-to-head table: a row per bot, a column per opponent by rank, each cell the row's
/// score against the column over their meetings.
fn print_head_to_head(w: &mut dyn Write, h: &report::HeadToHead) -> std::io::Result<()> {
    const WIDEST: usize = 16;
    if h.names.len() < 2 {
        return Ok(());
    }
    if h.names.len() > WIDEST {
        return writeln!(
            w,
            "\nhead to head: {} bots, see --json or the records' standings.json",
            h.names.len()
        );
    }
    let cells: Vec<Vec<String>> = (0..h.names.len())
        .map(|i| {
            (0..h.names.len())
                .map(|j| match h.games[i][j] {
                    0 => "-".to_string(),
                    g => format!("{}/{g}", h.score[i][j]),
                })
                .collect()
        })
        .collect();
    let width = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(3);
    writeln!(
        w,
        "\nhead to head (the row's score against the column / meetings):"
    )?;
    write!(w, "{:>4}  {:<24}", "", "")?;
    for j in 0..h.names.len() {
        write!(w, " {:>width$}", j + 1)?;
    }
    writeln!(w)?;
    for (i, row) in cells.iter().enumerate() {
        write!(w, "{:>4}  {:<24}", i + 1, shown(&h.names[i]))?;
        for cell in row {
            write!(w, " {cell:>width$}")?;
        }
        writeln!(w)?;
    }
    Ok(())
}

/// `koth bots` for game `G`.
pub fn list_bots<G: Contest>(w: &mut dyn Write) -> std::io::Result<()> {
    let lineup = G::bots().lineup(G::seats(&G::Config::default()));
    for entry in G::bots().entries {
        let mark = if lineup.contains(&entry.id) {
            " (default line-up)"
        } else {
            ""
        };
        writeln!(w, "{:<18} {}{mark}", entry.id, entry.about)?;
    }
    Ok(())
}

/// Opens a replay: the game its header names and a reader of all its lines.
fn open_replay(
    path: &std::path::Path,
) -> anyhow::Result<(&'static dyn games::GameEntry, Box<dyn std::io::BufRead>)> {
    let file = File::open(path)
        .map_err(|e| UsageError(format!("cannot open replay {}: {e}", path.display())))?;
    let mut reader = BufReader::new(file);
    let first = replay::read_line(&mut reader, 1)
        .map_err(|e| replay_error(path, e))?
        .ok_or_else(|| ReplayMismatch("line 1: the replay is empty".into()))?;
    let name = replay::header_game(&first).map_err(|e| replay_error(path, e))?;
    let entry =
        game(&name).map_err(|e| ReplayMismatch(format!("line 1: field `game`: {}", e.0)))?;
    let all = BufReader::new(std::io::Read::chain(
        std::io::Cursor::new([first.into_bytes(), b"\n".to_vec()].concat()),
        reader,
    ));
    Ok((entry, Box::new(all)))
}

/// A replay error as `koth` exits with it: a read error is a usage error (exit 2), any other
/// a mismatch (exit 1).
fn replay_error(path: &std::path::Path, e: replay::ReplayError) -> anyhow::Error {
    match e {
        replay::ReplayError::Io(io) => {
            UsageError(format!("cannot read replay {}: {io}", path.display())).into()
        }
        other => ReplayMismatch(other.to_string()).into(),
    }
}

/// `koth view`: writes the viewer page of a replay.
fn view_replay(path: &std::path::Path, output: Option<PathBuf>) -> anyhow::Result<()> {
    let (entry, mut all) = open_replay(path)?;
    let page = entry.view(&mut all).map_err(|e| replay_error(path, e))?;
    let output = output.unwrap_or_else(|| path.with_extension("html"));
    if output == *path {
        return Err(UsageError(format!(
            "the page would overwrite the replay {}: name another with -o",
            path.display()
        ))
        .into());
    }
    if output.as_os_str() == "-" {
        std::io::stdout().write_all(page.as_bytes())?;
    } else {
        std::fs::write(&output, page)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", output.display())))?;
        eprintln!("wrote {}", output.display());
    }
    Ok(())
}

/// `koth replay`: exit 0 verified, 1 the replay does not verify (its content, an unknown
/// game included), 2 the file cannot be opened or read.
fn verify_replay(path: &std::path::Path) -> anyhow::Result<()> {
    let (entry, mut all) = open_replay(path)?;
    let verified = entry.verify(&mut all).map_err(|e| replay_error(path, e))?;
    println!(
        "replay verified: {} {} turns, {}",
        verified.game,
        verified.turns,
        verified
            .players
            .iter()
            .map(|p| shown(p))
            .collect::<Vec<_>>()
            .join(" vs ")
    );
    Ok(())
}

/// `koth serve`: exposes a built-in battleship bot over HTTP until the process is stopped.
fn serve_bot(
    game: &str,
    listen: &str,
    bot: &str,
    dialect: Option<koth_http_battleship::Dialect>,
    idle_timeout_s: u64,
    limits: &ServeLimits,
) -> anyhow::Result<()> {
    let entry = games::game(game)?;
    if entry.family() != Family::Http || entry.name() != "battleship" {
        return Err(UsageError(format!(
            "{game} bots do not play over HTTP (only battleship)"
        ))
        .into());
    }
    let id = bot
        .strip_prefix("builtin:")
        .ok_or_else(|| UsageError(format!("--bot {bot:?}: expected builtin:ID")))?;
    if koth_http_battleship::bots::BOTS.get(id).is_none() {
        let known: Vec<_> = koth_http_battleship::bots::BOTS.ids().collect();
        return Err(UsageError(format!(
            "unknown built-in battleship bot {id:?} (known: {})",
            known.join(", ")
        ))
        .into());
    }
    let listener = std::net::TcpListener::bind(listen)
        .map_err(|e| UsageError(format!("cannot listen on {listen}: {e}")))?;
    let defaults = serve::ServeOptions::new(id);
    let options = serve::ServeOptions {
        dialect,
        idle_timeout: Duration::from_secs(idle_timeout_s.max(1)),
        header_timeout: Duration::from_secs(limits.read_timeout_s),
        body_timeout: Duration::from_secs(limits.read_timeout_s),
        max_seats: limits.max_seats as usize,
        max_body: (limits.max_body_kb as usize) << 10,
        max_connections: limits
            .max_connections
            .map_or(defaults.max_connections, |n| n as usize),
        ..defaults
    };
    let handle = serve::serve(listener, options)?;
    eprintln!(
        "koth: serving builtin:{id} on {} ({})",
        handle.url(),
        dialect.map_or("draft, form and json".to_string(), |d| format!("{d} only"))
    );
    handle.wait();
    Ok(())
}

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
