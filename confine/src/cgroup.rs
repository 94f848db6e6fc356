//! Memory, process and CPU caps for a sandboxed bot: a control group of its own per bot per
//! match, where koth can make one (cgroup v1 `memory`, `pids` and `cpu` hierarchies,
//! writable by koth's user; on cgroup v2, when koth runs in the root group). The whole
//! sandbox joins it before `bwrap` starts, so every process of the bot counts, shared memory
//! included. Where no group can be made, the caps are not applied (documented in the
//! README).
//!
//! CPU: all the processes of a bot share one allowance of `--cpus` CPUs (a CFS bandwidth
//! quota of `cpus` x [`CPU_PERIOD_US`] per period) and the same scheduling weight as every
//! other bot, so a swarm of spinning processes gets no more CPU time than one process
//! would, and an opponent on another CPU is not slowed by it.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static NEXT: AtomicU64 = AtomicU64::new(1);

/// One bot's control groups (one per hierarchy), removed when dropped.
#[derive(Debug)]
pub struct Cgroup {
    memory: PathBuf,
    pids: Option<PathBuf>,
    /// The v1 `cpu` group (on v2 the one group holds every cap).
    cpu: Option<PathBuf>,
    /// The files the starting process writes to join, as C strings (written before exec):
    /// each v1 group's `tasks`, or the v2 group's `cgroup.procs` (see [`Join`]).
    joins: Vec<CString>,
    /// What is written to them.
    join: Join,
    memory_mb: u64,
    max_pids: u64,
    ooms_seen: u64,
    refusals_seen: u64,
}

/// koth's own groups (`/proc/self/cgroup`), read once: koth makes every bot's groups beside
/// its own, and they do not move while it runs.
fn own_groups() -> Option<&'static str> {
    static TEXT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| std::fs::read_to_string("/proc/self/cgroup").ok())
        .as_deref()
}

/// Where koth's own group sits in the v1 hierarchy `controller`.
fn v1_base(controller: &str) -> Option<PathBuf> {
    let text = own_groups()?;
    let path = text.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
        names
            .split(',')
            .any(|n| n == controller)
            .then(|| path.to_string())
    })?;
    let base = Path::new("/sys/fs/cgroup")
        .join(controller)
        .join(path.trim_start_matches('/'));
    base.join("cgroup.procs").exists().then_some(base)
}

/// koth's group on cgroup v2, if it is the root (where controllers can be enabled below).
fn v2_base() -> Option<PathBuf> {
    let root = Path::new("/sys/fs/cgroup");
    let text = own_groups()?;
    let own = text.lines().find_map(|l| l.strip_prefix("0::"))?;
    (own == "/" && root.join("cgroup.subtree_control").exists()).then(|| root.to_path_buf())
}

/// How the starting process joins its groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Join {
    /// cgroup v1: `0` (the writing thread itself) into each group's `tasks`. The child is
    /// one thread between fork and exec, so this moves the whole process; and for the
    /// writer's own thread the kernel skips the global lock that writing a pid to
    /// `cgroup.procs` takes, whose first taker after a quiet while waits for an RCU grace
    /// period (5 to 20 ms a match, measured on the project's machine).
    OwnThread,
    /// cgroup v2: the process id into `cgroup.procs` (threads cannot join alone there).
    Pid,
}

/// The file `file` of the group `dir`, as a C string.
fn group_file(dir: &Path, file: &str) -> Option<CString> {
    CString::new(dir.join(file).into_os_string().into_encoded_bytes()).ok()
}

fn write(path: &Path, value: &str) -> std::io::Result<()> {
    std::fs::write(path, value)
}

/// The group `name` made in the v1 hierarchy `controller` (removed with the others), and
/// whether every `(file, value)` setting took (only then is it joined); `None` where it
/// cannot be made.
fn v1_group(controller: &str, name: &str, settings: &[(&str, &String)]) -> Option<(PathBuf, bool)> {
    let dir = v1_base(controller)?.join(name);
    std::fs::create_dir(&dir).ok()?;
    let set = settings
        .iter()
        .all(|(file, value)| write(&dir.join(file), value).is_ok());
    Some((dir, set))
}

