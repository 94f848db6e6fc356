//! Per-process resource limits (`setrlimit(2)`) a bot starts with: the CPU-time cap, and the
//! memory cap where no control group can be made (see [`crate::cgroup`]).
//!
//! - CPU time: `RLIMIT_CPU`, soft at the cap (the kernel sends `SIGXCPU`, which ends the
//!   program), hard one second later (`SIGKILL`, for a program that ignores `SIGXCPU`). It
//!   counts the CPU time of all the threads of one process; children inherit the cap with a
//!   count of their own. No core dumps (`RLIMIT_CORE` 0) under a CPU cap.
//! - Memory, where no control group is writable: `RLIMIT_DATA` (private writable memory,
//!   the heap included, not address space reserved but not yet writable), which JVMs and
//!   node start under, unlike `RLIMIT_AS`. It is per process, and shared memory escapes it:
//!   the control group is the real cap.

use std::process::Command;

use nix::sys::resource::{Resource, getrlimit, setrlimit};

/// The limits a bot process starts with (`None`: left as inherited).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rlimits {
    /// CPU time in seconds (`RLIMIT_CPU`).
    pub cpu_seconds: Option<u64>,
    /// Private writable memory in bytes (`RLIMIT_DATA`).
    pub data_bytes: Option<u64>,
}

/// One limit to set: the resource, its soft and its hard value.
type Setting = (Resource, u64, u64);

impl Rlimits {
    /// Whether no limit is set.
    pub fn is_empty(&self) -> bool {
        self.cpu_seconds.is_none() && self.data_bytes.is_none()
    }

    /// The `(resource, soft, hard)` settings these limits make, within what this process
    /// may set (limits are never raised past what it has itself), each with whether this
    /// process holds exactly that limit already (one `getrlimit(2)` each).
    fn settings(&self) -> [Option<(Setting, bool)>; 3] {
        let within = |resource: Resource, soft: u64, hard: u64| {
            let now = getrlimit(resource).unwrap_or((u64::MAX, u64::MAX));
            let wanted = (soft.min(now.1), hard.min(now.1));
            ((resource, wanted.0, wanted.1), now == wanted)
        };
        let cpu = self
            .cpu_seconds
            .map(|s| within(Resource::RLIMIT_CPU, s.max(1), s.max(1).saturating_add(1)));
        // No core dumps under a CPU cap.
        let core = self
            .cpu_seconds
            .map(|_| within(Resource::RLIMIT_CORE, 0, 0));
        let data = self.data_bytes.map(|b| within(Resource::RLIMIT_DATA, b, b));
        [cpu, core, data]
    }

    /// Makes the process `command` starts take these limits before it runs anything (a
    /// `pre_exec` hook, so a full `fork`), unless this process holds them already: a child
    /// inherits them then (with a CPU-time count of its own), and starts by `posix_spawn`.
    #[allow(unsafe_code)]
    pub fn apply_on_start(&self, command: &mut Command) {
        use std::os::unix::process::CommandExt;
        // Worked out here, not in the child: the child only makes setrlimit(2) calls.
        let settings = self
            .settings()
            .map(|s| s.and_then(|(setting, held)| (!held).then_some(setting)));
        if settings.iter().all(Option::is_none) {
            return;
        }
        // SAFETY: the closure runs in the forked child before exec and only calls
        // setrlimit(2), which is async-signal-safe; it allocates nothing and touches no
        // shared state.
        unsafe {
            command.pre_exec(move || {
                for &(resource, soft, hard) in settings.iter().flatten() {
                    setrlimit(resource, soft, hard)?;
                }
                Ok(())
            });
        }
    }

    /// Sets these limits on this process itself, for good (its hard limits cannot be raised
    /// again), so that every process it starts inherits them.
    pub fn hold(&self) -> nix::Result<()> {
        for ((resource, soft, hard), _) in self.settings().into_iter().flatten() {
            setrlimit(resource, soft, hard)?;
        }
        Ok(())
    }

    /// What to say of a process that ended with `status`, if the CPU-time cap ended it
    /// (`SIGXCPU`).
    pub fn cpu_cap_hit(&self, status: &std::process::ExitStatus) -> Option<String> {
        use std::os::unix::process::ExitStatusExt;
        let seconds = self.cpu_seconds?;
        (status.signal() == Some(nix::libc::SIGXCPU))
            .then(|| format!("killed over the {} s CPU-time cap", seconds.max(1)))
    }
}

/// The CPU-time cap for a call with time limit `timeout`: its whole seconds, rounded up (at
/// least 1), so a program may use up to its time limit in CPU time, whatever its threads.
pub fn cpu_seconds_for(timeout: std::time::Duration) -> u64 {
    timeout
        .as_millis()
        .div_ceil(1000)
        .clamp(1, u64::MAX as u128) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn call_caps_round_up_to_whole_seconds() {
        assert_eq!(cpu_seconds_for(Duration::from_millis(1)), 1);
        assert_eq!(cpu_seconds_for(Duration::from_millis(1000)), 1);
        assert_eq!(cpu_seconds_for(Duration::from_millis(1001)), 2);
        assert_eq!(cpu_seconds_for(Duration::ZERO), 1);
    }

    #[test]
    fn a_busy_program_is_ended_by_its_cpu_cap() {
        let limits = Rlimits {
            cpu_seconds: Some(1),
            data_bytes: None,
        };
        let mut command = Command::new("sh");
        command.args(["-c", "while :; do :; done"]);
        limits.apply_on_start(&mut command);
        let started = std::time::Instant::now();
        let status = command.status().unwrap();
        assert!(started.elapsed() < Duration::from_secs(20));
        assert_eq!(
            limits.cpu_cap_hit(&status).as_deref(),
            Some("killed over the 1 s CPU-time cap")
        );
    }

    #[test]
    fn the_data_cap_refuses_a_big_allocation() {
        let limits = Rlimits {
            cpu_seconds: None,
            data_bytes: Some(64 << 20),
        };
        let mut command = Command::new("python3");
        command.args(["-c", "b = bytearray(200 << 20)"]);
        limits.apply_on_start(&mut command);
        let out = command.output().unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("MemoryError"));
    }
}
