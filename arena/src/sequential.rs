//! Sequential tests of a new bot against an old one (`koth sprt`): game pairs until the SPRT
//! of [`crate::sprt`] decides, or a cap.
//!
//! Pair `i` is played with seed `derive_seed(seed, i)`, twice:
//!
//! - duels: the new bot against the old one, then the same seed with the sides swapped; the
//!   pair's result is the new bot's score over the two games (pentanomial);
//! - free-for-all games: the new bot in seat `i % seats` against the opponents (in the other
//!   seats, in the order given), then the old bot in the same seat against the same opponents
//!   and seed; the pair's result is whether the new bot placed ahead of, level with or behind
//!   the old one (trinomial).
//!
//! Pairs are played `jobs` at a time but counted in index order, so the verdict, the number of
//! pairs and every figure depend only on the seed and the bots, never on `jobs`. With records
//! (`DIR/sprt.json`, `DIR/pairs.jsonl`, `DIR/result.json`) a killed or interrupted test goes on
//! with `--resume DIR` from the pairs recorded.

use std::sync::Arc;

use koth_confine::reaper;
use koth_engine_core::draw::derive_seed;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::records::{BotOptions, Recorder, RecordsError, read_lines, read_setup_file};
use crate::report::MatchReport;
use crate::spec::BotSpec;
use crate::sprt::{self, Counts, Estimate, Verdict};
use crate::tournament::{Out, TournamentError};
use crate::{ArenaGame, MatchError, MatchSetup, Seats, play_match};

/// The format of `DIR/sprt.json` this koth writes and resumes.
pub const SPRT_FORMAT: u32 = 1;

const SETUP: &str = "sprt.json";
const PAIRS: &str = "pairs.jsonl";
const RESULT: &str = "result.json";

/// The seed recorded in `DIR/sprt.json`, if there is one (a resume's default seed).
pub fn recorded_seed(dir: &std::path::Path) -> Option<u64> {
    read_setup_file::<SprtSetup>(dir, SETUP, "sprt test", SPRT_FORMAT)
        .ok()
        .map(|s| s.seed)
}

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hypotheses {
    /// H0: the new bot is `elo0` normalized Elo stronger (usually 0).
    pub elo0: f64,
    /// H1: the new bot is `elo1` normalized Elo stronger.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// `DIR/sprt.json`: what the test plays, written first and checked on resume.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtSetup {
    /// The file's format ([`SPRT_FORMAT`]).
    pub format: u32,
    /// The game's name.
    pub game: String,
    /// The test's seed (each pair's seed is derived from it and the pair's index).
    pub seed: u64,
    /// The full game config.
    pub config: serde_json::Value,
    /// The bots' names: the new bot, the old one, then the opponents.
    pub bots: Vec<String>,
    /// The hypotheses.
    pub hypotheses: Hypotheses,
    /// The most pairs played.
    pub max_pairs: u64,
    /// How the bots play, as typed.
    pub options: BotOptions,
}

/// One line of `DIR/pairs.jsonl`, appended as each pair ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairRecord {
    /// The pair's index (its seed derives from it).
    pub index: u64,
    /// The new (and the old) bot's seat in the pair's first (and second) game.
    pub seat: usize,
    /// The pair's outcome for the new bot, worst first (see [`Counts`]).
    pub outcome: usize,
    /// The two games: the new bot's, then the old bot's (duels: sides swapped).
    pub games: [MatchReport; 2],
}

/// Where a test stands, and how it ended: printed as progress and at the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    /// The game's name.
    pub game: String,
    /// The test's seed.
    pub seed: u64,
    /// The new bot's name.
    pub new: String,
    /// The old bot's name.
    pub old: String,
    /// The opponents (free-for-all games).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opponents: Vec<String>,
    /// The hypotheses.
    pub hypotheses: Hypotheses,
    /// The LLR's bounds: below the lower H0 is accepted, above the upper H1.
    pub bounds: (f64, f64),
    /// The verdict.
    pub verdict: Verdict,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Pairs counted.
    pub pairs: u64,
    /// Games played in them (two per pair).
    pub games: u64,
    /// Duels: the new bot's games won, drawn and lost. Free-for-all: pairs in which it placed
    /// ahead of, level with and behind the old bot.
    pub wins: u64,
    /// See `wins`.
    pub draws: u64,
    /// See `wins`.
    pub losses: u64,
    /// The pairs' outcomes, worst first.
    pub counts: Counts,
    /// Elo, normalized Elo and LOS of the new bot against the old one.
    pub estimate: Estimate,
    /// Faults of the new and of the old bot over the pairs counted.
    pub faults: [u32; 2],
    /// Whether the test was stopped by a signal before a verdict.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

/// Told how a test goes: after each `every` pairs counted.
pub trait SprtProgress: Send + Sync {
    /// The test so far.
    fn update(&self, so_far: &SprtReport);
}

