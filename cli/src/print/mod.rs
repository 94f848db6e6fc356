//! What `koth` prints for people: a match's result, and (in [`standings`]) a tournament's
//! table; [`view`]: a replay's viewer page. Bot text is shown through [`report::visible`].

use std::io::Write;

use crate::arena::report::{self, MatchReport};

pub(crate) mod progress;
pub(crate) mod standings;
pub(crate) mod view;

/// A player's name as printed: visible escapes, at most 64 characters.
/// Prints `report` on stdout: one JSON line with `json`, else as `text` writes it.
pub(crate) fn print_report(
    json: bool,
    report: &impl serde::Serialize,
    text: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    if json {
        serde_json::to_writer(&mut w, report)?;
        writeln!(w)?;
    } else {
        text(&mut w)?;
    }
    Ok(())
}

pub(crate) fn shown(name: &str) -> String {
    report::visible(name, 64)
}

pub(crate) fn one_line(s: &str) -> String {
    s.split('\n').map(str::trim).collect::<Vec<_>>().join(" ")
}

/// `NAME N, NAME N` for bots with faults.
pub(crate) fn fault_counts<'a>(counts: impl Iterator<Item = (&'a str, usize)>) -> String {
    let counts: Vec<String> = counts
        .filter(|(_, n)| *n > 0)
        .map(|(name, n)| format!("{} {n}", shown(name)))
        .collect();
    format!("bots faulted ({})", counts.join(", "))
}

pub(crate) fn print_match(w: &mut dyn Write, report: &MatchReport) -> std::io::Result<()> {
    let mut order: Vec<_> = report.players.iter().collect();
    order.sort_by_key(|p| p.place);
    let headline = match report.outcome {
        koth_engine_core::OutcomeKind::Win => format!("{} wins", shown(&order[0].name)),
        koth_engine_core::OutcomeKind::Draw => "draw".to_string(),
        koth_engine_core::OutcomeKind::Ranking => "final ranking".to_string(),
    };
    writeln!(
        w,
        "\nresult: {headline} after {} turns (seed {})",
        report.turns, report.seed
    )?;
    for p in order {
        writeln!(
            w,
            "  {}. {:<20} score {:>6}  {}",
            p.place,
            shown(&p.name),
            p.score,
            p.stats
        )?;
    }
    if !report.faults.is_empty() {
        writeln!(w, "faults ({}):", report.faults.len())?;
        for f in report.faults.iter().take(20) {
            writeln!(
                w,
                "  turn {:>4} {} {}: {}",
                f.turn,
                shown(&f.player),
                f.kind.as_str(),
                report::visible(&f.detail, report::MAX_SHOWN)
            )?;
        }
        if report.faults.len() > 20 {
            writeln!(w, "  ... and {} more", report.faults.len() - 20)?;
        }
    }
    Ok(())
}
