//! No survivors: no bot process outlives its call, its match or `koth`, without any sandbox.
//!
//! - Every bot program is started by [`spawn`] in a process group of its own.
//! - `koth` is a child subreaper ([`enable`]): whatever a bot's processes leave behind (a
//!   double fork, `setsid`) is handed to `koth`, and [`finish`] kills the bot's process group
//!   and then [`sweep`]s: every child of `koth` that is not a running bot is killed and
//!   reaped, until none is left. (So a bot's orphans are killed at the next sweep even while
//!   the bot still runs: a bot cannot keep helpers outside its process group.)
//! - A guardian process (a fork of `koth`, started with the first bot) is told the process
//!   group of every running bot over a pipe; when that pipe closes, because `koth` ended in
//!   any way, SIGKILL included, it kills those groups. This stands
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

/// Makes this process a child subreaper and turns sweeping on; with `guardian`, a guardian
/// (a fork of this process) starts with the first bot. The `koth` binary calls it at start; a
/// program embedding this crate calls it only if it starts no children of its own, since a
/// sweep kills every child that is not a running bot.
pub fn enable(guardian: bool) -> io::Result<()> {
    nix::sys::prctl::set_child_subreaper(true)?;
    ENABLED.store(true, Ordering::SeqCst);
    if guardian {
        guardian::set_up();
    }
    Ok(())
}

/// Ends the guardian (at the end of `koth`, once every bot is gone).
pub fn stop_guardian() {
    guardian::stop();
}

/// The guardian: a child of `koth`, forked without an exec (an exec of the `koth` binary
/// cost about a millisecond per run, in the way of the first bot). It reads `+PGID` and
/// `-PGID` lines from a pipe and, at its end (`koth` is gone), kills every process group
/// still registered. It reads in batches, every 20 ms, so that `koth` does not wake it for
/// every bot it starts (the pipe holds thousands of lines meanwhile).
mod guardian {
    use std::fs::File;
    use std::io::Write;
    use std::os::fd::{AsRawFd, RawFd};
    use std::sync::Mutex;

    use nix::libc;
    use nix::unistd::Pid;

    enum State {
        Off,
        Ready,
        Running(Pid, File),
        Failed,
    }

    static STATE: Mutex<State> = Mutex::new(State::Off);

    /// The most process groups the guardian holds at once (running bots); past it, new
    /// ones are not registered. Each running bot is one.
    const MAX_GROUPS: usize = 1 << 16;
    /// The guardian's read buffer, in bytes.
    const BUFFER: usize = 1 << 14;

    fn state() -> std::sync::MutexGuard<'static, State> {
        STATE.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn set_up() {
        let mut state = state();
        if matches!(*state, State::Off) {
            *state = State::Ready;
        }
    }

    pub(super) fn pid() -> Option<i32> {
        match &*state() {
            State::Running(pid, _) => Some(pid.as_raw()),
            _ => None,
        }
    }

    /// Starts the guardian if it is set up and not running yet (with the running bots
    /// locked, so a sweep never takes it for a leftover).
    pub(super) fn start() {
        let mut state = state();
        if matches!(*state, State::Ready) {
            *state = match fork_guardian() {
                Ok((pid, input)) => State::Running(pid, input),
                Err(_) => State::Failed,
            };
        }
    }

    /// Forks the guardian; returns its id and the pipe to it.
    #[allow(unsafe_code)]
    fn fork_guardian() -> std::io::Result<(Pid, File)> {
        use nix::unistd::ForkResult;
        // Close-on-exec: no bot inherits either end.
        let (output, input) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        // The guardian's memory, made here: the child allocates nothing.
        let mut groups: Vec<i32> = Vec::with_capacity(MAX_GROUPS);
        let mut buffer = vec![0u8; BUFFER];
        // SAFETY: the child (a copy of one thread of a process that may run others) only
        // makes async-signal-safe calls (setpgid, signal, sigprocmask, dup2, close_range,
        // close, read, nanosleep, killpg, _exit) and touches only memory made before the
        // fork; it allocates nothing and never returns.
        match unsafe { nix::unistd::fork() }? {
            ForkResult::Child => unsafe {
                guard(output.as_raw_fd(), &mut groups, &mut buffer);
            },
            ForkResult::Parent { child } => Ok((child, File::from(input))),
        }
    }

