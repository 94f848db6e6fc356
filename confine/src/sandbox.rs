//! The sandbox external programs run in: walls koth puts up itself as it starts the
//! sandbox's program ([`crate::walls`]: namespaces and mounts, no other program run), or,
//! where those cannot be made (Linux before 5.12) or [`TOOL_VARIABLE`] asks for it,
//! bubblewrap (`bwrap`, Debian package `bubblewrap`). Both put up the same walls.
//!
//! Inside, a bot sees the system read-only (`/usr`, `/bin`, `/lib*`, `/sbin`, `/etc`,
//! `/opt`), a `/tmp`, `/dev/shm` and `/dev` of its own, `/proc` of its own PID namespace,
//! and its private folder (see [`crate::folders`]) at the same path; nothing of other bots
//! or of the organizer's folders. The private folder, `/tmp` and `/dev/shm` are the only
//! writable places: each a memory file system of at most `--disk-mb` MiB ([`Sandbox::disk_mb`];
//! past it writes fail with `ENOSPC` and the bot goes on), gone with the sandbox. The
//! private folder starts as a copy of the bot's folder for the match, made inside the
//! sandbox (by the walls, or under bubblewrap by koth's helper `koth __enter` or the
//! spawner), which then runs the bot. It
//! has no network but a loopback of its own (unless `--allow-net`), a fresh PID namespace
//! (every process in it dies with the sandbox), its own session (no terminal), and a minimal
//! environment: `PATH` and `LANG` as koth has them, `HOME` = the private folder, the
//! variables named with `--env`, and `JAVA_TOOL_OPTIONS` sizing JVMs for the memory cap
//! (unless passed with `--env`). It dies with koth.
//!
//! The sandbox always runs unprivileged, in a user namespace of its own, with every
//! capability dropped and no further user namespaces; nothing of koth's environment reaches
//! it (its PID 1's `/proc/1/environ` shows only the bot's). When koth runs as root, each
//! sandbox runs as an unprivileged user and group of its own, [`BOT_ID_BASE`] + n (n counts
//! sandboxes modulo [`BOT_ID_SPAN`]): its private folder is handed to that user, and the
//! control groups are joined before the switch, so the bot can neither leave nor change
//! them. Root's files (`/etc/shadow`) are closed to it, and `/proc/sys` refuses its writes.
//!
//! There is one sandbox per bot per match. A long-running bot (bomberman) is the child of
//! the sandbox's PID 1; for a bot run once per call (samurai, naval, tanks) the sandbox's
//! PID 1 answers koth's requests as koth's spawner does (see [`crate::spawner`]: the walls'
//! PID 1 itself, or `koth __spawn` under bubblewrap) and starts each call inside it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// How bots are sandboxed (one per run, shared by its bots).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    tool: Tool,
    /// The helper binary (koth's own), which runs under bubblewrap in the sandbox of a
    /// one-run-per-call bot as its spawner (`__spawn`) and starts a long-running bot
    /// (`__enter`); see [`crate::helper`]. (koth's own walls run no helper.)
    pub helper: PathBuf,
    /// Whether bots keep the network (`--allow-net`).
    pub allow_net: bool,
    /// Variables passed into the sandbox, with their values.
    pub env: Vec<(String, String)>,
    /// The memory cap of each bot (all its processes), in MiB, where a control group can be
    /// made (see [`crate::cgroup`]).
    pub memory_mb: u64,
    /// The most processes and threads of each bot, where a control group can be made.
    pub max_pids: u64,
    /// How many CPUs' time all the processes of each bot share (`--cpus`), where a control
    /// group can be made (see [`crate::cgroup`]).
    pub cpus: u32,
    /// The CPU-time cap of each bot process, in seconds (`--cpu-seconds`); `None`: a call's
    /// time limit for a bot run once per call, the match's for a long-running bot (see
    /// [`crate::rlimits`]).
    pub cpu_seconds: Option<u64>,
    /// Whether koth runs as root: each sandbox then runs as a user of its own.
    pub as_root: bool,
    /// The most MiB each of the bot's writable places (its folder, `/tmp`, `/dev/shm`)
    /// holds (`--disk-mb`).
    pub disk_mb: u64,
}

