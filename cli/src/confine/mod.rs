//! Confinement of untrusted programs: everything koth does at the level of the operating
//! system to run a stranger's program, and nothing that knows a game.
//!
//! - [`process`]: one run of a program per call, with a time limit and output caps;
//!   [`session`]: one long-running program answering line by line.
//! - [`sandbox`]: bubblewrap around each bot; [`spawner`]: the helper that starts a bot's
//!   calls inside its sandbox; [`cgroup`]: its memory, process and CPU caps; [`rlimits`]:
//!   per-process limits; [`folders`]: its private folder and koth's run folder.
//! - [`reaper`]: no bot process outlives its call, its match or koth.
//!
//! All of koth's `unsafe` code and process-global state is here.

pub mod cgroup;
pub mod folders;
pub mod process;
pub mod reaper;
pub mod rlimits;
pub mod sandbox;
pub mod session;
pub mod spawner;

/// Whether `name` (of a run folder or a control group) is `PREFIX` + `PID-...` for a PID that
/// is not this process and no running process's: left by a koth that no longer runs.
fn left_by_gone_koth(name: &std::ffi::OsStr, prefix: &str) -> bool {
    let pid = name
        .to_str()
        .and_then(|n| n.strip_prefix(prefix))
        .and_then(|rest| rest.split('-').next())
        .and_then(|pid| pid.parse::<u32>().ok());
    pid.is_some_and(|pid| {
        pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists()
    })
}

#[cfg(test)]
mod tests {
    /// The confinement files name no game, no command-line or server crate, and no part of
    /// koth outside this folder: the layers point one way (confine <- players <- binary).
    #[test]
    fn confinement_knows_no_game_and_nothing_above_it() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/confine");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n == "mod.rs") {
                // This test's own list.
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            files += 1;
            for word in [
                "koth_samurai",
                "koth_tanks",
                "koth_naval",
                "koth_bomberman",
                "koth_http_battleship",
                "Contest",
                "clap::",
                "tokio",
                "axum",
                "indicatif",
            ] {
                assert!(!text.contains(word), "{} names {word}", path.display());
            }
            for (at, _) in text.match_indices("crate::") {
                assert!(
                    text[at..].starts_with("crate::confine"),
                    "{} reaches {}",
                    path.display(),
                    &text[at..(at + 40).min(text.len())]
                );
            }
        }
        assert!(files >= 8, "{files} files");
    }
}
