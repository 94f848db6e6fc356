//! No survivors: no bot process outlives its call, its match or `koth`, without any sandbox.
//!
//! - Every bot program is started by [`spawn`] in a process group of its own.
//! - `koth` is a child subreaper ([`enable`]): whatever a bot's processes leave behind (a
//!   double fork, `setsid`) is handed to `koth`, and [`finish`] kills the bot's process group
//!   and then [`sweep`]s: every child of `koth` that is not a running bot is killed and
//!   reaped, until none is left. (So a bot's orphans are killed at the next sweep even while
//!   the bot still runs: a bot cannot keep helpers outside its process group.)
//! - Every running bot's process group is also written, without a lock, in a table in
//!   memory shared with the guardian (see `table`).
//! - A guardian process (a fork of `koth`, started with the first bot) holds the read end of
//!   a pipe nobody writes to; when that pipe closes, because `koth` ended in any way, SIGKILL
//!   included, it kills the groups in the table. This stands
//!   in for `PR_SET_PDEATHSIG`, which would need a `pre_exec` hook, and so a full `fork`
//!   instead of `posix_spawn`, on every call (measured: about 15% more per call); it also
//!   reaches the bot's whole group, not just the bot. Long-running bots, started once per
//!   match, get `PR_SET_PDEATHSIG` as well.
//! - [`interrupt`] kills every running bot and refuses new ones; [`stop_on_signals`] makes
//!   SIGINT, SIGTERM and SIGHUP do the same from a signal handler (no thread waits for them),
//!   and a second such signal ends `koth` at once.
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

/// The running bots (direct children of `koth`): each one's process id and its slot in the
/// shared table (`None`: the table was full or could not be made).
static LIVE: Mutex<Vec<(i32, Option<usize>)>> = Mutex::new(Vec::new());
static ENABLED: AtomicBool = AtomicBool::new(false);
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Held by a sweep: only sweeps reap leftovers, one at a time, so an id a sweep read stays
/// its child until it reaps it (never a recycled id). It holds the main thread's `children`
/// file, opened at the first sweep and read again from its start at each (a sweep follows
/// every call: two reads instead of an open, a `stat`, reads and a close).
static SWEEP: Mutex<Option<std::fs::File>> = Mutex::new(None);

fn live() -> std::sync::MutexGuard<'static, Vec<(i32, Option<usize>)>> {
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

/// The running bots' process groups where a signal handler and the guardian read them
/// without a lock: a fixed table of slots (0: free) in an anonymous shared mapping, made
/// before the guardian is forked, so the guardian sees every later write of `koth`'s. It is
/// written only with the running bots ([`LIVE`]) locked; it is read by the handler of
/// [`stop_on_signals`] and by the guardian when `koth` is gone.
///
/// No other process shares it: once the guardian is forked (or at once, without one) the
/// mapping is marked `MADV_DONTFORK`, so a sandbox's monitor and PID 1 (forks of koth that
/// live beside a stranger's program) are made without it and could not write into it.
mod table {
    use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicUsize, Ordering};

    use nix::libc;

    /// The most process groups the table holds at once (running bots); past it, new ones
    /// are not entered (they are still killed at their call's end and by [`super::interrupt`],
    /// but not by a signal's handler or the guardian).
    pub(super) const SLOTS: usize = 1 << 14;

    static TABLE: AtomicPtr<AtomicI32> = AtomicPtr::new(std::ptr::null_mut());
    /// Where the search for a free slot starts: after the last slot taken.
    static NEXT: AtomicUsize = AtomicUsize::new(0);

    /// The table, if it was made (async-signal-safe: one load).
    #[allow(unsafe_code)]
    pub(super) fn get() -> Option<&'static [AtomicI32]> {
        let first = TABLE.load(Ordering::Acquire);
        // SAFETY: a non-null pointer is the start of the mapping `make` made for `SLOTS`
        // zeroed atomics, never unmapped.
        (!first.is_null()).then(|| unsafe { std::slice::from_raw_parts(first, SLOTS) })
    }

    /// Makes the table if it is not made yet (with the running bots locked).
    #[allow(unsafe_code)]
    pub(super) fn make() -> Option<&'static [AtomicI32]> {
        if let Some(table) = get() {
            return Some(table);
        }
        // SAFETY: a new anonymous mapping, zeroed by the kernel; `AtomicI32` is an `i32`,
        // for which zero bytes are a value. It is never unmapped.
        let first = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                SLOTS * std::mem::size_of::<AtomicI32>(),
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if first == libc::MAP_FAILED {
            return None;
        }
        TABLE.store(first.cast(), Ordering::Release);
        get()
    }

    /// Whether the table is kept out of forked processes.
    static SEALED: AtomicBool = AtomicBool::new(false);

    /// Keeps the table out of every process forked from now on (`MADV_DONTFORK`), or, with
    /// `false`, lets the next fork (the guardian's) share it (with the running bots locked).
    #[allow(unsafe_code)]
    pub(super) fn seal(sealed: bool) {
        let first = TABLE.load(Ordering::Acquire);
        if !first.is_null() {
            let advice = if sealed {
                libc::MADV_DONTFORK
            } else {
                libc::MADV_DOFORK
            };
            // SAFETY: madvise(2) on the whole mapping `make` made, which stays mapped here.
            let done = unsafe {
                libc::madvise(
                    first.cast(),
                    SLOTS * std::mem::size_of::<AtomicI32>(),
                    advice,
                )
            };
            SEALED.store(sealed && done == 0, Ordering::Relaxed);
        }
    }

    /// Enters `pgid` in a free slot and returns the slot (with the running bots locked).
    pub(super) fn enter(pgid: i32) -> Option<usize> {
        let table = make()?;
        if !SEALED.load(Ordering::Relaxed) {
            seal(true);
        }
        let start = NEXT.load(Ordering::Relaxed);
        let slot = (0..SLOTS)
            .map(|i| (start + i) % SLOTS)
            .find(|&i| table[i].load(Ordering::Relaxed) == 0)?;
        table[slot].store(pgid, Ordering::Release);
        NEXT.store(slot + 1, Ordering::Relaxed);
        Some(slot)
    }

    /// Frees `slot` (with the running bots locked).
    pub(super) fn clear(slot: usize) {
        if let Some(table) = get() {
            table[slot].store(0, Ordering::Release);
        }
    }

    /// Kills every process group in the table (async-signal-safe: loads and kill(2) only).
    pub(super) fn kill_all() {
        for slot in get().into_iter().flatten() {
            let pgid = slot.load(Ordering::Acquire);
            if pgid > 0 {
                // SAFETY: a plain system call.
                #[allow(unsafe_code)]
                unsafe {
                    libc::kill(-pgid, libc::SIGKILL)
                };
            }
        }
    }
}

