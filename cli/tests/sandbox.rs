//! The bubblewrap sandbox (`--sandbox`), with hostile bots, for a long-running bot
//! (bomberman) and a bot run once per call (samurai). The tests need `bwrap` (`.ci/run`
//! installs it).

mod support;

use std::net::TcpListener;
use std::process::Command;

use serde_json::Value;
use support::{json, koth, script};

const CONFIG: &str = r#"{"mode": "duel", "rules": {"max_ticks": 20}}"#;

/// The games probed: name, a short config, and how the prober answers once it has probed.
const GAMES: &[(&str, &str, &str)] = &[
    (
        "bomberman",
        CONFIG,
        r#"while read line; do echo '{"speedX": 0, "speedY": 0, "drop": false}'; done"#,
    ),
    ("samurai", r#"{"max_turns": 2}"#, "echo W"),
];

/// A bomberman bot that checks what it can reach before playing; anything it should not
/// reach makes it exit with status 1 naming it (a `crash` fault with that stderr).
fn prober(outside: &std::path::Path, port: u16, answer: &str) -> String {
    format!(
        r#"problems=""
[ -e {outside}/secret.txt ] && problems="$problems outside-visible"
(echo x > {outside}/leak) 2>/dev/null && problems="$problems outside-writable"
[ "$(ls "$(dirname "$PWD")" | wc -l)" = 1 ] || problems="$problems other-folders-visible"
[ -n "$SECRET_TOKEN" ] && problems="$problems environment-leaks"
[ "$PASSED" = yes ] || problems="$problems env-not-passed"
[ "$HOME" = "$PWD" ] || problems="$problems home"
python3 -c "import socket; socket.create_connection(('127.0.0.1', {port}), timeout=1)" 2>/dev/null \
  && problems="$problems network"
echo ok > own-folder-writable || problems="$problems own-folder-read-only"
[ -n "$problems" ] && {{ echo "reached:$problems" >&2; exit 1; }}
{answer}"#,
        outside = outside.display()
    )
}

fn play(dir: &std::path::Path, game: &str, sandbox: &str) -> std::process::Output {
    koth(&format!(
        "play '{game}' --seed 1 --json --config cfg.json --sandbox '{sandbox}' --env PASSED --bot a=cmd:./prober.sh --bot b=cmd:./prober.sh"
    ))
    .env("SECRET_TOKEN", "hunter2")
    .env("PASSED", "yes")
    .run(dir)
}

#[test]
fn a_sandboxed_bot_reaches_only_its_own_folder() {
    let _untimed = untimed();
    for (game, config, answer) in GAMES {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("bot");
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(root.path().join("secret.txt"), "organizer's").unwrap();
        std::fs::write(dir.join("cfg.json"), config).unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        script(&dir, "prober.sh", &prober(root.path(), port, answer));

        let out = json(&play(&dir, game, "on"));
        assert_eq!(
            out["faults"],
            Value::Array(vec![]),
            "{game}: {:#}",
            out["faults"]
        );
        assert!(
            listener.accept().is_err(),
            "{game}: a bot connected to the host"
        );
        assert!(!root.path().join("leak").exists(), "{game}");

        // The same bots unconfined reach all of it: the probes work.
        let out = json(&play(&dir, game, "off"));
        let detail = out["faults"][0]["detail"].as_str().unwrap_or_default();
        for reached in [
            "outside-visible",
            "outside-writable",
            "environment-leaks",
            "network",
        ] {
            assert!(detail.contains(reached), "{game}: {reached}: {detail}");
        }
    }
}

#[test]
fn sandbox_options_are_checked() {
    let _untimed = untimed();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cfg.json"), CONFIG).unwrap();
    script(dir.path(), "bot.sh", "exit 0");
    for (args, needle) in [
        (vec!["--env", "KOTH_SURELY_UNSET_VARIABLE"], "is not set"),
        (vec!["--env", "A=B"], "expected a variable's name"),
        (vec!["--sandbox", "maybe"], "invalid value"),
        (
            vec!["--cpu-seconds", "0"],
            "--cpu-seconds must be at least 1",
        ),
    ] {
        let out = koth("play bomberman --config cfg.json --bot cmd:./bot.sh --bot builtin:idle")
            .args(args)
            .run(dir.path());
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{err}");
    }
}

#[test]
fn memory_hogs_are_killed_naming_the_cap() {
    let _untimed = untimed();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("samurai.json"), r#"{"max_turns": 1}"#).unwrap();
    std::fs::write(dir.path().join("bomberman.json"), CONFIG).unwrap();
    // 1.5 GB on the heap, and in a shared anonymous mapping (which a data-segment limit
    // would not see).
    let heap = "python3 -c \"b = bytearray(1500 << 20); print('W')\"";
    let shared = "python3 -c \"
import mmap
m = mmap.mmap(-1, 1500 << 20, flags=mmap.MAP_SHARED)
for i in range(1500):
    m[i << 20:(i + 1) << 20] = b'x' * (1 << 20)
print('W')\"";
    for (game, hog, other) in [
        ("samurai", heap, "builtin:waiter"),
        ("samurai", shared, "builtin:waiter"),
        ("bomberman", shared, "builtin:idle"),
    ] {
        script(dir.path(), "hog.sh", hog);
        let config = format!("{game}.json");
        let out = json(
            &koth(&format!(
                "play '{game}' --json --config '{config}' --sandbox on --memory-mb 300 --bot cmd:./hog.sh --bot '{other}'"
            ))
            .run(dir.path()),
        );
        let fault = &out["faults"][0];
        assert_eq!(fault["kind"], "crash", "{game}: {out}");
        let detail = fault["detail"].as_str().unwrap();
        assert!(detail.contains("300 MB memory cap"), "{game}: {detail}");
    }
}

#[test]
fn a_fork_bomb_is_capped() {
    let _untimed = untimed();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("samurai.json"), r#"{"max_turns": 1}"#).unwrap();
    // Tries to start 400 sleepers, then reports how many it could start.
    script(
        dir.path(),
        "bomb.sh",
        r#"exec python3 -c "
import os, sys, time
n = 0
for _ in range(400):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    n += 1
sys.stderr.write('running=%d' % n)
sys.exit(1)""#,
    );
    let out = json(
        &koth(
            "play samurai --json --config samurai.json --sandbox on --bot cmd:./bomb.sh --bot builtin:waiter",
        )
        .run(dir.path()),
    );
    let detail = out["faults"][0]["detail"].as_str().unwrap_or_default();
    let running: u32 = detail
        .split("running=")
        .nth(1)
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count: {out}"));
    assert!(
        (100..256).contains(&running),
        "{running} processes started in the sandbox (cap 256)"
    );
    assert!(detail.contains("refused at the 256-task cap"), "{detail}");
}

/// Plays one samurai turn of `bot` in the sandbox with `extra` options and `env`; returns
/// the first fault's detail (its kind must be `crash`).
fn crash_detail(bot: &str, extra: &[&str], env: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("samurai.json"), r#"{"max_turns": 1}"#).unwrap();
    script(dir.path(), "bot.sh", bot);
    let out = koth(
        "play samurai --json --config samurai.json --sandbox on --bot cmd:./bot.sh --bot builtin:waiter",
    )
    .args(extra)
    .envs(env.iter().copied())
    .run(dir.path());
    let out = json(&out);
    assert_eq!(out["faults"][0]["kind"], "crash", "{out}");
    out["faults"][0]["detail"].as_str().unwrap().to_string()
}

#[test]
fn a_busy_bot_is_killed_at_its_cpu_time_cap() {
    // Alone: the bots must get their CPUs to reach the CPU-time cap before the wall clock's.
    let _alone = TIMING.write().unwrap_or_else(|e| e.into_inner());
    // Two busy processes: two seconds of CPU time per second on two cores; the wall-clock
    // limit (4 s) is far.
    let busy = "(while :; do :; done) & while :; do :; done";
    let detail = crash_detail(
        busy,
        &["--cpu-seconds", "1", "--timeout-ms", "4000", "--cpus", "2"],
        &[],
    );
    assert!(
        detail.contains("killed over the 1 s CPU-time cap"),
        "{detail}"
    );
    // By default the cap is the call's time limit: a bot using more CPU time than its
    // limit with helper threads (node workers) is stopped too.
    let threads = "exec node -e \"
const { Worker } = require('worker_threads');
for (let i = 0; i < 2; i++) new Worker('for (;;) {}', { eval: true });
for (;;) {}\"";
    let detail = crash_detail(threads, &["--timeout-ms", "3000", "--cpus", "2"], &[]);
    assert!(
        detail.contains("killed over the 3 s CPU-time cap"),
        "{detail}"
    );
}

#[test]
fn without_a_control_group_memory_is_capped_per_process() {
    let _untimed = untimed();
    let heap = "exec python3 -c \"b = bytearray(1500 << 20); print('W')\"";
    let detail = crash_detail(heap, &["--memory-mb", "300"], &[("KOTH_CGROUP", "off")]);
    assert!(detail.contains("MemoryError"), "{detail}");
}

#[test]
fn a_bot_that_closes_its_output_is_one_crash_fault() {
    let _untimed = untimed();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cfg.json"), CONFIG).unwrap();
    // Answers one tick, closes its output and runs on.
    script(
        dir.path(),
        "mute.sh",
        r#"read line; echo '{"speedX": 0, "speedY": 0, "drop": false}'; exec >&-; sleep 60"#,
    );
    for sandbox in ["on", "off"] {
        let started = std::time::Instant::now();
        let out = json(
            &koth(&format!(
                "play bomberman --json --config cfg.json --sandbox '{sandbox}' --timeout-ms 1000 --bot cmd:./mute.sh --bot builtin:idle"
            ))
            .run(dir.path()),
        );
        let faults = out["faults"].as_array().unwrap();
        assert_eq!(faults.len(), 1, "{sandbox}: {faults:?}");
        assert_eq!(faults[0]["kind"], "crash", "{sandbox}: {faults:?}");
        let detail = faults[0]["detail"].as_str().unwrap();
        assert!(detail.contains("closed its output"), "{sandbox}: {detail}");
        // One wait at most, not one per tick.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(15),
            "{sandbox}"
        );
    }
}

