//! Process-protocol benchmarks: whole `koth play` matches between external programs, against
//! the bare cost of starting those programs.
//!
//! - `process/<game>/koth`: one `koth play <game> --json --sandbox off` of two trivial
//!   compiled bots (C,
//!   built with `cc` when the bench starts) over a short config: samurai 20 turns (40 calls
//!   with arguments), tanks 20 ticks (40 calls with a stdin line), naval 10 rounds (2 class
//!   choices and 20 calls with an argument and a state file). It measures the whole binary:
//!   start, every spawn, read and parse, the report.
//! - `process/<game>/sandboxed`: the same with `--sandbox on` (koth's own sandbox where it can
//!   be made, else bwrap; `KOTH_SANDBOX_TOOL` chooses, see `koth_cli::confine::sandbox`).
//! - `process/<game>/bare`: the same number of fork/exec/wait of the same bot with the same
//!   kind of input, without `koth`: the floor a runner cannot beat. koth's per-call overhead
//!   is the ratio of the two.
//! - `process/<game>/floor`: the same spawns made by a minimal runner, a separate C program
//!   (built when the bench starts) started as `koth` is, that does nothing but start the bot
//!   the match's number of times, feed it and read it. It is the floor for any runner that is
//!   a process of its own: `bare` has no process to start, nor to end. The ratios
//!   `floor-per-bare` (the cost of having a runner process at all, on this machine) and
//!   `koth-per-floor` (what koth does beyond it: its larger start, its arguments, the bots'
//!   private folders, the guardian, each call's group, time limit and sweep) split
//!   `koth-per-bare` in two.
//! - `process/<game>/baseline` and `process/<game>/baseline-sandboxed`: with
//!   `KOTH_BASELINE=/path/to/another/koth`, the same matches played by that binary in the
//!   same run (before/after comparisons of a change), and the ratios `koth-per-baseline`
//!   and `koth-per-baseline-sandboxed` (see the `-per-` rows below).
//!
//! - `call/<input>/koth` and `call/<input>/bare`: one call, in this process: koth's
//!   `ExternalCommand::call` (spawn with its death signal and subreaper flag, the poll loop,
//!   the group kill and the sweep for leftovers) against a bare `std::process::Command`
//!   fork/exec/wait of the same trivial C bot, its input in arguments (`args`) or a stdin
//!   line (`stdin`). koth's per-call overhead is the ratio; these need no koth binary.
//!   `call/<input>/sandboxed`: the same call in the sandbox (one sandbox and koth's spawner
//!   kept for all calls, as in a match; needs a sandbox and the koth binary).
//!
//! - `process/bomberman/<koth|sandboxed|bare>`: the same for a long-running game: a 100-tick
//!   bomberman match of four trivial C bots (one process each for the match, a JSON line in
//!   and out a tick); `bare` starts the four and exchanges as many lines of a tick's size
//!   with them over plain pipes.
//!
//! - `tick/session` and `tick/raw`: one tick of a long-running game with 4 trivial C bots
//!   (read a line, answer a short one), each sent an 11,000-byte line (the size of a
//!   bomberman tick's JSON) and its answer waited for, bot after bot as the match asks them:
//!   through koth's [`Session`](koth_cli::confine::session::Session) (unconfined), against
//!   the same bytes written to and read from plain pipes by this thread (`raw`), the floor.
//!   koth's per-tick transport cost is the ratio.
//!
//! - `process/<game>/koth-per-bare` and `process/<game>/sandboxed-per-koth`: the ratios the
//!   runner aims at (koth's unconfined match over the bare spawns, the sandboxed match over
//!   the unconfined one; `floor-per-bare` and `koth-per-floor` split the first, see
//!   `floor`), given as a time: **1 ms stands for 1.0x** (1.21 ms: 1.21 times).
//!   Each iteration runs the two matches back to back, in turns first or second, and the
//!   ratio is of their totals. The rows above are measured seconds apart, and on a shared
//!   machine the load drifts more in that time than the differences measured; run back to
//!   back, the drift falls out.
//!
//! - `folder/<files>x<KiB>`: making (and removing) a bot's private folder for one match, a
//!   copy of a bot folder of that many files of that size (see `koth_cli::confine::folders`).
//!
//! The `koth` binary is `KOTH_BIN`, else `target/release/koth` (build it first:
//! `cargo build --release -p koth-cli && cargo bench -p benches --bench process`). Without
//! a binary or a C compiler the bench says so and measures nothing.
//!
//! Every measured match checks its report (the right number of turns, no faults).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use koth_cli::confine::process::ExternalCommand;

