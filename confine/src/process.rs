//! Running external bot programs: one run per call, with a timeout, an output cap, and the
//! process group and everything the run left killed afterwards (see [`crate::reaper`]).

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use koth_engine_core::FaultKind;
use koth_engine_core::runner::Failure;

use crate::reaper;
use crate::rlimits::Rlimits;

/// How much of a program's standard output is kept (the rest is read and discarded).
pub const STDOUT_CAP: usize = 64 * 1024;
/// How much of a program's standard error is kept as a fault's detail.
pub const STDERR_CAP: usize = 2 * 1024;

/// An external program: the program and its fixed leading arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalCommand {
    /// The program, as given (a name looked up on `PATH`, or a path).
    pub program: String,
    /// Arguments given before the protocol's own.
    pub args: Vec<String>,
    /// The directory the program runs in.
    pub workdir: PathBuf,
    /// The sandbox it runs in (`None`: unconfined; see [`crate::sandbox`]).
    pub sandbox: Option<std::sync::Arc<crate::sandbox::Sandbox>>,
}

/// What a successful call printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallOutput {
    /// Standard output, at most [`STDOUT_CAP`] bytes.
    pub stdout: Vec<u8>,
    /// Whether standard output was longer than the cap.
    pub truncated: bool,
    /// Standard error, at most [`STDERR_CAP`] bytes (for `--bot-log`).
    pub stderr: Vec<u8>,
}

/// Why a command line does not name a program that can run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The line does not split into words (an unclosed quote, a lone backslash).
    #[error("cannot split command line {line:?}: {why}")]
    Split {
        /// The line.
        line: String,
        /// Why not.
        why: String,
    },
    /// The line has no words.
    #[error("empty command line")]
    Empty,
    /// The program is not there, or not executable.
    #[error("program {program:?} not found (looked {looked})")]
    NotFound {
        /// The program as given.
        program: String,
        /// Where it was looked for (`in FOLDER` or `on PATH`).
        looked: String,
    },
}

impl ExternalCommand {
    /// Parses a `cmd:` SPEC's command line, split into words like a shell does (no shell runs).
    pub fn parse(line: &str, workdir: &Path) -> Result<Self, CommandError> {
        let words = shell_words::split(line).map_err(|e| CommandError::Split {
            line: line.to_string(),
            why: e.to_string(),
        })?;
        let (program, args) = words.split_first().ok_or(CommandError::Empty)?;
        let cmd = ExternalCommand {
            program: program.clone(),
            args: args.to_vec(),
            workdir: workdir.to_path_buf(),
            sandbox: None,
        };
        cmd.check_exists()?;
        Ok(cmd)
    }

    /// Fails with a clear message when the program cannot be found or is not executable.
    pub fn check_exists(&self) -> Result<(), CommandError> {
        let found = if self.program.contains('/') {
            is_executable(&self.workdir.join(&self.program))
        } else {
            find_on_path(&self.program).is_some()
        };
        if found {
            Ok(())
        } else {
            Err(CommandError::NotFound {
                program: self.program.clone(),
                looked: if self.program.contains('/') {
                    format!("in {}", self.workdir.display())
                } else {
                    "on PATH".to_string()
                },
            })
        }
    }

    /// Runs the program once with `extra` arguments after its own and `stdin` as its input,
    /// waiting at most `timeout` for it to exit. Afterwards (whatever happened) its process
    /// group and everything it left are killed ([`reaper::finish`]), so nothing it started
    /// outlives the call; what it printed before it exited is its answer, even when a
    /// leftover still held its output open.
    ///
    /// One thread does it all (no helper threads): a `poll(2)` loop over the output pipes,
    /// the input pipe and a pidfd of the process.
    pub fn call(
        &self,
        extra: &[String],
        stdin: Option<&[u8]>,
        timeout: Duration,
    ) -> Result<CallOutput, Failure> {
        self.call_limited(extra, stdin, timeout, &Rlimits::default())
    }

    /// [`call`](Self::call), with the program started under `limits` (which cost a full
    /// `fork` instead of `posix_spawn` when any is set).
    pub fn call_limited(
        &self,
        extra: &[String],
        stdin: Option<&[u8]>,
        timeout: Duration,
        limits: &Rlimits,
    ) -> Result<CallOutput, Failure> {
        self.call_reaped(extra, stdin, timeout, limits, &mut reaper::Shared)
    }

