//! koth's own sandbox (Linux 5.12 or later): the walls of [`crate::sandbox`] put up by the
//! process that starts the sandbox's program, with namespaces and mounts, without running
//! any other program for it (bubblewrap costs an exec and about 3 ms of CPU a sandbox).
//!
//! The sandbox's program is started by `std::process::Command` with one more `pre_exec`
//! hook, `Walls::put_up`, the last one (after the control groups are joined and, as root,
//! the bot's user taken). In that forked process (the *monitor*, which stays in koth's
//! namespaces):
//!
//! 1. it dies with koth (`PR_SET_PDEATHSIG`) and clones the sandbox's PID 1 (the raw
//!    `clone` system call: no `fork` handlers) straight into new user and PID namespaces;
//! 2. it closes every descriptor (the start's error pipe with them: koth goes on at once),
//!    waits for PID 1 and exits with its status (128 + the signal if a signal ended it, as
//!    bubblewrap does).
//!
//! PID 1 dies with the monitor and closes koth's descriptors (koth goes on from here); it
//! makes its new mount, IPC, UTS, control-group and (unless the network is allowed) network
//! namespaces, all owned by the new user namespace; it maps only its own user and
//! group into the user namespace (`setgroups` denied), makes the mount tree and enters it,
//! brings the loopback up, empties its capability bounding set, sets no-new-privileges and
//! starts a session of its own. Then:
//! - it copies the bot's folder in itself (system calls only);
//! - for a long-running bot it starts the bot's process, which shares its memory until it
//!   executes the bot (as `posix_spawn` does, see `BotStart`); PID 1 stays as the sandbox's
//!   init: it drops its capabilities, blanks its command line and environment, and reaps
//!   until the bot ends (PID 1 of a PID namespace ignores the signals it has no handler for,
//!   so the bot is not it);
//! - for a one-run-per-call bot PID 1 drops and blanks the same, then answers koth's
//!   requests itself, as koth's spawner does ([`crate::spawner`]), and starts each call as
//!   its child. Executing the spawner (`koth __spawn`, as under bubblewrap) cost about
//!   1.2 ms of every such sandbox's start here, most of it the C library's start.
//!
//! The mount tree: a root of its own (a memory file system, read-only); the system folders
//! that exist here bound read-only with everything mounted below them (`nosuid`, `nodev`),
//! or the same symbolic link where the host has one (`/lib` -> `usr/lib`); `/proc` of the
//! PID namespace, with `sys`, `sysrq-trigger`, `irq` and `bus` read-only; `/dev` with `null`,
//! `zero`, `full`, `random`, `urandom` and `tty` bound from the host, the `fd`, `stdin`,
//! `stdout` and `stderr` links, and `/dev/shm` (the rest of `/dev` read-only); `/tmp`; the
//! bot's folder for the match read-only at [`SEED`](crate::sandbox::SEED); and a memory file
//! system of the bot's own (mode 0700) at its folder's path.
//! Each writable place is capped at `--disk-mb`. In the user namespace no further user
//! namespace can be made (`user.max_user_namespaces` = 0), and a network namespace has its
//! loopback up.
//!
//! Everything the hooks use is prepared before the fork: they make system calls only,
//! allocate nothing and take no lock, up to PID 1's answering of calls (`Walls::put_up`
//! says why that may allocate). A step of the monitor that fails is the start's error
//! ([`describe`] names it); one of PID 1's is told on the bot's standard error
//! ([`REPORT_PREFIX`]), and the sandbox ends at once.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use nix::libc;

/// `open_tree(2)` flags and `move_mount(2)`/`mount_setattr(2)` values (linux/mount.h).
const OPEN_TREE_CLONE: libc::c_uint = 1;
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x4;
const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;
const MOUNT_ATTR_NODEV: u64 = 0x4;

/// `struct mount_attr` of `mount_setattr(2)`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// `struct __user_cap_header_struct` of `capset(2)` (version 3).
#[repr(C)]
struct CapHeader {
    version: u32,
    pid: libc::c_int,
}

/// `struct __user_cap_data_struct` of `capset(2)`: two of them for 64 capabilities.
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

/// The device nodes bound from the host's `/dev`.
const DEVICES: &[&str] = &["null", "zero", "full", "random", "urandom", "tty"];
/// The links made in `/dev`.
const DEV_LINKS: &[(&str, &str)] = &[
    ("fd", "/proc/self/fd"),
    ("stdin", "/proc/self/fd/0"),
    ("stdout", "/proc/self/fd/1"),
    ("stderr", "/proc/self/fd/2"),
];
/// The parts of `/proc` made read-only (those that exist).
const PROC_READ_ONLY: &[&str] = &["proc/sys", "proc/sysrq-trigger", "proc/irq", "proc/bus"];
/// Where the new root is put together: a folder every system has, covered (in the
/// sandbox's mount namespace only) once every host path the sandbox shows is held open.
const STAGE: &str = "/tmp";

/// The steps of putting up the walls, named in a failed start's error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
enum Step {
    DeathSignal = 1,
    Namespaces,
    UserMap,
    Fork,
    Detach,
    HoldHostPaths,
    Root,
    SystemFolders,
    Proc,
    Dev,
    WritablePlaces,
    PivotRoot,
    NoUserNamespaces,
    Loopback,
    Privileges,
    Seed,
    Program,
}

const STEPS: &[(Step, &str)] = &[
    (Step::DeathSignal, "tie the sandbox to koth"),
    (Step::Namespaces, "make the namespaces"),
    (Step::UserMap, "map the user into its namespace"),
    (Step::Fork, "start the sandbox's PID 1"),
    (Step::Detach, "detach the mounts from the host's"),
    (Step::HoldHostPaths, "take the host's folders to show"),
    (Step::Root, "make the sandbox's root"),
    (Step::SystemFolders, "show the system folders read-only"),
    (Step::Proc, "mount /proc"),
    (Step::Dev, "make /dev"),
    (Step::WritablePlaces, "make the writable places"),
    (Step::PivotRoot, "enter the sandbox's root"),
    (Step::NoUserNamespaces, "forbid user namespaces"),
    (Step::Loopback, "bring up the loopback"),
    (Step::Privileges, "drop every privilege"),
    (
        Step::Seed,
        "copy the bot's folder into its sandbox (see --disk-mb)",
    ),
    (Step::Program, "run the bot's program"),
];