/// How a test runs besides what it plays.
#[derive(Clone, Default)]
pub struct SprtOptions {
    /// Pairs played at once.
    pub jobs: usize,
    /// Where to keep records, if anywhere.
    pub out: Option<Out>,
    /// Who is told how it goes, and after how many pairs each time.
    pub progress: Option<(Arc<dyn SprtProgress>, u64)>,
    /// How the bots play, as typed (recorded with `out`).
    pub bot_options: BotOptions,
}

/// The running count of a test.
struct Tally {
    report: SprtReport,
}

impl Tally {
    fn add(&mut self, pair: &PairRecord, duel: bool, names: [&str; 2]) {
        let r = &mut self.report;
        r.pairs += 1;
        r.games += 2;
        r.counts.add(pair.outcome);
        if duel {
            // The new bot's score in each of its two games.
            for (game, seat) in pair.games.iter().zip([0, 1]) {
                match game.players.get(seat).map(|p| p.score) {
                    Some(s) if s > 0.5 => r.wins += 1,
                    Some(0.5) => r.draws += 1,
                    _ => r.losses += 1,
                }
            }
        } else {
            match pair.outcome {
                2 => r.wins += 1,
                1 => r.draws += 1,
                _ => r.losses += 1,
            }
        }
        for (k, name) in names.iter().enumerate() {
            let faults = pair.games.iter().flat_map(|g| &g.faults);
            r.faults[k] += faults.filter(|f| f.player == *name).count() as u32;
        }
        r.llr = sprt::llr(&r.counts, r.hypotheses.elo0, r.hypotheses.elo1);
        r.verdict = sprt::verdict(r.llr, r.bounds);
        r.estimate = sprt::estimate(&r.counts);
    }
}

/// Plays pair `index`: the two games and the pair's outcome.
fn play_pair<'a, G: ArenaGame>(
    config: &G::Config,
    bots: &'a [BotSpec],
    seed: u64,
    index: u64,
    duel: bool,
) -> Result<PairRecord, TournamentError> {
    let (new, old, opponents) = (&bots[0], &bots[1], &bots[2..]);
    let seats = opponents.len() + 1;
    let seat = if duel {
        0
    } else {
        (index % seats as u64) as usize
    };
    let with = |player: &'a BotSpec| -> Vec<&'a BotSpec> {
        let mut l: Vec<&BotSpec> = opponents.iter().collect();
        l.insert(seat, player);
        l
    };
    let lineups = if duel {
        [vec![new, old], vec![old, new]]
    } else {
        [with(new), with(old)]
    };
    let pair_seed = derive_seed(seed, index);
    let games: Vec<Result<MatchReport, MatchError>> = lineups
        .par_iter()
        .map(|specs| {
            play_match::<G>(
                &MatchSetup {
                    config,
                    seed: pair_seed,
                    specs,
                },
                None,
                None,
            )
        })
        .collect();
    let mut games = games.into_iter();
    let (Some(first), Some(second)) = (games.next(), games.next()) else {
        unreachable!("two lineups give two games")
    };
    let games = [first?, second?];
    let outcome = if duel {
        // The new bot's score: seat 0 of the first game, seat 1 of the second.
        let score = games[0].players[0].score + games[1].players[1].score;
        (score * 2.0).round().clamp(0.0, 4.0) as usize
    } else {
        let (a, b) = (games[0].players[seat].place, games[1].players[seat].place);
        match a.cmp(&b) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        }
    };
    Ok(PairRecord {
        index,
        seat,
        outcome,
        games,
    })
}

/// The first field in which two setups differ.
fn setup_difference(a: &SprtSetup, b: &SprtSetup) -> Option<&'static str> {
    [
        (a.game != b.game, "game"),
        (a.seed != b.seed, "seed"),
        (a.config != b.config, "config"),
        (a.bots != b.bots, "list of bots"),
        (
            a.hypotheses != b.hypotheses,
            "--elo0, --elo1, --alpha or --beta",
        ),
        (a.max_pairs != b.max_pairs, "--max-games"),
        (a.options != b.options, "bot option"),
    ]
    .into_iter()
    .find_map(|(differs, field)| differs.then_some(field))
}

