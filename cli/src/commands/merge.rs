//! `koth merge`: the parts of a tournament joined, its standings printed (and its records
//! written with --out).

use crate::arena::{merge, ratings, records};
use crate::args::MergeArgs;
use crate::games::{CliGame, game};
use crate::print::print_report;
use crate::print::standings::{print_standings, standings_note};

/// `koth merge`: the game is the first folder's.
pub fn merge(args: &MergeArgs) -> anyhow::Result<()> {
    let Some(first) = args.dirs.first() else {
        anyhow::bail!("koth merge needs at least one folder");
    };
    let setup = records::read_setup(first)?;
    game(&setup.game)?.merge(args)
}

/// `koth merge` of a tournament of game `G`.
pub fn merge_game<G: CliGame>(args: &MergeArgs) -> anyhow::Result<()> {
    let prior = args.prior_draws.unwrap_or(ratings::PRIOR_DRAWS);
    let merged = merge::merge::<G>(&args.dirs, prior)?;
    if let Some(out) = &args.out {
        merge::write(&merged, &args.dirs, out)?;
    }
    let config: G::Config = serde_json::from_value(merged.setup.config.clone())?;
    let report = &merged.report;
    print_report(args.json, report, |w| {
        print_standings(w, report, standings_note::<G>(&config, report.per_match))
    })?;
    Ok(())
}