/// A bot that tries, as a hostile one would, to climb the sandbox's walls as root could
/// (and checks that it shares none of koth's namespaces, and cannot read the memory of the
/// processes above it, copies of koth): exits with status 1 naming every
/// wall it got over; else, where it is run once per call
/// (samurai), it tries to use 400 MB (over `--memory-mb 300`) after trying to lift that
/// cap, and answers `W`; a long-running one (bomberman) stands still.
fn climber(marker: &str, answer: &str) -> String {
    // The namespaces of this test's process (koth's): the bot must be in none of them.
    let host: Vec<String> = NAMESPACES
        .iter()
        .map(|ns| {
            let link = std::fs::read_link(format!("/proc/self/ns/{ns}")).unwrap();
            format!("{ns}={}", link.display())
        })
        .collect();
    let host = host.join(" ");
    format!(
        r#"problems=""
for ns in {host}; do
  name=${{ns%%=*}}
  [ "$(readlink /proc/self/ns/$name)" = "${{ns#*=}}" ] && problems="$problems host-$name-namespace"
done
[ "$(id -u)" = 0 ] && problems="$problems uid-0"
grep -Eq '^CapEff:[[:space:]]*0+$' /proc/self/status || problems="$problems capabilities"
for status in /proc/[0-9]*/status; do
  caps=$(grep -E '^CapEff:' "$status" 2>/dev/null) || continue
  echo "$caps" | grep -Eq '^CapEff:[[:space:]]*0+$' || problems="$problems capabilities-in-$status"
done
cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' '\n' | grep -q -- '--memory-m[b]' && problems="$problems koth-command-line"
mount -o remount,bind,rw /etc 2>/dev/null
touch /etc/{marker} 2>/dev/null && problems="$problems etc-writable"
mount -o remount,rw / 2>/dev/null
touch /{marker} 2>/dev/null && problems="$problems root-writable"
touch /dev/{marker} 2>/dev/null && problems="$problems dev-writable"
unshare -U true 2>/dev/null && problems="$problems user-namespace"
(echo 100 > /proc/sys/user/max_user_namespaces) 2>/dev/null && problems="$problems userns-limit-writable"
read -r pattern < /proc/sys/kernel/core_pattern
(printf '%s\n' "$pattern" > /proc/sys/kernel/core_pattern) 2>/dev/null && problems="$problems proc-sys-writable"
cat /proc/[0-9]*/environ 2>/dev/null | grep -qa hunter2 && problems="$problems environment-of-koth"
# PID 1 and the bot's parent are copies of koth: their memory must be closed to the bot,
# and none of koth's signal handlers may run in PID 1 (the sandbox must outlive this call).
for p in 1 $PPID; do
  head -c 1 /proc/$p/maps > /dev/null 2>&1 && problems="$problems memory-of-pid-$p"
done
for signal in TERM INT HUP PIPE USR1 SEGV; do kill -$signal 1 2>/dev/null; done
cat /etc/shadow > /dev/null 2>&1 && problems="$problems shadow-readable"
mkdir -p /tmp/cg
for kind in "-t cgroup -o memory" "-t cgroup -o pids" "-t cgroup2"; do
  mount $kind none /tmp/cg 2>/dev/null && problems="$problems cgroup-mounted"
done
for f in /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/memory.max; do
  [ -e "$f" ] && problems="$problems cgroupfs-visible"
done
[ -n "$problems" ] && {{ echo "reached:$problems" >&2; exit 1; }}
{answer}"#
    )
}

