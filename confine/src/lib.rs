//! Confinement of untrusted programs (Linux): everything koth does at the level of the
//! operating system to run a stranger's program, and nothing that knows a game.
//!
//! - [`process`]: one run of a program per call, with a time limit and output caps;
//!   [`session`]: one long-running program answering line by line.
//! - [`sandbox`]: the walls around each bot (koth's own, or bubblewrap's); [`spawner`]: what
//!   starts a bot's calls inside its sandbox (the walls' PID 1, or the helper under
//!   bubblewrap); [`cgroup`]: its memory, process and CPU caps; [`rlimits`]:
//!   per-process limits; [`folders`]: its private folder and koth's run folder;
//!   [`probed`]: the check that a sandbox can be made, remembered between runs.
//! - [`walls`]: koth's own sandbox (namespaces and mounts).
//! - [`reaper`]: no bot process outlives its call, its match or koth.
//!
//! All of koth's `unsafe` code and process-global state is here.
//!
//! # What the host binary does
//!
//! Under bubblewrap, the confinement runs parts of itself as separate processes of the binary
//! that embeds it (the helper given to [`sandbox::Sandbox::new`], usually
//! `std::env::current_exe()`; koth's own walls run none), so that binary calls
//! [`helper::helper_main`] first thing in `main` (see [`helper`]). Before
//! running bots it calls [`reaper::enable`] (and may remove what killed runs left:
//! [`folders::remove_stale_run_dirs`], [`cgroup::remove_stale`]); when it ends,
//! [`reaper::sweep`], [`reaper::stop_guardian`] and [`folders::remove_run_dir`].

pub mod cgroup;
pub mod folders;
pub mod helper;
mod lines;
pub mod probed;
pub mod process;
pub mod reaper;
pub mod rlimits;
pub mod sandbox;
pub mod session;
pub mod spawner;
pub mod walls;

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
    /// The confinement files name no game and no command-line or server crate (its
    /// dependencies cannot reach the layers above it; this keeps their words out too).
    #[test]
    fn confinement_knows_no_game() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n == "lib.rs") {
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
        }
        assert!(files >= 8, "{files} files");
    }
}
