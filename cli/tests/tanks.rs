//! End-to-end tests of `koth` with the tanks game.

mod support;

use support::{assert_replay_verifies, json, koth, play_with_replay};

use serde_json::Value;

#[test]
fn default_play_seats_six_builtins_and_ranks_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = json(&koth("play tanks --seed 8 --json").run(dir.path()));
    let players = out["players"].as_array().unwrap();
    assert_eq!(players.len(), 6);
    for p in players {
        assert!(p["stats"]["kills"].is_u64());
        assert!(p["stats"]["destroyed_at"].is_u64() || p["stats"]["destroyed_at"].is_null());
        // Survivors (never destroyed) share first place.
        if p["stats"]["destroyed_at"].is_null() {
            assert_eq!(p["place"], 1);
        }
    }
    let text = koth("play tanks --seed 8").run(dir.path());
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("turn    1:"), "{text}");
    assert!(text.contains("result: "), "{text}");
}

#[test]
fn programs_read_the_state_line_on_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("tank.sh");
    std::fs::write(
        &script,
        // (The log goes to the test's folder: the bot runs in a private copy of it.)
        format!(
            "#!/bin/sh\nread line\necho \"$line\" >> {}/seen.log\necho '  sl  '\n",
            dir.path().display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Unconfined (--sandbox off), so that its log reaches the test's folder.
    let out = json(
        &koth(
            "play tanks --seed 1 --json --bot cmd:./tank.sh --bot builtin:random --bot builtin:random --sandbox off",
        )
        .run(dir.path()),
    );
    assert_eq!(out["faults"], Value::Array(vec![]), "padded output is fine");
    let seen = std::fs::read_to_string(dir.path().join("seen.log")).unwrap();
    let first = seen.lines().next().unwrap();
    let fields: Vec<&str> = first.split(';').collect();
    assert_eq!(fields[0], "0", "its own id first");
    assert_eq!(fields[1], "3", "the grid width");
    assert_eq!(fields.len(), 2 + 3, "every living tank");
    assert!(fields[2].starts_with("0,"), "ascending ids: {first}");
}

#[test]
fn bad_tank_output_is_a_fault_and_the_tank_idles() {
    let dir = tempfile::tempdir().unwrap();
    let out = json(
        &koth(
            r#"play tanks --seed 2 --json --config cfg.json --bot "cmd:sh -c 'echo fire'" --bot builtin:idle"#,
        )
        .run(&{
            std::fs::write(dir.path().join("cfg.json"), r#"{"max_ticks": 5}"#).unwrap();
            dir.path().to_path_buf()
        }),
    );
    let faults = out["faults"].as_array().unwrap();
    assert_eq!(faults.len(), 5);
    assert!(faults.iter().all(|f| f["kind"] == "invalid"));
    assert_eq!(out["turns"], 5);
    assert_eq!(out["outcome"], "draw");
}

#[test]
fn tanks_replays_verify() {
    let dir = tempfile::tempdir().unwrap();
    let replay = play_with_replay("tanks", "4", dir.path());
    assert_replay_verifies(&replay, dir.path());
}

#[test]
fn tanks_tournament_ranks_by_average_place() {
    let dir = tempfile::tempdir().unwrap();
    let out = json(&koth("tournament tanks --seed 3 --games 6 --json").run(dir.path()));
    assert_eq!(out["matches"], 6);
    let standings = out["standings"].as_array().unwrap();
    assert_eq!(standings.len(), koth_tanks::bots::BOTS.entries.len());
    let places: Vec<f64> = standings
        .iter()
        .map(|s| s["average_place"].as_f64().unwrap())
        .collect();
    assert!(places.windows(2).all(|w| w[0] <= w[1]), "{places:?}");
    assert!(standings.iter().all(|s| s["played"] == 6));
}

#[test]
fn a_torus_too_small_for_two_tanks_is_a_usage_error_not_a_panic() {
    // Found by the `configs` fuzz target: the default line-up of an empty seat range.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tiny.json"), r#"{"side": 1}"#).unwrap();
    for args in [
        "play tanks --config tiny.json",
        "tournament tanks --config tiny.json",
    ] {
        let out = koth(args).run(dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("koth: error: "), "{args:?}: {err}");
    }
}