/// The guardian: a child of `koth`, forked without an exec (an exec of the `koth` binary
/// cost about a millisecond per run, in the way of the first bot). It waits on a pipe that
/// nobody writes to; at its end (`koth` is gone) it kills every process group in the
/// shared table. `koth` tells it nothing per bot: it reads the table `koth` writes.
mod guardian {
    use std::fs::File;
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
    /// locked, so a sweep never takes it for a leftover). Without the shared table it does
    /// not start: it would have nothing to read.
    pub(super) fn start() {
        let mut state = state();
        if matches!(*state, State::Ready) {
            // The guardian shares the table; no other fork of koth does.
            let table = super::table::make();
            super::table::seal(false);
            *state = match table.map(|_| fork_guardian()) {
                Some(Ok((pid, input))) => State::Running(pid, input),
                _ => State::Failed,
            };
            super::table::seal(true);
        }
    }

    /// Forks the guardian; returns its id and the pipe to it.
    #[allow(unsafe_code)]
    fn fork_guardian() -> std::io::Result<(Pid, File)> {
        use nix::unistd::ForkResult;
        // Close-on-exec: no bot inherits either end.
        let (output, input) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        // SAFETY: the child (a copy of one thread of a process that may run others) only
        // makes async-signal-safe calls (setpgid, signal, sigprocmask, dup2, close_range,
        // close, read, kill, _exit) and reads only the shared table; it allocates nothing
        // and never returns.
        match unsafe { nix::unistd::fork() }? {
            ForkResult::Child => unsafe {
                guard(output.as_raw_fd());
            },
            ForkResult::Parent { child } => Ok((child, File::from(input))),
        }
    }

    /// The guardian's life, in the forked child: it keeps only the pipe's read end (as its
    /// standard input), waits for the pipe's end, kills the groups in the table and exits.
    ///
    /// # Safety
    /// Only in a child just forked: it closes every other descriptor and never returns.
    #[allow(unsafe_code)]
    unsafe fn guard(pipe: RawFd) -> ! {
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
        let mut byte = [0u8; 1];
        // Nothing is written: a read returns only at the pipe's end (or on an error).
        while let Ok(1) | Err(nix::errno::Errno::EINTR) = nix::unistd::read(pipe, &mut byte) {}
        super::table::kill_all();
        // SAFETY: ends this process at once, running nothing of koth's.
        unsafe { libc::_exit(0) }
    }

    /// Ends the guardian: called when every bot is gone (the table is empty), so it finds
    /// nothing to kill and exits on its own. `koth` does not wait for it: a guardian that
    /// outlives `koth` is reaped by `koth`'s parent (or init), and in a program that lives on,
    /// by its next [`sweep`](super::sweep), no longer knowing it as the guardian.
    pub(super) fn stop() {
        orphan();
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
}

/// Whether [`interrupt`] was called: no new bot starts.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Kills every running bot and everything left of them, and refuses new ones.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    for &(pid, _) in live().iter() {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
    sweep();
}

