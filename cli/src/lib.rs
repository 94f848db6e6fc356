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

use clap::{Parser, Subcommand};
use serde::Serialize;
use serde::de::DeserializeOwned;

pub mod games;
pub mod http;
pub mod process;
pub mod replay;
pub mod report;
pub mod runner;
pub mod session;
pub mod spec;
pub mod tournament;

use games::GameName;
use report::{MatchReport, TournamentReport};
use runner::{CliGame, Outputs, play_match};
use spec::{BotSpec, dedupe_names};

/// A mistake in how `koth` was called (exit code 2, one line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// A replay that does not verify (exit code 1).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReplayMismatch(pub String);

#[derive(Parser, Debug)]
#[command(
    name = "koth",
    version,
    about = "Play King-of-the-Hill bot contests: matches, tournaments, replays."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Debug)]
struct BotArgs {
    /// A player: `[NAME=]builtin:ID`, `[NAME=]cmd:COMMAND LINE` (split like a shell, no shell
    /// is run) or `[NAME=]http://HOST:PORT/PATH` (a bot served over HTTP, battleship).
    /// Repeat for each seat. Default: the game's built-in line-up.
    #[arg(long = "bot", value_name = "[NAME=]SPEC")]
    bots: Vec<String>,
    /// Directory external programs run in (default: the current directory).
    #[arg(long, value_name = "DIR")]
    workdir: Option<PathBuf>,
    /// Per-call time limit for external programs and HTTP bots, overriding the protocol's own
    /// (HTTP: 10 s).
    #[arg(long, value_name = "MS")]
    timeout_ms: Option<u64>,
    /// The wire dialect HTTP bots speak: draft, form or json.
    #[arg(long, value_name = "DIALECT", default_value = "draft")]
    dialect: http_battleship::Dialect,
    /// A JSON file with the game's config (fields left out keep their defaults).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play one match and print it (or its JSON report).
    Play {
        /// The game: samurai, naval, tanks, bomberman, battleship.
        game: String,
        #[command(flatten)]
        bots: BotArgs,
        /// The match seed (default: drawn from the clock and reported).
        #[arg(long)]
        seed: Option<u64>,
        /// Print one JSON object instead of the readable log.
        #[arg(long)]
        json: bool,
        /// Write a JSON Lines replay to FILE.
        #[arg(long, value_name = "FILE")]
        replay: Option<PathBuf>,
    },
    /// Play a tournament and print the standings.
    Tournament {
        /// The game.
        game: String,
        #[command(flatten)]
        bots: BotArgs,
        /// Add every built-in bot to the `--bot` list (the default when no `--bot` is given).
        #[arg(long)]
        all_builtins: bool,
        /// Matches per pair (duels) or games in the series (free-for-all games).
        #[arg(long, alias = "games", value_name = "N")]
        games_per_pair: Option<u32>,
        /// The tournament seed (default: drawn from the clock and reported).
        #[arg(long)]
        seed: Option<u64>,
        /// Matches played at once (default: one per core).
        #[arg(long, value_name = "N")]
        jobs: Option<usize>,
        /// Print one JSON object instead of the table.
        #[arg(long)]
        json: bool,
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
        dialect: Option<http_battleship::Dialect>,
        /// Forget a match after this many seconds without a request.
        #[arg(long, value_name = "N", default_value_t = 300)]
        idle_timeout_s: u64,
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
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let code = if e.downcast_ref::<UsageError>().is_some() {
                2
            } else {
                1
            };
            eprintln!("koth: error: {}", one_line(&format!("{e:#}")));
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

fn one_line(s: &str) -> String {
    s.split('\n').map(str::trim).collect::<Vec<_>>().join(" ")
}

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Play {
            game,
            bots,
            seed,
            json,
            replay,
        } => {
            let game: GameName = game.parse()?;
            dispatch!(game, play(&bots, seed, json, replay))
        }
        Command::Tournament {
            game,
            bots,
            all_builtins,
            games_per_pair,
            seed,
            jobs,
            json,
        } => {
            let game: GameName = game.parse()?;
            let opts = TournamentOptions {
                all_builtins,
                games: games_per_pair,
                seed,
                jobs,
                json,
            };
            dispatch!(game, tournament(&bots, &opts))
        }
        Command::Bots { game } => {
            let game: GameName = game.parse()?;
            dispatch!(game, list_bots())
        }
        Command::Replay { file } => verify_replay(&file),
        Command::Serve {
            game,
            listen,
            bot,
            dialect,
            idle_timeout_s,
        } => serve_bot(&game, &listen, &bot, dialect, idle_timeout_s),
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
        % 1_000_000_000
}

fn load_config<G: CliGame>(path: Option<&PathBuf>) -> anyhow::Result<G::Config>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let Some(path) = path else {
        return Ok(G::Config::default());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read config {}: {e}", path.display())))?;
    serde_json::from_str(&text)
        .map_err(|e| UsageError(format!("bad {} config {}: {e}", G::NAME, path.display())).into())
}

fn bot_specs<G: CliGame>(args: &BotArgs, default: Vec<&str>) -> anyhow::Result<Vec<BotSpec>>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let workdir = match &args.workdir {
        Some(d) if !d.is_dir() => {
            return Err(UsageError(format!("--workdir {} is not a directory", d.display())).into());
        }
        Some(d) => d.clone(),
        None => std::env::current_dir()?,
    };
    let timeout = args.timeout_ms.map(Duration::from_millis);
    let texts: Vec<String> = if args.bots.is_empty() {
        default.iter().map(|id| format!("builtin:{id}")).collect()
    } else {
        args.bots.clone()
    };
    let mut specs = texts
        .iter()
        .map(|t| BotSpec::parse_with::<G>(t, &workdir, timeout, args.dialect))
        .collect::<Result<Vec<_>, _>>()?;
    dedupe_names(&mut specs);
    Ok(specs)
}

