//! `koth replay` (verify a replay) and `koth view` (its viewer page).

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::PathBuf;

use crate::arena::replay;
use crate::exit::{ReplayMismatch, UsageError};
use crate::games::{self, game};
use crate::print::shown;

/// Opens a replay: the game its header names and a reader of all its lines.
fn open_replay(
    path: &std::path::Path,
) -> anyhow::Result<(&'static dyn games::GameEntry, Box<dyn std::io::BufRead>)> {
    let file = File::open(path)
        .map_err(|e| UsageError(format!("cannot open replay {}: {e}", path.display())))?;
    let mut reader = BufReader::new(file);
    let first = replay::read_line(&mut reader, 1)
        .map_err(|e| replay_error(path, e))?
        .ok_or_else(|| ReplayMismatch("line 1: the replay is empty".into()))?;
    let name = replay::header_game(&first).map_err(|e| replay_error(path, e))?;
    let entry =
        game(&name).map_err(|e| ReplayMismatch(format!("line 1: field `game`: {}", e.0)))?;
    let all = BufReader::new(std::io::Read::chain(
        std::io::Cursor::new([first.into_bytes(), b"\n".to_vec()].concat()),
        reader,
    ));
    Ok((entry, Box::new(all)))
}

/// A replay error as `koth` exits with it: a read error is a usage error (exit 2), any other
/// a mismatch (exit 1).
fn replay_error(path: &std::path::Path, e: replay::ReplayError) -> anyhow::Error {
    match e {
        replay::ReplayError::Io(io) => {
            UsageError(format!("cannot read replay {}: {io}", path.display())).into()
        }
        other => ReplayMismatch(other.to_string()).into(),
    }
}

/// `koth view`: writes the viewer page of a replay.
pub(crate) fn view_replay(path: &std::path::Path, output: Option<PathBuf>) -> anyhow::Result<()> {
    let (entry, mut all) = open_replay(path)?;
    let page = entry.view(&mut all).map_err(|e| replay_error(path, e))?;
    let output = output.unwrap_or_else(|| path.with_extension("html"));
    if output == *path {
        return Err(UsageError(format!(
            "the page would overwrite the replay {}: name another with -o",
            path.display()
        ))
        .into());
    }
    if output.as_os_str() == "-" {
        std::io::stdout().write_all(page.as_bytes())?;
    } else {
        std::fs::write(&output, page)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", output.display())))?;
        eprintln!("wrote {}", output.display());
    }
    Ok(())
}

/// `koth replay`: exit 0 verified, 1 the replay does not verify (its content, an unknown
/// game included), 2 the file cannot be opened or read.
pub(crate) fn verify_replay(path: &std::path::Path) -> anyhow::Result<()> {
    let (entry, mut all) = open_replay(path)?;
    let verified = entry.verify(&mut all).map_err(|e| replay_error(path, e))?;
    println!(
        "replay verified: {} {} turns, {}",
        verified.game,
        verified.turns,
        verified
            .players
            .iter()
            .map(|p| shown(p))
            .collect::<Vec<_>>()
            .join(" vs ")
    );
    Ok(())
}
