//! `koth tournament`: the flags checked, the tournament run, its standings printed.

use std::io::IsTerminal;

use crate::arena::Seats;
use crate::arena::spec::dedupe_names;
use crate::arena::{ratings, tournament};
use crate::args::{BotArgs, TournamentArgs};
use crate::commands::setup::{bot_options, bot_specs, jobs, load_config, records_out};
use crate::commands::{MAX_GAMES, MAX_MATCHES, clock_seed};
use crate::exit::{Faulted, Interrupted, UsageError};
use crate::games::CliGame;
use crate::print::progress::Bar;
use crate::print::standings::{print_standings, standings_note};
use crate::print::{fault_counts, print_report};

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
    let jobs = jobs(args.run.jobs)?;
    if args.replays && args.out.is_none() && args.resume.is_none() {
        return Err(UsageError("--replays needs --out DIR (or --resume DIR)".into()).into());
    }
    if args.shard.is_some() && args.out.is_none() && args.resume.is_none() {
        return Err(UsageError(
            "--shard needs --out DIR (or --resume DIR): each part keeps its records for koth merge"
                .into(),
        )
        .into());
    }
    let out = records_out(&args.out, &args.resume, args.replays);
    // A resume plays the recorded tournament's seed unless one is given.
    let seed = args
        .run
        .seed
        .or_else(|| args.resume.as_deref().and_then(tournament::recorded_seed))
        .unwrap_or_else(clock_seed);
    let bot_options = bot_options(&args.bots, &specs);
    let options = tournament::RunOptions {
        jobs,
        out,
        progress: (!args.run.json && std::io::stderr().is_terminal())
            .then(|| std::sync::Arc::new(Bar::new()) as std::sync::Arc<dyn tournament::Progress>),
        bot_options,
        prior_draws: args.prior_draws.unwrap_or(ratings::PRIOR_DRAWS),
        shard: args.shard,
    };
    let report = tournament::run::<G>(&config, &specs, games, seed, &options)?;
    print_report(args.run.json, &report, |w| {
        print_standings(w, &report, standings_note::<G>(&config, report.per_match))
    })?;
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
