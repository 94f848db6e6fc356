//! Joining the parts of a tournament played apart into the standings of one run.
//!
//! A tournament cut into parts with `--shard K/N` is played part by part, anywhere, each into
//! its own records folder (see [`crate::records`]); [`merge`] reads the folders, checks that
//! they record one tournament and together hold every match of its schedule exactly once,
//! and computes the standings exactly as one run of the whole schedule would: the same
//! numbers, the same JSON. [`write()`] makes the records folder of that one run.

use std::path::{Path, PathBuf};

use crate::records::{
    MatchRecord, Recorder, RecordsError, Shard, TournamentSetup, read_matches, read_setup,
    setup_difference,
};
use crate::report::TournamentReport;
use crate::tournament::{Out, TournamentError, schedule, standings};
use crate::{ArenaGame, Seats};

/// A tournament joined from its parts.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The tournament: the parts' common setup, with no part.
    pub setup: TournamentSetup,
    /// Every match in schedule order, with the index (into the folders given) of the folder
    /// that recorded it.
    pub records: Vec<(MatchRecord, usize)>,
    /// The standings of the whole tournament.
    pub report: TournamentReport,
}

/// The part a folder plays: the whole schedule when it was not cut.
fn part(setup: &TournamentSetup) -> Shard {
    setup.shard.unwrap_or(Shard { index: 1, count: 1 })
}

/// Joins the records folders `dirs` of one tournament of game `G` (its parts, or one whole
/// run) and rates the whole with `prior_draws` (see [`crate::ratings`]). Refused, naming the
/// folders: folders that record different tournaments or cut it into different numbers of
/// parts, a match recorded twice, a match recorded nowhere (the first missing index, with
/// the part it belongs to).
pub fn merge<G: ArenaGame>(dirs: &[PathBuf], prior_draws: f64) -> Result<Merged, TournamentError> {
    let setups = dirs
        .iter()
        .map(|d| read_setup(d))
        .collect::<Result<Vec<_>, _>>()?;
    let (Some(first), Some(first_dir)) = (setups.first(), dirs.first()) else {
        return Err(RecordsError::Missing {
            index: 0,
            hint: "no folder was given".into(),
        }
        .into());
    };
    if first.game != G::NAME {
        return Err(RecordsError::Inconsistent {
            dir: first_dir.clone(),
            why: format!("it records a {} tournament, not {}", first.game, G::NAME),
        }
        .into());
    }
    for (i, (setup, dir)) in setups.iter().zip(dirs).enumerate().skip(1) {
        if let Some(j) = setups[..i].iter().position(|s| part(s) == part(setup)) {
            return Err(RecordsError::SamePart {
                shard: part(setup),
                first: dirs[j].clone(),
                dir: dir.clone(),
            }
            .into());
        }
        let differs = |field| RecordsError::NotOneTournament {
            first: first_dir.clone(),
            dir: dir.clone(),
            field,
        };
        if part(setup).count != part(first).count {
            return Err(differs("number of parts (--shard K/N)").into());
        }
        let mut same_part = setup.clone();
        same_part.shard = first.shard;
        if let Some(field) = setup_difference(first, &same_part) {
            return Err(differs(field).into());
        }
    }
    let config: G::Config =
        serde_json::from_value(first.config.clone()).map_err(|error| RecordsError::NotASetup {
            dir: first_dir.clone(),
            file: "tournament.json",
            error,
        })?;
    let seats = Seats::of::<G>(&config);
    let fixtures = schedule(seats, first.bots.len(), first.games);
    if fixtures.len() != first.matches {
        return Err(RecordsError::Inconsistent {
            dir: first_dir.clone(),
            why: format!(
                "it schedules {} matches, this koth schedules {} for its bots and games",
                first.matches,
                fixtures.len()
            ),
        }
        .into());
    }
    let mut found: Vec<Option<(MatchRecord, usize)>> = vec![None; fixtures.len()];
    for (folder, (setup, dir)) in setups.iter().zip(dirs).enumerate() {
        for record in read_matches(dir, setup, &fixtures)? {
            let index = record.index;
            if let Some((_, before)) = &found[index] {
                return Err(RecordsError::Twice {
                    index,
                    first: dirs[*before].clone(),
                    dir: dir.clone(),
                }
                .into());
            }
            found[index] = Some((record, folder));
        }
    }
    if let Some(index) = found.iter().position(Option::is_none) {
        let count = part(first).count;
        let shard = Shard {
            index: (index % count as usize) as u32 + 1,
            count,
        };
        let holder = setups.iter().zip(dirs).find(|(s, _)| part(s) == shard);
        let hint = match holder {
            Some((_, dir)) => format!(
                "it is part {shard}'s, and {} has not played it yet: finish that part with its \
                 command, --out replaced by --resume",
                dir.display()
            ),
            None => format!("it is part {shard}'s, and no folder given holds that part"),
        };
        return Err(RecordsError::Missing { index, hint }.into());
    }
    let records: Vec<(MatchRecord, usize)> = found.into_iter().flatten().collect();
    let reports: Vec<_> = records
        .iter()
        .map(|(r, _)| Some(r.result.clone()))
        .collect();
    let report = standings::<G>(
        seats,
        &fixtures,
        &reports,
        &first.bots,
        first.seed,
        prior_draws,
    );
    let mut setup = first.clone();
    setup.shard = None;
    Ok(Merged {
        setup,
        records,
        report,
    })
}

/// Writes `merged` as the records folder `out` of one run (refusing a folder that holds a
/// tournament already): its setup, every match in schedule order, the replays when the parts
/// kept them (copied from `dirs`, the folders given to [`merge`]), and the standings.
/// `koth tournament ... --resume OUT` then finds nothing left to play.
pub fn write(merged: &Merged, dirs: &[PathBuf], out: &Path) -> Result<(), TournamentError> {
    let replays = merged.setup.replays;
    let target = Out {
        dir: out.to_path_buf(),
        replays,
        resume: false,
    };
    let recorder = Recorder::open(&target, &merged.setup, &[], &mut [])?;
    for (record, folder) in &merged.records {
        if let Some(to) = recorder.replay_path(record.index) {
            let from = dirs[*folder]
                .join("replays")
                .join(format!("{}.jsonl", record.index));
            std::fs::copy(&from, &to)?;
        }
        recorder.record(record)?;
    }
    recorder.write_standings(&merged.report)
}