/// A failed step's error code: the step, times this, plus the system's error number.
const STEP_CODE: i32 = 1 << 16;

/// The error of a start that failed at `step` with the system's `errno`.
fn failed(step: Step, errno: i32) -> io::Error {
    io::Error::from_raw_os_error(step as i32 * STEP_CODE + errno)
}

/// The last system error, as a failure of `step`.
fn last(step: Step) -> io::Error {
    failed(step, io::Error::last_os_error().raw_os_error().unwrap_or(0))
}

/// Says what went wrong where `error` is a start's error from `Walls::put_up` (the step
/// and the system's error); `None` for any other error.
pub fn describe(error: &io::Error) -> Option<String> {
    let code = error.raw_os_error()?;
    let (step, errno) = (code / STEP_CODE, code % STEP_CODE);
    let (_, what) = STEPS.iter().find(|(s, _)| *s as i32 == step)?;
    Some(format!(
        "cannot {what}: {}",
        io::Error::from_raw_os_error(errno)
    ))
}

/// A system folder the sandbox shows as the host has it.
enum System {
    /// A folder: bound read-only (host path, path under the stage).
    Folder(CString, CString),
    /// A symbolic link: the same link (path under the stage, target).
    Link(CString, CString),
}

/// Everything the walls are made of, prepared before the fork.
pub(crate) struct Walls {
    /// This process (koth), which the monitor must still have as its parent once it is tied
    /// to it.
    koth: libc::pid_t,
    /// The namespaces PID 1 makes for itself (`unshare`): all but the user and PID ones.
    flags: libc::c_int,
    /// Whether the monitor changed user (as root): it is then not dumpable, and must be made
    /// so for a moment to write its own maps.
    changed_user: bool,
    uid_map: CString,
    gid_map: CString,
    system: Vec<System>,
    devices: Vec<(CString, CString)>,
    dev_links: Vec<(CString, CString)>,
    proc_read_only: Vec<CString>,
    /// The mount options of a writable place (`size=...`).
    writable: CString,
    stage: CString,
    /// The bot's folder for the match, bound read-only at the seed (host path, path under
    /// the stage); `None` for a check.
    seed: Option<(CString, CString)>,
    /// The calls of a one-run-per-call bot, which PID 1 answers; `None`: a long-running bot
    /// (the child of PID 1), or a check.
    calls: Option<Calls>,
    /// The program, where it is named by its path (checked before it is run by a PID 1 of
    /// the walls' own).
    program: Option<CString>,
    /// A long-running bot's program, as PID 1 starts it.
    bot: Option<BotStart>,
    /// Where this process's command line and environment are (`/proc/self/stat`), blanked
    /// in a PID 1 of the walls' own (a copy of koth that never executes anything).
    blank: [(usize, usize); 2],
    /// The private folder's path under the stage, each of its ancestors first.
    folder: Vec<CString>,
    /// The private folder's path in the sandbox.
    workdir: CString,
    /// The well-known names, as C strings.
    names: Names,
}

/// A one-run-per-call bot's calls, as PID 1 makes them (prepared before the fork).
struct Calls {
    /// The bot's program with its arguments, in its private folder.
    cmd: crate::process::ExternalCommand,
    /// Each call's environment (the sandbox's).
    env: Vec<(std::ffi::OsString, std::ffi::OsString)>,
}

/// How PID 1 starts a long-running bot (prepared before the fork): `execvp` in a child that
/// shares PID 1's memory until the exec, on a stack of its own (`clone` with `CLONE_VM` and
/// `CLONE_VFORK`, as `posix_spawn` does), so no copy of koth's memory is made for it; with
/// the command's environment, where `execvp` looks up `PATH`, exactly as std's `Command`
/// would have executed it.
struct BotStart {
    /// The arguments (the program first) and the environment (`NAME=value`).
    _strings: Vec<CString>,
    /// The addresses of the arguments and a null, then those of the environment and a
    /// null: the `argv` and `envp` arrays, into `_strings`' buffers (which stay where they
    /// are, in PID 1's copy too).
    pointers: Vec<usize>,
    /// Where `envp` starts in `pointers`.
    envp: usize,
}

impl BotStart {
    /// The start of `command`'s program (its environment is the one set on it: the walls'
    /// commands clear koth's, see `Sandbox::command`).
    fn of(command: &std::process::Command) -> io::Result<BotStart> {
        let text = |s: &std::ffi::OsStr| c_path(Path::new(s));
        let mut strings = vec![text(command.get_program())?];
        for arg in command.get_args() {
            strings.push(text(arg)?);
        }
        let args = strings.len();
        for (name, value) in command.get_envs() {
            if let Some(value) = value {
                let mut pair = name.as_bytes().to_vec();
                pair.push(b'=');
                pair.extend_from_slice(value.as_bytes());
                strings.push(c_path(Path::new(std::ffi::OsStr::from_bytes(&pair)))?);
            }
        }
        let address = |text: &CString| text.as_ptr() as usize;
        let mut pointers: Vec<usize> = strings[..args].iter().map(address).collect();
        pointers.push(0);
        pointers.extend(strings[args..].iter().map(address));
        pointers.push(0);
        Ok(BotStart {
            _strings: strings,
            pointers,
            envp: args + 1,
        })
    }
}

