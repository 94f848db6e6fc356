//! koth's libraries in a program of your own (a contest site's worker, say): a sandboxed
//! samurai match of two programs, then a three-bot tournament with records. Run it with
//! `cargo run -p koth-arena --example embed`.

use std::sync::Arc;

use koth_arena::tournament::{self, Out, RunOptions};
use koth_arena::{MatchSetup, launch::Launch, play_match, spec::BotSpec};
use koth_confine::{folders, helper, reaper, sandbox::Sandbox};
use koth_samurai::{Config, Samurai};

fn main() -> anyhow::Result<std::process::ExitCode> {
    // This program is also its bots' helper in their sandboxes: that comes first.
    if let Some(code) = helper::helper_main() {
        return Ok(code);
    }
    let me = std::env::current_exe()?;
    reaper::enable(true)?;
    // The bots' folder (empty here), copied into each bot's sandbox for each match.
    let dir = tempfile::tempdir()?;
    let launch = Arc::new(Launch {
        workdir: dir.path().to_path_buf(),
        sandbox: Sandbox::new(me, false, vec![])
            .inspect_err(|why| eprintln!("no sandbox here ({why}): the bots run unconfined"))
            .ok()
            .map(Arc::new),
        ..Launch::default()
    });
    // Two programs that always play the same action, and a built-in bot.
    let specs = ["archer=cmd:echo B", "wall=cmd:echo G", "builtin:monk"]
        .iter()
        .map(|text| BotSpec::parse::<Samurai>(text, &launch))
        .collect::<Result<Vec<_>, _>>()?;
    let setup = MatchSetup::<Samurai> {
        config: &Config::default(),
        seed: 7,
        specs: &[&specs[0], &specs[1]],
    };
    let report = play_match(&setup, None, None)?;
    anyhow::ensure!(report.faults.is_empty(), "faults: {:?}", report.faults);
    println!("match: {:?} after {} turns", report.outcome, report.turns);
    let options = RunOptions {
        jobs: 2,
        out: Some(Out {
            dir: dir.path().join("records"),
            replays: true,
            resume: false,
        }),
        ..RunOptions::default()
    };
    let table = tournament::run::<Samurai>(&Config::default(), &specs, 2, 7, &options)?;
    anyhow::ensure!(table.matches == 6 && dir.path().join("records/tournament.json").is_file());
    for s in &table.standings {
        println!("{:<8} {:>4.1} points {} faults", s.name, s.points, s.faults);
    }
    reaper::sweep();
    folders::remove_run_dir();
    Ok(std::process::ExitCode::SUCCESS)
}
