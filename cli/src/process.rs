//! Running external bot programs: one run per call, with a timeout, an output cap and the
//! whole process group killed afterwards.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use koth_engine_core::FaultKind;
use koth_engine_core::runner::Failure;

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
    /// A per-call time limit overriding the game protocol's own.
    pub timeout: Option<Duration>,
}

/// What a successful call printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallOutput {
    /// Standard output, at most [`STDOUT_CAP`] bytes.
    pub stdout: Vec<u8>,
    /// Whether standard output was longer than the cap.
    pub truncated: bool,
}

impl ExternalCommand {
    /// Parses a `cmd:` SPEC's command line, split into words like a shell does (no shell runs).
    pub fn parse(line: &str, workdir: &Path) -> anyhow::Result<Self> {
        let words = shell_words::split(line)
            .map_err(|e| anyhow::anyhow!("cannot split command line {line:?}: {e}"))?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| anyhow::anyhow!("empty command line"))?;
        let cmd = ExternalCommand {
            program: program.clone(),
            args: args.to_vec(),
            workdir: workdir.to_path_buf(),
            timeout: None,
        };
        cmd.check_exists()?;
        Ok(cmd)
    }

    /// Fails with a clear message when the program cannot be found or is not executable.
    pub fn check_exists(&self) -> anyhow::Result<()> {
        let found = if self.program.contains('/') {
            is_executable(&self.workdir.join(&self.program))
        } else {
            std::env::var_os("PATH")
                .map(|paths| {
                    std::env::split_paths(&paths).any(|d| is_executable(&d.join(&self.program)))
                })
                .unwrap_or(false)
        };
        if found {
            Ok(())
        } else {
            anyhow::bail!(
                "program {:?} not found (looked {})",
                self.program,
                if self.program.contains('/') {
                    format!("in {}", self.workdir.display())
                } else {
                    "on PATH".to_string()
                }
            )
        }
    }

    /// Runs the program once with `extra` arguments after its own and `stdin` as its input,
    /// waiting at most `timeout`. Afterwards (whatever happened) its whole process group is
    /// killed, so nothing it started outlives the call.
    pub fn call(
        &self,
        extra: &[String],
        stdin: Option<&[u8]>,
        timeout: Duration,
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
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|e| Failure {
            kind: FaultKind::Io,
            detail: format!("cannot start {:?}: {e}", self.program),
        })?;
        let group = ProcessGroup(child.id() as i32);
        let started = Instant::now();

        let stdout_rx = spawn_reader(child.stdout.take(), STDOUT_CAP);
        let stderr_rx = spawn_reader(child.stderr.take(), STDERR_CAP);
        if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
            let input = input.to_vec();
            // A program that never reads must not block the runner: write from a thread.
            thread::spawn(move || {
                let _ = pipe.write_all(&input);
            });
        }
        let (status_tx, status_rx) = mpsc::channel();
        thread::spawn(move || {
            let _ = status_tx.send(child.wait());
        });

        let status = status_rx.recv_timeout(timeout);
        drop(group); // kills whatever is left of the group, also after a normal exit
        let remaining = |extra: u64| Duration::from_millis(extra);
        let stderr = stderr_rx
            .recv_timeout(remaining(200))
            .map(|(bytes, _)| bytes)
            .unwrap_or_default();
        let stderr_text = String::from_utf8_lossy(&stderr).trim().to_string();
        let with_stderr = |msg: String| {
            if stderr_text.is_empty() {
                msg
            } else {
                format!("{msg}; stderr: {stderr_text}")
            }
        };
        let status: ExitStatus = match status {
            Ok(Ok(status)) => status,
            Ok(Err(e)) => {
                return Err(Failure {
                    kind: FaultKind::Io,
                    detail: with_stderr(format!("waiting for the program failed: {e}")),
                });
            }
            Err(_) => {
                return Err(Failure {
                    kind: FaultKind::Timeout,
                    detail: with_stderr(format!(
                        "no answer within {} ms (killed)",
                        timeout.as_millis()
                    )),
                });
            }
        };
        let (stdout, truncated) = stdout_rx
            .recv_timeout(remaining(200))
            .unwrap_or((Vec::new(), false));
        if !status.success() {
            let how = match (
                status.code(),
                std::os::unix::process::ExitStatusExt::signal(&status),
            ) {
                (Some(code), _) => format!("exited with status {code}"),
                (None, Some(sig)) => format!("killed by signal {sig}"),
                _ => "failed".to_string(),
            };
            return Err(Failure {
                kind: FaultKind::Crash,
                detail: with_stderr(format!("{how} after {} ms", started.elapsed().as_millis())),
            });
        }
        Ok(CallOutput { stdout, truncated })
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// Reads a pipe to its end on a thread, keeping the first `cap` bytes.
fn spawn_reader<R: Read + Send + 'static>(
    pipe: Option<R>,
    cap: usize,
) -> mpsc::Receiver<(Vec<u8>, bool)> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut truncated = false;
        if let Some(mut pipe) = pipe {
            let mut buf = [0u8; 8192];
            loop {
                match pipe.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        let room = cap.saturating_sub(kept.len());
                        kept.extend_from_slice(&buf[..n.min(room)]);
                        truncated |= n > room;
                    }
                }
            }
        }
        let _ = tx.send((kept, truncated));
    });
    rx
}

/// A process group that is killed (SIGKILL) when dropped.
#[derive(Debug)]
pub struct ProcessGroup(pub i32);

impl Drop for ProcessGroup {
    fn drop(&mut self) {
        if self.0 > 0 {
            let _ = killpg(Pid::from_raw(self.0), Signal::SIGKILL);
        }
    }
}

/// `sh -c SCRIPT` in the current directory, for tests.
#[cfg(test)]
pub(crate) fn sh(script: &str) -> ExternalCommand {
    ExternalCommand {
        program: "sh".into(),
        args: vec!["-c".into(), script.into()],
        workdir: std::env::current_dir().unwrap(),
        timeout: None,
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

    #[test]
    fn missing_program_is_reported() {
        let dir = std::env::current_dir().unwrap();
        assert!(ExternalCommand::parse("definitely-not-a-program-koth", &dir).is_err());
        assert!(ExternalCommand::parse("./nope/nope", &dir).is_err());
        assert!(ExternalCommand::parse("", &dir).is_err());
        assert!(ExternalCommand::parse("sh -c 'echo W'", &dir).is_ok());
    }
}