/// What puts up a sandbox's walls.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tool {
    /// koth itself, as it starts the sandbox's program ([`crate::walls`]).
    Native,
    /// bubblewrap, at this path.
    Bwrap(PathBuf),
}

/// The variable that chooses what puts up the walls: `native` (koth itself, the default) or
/// `bwrap` (bubblewrap). Unset, bubblewrap is used where koth's own sandbox cannot be made.
pub const TOOL_VARIABLE: &str = "KOTH_SANDBOX_TOOL";

/// The default `--disk-mb`.
pub const DEFAULT_DISK_MB: u64 = 256;
/// Where the bot's folder for the match is seen, read-only, in the sandbox, until koth's
/// helper has copied it into the private folder.
pub const SEED: &str = "/.koth-seed";

/// The first user and group id of bots when koth runs as root: far above the ids Linux
/// distributions give to people (1000-59999), to services (systemd's 61184-65519) and to
/// containers (`/etc/subuid`, from 100000 on, 65536 per user).
pub const BOT_ID_BASE: u32 = 1_500_000_000;
/// How many ids bots take in turn, from [`BOT_ID_BASE`].
pub const BOT_ID_SPAN: u32 = 65_536;

/// The next bot id: each koth process starts at an offset of its own, so that two runs at
/// once rarely hand out the same ids.
fn next_bot_id() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let start = std::process::id().wrapping_mul(2_654_435_761);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    BOT_ID_BASE + start.wrapping_add(n) % BOT_ID_SPAN
}

/// The default memory cap per bot, in MiB, for games whose protocol sets none.
pub const DEFAULT_MEMORY_MB: u64 = 512;
/// The default cap on a bot's processes and threads (JVMs start a few dozen threads).
pub const DEFAULT_MAX_PIDS: u64 = 256;

/// System folders visible, read-only, in the sandbox (those that exist here).
pub(crate) const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/lib", "/lib32", "/lib64", "/libx32", "/sbin", "/etc", "/opt",
];

impl Sandbox {
    /// Whether the sandbox shows the host's `path` (absolute) to a bot: the system folders,
    /// read-only, and `/dev` and `/proc` (its own). The bot's folder is shown elsewhere (its
    /// private copy), and nothing else of the host is.
    pub fn shows(path: &Path) -> bool {
        SYSTEM
            .iter()
            .chain(&["/dev", "/proc"])
            .any(|dir| path.starts_with(dir))
    }

    /// A sandbox whose bots are started by `helper` (a binary that answers the
    /// [`crate::helper`] commands: koth's own, usually `std::env::current_exe()`), if
    /// bubblewrap is installed and works here (checked once per run); otherwise why not, in a
    /// few words.
    pub fn new(
        helper: PathBuf,
        allow_net: bool,
        env: Vec<(String, String)>,
    ) -> Result<Sandbox, String> {
        let as_root = nix::unistd::geteuid().is_root();
        let tool = usable_tool(as_root, &helper)?;
        let mut helper = helper;
        if as_root && tool != Tool::Native && !reachable_by_others(&helper) {
            // Under bubblewrap, bots' users must reach the helper (`/root/.cargo/bin` is
            // closed to them); koth's own walls run no helper.
            helper = crate::folders::shared_copy(&helper, "koth")
                .map_err(|e| format!("cannot copy koth's helper for the bots' users: {e}"))?;
        }
        Ok(Sandbox {
            as_root,
            tool,
            helper,
            allow_net,
            env,
            memory_mb: DEFAULT_MEMORY_MB,
            max_pids: DEFAULT_MAX_PIDS,
            cpu_seconds: None,
            disk_mb: DEFAULT_DISK_MB,
            cpus: 1,
        })
    }

    /// The command that runs `program` with `args` in the sandbox, in `folder` (the bot's
    /// private folder, the only writable place): the program itself, as the child of the
    /// walls' PID 1, which copies the bot's folder in first (under bubblewrap, koth's helper
    /// at `/.koth`, `__enter`, does that and becomes the bot). It runs behind the walls once
    /// [`Sandbox::confine`]d (the last step before it is started).
    pub fn command(&self, program: &str, args: &[String], folder: &Path) -> Command {
        self.helper_command(crate::helper::ENTER, program, args, folder)
    }

