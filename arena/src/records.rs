//! A tournament's records folder (`--out DIR`): `DIR/tournament.json` (the [`TournamentSetup`],
//! written first), `DIR/matches.jsonl` (one [`MatchRecord`] per line, appended as each match
//! ends), `DIR/replays/<index>.jsonl` and `DIR/standings.json`; written as a tournament runs
//! and read back by a resume.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use koth_engine_core::draw::derive_seed;
use serde::{Deserialize, Serialize};

use crate::report::{MatchReport, TournamentReport};
use crate::tournament::{Fixture, Out, TournamentError};

/// The format of `DIR/tournament.json` this koth writes and resumes.
pub const SETUP_FORMAT: u32 = 2;

/// How the bots of a tournament play, as the user typed it: recorded in
/// `DIR/tournament.json` and compared on resume. It never holds an environment variable's
/// value (only `--env` names), and a folder inside the working folder is recorded relative
/// to it, so a moved records folder resumes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotOptions {
    /// Each `--bot` SPEC as typed (the built-ins' `builtin:ID` when none was given).
    pub bots: Vec<String>,
    /// `--workdir`, relative to the working folder where it lies inside it.
    pub workdir: Option<String>,
    /// `--timeout-ms`.
    pub timeout_ms: Option<u64>,
    /// `--match-timeout`, in seconds.
    pub match_timeout_s: u64,
    /// `--sandbox`: `auto`, `on` or `off`.
    pub sandbox: String,
    /// `--memory-mb`.
    pub memory_mb: Option<u64>,
    /// `--disk-mb`.
    pub disk_mb: u64,
    /// `--cpus`.
    pub cpus: u32,
    /// `--cpu-seconds`.
    pub cpu_seconds: Option<u64>,
    /// `--allow-net`.
    pub allow_net: bool,
    /// The names passed with `--env` (never their values).
    pub env: Vec<String>,
    /// `--dialect`.
    pub dialect: Option<String>,
}

/// `path` relative to the working folder where it lies inside it, else as given.
pub fn recorded_path(path: &Path) -> String {
    let cwd = std::env::current_dir().ok();
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        match &cwd {
            Some(cwd) => cwd.join(path),
            None => path.to_path_buf(),
        }
    };
    let relative = cwd
        .as_deref()
        .and_then(|cwd| absolute.strip_prefix(cwd).ok())
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        });
    relative.unwrap_or(path).display().to_string()
}

/// `DIR/tournament.json`: what the tournament plays, written first and checked on resume.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentSetup {
    /// The file's format ([`SETUP_FORMAT`]).
    pub format: u32,
    /// The game's name.
    pub game: String,
    /// The tournament seed.
    pub seed: u64,
    /// Matches per pair (duels) or games in the series.
    pub games: u32,
    /// The matches scheduled.
    pub matches: usize,
    /// The full game config.
    pub config: serde_json::Value,
    /// The bots' names, in the order of the schedule's indices.
    pub bots: Vec<String>,
    /// How the bots play, as typed.
    pub options: BotOptions,
    /// Whether each match's replay is written.
    pub replays: bool,
    /// The part of the schedule this folder plays (`--shard K/N`), if only a part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

/// Part `index` of `count` of a tournament's schedule (`--shard K/N`, `1 <= K <= N`): match
/// `i` belongs to part `i % N + 1`, so the parts are equal to within one match and every
/// part plays every bot. The matches' seeds do not depend on the parts; `koth merge` joins
/// the parts' folders into the standings of one run. Written `"K/N"` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    /// K, from 1.
    pub index: u32,
    /// N, the number of parts.
    pub count: u32,
}

/// The most parts a schedule may be cut into.
pub const MAX_SHARDS: u32 = 1_000_000;

