//! No survivors: no bot process outlives its call, its match or `koth`, without any sandbox.
//!
//! - Every bot program is started by [`spawn`] in a process group of its own, with
//!   `PR_SET_PDEATHSIG` (SIGKILL when `koth` dies, also by SIGKILL) and as a child subreaper
//!   itself, so that while it runs, whatever its children leave behind (a double fork,
//!   `setsid`) stays in its tree.
//! - `koth` is a child subreaper ([`enable`]): when a bot ends, everything left of its tree is
//!   handed to `koth`, and [`finish`] kills the bot's process group and then [`sweep`]s:
//!   every child of `koth` that is not a running bot is killed and reaped, until none is left.
//! - [`interrupt`] (SIGINT, SIGTERM) kills every running bot and refuses new ones.
//!
//! What this cannot reach without a sandbox: when `koth` is killed by SIGKILL, the bot
//! processes themselves die (their death signal), but processes they started live on,
//! since no code of `koth` runs any more. The sandbox (a PID namespace) closes that gap.

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

/// Makes this process a child subreaper and turns sweeping on. The `koth` binary calls it
/// at start; a program embedding this crate calls it only if it starts no children of its
/// own, since a sweep kills every child that is not a running bot.
pub fn enable() -> io::Result<()> {
    nix::sys::prctl::set_child_subreaper(true)?;
    ENABLED.store(true, Ordering::SeqCst);
    Ok(())
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

/// Starts a bot: in a process group of its own, killed when `koth` dies, a child subreaper
/// itself; registered as running until [`finish`].
#[allow(unsafe_code)]
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    use std::os::unix::process::CommandExt;
    let parent = nix::unistd::getpid();
    command.process_group(0);
    // SAFETY: the closure runs in the forked child before exec and makes only prctl(2) and
    // getppid(2) calls, which are async-signal-safe; it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
            nix::sys::prctl::set_child_subreaper(true)?;
            if nix::unistd::getppid() != parent {
                // `koth` died before the death signal was set.
                return Err(io::Error::from_raw_os_error(nix::libc::ESRCH));
            }
            Ok(())
        });
    }
    // Spawning and registering under the lock: a sweep never takes a bot being started for
    // a leftover.
    let mut live = live();
    if interrupted() {
        return Err(io::Error::other("koth is stopping"));
    }
    let child = command.spawn()?;
    live.push(child.id() as i32);
    Ok(child)
}

/// Kills the process group of the bot `child` (whether or not it has exited) and waits for
/// it; then forgets it and [`sweep`]s what it left. Returns its exit status.
pub fn finish(child: &mut Child) -> io::Result<std::process::ExitStatus> {
    let pid = child.id() as i32;
    // The group's leader is at worst a zombie here, so its id names this group still.
    let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    let status = child.wait();
    live().retain(|&p| p != pid);
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
            let orphans: Vec<i32> = children()
                .into_iter()
                .filter(|p| !live.contains(p))
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