/// The bot's side of [`BotStart`]: runs on its own stack, in PID 1's memory until it
/// executes the program; makes system calls only.
#[allow(unsafe_code)]
extern "C" fn exec_bot(pointers: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `pointers` is the null-terminated array of the program's name and arguments
    // (`BotStart::pointers`), alive while PID 1 waits for this exec.
    unsafe {
        libc::execvp(*pointers.cast::<*const libc::c_char>(), pointers.cast());
        report(&last(Step::Program));
        libc::_exit(127)
    }
}

/// The most levels of folders copied from the seed (as [`crate::folders::copy_seed`]).
const MAX_DEPTH: usize = 32;

/// Where this process's command line and environment strings are: fields 48 to 51 of
/// `/proc/self/stat` (none where it cannot be read).
fn arguments_and_environment() -> [(usize, usize); 2] {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    // The first field after the name is field 3.
    let field = |n: usize| -> usize {
        after_name
            .split_whitespace()
            .nth(n - 3)
            .and_then(|f| f.parse().ok())
            .unwrap_or(0)
    };
    let area = |start: usize, end: usize| if start < end { (start, end) } else { (0, 0) };
    [area(field(48), field(49)), area(field(50), field(51))]
}

/// Fixed paths and words, as C strings.
struct Names {
    root: CString,
    tmpfs: CString,
    proc_: CString,
    dev: CString,
    dev_shm: CString,
    tmp: CString,
    dot: CString,
    slash: CString,
    empty: CString,
    setgroups: CString,
    uid_map: CString,
    gid_map: CString,
    deny: CString,
    root_options: CString,
    dev_options: CString,
    seed: CString,
    max_user_namespaces: CString,
    zero: CString,
}

fn c(text: &str) -> CString {
    CString::new(text).expect("no NUL in a fixed path")
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path holds a NUL byte"))
}

/// `path` (absolute) under the stage, as `STAGE/path`.
fn staged(path: &Path) -> io::Result<CString> {
    let relative = path.strip_prefix("/").unwrap_or(path);
    c_path(&Path::new(STAGE).join(relative))
}

impl Walls {
    /// The walls of a sandbox whose user is `user` (its own, as root) with writable places
    /// of `disk_mb` MiB and, unless `allow_net`, no network; showing the bot's folder for the
    /// match (`seed`, usually `folder`) at the seed, with a private folder at `folder`'s
    /// path, into which the walls copy the seed. A check passes no seed: an empty folder of
    /// its own at `folder`, and its program as PID 1.
    pub(crate) fn new(
        user: (u32, u32),
        changed_user: bool,
        disk_mb: u64,
        allow_net: bool,
        folder: &Path,
        seed: Option<&Path>,
    ) -> io::Result<Walls> {
        let mut system = Vec::new();
        for dir in crate::sandbox::SYSTEM {
            let host = Path::new(dir);
            let Ok(meta) = host.symlink_metadata() else {
                continue;
            };
            if meta.file_type().is_symlink() {
                let target = std::fs::read_link(host)?;
                system.push(System::Link(staged(host)?, c_path(&target)?));
            } else if meta.is_dir() {
                system.push(System::Folder(c_path(host)?, staged(host)?));
            }
        }
        let mut devices = Vec::new();
        for name in DEVICES {
            let host = Path::new("/dev").join(name);
            if host.exists() {
                devices.push((c_path(&host)?, staged(&host)?));
            }
        }
        let dev_links = DEV_LINKS
            .iter()
            .map(|(name, target)| Ok((staged(&Path::new("/dev").join(name))?, c(target))))
            .collect::<io::Result<_>>()?;
        let proc_read_only = PROC_READ_ONLY
            .iter()
            .map(|p| staged(&Path::new("/").join(p)))
            .collect::<io::Result<_>>()?;
        let mut ancestors: Vec<CString> = folder
            .ancestors()
            .filter(|a| a.parent().is_some())
            .map(staged)
            .collect::<io::Result<_>>()?;
        ancestors.reverse();
        let seed = match seed {
            Some(seed) => Some((c_path(seed)?, staged(Path::new(crate::sandbox::SEED))?)),
            None => None,
        };
        let blank = if seed.is_some() {
            arguments_and_environment()
        } else {
            [(0, 0); 2]
        };
        let mut flags =
            libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS | libc::CLONE_NEWCGROUP;
        if !allow_net {
            flags |= libc::CLONE_NEWNET;
        }
        Ok(Walls {
            koth: nix::unistd::getpid().as_raw(),
            flags,
            changed_user,
            uid_map: c(&format!("{0} {0} 1", user.0)),
            gid_map: c(&format!("{0} {0} 1", user.1)),
            system,
            devices,
            dev_links,
            proc_read_only,
            writable: c(&format!("size={},mode=0755", disk_mb << 20)),
            stage: c(STAGE),
            seed,
            calls: None,
            folder: ancestors,
            blank,
            program: None,
            bot: None,
            workdir: c_path(folder)?,
            names: Names {
                root: staged(Path::new("/"))?,
                tmpfs: c("tmpfs"),
                proc_: staged(Path::new("/proc"))?,
                dev: staged(Path::new("/dev"))?,
                dev_shm: staged(Path::new("/dev/shm"))?,
                tmp: staged(Path::new("/tmp"))?,
                dot: c("."),
                slash: c("/"),
                empty: c(""),
                setgroups: c("/proc/self/setgroups"),
                uid_map: c("/proc/self/uid_map"),
                gid_map: c("/proc/self/gid_map"),
                deny: c("deny"),
                root_options: c("size=1m,mode=0755"),
                dev_options: c("size=64k,mode=0755"),
                seed: c(crate::sandbox::SEED),
                max_user_namespaces: staged(Path::new("/proc/sys/user/max_user_namespaces"))?,
                zero: c("0"),
            },
        })
    }

