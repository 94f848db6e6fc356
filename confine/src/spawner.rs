//! One-run-per-call bots in the sandbox: starting a sandbox costs milliseconds, so each bot
//! of each match gets one sandbox, and in it the spawner (the walls' PID 1 itself, see
//! [`crate::walls`], or `koth __spawn PROGRAM ARGS...` under bubblewrap) starts every call
//! of the bot as [`ExternalCommand::call`] does unsandboxed: the same
//! time limit, output caps, group kill and sweep (the spawner, or the launcher that holds the
//! calls' CPU cap, see [`spawner_main`], is the subreaper inside).
//!
//! `koth` and the spawner speak JSON lines over the spawner's standard input and output: a
//! [`Request`] per call, a [`Reply`] per request, in order.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::{Child, ChildStdin, Stdio};
use std::time::{Duration, Instant};

use koth_engine_core::FaultKind;
use koth_engine_core::runner::Failure;
use serde::{Deserialize, Serialize};

use crate::lines::{Line, LineReader};
use crate::process::{CallOutput, ExternalCommand, STDOUT_CAP};
use crate::reaper;
use crate::rlimits::Rlimits;

/// One call.
#[derive(Debug, Serialize, Deserialize)]
pub struct Request {
    /// The protocol's arguments.
    pub args: Vec<String>,
    /// Standard input, if the protocol gives one.
    pub stdin: Option<Vec<u8>>,
    /// The call's time limit.
    pub timeout_ms: u64,
    /// The call's CPU-time cap in seconds (see [`crate::rlimits`]).
    #[serde(default)]
    pub cpu_seconds: Option<u64>,
}

/// How a call went.
#[derive(Debug, Serialize, Deserialize)]
pub enum Reply {
    /// The program exited with status 0.
    Ok {
        /// Its standard output (capped).
        stdout: Vec<u8>,
        /// Whether the output was longer than the cap.
        truncated: bool,
        /// Its standard error (capped).
        #[serde(default)]
        stderr: Vec<u8>,
    },
    /// The call failed.
    Failed {
        /// How.
        kind: FaultKind,
        /// The details.
        detail: String,
    },
}

