//! Tournaments: round robins for duels, series of free-for-all games, played in parallel.
//!
//! Every match's seed is derived from the tournament seed and the match's index, and results
//! are gathered in index order, so standings do not depend on `--jobs`.
//!
//! With `--out DIR` a tournament keeps records: `DIR/tournament.json` (what it plays) first,
//! `DIR/matches.jsonl` (one [`MatchRecord`] per line, appended as each match ends),
//! `DIR/replays/<index>.jsonl` with `--replays`, and `DIR/standings.json` at the end. A killed
//! or interrupted tournament continues with `--resume DIR`: the matches recorded are not played
//! again, and the standings come out as an uninterrupted run's.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use koth_engine_core::Ranking;
use koth_engine_core::draw::derive_seed;
use rayon::prelude::*;

use crate::records::Recorder;
pub use crate::records::{
    BotOptions, MatchRecord, RecordsError, SETUP_FORMAT, Shard, TournamentSetup, recorded_path,
    recorded_seed,
};
use crate::report::{HeadToHead, MatchReport, Standing, TournamentReport};
use crate::spec::BotSpec;
use crate::{ArenaGame, MatchError, MatchSetup, Seats, play_match, ratings};
use koth_confine::reaper;

/// One scheduled match: which specs sit in which seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// The match's index in the schedule.
    pub index: usize,
    /// Indices into the tournament's bot list, in seat order.
    pub seats: Vec<usize>,
}

/// The schedule: for duels every pair meets `games` times with sides alternating; for
/// free-for-all games with `min..=max` seats, every game seats everyone (rotating who sits
/// where); with more bots than seats, consecutive groups take the seats and `games` is rounded
/// up to whole rotations, so every bot plays the same number of games; with fewer bots than
/// the fewest seats, the list is repeated round the table (a bot may hold several seats of a
/// game), again in whole rotations.
pub fn schedule(seats: Seats, bots: usize, games: u32) -> Vec<Fixture> {
    let mut fixtures = Vec::new();
    let mut push = |seats: Vec<usize>| {
        let index = fixtures.len();
        fixtures.push(Fixture { index, seats });
    };
    match seats {
        Seats::Duel => {
            for a in 0..bots {
                for b in a + 1..bots {
                    for g in 0..games {
                        push(if g % 2 == 0 { vec![a, b] } else { vec![b, a] });
                    }
                }
            }
        }
        Seats::FreeForAll { min, max } => {
            let table = bots.clamp(min.max(1), max.max(1));
            // With more bots than seats, play whole rotations: a multiple of
            // bots / gcd(bots, table) games gives every bot the same number of games.
            let period = bots / gcd(bots, table);
            let games = (games as usize).div_ceil(period) * period;
            for g in 0..games {
                // With everyone seated, rotate who sits where; with more bots than seats, take
                // consecutive groups round the list, so over `bots` games each plays equally.
                let first = if table == bots { g } else { g * table };
                // (With fewer bots than seats, `table > bots` and the groups wrap round.)
                let seats = (0..table).map(|k| (first + k) % bots).collect();
                push(seats);
            }
        }
    }
    fixtures
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// Where a tournament keeps its records (`--out DIR`, `--resume DIR`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Out {
    /// The folder.
    pub dir: PathBuf,
    /// Write each match's replay to `DIR/replays/<index>.jsonl`.
    pub replays: bool,
    /// Continue the tournament recorded there.
    pub resume: bool,
}

/// Told how far a tournament run is (a progress bar, a web page): called from the threads
/// that play the matches.
pub trait Progress: Send + Sync {
    /// The run starts: `total` matches, of which `done` were recorded before (a resume).
    fn start(&self, done: usize, total: usize);
    /// One more match was played.
    fn played(&self);
    /// The run ends (finished, interrupted or failed).
    fn finish(&self);
}

