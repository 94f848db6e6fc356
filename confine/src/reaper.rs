//! No survivors: no bot process outlives its call, its match or `koth`, without any sandbox.
//!
//! - Every bot program is started by [`spawn`] in a process group of its own.
//! - `koth` is a child subreaper ([`enable`]): whatever a bot's processes leave behind (a
//!   double fork, `setsid`) is handed to `koth`, and [`finish`] kills the bot's process group
//!   and then [`sweep`]s: every child of `koth` that is not a running bot is killed and
//!   reaped, until none is left. (So a bot's orphans are killed at the next sweep even while
//!   the bot still runs: a bot cannot keep helpers outside its process group.)
//! - A guardian process (the `koth` binary run as `koth __guard`, started with the first bot)
//!   is told the process group of every running bot over a pipe; when that pipe closes,
//!   because `koth` ended in any way, SIGKILL included, it kills those groups. This stands
//!   in for `PR_SET_PDEATHSIG`, which would need a `pre_exec` hook, and so a full `fork`
//!   instead of `posix_spawn`, on every call (measured: about 15% more per call); it also
//!   reaches the bot's whole group, not just the bot. Long-running bots, started once per
//!   match, get `PR_SET_PDEATHSIG` as well.
//! - [`interrupt`] (SIGINT, SIGTERM) kills every running bot and refuses new ones.
//!
//! What this cannot reach without a sandbox: when `koth` is killed by SIGKILL, processes
//! that left their bot's process group live on, since no code of `koth` runs any more. The
//! sandbox (a PID namespace) closes that gap.

use std::io;
use std::process::{Child, Command};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use nix::sys::signal::{Signal, kill, killpg};
use nix::sys::wait::waitpid;
use nix::unistd::Pid;

/// The running bots (direct children of `koth`), by process id.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());
static ENABLED: AtomicBool = AtomicBool::new(false);
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Held by a sweep: only sweeps reap leftovers, one at a time, so an id a sweep read stays
/// its child until it reaps it (never a recycled id).
static SWEEP: Mutex<()> = Mutex::new(());

fn live() -> std::sync::MutexGuard<'static, Vec<i32>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Makes this process a child subreaper and turns sweeping on; with `guardian` (the `koth`
/// binary), a guardian starts with the first bot. The `koth` binary calls it at start; a
/// program embedding this crate calls it only if it starts no children of its own, since a
/// sweep kills every child that is not a running bot.
pub fn enable(guardian: Option<std::path::PathBuf>) -> io::Result<()> {
    nix::sys::prctl::set_child_subreaper(true)?;
    ENABLED.store(true, Ordering::SeqCst);
    if let Some(program) = guardian {
        guardian::set_program(program);
    }
    Ok(())
}

/// Ends the guardian (at the end of `koth`, once every bot is gone).
pub fn stop_guardian() {
    guardian::stop();
}