/// One game's setup: its name, config, the bot's C source, and how `bare` feeds the bot.
struct Case {
    game: &'static str,
    config: &'static str,
    turns: u64,
    bot: &'static str,
    /// Calls the match makes, and what each gets: arguments or a stdin line.
    calls: usize,
    input: Input,
}

enum Input {
    Args(&'static [&'static str]),
    Stdin(&'static str),
}

const CASES: &[Case] = &[
    Case {
        game: "samurai",
        config: r#"{"max_turns": 20}"#,
        turns: 20,
        bot: r#"#include <stdio.h>
int main(void) { fputs("B\n", stdout); return 0; }"#,
        calls: 40,
        input: Input::Args(&["0", "0", "20", "20"]),
    },
    Case {
        game: "tanks",
        config: r#"{"max_ticks": 20, "side": 5}"#,
        turns: 20,
        bot: r#"#include <stdio.h>
int main(void) { char line[4096]; if (!fgets(line, sizeof line, stdin)) return 1;
  fputs("mu\n", stdout); return 0; }"#,
        calls: 40,
        input: Input::Stdin("0;5;0,0,0;1,3,2\n"),
    },
    Case {
        game: "naval",
        config: r#"{"rounds": 10}"#,
        // Naval counts a turn per ship per round.
        turns: 20,
        bot: r#"#include <stdio.h>
int main(int argc, char **argv) { (void)argv; fputs(argc < 2 ? "1\n" : "W\n", stdout);
  return 0; }"#,
        calls: 22,
        input: Input::Args(&["round-line"]),
    },
];

/// Compiles `source` into `dir/name`; `None` without a working C compiler.
fn compile(dir: &Path, name: &str, source: &str) -> Option<PathBuf> {
    let src = dir.join(format!("{name}.c"));
    std::fs::write(&src, source).ok()?;
    let exe = dir.join(name);
    let ok = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .ok()?
        .success();
    ok.then_some(exe)
}

/// The minimal runner of `process/<game>/floor`: `floor BOT N stdin LINE` or
/// `floor BOT N args ARG...` starts BOT N times as `bare` does (`posix_spawn`, as std's
/// `Command`; standard output and error piped, standard input a pipe with LINE or
/// `/dev/null`), reads all it writes and waits for it; it fails if a run writes nothing or
/// fails.
const FLOOR_RUNNER: &str = r#"#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
extern char **environ;
int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = atoi(argv[2]), stdin_line = strcmp(argv[3], "stdin") == 0;
  if (stdin_line && argc != 5) return 2;
  const char *line = stdin_line ? argv[4] : NULL;
  char **args = &argv[3];
  args[0] = argv[1];
  if (stdin_line) args[1] = NULL;
  for (int i = 0; i < n; i++) {
    int in[2], out[2], err[2];
    if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) return 1;
    if (stdin_line) { if (pipe2(in, O_CLOEXEC)) return 1; }
    else if ((in[0] = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) return 1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    pid_t pid;
    if (posix_spawn(&pid, argv[1], &fa, NULL, args, environ)) return 1;
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]); close(out[1]); close(err[1]);
    if (stdin_line) {
      size_t len = strlen(line);
      if (write(in[1], line, len) != (ssize_t)len) return 1;
      close(in[1]);
    }
    struct pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    char buf[4096];
    ssize_t got = 0;
    for (int open_ends = 2; open_ends > 0;) {
      if (poll(fds, 2, -1) < 0) return 1;
      for (int f = 0; f < 2; f++) {
        if (fds[f].fd < 0 || !fds[f].revents) continue;
        ssize_t r = read(fds[f].fd, buf, sizeof buf);
        if (r > 0) { if (f == 0) got += r; continue; }
        close(fds[f].fd); fds[f].fd = -1; open_ends--;
      }
    }
    int status;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) || !got)
      return 1;
  }
  return 0;
}
"#;