    /// Makes the program `command` starts run behind these walls: the last `pre_exec` hook
    /// (the hooks registered after it run in the sandbox's PID 1, before its program). The
    /// command's working folder is set by the walls (the private folder). With `calls`, the
    /// command is a one-run-per-call bot's (its program, arguments and environment are each
    /// call's), whose calls PID 1 answers on the command's standard input and output; it is
    /// never executed itself.
    #[allow(unsafe_code)]
    pub(crate) fn put_up(mut self, command: &mut std::process::Command, calls: bool) {
        use std::os::unix::process::CommandExt;
        let program = command.get_program();
        if calls {
            let text = |s: &std::ffi::OsStr| s.to_string_lossy().into_owned();
            self.calls = Some(Calls {
                cmd: crate::process::ExternalCommand {
                    program: text(program),
                    args: command.get_args().map(text).collect(),
                    workdir: std::ffi::OsStr::from_bytes(self.workdir.as_bytes()).into(),
                    sandbox: None,
                },
                env: command
                    .get_envs()
                    .filter_map(|(name, value)| Some((name.to_owned(), value?.to_owned())))
                    .collect(),
            });
        } else {
            if program.as_bytes().contains(&b'/') {
                self.program = CString::new(program.as_bytes()).ok();
            }
            if self.seed.is_some() {
                self.bot = BotStart::of(command).ok();
            }
        }
        // SAFETY: the closure runs in the forked child before exec. Up to the answering of
        // calls, it makes system calls only, on C strings and values prepared beforehand and
        // stack buffers; it allocates nothing, takes no lock and calls no `fork` handler (the
        // second process is made with the raw `clone` system call). The monitor never returns
        // from it: it ends with `_exit`.
        //
        // A PID 1 that answers calls runs ordinary code: it allocates, and starts processes
        // with `std::process::Command`. It may:
        // - the monitor is the child of the C library's `fork` (std's, a `pre_exec` hook being
        //   set), which leaves the allocator's locks free in the child; it is single-threaded
        //   and allocates nothing before PID 1 is cloned from it;
        // - PID 1 touches no other state koth's other threads may have held at the fork: not
        //   the standard streams' objects, not the reaper's (see `spawner::serve`); it only
        //   reads std's environment lock, and koth never writes its environment;
        // - a panic in the child of std's `fork` aborts at once, without a lock.
        // It ends with `_exit` too.
        unsafe {
            command.pre_exec(move || self.enter());
        }
    }

