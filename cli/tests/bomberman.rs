//! End-to-end tests of `koth` with Bomberman's long-running bot processes.

mod support;

use std::path::{Path, PathBuf};
use support::{assert_replay_verifies, json, koth, process_running, script};

use serde_json::Value;

/// A directory with a config of `ticks` ticks in `mode`.
fn setup(mode: &str, ticks: u32) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("cfg.json"),
        format!(r#"{{"mode": "{mode}", "rules": {{"max_ticks": {ticks}}}}}"#),
    )
    .unwrap();
    dir
}

fn example_bot() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../bomberman/examples/example_bot.py")
}

/// Copies the example bot into `dir` (a sandboxed bot sees only its own folder).
fn example_bot_in(dir: &Path) -> String {
    std::fs::copy(example_bot(), dir.join("example_bot.py")).unwrap();
    "cmd:python3 example_bot.py".into()
}

#[test]
fn default_play_is_a_standard_game_of_four_builtins() {
    let dir = tempfile::tempdir().unwrap();
    let out = json(&koth("play bomberman --seed 2 --json").run(dir.path()));
    assert_eq!(out["turns"], 1500);
    let players = out["players"].as_array().unwrap();
    assert_eq!(players.len(), 4);
    for p in players {
        for key in ["lives_left", "walls", "bonuses", "kills", "self_hits"] {
            assert!(p["stats"][key].is_u64(), "{key}: {}", p["stats"]);
        }
    }
    let text = String::from_utf8(koth("play bomberman --seed 2").run(dir.path()).stdout).unwrap();
    assert!(text.contains("tick 100"), "the lattice every 100 ticks");
    assert!(text.contains("result: "));
}

#[test]
fn the_python_example_bot_plays_a_whole_game_in_one_process() {
    let dir = setup("duel", 300);
    let bot = example_bot_in(dir.path());
    let replay = dir.path().join("r.jsonl");
    let out = json(
        &koth(&format!(
            "play bomberman --seed 4 --json --config cfg.json --bot '{}' --bot builtin:idle --replay '{}'",
            bot,
            replay.to_str().unwrap()
        ))
        .run(dir.path()),
    );
    assert_eq!(out["faults"], Value::Array(vec![]), "{:#}", out["faults"]);
    assert!(
        out["players"][0]["stats"]["walls"].as_u64().unwrap() > 0,
        "it breaks bricks"
    );
    assert!(out["players"][0]["score"].as_f64().unwrap() > 0.0);
    assert_replay_verifies(&replay, dir.path());
}

#[test]
fn one_process_per_player_reads_a_line_per_tick() {
    let dir = setup("duel", 20);
    // Counts its starts and its lines; every line carries the rules.
    script(
        dir.path(),
        "count.sh",
        // (The logs go to the test's folder: the bot runs in a private copy of it.)
        &r#"echo start >> LOGS/starts.log
while read line; do
  case "$line" in *'"rules"'*) echo rules >> LOGS/lines.log ;; *) echo plain >> LOGS/lines.log ;; esac
  echo '{"speedX": 1.5, "speedY": 0, "drop": false}'
done"#
            .replace("LOGS", &dir.path().display().to_string()),
    );
    // Unconfined (--sandbox off), so that its logs reach the test's folder.
    let out = json(
        &koth(
            "play bomberman --seed 1 --json --config cfg.json --bot cmd:./count.sh --bot builtin:idle --sandbox off",
        )
        .run(dir.path()),
    );
    assert_eq!(out["faults"], Value::Array(vec![]));
    let starts = std::fs::read_to_string(dir.path().join("starts.log")).unwrap();
    assert_eq!(starts.lines().count(), 1, "started once");
    let lines = std::fs::read_to_string(dir.path().join("lines.log")).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 20, "one line per tick");
    assert!(lines.iter().all(|l| *l == "rules"), "{lines:?}");
}

#[test]
fn misbehaving_processes_are_faults_and_the_game_goes_on() {
    let dir = setup("standard", 30);
    // Garbage on tick 1, silence on tick 2 (late answer), then dies on tick 4. The late
    // answer comes 400 ms after tick 2's line: 200 ms past its limit, and about 200 ms before
    // tick 3's (after flaky.sh's and hang.sh's 200 ms each on tick 2), where it is dropped.
    script(
        dir.path(),
        "flaky.sh",
        r#"n=0
while read line; do
  n=$((n+1))
  case $n in
    1) echo 'not json' ;;
    2) sleep 0.4; echo '{"speedX":0,"speedY":0,"drop":false}' ;;
    4) echo dying >&2; exit 9 ;;
    *) echo '{"speedX":0,"speedY":0,"drop":false}' ;;
  esac