/// Runs the minimal floor runner `runner` over `case`'s calls, started and waited for as `play`
/// starts and waits for `koth`.
fn floor(runner: &Path, case: &Case, bot: &Path, dir: &Path) {
    let mut cmd = Command::new(runner);
    cmd.arg(bot).arg(case.calls.to_string()).current_dir(dir);
    match &case.input {
        Input::Args(args) => cmd.arg("args").args(*args),
        Input::Stdin(line) => cmd.args(["stdin", line]),
    };
    let out = cmd.output().expect("the floor runner runs");
    assert!(
        out.status.success(),
        "the floor runner failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn koth_binary() -> Option<PathBuf> {
    let path = std::env::var_os("KOTH_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/koth"));
    path.is_file().then_some(path)
}

/// Plays one match with `koth` (`--sandbox MODE`) and checks its report.
fn play(koth: &Path, case: &Case, sandbox: &str, dir: &Path) {
    // The bot from its own folder, as a sandboxed bot sees nothing else.
    let spec = format!("cmd:./{}", case.game);
    let out = Command::new(koth)
        .args(["play", case.game, "--json", "--seed", "1", "--config"])
        .arg(dir.join(format!("{}.json", case.game)))
        .args(["--sandbox", sandbox, "--workdir"])
        .arg(dir)
        .args(["--bot", &spec, "--bot", &spec])
        .current_dir(dir)
        .output()
        .expect("koth runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("\"turns\":{}", case.turns)),
        "{}: {text}",
        case.game
    );
    assert!(text.contains("\"faults\":[]"), "{}: {text}", case.game);
}

/// Starts the bot `case.calls` times the way the match does, without koth.
fn bare(case: &Case, bot: &Path, dir: &Path) {
    for _ in 0..case.calls {
        bare_call(&case.input, bot, dir);
    }
}

/// One bare fork/exec/wait of the bot, its output read.
fn bare_call(input: &Input, bot: &Path, dir: &Path) {
    let mut cmd = Command::new(bot);
    cmd.current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let out = match input {
        Input::Args(args) => cmd.args(*args).stdin(Stdio::null()).output(),
        Input::Stdin(line) => {
            let mut child = cmd.stdin(Stdio::piped()).spawn().expect("bot starts");
            child
                .stdin
                .take()
                .unwrap()
                .write_all(line.as_bytes())
                .unwrap();
            child.wait_with_output()
        }
    }
    .expect("bot runs");
    assert!(out.status.success() && !out.stdout.is_empty());
}

/// One call through koth's runner, in this process.
fn koth_call(input: &Input, cmd: &ExternalCommand) {
    let out = match input {
        Input::Args(args) => {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            cmd.call(&args, None, Duration::from_secs(5))
        }
        Input::Stdin(line) => cmd.call(&[], Some(line.as_bytes()), Duration::from_secs(5)),
    }
    .expect("bot runs");
    assert!(!out.stdout.is_empty());
}

fn calls(c: &mut Criterion) {
    // As in the koth binary: leftovers of a call are handed to this process and killed, and
    // every call is told to the guardian.
    koth_cli::confine::reaper::enable(true).expect("a child subreaper");
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("call");
    group.measurement_time(Duration::from_secs(5));
    for (name, case) in [("args", &CASES[0]), ("stdin", &CASES[1])] {
        let Some(bot) = compile(dir.path(), case.game, case.bot) else {
            eprintln!("process bench: no C compiler (cc); skipped");
            return;
        };
        let cmd = ExternalCommand {
            program: bot.display().to_string(),
            args: vec![],
            workdir: dir.path().to_path_buf(),
            sandbox: None,
        };
        group.bench_function(format!("{name}/koth"), |b| {
            b.iter(|| koth_call(&case.input, &cmd))
        });
        group.bench_function(format!("{name}/bare"), |b| {
            b.iter(|| bare_call(&case.input, &bot, dir.path()))
        });
        // In the sandbox: one sandbox with koth's spawner for all the calls, as in a match.
        let sandbox =
            koth_binary().map(|koth| koth_cli::confine::sandbox::Sandbox::new(koth, false, vec![]));
        if let Some(Ok(sandbox)) = sandbox {
            let boxed = ExternalCommand {
                sandbox: Some(std::sync::Arc::new(sandbox)),
                ..cmd.clone()
            };
            let mut calls =
                koth_cli::confine::spawner::SandboxedCalls::start(&boxed).expect("a sandbox");
            group.bench_function(format!("{name}/sandboxed"), |b| {
                b.iter(|| {
                    let out = match case.input {
                        Input::Args(args) => {
                            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                            calls.call(&args, None, Duration::from_secs(5))
                        }
                        Input::Stdin(line) => {
                            calls.call(&[], Some(line.as_bytes()), Duration::from_secs(5))
                        }
                    }
                    .expect("bot runs");
                    assert!(!out.stdout.is_empty());
                })
            });
        } else {
            eprintln!("process bench: no sandbox or koth binary; call/*/sandboxed skipped");
        }
    }
    group.finish();
}