impl Shard {
    /// Whether match `index` of the schedule belongs to this part.
    pub fn holds(&self, index: usize) -> bool {
        index % self.count as usize + 1 == self.index as usize
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected K/N with 1 <= K <= N <= {MAX_SHARDS}, not {text:?}");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse::<u32>().map_err(|_| bad())?,
            n.trim().parse::<u32>().map_err(|_| bad())?,
        );
        if index == 0 || index > count || count > MAX_SHARDS {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl TryFrom<String> for Shard {
    type Error = String;

    fn try_from(text: String) -> Result<Shard, String> {
        text.parse()
    }
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

/// One line of `DIR/matches.jsonl`, appended as each match ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// The match's index in the schedule (its seed derives from it).
    pub index: usize,
    /// The bots in seat order, as indices into [`TournamentSetup::bots`].
    pub seats: Vec<usize>,
    /// How long the match took, in milliseconds.
    pub duration_ms: f64,
    /// The match's report: seed, config, names, places, scores, statistics and every
    /// fault with its details.
    pub result: MatchReport,
}

/// The seed recorded in `DIR/tournament.json`, if there is one (a resume's default seed).
pub fn recorded_seed(dir: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(dir.join(SETUP)).ok()?;
    serde_json::from_str::<TournamentSetup>(&text)
        .ok()
        .map(|s| s.seed)
}

const SETUP: &str = "tournament.json";
const MATCHES: &str = "matches.jsonl";
const STANDINGS: &str = "standings.json";

/// Writes a tournament's records as matches end.
pub(crate) struct Recorder {
    dir: PathBuf,
    replays: bool,
    matches: Mutex<File>,
}

/// Why a tournament's records folder cannot be used (or several cannot be merged): a mistake
/// in how the run was asked for. The texts name the folders, and koth's flags where one helps
/// (`--out DIR` starts records, `--resume DIR` continues them).
#[derive(Debug, thiserror::Error)]
pub enum RecordsError {
    /// Nothing is recorded in the folder.
    #[error("{}: no {what} recorded there ({error})", .dir.display())]
    NoTournament {
        /// The folder.
        dir: PathBuf,
        /// What was looked for: `tournament`, `sprt test`.
        what: &'static str,
        /// Why its setup could not be read.
        error: std::io::Error,
    },
    /// The setup is of a format this koth does not read.
    #[error(
        "{}: {file} is of format {format}, this koth reads format {reads}: finish it with the \
         koth that started it, or start anew",
        .dir.display()
    )]
    OtherFormat {
        /// The folder.
        dir: PathBuf,
        /// The setup's file.
        file: &'static str,
        /// The setup's format.
        format: u64,
        /// The format this koth reads.
        reads: u32,
    },
    /// The setup file does not parse.
    #[error("{}: {file} is not a setup koth reads: {error}", .dir.display())]
    NotASetup {
        /// The folder.
        dir: PathBuf,
        /// The setup's file.
        file: &'static str,
        /// Why not.
        error: serde_json::Error,
    },
    /// The recorded tournament is another one.
    #[error(
        "--resume {}: the {what} there has another {field}; resume it with the command that \
         started it, --out replaced by --resume",
        .dir.display()
    )]
    OtherSetup {
        /// The folder.
        dir: PathBuf,
        /// What is recorded there: `tournament`, `sprt test`.
        what: &'static str,
        /// The first field that differs.
        field: &'static str,
    },
    /// A line of the records is wrong.
    #[error("{}: {file} line {line}: {why}", .dir.display())]
    BadLine {
        /// The folder.
        dir: PathBuf,
        /// The file.
        file: &'static str,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The folder for new records cannot be made.
    #[error("cannot create {}: {error}", .dir.display())]
    Create {
        /// The folder.
        dir: PathBuf,
        /// Why not.
        error: std::io::Error,
    },
    /// The folder for new records holds a tournament already.
    #[error(
        "{shown} already holds a tournament: --resume {shown} to continue it, or choose another \
         folder",
        shown = .dir.display()
    )]
    Taken {
        /// The folder.
        dir: PathBuf,
    },
    /// Two folders given to merge record different tournaments.
    #[error(
        "{} and {} record different tournaments (their {field} differs): merge the parts of one \
         tournament, each started with the same command and its own --shard K/N",
        .first.display(), .dir.display()
    )]
    NotOneTournament {
        /// The first folder given.
        first: PathBuf,
        /// The folder that differs from it.
        dir: PathBuf,
        /// The first field that differs.
        field: &'static str,
    },
    /// Two folders given to merge hold the same part.
    #[error("part {shard} is given twice: {} and {}", .first.display(), .dir.display())]
    SamePart {
        /// The part.
        shard: Shard,
        /// The folder given first.
        first: PathBuf,
        /// The folder given again.
        dir: PathBuf,
    },
    /// A match is recorded twice among the folders merged.
    #[error("match {index} is recorded twice: in {} and in {}", .first.display(), .dir.display())]
    Twice {
        /// The match's index.
        index: usize,
        /// The folder that recorded it first.
        first: PathBuf,
        /// The folder that recorded it again.
        dir: PathBuf,
    },
    /// A folder does not hold what it should (another game, another schedule).
    #[error("{}: {why}", .dir.display())]
    Inconsistent {
        /// The folder.
        dir: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A match of the schedule is in none of the folders merged.
    #[error("match {index} is recorded in none of the folders: {hint}")]
    Missing {
        /// The match's index.
        index: usize,
        /// Which part it belongs to and what to do.
        hint: String,
    },
}