    /// The guardian's life, in the forked child: it keeps only the pipe's read end (as its
    /// standard input), reads registrations until the pipe closes, kills the groups still
    /// registered and exits.
    ///
    /// # Safety
    /// Only in a child just forked: it closes every other descriptor and never returns.
    #[allow(unsafe_code)]
    unsafe fn guard(pipe: RawFd, groups: &mut Vec<i32>, buffer: &mut [u8]) -> ! {
        // SAFETY: plain system calls on this process's own state (see `fork_guardian`).
        unsafe {
            // Its own group: a Ctrl-C at the terminal reaches koth, not the guardian.
            libc::setpgid(0, 0);
            // koth's signal handlers and mask mean nothing here.
            for signal in 1..32 {
                if signal != libc::SIGKILL && signal != libc::SIGSTOP {
                    libc::signal(signal, libc::SIG_DFL);
                }
            }
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
            // Only the pipe stays open: with a bot's pipe, or the pipe's write end, the
            // guardian would keep them from their end.
            if pipe != 0 {
                libc::dup2(pipe, 0);
            }
            if libc::syscall(libc::SYS_close_range, 1u32, u32::MAX, 0u32) != 0 {
                for fd in 1..65_536 {
                    libc::close(fd);
                }
            }
        }
        // SAFETY: descriptor 0 is the pipe's read end, open until this process exits.
        let pipe = unsafe { std::os::fd::BorrowedFd::borrow_raw(0) };
        let mut pending = 0;
        loop {
            let n = match nix::unistd::read(pipe, &mut buffer[pending..]) {
                Ok(0) => break,
                Ok(n) => n,
                Err(nix::errno::Errno::EINTR) => continue,
                Err(_) => break,
            };
            let end = pending + n;
            let mut line_start = 0;
            for i in 0..end {
                if buffer[i] == b'\n' {
                    register(&buffer[line_start..i], groups);
                    line_start = i + 1;
                }
            }
            buffer.copy_within(line_start..end, 0);
            pending = end - line_start;
            if pending == buffer.len() {
                // A line longer than the buffer is none of koth's.
                pending = 0;
            }
            let pause = libc::timespec {
                tv_sec: 0,
                tv_nsec: 20_000_000,
            };
            // SAFETY: a plain system call with a valid time.
            unsafe { libc::nanosleep(&pause, std::ptr::null_mut()) };
        }
        for &pgid in groups.iter() {
            let _ = nix::sys::signal::killpg(Pid::from_raw(pgid), nix::sys::signal::SIGKILL);
        }
        // SAFETY: ends this process at once, running nothing of koth's.
        unsafe { libc::_exit(0) }
    }

    /// Applies one line, `+PGID` or `-PGID`, to `groups`, without allocating.
    fn register(line: &[u8], groups: &mut Vec<i32>) {
        let Some((&sign, digits)) = line.split_first() else {
            return;
        };
        let mut pgid: i32 = 0;
        for &d in digits {
            if !d.is_ascii_digit() {
                return;
            }
            match pgid
                .checked_mul(10)
                .and_then(|p| p.checked_add(i32::from(d - b'0')))
            {
                Some(p) => pgid = p,
                None => return,
            }
        }
        if digits.is_empty() || pgid <= 0 {
            return;
        }
        match sign {
            b'+' if groups.len() < groups.capacity() => groups.push(pgid),
            b'-' => {
                if let Some(i) = groups.iter().position(|&p| p == pgid) {
                    groups.swap_remove(i);
                }
            }
            _ => {}
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
        if let Some(pid) = orphan() {
            let _ = nix::sys::signal::kill(pid, nix::sys::signal::SIGKILL);
            let _ = nix::sys::wait::waitpid(pid, None);
        }
    }

    /// Closes the pipe to the guardian as `koth`'s death would (without killing it), and
    /// returns its id.
    pub(super) fn orphan() -> Option<Pid> {
        match std::mem::replace(&mut *state(), State::Off) {
            State::Running(pid, input) => {
                drop(input);
                Some(pid)
            }
            _ => None,
        }
    }

    #[cfg(test)]
    mod tests {
        use super::register;

        #[test]
        fn the_guardian_reads_registrations_without_allocating() {
            let mut groups = Vec::with_capacity(2);
            for line in [
                "+12",
                "+7",
                "+9",
                "-12",
                "+x3",
                "-",
                "+",
                "+-4",
                "+99999999999",
                "*5",
            ] {
                register(line.as_bytes(), &mut groups);
            }
            // The third was past the capacity; the rest were not registrations.
            assert_eq!(groups, [7]);
            assert_eq!(groups.capacity(), 2);
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

/// Kills the process group of the bot `child` (started by [`spawn`], not yet [`finish`]ed) at
/// once, without waiting for it: [`finish`] then only reaps it. Several bots killed this way
/// before the first is awaited end side by side: their processes' teardown (a sandbox's
/// namespaces and mounts) runs in parallel instead of one bot's after another's.
pub fn kill_group(child: &Child) {
    // Not reaped yet: the group's leader is at worst a zombie, so its id names this group.
    let _ = killpg(Pid::from_raw(child.id() as i32), Signal::SIGKILL);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::time::{Duration, Instant};

    /// The guardian keeps no descriptor of koth's but its pipe (a bot's pipe it held would
    /// never reach its end), and when the pipe closes it kills the running bot's group.
    #[test]
    fn the_guardian_holds_only_its_pipe_and_kills_the_bots_at_its_end() {
        enable(true).unwrap();
        let mut command = Command::new("sleep");
        command.arg("30").stdout(std::process::Stdio::piped());
        let mut bot = spawn(&mut command).unwrap();
        let guard = guardian::pid().expect("the guardian started with the bot");
        let deadline = Instant::now() + Duration::from_secs(5);
        let fds = loop {
            let fds: Vec<String> = std::fs::read_dir(format!("/proc/{guard}/fd"))
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            if fds.len() == 1 || Instant::now() > deadline {
                break fds;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(fds, ["0"]);
        // As if koth died: the guardian kills the bot and ends.
        let pid = guardian::orphan().unwrap();
        assert_eq!(pid.as_raw(), guard);
        let status = bot.wait().unwrap();
        assert_eq!(status.signal(), Some(nix::libc::SIGKILL));
        waitpid(pid, None).unwrap();
        live().retain(|&p| p != bot.id() as i32);
    }
}