    /// [`call_limited`](Self::call_limited), with the process started and ended by `reap`.
    pub(crate) fn call_reaped(
        &self,
        extra: &[String],
        stdin: Option<&[u8]>,
        timeout: Duration,
        limits: &Rlimits,
        reap: &mut impl reaper::Reap,
    ) -> Result<CallOutput, Failure> {
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .args(extra)
            .current_dir(&self.workdir)
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        limits.apply_on_start(&mut command);
        let mut child = reap.spawn(&mut command).map_err(|e| Failure {
            kind: FaultKind::Io,
            detail: format!("cannot start {:?}: {e}", self.program),
        })?;
        let started = Instant::now();
        let mut pipes = Pipes::new(&mut child, stdin);
        let exited = pipes.run(&mut child, started + timeout);
        // Kills the group and the leftovers, then reads what they left in the pipes.
        let status = reap.finish(&mut child);
        pipes.drain(Duration::from_millis(200));
        let stderr_text = String::from_utf8_lossy(&pipes.stderr.kept)
            .trim()
            .to_string();
        let with_stderr = |msg: String| {
            if stderr_text.is_empty() {
                msg
            } else {
                format!("{msg}; stderr: {stderr_text}")
            }
        };
        if !exited {
            return Err(Failure {
                kind: FaultKind::Timeout,
                detail: with_stderr(format!(
                    "no answer within {} ms (killed)",
                    timeout.as_millis()
                )),
            });
        }
        let status: ExitStatus = status.map_err(|e| Failure {
            kind: FaultKind::Io,
            detail: with_stderr(format!("waiting for the program failed: {e}")),
        })?;
        if !status.success() {
            let how = match (
                limits.cpu_cap_hit(&status),
                status.code(),
                std::os::unix::process::ExitStatusExt::signal(&status),
            ) {
                (Some(cap), _, _) => cap,
                (None, Some(code), _) => format!("exited with status {code}"),
                (None, None, Some(sig)) => format!("killed by signal {sig}"),
                _ => "failed".to_string(),
            };
            return Err(Failure {
                kind: FaultKind::Crash,
                detail: with_stderr(format!("{how} after {} ms", started.elapsed().as_millis())),
            });
        }
        Ok(CallOutput {
            truncated: pipes.stdout.truncated,
            stdout: pipes.stdout.kept,
            stderr: pipes.stderr.kept,
        })
    }
}

/// One output pipe being read: the first `cap` bytes are kept, the rest discarded.
struct Output {
    pipe: Option<File>,
    kept: Vec<u8>,
    cap: usize,
    truncated: bool,
}

impl Output {
    fn new(pipe: Option<impl Into<OwnedFd>>, cap: usize) -> Output {
        let pipe = pipe.map(|p| File::from(p.into()));
        if let Some(p) = &pipe {
            pipe_nonblocking(p.as_raw_fd());
        }
        Output {
            pipe,
            kept: Vec::new(),
            cap,
            truncated: false,
        }
    }

    fn fd(&self) -> Option<RawFd> {
        self.pipe.as_ref().map(|p| p.as_raw_fd())
    }

    /// Reads what is there; `false` once the pipe is at its end (or broken).
    fn read_some(&mut self) -> bool {
        let mut buf = [0u8; 8192];
        loop {
            let Some(pipe) = self.pipe.as_mut() else {
                return false;
            };
            match pipe.read(&mut buf) {
                Ok(0) => {
                    self.pipe = None;
                    return false;
                }
                Ok(n) => {
                    let room = self.cap.saturating_sub(self.kept.len());
                    self.kept.extend_from_slice(&buf[..n.min(room)]);
                    self.truncated |= n > room;
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return true,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.pipe = None;
                    return false;
                }
            }
        }
    }
}

/// A call's pipes and the process's pidfd, all non-blocking.
struct Pipes {
    stdout: Output,
    stderr: Output,
    input: Option<std::process::ChildStdin>,
    to_write: Vec<u8>,
    written: usize,
    pidfd: Option<OwnedFd>,
}

impl Pipes {
    fn new(child: &mut Child, stdin: Option<&[u8]>) -> Pipes {
        let input = child.stdin.take();
        if let Some(p) = &input {
            pipe_nonblocking(p.as_raw_fd());
        }
        let mut pipes = Pipes {
            stdout: Output::new(child.stdout.take(), STDOUT_CAP),
            stderr: Output::new(child.stderr.take(), STDERR_CAP),
            to_write: stdin.map(<[u8]>::to_vec).unwrap_or_default(),
            written: 0,
            input,
            pidfd: pidfd_open(child.id()),
        };
        // The input at once: a protocol's input fits in the pipe, so it is written and the
        // pipe closed before the first `poll` (no round waiting for the pipe to be writable).
        pipes.write_some();
        pipes
    }