impl Recorder {
    /// Opens the records in `out.dir`: a new tournament writes its setup there (and refuses a
    /// folder that already holds one); a resume checks the setup is the same and reads the
    /// matches already played into `done` (a last line cut short by a kill is dropped).
    pub(crate) fn open(
        out: &Out,
        setup: &TournamentSetup,
        fixtures: &[Fixture],
        done: &mut [Option<MatchReport>],
    ) -> Result<Recorder, TournamentError> {
        let dir = &out.dir;
        if !out.resume {
            return Recorder::create(dir, SETUP, setup, MATCHES, out.replays);
        }
        let recorded = read_setup(dir)?;
        if let Some(field) = setup_difference(&recorded, setup) {
            return Err(RecordsError::OtherSetup {
                dir: dir.clone(),
                what: "tournament",
                field,
            }
            .into());
        }
        let recorder = Recorder::reopen(dir, MATCHES, out.replays)?;
        for record in read_matches(dir, setup, fixtures)? {
            let index = record.index;
            done[index] = Some(record.result);
        }
        Ok(recorder)
    }

    /// Starts records in `dir`: refuses a folder that holds a `setup_file` already, writes
    /// `setup` there and an empty `lines_file`.
    pub(crate) fn create(
        dir: &Path,
        setup_file: &str,
        setup: &impl Serialize,
        lines_file: &str,
        replays: bool,
    ) -> Result<Recorder, TournamentError> {
        std::fs::create_dir_all(dir).map_err(|error| RecordsError::Create {
            dir: dir.to_path_buf(),
            error,
        })?;
        let setup_path = dir.join(setup_file);
        if setup_path.exists() {
            return Err(RecordsError::Taken {
                dir: dir.to_path_buf(),
            }
            .into());
        }
        std::fs::write(&setup_path, serde_json::to_string_pretty(setup)? + "\n")?;
        // A stale list (a setup deleted by hand) is not continued.
        std::fs::write(dir.join(lines_file), b"")?;
        Recorder::reopen(dir, lines_file, replays)
    }

    /// Continues the records in `dir`, appending to `lines_file` after its last whole line (a
    /// line cut short by a kill is dropped: its match is played again).
    pub(crate) fn reopen(
        dir: &Path,
        lines_file: &str,
        replays: bool,
    ) -> Result<Recorder, TournamentError> {
        let path = dir.join(lines_file);
        cut_partial_line(&path)?;
        if replays {
            std::fs::create_dir_all(dir.join("replays"))?;
        }
        let lines = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&path)?;
        Ok(Recorder {
            dir: dir.to_path_buf(),
            replays,
            matches: Mutex::new(lines),
        })
    }

    /// Where match `index`'s replay goes, when replays are written.
    pub(crate) fn replay_path(&self, index: usize) -> Option<PathBuf> {
        self.replays
            .then(|| self.dir.join("replays").join(format!("{index}.jsonl")))
    }

    /// Appends one line (whole, under a lock, flushed).
    pub(crate) fn record(&self, record: &impl Serialize) -> Result<(), TournamentError> {
        let mut line = serde_json::to_vec(record)?;
        line.push(b'\n');
        let mut file = self.matches.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(&line)?;
        file.flush()?;
        Ok(())
    }

    pub(crate) fn write_standings(&self, report: &TournamentReport) -> Result<(), TournamentError> {
        self.write_json(STANDINGS, report)
    }

    /// Writes `value` as pretty JSON to `file` in the records folder.
    pub(crate) fn write_json(
        &self,
        file: &str,
        value: &impl Serialize,
    ) -> Result<(), TournamentError> {
        std::fs::write(
            self.dir.join(file),
            serde_json::to_string_pretty(value)? + "\n",
        )?;
        Ok(())
    }
}

