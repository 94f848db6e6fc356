//! End-to-end tests of the `koth` binary.

mod support;

use support::{assert_replay_verifies, json, koth, play_with_replay, process_running, script};

use serde_json::Value;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn play_with_defaults_prints_a_log_and_a_result() {
    let dir = tmp();
    let out = koth("play samurai --seed 5").run(dir.path());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("turn    1: observer="), "{text}");
    assert!(text.contains("result: "), "{text}");
}

#[test]
fn play_json_follows_the_schema_and_is_deterministic() {
    let dir = tmp();
    let a = json(&koth("play samurai --seed 11 --json").run(dir.path()));
    let b = json(&koth("play samurai --seed 11 --json").run(dir.path()));
    assert_eq!(a, b);
    assert_eq!(a["game"], "samurai");
    assert_eq!(a["seed"], 11);
    assert!(a["turns"].as_u64().unwrap() >= 1);
    let outcome = a["outcome"].as_str().unwrap();
    assert!(outcome == "win" || outcome == "draw");
    let players = a["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    for p in players {
        assert!(p["name"].is_string());
        assert!(p["place"].as_u64().unwrap() >= 1);
        assert!(p["stats"]["health"].is_i64());
        assert!(p["stats"]["honour"].is_i64());
    }
    assert_eq!(a["faults"], Value::Array(vec![]));
}

#[test]
fn external_programs_speak_the_seed_protocol() {
    let dir = tmp();
    // Records its arguments, bows on the first turn and when out of honour, else parries.
    script(
        dir.path(),
        "bot.sh",
        // (The log goes to the test's folder: the bot runs in a private copy of it.)
        &r#"echo "$#:$*" >> LOGS/calls.log
if [ $# -eq 4 ] || [ "$5" -lt 1 ]; then echo B; else echo Parry; fi"#
            .replace("LOGS", &dir.path().display().to_string()),
    );
    // Unconfined (--sandbox off), so that its log reaches the test's folder.
    let out = json(
        &koth(
            "play samurai --seed 1 --json --bot mine=cmd:./bot.sh --bot builtin:waiter --sandbox off",
        )
        .run(dir.path()),
    );
    assert_eq!(out["players"][0]["name"], "mine");
    assert_eq!(out["outcome"], "win");
    assert_eq!(out["players"][0]["place"], 1);
    let calls = std::fs::read_to_string(dir.path().join("calls.log")).unwrap();
    let lines: Vec<&str> = calls.lines().collect();
    assert_eq!(lines[0], "4:20 20 1 1");
    assert_eq!(lines[1], "6:B W 20 20 2 1");
    assert_eq!(lines[2], "6:BP WW 20 19 1 1");
}

#[test]
fn faults_are_recorded_and_the_match_goes_on() {
    let dir = tmp();
    // Turn 1 answers garbage, turn 2 hangs (with a child), turn 3 crashes, turn 4 floods,
    // later turns bow. (A limit well above a call's time: each of the 500 sandboxed calls
    // must make it on a loaded machine, and only turn 2 waits for it.)
    script(
        dir.path(),
        "flaky.sh",
        r#"n=0; [ $# -eq 6 ] && n=${#1}
case $n in
  0) echo "x marks the spot" ;;
  1) sleep 37.25 & sleep 37.25 ;;
  2) echo boom >&2; exit 3 ;;
  3) head -c 300000 /dev/zero | tr '\0' 'Q' ;;
  *) echo B ;;
