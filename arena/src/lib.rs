//! Playing matches and tournaments of any game between built-in and external players, and
//! their records: knows games only through [`Contest`], runs programs only through
//! [`koth_confine`], and holds nothing of the command line.
//!
//! - [`spec`]: a bot SPEC and how its player is made; [`external`]: external players over
//!   each protocol family; [`http`]: the HTTP transport (battleship's bots served over HTTP);
//!   [`launch`]: the settings every external bot of a run is launched with;
//! - [`report`], [`output`], [`replay`]: a match's report, log and replay;
//! - [`tournament`], [`ratings`], [`records`], [`merge`]: schedules, parallel runs, standings,
//!   the records folder a tournament keeps and resumes, and joining a tournament's parts;
//! - [`sequential`], [`sprt`]: sequential tests of a new bot against an old one (game pairs
//!   until the SPRT decides) and their statistics.

#![forbid(unsafe_code)]

use std::io::Write;

use koth_engine_core::Contest;
use koth_engine_core::runner::{self, Options, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;

use output::Outputs;
use report::MatchReport;
use spec::BotSpec;

pub mod external;
pub mod http;
pub mod launch;
pub mod merge;
pub mod output;
pub mod ratings;
pub mod records;
pub mod replay;
pub mod report;
pub mod sequential;
pub mod spec;
pub mod sprt;
pub mod tournament;

/// What the arena needs of a game: its [`Contest`] description, with serde for configs,
/// events and statistics. Every game of koth's table is one.
pub trait ArenaGame:
    Contest<
        Config: Serialize + DeserializeOwned + Send + Sync,
        Event: Serialize,
        Stats: Serialize,
        Action: Send,
    > + Send
{
}

impl<G> ArenaGame for G where
    G: Contest<
            Config: Serialize + DeserializeOwned + Send + Sync,
            Event: Serialize,
            Stats: Serialize,
            Action: Send,
        > + Send
{
}

/// How many players a game seats, as tournaments schedule them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// Exactly two: tournaments pair every two bots.
    Duel,
    /// Free-for-all between `min..=max` players: tournament games seat everyone.
    FreeForAll {
        /// Fewest players.
        min: usize,
        /// Most players.
        max: usize,
    },
}

impl Seats {
    /// The seats of game `G` with `config` (from [`Contest::seats`]).
    pub fn of<G: Contest>(config: &G::Config) -> Seats {
        let range = G::seats(config);
        let (min, max) = (*range.start(), *range.end());
        if max <= 2 && min == max {
            Seats::Duel
        } else {
            Seats::FreeForAll { min, max }
        }
    }
}

/// One match to play: the config, the seed and who sits where.
#[derive(Clone, Copy, Debug)]
pub struct MatchSetup<'a, G: Contest> {
    /// The game's config.
    pub config: &'a G::Config,
    /// The match seed.
    pub seed: u64,
    /// The players, in seat order.
    pub specs: &'a [&'a BotSpec],
}

/// Plays one match through the engine-core runner (names made unique within the match),
/// writing the readable log and the replay if asked, and reports it.
pub fn play_match<'w, G: ArenaGame>(
    setup: &MatchSetup<'_, G>,
    log: Option<&'w mut dyn Write>,
    replay: Option<&'w mut dyn Write>,
) -> Result<MatchReport, MatchError> {
    play_match_to(setup, Outputs::new(log, replay))
}

/// [`play_match`], writing to `outputs` (the log, the replay, and how often the log shows
/// the board).
pub fn play_match_to<G: ArenaGame>(
    setup: &MatchSetup<'_, G>,
    mut outputs: Outputs<'_>,
) -> Result<MatchReport, MatchError> {
    let mut names: Vec<String> = setup.specs.iter().map(|s| s.name.clone()).collect();
    runner::unique_names(&mut names);
    let mut seats: Vec<Seat<G>> = setup
        .specs
        .iter()
        .zip(&names)
        .map(|(spec, name)| spec.seat::<G>(name))
        .collect();
    let options = Options {
        keep_turns: false,
        ..Options::default()
    };
    let transcript = runner::play(setup.config, setup.seed, &mut seats, options, &mut outputs)
        .map_err(|e| match e {
            runner::MatchError::Config(e) => MatchError::Config {
                game: G::NAME,
                why: e.to_string(),
            },
            other => MatchError::Stopped(other.to_string()),
        })?;
    let report = MatchReport::from_transcript(&transcript);
    outputs.finish(&report)?;
    Ok(report)
}

/// Why a match was not played or written.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The game refused the config (a mistake in what was asked for).
    #[error("bad {game} config: {why}")]
    Config {
        /// The game.
        game: &'static str,
        /// The game's reason.
        why: String,
    },
    /// The match stopped without a result: a strict match met an action the rules refuse,
    /// or the game ended without an outcome.
    #[error("{0}")]
    Stopped(String),
    /// Writing the log or the replay failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

#[cfg(test)]
mod tests {
    /// The arena's files hold nothing of the command line, the terminal or the bot server
    /// (its dependencies have no clap, indicatif, tokio or axum; this keeps their words out).
    #[test]
    fn the_arena_knows_no_command_line() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n == "lib.rs") {
                // This test's own words.
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            files += 1;
            for word in ["clap", "indicatif", "tokio", "axum"] {
                assert!(!text.contains(word), "{} names {word}", path.display());
            }
        }
        assert!(files >= 9, "{files} files");
    }
}