fn check_seat_count<G: CliGame>(n: usize) -> Result<(), UsageError>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let ok = match G::SEATS {
        runner::Seats::Duel => n == 2,
        runner::Seats::FreeForAll { min, max } => (min..=max).contains(&n),
    };
    if ok {
        Ok(())
    } else {
        Err(UsageError(format!(
            "{} cannot seat {n} players ({})",
            G::NAME,
            match G::SEATS {
                runner::Seats::Duel => "it takes exactly 2".to_string(),
                runner::Seats::FreeForAll { min, max } => format!("it takes {min} to {max}"),
            }
        )))
    }
}

fn play<G: CliGame>(
    args: &BotArgs,
    seed: Option<u64>,
    json: bool,
    replay: Option<PathBuf>,
) -> anyhow::Result<()>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let config = load_config::<G>(args.config.as_ref())?;
    let specs = bot_specs::<G>(args, G::default_lineup())?;
    check_seat_count::<G>(specs.len())?;
    let seed = seed.unwrap_or_else(clock_seed);
    let seats = specs.iter().map(|s| s.seat::<G>()).collect();
    let mut replay_file = match &replay {
        Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
            UsageError(format!("cannot create replay {}: {e}", path.display()))
        })?)),
        None => None,
    };
    let stdout = std::io::stdout();
    let mut log = stdout.lock();
    let outputs = Outputs {
        log: if json { None } else { Some(&mut log) },
        replay: replay_file.as_mut().map(|w| w as &mut dyn Write),
    };
    let report = play_match::<G>(&config, seed, seats, outputs)?;
    if let Some(mut w) = replay_file {
        w.flush()?;
    }
    if json {
        serde_json::to_writer(&mut log, &report)?;
        writeln!(log)?;
    } else {
        print_match(&mut log, &report)?;
    }
    Ok(())
}

fn print_match(w: &mut dyn Write, report: &MatchReport) -> std::io::Result<()> {
    let mut order: Vec<_> = report.players.iter().collect();
    order.sort_by_key(|p| p.place);
    let headline = match report.outcome {
        engine_core::OutcomeKind::Win => format!("{} wins", order[0].name),
        engine_core::OutcomeKind::Draw => "draw".to_string(),
        engine_core::OutcomeKind::Ranking => "final ranking".to_string(),
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
            p.place, p.name, p.score, p.stats
        )?;
    }
    if !report.faults.is_empty() {
        writeln!(w, "faults ({}):", report.faults.len())?;
        for f in report.faults.iter().take(20) {
            let kind = serde_json::to_value(f.kind).unwrap_or_default();
            writeln!(
                w,
                "  turn {:>4} {} {}: {}",
                f.turn,
                f.player,
                kind.as_str().unwrap_or("?"),
                f.detail
            )?;
        }
        if report.faults.len() > 20 {
            writeln!(w, "  ... and {} more", report.faults.len() - 20)?;
        }
    }
    Ok(())
}

struct TournamentOptions {
    all_builtins: bool,
    games: Option<u32>,
    seed: Option<u64>,
    jobs: Option<usize>,
    json: bool,
}