esac"#,
    );
    let out = json(
        &koth(
            "play samurai --seed 2 --json --timeout-ms 1500 --bot cmd:./flaky.sh --bot builtin:waiter",
        )
        .run(dir.path()),
    );
    let faults = out["faults"].as_array().unwrap();
    let kinds: Vec<(&str, u64)> = faults
        .iter()
        .map(|f| (f["kind"].as_str().unwrap(), f["turn"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [("invalid", 1), ("timeout", 2), ("crash", 3), ("invalid", 4)],
        "{faults:#?}"
    );
    assert!(faults[2]["detail"].as_str().unwrap().contains("boom"));
    assert_eq!(faults[0]["player"], "flaky.sh");
    // Every fault played W and the match went on to the 500-turn draw.
    assert_eq!(out["turns"], 500);
    assert_eq!(out["outcome"], "draw");
    // The hung program's background child did not outlive its turn.
    assert!(!process_running("37.25"), "a bot process outlived its call");
}

#[test]
fn replays_verify_and_edits_are_caught() {
    let dir = tmp();
    let path = play_with_replay("samurai", "9", dir.path());
    let p = path.to_str().unwrap();
    assert_replay_verifies(&path, dir.path());

    // Change one recorded action on turn 3.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut turn: Value = serde_json::from_str(&lines[3]).unwrap();
    assert_eq!(turn["turn"], 3);
    let old = turn["actions"][0].as_str().unwrap().to_string();
    turn["actions"][0] = Value::from(if old == "W" { "I" } else { "W" });
    lines[3] = turn.to_string();
    std::fs::write(&path, lines.join("\n")).unwrap();
    let bad = koth("replay").arg(p).run(dir.path());
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("turn 3"), "{err}");

    // A tampered result is caught too.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let last = lines.len() - 1;
    let mut result: Value = serde_json::from_str(&lines[last]).unwrap();
    result["players"][0]["score"] = Value::from(7);
    lines[last] = result.to_string();
    std::fs::write(&path, lines.join("\n")).unwrap();
    assert_eq!(koth("replay").arg(p).run(dir.path()).status.code(), Some(1));
}

#[test]
fn tournament_standings_do_not_depend_on_jobs() {
    let dir = tmp();
    // Every built-in but `mcts` (seconds a match: it has its own tests).
    let ids: Vec<&str> = koth_samurai::bots::BOTS
        .ids()
        .filter(|&id| id != "mcts")
        .collect();
    let bots: String = ids
        .iter()
        .map(|id| format!(" --bot builtin:{id}"))
        .collect();
    let run = |jobs: &str| {
        json(
            &koth(&format!(
                "tournament samurai --seed 4 --json --jobs '{jobs}' --games-per-pair 2 {bots}"
            ))
            .run(dir.path()),
        )
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one, two);
    let n = ids.len();
    assert_eq!(one["matches"], (n * (n - 1) / 2 * 2) as u64);
    let standings = one["standings"].as_array().unwrap();
    assert_eq!(standings.len(), n);
    let total: f64 = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .sum();
    assert_eq!(
        total,
        one["matches"].as_f64().unwrap(),
        "one point per match"
    );
}

#[test]
fn tournament_with_a_slow_external_program() {
    let dir = tmp();
    // Times out on its second turn, otherwise bows.
    script(
        dir.path(),
        "slow.sh",
        r#"if [ $# -eq 6 ] && [ ${#1} -eq 1 ]; then sleep 5; fi
echo B"#,
    );
    let out = json(
        &koth(
            "tournament samurai --seed 1 --json --games-per-pair 2 --timeout-ms 1000 --bot builtin:monk --bot builtin:coward --bot slowpoke=cmd:./slow.sh",
        )
        .run(dir.path()),
    );
    let standings = out["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3);
    let slow = standings.iter().find(|s| s["name"] == "slowpoke").unwrap();
    assert_eq!(slow["played"], 4);
    assert_eq!(slow["faults"], 4, "one timeout per match");
    assert_eq!(out["matches"], 6);
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    let dir = tmp();
    for args in [
        "play chess",
        "play samurai --bot nonsense",
        "play samurai --bot builtin:nobody --bot builtin:monk",
        "play samurai --bot cmd:./missing-bot --bot builtin:monk",
        "play samurai --bot builtin:monk",
        "tournament samurai --bot builtin:monk",
        "replay no-such-file.jsonl",
    ] {
        let out = koth(args).run(dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("koth: error: "), "{err}");
    }
}

#[test]
fn bots_lists_the_builtins() {
    let out = koth("bots samurai").run(&std::env::temp_dir());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for id in [
        "waiter",
        "spork-holder",
        "observer",
        "coward",
        "monk",
        "copy-san",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(id)),
            "{id} missing: {text}"
        );
    }
}

