//! `koth replay` checks every line: each tampering with a replay is refused with exit code 1
//! and a message naming the line and the field; a replay with faults verifies untouched.

mod support;

use std::path::Path;

use serde_json::Value;
use support::{assert_replay_verifies, json, koth, script};

/// A samurai match of 6 turns between a program that answers nonsense every third call (a
/// fault each time) and a built-in, with its replay; returns the replay's lines.
fn faulty_replay(dir: &Path) -> Vec<String> {
    std::fs::write(dir.join("short.json"), r#"{"max_turns": 6}"#).unwrap();
    script(
        dir,
        "odd.sh",
        r#"n=$(cat calls 2>/dev/null || echo 0); n=$((n + 1)); echo $n > calls
if [ $((n % 3)) = 0 ]; then echo nonsense; else echo B; fi"#,
    );
    let report = json(
        &koth(
            "play samurai --seed 5 --json --config short.json --replay game.jsonl --bot odd=cmd:./odd.sh --bot builtin:monk",
        )
        .run(dir),
    );
    assert_eq!(report["faults"].as_array().unwrap().len(), 2, "{report}");
    assert_eq!(
        report["config"]["max_turns"], 6,
        "the report records the config"
    );
    let text = std::fs::read_to_string(dir.join("game.jsonl")).unwrap();
    text.lines().map(str::to_string).collect()
}

/// Writes `lines` as the replay and runs `koth replay`; returns (exit code, stderr).
fn check(dir: &Path, lines: &[String]) -> (Option<i32>, String) {
    std::fs::write(dir.join("edited.jsonl"), lines.join("\n") + "\n").unwrap();
    let out = koth("replay edited.jsonl").run(dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn edit(lines: &[String], index: usize, f: impl FnOnce(&mut Value)) -> Vec<String> {
    let mut lines = lines.to_vec();
    let mut v: Value = serde_json::from_str(&lines[index]).unwrap();
    f(&mut v);
    lines[index] = v.to_string();
    lines
}

#[test]
fn every_tampering_is_refused_naming_the_line_and_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let lines = faulty_replay(dir);
    std::fs::write(dir.join("game.jsonl"), lines.join("\n") + "\n").unwrap();
    assert_replay_verifies(&dir.join("game.jsonl"), dir);
    let fault_lines: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with(r#"{"kind":"fault""#))
        .collect();
    assert_eq!(fault_lines.len(), 2, "one line per fault");
    let last = lines.len() - 1;
    let result_line = format!("line {}", last + 1);
    let swap_names = |v: &mut Value| {
        let p = v["players"].as_array_mut().unwrap();
        let (a, b) = (p[0]["name"].clone(), p[1]["name"].clone());
        p[0]["name"] = b;
        p[1]["name"] = a;
    };

    let cases: Vec<(&str, Vec<String>, String, &str)> = vec![
        (
            "the result's seed",
            edit(&lines, last, |v| v["seed"] = Value::from(6)),
            result_line.clone(),
            "field `seed`",
        ),
        (
            "the result's game",
            edit(&lines, last, |v| v["game"] = Value::from("naval")),
            result_line.clone(),
            "field `game`",
        ),
        (
            "the result's outcome",
            edit(&lines, last, |v| v["outcome"] = Value::from("ranking")),
            result_line.clone(),
            "field `outcome`",
        ),
        (
            "the result's config",
            edit(&lines, last, |v| v["config"]["max_turns"] = Value::from(7)),
            result_line.clone(),
            "field `config`",
        ),
        (
            "a fault's detail in the result",
            edit(&lines, last, |v| {
                v["faults"][0]["detail"] = Value::from("all fine")
            }),
            result_line.clone(),
            "field `faults`",
        ),
        (
            "a fault dropped from the result",
            edit(&lines, last, |v| {
                v["faults"].as_array_mut().unwrap().pop();
            }),
            result_line.clone(),
            "field `faults`",
        ),
        (
            "the names swapped in the result",
            edit(&lines, last, swap_names),
            result_line.clone(),
            "field `players[0].name`",
        ),
        (
            "a line after the result",
            [lines.clone(), vec![lines[1].clone()]].concat(),
            format!("line {}", last + 2),
            "after the result",
        ),
        (
            "an unknown field in the result",
            edit(&lines, last, |v| v["bonus"] = Value::from(1)),
            result_line.clone(),
            "unknown field `bonus`",
        ),
        (
            "an unknown field in a turn",
            edit(&lines, 2, |v| v["note"] = Value::from("x")),
            "line 3".to_string(),
            "unknown field `note`",
        ),
        (
            "an unknown field in the header",
            edit(&lines, 0, |v| v["signed"] = Value::from(true)),
            "line 1".to_string(),
            "unknown field `signed`",
        ),
        (
            "an unknown config key in the header",
            edit(&lines, 0, |v| v["config"]["helth"] = Value::from(5)),
            "line 1".to_string(),
            "unknown field `helth`",
        ),
        (
            "the header's seed",
            edit(&lines, 0, |v| v["seed"] = Value::from(6)),
            String::new(),
            "",
        ),
        (
            "the names swapped in the header only",
            edit(&lines, 0, |v| {
                let p = v["players"].as_array_mut().unwrap();
                p.swap(0, 1);
            }),
            String::new(),
            "",
        ),
        (
            "a fault line's player",
            edit(&lines, fault_lines[0], |v| {
                v["player"] = Value::from("monk")
            }),
            String::new(),
            "",
        ),
        (
            "a fault line moved to another turn",
            edit(&lines, fault_lines[0], |v| v["turn"] = Value::from(1)),
            format!("line {}", fault_lines[0] + 1),
            "field `turn`",
        ),
        (
            "a header naming an unknown game",
            edit(&lines, 0, |v| v["game"] = Value::from("chess")),
            "line 1".to_string(),
            "field `game`",
        ),
        (
            "a blank line",
            [
                lines[..2].to_vec(),
                vec![String::new()],
                lines[2..].to_vec(),
            ]
            .concat(),
            "line 3".to_string(),
            "blank line",
        ),
    ];
    for (what, edited, line, field) in cases {
        let (code, err) = check(dir, &edited);
        assert_eq!(code, Some(1), "{what}: {err}");
        assert!(err.contains(&line), "{what}: no {line:?} in {err}");
        assert!(err.contains(field), "{what}: no {field:?} in {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
    }

    // Swapping the names in both the header and the result leaves the fault lines naming
    // the program in seat 0, where the header now has the built-in.
    let both = edit(&lines, 0, |v| {
        v["players"].as_array_mut().unwrap().swap(0, 1)
    });
    let both = edit(&both, last, swap_names);
    let (code, err) = check(dir, &both);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("field `player`"), "{err}");
}

#[test]
fn a_huge_line_is_refused_without_reading_it_all() {
    let dir = tempfile::tempdir().unwrap();
    // `/dev/zero` is one endless line; koth reads it under a 1 GB address-space cap.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1000000; exec '{}' replay /dev/zero",
            env!("CARGO_BIN_EXE_koth")
        ))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1") && err.contains("longer than"),
        "{err}"
    );
    // A file that cannot be opened is exit code 2.
    let out = koth("replay missing.jsonl").run(dir.path());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn replays_record_external_response_times_and_still_verify() {
    let dir = tempfile::tempdir().unwrap();
    let lines = faulty_replay(dir.path());
    let turns: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["kind"] == "turn")
        .collect();
    assert_eq!(turns.len(), 6, "{lines:?}");
    for t in &turns {
        let ms = t["ms"].as_array().unwrap_or_else(|| panic!("no ms: {t}"));
        // Seat 0 is the program (timed), seat 1 the built-in (not measured).
        assert!(ms[0].as_f64().is_some_and(|m| m > 0.0), "{t}");
        assert!(ms[1].is_null(), "{t}");
    }
    // Times are not part of the game: edited, the replay still verifies.
    let index = lines.iter().position(|l| l.contains("\"ms\"")).unwrap();
    let edited = edit(&lines, index, |v| {
        v["ms"] = serde_json::json!([123.0, null])
    });
    assert_eq!(check(dir.path(), &edited).0, Some(0));
}