/// Makes SIGINT, SIGTERM and SIGHUP stop the bots: the first signal kills every running
/// bot's process group (those in the shared table) and sets [`interrupted`], so that no bot
/// starts after it and `koth` reports what it can; a second one ends `koth` at once
/// (status 130). It is all done in the signal handler, with async-signal-safe calls only:
/// no thread waits for the signal (a second thread cost every bot's start).
#[allow(unsafe_code)]
pub fn stop_on_signals() -> io::Result<()> {
    use nix::sys::signal::{SaFlags, SigAction, SigHandler, SigSet, sigaction};
    let action = SigAction::new(
        SigHandler::Handler(on_stop_signal),
        SaFlags::SA_RESTART,
        SigSet::empty(),
    );
    for signal in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        // SAFETY: the handler makes async-signal-safe calls only (see `on_stop_signal`).
        unsafe { sigaction(signal, &action) }?;
    }
    Ok(())
}

/// [`stop_on_signals`]' handler: atomics, kill(2) and _exit(2) only; `errno` is kept.
extern "C" fn on_stop_signal(_: nix::libc::c_int) {
    let errno = nix::errno::Errno::last_raw();
    if INTERRUPTED.swap(true, Ordering::SeqCst) {
        // SAFETY: ends the process at once, as a second signal asks.
        #[allow(unsafe_code)]
        unsafe {
            nix::libc::_exit(130)
        };
    }
    table::kill_all();
    nix::errno::Errno::set_raw(errno);
}

/// Starts a bot in a process group of its own, registered as running (and entered in the
/// table the guardian reads) until [`finish`].
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
    live.push((pid, table::enter(pid)));
    drop(live);
    if interrupted() {
        // A signal's handler ran between the check above and the entry in the table.
        kill_group(&child);
    }
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
    // Out of the table before it is reaped: once reaped, its id may name another process.
    if let Some(&(_, Some(slot))) = live().iter().find(|(p, _)| *p == pid) {
        table::clear(slot);
    }
    let status = child.wait();
    live().retain(|&(p, _)| p != pid);
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
    let mut children_file = SWEEP.lock().unwrap_or_else(|e| e.into_inner());
    reap_leftovers(|| {
        let live = live();
        let guard = guardian::pid();
        let orphans: Vec<i32> = children(&mut children_file)
            .into_iter()
            .filter(|p| !live.iter().any(|(l, _)| l == p) && Some(*p) != guard)
            .collect();
        kill_each(&orphans);
        orphans
    });
}

/// Reaps the leftovers `leftovers` names once it has killed them, round after round (their
/// own children then come to this process too), until it names none.
fn reap_leftovers(mut leftovers: impl FnMut() -> Vec<i32>) {
    for _ in 0..1000 {
        let orphans = leftovers();
        if orphans.is_empty() {
            return;
        }
        for p in orphans {
            let _ = waitpid(Pid::from_raw(p), None);
        }
    }
}

fn kill_each(pids: &[i32]) {
    for &p in pids {
        let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
    }
}

/// How a call's process is started and, after it, ended with everything it left.
pub(crate) trait Reap {
    /// Starts `command` in a process group of its own.
    fn spawn(&mut self, command: &mut Command) -> io::Result<Child>;
    /// Kills the process group of `child` (whether or not it has exited), waits for it and
    /// reaps what it left; returns its exit status.
    fn finish(&mut self, child: &mut Child) -> io::Result<std::process::ExitStatus>;
}

/// koth's own reaping: [`spawn`] and [`finish`], with the running bots shared by every
/// thread, the guardian and the signal handlers.
pub(crate) struct Shared;

impl Reap for Shared {
    fn spawn(&mut self, command: &mut Command) -> io::Result<Child> {
        spawn(command)
    }
    fn finish(&mut self, child: &mut Child) -> io::Result<std::process::ExitStatus> {
        finish(child)
    }
}

/// The reaping of a process that makes one call at a time and whose every child is that
/// call's or left by it: koth's spawner in a sandbox, and its launchers. Its state is its
/// own, none of the statics above: it also serves in a sandbox's PID 1, a fork of a koth
/// whose other threads may have held those locks at the fork.
pub(crate) struct Local {
    /// This process's `children` file, kept open (see `children`).
    children: Option<std::fs::File>,
    /// The environment each call gets instead of this process's, if one is set.
    env: Option<Vec<(std::ffi::OsString, std::ffi::OsString)>>,
}