/// Every namespace a sandboxed bot has of its own.
const NAMESPACES: [&str; 7] = ["user", "mnt", "pid", "ipc", "uts", "cgroup", "net"];

/// Plays `game` with the climber against a built-in bot in the sandbox, `SECRET_TOKEN` set
/// in koth's environment, as `user` (`None`: as this test runs); returns the report.
fn climb(game: &str, user: Option<u32>) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let marker = format!(
        "koth-climbed-{}-{game}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );
    let (config, answer, other) = match game {
        "samurai" => (
            r#"{"max_turns": 2}"#,
            "exec python3 -c \"b = bytearray(400 << 20); b[::4096] = b'x' * len(b[::4096]); print('W')\"",
            "builtin:waiter",
        ),
        _ => (
            CONFIG,
            r#"while read line; do echo '{"speedX": 0, "speedY": 0, "drop": false}'; done"#,
            "builtin:idle",
        ),
    };
    std::fs::write(dir.path().join("cfg.json"), config).unwrap();
    script(dir.path(), "climber.sh", &climber(&marker, answer));
    let mut command = match user {
        Some(id) => {
            std::os::unix::fs::chown(dir.path(), Some(id), Some(id)).unwrap();
            let mut c = Command::new("setpriv");
            c.args(support::words(&format!(
                "--reuid={id} --regid={id} --clear-groups"
            )))
            .arg(env!("CARGO_BIN_EXE_koth"));
            c
        }
        None => Command::new(env!("CARGO_BIN_EXE_koth")),
    };
    let out = command
        // A generous time limit: the climbing takes a while on a busy machine.
        .args(support::words(&format!("play '{game}' --json --config cfg.json --sandbox on --memory-mb 300 --timeout-ms 10000 --bot cmd:./climber.sh --bot '{other}'")))
        .env("SECRET_TOKEN", "hunter2")
        .current_dir(dir.path())
        .output()
        .unwrap();
    let etc = std::path::Path::new("/etc").join(&marker);
    let climbed = etc.exists();
    let _ = std::fs::remove_file(etc);
    assert!(!climbed, "{game}: a bot wrote the host's /etc");
    json(&out)
}