fn tournament<G: CliGame>(args: &BotArgs, opts: &TournamentOptions) -> anyhow::Result<()>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let config = load_config::<G>(args.config.as_ref())?;
    let builtins: Vec<&str> = G::builtins().into_iter().map(|(id, _)| id).collect();
    let mut specs = bot_specs::<G>(args, builtins.clone())?;
    if opts.all_builtins && !args.bots.is_empty() {
        let extra = BotArgs {
            bots: vec![],
            workdir: args.workdir.clone(),
            timeout_ms: args.timeout_ms,
            dialect: args.dialect,
            config: None,
        };
        specs.extend(bot_specs::<G>(&extra, builtins)?);
        dedupe_names(&mut specs);
    }
    let min = match G::SEATS {
        runner::Seats::Duel => 2,
        runner::Seats::FreeForAll { min, .. } => min,
    };
    if specs.len() < min {
        return Err(UsageError(format!(
            "a {} tournament needs at least {min} bots, got {}",
            G::NAME,
            specs.len()
        ))
        .into());
    }
    let games = opts.games.unwrap_or(G::TOURNAMENT_GAMES);
    if games == 0 {
        return Err(UsageError("--games-per-pair must be at least 1".into()).into());
    }
    let jobs = opts
        .jobs
        .unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        })
        .max(1);
    let seed = opts.seed.unwrap_or_else(clock_seed);
    let report = tournament::run::<G>(&config, &specs, games, seed, jobs)?;
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    if opts.json {
        serde_json::to_writer(&mut w, &report)?;
        writeln!(w)?;
    } else {
        print_standings(&mut w, &report)?;
    }
    Ok(())
}

fn print_standings(w: &mut dyn Write, report: &TournamentReport) -> std::io::Result<()> {
    writeln!(
        w,
        "{} tournament, seed {}, {} matches",
        report.game, report.seed, report.matches
    )?;
    writeln!(
        w,
        "{:>4}  {:<24} {:>8} {:>5} {:>5} {:>6} {:>9} {:>7}",
        "rank", "bot", "points", "wins", "draws", "losses", "avg place", "faults"
    )?;
    for (i, s) in report.standings.iter().enumerate() {
        writeln!(
            w,
            "{:>4}  {:<24} {:>8.1} {:>5} {:>5} {:>6} {:>9.2} {:>7}",
            i + 1,
            s.name,
            s.points,
            s.wins,
            s.draws,
            s.losses,
            s.average_place,
            s.faults
        )?;
    }
    Ok(())
}

fn list_bots<G: CliGame>() -> anyhow::Result<()>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    let lineup = G::default_lineup();
    for (id, about) in G::builtins() {
        let mark = if lineup.contains(&id) {
            " (default line-up)"
        } else {
            ""
        };
        writeln!(w, "{id:<18} {about}{mark}")?;
    }
    if std::io::stdout().is_terminal() {
        writeln!(w, "\nuse as --bot builtin:ID")?;
    }
    Ok(())
}

fn verify_replay(path: &PathBuf) -> anyhow::Result<()> {
    use std::io::BufRead;
    let file = File::open(path)
        .map_err(|e| UsageError(format!("cannot open replay {}: {e}", path.display())))?;
    let mut reader = BufReader::new(file);
    let mut first = String::new();
    reader.read_line(&mut first)?;
    let game: GameName = replay::header_game(&first)
        .map_err(|e| ReplayMismatch(e.to_string()))?
        .parse()?;
    let mut all = BufReader::new(std::io::Read::chain(
        std::io::Cursor::new(first.into_bytes()),
        reader,
    ));
    let verified = dispatch!(game, verify_with(&mut all))?;
    println!(
        "replay verified: {} {} turns, {}",
        verified.game,
        verified.turns,
        verified.players.join(" vs ")
    );
    Ok(())
}

fn verify_with<G: CliGame>(r: &mut dyn std::io::BufRead) -> anyhow::Result<replay::Verified>
where
    G::Config: Serialize + DeserializeOwned + Send + Sync,
    G::Event: Serialize,
{
    replay::verify::<G>(r).map_err(|e| ReplayMismatch(e.to_string()).into())
}

/// `koth serve`: exposes a built-in battleship bot over HTTP until the process is stopped.
fn serve_bot(
    game: &str,
    listen: &str,
    bot: &str,
    dialect: Option<http_battleship::Dialect>,
    idle_timeout_s: u64,
) -> anyhow::Result<()> {
    let game: GameName = game.parse()?;
    if game != GameName::Battleship {
        return Err(UsageError(format!(
            "{game} bots do not play over HTTP (only battleship)"
        ))
        .into());
    }
    let id = bot
        .strip_prefix("builtin:")
        .ok_or_else(|| UsageError(format!("--bot {bot:?}: expected builtin:ID")))?;
    if http_battleship::bots::by_id(id).is_none() {
        let known: Vec<_> = http_battleship::bots::list().map(|b| b.id).collect();
        return Err(UsageError(format!(
            "unknown built-in battleship bot {id:?} (known: {})",
            known.join(", ")
        ))
        .into());
    }
    let listener = std::net::TcpListener::bind(listen)
        .map_err(|e| UsageError(format!("cannot listen on {listen}: {e}")))?;
    let options = http::ServeOptions {
        dialect,
        idle_timeout: Duration::from_secs(idle_timeout_s.max(1)),
        ..http::ServeOptions::new(id)
    };
    let handle = http::serve(listener, options)?;
    eprintln!(
        "koth: serving builtin:{id} on {} ({})",
        handle.url(),
        dialect.map_or("draft, form and json".to_string(), |d| format!("{d} only"))
    );
    handle.wait();
    Ok(())
}
