//! `koth sprt`: the flags checked, the test run, its progress and verdict printed.

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use crate::arena::Seats;
use crate::arena::sequential::{self, Hypotheses, SprtOptions, SprtProgress, SprtReport};
use crate::arena::sprt::{Counts, Verdict};
use crate::args::{BotArgs, SprtArgs};
use crate::commands::clock_seed;
use crate::commands::setup::{bot_options, bot_specs, jobs, load_config, records_out};
use crate::exit::{Interrupted, UsageError};
use crate::games::CliGame;
use crate::print::{print_report, shown};

/// The most games one test may play.
pub const MAX_SPRT_GAMES: u64 = 10_000_000;

/// `koth sprt` for game `G`.
pub fn sprt<G: CliGame>(args: &SprtArgs) -> anyhow::Result<()> {
    let config = load_config::<G>(&args.bots)?;
    let usage = |why: String| -> anyhow::Error { UsageError(why).into() };
    if args.bots.bots.len() != 2 {
        return Err(usage(format!(
            "koth sprt needs --bot NEW --bot OLD (two bots, the new one first), not {}",
            args.bots.bots.len()
        )));
    }
    let duel = matches!(Seats::of::<G>(&config), Seats::Duel);
    if duel && !args.opponents.is_empty() {
        return Err(usage(format!(
            "{} is a duel: NEW plays OLD, --opponents is for free-for-all games",
            G::NAME
        )));
    }
    for (name, p) in [("--alpha", args.alpha), ("--beta", args.beta)] {
        if !(p > 0.0 && p < 0.5) {
            return Err(usage(format!(
                "{name} must lie strictly between 0 and 0.5, not {p}"
            )));
        }
    }
    if !(args.elo0.is_finite() && args.elo1.is_finite() && args.elo0 < args.elo1) {
        return Err(usage(format!(
            "--elo1 ({}) must be finite and above --elo0 ({})",
            args.elo1, args.elo0
        )));
    }
    if !(2..=MAX_SPRT_GAMES).contains(&args.max_games) {
        return Err(usage(format!(
            "--max-games must lie in 2..={MAX_SPRT_GAMES}, not {}",
            args.max_games
        )));
    }
    let mut texts = args.bots.bots.clone();
    if !duel {
        let opponents = if args.opponents.is_empty() {
            let lineup = G::bots().lineup(G::seats(&config));
            let others = lineup.len().saturating_sub(1).max(1);
            lineup
                .iter()
                .cycle()
                .take(others)
                .map(|id| format!("builtin:{id}"))
                .collect()
        } else {
            args.opponents.clone()
        };
        texts.extend(opponents);
    }
    let every = BotArgs {
        bots: texts,
        ..args.bots.clone()
    };
    let specs = bot_specs::<G>(&every, &[])?;
    let out = records_out(&args.out, &args.resume, false);
    let seed = args
        .run
        .seed
        .or_else(|| args.resume.as_deref().and_then(sequential::recorded_seed))
        .unwrap_or_else(clock_seed);
    let options = SprtOptions {
        jobs: jobs(args.run.jobs)?,
        out,
        progress: (args.progress_every > 0).then(|| {
            (
                Arc::new(Trace {
                    terminal: std::io::stderr().is_terminal(),
                }) as Arc<dyn SprtProgress>,
                args.progress_every,
            )
        }),
        bot_options: bot_options(&args.bots, &specs),
    };
    let hypotheses = Hypotheses {
        elo0: args.elo0,
        elo1: args.elo1,
        alpha: args.alpha,
        beta: args.beta,
    };
    let report = sequential::run::<G>(
        &config,
        &specs,
        seed,
        hypotheses,
        args.max_games / 2,
        &options,
    )?;
    print_report(args.run.json, &report, |w| print_summary(w, &report))?;
    if report.interrupted {
        return Err(Interrupted("; the summary counts the pairs finished before").into());
    }
    Ok(())
}

/// Prints the running test on stderr: one line per update.
struct Trace {
    terminal: bool,
}

impl SprtProgress for Trace {
    fn update(&self, r: &SprtReport) {
        let line = status_line(r);
        let mut err = std::io::stderr().lock();
        let _ = if self.terminal {
            writeln!(err, "\x1b[2K{line}")
        } else {
            writeln!(err, "{line}")
        };
    }
}

/// Pairs, results, estimates and the LLR in one line.
fn status_line(r: &SprtReport) -> String {
    let e = &r.estimate;
    format!(
        "pairs {} ({} games)  {} {}-{}-{}  {} {:?}  Elo {:.1} ± {:.1}  nElo {:.1} ± {:.1}  LOS \
         {:.1}%  LLR {:.2} ({:.2}, {:.2})",
        r.pairs,
        r.games,
        wdl_words(&r.counts),
        r.wins,
        r.draws,
        r.losses,
        counts_word(&r.counts),
        r.counts.as_slice(),
        e.elo,
        e.elo_margin,
        e.nelo,
        e.nelo_margin,
        e.los * 100.0,
        r.llr,
        r.bounds.0,
        r.bounds.1
    )
}

/// What the wins, draws and losses count.
fn wdl_words(counts: &Counts) -> &'static str {
    match counts {
        Counts::Pentanomial(_) => "W-D-L",
        Counts::Trinomial(_) => "ahead-level-behind",
    }
}

/// The name of the pairs' counts.
fn counts_word(counts: &Counts) -> &'static str {
    match counts {
        Counts::Pentanomial(_) => "pentanomial",
        Counts::Trinomial(_) => "trinomial",
    }
}

/// The test's summary, as printed at the end.
fn print_summary(w: &mut dyn Write, r: &SprtReport) -> std::io::Result<()> {
    let h = &r.hypotheses;
    let against = if r.opponents.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = r.opponents.iter().map(|n| shown(n)).collect();
        format!(" (each in the same seat against {})", names.join(", "))
    };
    writeln!(
        w,
        "{} sprt, seed {}: {} against {}{against}",
        r.game,
        r.seed,
        shown(&r.new),
        shown(&r.old)
    )?;
    writeln!(
        w,
        "H0: nElo {} against H1: nElo {} (alpha {}, beta {})",
        h.elo0, h.elo1, h.alpha, h.beta
    )?;
    let verdict = match r.verdict {
        Verdict::H1 => format!("H1 accepted: {} is stronger", shown(&r.new)),
        Verdict::H0 => format!(
            "H0 accepted: {} is not {} nElo stronger",
            shown(&r.new),
            h.elo1
        ),
        Verdict::Inconclusive if r.interrupted => "inconclusive: interrupted".to_string(),
        Verdict::Inconclusive => "inconclusive: the games ran out (--max-games)".to_string(),
    };
    writeln!(w, "{verdict}")?;
    writeln!(w, "{}", status_line(r))?;
    writeln!(
        w,
        "faults: {} {}, {} {}",
        shown(&r.new),
        r.faults[0],
        shown(&r.old),
        r.faults[1]
    )
}