/// The tick bench's bot: answers each line with a short one, at once.
const TICK_BOT: &str = r#"#include <stdio.h>
static char line[1 << 16];
int main(void) { while (fgets(line, sizeof line, stdin)) { fputs("{\"action\":0}\n", stdout);
  fflush(stdout); } return 0; }"#;

/// Bots per tick, and the bytes each is sent.
const TICK_BOTS: usize = 4;
const TICK_BYTES: usize = 11_000;

/// A long-running bot started bare in `dir`, with its input and its buffered output.
fn piped(
    bot: &Path,
    dir: &Path,
) -> (
    std::process::Child,
    std::process::ChildStdin,
    std::io::BufReader<std::process::ChildStdout>,
) {
    let mut child = Command::new(bot)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("bot starts");
    let input = child.stdin.take().unwrap();
    let output = std::io::BufReader::new(child.stdout.take().unwrap());
    (child, input, output)
}

fn ticks(c: &mut Criterion) {
    use koth_cli::confine::session::{Limits, Session};
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let Some(bot) = compile(dir.path(), "tick", TICK_BOT) else {
        eprintln!("process bench: no C compiler (cc); skipped");
        return;
    };
    let mut line = String::from("{\"tick\":");
    while line.len() < TICK_BYTES - 1 {
        line.push('0');
    }
    line.push('}');
    let mut group = c.benchmark_group("tick");
    group.measurement_time(Duration::from_secs(5));
    let cmd = ExternalCommand {
        program: bot.display().to_string(),
        args: vec![],
        workdir: dir.path().to_path_buf(),
        sandbox: None,
    };
    let limits = Limits {
        per_call: Duration::from_secs(5),
        total: Duration::MAX,
        memory_bytes: None,
    };
    let mut sessions: Vec<Session> = (0..TICK_BOTS)
        .map(|_| Session::start(&cmd, limits).expect("a session"))
        .collect();
    group.bench_function("session", |b| {
        b.iter(|| {
            for session in &mut sessions {
                let answer = session.request(&line).expect("an answer");
                assert_eq!(answer.as_deref(), Some("{\"action\":0}"));
            }
        })
    });
    drop(sessions);
    // The floor: the same bytes through plain pipes, written and read by this thread.
    let mut bytes = line.clone().into_bytes();
    bytes.push(b'\n');
    let mut raw: Vec<_> = (0..TICK_BOTS).map(|_| piped(&bot, dir.path())).collect();
    let mut answer = String::new();
    group.bench_function("raw", |b| {
        b.iter(|| {
            for (_, input, output) in &mut raw {
                input.write_all(&bytes).unwrap();
                answer.clear();
                output.read_line(&mut answer).unwrap();
                assert_eq!(answer, "{\"action\":0}\n");
            }
        })
    });
    for (mut child, input, _) in raw {
        drop(input);
        let _ = child.wait();
    }
    group.finish();
}