    /// Feeds the input and reads the output until the process exits (`true`) or `deadline`
    /// passes (`false`).
    ///
    /// For its first [`EXIT_FIRST`], once the input is written, the loop waits for the exit
    /// alone: a fast program's answer is then read after its exit, with one wake-up per call
    /// instead of one for the answer and one for the exit (each a sleeping thread waiting
    /// for its idle CPU to wake: tens of microseconds on a virtual machine). A program that
    /// writes more than its pipe holds waits that long for koth to read.
    fn run(&mut self, child: &mut Child, deadline: Instant) -> bool {
        let first = Instant::now() + EXIT_FIRST;
        loop {
            let exited = match &self.pidfd {
                Some(_) => false,
                None => matches!(child.try_wait(), Ok(Some(_))),
            };
            if exited {
                return true;
            }
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            let mut wait = deadline - now;
            if self.pidfd.is_none() {
                // No pidfd (an old kernel): look at the process every 2 ms.
                wait = wait.min(Duration::from_millis(2));
            }
            let pidfd = self.pidfd.as_ref().map(|p| p.as_raw_fd());
            let writing = self.input.as_ref().map(|p| p.as_raw_fd());
            if let Some(pidfd) = pidfd.filter(|_| writing.is_none() && now < first) {
                let mut exit = [nix::libc::pollfd {
                    fd: pidfd,
                    events: POLLIN,
                    revents: 0,
                }];
                let ms = (first.min(deadline) - now)
                    .as_micros()
                    .div_ceil(1000)
                    .max(1) as i32;
                if poll(&mut exit, ms) > 0 {
                    return true;
                }
                continue;
            }
            let mut fds = Vec::with_capacity(4);
            for (fd, events) in [
                (pidfd, POLLIN),
                (self.stdout.fd(), POLLIN),
                (self.stderr.fd(), POLLIN),
                (writing, POLLOUT),
            ] {
                if let Some(fd) = fd {
                    fds.push(nix::libc::pollfd {
                        fd,
                        events,
                        revents: 0,
                    });
                }
            }
            let ms = wait.as_millis().clamp(1, i32::MAX as u128) as i32;
            if poll(&mut fds, ms) <= 0 {
                continue;
            }
            for p in &fds {
                if p.revents == 0 {
                    continue;
                }
                if Some(p.fd) == pidfd {
                    return true;
                } else if Some(p.fd) == self.stdout.fd() {
                    self.stdout.read_some();
                } else if Some(p.fd) == self.stderr.fd() {
                    self.stderr.read_some();
                } else if Some(p.fd) == writing {
                    self.write_some();
                }
            }
        }
    }

    fn write_some(&mut self) {
        let Some(pipe) = self.input.as_mut() else {
            return;
        };
        while self.written < self.to_write.len() {
            match pipe.write(&self.to_write[self.written..]) {
                Ok(n) => self.written += n,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                // The program closed its input: it gets no more.
                Err(_) => break,
            }
        }
        // All written (or refused): closing the pipe ends the program's input.
        self.input = None;
    }

    /// Reads what is left once every writer is gone, for at most `limit`.
    fn drain(&mut self, limit: Duration) {
        self.input = None;
        let deadline = Instant::now() + limit;
        while self.stdout.fd().is_some() || self.stderr.fd().is_some() {
            let open_out = self.stdout.read_some();
            let open_err = self.stderr.read_some();
            if !(open_out || open_err) {
                return;
            }
            let now = Instant::now();
            if now >= deadline {
                return;
            }
            let mut fds: Vec<nix::libc::pollfd> = [self.stdout.fd(), self.stderr.fd()]
                .into_iter()
                .flatten()
                .map(|fd| nix::libc::pollfd {
                    fd,
                    events: POLLIN,
                    revents: 0,
                })
                .collect();
            let ms = (deadline - now).as_millis().clamp(1, 1000) as i32;
            poll(&mut fds, ms);
        }
    }
}

/// How long [`Pipes::run`] waits for a program's exit alone before it reads as it writes.
const EXIT_FIRST: Duration = Duration::from_millis(2);

const POLLIN: i16 = nix::libc::POLLIN;
const POLLOUT: i16 = nix::libc::POLLOUT;

#[allow(unsafe_code)]
pub(crate) fn poll(fds: &mut [nix::libc::pollfd], ms: i32) -> i32 {
    // SAFETY: `fds` is a valid, exclusively borrowed array of `fds.len()` pollfd structs.
    unsafe { nix::libc::poll(fds.as_mut_ptr(), fds.len() as nix::libc::nfds_t, ms) }
}

/// Makes a pipe `std` just made for a child non-blocking on koth's side: its only status
/// flag is set, without reading the others first (a pipe has none).
#[allow(unsafe_code)]
fn pipe_nonblocking(fd: RawFd) {
    // SAFETY: fcntl(2) on a descriptor this process owns, with integer arguments only.
    unsafe { nix::libc::fcntl(fd, nix::libc::F_SETFL, nix::libc::O_NONBLOCK) };
}