/// What stops one of koth's helpers (see [`crate::helper`]).
#[derive(Debug, thiserror::Error)]
pub enum HelperError {
    /// The helper's own arguments are wrong.
    #[error("{0}")]
    Arguments(String),
    /// No bot program was named.
    #[error("no program")]
    NoProgram,
    /// The bot's folder is larger than its sandbox's disk.
    #[error("the bot's folder does not fit in its sandbox (--disk-mb)")]
    SeedTooLarge,
    /// The bot's folder could not be copied in.
    #[error("cannot copy the bot's folder into its sandbox: {0}")]
    Seed(std::io::Error),
    /// The bot's program could not be started.
    #[error("cannot start {program:?}: {error}")]
    Start {
        /// The program.
        program: String,
        /// Why not.
        error: std::io::Error,
    },
    /// A request from koth was not understood, or a reply not written.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Reading a request or writing a reply failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Copies the bot's folder `seed` into the current folder (its private folder in the
/// sandbox), saying what went wrong in the bot's terms.
fn seed_folder(seed: &std::path::Path) -> Result<(), HelperError> {
    let here = std::env::current_dir()?;
    crate::folders::copy_seed(seed, &here).map_err(HelperError::unseeded)
}

impl HelperError {
    /// Why the bot's folder could not be copied in, from the copy's error, in the bot's
    /// terms: too large for its sandbox's disk (`ENOSPC`), or the error itself.
    pub(crate) fn unseeded(error: std::io::Error) -> HelperError {
        if error.raw_os_error() == Some(nix::libc::ENOSPC) {
            HelperError::SeedTooLarge
        } else {
            HelperError::Seed(error)
        }
    }
}

/// Tells `error` on standard error as koth's spawner (one write of the descriptor itself:
/// std's standard error takes a lock, which a fork of koth may find held).
pub(crate) fn tell(error: &HelperError) {
    let text = format!("koth spawner: {error}\n");
    // SAFETY: a write of a valid buffer to standard error.
    #[allow(unsafe_code)]
    unsafe {
        nix::libc::write(2, text.as_ptr().cast(), text.len())
    };
}

/// koth's helper for a long-running bot in bubblewrap's sandbox (`koth __enter --seed DIR
/// PROGRAM ARGS...`, the sandbox's program, under bubblewrap's PID 1): copies the bot's
/// folder in, then becomes the bot. (koth's own walls copy the folder and start the bot
/// themselves, see [`crate::walls`].)
pub fn enter_main(seed: &std::path::Path, command: &[String]) -> Result<(), HelperError> {
    use std::os::unix::process::CommandExt;
    let (program, args) = command.split_first().ok_or(HelperError::NoProgram)?;
    seed_folder(seed)?;
    let error = std::process::Command::new(program).args(args).exec();
    Err(HelperError::Start {
        program: program.clone(),
        error,
    })
}

/// The spawner (`koth __spawn [--seed DIR] PROGRAM ARGS...`, inside the sandbox): copies the
/// bot's folder in, then answers requests on standard input until it closes.
///
/// Calls under a CPU-time cap are made by a launcher: a child of the spawner that holds the
/// cap itself ([`Rlimits::hold`]), so that each call's process inherits it, with a CPU-time
/// count of its own, and starts by `posix_spawn`; a cap set in the new process instead needs
/// a full `fork` a call (0.2 ms more a call, measured in the process bench). A launcher
/// hands over to a fresh one, passing back the request in hand, when a request asks another
/// cap (it cannot raise its own), or once it has used half the cap in CPU time itself (its
/// count runs over the match); the spawner, without a cap, waits meanwhile.
pub fn spawner_main(seed: Option<&std::path::Path>, command: &[String]) -> Result<(), HelperError> {
    let (program, args) = command.split_first().ok_or(HelperError::NoProgram)?;
    // A folder that cannot be copied in fails every call, saying why.
    let unseeded = seed.and_then(|seed| seed_folder(seed).err());
    let cmd = ExternalCommand {
        program: program.clone(),
        args: args.to_vec(),
        workdir: std::env::current_dir()?,
        sandbox: None,
    };
    // SAFETY: descriptors 0 and 1 are this process's standard input and output, which
    // nothing else in it reads or writes.
    #[allow(unsafe_code)]
    let (input, output) = unsafe { (File::from_raw_fd(0), File::from_raw_fd(1)) };
    serve(cmd, unseeded, None, input, output)
}

/// Answers the requests read from `input` with the replies written to `output`, until
/// `input` ends: each call of `cmd` is made with the environment `env` (this process's if
/// `None`), or fails saying why the bot's folder was not copied in (`unseeded`).
///
/// The spawner's loop (see [`spawner_main`]). It uses neither the standard streams' objects
/// nor any lock or state of koth's (see [`reaper::Local`]), and ends its launchers with
/// `_exit`: it also serves in a sandbox's PID 1, a fork of a koth whose other threads may
/// have held their locks at the fork.
pub(crate) fn serve(
    cmd: ExternalCommand,
    unseeded: Option<HelperError>,
    env: Option<Vec<(OsString, OsString)>>,
    input: File,
    mut output: File,
) -> Result<(), HelperError> {
    let mut server = Server {
        reap: reaper::Local::new(env)?,
        cmd,
        unseeded,
    };
    let mut input = std::io::BufReader::new(input);
    let mut handed: Option<String> = None;
    loop {
        let line = match handed.take() {
            Some(line) => line,
            None => match read_line(&mut input)? {
                Some(line) => line,
                None => return Ok(()),
            },
        };
        let request: Request = serde_json::from_str(&line)?;
        let limits = Rlimits {
            cpu_seconds: request.cpu_seconds,
            data_bytes: None,
        };
        if limits.is_empty() || server.unseeded.is_some() {
            server.answer(&request, &limits, &mut output)?;
        } else {
            handed = launch(&limits, request, &mut server, &mut input, &mut output)?;
        }
    }
}

/// Exit status of a launcher that handed the request in hand back to the spawner.
const HANDED_BACK: i32 = 86;

/// The next line of `input` (`None` at its end).
fn read_line(input: &mut impl std::io::BufRead) -> Result<Option<String>, HelperError> {
    let mut line = String::new();
    Ok((input.read_line(&mut line)? > 0).then_some(line))
}

/// What answers the calls.
struct Server {
    /// How each call is started and ended (the spawner's or its launcher's own).
    reap: reaper::Local,
    cmd: ExternalCommand,
    /// Why the bot's folder could not be copied in, if it could not.
    unseeded: Option<HelperError>,
}

impl Server {
    /// Makes the call `request` asks for under `limits` and writes its reply to `out` (in
    /// one write).
    fn answer(
        &mut self,
        request: &Request,
        limits: &Rlimits,
        out: &mut File,
    ) -> Result<(), HelperError> {
        let called = match &self.unseeded {
            Some(e) => Err(Failure::new(FaultKind::Crash, e.to_string())),
            None => self.cmd.call_reaped(
                &request.args,
                request.stdin.as_deref(),
                Duration::from_millis(request.timeout_ms),
                limits,
                &mut self.reap,
            ),
        };
        let reply = match called {
            Ok(out) => Reply::Ok {
                stdout: out.stdout,
                truncated: out.truncated,
                stderr: out.stderr,
            },
            Err(f) => Reply::Failed {
                kind: f.kind,
                detail: f.detail,
            },
        };
        let mut line = serde_json::to_vec(&reply)?;
        line.push(b'\n');
        out.write_all(&line)?;
        Ok(())
    }
}

/// Answers `first` and the requests after it from a launcher holding `limits`; returns once
/// it ended: `None` at the end of the input, else the request it handed back.
#[allow(unsafe_code)]
fn launch(
    limits: &Rlimits,
    first: Request,
    server: &mut Server,
    input: &mut std::io::BufReader<File>,
    output: &mut File,
) -> Result<Option<String>, HelperError> {
    use nix::sys::wait::{WaitStatus, waitpid};
    use nix::unistd::ForkResult;
    // Close-on-exec: the calls' processes do not hold the way back open.
    let (back_out, back_in) =
        nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC).map_err(std::io::Error::from)?;
    // SAFETY: the spawner runs one thread here (calls run in launchers or, without a cap,
    // between them, and a call's threads end with it), so the child may do anything.
    match unsafe { nix::unistd::fork() }.map_err(std::io::Error::from)? {
        ForkResult::Child => {
            drop(back_out);
            let code = match serve_held(limits, first, server, input, output, back_in) {
                Ok(false) => 0,
                Ok(true) => HANDED_BACK,
                Err(e) => {
                    tell(&e);
                    1
                }
            };
            // Without the exit handlers of `std::process::exit` (they lock standard output).
            // SAFETY: ends this process, which holds nothing to be flushed.
            unsafe { nix::libc::_exit(code) }
        }
        ForkResult::Parent { child } => {
            drop(back_in);
            // Read to the launcher's end (no other process holds the pipe).
            let mut handed = String::new();
            File::from(back_out).read_to_string(&mut handed)?;
            match waitpid(child, None).map_err(std::io::Error::from)? {
                WaitStatus::Exited(_, 0) => Ok(None),
                WaitStatus::Exited(_, HANDED_BACK) => Ok(Some(handed)),
                status => Err(HelperError::Io(std::io::Error::other(format!(
                    "the launcher ended: {status:?}"
                )))),
            }
        }
    }
}