    /// Confines the sandbox `command` starts in `folder` (the bot's private folder): a
    /// control group with this sandbox's caps, joined as it starts, and, when koth runs as
    /// root, a user of its own, who is given `folder`; then the walls (koth's own sandbox;
    /// bubblewrap is the command's program). The group is `None` where none can be made here
    /// (or `KOTH_CGROUP=off` is set): then the memory cap is `RLIMIT_DATA` of each process
    /// instead (see [`crate::rlimits`]), and processes are not capped. This registers the
    /// command's last `pre_exec` hooks: any registered after run inside the sandbox.
    pub fn confine(
        &self,
        command: &mut Command,
        folder: &Path,
    ) -> std::io::Result<Option<crate::cgroup::Cgroup>> {
        self.confine_as(command, folder, false)
    }

    /// [`Sandbox::confine`] for the command of [`Sandbox::spawner`]: with koth's own walls,
    /// their PID 1 answers the calls itself (see [`crate::walls`]).
    pub(crate) fn confine_calls(
        &self,
        command: &mut Command,
        folder: &Path,
    ) -> std::io::Result<Option<crate::cgroup::Cgroup>> {
        self.confine_as(command, folder, true)
    }

    fn confine_as(
        &self,
        command: &mut Command,
        folder: &Path,
        calls: bool,
    ) -> std::io::Result<Option<crate::cgroup::Cgroup>> {
        let user = self.as_root.then(next_bot_id);
        if let Some(id) = user {
            crate::folders::hand_over(folder, id)?;
        }
        let group = if std::env::var_os("KOTH_CGROUP").is_some_and(|v| v == "off") {
            None
        } else {
            crate::cgroup::Cgroup::create(self.memory_mb, self.max_pids, self.cpus)
        };
        match &group {
            Some(group) => group.join_on_start(command),
            None => crate::rlimits::Rlimits {
                cpu_seconds: None,
                data_bytes: Some(self.memory_mb << 20),
            }
            .apply_on_start(command),
        }
        // After joining the groups: as the bot's user, koth could not.
        if let Some(id) = user {
            become_user(command, id);
        }
        if self.tool == Tool::Native {
            let ids = match user {
                Some(id) => (id, id),
                None => (
                    nix::unistd::getuid().as_raw(),
                    nix::unistd::getgid().as_raw(),
                ),
            };
            crate::walls::Walls::new(
                ids,
                user.is_some(),
                self.disk_mb,
                self.allow_net,
                folder,
                Some(folder),
            )?
            .put_up(command, calls);
        }
        Ok(group)
    }

    /// The command that starts the spawner of a one-run-per-call bot (`program` with its
    /// `args`) in the sandbox: with koth's own walls, their PID 1 (see [`crate::walls`]);
    /// under bubblewrap, `koth __spawn`, read-only at `/.koth` (see [`Sandbox::command`]).
    pub fn spawner(&self, program: &str, args: &[String], folder: &Path) -> Command {
        self.helper_command(crate::helper::SPAWN, program, args, folder)
    }

    /// The command that runs koth's helper `word` for `program` and `args` in the sandbox;
    /// with koth's own walls, the program itself (which the walls start, or whose calls
    /// they answer).
    fn helper_command(&self, word: &str, program: &str, args: &[String], folder: &Path) -> Command {
        let mut command = match &self.tool {
            Tool::Native => {
                let mut command = Command::new(program);
                command
                    .args(args)
                    .env_clear()
                    .envs(self.environment(folder));
                return command;
            }
            Tool::Bwrap(bwrap) => {
                let mut command = self.bwrap(bwrap, folder);
                command.arg("--").arg(HELPER);
                command
            }
        };
        command
            .args([word, "--seed", SEED, "--", program])
            .args(args);
        command
    }

    /// The sandbox's environment: `PATH` and `LANG` as koth has them, `HOME` = `folder`, the
    /// variables passed in, and the JVM's options for the memory cap unless passed in.
    fn environment(&self, folder: &Path) -> Vec<(String, std::ffi::OsString)> {
        let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/local/bin:/usr/bin:/bin".into());
        let lang = std::env::var("LANG").unwrap_or_else(|_| "C.UTF-8".into());
        let mut env = vec![
            ("PATH".to_string(), path.into()),
            ("LANG".to_string(), lang.into()),
            ("HOME".to_string(), folder.as_os_str().to_owned()),
        ];
        for (name, value) in &self.env {
            env.push((name.clone(), value.into()));
        }
        if !self.env.iter().any(|(name, _)| name == JAVA_OPTIONS) {
            env.push((
                JAVA_OPTIONS.to_string(),
                java_options(self.memory_mb).into(),
            ));
        }
        env
    }