#[allow(unsafe_code)]
pub(crate) fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl(2) on a descriptor this process owns, with integer arguments only.
    unsafe {
        let flags = nix::libc::fcntl(fd, nix::libc::F_GETFL);
        if flags >= 0 {
            nix::libc::fcntl(fd, nix::libc::F_SETFL, flags | nix::libc::O_NONBLOCK);
        }
    }
}

/// A pidfd for the child `pid` (readable once it exits); `None` where the kernel has none.
#[allow(unsafe_code)]
fn pidfd_open(pid: u32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open(2) takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { nix::libc::syscall(nix::libc::SYS_pidfd_open, pid as nix::libc::pid_t, 0) };
    if fd < 0 {
        return None;
    }
    // SAFETY: the descriptor was just returned to us and is owned by nobody else.
    Some(unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// The executable `name` in the first folder of `PATH` that has one.
pub(crate) fn find_on_path(name: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// `sh -c SCRIPT` in the current directory, for tests.
#[cfg(test)]
pub(crate) fn sh(script: &str) -> ExternalCommand {
    ExternalCommand {
        program: "sh".into(),
        args: vec!["-c".into(), script.into()],
        workdir: std::env::current_dir().unwrap(),
        sandbox: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_output_and_arguments() {
        let out = sh("printf '%s' \"$0$1\"")
            .call(&["B".into(), "x".into()], None, Duration::from_secs(5))
            .unwrap();
        assert_eq!(out.stdout, b"Bx");
    }

    #[test]
    fn feeds_stdin() {
        let out = sh("read line; printf '%s' \"$line\"")
            .call(&[], Some(b"hello\n"), Duration::from_secs(5))
            .unwrap();
        assert_eq!(out.stdout, b"hello");
    }

    #[test]
    fn timeout_kills_the_group() {
        let started = Instant::now();
        let fault = sh("sleep 30 & sleep 30; echo B")
            .call(&[], None, Duration::from_millis(200))
            .unwrap_err();
        assert_eq!(fault.kind, FaultKind::Timeout);
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn crash_keeps_stderr() {
        let fault = sh("echo oops >&2; exit 3")
            .call(&[], None, Duration::from_secs(5))
            .unwrap_err();
        assert_eq!(fault.kind, FaultKind::Crash);
        assert!(
            fault.detail.contains("status 3") && fault.detail.contains("oops"),
            "{fault:?}"
        );
    }

    #[test]
    fn flood_is_capped() {
        let out = sh("head -c 1000000 /dev/zero")
            .call(&[], None, Duration::from_secs(10))
            .unwrap();
        assert_eq!(out.stdout.len(), STDOUT_CAP);
        assert!(out.truncated);
    }

    fn count(dir: &str) -> usize {
        std::fs::read_dir(dir).unwrap().count()
    }

    #[test]
    fn an_escaped_grandchild_costs_neither_the_answer_nor_threads_or_descriptors() {
        crate::reaper::enable(false).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let flag = dir.path().join("escaped");
        // The sleeper leaves the process group and holds the output pipes open. (The wait
        // for it is bounded: a sweep after another test's call may kill it first.)
        let script = format!(
            "( setsid sh -c 'touch {f}; exec sleep 3141.41' & )\n\
             for i in 1 2 3 4 5 6 7 8 9 10; do [ -e {f} ] && break; sleep 0.02; done\n\
             rm -f {f}; echo answer",
            f = flag.display()
        );
        let (fds, threads) = (count("/proc/self/fd"), count("/proc/self/task"));
        for _ in 0..20 {
            let out = sh(&script).call(&[], None, Duration::from_secs(5)).unwrap();
            assert_eq!(out.stdout, b"answer\n");
        }
        // Other tests run meanwhile in this process: a margin, far below 20 calls' worth.
        assert!(count("/proc/self/fd") <= fds + 8, "descriptors leak");
        assert!(count("/proc/self/task") <= threads + 8, "threads leak");
        let left = std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains("3141.41"))
        });
        assert!(!left, "an escaped sleeper survived");
    }

    #[test]
    fn missing_program_is_reported() {
        let dir = std::env::current_dir().unwrap();
        assert!(ExternalCommand::parse("definitely-not-a-program-koth", &dir).is_err());
        assert!(ExternalCommand::parse("./nope/nope", &dir).is_err());
        assert!(ExternalCommand::parse("", &dir).is_err());
        assert!(ExternalCommand::parse("sh -c 'echo W'", &dir).is_ok());
    }
}