/// The guardian's side: `koth __guard` reads `+PGID` and `-PGID` lines on its standard input
/// and, at its end (`koth` is gone), kills every process group still registered. It reads
/// in batches, every 20 ms, so that `koth` does not wake it for every bot it starts (the
/// pipe holds thousands of lines meanwhile).
pub fn guard_main() {
    use std::io::Read;
    let mut groups: Vec<i32> = Vec::new();
    let mut pending: Vec<u8> = Vec::new();
    let mut buf = [0u8; 16384];
    let mut stdin = io::stdin().lock();
    loop {
        let n = match stdin.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        pending.extend_from_slice(&buf[..n]);
        let complete = pending
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        for line in pending[..complete].split(|&b| b == b'\n') {
            let line = String::from_utf8_lossy(line);
            let (sign, pid) = line.split_at(line.len().min(1));
            match (sign, pid.parse::<i32>()) {
                ("+", Ok(pid)) if pid > 0 => groups.push(pid),
                ("-", Ok(pid)) => groups.retain(|&p| p != pid),
                _ => {}
            }
        }
        pending.drain(..complete);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    for pgid in groups {
        let _ = killpg(Pid::from_raw(pgid), Signal::SIGKILL);
    }
}

/// The guardian, from `koth`'s side.
mod guardian {
    use std::io::Write;
    use std::path::PathBuf;
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::Mutex;

    enum State {
        Off,
        Ready(PathBuf),
        Running(Child, ChildStdin),
        Failed,
    }

    static STATE: Mutex<State> = Mutex::new(State::Off);

    fn state() -> std::sync::MutexGuard<'static, State> {
        STATE.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn set_program(program: PathBuf) {
        *state() = State::Ready(program);
    }

    pub(super) fn pid() -> Option<i32> {
        match &*state() {
            State::Running(child, _) => Some(child.id() as i32),
            _ => None,
        }
    }

    /// Starts the guardian if it is set up and not running yet (with the running bots
    /// locked, so a sweep never takes it for a leftover).
    pub(super) fn start() {
        let mut state = state();
        if let State::Ready(program) = &*state {
            let mut command = Command::new(program);
            command
                .arg("__guard")
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null());
            // Its own group: a Ctrl-C at the terminal reaches koth, not the guardian.
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
            *state = match command.spawn() {
                Ok(mut child) => match child.stdin.take() {
                    Some(input) => State::Running(child, input),
                    None => State::Failed,
                },
                Err(_) => State::Failed,
            };
        }
    }

    /// Tells the guardian `+pgid` (a bot started) or `-pgid` (it ended).
    pub(super) fn tell(sign: char, pgid: i32) {
        if let State::Running(_, input) = &mut *state() {
            // One write: the guardian reads whole lines.
            let _ = input.write_all(format!("{sign}{pgid}\n").as_bytes());
        }
    }

    /// Ends the guardian at once (it would notice the closed pipe only at its next read):
    /// called when every bot is gone, so there is nothing left for it to kill.
    pub(super) fn stop() {
        let old = std::mem::replace(&mut *state(), State::Off);
        if let State::Running(mut child, input) = old {
            drop(input);
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Whether [`interrupt`] was called: no new bot starts.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Kills every running bot and everything left of them, and refuses new ones.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    for &pid in live().iter() {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
    sweep();
}

/// Starts a bot in a process group of its own, registered as running (and told to the
/// guardian) until [`finish`].
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
    // Spawning and registering under the lock: a sweep never takes a bot being started for
    // a leftover.
    let mut live = live();
    if interrupted() {
        return Err(io::Error::other("koth is stopping"));
    }
    guardian::start();
    let child = command.spawn()?;
    let pid = child.id() as i32;
    live.push(pid);
    drop(live);
    guardian::tell('+', pid);
    Ok(child)
}

/// Sets, for a bot started by [`spawn`] with this `command`, that it dies with `koth`
/// (`PR_SET_PDEATHSIG`). This costs a `pre_exec` hook (a full `fork`): for long-running bots.
#[allow(unsafe_code)]
pub fn die_with_koth(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = nix::unistd::getpid();
    // SAFETY: the closure runs in the forked child before exec and makes only prctl(2) and
    // getppid(2) calls, which are async-signal-safe; it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
            if nix::unistd::getppid() != parent {
                // `koth` died before the death signal was set.
                return Err(io::Error::from_raw_os_error(nix::libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// Kills the process group of the bot `child` (whether or not it has exited) and waits for
/// it; then forgets it and [`sweep`]s what it left. Returns its exit status.
pub fn finish(child: &mut Child) -> io::Result<std::process::ExitStatus> {
    let pid = child.id() as i32;
    // The group's leader is at worst a zombie here, so its id names this group still.
    let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    let status = child.wait();
    live().retain(|&p| p != pid);
    guardian::tell('-', pid);
    sweep();
    status
}

/// Kills and reaps every child of `koth` that is not a running bot (what ended bots left,
/// handed to `koth` as their subreaper), until none is left. Does nothing unless
/// [`enable`]d.
pub fn sweep() {
    if !ENABLED.load(Ordering::SeqCst) {
        return;
    }
    let _one = SWEEP.lock().unwrap_or_else(|e| e.into_inner());
    // Each round kills the leftovers found; their own children then come to `koth` too.
    for _ in 0..1000 {
        let orphans: Vec<i32> = {
            let live = live();
            let guard = guardian::pid();
            let orphans: Vec<i32> = children()
                .into_iter()
                .filter(|p| !live.contains(p) && Some(*p) != guard)
                .collect();
            for &p in &orphans {
                let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
            }
            orphans
        };
        if orphans.is_empty() {
            return;
        }
        for p in orphans {
            let _ = waitpid(Pid::from_raw(p), None);
        }
    }
}

/// The children of this process: those listed in the main thread's `children` file (a
/// subreaper's orphans go to its first live thread, the main thread, and the threads that
/// start bots only have running bots as children); without that file (a kernel built
/// without it), every process's `stat` is read.
fn children() -> Vec<i32> {
    let me = std::process::id();
    if let Ok(text) = std::fs::read_to_string(format!("/proc/{me}/task/{me}/children")) {
        return text
            .split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect();
    }
    let mut found = Vec::new();
    if let Ok(procs) = std::fs::read_dir("/proc") {
        for p in procs.flatten() {
            let Some(pid) = p.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
                continue;
            };
            let stat = std::fs::read_to_string(p.path().join("stat")).unwrap_or_default();
            // The parent is the second field after the parenthesised command.
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|s| s.parse::<u32>().ok());
            if ppid == Some(me) {
                found.push(pid);
            }
        }
    }
    found
}