    /// bubblewrap with every option but the command.
    fn bwrap(&self, bwrap: &Path, folder: &Path) -> Command {
        let mut command = Command::new(bwrap);
        // Nothing of koth's environment reaches bwrap (its PID 1 shows its own).
        command.env_clear();
        command.args(["--die-with-parent", "--new-session", "--unshare-all"]);
        command.args(CONFINED);
        if self.allow_net {
            command.arg("--share-net");
        }
        for dir in SYSTEM {
            command.args(["--ro-bind-try", dir, dir]);
        }
        let size = (self.disk_mb << 20).to_string();
        command.args(["--proc", "/proc", "--dev", "/dev"]);
        command.args(["--size", &size, "--tmpfs", "/dev/shm"]);
        command.args(["--size", &size, "--tmpfs", "/tmp"]);
        command.arg("--ro-bind").arg(folder).arg(SEED);
        command.arg("--ro-bind").arg(&self.helper).arg("/.koth");
        command.args(["--size", &size, "--perms", "0700", "--tmpfs"]);
        command.arg(folder);
        // Nothing else is writable: not the sandbox's root, nor `/dev`.
        command.args(["--remount-ro", "/dev", "--remount-ro", "/"]);
        command.arg("--chdir").arg(folder);
        command.arg("--clearenv");
        for (name, value) in self.environment(folder) {
            command.arg("--setenv").arg(name).arg(value);
        }
        command.current_dir(folder);
        command
    }
}

/// What to say when a sandbox's program could not be started with `error`: the step of the
/// walls that failed, if one did (then the next run checks again that sandboxes can be
/// made here, see [`crate::probed::forget`]).
pub fn start_error(error: &std::io::Error) -> String {
    match crate::walls::describe(error) {
        Some(step) => {
            crate::probed::forget();
            format!("the sandbox failed: {step}")
        }
        None => error.to_string(),
    }
}

/// Where koth's helper is in the sandbox.
const HELPER: &str = "/.koth";

/// The variable every JVM reads its extra options from.
pub const JAVA_OPTIONS: &str = "JAVA_TOOL_OPTIONS";

/// The JVM options that size a JVM for a memory cap of `mb` MiB (`-XX:MaxRAM`): its heap
/// then fits under the cap, where by default it is sized from the machine's memory (and
/// under a data-segment limit, a JVM with the default heap does not even start).
pub fn java_options(mb: u64) -> String {
    format!("-XX:MaxRAM={mb}m")
}

/// The options that take every privilege from the sandbox: a user namespace of its own
/// (bwrap then runs unprivileged), no capabilities, no user namespaces within.
const CONFINED: &[&str] = &["--unshare-user", "--disable-userns", "--cap-drop", "ALL"];

/// Makes the process `command` starts switch to the user and group `id`, with no
/// supplementary groups, before it runs anything (after the hooks registered before).
#[allow(unsafe_code)]
fn become_user(command: &mut Command, id: u32) {
    use nix::unistd::{Gid, Uid, setgid, setgroups, setuid};
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec and only makes setgroups(2),
    // setgid(2) and setuid(2) calls (a single thread: no set*id broadcast); it allocates
    // nothing.
    unsafe {
        command.pre_exec(move || {
            setgroups(&[])?;
            setgid(Gid::from_raw(id))?;
            setuid(Uid::from_raw(id))?;
            Ok(())
        });
    }
}

/// Whether a user other than koth's can reach and run `path` (every folder on the way
/// searchable by others, the file readable and executable by them).
fn reachable_by_others(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| p.metadata().map_or(0, |m| m.permissions().mode());
    mode(path) & 0o005 == 0o005
        && path
            .ancestors()
            .skip(1)
            .all(|dir| dir.as_os_str().is_empty() || mode(dir) & 0o001 != 0)
}

/// The options of the check that bubblewrap works, besides [`CONFINED`].
const CHECK: &[&str] = &["--ro-bind", "/", "/", "--unshare-all", "--die-with-parent"];