/// Runs a test of `bots[0]` (new) against `bots[1]` (old) in game `G`, with `bots[2..]` as
/// the opponents of a free-for-all game (none in duels), until the SPRT of `hypotheses`
/// decides or `max_pairs` pairs are counted. SIGINT and SIGTERM
/// ([`koth_confine::reaper::interrupt`]) stop it with the pairs finished before.
pub fn run<G: ArenaGame>(
    config: &G::Config,
    bots: &[BotSpec],
    seed: u64,
    hypotheses: Hypotheses,
    max_pairs: u64,
    options: &SprtOptions,
) -> Result<SprtReport, TournamentError> {
    let duel = matches!(Seats::of::<G>(config), Seats::Duel);
    let wrong = |why: String| TournamentError::Match(MatchError::Config { game: G::NAME, why });
    if bots.len() < 2 || (duel && bots.len() != 2) {
        return Err(wrong(format!(
            "an sprt test plays a new and an old bot{}, not {} bots",
            if duel { "" } else { " against opponents" },
            bots.len()
        )));
    }
    let names: Vec<String> = bots.iter().map(|b| b.name.clone()).collect();
    let counts = if duel {
        Counts::Pentanomial([0; 5])
    } else {
        Counts::Trinomial([0; 3])
    };
    let bounds = sprt::bounds(hypotheses.alpha, hypotheses.beta);
    let mut tally = Tally {
        report: SprtReport {
            game: G::NAME.to_string(),
            seed,
            new: names[0].clone(),
            old: names[1].clone(),
            opponents: names[2..].to_vec(),
            hypotheses,
            bounds,
            verdict: Verdict::Inconclusive,
            llr: 0.0,
            pairs: 0,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            counts,
            estimate: sprt::estimate(&counts),
            faults: [0, 0],
            interrupted: false,
        },
    };
    let setup = SprtSetup {
        format: SPRT_FORMAT,
        game: G::NAME.to_string(),
        seed,
        config: serde_json::to_value(config)?,
        bots: names.clone(),
        hypotheses,
        max_pairs,
        options: options.bot_options.clone(),
    };
    let mut recorded: Vec<PairRecord> = Vec::new();
    let recorder = match &options.out {
        None => None,
        Some(out) if !out.resume => Some(Recorder::create(&out.dir, SETUP, &setup, PAIRS, false)?),
        Some(out) => {
            let before: SprtSetup = read_setup_file(&out.dir, SETUP, "sprt test", SPRT_FORMAT)?;
            if let Some(field) = setup_difference(&before, &setup) {
                return Err(RecordsError::OtherSetup {
                    dir: out.dir.clone(),
                    what: "sprt test",
                    field,
                }
                .into());
            }
            let recorder = Recorder::reopen(&out.dir, PAIRS, false)?;
            recorded = read_lines(&out.dir, PAIRS, |pair: &PairRecord| {
                let want = derive_seed(seed, pair.index);
                if pair.games.iter().any(|g| g.seed != want) {
                    return Err(format!("pair {} is not this test's (seed)", pair.index));
                }
                Ok(())
            })?;
            Some(recorder)
        }
    };
    recorded.sort_by_key(|p| p.index);
    let mut recorded = recorded.into_iter().peekable();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()?;
    let every = options.progress.as_ref().map_or(0, |(_, n)| (*n).max(1));
    let mut next = 0u64;
    let names2 = [names[0].as_str(), names[1].as_str()];
    'pairs: while next < max_pairs && tally.report.verdict == Verdict::Inconclusive {
        if reaper::interrupted() {
            break;
        }
        // The next batch: recorded pairs are read, the others played.
        let batch_end = (next + options.jobs.max(1) as u64).min(max_pairs);
        let mut batch: Vec<Option<PairRecord>> = Vec::new();
        for index in next..batch_end {
            while recorded.peek().is_some_and(|p| p.index < index) {
                recorded.next();
            }
            batch.push(recorded.next_if(|p| p.index == index));
        }
        let todo: Vec<u64> = (next..batch_end)
            .zip(&batch)
            .filter(|(_, done)| done.is_none())
            .map(|(index, _)| index)
            .collect();
        let played: Vec<Result<PairRecord, TournamentError>> = pool.install(|| {
            todo.par_iter()
                .map(|&index| play_pair::<G>(config, bots, seed, index, duel))
                .collect()
        });
        if reaper::interrupted() {
            break;
        }
        let mut fresh = played.into_iter();
        for slot in &mut batch {
            if slot.is_none() {
                let pair = fresh.next().expect("one played pair per empty slot")?;
                if let Some(rec) = &recorder {
                    rec.record(&pair)?;
                }
                *slot = Some(pair);
            }
        }
        for pair in batch.iter().flatten() {
            tally.add(pair, duel, names2);
            if let Some((progress, _)) = &options.progress
                && tally.report.pairs % every == 0
            {
                progress.update(&tally.report);
            }
            if tally.report.verdict != Verdict::Inconclusive {
                break 'pairs;
            }
        }
        next = batch_end;
    }
    let mut report = tally.report;
    report.interrupted = reaper::interrupted() && report.verdict == Verdict::Inconclusive;
    if let Some(rec) = &recorder
        && !report.interrupted
    {
        rec.write_json(RESULT, &report)?;
    }
    Ok(report)
}
