//! `koth play`: one match, its log or JSON report, replay and viewer page.

use std::fs::File;
use std::io::{BufWriter, Write};

use crate::arena::output::Outputs;
use crate::arena::spec::BotSpec;
use crate::arena::{MatchSetup, play_match_to};
use crate::args::PlayArgs;
use crate::commands::clock_seed;
use crate::commands::setup::{bot_specs, check_seat_count, load_config};
use crate::confine::reaper;
use crate::exit::{Faulted, Interrupted, UsageError};
use crate::games::CliGame;
use crate::print::{fault_counts, print_match, view};

/// A file created for a page not written yet: removed when dropped, unless
/// [`written`](Unwritten::written).
struct Unwritten<'a>(&'a std::path::Path);

impl Unwritten<'_> {
    /// The page is in the file: it stays.
    fn written(&mut self) {
        self.0 = std::path::Path::new("");
    }
}

impl Drop for Unwritten<'_> {
    fn drop(&mut self) {
        if !self.0.as_os_str().is_empty() {
            let _ = std::fs::remove_file(self.0);
        }
    }
}

/// `koth play` for game `G`.
pub fn play<G: CliGame>(args: &PlayArgs) -> anyhow::Result<()> {
    let config = load_config::<G>(&args.bots)?;
    let lineup = G::bots().lineup(G::seats(&config));
    let specs = bot_specs::<G>(&args.bots, &lineup)?;
    check_seat_count::<G>(&config, specs.len())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut replay_file = match &args.replay {
        Some(path) => Some(BufWriter::new(File::create(path).map_err(|e| {
            UsageError(format!("cannot create replay {}: {e}", path.display()))
        })?)),
        None => None,
    };
    // The viewer page is made from the replay, kept in memory beside the replay file. Its
    // file is created first (a path that cannot be written fails before the match) and
    // removed again unless the page is written.
    let mut view_file = match &args.view {
        Some(path) => Some((
            Unwritten(path),
            File::create(path).map_err(|e| {
                UsageError(format!("cannot create viewer page {}: {e}", path.display()))
            })?,
        )),
        None => None,
    };
    let mut view_lines: Option<Vec<u8>> = view_file.as_ref().map(|_| Vec::new());
    let mut replay_sink = Tee(
        replay_file.as_mut().map(|w| w as &mut dyn Write),
        view_lines.as_mut(),
    );
    let stdout = std::io::stdout();
    let mut log = stdout.lock();
    let seats: Vec<&BotSpec> = specs.iter().collect();
    let mut outputs = Outputs::new(
        if args.json { None } else { Some(&mut log) },
        if replay_sink.is_used() {
            Some(&mut replay_sink as &mut dyn Write)
        } else {
            None
        },
    );
    outputs.board = args.board;
    outputs.effects = args.effects;
    let report = play_match_to::<G>(
        &MatchSetup {
            config: &config,
            seed,
            specs: &seats,
        },
        outputs,
    )?;
    if let Some(mut w) = replay_file {
        w.flush()?;
    }
    if reaper::interrupted() {
        return Err(Interrupted("; the match was not finished").into());
    }
    if let (Some((unwritten, file)), Some(lines)) = (view_file.as_mut(), view_lines) {
        let page = view::page::<G>(&mut lines.as_slice())
            .map_err(|e| anyhow::anyhow!("the match's replay does not verify: {e}"))?;
        file.write_all(page.as_bytes())
            .map_err(|e| UsageError(format!("cannot write {}: {e}", unwritten.0.display())))?;
        unwritten.written();
    }
    if args.json {
        serde_json::to_writer(&mut log, &report)?;
        writeln!(log)?;
    } else {
        print_match(&mut log, &report)?;
    }
    if args.bots.strict && !report.faults.is_empty() {
        let mut by_bot: Vec<(&str, usize)> = Vec::new();
        for f in &report.faults {
            match by_bot.iter_mut().find(|(n, _)| *n == f.player) {
                Some((_, count)) => *count += 1,
                None => by_bot.push((&f.player, 1)),
            }
        }
        return Err(Faulted(fault_counts(by_bot.into_iter())).into());
    }
    Ok(())
}

/// Writes to a file and a buffer, either or both.
struct Tee<'a>(Option<&'a mut dyn Write>, Option<&'a mut Vec<u8>>);

impl Tee<'_> {
    /// Whether it writes anywhere.
    fn is_used(&self) -> bool {
        self.0.is_some() || self.1.is_some()
    }
}

impl Write for Tee<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if let Some(w) = &mut self.0 {
            w.write_all(buf)?;
        }
        if let Some(v) = &mut self.1 {
            v.extend_from_slice(buf);
        }
        Ok(())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.0 {
            Some(w) => w.flush(),
            None => Ok(()),
        }
    }
}