/// What a report's faults say, and that no wall was climbed.
fn assert_no_wall_climbed(game: &str, report: &Value) {
    let faults = report["faults"].as_array().unwrap();
    let details: Vec<&str> = faults.iter().filter_map(|f| f["detail"].as_str()).collect();
    assert!(
        details
            .iter()
            .all(|d| !d.contains("reached:") && !d.contains("sandbox ended")),
        "{game}: {details:?}"
    );
    if game == "samurai" {
        // The memory cap held after the bot tried to lift it: a control group's, or
        // (without one) each process's data limit.
        assert!(
            details
                .first()
                .is_some_and(|d| d.contains("300 MB memory cap") || d.contains("MemoryError")),
            "{game}: {details:?}"
        );
    } else {
        assert!(faults.is_empty(), "{game}: {details:?}");
    }
}

#[test]
fn a_hostile_bot_climbs_no_wall() {
    let _untimed = untimed();
    for game in ["samurai", "bomberman"] {
        assert_no_wall_climbed(game, &climb(game, None));
    }
}

/// koth run by an unprivileged user (where this test runs as root and `setpriv` is here:
/// CI) confines as well, without control groups.
#[test]
fn an_unprivileged_koth_confines_too() {
    let _untimed = untimed();
    let root = nix_is_root();
    let setpriv = Command::new("setpriv").arg("--version").output().is_ok();
    if !root || !setpriv {
        eprintln!("skipped: needs root (to become another user) and setpriv");
        return;
    }
    for game in ["samurai", "bomberman"] {
        assert_no_wall_climbed(game, &climb(game, Some(1_499_999_000)));
    }
}

fn nix_is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().nth(1))
        == Some("0")
}

