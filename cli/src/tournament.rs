//! Tournaments: round robins for duels, series of free-for-all games, played in parallel.
//!
//! Every match's seed is derived from the tournament seed and the match's index, and results
//! are gathered in index order, so standings do not depend on `--jobs`.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use koth_engine_core::Ranking;
use koth_engine_core::draw::derive_seed;
use rayon::prelude::*;

use crate::reaper;
use crate::report::{MatchReport, Standing, TournamentReport};
use crate::spec::BotSpec;
use crate::{CliGame, MatchSetup, Seats, play_match};

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

/// Plays a tournament between `specs` and returns the standings.
pub fn run<G: CliGame>(
    config: &G::Config,
    specs: &[BotSpec],
    games: u32,
    seed: u64,
    jobs: usize,
) -> anyhow::Result<TournamentReport> {
    let seats = Seats::of::<G>(config);
    let fixtures = schedule(seats, specs.len(), games);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(fixtures.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} matches {elapsed} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    // After an interruption no match starts, and matches still running are left out.
    let reports: Vec<Option<anyhow::Result<MatchReport>>> = pool.install(|| {
        fixtures
            .par_iter()
            .map(|f| {
                if reaper::interrupted() {
                    return None;
                }
                let lineup: Vec<&BotSpec> = f.seats.iter().map(|&i| &specs[i]).collect();
                let r = play_match::<G>(
                    &MatchSetup {
                        config,
                        seed: derive_seed(seed, f.index as u64),
                        specs: &lineup,
                    },
                    None,
                    None,
                );
                bar.inc(1);
                (!reaper::interrupted()).then_some(r)
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut standings: Vec<Standing> = specs
        .iter()
        .map(|s| Standing {
            name: s.name.clone(),
            points: 0.0,
            wins: 0,
            draws: 0,
            losses: 0,
            average_place: 0.0,
            played: 0,
            faults: 0,
        })
        .collect();
    let mut played = 0u32;
    for (fixture, report) in fixtures.iter().zip(reports) {
        let Some(report) = report else {
            continue;
        };
        let report = report?;
        played += 1;
        let firsts = report.players.iter().filter(|p| p.place == 1).count();
        for (seat, &bot) in fixture.seats.iter().enumerate() {
            let p = &report.players[seat];
            let s = &mut standings[bot];
            s.played += 1;
            s.average_place += p.place as f64;
            s.faults += report.faults.iter().filter(|f| f.player == p.name).count() as u32;
            match (p.place, firsts) {
                (1, 1) => s.wins += 1,
                (1, _) => s.draws += 1,
                _ => s.losses += 1,
            }
            s.points += match seats {
                Seats::Duel => match (p.place, firsts) {
                    (1, 1) => 1.0,
                    (1, _) => 0.5,
                    _ => 0.0,
                },
                Seats::FreeForAll { .. } => p.score as f64,
            };
        }
    }
    for s in &mut standings {
        if s.played > 0 {
            s.average_place /= s.played as f64;
        }
    }
    standings.sort_by(|a, b| {
        let by_points = b.points.total_cmp(&a.points).then(b.wins.cmp(&a.wins));
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
    Ok(TournamentReport {
        game: G::NAME.to_string(),
        seed,
        matches: played,
        standings,
        interrupted: reaper::interrupted(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