    /// The hook (see the module's docs).
    #[allow(unsafe_code)]
    fn enter(&self) -> io::Result<()> {
        // SAFETY (every block below): system calls on valid C strings, stack buffers and
        // descriptors this process holds.
        unsafe {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(last(Step::DeathSignal));
            }
            if libc::getppid() != self.koth {
                // koth died before the signal was set.
                return Err(failed(Step::DeathSignal, libc::ESRCH));
            }
            // PID 1 writes its own user's maps: as another user than koth's it must be
            // dumpable for that (its `/proc/self` is then its user's), for a moment.
            if self.changed_user && libc::prctl(libc::PR_SET_DUMPABLE, 1) != 0 {
                return Err(last(Step::UserMap));
            }
            let monitor = libc::syscall(libc::SYS_pidfd_open, libc::getpid(), 0) as libc::c_int;
            if monitor < 0 {
                return Err(last(Step::Fork));
            }
            // PID 1 is made in the new user and PID namespaces at once (the monitor stays in
            // koth's); it makes the others itself, once koth has gone on.
            let pid = libc::syscall(
                libc::SYS_clone,
                (libc::SIGCHLD | libc::CLONE_NEWUSER | libc::CLONE_NEWPID) as libc::c_long,
                0,
                0,
                0,
                0,
            );
            if pid < 0 {
                return Err(last(Step::Namespaces));
            }
            if pid > 0 {
                if self.changed_user {
                    libc::prctl(libc::PR_SET_DUMPABLE, 0);
                }
                monitor_until(pid as libc::pid_t);
            }
            // PID 1 of the sandbox.
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(last(Step::DeathSignal));
            }
            let mut alive = libc::pollfd {
                fd: monitor,
                events: libc::POLLIN,
                revents: 0,
            };
            if libc::poll(&mut alive, 1, 0) != 0 {
                // The monitor ended before the signal was set.
                return Err(failed(Step::DeathSignal, libc::ESRCH));
            }
            // Nothing of koth's is held any more (the start's error pipe included: koth goes
            // on while the walls go up; a failure from here on is told on standard error).
            libc::syscall(libc::SYS_close_range, 3, libc::c_uint::MAX, 0);
            // Nor any of koth's signal handlers (a fork keeps them: a bot could run them in
            // PID 1 by a signal). PID 1 of a PID namespace then ignores every signal sent from
            // inside it, and its children start with the default dispositions.
            for signal in 1..libc::SIGRTMAX() {
                if signal != libc::SIGKILL && signal != libc::SIGSTOP {
                    libc::signal(signal, libc::SIG_DFL);
                }
            }
            if let Err(error) = self.inside() {
                report(&error);
                libc::_exit(1);
            }
            Ok(())
        }
    }

    /// PID 1's part: the mount tree, the seed copied in, the loopback, the privileges
    /// dropped and then the calls answered, or the bot's own process started.
    #[allow(unsafe_code)]
    unsafe fn inside(&self) -> io::Result<()> {
        // SAFETY: as in `enter`.
        unsafe {
            let n = &self.names;
            // The other namespaces, owned by the new user namespace as if the clone had
            // made them: a network namespace alone costs about 0.2 ms, which koth no longer
            // waits for (the sandboxes of a match go up side by side).
            if libc::unshare(self.flags) != 0 {
                return Err(last(Step::Namespaces));
            }
            write_file(&n.setgroups, &n.deny, Step::UserMap)?;
            write_file(&n.uid_map, &self.uid_map, Step::UserMap)?;
            write_file(&n.gid_map, &self.gid_map, Step::UserMap)?;
            if self.changed_user && libc::prctl(libc::PR_SET_DUMPABLE, 0) != 0 {
                return Err(last(Step::UserMap));
            }
            self.mount_tree()?;
            let seeded = match self.seed {
                Some(_) => self.copy_seed(),
                None => Ok(()),
            };
            let unseeded = match (&self.calls, seeded) {
                (_, Ok(())) => None,
                // Each call fails saying why, as the spawner's do.
                (Some(_), Err(e)) => Some(e),
                (None, Err(e)) => return Err(e),
            };
            if self.flags & libc::CLONE_NEWNET != 0 {
                loopback_up()?;
            }
            drop_privileges()?;
            if let Some(calls) = &self.calls {
                self.serve(calls, unseeded);
            }
            if self.seed.is_some() {
                // A program named by its path must be there to run.
                if let Some(program) = &self.program
                    && libc::access(program.as_ptr(), libc::X_OK) != 0
                {
                    return Err(last(Step::Program));
                }
                // The bot is PID 2: PID 1 of a PID namespace ignores every signal it has no
                // handler for, a CPU-time cap's `SIGXCPU` and `SIGPIPE` among them.
                let bot = self.start_bot()?;
                self.init_until(bot);
            }
            Ok(())
        }
    }

    /// Starts the long-running bot's program as PID 1's child (see [`BotStart`]).
    #[allow(unsafe_code)]
    unsafe fn start_bot(&self) -> io::Result<libc::pid_t> {
        const STACK: usize = 256 << 10;
        let Some(bot) = &self.bot else {
            return Err(failed(Step::Program, libc::EINVAL));
        };
        // SAFETY: system calls with plain values; the pointer arrays are PID 1's own (its
        // copy of the walls), alive until the child has executed the program
        // (`CLONE_VFORK`); `environ` is PID 1's, which reads it no more.
        unsafe {
            let argv = bot.pointers.as_ptr();
            let envp = argv.add(bot.envp);
            let stack = libc::mmap(
                std::ptr::null_mut(),
                STACK,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            );
            if stack == libc::MAP_FAILED {
                return Err(last(Step::Fork));
            }
            libc::environ = envp.cast_mut().cast();
            let pid = libc::clone(
                exec_bot,
                stack.cast::<u8>().add(STACK).cast(),
                libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
                argv.cast_mut().cast(),
            );
            if pid < 0 {
                return Err(last(Step::Fork));
            }
            libc::munmap(stack, STACK);
            Ok(pid)
        }
    }

    /// The life of a PID 1 of the walls' own once the bot (`bot`) is started: a copy of koth
    /// (never executed), it drops every capability it has in the sandbox's user namespace,
    /// blanks its command line and environment (`/proc/1/cmdline` is readable by the bot; the
    /// rest of its memory is not, being no longer dumpable), holds no descriptor, reaps every process left to it and, once the bot ends, exits with its
    /// status (128 + the signal if a signal ended it); the whole sandbox then dies with it.
    #[allow(unsafe_code)]
    fn init_until(&self, bot: libc::pid_t) -> ! {
        self.let_go();
        // SAFETY: system calls with plain values.
        unsafe {
            libc::syscall(libc::SYS_close_range, 0, libc::c_uint::MAX, 0);
            let mut status = 0;
            loop {
                let pid = libc::waitpid(-1, &mut status, 0);
                if pid == bot {
                    break;
                }
                if pid < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                    libc::_exit(1);
                }
            }
            libc::_exit(exit_code(status))
        }
    }

    /// What a PID 1 of the walls' own (a copy of koth, never executed) lets go of before it
    /// lives beside the bot: being dumpable (so the bot, of the same user, cannot read its
    /// memory), every capability in the sandbox's user namespace, and its command line and
    /// environment (`/proc/1/cmdline` is readable by the bot).
    #[allow(unsafe_code)]
    fn let_go(&self) {
        // SAFETY: the areas are this process's own command line and environment strings
        // (from `/proc/self/stat` before the fork), which nothing reads any more; the rest
        // are system calls with plain values.
        unsafe {
            libc::prctl(libc::PR_SET_DUMPABLE, 0);
            let header = CapHeader {
                version: 0x2008_0522,
                pid: 0,
            };
            let data = [CapData::default(); 2];
            if libc::syscall(libc::SYS_capset, &header, data.as_ptr()) != 0 {
                libc::_exit(1);
            }
            for (start, end) in self.blank {
                if start < end {
                    std::ptr::write_bytes(start as *mut u8, 0, end - start);
                }
            }
        }
    }

    /// The life of a PID 1 that answers a one-run-per-call bot's `calls` (on its standard
    /// input and output, koth's pipes), once it let go ([`Walls::let_go`]): as koth's
    /// spawner, until koth closes its input; each call fails saying why if the seed could not
    /// be copied in (`unseeded`). It ends with `_exit`, and the sandbox with it.
    #[allow(unsafe_code)]
    fn serve(&self, calls: &Calls, unseeded: Option<io::Error>) -> ! {
        use crate::spawner::HelperError;
        use std::os::fd::FromRawFd;
        self.let_go();
        let unseeded = unseeded.map(|e| {
            // The system's error, without the step (see `failed`).
            let errno = e.raw_os_error().unwrap_or(0) % STEP_CODE;
            HelperError::unseeded(io::Error::from_raw_os_error(errno))
        });
        // SAFETY: descriptors 0 and 1 are koth's pipes (std's child set them up), which
        // nothing else in this process uses; `_exit` ends it.
        unsafe {
            // As in an executed spawner (std's runtime ignores it): a launcher writing to a
            // call that exited without reading its input gets `EPIPE`, not killed. Each call
            // starts with the default again (std's `Command` resets it).
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
            let (input, output) = (std::fs::File::from_raw_fd(0), std::fs::File::from_raw_fd(1));
            let env = Some(calls.env.clone());
            let code = match crate::spawner::serve(calls.cmd.clone(), unseeded, env, input, output)
            {
                Ok(()) => 0,
                Err(e) => {
                    crate::spawner::tell(&e);
                    1
                }
            };
            libc::_exit(code)
        }
    }

    /// Makes the mount tree and enters it (PID 1, in the new namespaces).
    #[allow(unsafe_code)]
    unsafe fn mount_tree(&self) -> io::Result<()> {
        let n = &self.names;
        let null = std::ptr::null::<libc::c_char>();
        // SAFETY: as in `enter`.
        unsafe {
            if libc::mount(
                null,
                n.slash.as_ptr(),
                null,
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ) != 0
            {
                return Err(last(Step::Detach));
            }
            // Every host path shown is taken (as a detached copy of its mounts) before the
            // stage is covered: the bot's folder may be under it.
            let mut held = [-1 as libc::c_int; 24];
            let mut count = 0;
            let mut hold = |path: &CString, recursive: bool, read_only: bool| {
                let mut flags = OPEN_TREE_CLONE | libc::O_CLOEXEC as libc::c_uint;
                if recursive {
                    flags |= libc::AT_RECURSIVE as libc::c_uint;
                }
                let fd = libc::syscall(libc::SYS_open_tree, libc::AT_FDCWD, path.as_ptr(), flags)
                    as libc::c_int;
                if fd < 0 {
                    return Err(last(Step::HoldHostPaths));
                }
                let set = if read_only {
                    MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV
                } else {
                    MOUNT_ATTR_NOSUID
                };
                set_attr(fd, &n.empty, recursive, set, Step::HoldHostPaths)?;
                if count == held.len() {
                    return Err(failed(Step::HoldHostPaths, libc::E2BIG));
                }
                held[count] = fd;
                count += 1;
                Ok(fd)
            };
            let mut system = [-1; 16];
            for (i, entry) in self.system.iter().enumerate().take(system.len()) {
                if let System::Folder(host, _) = entry {
                    system[i] = hold(host, true, true)?;
                }
            }
            let mut devices = [-1; 8];
            for (i, (host, _)) in self.devices.iter().enumerate().take(devices.len()) {
                devices[i] = hold(host, false, false)?;
            }
            let seed = match &self.seed {
                Some((host, _)) => hold(host, false, true)?,
                None => -1,
            };
            let tmpfs = |at: &CString, options: &CString, step: Step| {
                if libc::mount(
                    n.tmpfs.as_ptr(),
                    at.as_ptr(),
                    n.tmpfs.as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV,
                    options.as_ptr().cast(),
                ) != 0
                {
                    return Err(last(step));
                }
                Ok(())
            };
            tmpfs(&self.stage, &n.root_options, Step::Root)?;
            for (i, entry) in self.system.iter().enumerate() {
                match entry {
                    System::Folder(_, at) => {
                        make_dir(at, 0o755, Step::SystemFolders)?;
                        move_to(system[i], n, at, Step::SystemFolders)?;
                    }
                    System::Link(at, target) => {
                        if libc::symlink(target.as_ptr(), at.as_ptr()) != 0 {
                            return Err(last(Step::SystemFolders));
                        }
                    }
                }
            }
            // /proc, with user namespaces forbidden before its `sys` is made read-only.
            make_dir(&n.proc_, 0o755, Step::Proc)?;
            if libc::mount(
                c"proc".as_ptr(),
                n.proc_.as_ptr(),
                c"proc".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                std::ptr::null(),
            ) != 0
            {
                return Err(last(Step::Proc));
            }
            write_file(&n.max_user_namespaces, &n.zero, Step::NoUserNamespaces)?;
            for path in &self.proc_read_only {
                if libc::mount(
                    path.as_ptr(),
                    path.as_ptr(),
                    null,
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                ) != 0
                {
                    if io::Error::last_os_error().raw_os_error() == Some(libc::ENOENT) {
                        continue;
                    }
                    return Err(last(Step::Proc));
                }
                set_attr(
                    libc::AT_FDCWD,
                    path,
                    true,
                    MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                    Step::Proc,
                )?;
            }
            // /dev.
            make_dir(&n.dev, 0o755, Step::Dev)?;
            tmpfs(&n.dev, &n.dev_options, Step::Dev)?;
            for (i, (_, at)) in self.devices.iter().enumerate() {
                let fd = libc::open(
                    at.as_ptr(),
                    libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                    0o666,
                );
                if fd < 0 {
                    return Err(last(Step::Dev));
                }
                libc::close(fd);
                move_to(devices[i], n, at, Step::Dev)?;
            }
            for (at, target) in &self.dev_links {
                if libc::symlink(target.as_ptr(), at.as_ptr()) != 0 {
                    return Err(last(Step::Dev));
                }
            }
            make_dir(&n.dev_shm, 0o755, Step::Dev)?;
            tmpfs(&n.dev_shm, &self.writable, Step::WritablePlaces)?;
            set_attr(libc::AT_FDCWD, &n.dev, false, MOUNT_ATTR_RDONLY, Step::Dev)?;
            // /tmp, the seed, the private folder.
            make_dir(&n.tmp, 0o755, Step::WritablePlaces)?;
            tmpfs(&n.tmp, &self.writable, Step::WritablePlaces)?;
            if let Some((_, at)) = &self.seed {
                make_dir(at, 0o755, Step::WritablePlaces)?;
                move_to(seed, n, at, Step::WritablePlaces)?;
            }
            for dir in &self.folder {
                if libc::mkdir(dir.as_ptr(), 0o755) != 0
                    && io::Error::last_os_error().raw_os_error() != Some(libc::EEXIST)
                {
                    return Err(last(Step::WritablePlaces));
                }
            }
            if let Some(folder) = self.folder.last() {
                tmpfs(folder, &self.writable, Step::WritablePlaces)?;
                // The private folder is the bot's alone.
                if libc::chmod(folder.as_ptr(), 0o700) != 0 {
                    return Err(last(Step::WritablePlaces));
                }
            }
            for fd in &held[..count] {
                libc::close(*fd);
            }
            // Into the new root; the host's is let go.
            if libc::chdir(n.root.as_ptr()) != 0
                || libc::syscall(libc::SYS_pivot_root, n.dot.as_ptr(), n.dot.as_ptr()) != 0
                || libc::umount2(n.dot.as_ptr(), libc::MNT_DETACH) != 0
                || libc::chdir(n.slash.as_ptr()) != 0
            {
                return Err(last(Step::PivotRoot));
            }
            set_attr(
                libc::AT_FDCWD,
                &n.slash,
                false,
                MOUNT_ATTR_RDONLY,
                Step::PivotRoot,
            )?;
            if libc::chdir(self.workdir.as_ptr()) != 0 {
                return Err(last(Step::PivotRoot));
            }
        }
        Ok(())
    }

    /// Copies the seed into the current folder, the private one (PID 1, in the new root).
    #[allow(unsafe_code)]
    unsafe fn copy_seed(&self) -> io::Result<()> {
        let n = &self.names;
        // SAFETY: as in `enter`.
        unsafe {
            let open = |path: &CString| {
                libc::open(
                    path.as_ptr(),
                    libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
                )
            };
            let (from, to) = (open(&n.seed), open(&n.dot));
            if from < 0 || to < 0 {
                return Err(last(Step::Seed));
            }
            copy_folder(from, to, 0).map_err(|errno| failed(Step::Seed, errno))?;
            libc::close(from);
            libc::close(to);
        }
        Ok(())
    }
}