impl Cgroup {
    /// A group capped at `memory_mb` MiB and `max_pids` tasks (threads count), or `None`
    /// where koth cannot make one here.
    pub fn create(memory_mb: u64, max_pids: u64, cpus: u32) -> Option<Cgroup> {
        let quota = (u64::from(cpus.max(1)) * CPU_PERIOD_US).to_string();
        let period = CPU_PERIOD_US.to_string();
        let name = format!(
            "koth-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let bytes = (memory_mb << 20).to_string();
        if let Some(base) = v1_base("memory") {
            let memory = base.join(&name);
            std::fs::create_dir(&memory).ok()?;
            let mut group = Cgroup {
                joins: Vec::new(),
                join: Join::OwnThread,
                memory: memory.clone(),
                pids: None,
                cpu: None,
                memory_mb,
                max_pids,
                ooms_seen: 0,
                refusals_seen: 0,
            };
            write(&memory.join("memory.limit_in_bytes"), &bytes).ok()?;
            // No swapping past the cap, where the kernel accounts swap.
            let _ = write(&memory.join("memory.memsw.limit_in_bytes"), &bytes);
            group.joins.push(group_file(&memory, "tasks")?);
            let pids_max = max_pids.to_string();
            if let Some((pids, set)) = v1_group("pids", &name, &[("pids.max", &pids_max)]) {
                if set {
                    group.joins.push(group_file(&pids, "tasks")?);
                }
                group.pids = Some(pids);
            }
            let cpu_settings = [("cpu.cfs_period_us", &period), ("cpu.cfs_quota_us", &quota)];
            if let Some((cpu, set)) = v1_group("cpu", &name, &cpu_settings) {
                if set {
                    group.joins.push(group_file(&cpu, "tasks")?);
                }
                group.cpu = Some(cpu);
            }
            return Some(group);
        }
        let base = v2_base()?;
        let _ = write(&base.join("cgroup.subtree_control"), "+memory +pids +cpu");
        let dir = base.join(&name);
        std::fs::create_dir(&dir).ok()?;
        let group = Cgroup {
            joins: vec![group_file(&dir, "cgroup.procs")?],
            join: Join::Pid,
            memory: dir.clone(),
            pids: None,
            cpu: None,
            memory_mb,
            max_pids,
            ooms_seen: 0,
            refusals_seen: 0,
        };
        write(&dir.join("memory.max"), &bytes).ok()?;
        let _ = write(&dir.join("memory.swap.max"), "0");
        let _ = write(&dir.join("pids.max"), &max_pids.to_string());
        let _ = write(&dir.join("cpu.max"), &format!("{quota} {period}"));
        Some(group)
    }

    /// Makes the process `command` starts join the group before it runs anything (so all it
    /// starts is counted). Costs a `pre_exec` hook: for the sandbox's start, once a match.
    #[allow(unsafe_code)]
    pub fn join_on_start(&self, command: &mut std::process::Command) {
        use std::os::unix::process::CommandExt;
        let files = self.joins.clone();
        let own_thread = self.join == Join::OwnThread;
        // SAFETY: the closure runs in the forked child before exec; it only makes open(2),
        // write(2) and close(2) calls on C strings prepared beforehand and a stack buffer; it
        // allocates nothing.
        unsafe {
            command.pre_exec(move || {
                let mut digits = [0u8; 20];
                let mut pid = if own_thread {
                    0
                } else {
                    nix::libc::getpid() as u64
                };
                let mut start = digits.len();
                loop {
                    start -= 1;
                    digits[start] = b'0' + (pid % 10) as u8;
                    pid /= 10;
                    if pid == 0 {
                        break;
                    }
                }
                for file in &files {
                    let fd =
                        nix::libc::open(file.as_ptr(), nix::libc::O_WRONLY | nix::libc::O_CLOEXEC);
                    if fd < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    let n =
                        nix::libc::write(fd, digits[start..].as_ptr().cast(), digits.len() - start);
                    nix::libc::close(fd);
                    if n < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
    }

    /// `Some(detail)` if a cap was hit since the last look: the memory cap killed a process,
    /// or the process cap refused one.
    pub fn cap_hit(&mut self) -> Option<String> {
        let memory = self.memory_cap_hit();
        let pids = self.pids_cap_hit();
        match (memory, pids) {
            (Some(m), Some(p)) => Some(format!("{m}; {p}")),
            (m, p) => m.or(p),
        }
    }

    fn memory_cap_hit(&mut self) -> Option<String> {
        let text = std::fs::read_to_string(self.memory.join("memory.oom_control"))
            .or_else(|_| std::fs::read_to_string(self.memory.join("memory.events")))
            .ok()?;
        let ooms = count(&text, "oom_kill ")?;
        (ooms > std::mem::replace(&mut self.ooms_seen, ooms))
            .then(|| format!("killed over the {} MB memory cap", self.memory_mb))
    }

    fn pids_cap_hit(&mut self) -> Option<String> {
        let dir = self.pids.as_ref().unwrap_or(&self.memory);
        let text = std::fs::read_to_string(dir.join("pids.events")).ok()?;
        let refusals = count(&text, "max ")?;
        (refusals > std::mem::replace(&mut self.refusals_seen, refusals)).then(|| {
            format!(
                "a new process or thread was refused at the {}-task cap",
                self.max_pids
            )
        })
    }
}

/// Removes the groups of koth processes that no longer run (`koth-PID-N`, PID no process's),
/// killing whatever still runs in them. Called as koth starts to run bots.
pub fn remove_stale() {
    let mut bases: Vec<PathBuf> = CONTROLLERS.iter().filter_map(|c| v1_base(c)).collect();
    bases.extend(v2_base());
    for base in bases {
        let Ok(entries) = std::fs::read_dir(&base) else {
            continue;
        };
        for entry in entries.flatten() {
            if super::left_by_gone_koth(&entry.file_name(), "koth-") {
                remove_group(&entry.path());
            }
        }
    }
}

/// The v1 hierarchies koth makes groups in.
const CONTROLLERS: &[&str] = &["memory", "pids", "cpu"];

/// The CFS bandwidth period of a bot's CPU allowance, in microseconds: short, so that a
/// swarm that used its allowance waits a short while, often, rather than long and rarely
/// (an opponent sharing its CPU meanwhile then waits little).
pub const CPU_PERIOD_US: u64 = 10_000;

/// Kills what runs in the group `dir` and removes it (best effort).
fn remove_group(dir: &Path) {
    for _ in 0..50 {
        if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
            return;
        }
        let procs = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
        for pid in procs
            .split_whitespace()
            .filter_map(|p| p.parse::<i32>().ok())
        {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// The number after `key` on its line of `text` (a cgroup counters file).
fn count(text: &str, key: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|n| n.trim().parse().ok())
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // Every process of the bot is dead by now; an empty group can be removed.
        for _ in 0..50 {
            if std::fs::remove_dir(&self.memory).is_ok() || !self.memory.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        for dir in [&self.pids, &self.cpu].into_iter().flatten() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}
