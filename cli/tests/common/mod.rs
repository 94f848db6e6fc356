//! Helpers shared by the `koth` end-to-end tests: run the binary, read its JSON, write bot
//! scripts, look for leftover bot processes.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// Runs `koth` with `args` in `dir`.
pub fn koth<S: AsRef<std::ffi::OsStr>>(args: &[S], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koth"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("koth runs")
}

/// The words of `line`, split as a shell splits them (no shell runs): a command line written
/// as one line, `words("play samurai --seed 3 --bot 'cmd:python3 bot.py'")`.
pub fn words(line: &str) -> Vec<String> {
    shell_words::split(line).expect("a well-formed command line")
}

/// The one JSON object a successful `koth ... --json` printed.
pub fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "koth failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

/// Writes an executable `sh` script `name` into `dir`.
pub fn script(dir: &Path, name: &str, body: &str) {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Whether any process's command line contains `marker`.
pub fn process_running(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .map(|c| {
                String::from_utf8_lossy(&c)
                    .replace('\0', " ")
                    .contains(marker)
            })
            .unwrap_or(false)
    })
}

/// Plays `game` with the built-in line-up and `seed`, writing a replay into `dir`; returns
/// the replay's path.
pub fn play_with_replay(game: &str, seed: &str, dir: &Path) -> std::path::PathBuf {
    let path = dir.join(format!("{game}-{seed}.jsonl"));
    let out = koth(
        &[
            "play",
            game,
            "--seed",
            seed,
            "--json",
            "--replay",
            path.to_str().unwrap(),
        ],
        dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// Asserts that `koth replay` verifies the replay at `path`.
pub fn assert_replay_verifies(path: &Path, dir: &Path) {
    let ok = koth(&["replay", path.to_str().unwrap()], dir);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).contains("replay verified"));
}