/// Tells on standard error that the walls failed at a step (`error`, from [`failed`]), as
/// "koth sandbox: cannot STEP (os error N)", with no allocation.
#[allow(unsafe_code)]
fn report(error: &io::Error) {
    let code = error.raw_os_error().unwrap_or(0);
    let (step, errno) = (code / STEP_CODE, code % STEP_CODE);
    let what = STEPS
        .iter()
        .find(|(s, _)| *s as i32 == step)
        .map_or("put up the walls", |(_, what)| what);
    let mut digits = [0u8; 12];
    let mut at = digits.len();
    let mut n = errno.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for part in [
        REPORT_PREFIX.as_bytes(),
        b"cannot ",
        what.as_bytes(),
        b" (os error ",
        &digits[at..],
        b")\n",
    ] {
        // SAFETY: a write of a valid buffer to standard error.
        unsafe { libc::write(2, part.as_ptr().cast(), part.len()) };
    }
}

/// How a failure of the walls told on standard error begins.
pub const REPORT_PREFIX: &str = "koth sandbox: ";

/// Writes `text` into the file `path` (which exists).
#[allow(unsafe_code)]
unsafe fn write_file(path: &CString, text: &CString, step: Step) -> io::Result<()> {
    // SAFETY: valid C strings; the descriptor is this function's.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(last(step));
        }
        let bytes = text.as_bytes();
        let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let error = last(step);
        libc::close(fd);
        if written != bytes.len() as isize {
            return Err(error);
        }
    }
    Ok(())
}