/// The launcher's side of [`launch`]: holds `limits` and answers requests under them, until
/// the end of the input (`false`) or a request it writes back to `back` (`true`).
fn serve_held(
    limits: &Rlimits,
    first: Request,
    server: &mut Server,
    input: &mut std::io::BufReader<File>,
    output: &mut File,
    back: OwnedFd,
) -> Result<bool, HelperError> {
    limits.hold().map_err(std::io::Error::from)?;
    // The calls' leftovers come to the launcher, which sweeps them after each call.
    server.reap = server.reap.fork()?;
    let budget = Duration::from_secs(limits.cpu_seconds.unwrap_or(1).max(1)) / 2;
    let mut request = first;
    loop {
        server.answer(&request, limits, output)?;
        // koth sends a request only after the last reply: nothing follows it in the buffer.
        let Some(line) = read_line(input)? else {
            return Ok(false);
        };
        let next: Request = serde_json::from_str(&line)?;
        if next.cpu_seconds != limits.cpu_seconds || own_cpu_time() >= budget {
            File::from(back).write_all(line.as_bytes())?;
            return Ok(true);
        }
        request = next;
    }
}

/// The CPU time this process has used.
fn own_cpu_time() -> Duration {
    use nix::sys::resource::{UsageWho, getrusage};
    getrusage(UsageWho::RUSAGE_SELF).map_or(Duration::MAX, |usage| {
        let micros = |t: nix::sys::time::TimeVal| {
            Duration::from_secs(t.tv_sec().max(0) as u64)
                + Duration::from_micros(t.tv_usec().max(0) as u64)
        };
        micros(usage.user_time()) + micros(usage.system_time())
    })
}