/// The setup `file` of type `T` recorded in `dir` (`what` is recorded: `tournament`, `sprt
/// test`), which must be of format `reads`.
pub(crate) fn read_setup_file<T: serde::de::DeserializeOwned>(
    dir: &Path,
    file: &'static str,
    what: &'static str,
    reads: u32,
) -> Result<T, RecordsError> {
    let text =
        std::fs::read_to_string(dir.join(file)).map_err(|error| RecordsError::NoTournament {
            dir: dir.to_path_buf(),
            what,
            error,
        })?;
    let format = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .map(|v| v.get("format").and_then(|f| f.as_u64()).unwrap_or(1));
    if let Some(format) = format.filter(|&f| f != u64::from(reads)) {
        return Err(RecordsError::OtherFormat {
            dir: dir.to_path_buf(),
            file,
            format,
            reads,
        });
    }
    serde_json::from_str(&text).map_err(|error| RecordsError::NotASetup {
        dir: dir.to_path_buf(),
        file,
        error,
    })
}

/// The tournament recorded in `dir`: its `tournament.json`.
pub fn read_setup(dir: &Path) -> Result<TournamentSetup, RecordsError> {
    read_setup_file(dir, SETUP, "tournament", SETUP_FORMAT)
}

/// The complete lines of `dir/file` (none when there is no file), each parsed as a `T` and
/// checked by `check` (an error's text names the line), with their numbers from 1. A last
/// line cut short by a kill (no newline) is left out.
pub(crate) fn read_lines<T: serde::de::DeserializeOwned>(
    dir: &Path,
    file: &'static str,
    mut check: impl FnMut(&T) -> Result<(), String>,
) -> Result<Vec<T>, TournamentError> {
    let mut bytes = match std::fs::read(dir.join(file)) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e.into()),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    bytes.truncate(complete);
    let mut records = Vec::new();
    for (number, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| RecordsError::BadLine {
            dir: dir.to_path_buf(),
            file,
            line: number + 1,
            why,
        };
        let record: T = serde_json::from_slice(line).map_err(|e| bad(e.to_string()))?;
        check(&record).map_err(bad)?;
        records.push(record);
    }
    Ok(records)
}

/// Drops a last line of `path` cut short by a kill (no newline), so that appending goes on
/// from a whole line.
pub(crate) fn cut_partial_line(path: &Path) -> std::io::Result<()> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if complete < bytes.len() {
        std::fs::write(path, &bytes[..complete])?;
    }
    Ok(())
}

/// The matches recorded in `dir/matches.jsonl` (in the file's order), each checked against
/// `setup` and its schedule `fixtures`: scheduled, in the folder's part, with the scheduled
/// seats and seed. A last line cut short by a kill is left out.
pub fn read_matches(
    dir: &Path,
    setup: &TournamentSetup,
    fixtures: &[Fixture],
) -> Result<Vec<MatchRecord>, TournamentError> {
    read_lines(dir, MATCHES, |record: &MatchRecord| {
        let fixture = fixtures
            .get(record.index)
            .ok_or_else(|| format!("match {} is not scheduled", record.index))?;
        if fixture.seats != record.seats
            || record.result.seed != derive_seed(setup.seed, record.index as u64)
        {
            return Err(format!(
                "match {} is not the scheduled one (seats or seed differ)",
                record.index
            ));
        }
        if let Some(shard) = setup.shard.filter(|s| !s.holds(record.index)) {
            return Err(format!("match {} is not in part {shard}", record.index));
        }
        Ok(())
    })
}

/// The first field in which two setups differ.
pub(crate) fn setup_difference(a: &TournamentSetup, b: &TournamentSetup) -> Option<&'static str> {
    [
        (a.game != b.game, "game"),
        (a.seed != b.seed, "seed"),
        (a.games != b.games, "number of games"),
        (a.config != b.config, "config"),
        (a.bots != b.bots, "list of bots"),
        (a.options.bots != b.options.bots, "--bot SPEC"),
        (a.options != b.options, "bot option"),
        (a.replays != b.replays, "--replays choice"),
        (a.matches != b.matches, "schedule"),
        (a.shard != b.shard, "--shard"),
    ]
    .into_iter()
    .find_map(|(differs, field)| differs.then_some(field))
}
