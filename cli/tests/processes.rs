//! Hostile bot processes, for each process protocol: what a bot starts never outlives its
//! call or its match (a double fork with `setsid` included), the bot's answer is kept, and
//! stopping `koth` (SIGINT, SIGTERM, SIGKILL) leaves no bot running.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::{json, koth, process_running, script};

/// A command that escapes its caller: a subshell starts `sleep MARKER` in a new session and
/// exits, so the sleeper is an orphan outside the bot's process group, holding its output.
/// The bot goes on once the sleeper has its session (else the group kill could catch it).
fn escape(marker: &str) -> String {
    format!(
        "( setsid sh -c 'touch escaped; exec sleep {marker}' & )\n\
         until [ -e escaped ]; do sleep 0.01; done; rm escaped"
    )
}

fn assert_no_survivor(marker: &str) {
    // A killed process may take a moment to leave /proc.
    let deadline = Instant::now() + Duration::from_secs(5);
    while process_running(marker) {
        assert!(Instant::now() < deadline, "a `sleep {marker}` survived");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Plays `game` with the escaping bot `body` in seat 0 and `others`, with `config`; checks
/// that the bot has no fault (its answers were kept) and that nothing it started is left.
/// As [`escaping_bot_plays_clean_with`], unconfined (koth sweeps) and in the sandbox (its
/// PID namespace ends with the match; `marker` gets a `1` appended).
fn escaping_bot_plays_clean(game: &str, config: &str, body: &str, others: &[&str], marker: &str) {
    escaping_bot_plays_clean_with(game, config, body, others, marker, &["--sandbox", "off"]);
    let boxed = format!("{marker}1");
    let body = body.replace(marker, &boxed);
    escaping_bot_plays_clean_with(game, config, &body, others, &boxed, &["--sandbox", "on"]);
}

fn escaping_bot_plays_clean_with(
    game: &str,
    config: &str,
    body: &str,
    others: &[&str],
    marker: &str,
    extra: &[&str],
) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cfg.json"), config).unwrap();
    script(dir.path(), "bot.sh", body);
    let out = json(
        &koth(&format!(
            "play {game} --seed 1 --json --config cfg.json --bot escaper=cmd:./bot.sh"
        ))
        .args(others.iter().flat_map(|o| ["--bot", *o]))
        .args(extra)
        .run(dir.path()),
    );
    let faults: Vec<&Value> = out["faults"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["player"] == "escaper")
        .collect();
    assert!(
        faults.is_empty(),
        "{game}: the answers were lost: {faults:?}"
    );
    assert_no_survivor(marker);
}

#[test]
fn samurai_escapees_die_and_the_answer_is_kept() {
    let m = "3141.11";
    escaping_bot_plays_clean(
        "samurai",
        r#"{"max_turns": 4}"#,
        &format!("{}\necho W", escape(m)),
        &["builtin:waiter"],
        m,
    );
}

#[test]
fn naval_escapees_die_and_the_answer_is_kept() {
    let m = "3141.12";
    escaping_bot_plays_clean(
        "naval",
        r#"{"rounds": 3}"#,
        &format!(
            "{}\n[ $# -eq 0 ] && {{ echo 3; exit 0; }}\necho W",
            escape(m)
        ),
        &["builtin:passive"],
        m,
    );
}

#[test]
fn tanks_escapees_die_and_the_answer_is_kept() {
    let m = "3141.13";
    escaping_bot_plays_clean(
        "tanks",
        r#"{"max_ticks": 4}"#,
        &format!("read line\n{}\necho mu", escape(m)),
        &["builtin:random", "builtin:random"],
        m,
    );
}

#[test]
fn bomberman_escapees_die_and_the_answers_are_kept() {
    let m = "3141.14";
    escaping_bot_plays_clean(
        "bomberman",
        r#"{"mode": "duel", "rules": {"max_ticks": 30}}"#,
        &format!(
            "{}\nwhile read line; do echo '{{\"speedX\": 0, \"speedY\": 0, \"drop\": false}}'; done",
            escape(m)
        ),
        &["builtin:idle"],
        m,
    );
}

/// Starts `koth play samurai` (with `--sandbox MODE`) with a bot that starts `sleep MARKER`
/// and waits for it, and waits until the sleeper runs.
fn koth_with_sleeping_bot(dir: &Path, marker: &str, sandbox: &str) -> std::process::Child {
    script(dir, "sleeper.sh", &format!("sleep {marker} &\nwait"));
    let mut child = koth(&format!(
        "play samurai --timeout-ms 60000 --sandbox '{sandbox}' --bot cmd:./sleeper.sh --bot builtin:waiter"
    ))
    .command()
    .current_dir(dir)
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !process_running(marker) {
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the bot never started");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

fn signal(pid: u32, sig: &str) {
    let ok = Command::new("kill")
        .args(["-s", sig, &pid.to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

#[test]
fn sigint_and_sigterm_stop_the_bots_and_koth() {
    for (sig, m, sandbox) in [
        ("INT", "3141.21", "off"),
        ("TERM", "3141.22", "off"),
        ("INT", "3141.24", "on"),
        ("TERM", "3141.25", "on"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let child = koth_with_sleeping_bot(dir.path(), m, sandbox);
        signal(child.id(), sig);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "SIG{sig}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("interrupted"), "SIG{sig}: {err}");
        assert_no_survivor(m);
    }
}

/// koth's guardian kills the bot's process group (the bot and the sleeper it started) when
/// koth dies, even by SIGKILL.
#[test]
fn sigkill_of_koth_kills_the_running_bot() {
    for (m, sandbox) in [("3141.23", "off"), ("3141.26", "on")] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = koth_with_sleeping_bot(dir.path(), m, sandbox);
        child.kill().unwrap();
        child.wait().unwrap();
        assert_no_survivor(m);
    }
}

#[test]
fn an_interrupted_tournament_reports_the_matches_finished_before() {
    let dir = tempfile::tempdir().unwrap();
    let m = "3141.31";
    // Quick games, then one that never ends on its own. Each call is logged.
    script(
        dir.path(),
        "bot.sh",
        &format!(
            "[ -e {stop} ] && exec sleep {m}\necho call >> {log}\necho W",
            stop = dir.path().join("stop").display(),
            log = dir.path().join("calls.log").display()
        ),
    );
    std::fs::write(dir.path().join("cfg.json"), r#"{"max_turns": 2}"#).unwrap();
    // Unconfined (--sandbox off): the bot looks for the test's stop file.
    let child = koth(
        "tournament samurai --json --jobs 1 --games 1000 --timeout-ms 60000 --config cfg.json --bot cmd:./bot.sh --bot builtin:waiter --sandbox off",
    )
    .command()
    .current_dir(dir.path())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // A game is 2 calls (one at a time, `--jobs 1`): with a third call, the first game is over.
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(dir.path().join("calls.log")).map_or(0, |t| t.lines().count()) < 3
    {
        assert!(Instant::now() < deadline, "no game was played");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::fs::write(dir.path().join("stop"), "").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !process_running(m) {
        assert!(Instant::now() < deadline, "the bot never slept");
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(child.id(), "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let report: Value = serde_json::from_slice(&out.stdout).expect("the standings, as JSON");
    assert_eq!(report["interrupted"], true);
    let played = report["matches"].as_u64().unwrap();
    assert!((1..1000).contains(&played), "{report}");
    for s in report["standings"].as_array().unwrap() {
        assert_eq!(s["played"].as_u64(), Some(played), "{report}");
        assert_eq!(s["faults"], 0, "no match cut short is counted: {report}");
    }
    assert_no_survivor(m);
}

/// A bot koth stopped itself (SIGINT in its first call) is not blamed for the calls that
/// failed after: no "failed each of its first calls" warning.
#[test]
fn a_bot_koth_stopped_gets_no_failure_warning() {
    let dir = tempfile::tempdir().unwrap();
    let m = "3141.32";
    script(dir.path(), "bot.sh", &format!("exec sleep {m}"));
    let child = koth(
        "play samurai --json --timeout-ms 60000 --bot cmd:./bot.sh --bot builtin:waiter --sandbox off",
    )
    .command()
    .current_dir(dir.path())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !process_running(m) {
        assert!(Instant::now() < deadline, "the bot never slept");
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(child.id(), "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("failed each of its first"), "{err}");
    assert_no_survivor(m);
}