impl Local {
    /// Makes this process the subreaper of its calls' leftovers; with `env`, each call gets
    /// that environment instead of this process's.
    pub(crate) fn new(
        env: Option<Vec<(std::ffi::OsString, std::ffi::OsString)>>,
    ) -> io::Result<Local> {
        nix::sys::prctl::set_child_subreaper(true)?;
        Ok(Local {
            children: None,
            env,
        })
    }

    /// The same reaping for a child forked from this process (a launcher): its own
    /// subreaper, with its own `children` file.
    pub(crate) fn fork(&self) -> io::Result<Local> {
        Local::new(self.env.clone())
    }
}

impl Reap for Local {
    fn spawn(&mut self, command: &mut Command) -> io::Result<Child> {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
        if let Some(env) = &self.env {
            command.env_clear().envs(env.iter().map(|(k, v)| (k, v)));
        }
        command.spawn()
    }

    fn finish(&mut self, child: &mut Child) -> io::Result<std::process::ExitStatus> {
        // The group's leader is at worst a zombie here, so its id names this group still.
        let _ = killpg(Pid::from_raw(child.id() as i32), Signal::SIGKILL);
        let status = child.wait();
        // The call is over: every child left is a leftover.
        let file = &mut self.children;
        reap_leftovers(|| {
            let orphans = children(file);
            kill_each(&orphans);
            orphans
        });
        status
    }
}

/// The children of this process: those listed in the main thread's `children` file (a
/// subreaper's orphans go to its first live thread, the main thread, and the threads that
/// start bots only have running bots as children), kept open in `file`; without that file
/// (a kernel built without it), every process's `stat` is read.
fn children(file: &mut Option<std::fs::File>) -> Vec<i32> {
    use std::os::unix::fs::FileExt;
    if file.is_none() {
        let me = std::process::id();
        *file = std::fs::File::open(format!("/proc/{me}/task/{me}/children")).ok();
    }
    if let Some(file) = file {
        // Read from offset 0: the kernel lists the children anew.
        let mut text = Vec::with_capacity(256);
        let mut chunk = [0u8; 4096];
        let read = loop {
            match file.read_at(&mut chunk, text.len() as u64) {
                Ok(0) => break true,
                Ok(n) => text.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break false,
            }
        };
        if read {
            return String::from_utf8_lossy(&text)
                .split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect();
        }
    }
    let me = std::process::id();
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

    /// The table of running groups is shared with the guardian only: a process forked once
    /// a bot runs (as a sandbox's monitor is) does not have it, so it cannot write into it.
    #[test]
    #[allow(unsafe_code)]
    fn a_later_fork_has_no_share_of_the_table() {
        use std::os::unix::process::CommandExt;
        let mut bot = spawn(Command::new("sleep").arg("30")).unwrap();
        let page = table::get()
            .expect("the table was made with the bot")
            .as_ptr() as usize;
        let mut probe = Command::new("true");
        // SAFETY: the closure runs in the forked child before exec and only calls
        // mincore(2), which is async-signal-safe; it allocates nothing.
        unsafe {
            probe.pre_exec(move || {
                let mut resident = [0u8; 1];
                let mapped = nix::libc::mincore(page as *mut _, 4096, resident.as_mut_ptr()) == 0;
                if mapped {
                    return Err(io::Error::other("the table is mapped in the fork"));
                }
                Ok(())
            });
        }
        let refused = probe.status();
        let _ = finish(&mut bot);
        let status = refused.expect("the fork does not have the table");
        assert!(status.success());
        // The probe can fail: here, where the table is mapped, it finds the page.
        let mut resident = [0u8; 1];
        // SAFETY: mincore(2) on a page of this process's table, into a 1-byte vector.
        let here = unsafe { nix::libc::mincore(page as *mut _, 4096, resident.as_mut_ptr()) };
        assert_eq!(here, 0);
    }

    /// The guardian keeps no descriptor of koth's but its pipe (a bot's pipe it held would
    /// never reach its end), and when the pipe closes it kills the running bot's group.
    #[test]
    fn the_guardian_holds_only_its_pipe_and_kills_the_bots_at_its_end() {
        // At its pipe's end the guardian kills every running bot of its process: this test
        // runs alone in a process of its own, so that the other tests' bots run on.
        const ALONE: &str = "KOTH_TEST_GUARDIAN_ALONE";
        if std::env::var_os(ALONE).is_none() {
            let out = Command::new(std::env::current_exe().unwrap())
                .args([
                    "--exact",
                    "reaper::tests::the_guardian_holds_only_its_pipe_and_kills_the_bots_at_its_end",
                    "--test-threads=1",
                    "--quiet",
                ])
                .env(ALONE, "1")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success() && text.contains("1 passed"),
                "the test in a process of its own: {text}"
            );
            return;
        }
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
        let id = bot.id() as i32;
        live().retain(|&(p, _)| p != id);
    }
}
