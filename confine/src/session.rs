//! Long-running bot processes: one process per player for a whole game, one JSON line in and
//! one line out per tick, with per-call and per-game time limits and a memory limit. The
//! process is started and ended by [`crate::reaper`].
//!
//! The tick's transport runs on the calling thread, with both pipes non-blocking: the line
//! goes into one buffer kept for the session and is written at once (what a bot that stops
//! reading leaves unwritten waits in that buffer and goes out while later calls wait), and
//! the answer is read in place and split off as a line, with `poll(2)` waiting for either
//! once reading for up to 50 us has not caught a fast answer. No thread hand-off per tick
//! (the process bench's `tick/session` against `tick/raw`).
//! Standard error, read only for faults and logs, has a thread of its own.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::lines::{Line, LineReader};
use crate::process::{ExternalCommand, STDERR_CAP, STDOUT_CAP};
use crate::reaper;
use crate::rlimits::{Rlimits, cpu_seconds_for};
use crate::sandbox::{JAVA_OPTIONS, java_options};
use koth_engine_core::FaultKind;
use koth_engine_core::runner::Failure;

/// What a session's program wrote on standard error: the start of it (for fault details)
/// and what came since the last look, each capped at [`STDERR_CAP`].
#[derive(Default)]
struct Stderr {
    first: Vec<u8>,
    recent: Vec<u8>,
}

impl Stderr {
    fn push(&mut self, bytes: &[u8]) {
        for kept in [&mut self.first, &mut self.recent] {
            let room = STDERR_CAP.saturating_sub(kept.len());
            kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
        }
    }
}

/// The limits a session runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time for one answer.
    pub per_call: Duration,
    /// Time for all answers of the game together; past it the process is killed.
    pub total: Duration,
    /// Memory (data segment) limit in bytes, where the OS allows setting it.
    pub memory_bytes: Option<u64>,
}

/// How long a call reads for its answer before it sleeps until the answer comes: about a
/// fast bot's whole turn (a few microseconds of its work and a pipe's wake-up each way), so
/// such a bot's answer is taken at once, while a bot that thinks longer costs the runner
/// this much CPU per call, at most.
const SPIN: Duration = Duration::from_micros(50);

enum State {
    Alive,
    /// The process is gone; it gets no more calls.
    Gone,
}

/// A running bot process. Dropping it kills the process group.
pub struct Session {
    name: String,
    limits: Limits,
    used: Duration,
    child: Child,
    /// The sandbox's caps (see [`crate::cgroup`]).
    cgroup: Option<crate::cgroup::Cgroup>,
    /// The limits it started with.
    rlimits: Rlimits,
    /// The program's input pipe (non-blocking); `None` once closed.
    input: Option<File>,
    /// Bytes for the input not written yet (a program that stops reading), from `written`.
    unwritten: Vec<u8>,
    written: usize,
    output: LineReader,
    /// Answers still owed by earlier calls that timed out: the k-th answer line answers the
    /// k-th call, so the next lines to come are theirs (late) and are discarded, never played
    /// as a later call's answer.
    owed: usize,
    stderr: Arc<Mutex<Stderr>>,
    /// Closed when the standard error reader has seen the end of the pipe.
    stderr_done: Receiver<()>,
    state: State,
    /// What `/proc` shows for the write end of the program's output pipe (`pipe:[INODE]`),
    /// to tell a program that closed its output from a slow one.
    output_pipe: Option<std::path::PathBuf>,
    /// How many generations of the process tree are the sandbox's own (bwrap and its PID 1),
    /// not the bot's.
    wrappers: usize,
}