/// The longest reply line read (a reply carries at most [`STDOUT_CAP`] bytes of output, as
/// JSON numbers, and a capped standard error).
const REPLY_CAP: usize = 8 * STDOUT_CAP;
/// Time allowed beyond a call's own limit for its reply (the sandbox's start included).
const MARGIN: Duration = Duration::from_secs(2);

/// A bot's sandbox with its spawner, from `koth`'s side. Dropping it kills the sandbox.
pub struct SandboxedCalls {
    /// The caps' control group (removed after the sandbox is gone).
    cgroup: Option<crate::cgroup::Cgroup>,
    /// `--cpu-seconds`, if given (else each call's time limit).
    cpu_seconds: Option<u64>,
    child: Child,
    input: ChildStdin,
    output: LineReader,
    broken: bool,
    /// Whether the spawner has replied once (the sandbox came up).
    replied: bool,
}

impl SandboxedCalls {
    /// Starts the sandbox of `cmd` (which must have one) with its spawner.
    pub fn start(cmd: &ExternalCommand) -> Result<SandboxedCalls, Failure> {
        let sandbox = cmd
            .sandbox
            .as_ref()
            .ok_or_else(|| Failure::new(FaultKind::Io, "no sandbox"))?;
        let mut command = sandbox.spawner(&cmd.program, &cmd.args, &cmd.workdir);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let cgroup = sandbox
            .confine_calls(&mut command, &cmd.workdir)
            .map_err(|e| Failure::new(FaultKind::Io, format!("cannot confine the sandbox: {e}")))?;
        let mut child = reaper::spawn(&mut command).map_err(|e| {
            Failure::new(
                FaultKind::Io,
                format!(
                    "cannot start the sandbox: {}",
                    crate::sandbox::start_error(&e)
                ),
            )
        })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = reaper::finish(&mut child);
            return Err(Failure::new(FaultKind::Io, "the sandbox has no pipes"));
        };
        let output = LineReader::new(File::from(OwnedFd::from(output)), REPLY_CAP);
        Ok(SandboxedCalls {
            cgroup,
            cpu_seconds: sandbox.cpu_seconds,
            child,
            input,
            output,
            broken: false,
            replied: false,
        })
    }

    /// Kills the sandbox at once, without waiting for it (its end is awaited, and its control
    /// group removed, when it is dropped): for ending several sandboxes at once
    /// ([`reaper::kill_group`]). It takes no more calls.
    pub fn stop(&mut self) {
        reaper::kill_group(&self.child);
        self.broken = true;
    }

    /// Whether the sandbox itself failed (it ended, hung or garbled a reply): it gets no more
    /// calls; a fresh one takes over.
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// One call, as [`ExternalCommand::call`] but inside the sandbox.
    pub fn call(
        &mut self,
        args: &[String],
        stdin: Option<&[u8]>,
        timeout: Duration,
    ) -> Result<CallOutput, Failure> {
        if self.broken {
            return Err(Failure::new(FaultKind::Io, "the sandbox is closed"));
        }
        let request = Request {
            args: args.to_vec(),
            stdin: stdin.map(<[u8]>::to_vec),
            timeout_ms: timeout.as_millis().min(u64::MAX as u128) as u64,
            cpu_seconds: Some(
                self.cpu_seconds
                    .unwrap_or_else(|| crate::rlimits::cpu_seconds_for(timeout)),
            ),
        };
        let reply = self.exchange(&request, Instant::now() + timeout + MARGIN);
        if reply.is_err() {
            self.broken = true;
            if !self.replied {
                // The sandbox did not come up: the next run checks bubblewrap again.
                crate::probed::forget();
            }
        }
        self.replied = true;
        match reply? {
            Reply::Ok {
                stdout,
                truncated,
                stderr,
            } => Ok(CallOutput {
                stdout,
                truncated,
                stderr,
            }),
            Reply::Failed { kind, detail } => {
                let cap = self.cgroup.as_mut().and_then(|g| g.cap_hit());
                Err(Failure {
                    kind,
                    detail: match cap {
                        Some(cap) => format!("{cap}: {detail}"),
                        None => detail,
                    },
                })
            }
        }
    }

    /// Sends `request` and reads its reply; an error is the sandbox's own failure.
    fn exchange(&mut self, request: &Request, deadline: Instant) -> Result<Reply, Failure> {
        let mut line = serde_json::to_vec(request)
            .map_err(|e| Failure::new(FaultKind::Io, format!("cannot encode a call: {e}")))?;
        line.push(b'\n');
        self.input
            .write_all(&line)
            .map_err(|e| Failure::new(FaultKind::Crash, format!("the sandbox ended: {e}")))?;
        let reply = self.read_reply(deadline)?;
        serde_json::from_str::<Reply>(&reply).map_err(|e| {
            Failure::new(
                FaultKind::Io,
                format!("a garbled reply from the sandbox: {e}"),
            )
        })
    }

    /// The next reply line, waited for until `deadline`.
    fn read_reply(&mut self, deadline: Instant) -> Result<String, Failure> {
        loop {
            match self.output.next_line() {
                Some(Line::Text(line)) => return Ok(line),
                Some(Line::TooLong) => {
                    return Err(Failure::new(
                        FaultKind::Io,
                        "an over-long reply from the sandbox",
                    ));
                }
                Some(Line::Eof) => return Err(Failure::new(FaultKind::Crash, "the sandbox ended")),
                None => {}
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Failure::new(
                    FaultKind::Timeout,
                    "the sandbox did not reply in time (killed)",
                ));
            }
            let mut fds = [nix::libc::pollfd {
                fd: self.output.file.as_raw_fd(),
                events: nix::libc::POLLIN,
                revents: 0,
            }];
            let ms = (deadline - now).as_millis().clamp(1, i32::MAX as u128) as i32;
            if crate::process::poll(&mut fds, ms) > 0 {
                self.output.fill();
            }
        }
    }
}

impl Drop for SandboxedCalls {
    fn drop(&mut self) {
        let _ = reaper::finish(&mut self.child);
        self.cgroup = None;
    }
}
