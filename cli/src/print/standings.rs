//! A tournament's standings and head-to-head tables, as printed.

use std::io::Write;

use crate::arena::Seats;
use crate::arena::report::{self, TournamentReport};
use crate::games::CliGame;
use crate::print::shown;

/// What the standings' points column holds and how the table is ranked, for game `G`
/// (`per_match`: by points per match played, the bots having played different numbers).
pub(crate) fn standings_note<G: CliGame>(
    config: &G::Config,
    per_match: bool,
) -> (&'static str, String) {
    let (column, points) = match Seats::of::<G>(config) {
        Seats::Duel => (
            "points",
            "points: the sum of the matches' scores (win 1, draw 0.5, loss 0)",
        ),
        Seats::FreeForAll { .. } => ("score", "score: the sum of the matches' scores"),
    };
    let ranked = match G::RANKING {
        koth_engine_core::Ranking::Points if per_match => format!(
            "ranked by {column} per match played (the bots played different numbers of matches)"
        ),
        koth_engine_core::Ranking::Points => format!("ranked by {column}"),
        koth_engine_core::Ranking::AveragePlace => "ranked by average place".to_string(),
    };
    (column, format!("{points}; {ranked}"))
}

pub(crate) fn print_standings(
    w: &mut dyn Write,
    report: &TournamentReport,
    (column, note): (&str, String),
) -> std::io::Result<()> {
    let part = match report.shard {
        Some(shard) => format!(
            " of part {shard} of the schedule (koth merge joins the parts' folders into the \
             whole)"
        ),
        None => String::new(),
    };
    writeln!(
        w,
        "{} tournament, seed {}, {} matches{part}{}",
        report.game,
        report.seed,
        report.matches,
        if report.interrupted {
            " (interrupted: the matches finished before)"
        } else {
            ""
        }
    )?;
    let fit = match report.rating_model.as_str() {
        "elo" => "a Bradley-Terry fit of all the matches",
        "plackett-luce" => "a Plackett-Luce fit of all the matches' places",
        _ => "",
    };
    let los = !fit.is_empty();
    if los {
        writeln!(
            w,
            "{note}\nrating: Elo from {fit} (mean 0, prior {} virtual draws per bot) \
             with its 95% interval; LOS: the chance of being stronger than the \
             next row",
            report.prior_draws
        )?;
    } else if report.matches > 0 && report.standings.len() > 1 {
        writeln!(
            w,
            "{note}\nno ratings: the matches do not connect every bot, or with no prior \
             (--prior-draws 0) a bot won or lost every match"
        )?;
    } else {
        writeln!(w, "{note}")?;
    }
    writeln!(
        w,
        "{:>4}  {:<24} {:>8} {:>5} {:>5} {:>6} {:>9} {:>7} {:>15}{}",
        "rank",
        "bot",
        column,
        "wins",
        "draws",
        "losses",
        "avg place",
        "faults",
        "rating",
        if los { "    LOS" } else { "" }
    )?;
    for (i, s) in report.standings.iter().enumerate() {
        let rating = match (s.rating, s.margin) {
            (Some(r), Some(m)) => format!("{r:.1} ± {m:.1}"),
            _ => "-".to_string(),
        };
        let los = match (los, s.los) {
            (true, Some(l)) => format!(" {:>5.1}%", l * 100.0),
            (true, None) => format!(" {:>6}", "-"),
            (false, _) => String::new(),
        };
        writeln!(
            w,
            "{:>4}  {:<24} {:>8.1} {:>5} {:>5} {:>6} {:>9.2} {:>7} {:>15}{los}",
            i + 1,
            shown(&s.name),
            s.points,
            s.wins,
            s.draws,
            s.losses,
            s.average_place,
            s.faults,
            rating,
        )?;
    }
    print_head_to_head(w, &report.head_to_head)
}

/// The head-to-head table: a row per bot, a column per opponent by rank, each cell the row's
/// score against the column over their meetings.
fn print_head_to_head(w: &mut dyn Write, h: &report::HeadToHead) -> std::io::Result<()> {
    const WIDEST: usize = 16;
    if h.names.len() < 2 {
        return Ok(());
    }
    if h.names.len() > WIDEST {
        return writeln!(
            w,
            "\nhead to head: {} bots, see --json or the records' standings.json",
            h.names.len()
        );
    }
    let cells: Vec<Vec<String>> = (0..h.names.len())
        .map(|i| {
            (0..h.names.len())
                .map(|j| match h.games[i][j] {
                    0 => "-".to_string(),
                    g => format!("{}/{g}", h.score[i][j]),
                })
                .collect()
        })
        .collect();
    let width = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(3);
    writeln!(
        w,
        "\nhead to head (the row's score against the column / meetings):"
    )?;
    write!(w, "{:>4}  {:<24}", "", "")?;
    for j in 0..h.names.len() {
        write!(w, " {:>width$}", j + 1)?;
    }
    writeln!(w)?;
    for (i, row) in cells.iter().enumerate() {
        write!(w, "{:>4}  {:<24}", i + 1, shown(&h.names[i]))?;
        for cell in row {
            write!(w, " {cell:>width$}")?;
        }
        writeln!(w)?;
    }
    Ok(())
}