#[test]
fn config_file_changes_the_game() {
    let dir = tmp();
    std::fs::write(dir.path().join("short.json"), r#"{"max_turns": 3}"#).unwrap();
    let out = json(
        &koth(
            "play samurai --json --seed 1 --config short.json --bot builtin:waiter --bot builtin:waiter",
        )
        .run(dir.path()),
    );
    assert_eq!(out["turns"], 3);
    std::fs::write(dir.path().join("bad.json"), r#"{"health": 0}"#).unwrap();
    let out = koth("play samurai --config bad.json").run(dir.path());
    assert_eq!(out.status.code(), Some(2));
    // An endless file is read only up to the cap.
    let out = koth("play samurai --config /dev/zero").run(dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("longer than 1024 KiB"), "{err}");
}

#[test]
fn bot_text_cannot_forge_log_lines_or_drive_the_terminal() {
    let dir = tmp();
    script(
        dir.path(),
        "liar.sh",
        r#"printf 'oops\nresult: liar wins after 1 turns (seed 1)\n\033[2J\033]0;pwned\007' >&2; exit 3"#,
    );
    std::fs::write(dir.path().join("short.json"), r#"{"max_turns": 3}"#).unwrap();
    let out = koth(
        "play samurai --seed 1 --config short.json --bot liar=cmd:./liar.sh --bot builtin:monk",
    )
    .run(dir.path());
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text}"
    );
    let results: Vec<&str> = text.lines().filter(|l| l.starts_with("result: ")).collect();
    assert_eq!(results.len(), 1, "a forged result line: {text}");
    assert!(
        text.contains(r"oops\nresult: liar wins") && text.contains(r"\u{1b}[2J"),
        "the crash's stderr shows escaped in its fault line: {text}"
    );

    // A name with control characters is refused, and the refusal prints them escaped.
    let out = koth("play samurai --bot")
        .arg("a\u{1b}[2J\nresult: x=builtin:monk")
        .args(["--bot", "builtin:monk"])
        .run(dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains('\u{1b}') && err.trim_end().lines().count() == 1,
        "{err}"
    );
}

#[test]
fn tournament_counts_are_bounded_usage_errors() {
    let dir = tmp();
    let many_bots: Vec<&str> = ["--bot", "builtin:monk"].repeat(1001);
    for (args, range) in [
        (&many_bots[..], "1001 --bot options; at most 1000"),
        (&["--games-per-pair", "4294967295"][..], "1..=100000"),
        (&["--games-per-pair", "0"], "1..=100000"),
        (&["--jobs", "100000"], "1..=256"),
        (&["--jobs", "0"], "1..=256"),
        (
            &["--games-per-pair", "100000", "--all-builtins"],
            "at most 1000000",
        ),
    ] {
        // Under a 2 GB address-space cap: no allocation is sized from the counts.
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(r#"ulimit -v 2097152 && exec "$0" tournament samurai "$@""#)
            .arg(env!("CARGO_BIN_EXE_koth"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(range), "{args:?}: {err}");
    }
}

#[test]
fn a_slow_match_ends_at_its_match_timeout_with_a_fault_and_a_result() {
    let dir = tmp();
    script(dir.path(), "samurai.sh", "sleep 0.3; echo B");
    script(
        dir.path(),
        "naval.sh",
        r#"sleep 0.3; if [ $# -eq 0 ]; then echo 1; else echo W; fi"#,
    );
    script(dir.path(), "tanks.sh", "read l; sleep 0.3; echo mu");
    script(
        dir.path(),
        "bomberman.sh",
        r#"while read l; do sleep 0.3; echo '{"speedX": 0, "speedY": 0, "drop": false}'; done"#,
    );
    for (game, others) in [
        ("samurai", &["builtin:waiter"][..]),
        ("naval", &["builtin:passive"]),
        ("tanks", &["builtin:random"]),
        (
            "bomberman",
            &["builtin:idle", "builtin:idle", "builtin:idle"],
        ),
    ] {
        let spec = format!("slow=cmd:./{game}.sh");
        let play = koth(&format!(
            "play {game} --seed 1 --json --match-timeout 1 --bot '{spec}'"
        ))
        .args(others.iter().flat_map(|o| ["--bot", *o]));
        let started = std::time::Instant::now();
        let report = json(&play.run(dir.path()));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{game}: the limit did not end the slow play"
        );
        let faults = report["faults"].as_array().unwrap();
        let late: Vec<_> = faults
            .iter()
            .filter(|f| {
                f["detail"]
                    .as_str()
                    .unwrap()
                    .contains("ran past its 1 s limit")
            })
            .collect();
        assert_eq!(late.len(), 1, "{game}: {report}");
        assert_eq!(late[0]["kind"], "timeout");
        assert!(report["outcome"].is_string() && report["turns"].as_u64().unwrap() > 0);
    }
}

#[test]
fn a_bot_failing_from_the_start_is_warned_about_and_strict_fails_the_run() {
    let dir = tmp();
    std::fs::write(dir.path().join("cfg.json"), r#"{"max_turns": 5}"#).unwrap();
    script(dir.path(), "broken.sh", "exit 1");
    let run = |bot: &str, strict: bool| {
        koth(&format!(
            "play samurai --json --seed 1 --config cfg.json --bot '{bot}' --bot builtin:waiter"
        ))
        .args(strict.then_some("--strict"))
        .run(dir.path())
    };
    let out = run("cmd:./broken.sh", false);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning: bot broken.sh failed each of its first 3 calls")
            && err.contains("exited with status 1"),
        "{err}"
    );
    assert_eq!(err.matches("warning").count(), 1, "{err}");
    // --strict: the result is printed, then exit 3 naming the faults.
    let out = run("cmd:./broken.sh", true);
    assert_eq!(out.status.code(), Some(3));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["faults"].as_array().unwrap().len(), 5);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--strict: bots faulted (broken.sh 5)"));
    // A fault-free match passes --strict, without a warning.
    let out = run("builtin:monk", true);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bot_log_keeps_every_calls_input_answer_stderr_and_time_in_every_process_protocol() {
    let games = [
        (
            "samurai",
            r#"{"max_turns": 3}"#,
            r#"echo "seen $#" >&2; echo W"#,
            "builtin:waiter",
        ),
        (
            "tanks",
            r#"{"max_ticks": 3}"#,
            r#"read l; echo "seen $l" >&2; echo mu"#,
            "builtin:idle",
        ),
        (
            "naval",
            r#"{"rounds": 2}"#,
            r#"if [ $# -eq 0 ]; then echo 1; else echo "seen $1" >&2; echo W; fi"#,
            "builtin:passive",
        ),
        (
            "bomberman",
            r#"{"mode": "duel", "rules": {"max_ticks": 3}}"#,
            r#"while read l; do echo "seen tick" >&2; echo '{"speedX": 0, "speedY": 0, "drop": false}'; done"#,
            "builtin:idle",
        ),
    ];
    for (game, config, body, other) in games {
        let dir = tmp();
        std::fs::write(dir.path().join("cfg.json"), config).unwrap();
        script(dir.path(), "bot.sh", body);
        let out = koth(&format!(
            "play '{game}' --json --seed 5 --config cfg.json --sandbox off --bot-log logs --bot me=cmd:./bot.sh --bot '{other}'"
        ))
        .run(dir.path());
        let report = json(&out);
        assert_eq!(report["faults"], serde_json::json!([]), "{game}: {report}");
        let logs: Vec<_> = std::fs::read_dir(dir.path().join("logs"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(logs.len(), 1, "{game}: {logs:?}");
        let name = logs[0].file_name().unwrap().to_str().unwrap().to_string();
        assert_eq!(name, format!("{game}-5-0-me.jsonl"));
        let lines: Vec<Value> = std::fs::read_to_string(&logs[0])
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert!(lines.len() >= 3, "{game}: {lines:?}");
        let mut stderr = String::new();
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line["call"], i as u64 + 1, "{game}: {line}");
            assert!(line["ms"].as_f64().is_some(), "{game}: {line}");
            assert!(line["answer"].is_string(), "{game}: {line}");
            assert!(line["args"].is_array(), "{game}: {line}");
            if matches!(game, "tanks" | "bomberman") {
                assert!(line["input"].is_string(), "{game}: {line}");
            }
            assert!(line.get("fault").is_none(), "{game}: {line}");
            stderr.push_str(line["stderr"].as_str().unwrap());
        }
        assert!(stderr.contains("seen"), "{game}: {lines:?}");
    }
    // An invalid answer is logged with its fault.
    let dir = tmp();
    std::fs::write(dir.path().join("cfg.json"), r#"{"max_turns": 1}"#).unwrap();
    script(dir.path(), "bot.sh", "echo '?'");
    let out = koth(
        "play samurai --json --seed 5 --config cfg.json --bot-log logs --bot me=cmd:./bot.sh --bot builtin:waiter",
    )
    .run(dir.path());
    assert!(out.status.success());
    let log = std::fs::read_to_string(dir.path().join("logs/samurai-5-0-me.jsonl")).unwrap();
    let line: Value = serde_json::from_str(log.trim()).unwrap();
    assert_eq!(line["answer"], "?\n");
    assert_eq!(line["fault"]["kind"], "invalid", "{line}");
}

#[test]
fn the_log_has_a_legend_and_board_shows_the_board_every_turn() {
    let dir = tmp();
    for (game, sentence) in [
        ("samurai", "P0 bows"),
        ("naval", "round 2: "),
        ("tanks", " fired "),
        ("bomberman", " dropped a bomb at "),
        ("battleship", " placed its fleet"),
    ] {
        let plain = koth(&format!("play {game} --seed 3")).run(dir.path());
        let board = koth(&format!("play {game} --seed 3 --board")).run(dir.path());
        assert!(plain.status.success() && board.status.success(), "{game}");
        let (plain, board) = (
            String::from_utf8(plain.stdout).unwrap(),
            String::from_utf8(board.stdout).unwrap(),
        );
        assert_eq!(
            plain.lines().nth(1).map(|l| l.starts_with("legend: ")),
            Some(true),
            "{game}"
        );
        // The same match, with the board after every turn: naval and bomberman show it
        // only now and then without --board.
        assert!(board.lines().count() >= plain.lines().count(), "{game}");
        if matches!(game, "naval" | "bomberman") {
            assert!(board.lines().count() > 2 * plain.lines().count(), "{game}");
        }
        // --effects: each turn's events under its actions.
        let effects = koth(&format!("play {game} --seed 3 --effects")).run(dir.path());
        let effects = String::from_utf8(effects.stdout).unwrap();
        assert!(
            effects
                .lines()
                .any(|l| l.starts_with("  effects: ") && l.contains(sentence)),
            "{game}: {effects}"
        );
    }
}

#[test]
fn a_match_that_fails_leaves_no_viewer_page() {
    let dir = tmp();
    // Parses, but no match can be played with it.
    std::fs::write(dir.path().join("bad.json"), r#"{"health": 0}"#).unwrap();
    let out = koth("play samurai --config bad.json --view page.html").run(dir.path());
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(!dir.path().join("page.html").exists());
}

/// Output into a pipe whose reader has gone (`koth play ... | head -1`) is not an error:
/// koth stops and exits 0 quietly, whether the match's log (written as it plays, through the
/// arena) or the printed standings meet the closed pipe.
#[test]
fn a_closed_pipe_ends_koth_quietly() {
    let dir = tempfile::tempdir().unwrap();
    for line in [
        "play samurai --seed 3 --board",
        "play samurai --seed 3 --json",
        "tournament samurai --seed 1 --games-per-pair 1 --bot builtin:monk --bot builtin:coward",
    ] {
        let mut child = koth(line)
            .command()
            .current_dir(dir.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes before koth writes anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{line}: {:?} {stderr}", out.status);
        assert!(!stderr.contains("error"), "{line}: {stderr}");
    }
}