/// What puts up the walls here (see [`TOOL_VARIABLE`]); otherwise why no sandbox can be
/// made, in a few words.
fn usable_tool(as_root: bool, helper: &Path) -> Result<Tool, String> {
    match std::env::var(TOOL_VARIABLE).ok().as_deref() {
        Some("bwrap") => usable_bwrap(as_root).map(Tool::Bwrap),
        Some("native") => usable_native(as_root, helper).map(|()| Tool::Native),
        Some(other) => Err(format!(
            "{TOOL_VARIABLE}={other}: the sandbox is made by `native` (koth) or `bwrap`"
        )),
        None => usable_native(as_root, helper)
            .map(|()| Tool::Native)
            .or_else(|native| {
                usable_bwrap(as_root).map(Tool::Bwrap).map_err(|bwrap| {
                    format!("koth cannot make its own sandbox here ({native}), and {bwrap}")
                })
            }),
    }
}

/// What koth's own sandbox check is (a new one is a new key in [`crate::probed`]).
const NATIVE_CHECK: &str = "native walls 1: user mnt pid ipc uts cgroup net; /bin/true";

/// Whether koth's own sandbox can be made here (as a bot's user when koth runs as root): a
/// sandbox running `/bin/true`, checked once per run, and not at all when a run before
/// found it working in the same conditions with the same koth (`helper`, see
/// [`crate::probed`]).
fn usable_native(as_root: bool, helper: &Path) -> Result<(), String> {
    static CHECKED: OnceLock<Result<(), String>> = OnceLock::new();
    CHECKED
        .get_or_init(|| {
            let key = crate::probed::key(helper, NATIVE_CHECK, as_root);
            if key.as_deref().is_some_and(crate::probed::passed) {
                return Ok(());
            }
            let mut probe = Command::new("/bin/true");
            probe.env_clear();
            let ids = if as_root {
                become_user(&mut probe, BOT_ID_BASE);
                (BOT_ID_BASE, BOT_ID_BASE)
            } else {
                (
                    nix::unistd::getuid().as_raw(),
                    nix::unistd::getgid().as_raw(),
                )
            };
            crate::walls::Walls::new(ids, as_root, 1, false, Path::new("/.koth-check"), None)
                .map_err(|e| e.to_string())?
                .put_up(&mut probe, false);
            let out = probe
                .output()
                .map_err(|e| crate::walls::describe(&e).unwrap_or_else(|| e.to_string()))?;
            if !out.status.success() {
                let said = String::from_utf8_lossy(&out.stderr);
                return Err(match said.trim() {
                    "" => format!("its check ended with {}", out.status),
                    said => said.to_string(),
                });
            }
            if let Some(key) = &key {
                crate::probed::remember(key);
            }
            Ok(())
        })
        .clone()
}

/// bubblewrap's path if it runs a trivial sandbox here with the options every sandbox
/// takes (as a bot's user when koth runs as root): checked once per run, and not at all
/// when a run before found it working in the same conditions ([`crate::probed`]).
fn usable_bwrap(as_root: bool) -> Result<PathBuf, String> {
    static CHECKED: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    CHECKED
        .get_or_init(|| {
            let bwrap = crate::process::find_on_path("bwrap").ok_or(
                "bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)",
            )?;
            let options = CHECK.iter().chain(CONFINED).copied().collect::<Vec<_>>();
            let key = crate::probed::key(&bwrap, &options.join(" "), as_root);
            if key.as_deref().is_some_and(crate::probed::passed) {
                return Ok(bwrap);
            }
            let mut probe = Command::new(&bwrap);
            probe.env_clear().args(&options).arg("/bin/true");
            if as_root {
                become_user(&mut probe, BOT_ID_BASE);
            }
            let out = probe
                .output()
                .map_err(|e| format!("bubblewrap does not start: {e}"))?;
            if out.status.success() {
                if let Some(key) = &key {
                    crate::probed::remember(key);
                }
                Ok(bwrap)
            } else {
                Err(format!(
                    "bubblewrap cannot make a sandbox here ({}): it needs version 0.8 or later \
                     and unprivileged user namespaces{}",
                    String::from_utf8_lossy(&out.stderr).trim(),
                    if as_root {
                        " (as root, koth runs each bot as an unprivileged user)"
                    } else {
                        ""
                    }
                ))
            }
        })
        .clone()
}