done"#,
    );
    script(dir.path(), "hang.sh", "sleep 41.5 & sleep 41.5");
    let out = json(
        &koth(
            "play bomberman --seed 3 --json --config cfg.json --timeout-ms 200 --bot cmd:./flaky.sh --bot cmd:./hang.sh --bot builtin:idle --bot builtin:random",
        )
        .run(dir.path()),
    );
    assert_eq!(out["turns"], 30);
    let faults = out["faults"].as_array().unwrap();
    let flaky: Vec<(&str, u64)> = faults
        .iter()
        .filter(|f| f["player"] == "flaky.sh")
        .map(|f| (f["kind"].as_str().unwrap(), f["turn"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        flaky,
        [("invalid", 1), ("timeout", 2), ("crash", 4)],
        "{faults:#?}"
    );
    let crash = faults.iter().find(|f| f["kind"] == "crash").unwrap();
    assert!(crash["detail"].as_str().unwrap().contains("dying"));
    let hang = faults.iter().filter(|f| f["player"] == "hang.sh").count();
    assert_eq!(hang, 30, "a timeout every tick it is on the field");
    assert!(
        !process_running("sleep 41.5"),
        "bot processes outlived the match"
    );
}

#[test]
fn tournaments_rotate_seats_when_there_are_more_bots_than_seats() {
    let dir = setup("standard", 60);
    let out = json(
        &koth(
            "tournament bomberman --seed 1 --json --config cfg.json --games 5 --bot builtin:idle --bot builtin:random --bot builtin:brick-breaker --bot builtin:random --bot builtin:idle --bot builtin:brick-breaker",
        )
        .run(dir.path()),
    );
    // Six bots at tables of four: games round up to a multiple of 3 so everyone plays equally.
    assert_eq!(out["matches"], 6);
    let standings = out["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 6);
    assert!(standings.iter().all(|s| s["played"] == 4), "{standings:#?}");
}

#[test]
fn the_seat_range_comes_from_the_config_mode() {
    // Duel mode seats two: the default line-up plays and tours with two seats.
    let dir = setup("duel", 80);
    let out = json(&koth("play bomberman --seed 4 --json --config cfg.json").run(dir.path()));
    assert_eq!(out["players"].as_array().unwrap().len(), 2);
    let t = json(
        &koth("tournament bomberman --seed 4 --json --config cfg.json --games-per-pair 1")
            .run(dir.path()),
    );
    assert!(t["matches"].as_u64().unwrap() >= 1, "{t}");
    assert!(t["standings"].as_array().unwrap().len() >= 2, "{t}");

    // A line-up outside the range is a usage error naming it, before any bot starts.
    for (mode, bots, range) in [("duel", 3, "exactly 2"), ("standard", 3, "exactly 4")] {
        let dir = setup(mode, 80);
        let started = dir.path().join("started");
        script(
            dir.path(),
            "bot.sh",
            &format!("touch {}; exec sleep 5", started.display()),
        );
        let out = koth("play bomberman --config cfg.json")
            .args((0..bots).flat_map(|_| ["--bot", "cmd:./bot.sh"]))
            .run(dir.path());
        assert_eq!(out.status.code(), Some(2), "{mode}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(range), "{mode}: {err}");
        assert!(!started.exists(), "{mode}: a bot started");
    }
}

#[test]
fn answers_late_every_tick_are_faults_and_never_played() {
    let dir = setup("duel", 8);
    // Every answer comes 250 ms after its tick's line, past the 200 ms limit: it arrives while
    // the next tick waits, and must not be taken as that tick's answer.
    script(
        dir.path(),
        "late.sh",
        r#"while read l; do sleep 0.25; echo '{"speedX": 10, "speedY": 0, "drop": true}'; done"#,
    );
    let out = json(
        &koth(
            "play bomberman --seed 1 --json --config cfg.json --timeout-ms 200 --replay late.jsonl --bot late=cmd:./late.sh --bot builtin:idle",
        )
        .run(dir.path()),
    );
    let faults = out["faults"].as_array().unwrap();
    assert_eq!(faults.len(), 8, "a fault every tick: {out}");
    assert!(faults.iter().all(|f| f["kind"] == "timeout"), "{out}");
    let replay = std::fs::read_to_string(dir.path().join("late.jsonl")).unwrap();
    for line in replay
        .lines()
        .filter(|l| l.starts_with(r#"{"kind":"turn""#))
    {
        let turn: Value = serde_json::from_str(line).unwrap();
        let actors = turn["actors"].as_array().unwrap();
        let i = actors.iter().position(|a| a == 0).unwrap();
        let action = turn["actions"][i].as_str().unwrap();
        assert!(!action.contains("10"), "a late answer was played: {line}");
    }
}