#[test]
fn writes_stop_at_the_disk_cap_and_the_match_goes_on() {
    let _untimed = untimed();
    // Once a match: tries to write 1 GB into each writable place and to reserve 20 GB, then
    // checks that no file got past the 64 MiB cap (status 1 naming it, if one did).
    let fill = r#"if [ ! -e filled ]; then
  for f in big /tmp/big /dev/shm/big; do head -c 1000000000 /dev/zero > $f 2>/dev/null; done
  fallocate -l 20G huge 2>/dev/null
  for f in big /tmp/big /dev/shm/big huge; do
    [ -e $f ] && [ "$(wc -c < $f)" -gt 67108864 ] && { echo "over:$f" >&2; exit 1; }
  done
  [ "$(wc -c < big)" -ge 60000000 ] || { echo "short" >&2; exit 1; }
  rm -f big huge; touch filled
fi
"#;
    for (game, config, answer, other) in [
        ("samurai", r#"{"max_turns": 3}"#, "echo W", "builtin:waiter"),
        (
            "bomberman",
            CONFIG,
            r#"while read line; do echo '{"speedX": 0, "speedY": 0, "drop": false}'; done"#,
            "builtin:idle",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("cfg.json"), config).unwrap();
        script(dir.path(), "filler.sh", &format!("{fill}{answer}"));
        let out = json(
            &koth(&format!(
                "play '{game}' --json --config cfg.json --sandbox on --disk-mb 64 --timeout-ms 10000 --bot cmd:./filler.sh --bot '{other}'"
            ))
            .run(dir.path()),
        );
        assert_eq!(out["faults"], Value::Array(vec![]), "{game}: {out}");
        // The bot wrote in its copy, never in its folder.
        assert!(!dir.path().join("filled").exists(), "{game}");
    }
}

/// A bot's folder larger than its sandbox's disk is never half copied in: each call of a
/// one-run-per-call bot fails saying why, as does a long-running bot's start.
#[test]
fn a_folder_larger_than_the_disk_cap_is_named() {
    let _untimed = untimed();
    for (game, config, says, other) in [
        (
            "samurai",
            r#"{"max_turns": 3}"#,
            "the bot's folder does not fit in its sandbox (--disk-mb)",
            "builtin:waiter",
        ),
        (
            "bomberman",
            CONFIG,
            "cannot copy the bot's folder into its sandbox (see --disk-mb)",
            "builtin:idle",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("cfg.json"), config).unwrap();
        script(dir.path(), "bot.sh", "echo W");
        std::fs::write(dir.path().join("ballast"), vec![7u8; 3 << 20]).unwrap();
        let out = json(
            &koth(&format!(
                "play '{game}' --json --config cfg.json --sandbox on --disk-mb 1 --bot cmd:./bot.sh --bot '{other}'"
            ))
            .run(dir.path()),
        );
        let faults = out["faults"].as_array().unwrap();
        assert!(!faults.is_empty(), "{game}: {out}");
        for fault in faults {
            let detail = fault["detail"].as_str().unwrap();
            assert!(detail.contains(says), "{game}: {detail}");
        }
    }
}

/// koth's own memory control group folder (v1), where koth makes its groups, if writable.
fn own_memory_group() -> Option<std::path::PathBuf> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = text.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
        names
            .split(',')
            .any(|n| n == "memory")
            .then(|| path.to_string())
    })?;
    Some(std::path::Path::new("/sys/fs/cgroup/memory").join(path.trim_start_matches('/')))
}

