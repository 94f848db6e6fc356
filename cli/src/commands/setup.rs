//! From flags to the arena's types: the config, the bots' SPECs and their sandbox.

use std::fs::File;
use std::sync::Arc;
use std::time::Duration;

use koth_engine_core::Contest;

use crate::arena::launch::Launch;
use crate::arena::spec::{self, BotSpec, dedupe_names};
use crate::arena::tournament::{BotOptions, Out, recorded_path};
use crate::args::{BotArgs, SandboxMode};
use crate::commands::{MAX_BOTS, MAX_JOBS};
use crate::confine::{folders, sandbox};
use crate::exit::UsageError;
use crate::games::CliGame;

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
pub(crate) fn load_config<G: CliGame>(args: &BotArgs) -> anyhow::Result<G::Config> {
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

/// The bots of `args` (or the `default` built-ins), checked, named and launched as the
/// flags say: one [`Launch`] for all external bots of the run.
pub(crate) fn bot_specs<G: CliGame>(
    args: &BotArgs,
    default: &[&str],
) -> anyhow::Result<Vec<BotSpec>> {
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
    let programs = texts.iter().any(|t| spec::is_program(t));
    let launch = Arc::new(launch::<G>(args, programs)?);
    let mut specs = texts
        .iter()
        .map(|t| BotSpec::parse::<G>(t, &launch))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(dir) = &args.bot_log {
        std::fs::create_dir_all(dir).map_err(|e| {
            UsageError(format!(
                "--bot-log {}: cannot create it: {e}",
                dir.display()
            ))
        })?;
    }
    dedupe_names(&mut specs);
    for spec in &specs {
        if let Some(warning) = spec.hidden_path_warning() {
            eprintln!("koth: warning: {warning}");
        }
    }
    Ok(specs)
}

/// How the external bots of `args` are launched; with `programs` (some bot is a program) the
/// folder is checked and the sandbox made.
fn launch<G: Contest>(args: &BotArgs, programs: bool) -> anyhow::Result<Launch> {
    let workdir = match &args.workdir {
        Some(d) if !d.is_dir() => {
            return Err(UsageError(format!("--workdir {} is not a directory", d.display())).into());
        }
        Some(d) => d.clone(),
        None => std::env::current_dir()?,
    };
    let dialect = dialect::<G>(args)?;
    let mut sandbox = None;
    if programs {
        // Every match copies the folder for each program (see `folders`).
        folders::check_seed(&workdir).map_err(UsageError)?;
        sandbox = sandbox_for(args)?.map(|mut s| {
            s.memory_mb = args
                .memory_mb
                .or(G::PROTOCOL.memory_mb)
                .unwrap_or(sandbox::DEFAULT_MEMORY_MB);
            s.cpu_seconds = args.cpu_seconds;
            s.disk_mb = args.disk_mb;
            s.cpus = args.cpus;
            Arc::new(s)
        });
    }
    Ok(Launch {
        workdir,
        dialect,
        timeout: args.timeout_ms.map(Duration::from_millis),
        match_timeout: (args.match_timeout > 0).then(|| Duration::from_secs(args.match_timeout)),
        sandbox,
        bot_log: args.bot_log.clone(),
    })
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
    // koth itself is the sandbox's helper (see `koth_confine::helper`).
    let helper =
        || std::env::current_exe().map_err(|e| UsageError(format!("cannot find koth itself: {e}")));
    match args.sandbox {
        SandboxMode::Off => Ok(None),
        SandboxMode::On => sandbox::Sandbox::new(helper()?, args.allow_net, env)
            .map(Some)
            .map_err(|why| UsageError(format!("--sandbox on: {why}"))),
        SandboxMode::Auto => match sandbox::Sandbox::new(helper()?, args.allow_net, env) {
            Ok(sandbox) => Ok(Some(sandbox)),
            Err(why) => {
                eprintln!("koth: warning: bots run without a sandbox: {why}");
                Ok(None)
            }
        },
    }
}

pub(crate) fn check_seat_count<G: Contest>(config: &G::Config, n: usize) -> Result<(), UsageError> {
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

/// `--jobs` checked, or one per core.
pub(crate) fn jobs(asked: Option<usize>) -> Result<usize, UsageError> {
    match asked {
        Some(n) if !(1..=MAX_JOBS).contains(&n) => Err(UsageError(format!(
            "--jobs must lie in 1..={MAX_JOBS}, not {n}"
        ))),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(MAX_JOBS)),
    }
}

/// How the bots of a run play, as typed, for its records (no environment value, folders
/// relative to the working folder).
pub(crate) fn bot_options(b: &BotArgs, specs: &[BotSpec]) -> BotOptions {
    BotOptions {
        bots: specs.iter().map(|s| s.text.clone()).collect(),
        workdir: b.workdir.as_deref().map(recorded_path),
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
    }
}

/// Where a run keeps its records: `--out DIR` starts them, `--resume DIR` continues them.
pub(crate) fn records_out(
    out: &Option<std::path::PathBuf>,
    resume: &Option<std::path::PathBuf>,
    replays: bool,
) -> Option<Out> {
    let (dir, resume) = match (out, resume) {
        (Some(dir), _) => (dir, false),
        (None, Some(dir)) => (dir, true),
        (None, None) => return None,
    };
    Some(Out {
        dir: dir.clone(),
        replays,
        resume,
    })
}
