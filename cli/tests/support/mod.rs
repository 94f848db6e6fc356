//! Helpers shared by the `koth` end-to-end tests: run the binary, read its JSON, write bot
//! scripts, look for leftover bot processes.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// `koth` with a command line written as one line and split as a shell splits it (no shell
/// runs): `koth("play samurai --seed 3 --json --bot cmd:./bot.sh").run(dir)`.
pub fn koth(line: &str) -> Koth {
    let mut command = Command::new(env!("CARGO_BIN_EXE_koth"));
    command.args(words(line));
    Koth(command)
}

/// The words of `line`, split as a shell splits them (no shell runs): a command line written
/// as one line, `words("play samurai --seed 3 --bot 'cmd:python3 bot.py'")`.
pub fn words(line: &str) -> Vec<String> {
    shell_words::split(line).expect("a well-formed command line")
}

/// A `koth` command line being built: more words and environment variables, then run it in a
/// directory ([`Koth::run`]) or take the [`Command`] to spawn it ([`Koth::command`]).
pub struct Koth(Command);

impl Koth {
    /// One more word, unsplit (a path, JSON text).
    pub fn arg(mut self, a: impl AsRef<OsStr>) -> Self {
        self.0.arg(a);
        self
    }

    /// More words, each unsplit.
    pub fn args<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(mut self, args: I) -> Self {
        self.0.args(args);
        self
    }

    /// Sets the environment variable `k` to `v` for the run.
    pub fn env(mut self, k: impl AsRef<OsStr>, v: impl AsRef<OsStr>) -> Self {
        self.0.env(k, v);
        self
    }

    /// Sets each `(variable, value)` of `vars` for the run.
    pub fn envs<I, K, V>(mut self, vars: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<OsStr>,
        V: AsRef<OsStr>,
    {
        self.0.envs(vars);
        self
    }

    /// The [`Command`], for tests that spawn it, feed its stdin or set it up further.
    pub fn command(self) -> Command {
        self.0
    }

    /// Runs the command line in `dir` and waits for it.
    pub fn run(mut self, dir: &Path) -> Output {
        self.0.current_dir(dir).output().expect("koth runs")
    }
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
    let out = koth(&format!("play {game} --seed {seed} --json --replay"))
        .arg(&path)
        .run(dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// Asserts that `koth replay` verifies the replay at `path`.
pub fn assert_replay_verifies(path: &Path, dir: &Path) {
    let ok = koth("replay").arg(path).run(dir);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).contains("replay verified"));
}

/// The address `koth serve --listen 127.0.0.1:0` prints on its first line once it listens,
/// read from `child`'s piped standard error; with the rest of that error, to keep open
/// while the server may write more.
pub fn served_url(
    child: &mut std::process::Child,
) -> (String, std::io::BufReader<std::process::ChildStderr>) {
    use std::io::BufRead;
    let mut stderr = std::io::BufReader::new(child.stderr.take().expect("stderr piped"));
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    (url, stderr)
}