#[test]
fn a_deep_tree_is_gone_after_the_match_and_a_killed_koths_leftovers_at_the_next_start() {
    let _untimed = untimed();
    for sandbox in ["off", "on"] {
        let dir = tempfile::tempdir().unwrap();
        let tmp = dir.path().join("tmp");
        let bot = dir.path().join("bot");
        std::fs::create_dir(&tmp).unwrap();
        std::fs::create_dir(&bot).unwrap();
        // What a koth killed by SIGKILL leaves: its run folder and, where koth makes them,
        // its control groups.
        let dead = {
            let mut child = Command::new("true").spawn().unwrap();
            child.wait().unwrap();
            child.id()
        };
        let stale = tmp.join(format!("koth-run-{dead}-7"));
        std::fs::create_dir_all(stale.join("1-0-a/lib")).unwrap();
        let group = own_memory_group().map(|g| g.join(format!("koth-{dead}-999")));
        let group = group.filter(|g| std::fs::create_dir(g).is_ok());
        // A 1,500-deep chain of folders, longer than a path may be, a 10 MB file at the
        // bottom.
        std::fs::write(bot.join("cfg.json"), r#"{"max_turns": 2}"#).unwrap();
        script(
            &bot,
            "digger.sh",
            r#"if [ ! -e dug ]; then
  touch dug
  python3 -c "
import os
for _ in range(1500):
    os.mkdir('dddddddd')
    os.chdir('dddddddd')
open('bottom', 'wb').write(bytes(10000000))" || { echo "could not dig" >&2; exit 1; }
fi
echo W"#,
        );
        let out = Command::new("sh")
            .args(["-c", "ulimit -n 1024 && exec \"$@\"", "sh"])
            .arg(env!("CARGO_BIN_EXE_koth"))
            .args(support::words(&format!("play samurai --json --config cfg.json --sandbox '{sandbox}' --timeout-ms 20000 --bot cmd:./digger.sh --bot builtin:waiter")))
            .env("TMPDIR", &tmp)
            .current_dir(&bot)
            .output()
            .unwrap();
        let out = json(&out);
        assert_eq!(out["faults"], Value::Array(vec![]), "{sandbox}: {out}");
        // Only the note of the passed sandbox check stays (it is meant to).
        let left: Vec<_> = std::fs::read_dir(&tmp)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                !(name.starts_with("koth-sandbox-") && name.ends_with(".ok"))
            })
            .collect();
        assert!(left.is_empty(), "{sandbox}: left behind: {left:?}");
        if let Some(group) = group {
            let gone = !group.exists();
            let _ = std::fs::remove_dir(&group);
            assert!(gone, "{sandbox}: a dead koth's control group stayed");
        }
    }
}

/// Every other test of this file runs while this one does not: it times an honest bot.
static TIMING: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Held by every test of this file but the timing ones.
fn untimed() -> std::sync::RwLockReadGuard<'static, ()> {
    TIMING.read().unwrap_or_else(|e| e.into_inner())
}

/// The median time koth waited for the answers of `name` in `--bot-log` folder `dir`,
/// leaving out the first (the program's start).
fn median_ms(dir: &std::path::Path, name: &str) -> f64 {
    let log = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().contains(name))
        .expect("the bot's log");
    let text = std::fs::read_to_string(log.path()).unwrap();
    let mut ms: Vec<f64> = text
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["ms"]
                .as_f64()
                .unwrap()
        })
        .collect();
    assert!(ms.len() >= 10, "{} calls", ms.len());
    ms.sort_by(f64::total_cmp);
    ms[ms.len() / 2]
}

#[test]
fn a_swarm_of_spinning_processes_does_not_slow_an_honest_opponent() {
    let _alone = TIMING.write().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("cfg.json"),
        r#"{"mode": "duel", "rules": {"max_ticks": 24}}"#,
    )
    .unwrap();
    // About 50 ms of work per tick.
    script(
        dir.path(),
        "honest.sh",
        r#"exec python3 -c "
import sys
for line in sys.stdin:
    n = 0
    for i in range(1500000):
        n += i
    print('{\"speedX\": 0, \"speedY\": 0, \"drop\": false}', flush=True)
""#,
    );
    // Eight spinning processes, each in a session of its own.
    script(
        dir.path(),
        "swarm.sh",
        r#"for i in 1 2 3 4 5 6 7 8; do setsid sh -c 'while :; do :; done' & done
while read line; do echo '{"speedX": 0, "speedY": 0, "drop": false}'; done"#,
    );
    let mut medians = Vec::new();
    for (run, other) in [("alone", "builtin:idle"), ("swarm", "cmd:./swarm.sh")] {
        let logs = dir.path().join(run);
        let out = json(
            &koth(&format!(
                "play bomberman --json --config cfg.json --sandbox on --timeout-ms 5000 --bot-log '{}' --bot honest=cmd:./honest.sh --bot '{}'",
                logs.to_str().unwrap(),
                other
            ))
            .run(dir.path()),
        );
        assert_eq!(out["faults"], Value::Array(vec![]), "{run}: {out}");
        medians.push(median_ms(&logs, "honest"));
    }
    // Uncapped, the nine spinning processes and the honest one share the two cores of a CI
    // machine evenly: a tick takes about 4.5 times as long. Capped, the swarm has one CPU's
    // time; the bound leaves room for a machine busy with other work (1.66x was seen).
    let (alone, swarm) = (medians[0], medians[1]);
    assert!(
        swarm < 2.5 * alone,
        "an honest tick took {swarm} ms against the swarm, {alone} ms alone"
    );
}