impl Session {
    /// Starts the program with its own arguments, in its own process group (and in its
    /// sandbox, if it has one).
    pub fn start(cmd: &ExternalCommand, limits: Limits) -> Result<Session, Failure> {
        let mut cgroup = None;
        let mut rlimits = Rlimits {
            cpu_seconds: None,
            data_bytes: limits.memory_bytes,
        };
        let mut command = match &cmd.sandbox {
            Some(sandbox) => {
                let mut command = sandbox.command(&cmd.program, &cmd.args, &cmd.workdir);
                command
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped());
                // The sandbox caps memory (a control group, else its own data limit).
                rlimits.data_bytes = None;
                // The CPU-time cap: `--cpu-seconds`, else the time for all answers.
                rlimits.cpu_seconds = sandbox
                    .cpu_seconds
                    .or((limits.total != Duration::MAX).then(|| cpu_seconds_for(limits.total)));
                rlimits.apply_on_start(&mut command);
                // Last: the walls (the sandbox dies with koth).
                cgroup = sandbox.confine(&mut command, &cmd.workdir).map_err(|e| {
                    Failure::new(FaultKind::Io, format!("cannot confine the sandbox: {e}"))
                })?;
                command
            }
            None => {
                let mut command = Command::new(&cmd.program);
                command.args(&cmd.args).current_dir(&cmd.workdir);
                if let Some(bytes) = limits.memory_bytes {
                    // A JVM sized from the machine's memory does not start under the limit.
                    if std::env::var_os(JAVA_OPTIONS).is_none() {
                        command.env(JAVA_OPTIONS, java_options(bytes >> 20));
                    }
                }
                command
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped());
                rlimits.apply_on_start(&mut command);
                reaper::die_with_koth(&mut command);
                command
            }
        };
        let mut child = reaper::spawn(&mut command).map_err(|e| Failure {
            kind: FaultKind::Io,
            detail: format!(
                "cannot start {:?}: {}",
                cmd.program,
                crate::sandbox::start_error(&e)
            ),
        })?;
        let input = child.stdin.take().map(|stdin| {
            let file = File::from(OwnedFd::from(stdin));
            crate::process::set_nonblocking(file.as_raw_fd());
            file
        });
        let Some(stdout) = child.stdout.take() else {
            let _ = reaper::finish(&mut child);
            return Err(Failure::new(
                FaultKind::Io,
                "the program has no output pipe",
            ));
        };
        let output_pipe = std::fs::read_link(format!("/proc/self/fd/{}", stdout.as_raw_fd())).ok();
        let output = LineReader::new(File::from(OwnedFd::from(stdout)), STDOUT_CAP);
        let stderr = Arc::new(Mutex::new(Stderr::default()));
        let (done_tx, stderr_done) = mpsc::channel::<()>();
        if let Some(mut pipe) = child.stderr.take() {
            let keep = Arc::clone(&stderr);
            thread::spawn(move || {
                let _done = done_tx;
                let mut buf = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut kept) = keep.lock() {
                        kept.push(&buf[..n]);
                    }
                }
            });
        }
        Ok(Session {
            name: cmd.program.clone(),
            limits,
            used: Duration::ZERO,
            child,
            cgroup,
            rlimits,
            input,
            unwritten: Vec::new(),
            written: 0,
            output,
            owed: 0,
            stderr,
            stderr_done,
            state: State::Alive,
            output_pipe,
            wrappers: if cmd.sandbox.is_some() { 2 } else { 0 },
        })
    }

    /// Whether the process can still be asked.
    pub fn is_alive(&self) -> bool {
        matches!(self.state, State::Alive)
    }

    /// Time spent waiting for answers so far.
    pub fn used(&self) -> Duration {
        self.used
    }

    /// Sends one line (its bytes as given; a newline is added) and waits for its answer line.
    /// Answers are matched to calls by order: an answer that comes after its call timed out
    /// is discarded (it is never played as a later call's answer), and lines nobody asked
    /// for (a flood) make the call a fault.
    ///
    /// `Ok(None)` means the process is already gone (its fault was reported when it went).
    pub fn request(&mut self, line: impl AsRef<[u8]>) -> Result<Option<String>, Failure> {
        if !self.is_alive() {
            return Ok(None);
        }
        // Late answers to earlier calls are discarded; any other line waiting was never asked
        // for. (What the pipe holds now, a few reads at most: a flood cannot keep this going.)
        let mut unasked = 0usize;
        for _ in 0..4 {
            while let Some(line) = self.output.next_line() {
                match line {
                    Line::Text(_) | Line::TooLong if self.owed > 0 => self.owed -= 1,
                    Line::Text(_) | Line::TooLong => unasked += 1,
                    Line::Eof => return Err(self.gone("exited")),
                }
            }
            if !self.output.fill() {
                break;
            }
        }
        if self.input.is_none() {
            return Err(self.gone("closed its input"));
        }
        if self.written == self.unwritten.len() {
            self.unwritten.clear();
            self.written = 0;
        }
        self.unwritten.extend_from_slice(line.as_ref());
        self.unwritten.push(b'\n');
        self.write_some();
        if unasked > 0 {
            // This call's own answer, when it comes, is owed and discarded.
            self.owed += 1;
            return Err(Failure {
                kind: FaultKind::Invalid,
                detail: format!(
                    "{unasked} answer line(s) nobody asked for before this call (a flood)"
                ),
            });
        }
        let left = self.limits.total.saturating_sub(self.used);
        let wait = self.limits.per_call.min(left);
        let started = Instant::now();
        let deadline = started + wait;
        let got = self.answer(deadline);
        self.used += started.elapsed();
        if got.is_none() {
            self.owed += 1;
        }
        match got {
            Some(Line::Text(answer)) => Ok(Some(answer)),
            Some(Line::TooLong) => Err(Failure {
                kind: FaultKind::Invalid,
                detail: format!("an answer line longer than {STDOUT_CAP} bytes"),
            }),
            Some(Line::Eof) => Err(self.gone("exited")),
            None if self.used >= self.limits.total => {
                let detail = format!(
                    "used up its {} s for the game (killed; no more actions)",
                    self.limits.total.as_secs_f64()
                );
                self.kill();
                Err(Failure {
                    kind: FaultKind::Timeout,
                    detail: self.with_stderr(detail),
                })
            }
            None if self.output_closed() => {
                // In the sandbox, bwrap keeps the pipe open: no end of output is seen.
                Err(self.gone("closed its output"))
            }
            None => Err(Failure {
                kind: FaultKind::Timeout,
                detail: format!("no answer within {} ms", wait.as_millis()),
            }),
        }
    }

    /// Writes what the input pipe takes now of the bytes not written yet. A program that
    /// closed its input gets no more: the next call says so.
    fn write_some(&mut self) {
        let Some(input) = &mut self.input else {
            return;
        };
        while self.written < self.unwritten.len() {
            match input.write(&self.unwritten[self.written..]) {
                Ok(n) => self.written += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    self.input = None;
                    return;
                }
            }
        }
    }

    /// Waits until `deadline` for this call's answer line (late answers to earlier calls
    /// are discarded on the way), writing the rest of the input as the pipe takes it;
    /// `None` when time ran out.
    fn answer(&mut self, deadline: Instant) -> Option<Line> {
        let mut spun = false;
        loop {
            while let Some(line) = self.output.next_line() {
                match line {
                    // A late answer to an earlier call, arriving while this one waits.
                    Line::Text(_) | Line::TooLong if self.owed > 0 => self.owed -= 1,
                    other => return Some(other),
                }
            }
            if self.output.fill() {
                continue;
            }
            if !spun {
                spun = true;
                if self.spin(deadline) {
                    continue;
                }
            }
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            let writing = self.input.is_some() && self.written < self.unwritten.len();
            let mut fds = [
                nix::libc::pollfd {
                    fd: self.output.file.as_raw_fd(),
                    events: nix::libc::POLLIN,
                    revents: 0,
                },
                nix::libc::pollfd {
                    fd: self.input.as_ref().map_or(-1, |f| f.as_raw_fd()),
                    events: if writing { nix::libc::POLLOUT } else { 0 },
                    revents: 0,
                },
            ];
            let ms = (deadline - now)
                .as_micros()
                .div_ceil(1000)
                .min(i32::MAX as u128) as i32;
            let count = if writing { 2 } else { 1 };
            if crate::process::poll(&mut fds[..count], ms) > 0 && fds[1].revents != 0 {
                self.write_some();
            }
        }
    }

    /// Reads for a quick answer for up to [`SPIN`] (never past `deadline`) before the
    /// caller sleeps in `poll(2)`: whether anything came. A sleeping thread woken by the bot's
    /// answer waits for its idle CPU to wake (tens of microseconds on a virtual machine, the
    /// most of a fast bot's tick); a thread still running takes the answer at once. Only with
    /// a second CPU, where the bot runs meanwhile: on one CPU the spin would hold it up.
    fn spin(&mut self, deadline: Instant) -> bool {
        static CPUS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        let cpus = *CPUS.get_or_init(|| thread::available_parallelism().map_or(1, |n| n.get()));
        if cpus < 2 {
            return false;
        }
        let until = deadline.min(Instant::now() + SPIN);
        while Instant::now() < until {
            std::hint::spin_loop();
            if self.output.fill() {
                return true;
            }
        }
        false
    }

    /// Whether no process of the bot holds its output pipe any more while the process tree
    /// still runs (bwrap and its PID 1 hold it too, but are not the bot). `false` when it
    /// cannot be told (no `/proc`).
    fn output_closed(&self) -> bool {
        let Some(pipe) = &self.output_pipe else {
            return false;
        };
        let mut generation = vec![self.child.id()];
        let mut depth = 0;
        let mut looked = false;
        while !generation.is_empty() && depth < 64 {
            let mut next = Vec::new();
            for &pid in &generation {
                if depth >= self.wrappers {
                    looked = true;
                    if holds(pid, pipe) {
                        return false;
                    }
                }
                next.extend(children_of(pid));
            }
            generation = next;
            depth += 1;
        }
        looked
    }

    /// Closes the process's input and kills its process group at once, without waiting for
    /// it: the session is over, and its end is awaited when it is dropped (or [`kill`]ed).
    /// For ending several sessions at once ([`reaper::kill_group`]).
    ///
    /// [`kill`]: Session::kill
    pub fn stop(&mut self) {
        self.input = None;
        if matches!(self.state, State::Alive) {
            reaper::kill_group(&self.child);
        }
    }

    /// Closes the process's input and kills its process group and everything it left
    /// ([`reaper::finish`]).
    pub fn kill(&mut self) {
        self.input = None;
        if matches!(self.state, State::Alive) {
            let _ = reaper::finish(&mut self.child);
            // The group is dead: let the reader catch the last of its standard error.
            let _ = self.stderr_done.recv_timeout(Duration::from_millis(500));
        }
        self.state = State::Gone;
    }

    fn gone(&mut self, what: &str) -> Failure {
        // Give the process a moment to be reaped so its status can be reported.
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            thread::sleep(Duration::from_millis(2));
        }
        self.kill();
        let refused = self.wrappers > 0
            && self.stderr.lock().is_ok_and(|e| {
                e.first.starts_with(b"bwrap:")
                    || e.first.starts_with(crate::walls::REPORT_PREFIX.as_bytes())
            });
        if refused {
            // The sandbox could not be made: the next run checks again that it can.
            crate::probed::forget();
        }
        let cap = self
            .cgroup
            .as_mut()
            .and_then(|g| g.cap_hit())
            .or_else(|| status.and_then(|s| self.rlimits.cpu_cap_hit(&s)))
            .map(|c| format!("{c}: "))
            .unwrap_or_default();
        // The output ended but the process runs on: it closed its output.
        let what = if status.is_none() && what == "exited" {
            "closed its output"
        } else {
            what
        };
        let how = match status {
            Some(s) => format!("{cap}{} {what} ({s}); no more actions", self.name),
            None => format!("{cap}{} {what}; no more actions", self.name),
        };
        Failure {
            kind: FaultKind::Crash,
            detail: self.with_stderr(how),
        }
    }

    /// What the program wrote on standard error since the last look (at most
    /// [`STDERR_CAP`] bytes; for `--bot-log`).
    pub fn take_stderr(&self) -> Vec<u8> {
        self.stderr
            .lock()
            .map(|mut e| std::mem::take(&mut e.recent))
            .unwrap_or_default()
    }

    fn with_stderr(&self, msg: String) -> String {
        let err = self
            .stderr
            .lock()
            .map(|e| String::from_utf8_lossy(&e.first).trim().to_string())
            .unwrap_or_default();
        if err.is_empty() {
            msg
        } else {
            format!("{msg}; stderr: {err}")
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The children of every thread of `pid`.
fn children_of(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
                found.extend(
                    text.split_whitespace()
                        .filter_map(|p| p.parse::<u32>().ok()),
                );
            }
        }
    }
    found
}