/// How a tournament runs besides what it plays.
#[derive(Clone)]
pub struct RunOptions {
    /// Matches played at once.
    pub jobs: usize,
    /// Where to keep records, if anywhere.
    pub out: Option<Out>,
    /// Who is told how far the run is, if anyone.
    pub progress: Option<std::sync::Arc<dyn Progress>>,
    /// How the bots play, as typed (recorded with `out`).
    pub bot_options: BotOptions,
    /// The ratings' prior: virtual draws per bot ([`ratings::PRIOR_DRAWS`] by default).
    pub prior_draws: f64,
    /// Play only this part of the schedule (`--shard K/N`); `koth merge` joins the parts.
    pub shard: Option<Shard>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            jobs: 1,
            out: None,
            progress: None,
            bot_options: BotOptions::default(),
            prior_draws: ratings::PRIOR_DRAWS,
            shard: None,
        }
    }
}

/// Why a tournament stopped.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// Its records folder cannot be used.
    #[error(transparent)]
    Records(#[from] RecordsError),
    /// A match could not be played or written.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// Reading or writing the records failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The records could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The threads that play the matches could not be started.
    #[error(transparent)]
    Threads(#[from] rayon::ThreadPoolBuildError),
}

/// Plays one match of the schedule, writing its replay if asked.
fn play_fixture<G: ArenaGame>(
    config: &G::Config,
    specs: &[BotSpec],
    seed: u64,
    fixture: &Fixture,
    recorder: Option<&Recorder>,
) -> Result<(MatchReport, f64), TournamentError> {
    let lineup: Vec<&BotSpec> = fixture.seats.iter().map(|&i| &specs[i]).collect();
    let setup = MatchSetup {
        config,
        seed: derive_seed(seed, fixture.index as u64),
        specs: &lineup,
    };
    let start = Instant::now();
    let report = match recorder.and_then(|r| r.replay_path(fixture.index)) {
        Some(path) => {
            let mut w = BufWriter::new(File::create(&path)?);
            let report = play_match::<G>(&setup, None, Some(&mut w));
            w.flush()?;
            if reaper::interrupted() {
                // An unfinished match has no replay.
                let _ = std::fs::remove_file(&path);
            }
            report?
        }
        None => play_match::<G>(&setup, None, None)?,
    };
    Ok((report, start.elapsed().as_secs_f64() * 1000.0))
}

/// Plays a tournament between `specs` and returns the standings.
///
/// To cancel a run (koth does it on SIGINT or SIGTERM), call
/// [`koth_confine::reaper::interrupt`] from any thread: no match starts after it, the bots of
/// the matches running are killed and those matches left out, and `run` returns the standings
/// of the matches finished before, with [`TournamentReport::interrupted`] set; with records,
/// the same `run` with [`Out::resume`] plays the rest.
pub fn run<G: ArenaGame>(
    config: &G::Config,
    specs: &[BotSpec],
    games: u32,
    seed: u64,
    options: &RunOptions,
) -> Result<TournamentReport, TournamentError> {
    let seats = Seats::of::<G>(config);
    let fixtures = schedule(seats, specs.len(), games);
    let mut reports: Vec<Option<MatchReport>> = vec![None; fixtures.len()];
    let recorder = match &options.out {
        Some(out) => {
            let setup = TournamentSetup {
                game: G::NAME.to_string(),
                seed,
                games,
                matches: fixtures.len(),
                config: serde_json::to_value(config)?,
                bots: specs.iter().map(|s| s.name.clone()).collect(),
                format: SETUP_FORMAT,
                options: options.bot_options.clone(),
                replays: out.replays,
                shard: options.shard,
            };
            Some(Recorder::open(out, &setup, &fixtures, &mut reports)?)
        }
        None => None,
    };
    let mine = |f: &&Fixture| options.shard.is_none_or(|s| s.holds(f.index));
    let total = fixtures.iter().filter(mine).count();
    let todo: Vec<&Fixture> = fixtures
        .iter()
        .filter(mine)
        .filter(|f| reports[f.index].is_none())
        .collect();
    let progress = options.progress.as_deref();
    if let Some(p) = progress {
        p.start(total - todo.len(), total);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()?;
    // After an interruption no match starts, and matches still running are left out.
    let played: Vec<Option<Result<(usize, MatchReport), TournamentError>>> = pool.install(|| {
        todo.par_iter()
            .map(|f| {
                if reaper::interrupted() {
                    return None;
                }
                let r = play_fixture::<G>(config, specs, seed, f, recorder.as_ref());
                if let Some(p) = progress {
                    p.played();
                }
                if reaper::interrupted() {
                    return None;
                }
                Some(r.and_then(|(report, duration_ms)| {
                    if let Some(rec) = &recorder {
                        rec.record(&MatchRecord {
                            index: f.index,
                            seats: f.seats.clone(),
                            duration_ms,
                            result: report.clone(),
                        })?;
                    }
                    Ok((f.index, report))
                }))
            })
            .collect()
    });
    if let Some(p) = progress {
        p.finish();
    }
    for r in played.into_iter().flatten() {
        let (index, report) = r?;
        reports[index] = Some(report);
    }
    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    let mut report = standings::<G>(
        seats,
        &fixtures,
        &reports,
        &names,
        seed,
        options.prior_draws,
    );
    report.shard = options.shard;
    if let Some(rec) = &recorder {
        rec.write_standings(&report)?;
    }
    Ok(report)
}

/// What a bot placed at `place` scores against one placed at `other`: 1 ahead, 0.5 level,
/// 0 behind (head to head, and the results the Elo fit reads).
fn ahead(place: u32, other: u32) -> f64 {
    match place.cmp(&other) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}

/// The standings of the matches played (`reports` in schedule order, `None` for a match not
/// played) by the bots called `names` (in the schedule's order), with ratings and the
/// head-to-head table.
pub(crate) fn standings<G: ArenaGame>(
    seats: Seats,
    fixtures: &[Fixture],
    reports: &[Option<MatchReport>],
    names: &[String],
    seed: u64,
    prior_draws: f64,
) -> TournamentReport {
    let n = names.len();
    let mut standings: Vec<Standing> = names
        .iter()
        .map(|name| Standing {
            name: name.clone(),
            points: 0.0,
            wins: 0,
            draws: 0,
            losses: 0,
            average_place: 0.0,
            played: 0,
            faults: 0,
            rating: None,
            margin: None,
            los: None,
        })
        .collect();
    let mut played = 0u32;
    let mut h2h_score = vec![vec![0.0f64; n]; n];
    let mut h2h_games = vec![vec![0u32; n]; n];
    let mut placings = Vec::new();
    for (fixture, report) in fixtures.iter().zip(reports) {
        let Some(report) = report else {
            continue;
        };
        played += 1;
        // Each bot once per match, at its best place: with fewer bots than seats a bot holds
        // several seats, and a match is still one match (won when no other bot placed first).
        let mut bots: Vec<(usize, u32)> = Vec::new();
        for (&bot, p) in fixture.seats.iter().zip(&report.players) {
            match bots.iter_mut().find(|(b, _)| *b == bot) {
                Some((_, best)) => *best = (*best).min(p.place),
                None => bots.push((bot, p.place)),
            }
        }
        let firsts = bots.iter().filter(|(_, place)| *place == 1).count();
        for &(bot, place) in &bots {
            let s = &mut standings[bot];
            s.played += 1;
            s.average_place += place as f64;
            match (place, firsts) {
                (1, 1) => s.wins += 1,
                (1, _) => s.draws += 1,
                _ => s.losses += 1,
            }
            for (&seat_bot, p) in fixture.seats.iter().zip(&report.players) {
                if seat_bot == bot {
                    s.faults += report.faults.iter().filter(|f| f.player == p.name).count() as u32;
                    // The match's score of each of its seats, as the report gives it
                    // (`report::match_score`).
                    s.points += p.score;
                }
            }
            // Head to head: every other bot of the match, ahead (1), level (0.5), behind.
            for &(other, other_place) in &bots {
                if other != bot {
                    h2h_games[bot][other] += 1;
                    h2h_score[bot][other] += ahead(place, other_place);
                }
            }
        }
        // No bot is rated against itself.
        placings.push(bots);
    }
    for s in &mut standings {
        if s.played > 0 {
            s.average_place /= s.played as f64;
        }
    }
    // One batch fit over all the matches, whatever their order (see `ratings`).
    let fit = ratings::fit(n, &placings, prior_draws);
    let model = match seats {
        Seats::Duel => "elo",
        Seats::FreeForAll { .. } => "plackett-luce",
    };
    let rated = fit.as_ref().map(|f| f.ratings.clone());
    for (s, r) in standings.iter_mut().zip(rated.iter().flatten()) {
        s.rating = Some(r.rating);
        s.margin = Some(r.margin);
    }
    // Sort, remembering each row's bot. Bots that played different numbers of matches (an
    // interrupted run) are compared by points per match: raw points would favour the bot
    // that happened to play more.
    let per_match = standings.windows(2).any(|w| w[0].played != w[1].played);
    let rate = |s: &Standing| {
        if per_match && s.played > 0 {
            s.points / f64::from(s.played)
        } else {
            s.points
        }
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&standings[a], &standings[b]);
        let by_points = rate(b).total_cmp(&rate(a)).then(b.wins.cmp(&a.wins));
        let by_place = a
            .average_place
            .total_cmp(&b.average_place)
            .then(b.wins.cmp(&a.wins));
        match G::RANKING {
            Ranking::Points => by_points.then(by_place),
            Ranking::AveragePlace => by_place.then(by_points),
        }
        .then(a.name.cmp(&b.name))
    });
    if let Some(fit) = &fit {
        for pair in order.windows(2) {
            standings[pair[0]].los = Some(fit.los(pair[0], pair[1]));
        }
    }
    let head_to_head = HeadToHead {
        names: order.iter().map(|&i| standings[i].name.clone()).collect(),
        score: order
            .iter()
            .map(|&i| order.iter().map(|&j| h2h_score[i][j]).collect())
            .collect(),
        games: order
            .iter()
            .map(|&i| order.iter().map(|&j| h2h_games[i][j]).collect())
            .collect(),
    };
    let sorted = order.iter().map(|&i| standings[i].clone()).collect();
    TournamentReport {
        game: G::NAME.to_string(),
        seed,
        matches: played,
        standings: sorted,
        rating_model: if rated.is_some() {
            model.to_string()
        } else {
            String::new()
        },
        head_to_head,
        interrupted: reaper::interrupted(),
        per_match,
        prior_draws: if rated.is_some() { prior_draws } else { 0.0 },
        shard: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat's result.
    fn player(name: &str, place: u32, score: f64) -> crate::report::PlayerReport {
        crate::report::PlayerReport {
            name: name.into(),
            place,
            score,
            stats: serde_json::Value::Null,
        }
    }

    /// A finished match of `game` with these seats' results.
    fn finished(game: &str, players: Vec<crate::report::PlayerReport>) -> MatchReport {
        MatchReport {
            game: game.into(),
            seed: 0,
            config: serde_json::Value::Null,
            turns: 1,
            outcome: koth_engine_core::OutcomeKind::Win,
            players,
            faults: vec![],
        }
    }

    /// A duel between bots `a` and `b` that `winner` won.
    fn duel(names: [&str; 2], winner: usize) -> MatchReport {
        let players = (0..2)
            .map(|i| {
                let won = i == winner;
                player(names[i], if won { 1 } else { 2 }, f64::from(u8::from(won)))
            })
            .collect();
        finished("samurai", players)
    }

    /// The standings of a tournament do not depend on the order its matches come in: every
    /// count, score and table is the same, and the ratings, intervals and LOS agree to 1e-9
    /// (a free-for-all schedule with shared places, rated by one batch fit).
    #[test]
    fn standings_are_the_same_for_the_matches_in_any_order() {
        let names = ["a", "b", "c", "d", "e"];
        let specs: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let fixtures = schedule(Seats::FreeForAll { min: 4, max: 4 }, 5, 6);
        let mut x = 11u64;
        let reports: Vec<Option<MatchReport>> = fixtures
            .iter()
            .map(|f| {
                let players = f
                    .seats
                    .iter()
                    .map(|&bot| {
                        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        let place = 1 + ((x >> 33) % 3) as u32 + u32::from(bot >= 3);
                        player(names[bot], place, f64::from(5 - place))
                    })
                    .collect();
                Some(finished("tanks", players))
            })
            .collect();
        let seats = Seats::FreeForAll { min: 4, max: 4 };
        let rate = |fixtures: &[Fixture], reports: &[Option<MatchReport>]| {
            standings::<koth_samurai::Samurai>(
                seats,
                fixtures,
                reports,
                &specs,
                1,
                ratings::PRIOR_DRAWS,
            )
        };
        let before = rate(&fixtures, &reports);
        assert_eq!(before.rating_model, "plackett-luce");
        // Reversed, then rotated: the same matches in another order.
        let mut order: Vec<usize> = (0..fixtures.len()).rev().collect();
        order.rotate_left(7);
        let fixtures2: Vec<Fixture> = order.iter().map(|&i| fixtures[i].clone()).collect();
        let reports2: Vec<Option<MatchReport>> =
            order.iter().map(|&i| reports[i].clone()).collect();
        let after = rate(&fixtures2, &reports2);
        let strip = |r: &TournamentReport| {
            let mut r = r.clone();
            for s in &mut r.standings {
                (s.rating, s.margin, s.los) = (None, None, None);
            }
            r
        };
        assert_eq!(strip(&before), strip(&after));
        for (a, b) in before.standings.iter().zip(&after.standings) {
            for (x, y) in [(a.rating, b.rating), (a.margin, b.margin), (a.los, b.los)] {
                match (x, y) {
                    (Some(x), Some(y)) => assert!((x - y).abs() < 1e-9, "{a:?} {b:?}"),
                    (x, y) => assert_eq!(x.is_some(), y.is_some(), "{a:?} {b:?}"),
                }
            }
        }
        // Every row but the last has a LOS over the next.
        let los = before.standings.iter().filter(|s| s.los.is_some()).count();
        assert_eq!(los, names.len() - 1, "{before:?}");
    }

    #[test]
    fn a_bot_holding_several_seats_plays_each_match_once() {
        let names = ["a", "b", "c"];
        let specs: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        // Three bots at tables of four, 12 matches: `a` places first in every one of its
        // seats' matches with its first seat, its second seat (when it has two) last.
        let fixtures = schedule(Seats::FreeForAll { min: 4, max: 4 }, 3, 12);
        assert_eq!(fixtures.len(), 12);
        let reports: Vec<Option<MatchReport>> = fixtures
            .iter()
            .map(|f| {
                let mut next = 2;
                let mut seen_a = false;
                let players = f
                    .seats
                    .iter()
                    .map(|&bot| {
                        let place = if bot == 0 && !seen_a {
                            seen_a = true;
                            1
                        } else {
                            next += 1;
                            next - 1
                        };
                        player(names[bot], place, 0.0)
                    })
                    .collect();
                Some(finished("bomberman", players))
            })
            .collect();
        let report = standings::<koth_samurai::Samurai>(
            Seats::FreeForAll { min: 4, max: 4 },
            &fixtures,
            &reports,
            &specs,
            1,
            ratings::PRIOR_DRAWS,
        );
        let a = report.standings.iter().find(|s| s.name == "a").unwrap();
        assert_eq!((a.played, a.wins, a.losses), (12, 12, 0), "{a:?}");
        assert_eq!(a.average_place, 1.0);
        for s in &report.standings {
            assert_eq!(s.played, 12, "{s:?}");
        }
        // Head to head: a met each other bot once per match.
        let ia = report
            .head_to_head
            .names
            .iter()
            .position(|n| n == "a")
            .unwrap();
        assert!(
            report.head_to_head.games[ia]
                .iter()
                .all(|&g| g == 0 || g == 12)
        );
    }

    #[test]
    fn unequal_schedules_rank_by_points_per_match() {
        let names = ["a", "b", "c"];
        let specs: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        let fixtures = schedule(Seats::Duel, 3, 2);
        // As if interrupted: a lost to b once (1 match), beat c twice; b-c never met. By
        // points a (2) leads b (1); per match b (1 of 1) leads a (2 of 3).
        let all: Vec<Option<MatchReport>> = fixtures
            .iter()
            .map(|f| {
                let pair = [names[f.seats[0]], names[f.seats[1]]];
                match (f.seats[0], f.seats[1]) {
                    (0, 1) => Some(duel(pair, 1)),
                    (0, 2) => Some(duel(pair, 0)),
                    (2, 0) => Some(duel(pair, 1)),
                    _ => None,
                }
            })
            .collect();
        let report = standings::<koth_samurai::Samurai>(
            Seats::Duel,
            &fixtures,
            &all,
            &specs,
            1,
            ratings::PRIOR_DRAWS,
        );
        let table: Vec<(&str, u32, f64)> = report
            .standings
            .iter()
            .map(|s| (s.name.as_str(), s.played, s.points))
            .collect();
        assert_eq!(table, [("b", 1, 1.0), ("a", 3, 2.0), ("c", 2, 0.0)]);
        assert!(report.per_match);
        // Every match played: points, as before.
        let even: Vec<Option<MatchReport>> = fixtures
            .iter()
            .map(|f| Some(duel([names[f.seats[0]], names[f.seats[1]]], 0)))
            .collect();
        let report = standings::<koth_samurai::Samurai>(
            Seats::Duel,
            &fixtures,
            &even,
            &specs,
            1,
            ratings::PRIOR_DRAWS,
        );
        assert!(!report.per_match);
    }

    #[test]
    fn duels_pair_everyone_and_alternate_sides() {
        let f = schedule(Seats::Duel, 3, 4);
        assert_eq!(f.len(), 3 * 4);
        assert_eq!(f[0].seats, [0, 1]);
        assert_eq!(f[1].seats, [1, 0]);
        for bot in 0..3 {
            let first = f.iter().filter(|x| x.seats[0] == bot).count();
            assert_eq!(first, 4, "bot {bot} sits first in half its matches");
        }
    }

    #[test]
    fn free_for_all_rotates_seats_evenly() {
        let f = schedule(Seats::FreeForAll { min: 2, max: 4 }, 6, 5);
        assert_eq!(f.len(), 6, "rounded up to whole rotations");
        let mut played = [0; 6];
        for x in &f {
            assert_eq!(x.seats.len(), 4);
            for &s in &x.seats {
                played[s] += 1;
            }
        }
        assert!(played.iter().all(|&p| p == 4), "{played:?}");
        let all = schedule(Seats::FreeForAll { min: 2, max: 8 }, 5, 3);
        assert!(all.iter().all(|x| x.seats.len() == 5));
        assert_eq!(all[0].seats, [0, 1, 2, 3, 4]);
        assert_eq!(all[1].seats, [1, 2, 3, 4, 0], "seats rotate between games");
    }

    #[test]
    fn fewer_bots_than_seats_fill_the_table_evenly() {
        let f = schedule(Seats::FreeForAll { min: 4, max: 4 }, 3, 5);
        assert_eq!(f.len(), 6, "rounded up to whole rotations");
        let mut played = [0; 3];
        for x in &f {
            assert_eq!(x.seats.len(), 4);
            for &s in &x.seats {
                played[s] += 1;
            }
        }
        assert_eq!(played, [8, 8, 8]);
    }
}