/// Under the sandbox, a command line naming a path outside the bot's folder gets a warning
/// before the match (the path, the folder the bot sees, the fix), and the bot's failed calls
/// a warning that names the sandbox; a java `-cp` entry counts. Unconfined, the same bot
/// plays without either warning.
#[test]
fn paths_the_sandbox_hides_are_named_before_the_match() {
    let _untimed = untimed();
    let root = tempfile::tempdir().unwrap();
    let (bots, contest) = (root.path().join("bots"), root.path().join("contest"));
    std::fs::create_dir(&contest).unwrap();
    std::fs::create_dir(&bots).unwrap();
    script(&bots, "bot.sh", "echo W");
    let bot = bots.join("bot.sh");
    let line = |sandbox: &str, spec: &str| {
        format!(
            "play samurai --seed 1 --json --sandbox {sandbox} --bot 'x={spec}' --bot builtin:monk"
        )
    };
    let spec = format!("cmd:sh {}", bot.display());
    let out = koth(&line("on", &spec))
        .arg("--workdir")
        .arg(&contest)
        .run(root.path());
    let err = String::from_utf8_lossy(&out.stderr);
    let warning = format!(
        "koth: warning: bot x: {} is outside its folder {}; in the sandbox the bot sees only its \
         folder and the system's: give it its own folder (--workdir {}) or, for a bot you \
         trust, --sandbox off",
        bot.display(),
        contest.display(),
        bots.display()
    );
    assert!(err.contains(&warning), "{err}");
    assert!(
        err.contains("it ran in the sandbox, which shows it only its own folder"),
        "{err}"
    );
    let java = format!("cmd:java -cp {}:lib RandomBot", bots.display());
    let out = koth(&line("on", &java))
        .arg("--workdir")
        .arg(&contest)
        .run(root.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("bot x: {} is outside", bots.display())),
        "{err}"
    );
    let out = koth(&line("off", &spec))
        .arg("--workdir")
        .arg(&contest)
        .run(root.path());
    assert_eq!(json(&out)["faults"], Value::Array(vec![]));
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("warning"),
        "{out:?}"
    );
}