fn matches(c: &mut Criterion) {
    let Some(koth) = koth_binary() else {
        eprintln!("process bench: no koth binary (set KOTH_BIN or build target/release/koth)");
        return;
    };
    let baseline = std::env::var_os("KOTH_BASELINE").map(PathBuf::from);
    let dir = tempfile::tempdir().unwrap();
    // Not in the bots' folder, which koth copies for each bot.
    let runner_dir = tempfile::tempdir().unwrap();
    let runner = compile(runner_dir.path(), "floor", FLOOR_RUNNER);
    if runner.is_none() {
        eprintln!("process bench: the floor runner does not build; the floor rows are skipped");
    }
    let mut group = c.benchmark_group("process");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for case in CASES {
        let Some(bot) = compile(dir.path(), case.game, case.bot) else {
            eprintln!("process bench: no C compiler (cc); skipped");
            return;
        };
        std::fs::write(dir.path().join(format!("{}.json", case.game)), case.config).unwrap();
        group.bench_function(format!("{}/koth", case.game), |b| {
            b.iter(|| play(&koth, case, "off", dir.path()))
        });
        group.bench_function(format!("{}/sandboxed", case.game), |b| {
            b.iter(|| play(&koth, case, "on", dir.path()))
        });
        if let Some(base) = &baseline {
            group.bench_function(format!("{}/baseline", case.game), |b| {
                b.iter(|| play(base, case, "off", dir.path()))
            });
            group.bench_function(format!("{}/baseline-sandboxed", case.game), |b| {
                b.iter(|| play(base, case, "on", dir.path()))
            });
            for (mode, suffix) in [("off", ""), ("on", "-sandboxed")] {
                ratio_row(
                    &mut group,
                    &format!("{}/koth-per-baseline{suffix}", case.game),
                    || play(base, case, mode, dir.path()),
                    || play(&koth, case, mode, dir.path()),
                );
            }
        }
        group.bench_function(format!("{}/bare", case.game), |b| {
            b.iter(|| bare(case, &bot, dir.path()))
        });
        let dir = dir.path();
        if let Some(runner) = &runner {
            group.bench_function(format!("{}/floor", case.game), |b| {
                b.iter(|| floor(runner, case, &bot, dir))
            });
            ratio_row(
                &mut group,
                &format!("{}/floor-per-bare", case.game),
                || bare(case, &bot, dir),
                || floor(runner, case, &bot, dir),
            );
            ratio_row(
                &mut group,
                &format!("{}/koth-per-floor", case.game),
                || floor(runner, case, &bot, dir),
                || play(&koth, case, "off", dir),
            );
        }
        ratio_row(
            &mut group,
            &format!("{}/koth-per-bare", case.game),
            || bare(case, &bot, dir),
            || play(&koth, case, "off", dir),
        );
        ratio_row(
            &mut group,
            &format!("{}/sandboxed-per-koth", case.game),
            || play(&koth, case, "off", dir),
            || play(&koth, case, "on", dir),
        );
    }
    long_running(&mut group, &koth, baseline.as_deref(), dir.path());
    group.finish();
}

/// A row `name` giving how many times as long as `first` the matches of `second` take, as a
/// time of 1 ms per 1.0x: each iteration runs both, back to back, `first` first in even
/// iterations and second in odd ones, and the ratio is of their totals.
fn ratio_row(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    mut first: impl FnMut(),
    mut second: impl FnMut(),
) {
    group.bench_function(name, |b| {
        b.iter_custom(|n| {
            let (mut firsts, mut seconds) = (Duration::ZERO, Duration::ZERO);
            for i in 0..n {
                let timed = |f: &mut dyn FnMut(), total: &mut Duration| {
                    let start = Instant::now();
                    f();
                    *total += start.elapsed();
                };
                if i % 2 == 0 {
                    timed(&mut first, &mut firsts);
                    timed(&mut second, &mut seconds);
                } else {
                    timed(&mut second, &mut seconds);
                    timed(&mut first, &mut firsts);
                }
            }
            let ratio = seconds.as_secs_f64() / firsts.as_secs_f64().max(1e-9);
            Duration::from_secs_f64(1e-3 * ratio * n as f64)
        })
    });
}

/// The bomberman bot of `process/bomberman`: stands still every tick.
const STILL_BOT: &str = r#"#include <stdio.h>
static char line[1 << 16];
int main(void) { while (fgets(line, sizeof line, stdin)) {
  fputs("{\"speedX\": 0, \"speedY\": 0, \"drop\": false}\n", stdout); fflush(stdout); }
  return 0; }"#;