/// Makes the folder `path`.
#[allow(unsafe_code)]
unsafe fn make_dir(path: &CString, mode: libc::mode_t, step: Step) -> io::Result<()> {
    // SAFETY: a valid C string.
    if unsafe { libc::mkdir(path.as_ptr(), mode) } != 0 {
        return Err(last(step));
    }
    Ok(())
}

/// Mounts the detached mount `fd` at `path`.
#[allow(unsafe_code)]
unsafe fn move_to(fd: libc::c_int, n: &Names, path: &CString, step: Step) -> io::Result<()> {
    // SAFETY: valid C strings and a descriptor of this process.
    let done = unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            fd,
            n.empty.as_ptr(),
            libc::AT_FDCWD,
            path.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH,
        )
    };
    if done != 0 {
        return Err(last(step));
    }
    Ok(())
}

/// Sets the attributes `set` on the mount at `dirfd` + `path` (and, if `recursive`, on every
/// mount below it).
#[allow(unsafe_code)]
unsafe fn set_attr(
    dirfd: libc::c_int,
    path: &CString,
    recursive: bool,
    set: u64,
    step: Step,
) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: set,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let mut flags = if path.as_bytes().is_empty() {
        libc::AT_EMPTY_PATH
    } else {
        0
    };
    if recursive {
        flags |= libc::AT_RECURSIVE;
    }
    // SAFETY: a valid C string and a `mount_attr` of the kernel's layout on the stack.
    let done = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            dirfd,
            path.as_ptr(),
            flags as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if done != 0 {
        return Err(last(step));
    }
    Ok(())
}

/// Brings up the loopback of a new network namespace.
#[allow(unsafe_code)]
unsafe fn loopback_up() -> io::Result<()> {
    // SAFETY: a socket of this process and an `ifreq` on the stack.
    unsafe {
        let socket = libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0);
        if socket < 0 {
            return Err(last(Step::Loopback));
        }
        let mut request: libc::ifreq = std::mem::zeroed();
        for (i, b) in b"lo".iter().enumerate() {
            request.ifr_name[i] = *b as libc::c_char;
        }
        let ok = libc::ioctl(socket, libc::SIOCGIFFLAGS, &mut request) == 0 && {
            request.ifr_ifru.ifru_flags |= libc::IFF_UP as libc::c_short;
            libc::ioctl(socket, libc::SIOCSIFFLAGS, &request) == 0
        };
        let error = last(Step::Loopback);
        libc::close(socket);
        if !ok {
            return Err(error);
        }
    }
    Ok(())
}