/// The spawner (`koth __spawn`, run here without bwrap) starts each call under the CPU-time
/// cap its request asks for, soft and hard, with no core dumps: calls under one cap come
/// from one launcher holding it (the same parent), a request with another cap from a fresh
/// one, the spawner itself never (its cap could not be raised again).
#[test]
fn the_spawner_starts_each_call_under_its_cap_from_a_launcher_holding_it() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let mut spawner = Command::new(env!("CARGO_BIN_EXE_koth"))
        .args([
            "__spawn",
            "sh",
            "-c",
            "echo $(ulimit -St) $(ulimit -Ht) $(ulimit -c) $PPID",
        ])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = spawner.stdin.take().unwrap();
    let mut replies = BufReader::new(spawner.stdout.take().unwrap()).lines();
    let mut call = |cap: u64| -> Vec<String> {
        let request =
            format!(r#"{{"args":[],"stdin":null,"timeout_ms":5000,"cpu_seconds":{cap}}}"#);
        writeln!(input, "{request}").unwrap();
        let reply: Value = serde_json::from_str(&replies.next().unwrap().unwrap()).unwrap();
        let bytes: Vec<u8> = reply["Ok"]["stdout"]
            .as_array()
            .unwrap_or_else(|| panic!("a failed call: {reply}"))
            .iter()
            .map(|b| b.as_u64().unwrap() as u8)
            .collect();
        String::from_utf8(bytes)
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    let calls: Vec<Vec<String>> = [2, 2, 3, 3, 2].into_iter().map(&mut call).collect();
    let spawner_pid = spawner.id().to_string();
    for (got, cap) in calls.iter().zip([2, 2, 3, 3, 2]) {
        let want = [cap.to_string(), (cap + 1).to_string(), "0".into()];
        assert_eq!(got[..3], want, "{calls:?}");
        assert_ne!(
            got[3], spawner_pid,
            "a call from the spawner itself: {calls:?}"
        );
    }
    let parents: Vec<&str> = calls.iter().map(|c| c[3].as_str()).collect();
    assert_eq!(parents[0], parents[1], "{calls:?}");
    assert_eq!(parents[2], parents[3], "{calls:?}");
    assert_ne!(parents[1], parents[2], "{calls:?}");
    assert_ne!(parents[3], parents[4], "{calls:?}");
    drop(input);
    assert!(spawner.wait().unwrap().success());
}

/// With bubblewrap (`KOTH_SANDBOX_TOOL=bwrap`), the check that it works runs once, then is
/// remembered between runs
/// (`koth_confine::probed`): until bubblewrap changes, the note is one the check cannot
/// trust, or a sandbox failed to start although the check had passed. The check is seen
/// through a `bwrap` wrapper that logs each start (the check runs `/bin/true`).
#[test]
fn a_passed_sandbox_check_is_remembered_until_something_changes() {
    use std::os::unix::fs::PermissionsExt;
    let _untimed = untimed();
    let Some(real) = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|d| d.join("bwrap"))
        .find(|p| p.is_file())
    else {
        panic!("the sandbox tests need bwrap");
    };
    let root = tempfile::tempdir().unwrap();
    let open = |path: &std::path::Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    // As root the check and the sandboxes run as the bots' users: they reach all of it.
    open(root.path(), 0o755);
    let (bin, tmp, bot) = (
        root.path().join("bin"),
        root.path().join("tmp"),
        root.path().join("bot"),
    );
    for dir in [&bin, &tmp, &bot] {
        std::fs::create_dir(dir).unwrap();
        open(dir, 0o755);
    }
    let log = root.path().join("bwrap.log");
    std::fs::write(&log, "").unwrap();
    open(&log, 0o666);
    let refuse = root.path().join("refuse");
    let wrapper = |extra: &str| {
        script(
            &bin,
            "bwrap",
            &format!(
                "echo \"$@\" >> {log}\ncase \"$*\" in */bin/true) ;; *) [ -e {refuse} ] && \
                 {{ echo 'bwrap: refused' >&2; exit 1; }} ;; esac\n{extra}exec {real} \"$@\"",
                log = log.display(),
                refuse = refuse.display(),
                real = real.display()
            ),
        )
    };
    wrapper("");
    std::fs::write(bot.join("samurai.json"), r#"{"max_turns": 2}"#).unwrap();
    std::fs::write(bot.join("bomberman.json"), CONFIG).unwrap();
    script(
        &bot,
        "bot.sh",
        r#"[ $# -gt 0 ] && { echo W; exit 0; }
while read line; do echo '{"speedX": 0, "speedY": 0, "drop": false}'; done"#,
    );
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let checks = || {
        std::fs::read_to_string(&log)
            .unwrap()
            .lines()
            .filter(|l| l.ends_with("/bin/true"))
            .count()
    };
    let faults_in = |game: &str| {
        let out = json(
            &koth(&format!("play {game} --seed 1 --json --config {game}.json --sandbox on --bot a=cmd:./bot.sh --bot b=cmd:./bot.sh"))
                .env("KOTH_SANDBOX_TOOL", "bwrap")
                .env("PATH", &path)
                .env("TMPDIR", &tmp)
                .run(&bot),
        );
        out["faults"].as_array().unwrap().len()
    };
    let faults = || faults_in("samurai");
    assert_eq!((faults(), checks()), (0, 1), "the first run checks");
    assert_eq!((faults(), checks()), (0, 1), "the second remembers");
    // A sandbox that fails to start although the check passed: the next run checks again.
    std::fs::write(&refuse, "").unwrap();
    assert!(faults() > 0, "the refused sandboxes are faults");
    assert_eq!(checks(), 1);
    std::fs::remove_file(&refuse).unwrap();
    assert_eq!(
        (faults(), checks()),
        (0, 2),
        "checked again after the failure"
    );
    assert_eq!((faults(), checks()), (0, 2));
    // The same with a long-running bot's sandbox.
    std::fs::write(&refuse, "").unwrap();
    assert!(
        faults_in("bomberman") > 0,
        "the refused sandboxes are faults"
    );
    std::fs::remove_file(&refuse).unwrap();
    assert_eq!((faults_in("bomberman"), checks()), (0, 3));
    assert_eq!((faults(), checks()), (0, 3));
    // Another bubblewrap (the same one rewritten) is checked again.
    std::thread::sleep(std::time::Duration::from_millis(20));
    wrapper("# rewritten\n");
    assert_eq!(
        (faults(), checks()),
        (0, 4),
        "a changed bwrap is checked again"
    );
    // A note others could have written is not believed.
    let note = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().ends_with(".ok"))
        .expect("the note of the passed check");
    open(&note, 0o666);
    assert_eq!(
        (faults(), checks()),
        (0, 5),
        "an untrusted note is checked again"
    );
}