/// Ticks of the `process/bomberman` match.
const LONG_TICKS: usize = 100;

/// `process/bomberman/*`: a long-running game's whole match, in and out of the sandbox,
/// against four bare processes fed as many lines.
fn long_running(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    koth: &Path,
    baseline: Option<&Path>,
    dir: &Path,
) {
    use std::io::BufRead;
    let Some(bot) = compile(dir, "bomberman", STILL_BOT) else {
        return;
    };
    let config = format!(r#"{{"rules": {{"max_ticks": {LONG_TICKS}}}}}"#);
    std::fs::write(dir.join("bomberman.json"), config).unwrap();
    let case = Case {
        game: "bomberman",
        config: "",
        turns: LONG_TICKS as u64,
        bot: STILL_BOT,
        calls: 0,
        input: Input::Stdin(""),
    };
    let four = |koth: &Path, sandbox: &'static str| {
        let koth = koth.to_path_buf();
        move || {
            let spec = "cmd:./bomberman";
            let out = Command::new(&koth)
                .args(["play", "bomberman", "--json", "--seed", "1", "--config"])
                .arg(dir.join("bomberman.json"))
                .args(["--sandbox", sandbox, "--workdir"])
                .arg(dir)
                .args(["--bot", spec, "--bot", spec, "--bot", spec, "--bot", spec])
                .current_dir(dir)
                .output()
                .expect("koth runs");
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                text.contains(&format!("\"turns\":{}", case.turns)),
                "{text}"
            );
            assert!(text.contains("\"faults\":[]"), "{text}");
        }
    };
    group.bench_function("bomberman/koth", |b| b.iter(four(koth, "off")));
    group.bench_function("bomberman/sandboxed", |b| b.iter(four(koth, "on")));
    if let Some(base) = baseline {
        group.bench_function("bomberman/baseline", |b| b.iter(four(base, "off")));
        group.bench_function("bomberman/baseline-sandboxed", |b| b.iter(four(base, "on")));
        for (mode, suffix) in [("off", ""), ("on", "-sandboxed")] {
            let name = format!("bomberman/koth-per-baseline{suffix}");
            ratio_row(group, &name, four(base, mode), four(koth, mode));
        }
    }
    let mut line = vec![b'0'; TICK_BYTES];
    line.push(b'\n');
    let bare = || {
        let mut bots: Vec<_> = (0..4).map(|_| piped(&bot, dir)).collect();
        let mut answer = String::new();
        for _ in 0..LONG_TICKS {
            for (_, input, output) in &mut bots {
                input.write_all(&line).unwrap();
                answer.clear();
                output.read_line(&mut answer).unwrap();
            }
        }
        for (mut child, input, _) in bots {
            drop(input);
            child.wait().unwrap();
        }
    };
    group.bench_function("bomberman/bare", |b| b.iter(bare));
    ratio_row(group, "bomberman/koth-per-bare", bare, four(koth, "off"));
    ratio_row(
        group,
        "bomberman/sandboxed-per-koth",
        four(koth, "off"),
        four(koth, "on"),
    );
}

fn folders(c: &mut Criterion) {
    let mut group = c.benchmark_group("folder");
    group.measurement_time(Duration::from_secs(5));
    for (files, kib) in [(5usize, 4usize), (200, 25)] {
        let seed = tempfile::tempdir().unwrap();
        std::fs::create_dir(seed.path().join("lib")).unwrap();
        for i in 0..files {
            let sub = if i % 2 == 0 { "" } else { "lib/" };
            std::fs::write(
                seed.path().join(format!("{sub}f{i}")),
                vec![b'x'; kib << 10],
            )
            .unwrap();
        }
        group.bench_function(format!("{files}x{kib}"), |b| {
            b.iter(|| {
                let folder =
                    koth_cli::confine::folders::BotFolder::create(seed.path(), "0-bench").unwrap();
                assert!(folder.path().join("f0").exists());
            })
        });
    }
    group.finish();
    koth_cli::confine::folders::remove_run_dir();
}

criterion_group!(benches, calls, ticks, folders, matches);
criterion_main!(benches);
