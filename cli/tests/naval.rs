//! End-to-end tests of `koth` with the naval game.

mod common;

use common::{assert_replay_verifies, json, koth, play_with_replay, script};

use serde_json::Value;

#[test]
fn default_play_is_a_six_ship_game_with_stats() {
    let dir = tempfile::tempdir().unwrap();
    let out = json(&koth(
        &["play", "naval", "--seed", "5", "--json"],
        dir.path(),
    ));
    let players = out["players"].as_array().unwrap();
    assert_eq!(players.len(), 6);
    for p in players {
        let s = &p["stats"];
        for key in ["hits", "sunken", "damage"] {
            assert!(s[key].is_u64(), "{key}: {s}");
        }
        assert!(s["alive"].is_boolean());
        assert!(s["class"].is_string());
    }
    let log = koth(&["play", "naval", "--seed", "5"], dir.path());
    let text = String::from_utf8(log.stdout).unwrap();
    assert!(
        text.contains("round 1 of 100"),
        "the sea is printed at the start"
    );
    assert!(text.contains("result: "));
}

#[test]
fn programs_choose_a_class_then_read_one_argument_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    // The state file from an earlier game must be emptied before this one.
    std::fs::write(dir.path().join("captain.txt"), "old game").unwrap();
    script(
        dir.path(),
        "ship.sh",
        r#"if [ $# -eq 0 ]; then
  [ -s captain.txt ] && echo 9 && exit 0
  echo " 3 "; exit 0
fi
echo "$#|$1" >> captain.txt
echo "S??M""#,
    );
    let out = json(&koth(
        &[
            "play",
            "naval",
            "--seed",
            "3",
            "--json",
            "--bot",
            "captain=cmd:./ship.sh",
            "--bot",
            "builtin:passive",
            "--bot",
            "builtin:random",
        ],
        dir.path(),
    ));
    assert_eq!(out["players"][0]["stats"]["class"], "Cruiser");
    let calls = std::fs::read_to_string(dir.path().join("captain.txt")).unwrap();
    let first = calls.lines().next().unwrap();
    let (argc, line) = first.split_once('|').unwrap();
    assert_eq!(argc, "1", "one argument");
    let fields: Vec<&str> = line.split(';').collect();
    assert_eq!(fields.len(), 8, "{line}");
    assert_eq!(fields[1], "0", "its seat");
    assert_eq!(fields[7].len(), 361, "the 19 x 19 map");
    // `??` is malformed: recorded as an invalid fault while `S` and `M` still run.
    let faults = out["faults"].as_array().unwrap();
    assert!(!faults.is_empty());
    assert!(
        faults
            .iter()
            .all(|f| f["kind"] == "invalid" && f["player"] == "captain")
    );
}

#[test]
fn a_bad_class_choice_leaves_the_player_without_a_ship() {
    let dir = tempfile::tempdir().unwrap();
    script(dir.path(), "bad.sh", "echo 7");
    let out = json(&koth(
        &[
            "play",
            "naval",
            "--seed",
            "1",
            "--json",
            "--bot",
            "cmd:./bad.sh",
            "--bot",
            "builtin:hunter",
            "--bot",
            "builtin:peacemaker",
        ],
        dir.path(),
    ));
    let p = &out["players"][0];
    assert_eq!(p["score"], 0);
    assert_eq!(p["stats"]["class"], Value::Null);
    assert_eq!(p["stats"]["alive"], false);
    let f = &out["faults"][0];
    assert_eq!(f["turn"], 0);
    assert_eq!(f["kind"], "invalid");
    assert_eq!(
        out["faults"].as_array().unwrap().len(),
        1,
        "it is never asked again"
    );
}

#[test]
fn naval_replays_verify_and_tournaments_total_scores() {
    let dir = tempfile::tempdir().unwrap();
    let replay = play_with_replay("naval", "6", dir.path());
    assert_replay_verifies(&replay, dir.path());

    let out = json(&koth(
        &[
            "tournament",
            "naval",
            "--seed",
            "2",
            "--games",
            "4",
            "--json",
        ],
        dir.path(),
    ));
    assert_eq!(out["matches"], 4);
    let standings = out["standings"].as_array().unwrap();
    let points: Vec<f64> = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    assert!(standings.iter().all(|s| s["played"] == 4));
}