/// Whether the process `pid` has a descriptor open on `pipe` (a `/proc/*/fd` link target).
fn holds(pid: u32, pipe: &std::path::Path) -> bool {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        // Unreadable: assume it does.
        return true;
    };
    fds.flatten()
        .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|target| target == pipe))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::sh;

    fn limits(ms: u64, total_ms: u64) -> Limits {
        Limits {
            per_call: Duration::from_millis(ms),
            total: Duration::from_millis(total_ms),
            memory_bytes: Some(256 << 20),
        }
    }

    #[test]
    fn answers_line_by_line() {
        let mut s = Session::start(
            &sh("while read l; do echo \"got $l\"; done"),
            limits(2000, 10_000),
        )
        .unwrap();
        assert_eq!(s.request("a").unwrap().as_deref(), Some("got a"));
        assert_eq!(s.request("b").unwrap().as_deref(), Some("got b"));
    }

    #[test]
    fn stop_kills_at_once_and_the_drop_reaps() {
        let mut s = Session::start(
            // Its pid as the answer to the first line (not before: that is a flood).
            &sh("read l; echo $$; while read l; do :; done"),
            limits(2000, 60_000),
        )
        .unwrap();
        let pid: u32 = s.request("hi").unwrap().unwrap().trim().parse().unwrap();
        s.stop();
        // Killed, not yet reaped: a zombie until the session is dropped.
        let stat = format!("/proc/{pid}/stat");
        let deadline = Instant::now() + Duration::from_secs(5);
        let state = loop {
            let text = std::fs::read_to_string(&stat).unwrap();
            let state = text.rsplit_once(") ").unwrap().1.chars().next().unwrap();
            if state == 'Z' || Instant::now() > deadline {
                break state;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        assert_eq!(state, 'Z');
        drop(s);
        assert!(!std::path::Path::new(&stat).exists());
    }

    #[test]
    fn late_answers_are_discarded() {
        // Answers the first line after 600 ms, later lines at once. (Margins of 300 ms: the
        // tests run side by side on a loaded machine.)
        let mut s = Session::start(
            &sh("read l; sleep 0.6; echo late; while read l; do echo \"on time $l\"; done"),
            limits(300, 10_000),
        )
        .unwrap();
        assert_eq!(s.request("1").unwrap_err().kind, FaultKind::Timeout);
        std::thread::sleep(Duration::from_millis(700));
        assert_eq!(s.request("2").unwrap().as_deref(), Some("on time 2"));
    }

    #[test]
    fn a_late_answer_is_never_played_as_the_next_calls_answer() {
        // The first answer comes 450 ms after its line, past the 300 ms limit, while the
        // second call waits (until 600 ms); the second answer follows at once.
        let mut s = Session::start(
            &sh("read l; sleep 0.45; echo late1; read l; echo now2; while read l; do echo \"ok $l\"; done"),
            limits(300, 10_000),
        )
        .unwrap();
        assert_eq!(s.request("1").unwrap_err().kind, FaultKind::Timeout);
        assert_eq!(s.request("2").unwrap().as_deref(), Some("now2"));
        assert_eq!(s.request("3").unwrap().as_deref(), Some("ok 3"));
    }

    #[test]
    fn a_flood_is_a_fault_and_memory_stays_bounded() {
        let mut s = Session::start(
            &sh("while true; do echo '{\"speedX\": 0, \"speedY\": 0, \"drop\": false}'; done"),
            limits(200, 10_000),
        )
        .unwrap();
        let started = Instant::now();
        let mut faults = 0;
        while started.elapsed() < Duration::from_millis(1500) {
            std::thread::sleep(Duration::from_millis(50));
            if let Err(f) = s.request("tick") {
                assert_eq!(f.kind, FaultKind::Invalid, "{f:?}");
                faults += 1;
            }
        }
        assert!(faults >= 10, "{faults}");
        // The runner's peak resident memory (this test process) stays small.
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let peak_kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap();
        assert!(peak_kb < 300 * 1024, "peak RSS {peak_kb} kB");
    }

    #[test]
    fn a_program_that_closes_its_output_is_one_crash() {
        let mut s = Session::start(
            &sh("read l; echo first; exec >&-; sleep 30"),
            limits(2000, 60_000),
        )
        .unwrap();
        assert_eq!(s.request("1").unwrap().as_deref(), Some("first"));
        let fault = s.request("2").unwrap_err();
        assert_eq!(fault.kind, FaultKind::Crash);
        assert!(fault.detail.contains("closed its output"), "{fault:?}");
        assert_eq!(s.request("3").unwrap(), None);
    }

    #[test]
    fn a_dead_process_gets_no_more_calls() {
        let mut s =
            Session::start(&sh("read l; echo bye >&2; exit 4"), limits(2000, 10_000)).unwrap();
        let fault = s.request("x").unwrap_err();
        assert_eq!(fault.kind, FaultKind::Crash);
        assert!(fault.detail.contains("bye"), "{fault:?}");
        assert!(!s.is_alive());
        assert_eq!(s.request("y").unwrap(), None);
    }

    #[test]
    fn the_game_budget_kills() {
        let mut s =
            Session::start(&sh("while read l; do sleep 1; done"), limits(150, 300)).unwrap();
        assert_eq!(s.request("1").unwrap_err().kind, FaultKind::Timeout);
        let fault = s.request("2").unwrap_err();
        assert!(fault.detail.contains("for the game"), "{fault:?}");
        assert!(!s.is_alive());
    }

    #[test]
    fn over_long_lines_are_invalid_and_reading_goes_on() {
        let mut s = Session::start(
            &sh("read l; head -c 200000 /dev/zero | tr '\\0' x; echo; while read l; do echo ok; done"),
            limits(3000, 10_000),
        )
        .unwrap();
        assert_eq!(s.request("1").unwrap_err().kind, FaultKind::Invalid);
        assert_eq!(s.request("2").unwrap().as_deref(), Some("ok"));
    }

    #[test]
    fn a_bot_that_never_reads_does_not_block() {
        let mut s = Session::start(&sh("sleep 5"), limits(50, 10_000)).unwrap();
        let big = "y".repeat(100_000);
        for _ in 0..3 {
            assert_eq!(s.request(&big).unwrap_err().kind, FaultKind::Timeout);
        }
    }

    #[test]
    fn memory_limit_applies() {
        let mut s = Session::start(
            &sh("read l; python3 -c 'x = bytearray(600 * 1024 * 1024); print(\"allocated\")' || echo refused"),
            limits(5000, 10_000),
        )
        .unwrap();
        assert_eq!(s.request("go").unwrap().as_deref(), Some("refused"));
    }
}