/// Empties the bounding and ambient capability sets, sets no-new-privileges and starts a
/// session of its own (no terminal).
#[allow(unsafe_code)]
unsafe fn drop_privileges() -> io::Result<()> {
    // SAFETY: prctl(2) and setsid(2) calls with plain values.
    unsafe {
        let mut cap = 0;
        while libc::prctl(libc::PR_CAPBSET_READ, cap) >= 0 {
            if libc::prctl(libc::PR_CAPBSET_DROP, cap) != 0 {
                return Err(last(Step::Privileges));
            }
            cap += 1;
        }
        if libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        ) != 0
            || libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
            || libc::setsid() < 0
        {
            return Err(last(Step::Privileges));
        }
    }
    Ok(())
}

/// The monitor's life once PID 1 is forked: it holds nothing (every descriptor closed:
/// the start's error pipe is then PID 1's alone), waits for PID 1 and exits with its status.
#[allow(unsafe_code)]
fn monitor_until(pid: libc::pid_t) -> ! {
    // SAFETY: close_range(2), waitpid(2) and _exit(2) with plain values.
    unsafe {
        libc::syscall(libc::SYS_close_range, 0, libc::c_uint::MAX, 0);
        let mut status = 0;
        loop {
            let r = libc::waitpid(pid, &mut status, 0);
            if r == pid {
                break;
            }
            if r < 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                libc::_exit(1);
            }
        }
        libc::_exit(exit_code(status))
    }
}

/// The exit code that reports a child's wait `status`: its own, or 128 + the signal that
/// ended it.
fn exit_code(status: libc::c_int) -> libc::c_int {
    if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else if libc::WIFSIGNALED(status) {
        128 + libc::WTERMSIG(status)
    } else {
        1
    }
}

/// Copies the folder `from` into the folder `to` (both open) as [`crate::folders::copy_seed`]
/// does (links as links, no special files, at most [`MAX_DEPTH`] levels deep), with system
/// calls only; an error is the system's error number.
#[allow(unsafe_code)]
unsafe fn copy_folder(from: libc::c_int, to: libc::c_int, depth: usize) -> Result<(), i32> {
    let errno = || {
        io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EIO)
    };
    if depth > MAX_DEPTH {
        return Ok(());
    }
    let mut entries = [0u8; 1024];
    loop {
        // SAFETY: a descriptor of this process and a buffer of the given length.
        let n = unsafe {
            libc::syscall(
                libc::SYS_getdents64,
                from,
                entries.as_mut_ptr(),
                entries.len(),
            )
        };
        if n < 0 {
            return Err(errno());
        }
        if n == 0 {
            return Ok(());
        }
        let mut at = 0;
        while at < n as usize {
            // `struct linux_dirent64`: the record's length at byte 16, the name from byte 19.
            let length = u16::from_ne_bytes([entries[at + 16], entries[at + 17]]) as usize;
            let name = &entries[at + 19..at + length];
            at += length;
            if name.starts_with(b".\0") || name.starts_with(b"..\0") {
                continue;
            }
            let name = name.as_ptr().cast::<libc::c_char>();
            // SAFETY: `name` is NUL-terminated within the record; descriptors of this process,
            // stack buffers.
            unsafe { copy_entry(from, to, name, depth) }?;
        }
    }
}

/// Copies the entry `name` of the folder `from` into the folder `to`.
#[allow(unsafe_code)]
unsafe fn copy_entry(
    from: libc::c_int,
    to: libc::c_int,
    name: *const libc::c_char,
    depth: usize,
) -> Result<(), i32> {
    let errno = || {
        io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EIO)
    };
    // SAFETY: as the caller's.
    unsafe {
        let mut meta: libc::stat = std::mem::zeroed();
        if libc::fstatat(from, name, &mut meta, libc::AT_SYMLINK_NOFOLLOW) != 0 {
            return Err(errno());
        }
        let mode = meta.st_mode & 0o7777;
        let open_flags = libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        match meta.st_mode & libc::S_IFMT {
            libc::S_IFDIR => {
                if libc::mkdirat(to, name, 0o700) != 0 {
                    return Err(errno());
                }
                let (inner_from, inner_to) = (
                    libc::openat(from, name, open_flags | libc::O_DIRECTORY),
                    libc::openat(to, name, open_flags | libc::O_DIRECTORY),
                );
                let copied = if inner_from < 0 || inner_to < 0 {
                    Err(errno())
                } else {
                    copy_folder(inner_from, inner_to, depth + 1).and_then(|()| {
                        match libc::fchmod(inner_to, mode) {
                            0 => Ok(()),
                            _ => Err(errno()),
                        }
                    })
                };
                libc::close(inner_from);
                libc::close(inner_to);
                copied
            }
            libc::S_IFLNK => {
                let mut target = [0u8; 4096];
                let length =
                    libc::readlinkat(from, name, target.as_mut_ptr().cast(), target.len() - 1);
                if length < 0 {
                    return Err(errno());
                }
                target[length as usize] = 0;
                match libc::symlinkat(target.as_ptr().cast(), to, name) {
                    0 => Ok(()),
                    _ => Err(errno()),
                }
            }
            libc::S_IFREG => {
                let input = libc::openat(from, name, open_flags);
                if input < 0 {
                    return Err(errno());
                }
                let output = libc::openat(
                    to,
                    name,
                    libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC,
                    0o600,
                );
                let mut copied = if output < 0 { Err(errno()) } else { Ok(()) };
                while copied.is_ok() {
                    match libc::sendfile(output, input, std::ptr::null_mut(), 1 << 30) {
                        0 => break,
                        n if n < 0 => copied = Err(errno()),
                        _ => {}
                    }
                }
                if copied.is_ok() && libc::fchmod(output, mode) != 0 {
                    copied = Err(errno());
                }
                libc::close(input);
                libc::close(output);
                copied
            }
            // No special files.
            _ => Ok(()),
        }
    }
}
