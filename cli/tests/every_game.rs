//! One test over the whole game table: every game's default line-up plays and its replay
//! verifies, `koth play --seed 3` is the game of the crate's playthrough snapshot, every
//! listed built-in resolves and plays, and a default tournament runs.

mod support;

use koth_cli::games::GAMES;
use support::{assert_replay_verifies, json, koth, play_with_replay};

#[test]
fn every_game_in_the_table_plays_replays_and_runs_a_tournament() {
    let dir = tempfile::tempdir().unwrap();
    assert!(GAMES.len() >= 5);
    for game in GAMES {
        let name = game.name();
        // The default line-up plays, without faults, and its replay verifies.
        let replay = play_with_replay(name, "3", dir.path());
        assert_replay_verifies(&replay, dir.path());
        let report = json(&koth(&format!("play {name} --seed 3 --json")).run(dir.path()));
        assert_eq!(report["game"], name);
        assert_eq!(
            report["faults"].as_array().unwrap().len(),
            0,
            "{name}: {report}"
        );

        // The binary's game is the runner's game of the playthrough snapshot, turn by turn.
        let text = std::fs::read_to_string(&replay).unwrap();
        let recorded: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("{\"kind\":\"turn\""))
            .collect();
        let reference = game.reference_turns(3).unwrap();
        assert_eq!(recorded.len(), reference.len(), "{name}: turn counts");
        for (i, (a, b)) in recorded.iter().zip(&reference).enumerate() {
            assert_eq!(a, b, "{name}: turn {} differs", i + 1);
        }

        // Every listed built-in resolves as a SPEC.
        let listed = koth(&format!("bots {name}")).run(dir.path());
        assert!(listed.status.success());
        let ids: Vec<String> = String::from_utf8(listed.stdout)
            .unwrap()
            .lines()
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .collect();
        assert!(!ids.is_empty(), "{name}: no built-ins listed");
        let seats = report["players"].as_array().unwrap().len();
        // Each on the first seat, the others filled with the first listed (a search bot on
        // every seat costs seconds a match in a debug build).
        let filler = format!("builtin:{}", ids[0]);
        for id in &ids {
            let spec = format!("builtin:{id}");
            let out = json(
                &koth(&format!("play {name} --seed 1 --json"))
                    .args(["--bot", spec.as_str()])
                    .args((1..seats).flat_map(|_| ["--bot", filler.as_str()]))
                    .run(dir.path()),
            );
            assert_eq!(
                out["players"].as_array().unwrap().len(),
                seats,
                "{name} {id}"
            );
        }

        // A tournament with no --bot (every built-in) runs. Samurai's 19 built-ins make 171
        // duels, 18 of them with the search bot at about a second each in a debug build: its
        // field names every built-in but `mcts` instead.
        let field: Vec<String> = if name == "samurai" {
            ids.iter()
                .filter(|id| *id != "mcts")
                .flat_map(|id| ["--bot".to_string(), format!("builtin:{id}")])
                .collect()
        } else {
            Vec::new()
        };
        let t = json(
            &koth(&format!(
                "tournament '{name}' --games-per-pair 1 --seed 2 --json"
            ))
            .args(&field)
            .run(dir.path()),
        );
        assert_eq!(
            t["standings"].as_array().unwrap().len(),
            ids.len() - usize::from(!field.is_empty()),
            "{name}: {t}"
        );
        assert!(t["matches"].as_u64().unwrap() >= 1);
    }
}

#[test]
fn every_games_config_refuses_unknown_keys_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("typo.json"), r#"{"max_turn": 5}"#).unwrap();
    for game in GAMES {
        let name = game.name();
        let out = koth(&format!("play {name} --config typo.json")).run(dir.path());
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("unknown field `max_turn`") && err.contains("expected "),
            "{name}: {err}"
        );
    }
}

#[test]
fn every_games_printed_default_config_plays_as_the_default_game() {
    let dir = tempfile::tempdir().unwrap();
    for game in GAMES {
        let name = game.name();
        let out = koth(&format!("config {name}")).run(dir.path());
        assert!(out.status.success(), "{name}");
        let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let file = dir.path().join(format!("{name}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        let with = json(
            &koth(&format!(
                "play '{}' --seed 3 --json --config '{}'",
                name,
                file.to_str().unwrap()
            ))
            .run(dir.path()),
        );
        let without = json(&koth(&format!("play {name} --seed 3 --json")).run(dir.path()));
        assert_eq!(
            with, without,
            "{name}: the printed config is the default game"
        );
        // --json records the config played, every field (naval's records the classes the
        // programs chose before the game).
        let keys = |v: &serde_json::Value| -> Vec<String> {
            v.as_object().unwrap().keys().cloned().collect()
        };
        assert_eq!(keys(&without["config"]), keys(&printed), "{name}");
        if name != "naval" {
            assert_eq!(
                without["config"], printed,
                "{name}: --json records the config"
            );
        }
    }
}

#[test]
fn every_games_config_schema_lists_every_field_and_refuses_others() {
    let dir = tempfile::tempdir().unwrap();
    for game in GAMES {
        let name = game.name();
        let schema: serde_json::Value = serde_json::from_slice(
            &koth(&format!("config {name} --schema"))
                .run(dir.path())
                .stdout,
        )
        .unwrap();
        let config: serde_json::Value =
            serde_json::from_slice(&koth(&format!("config {name}")).run(dir.path()).stdout)
                .unwrap();
        assert_eq!(schema["additionalProperties"], false, "{name}");
        let mut fields: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
        let mut keys: Vec<&String> = config.as_object().unwrap().keys().collect();
        fields.sort();
        keys.sort();
        assert_eq!(fields, keys, "{name}");
    }
}

#[test]
fn out_of_range_config_values_are_refused_with_the_range() {
    let dir = tempfile::tempdir().unwrap();
    for (game, config, range) in [
        ("samurai", r#"{"max_turns": 1000000}"#, "1..=10000"),
        ("naval", r#"{"rounds": 1000000}"#, "1..=10000"),
        ("tanks", r#"{"max_ticks": 1000000}"#, "1..=100000"),
        (
            "bomberman",
            r#"{"rules": {"max_ticks": 10000000}}"#,
            "max_ticks",
        ),
        ("battleship", r#"{"width": 1000}"#, "1..=100"),
    ] {
        std::fs::write(dir.path().join("big.json"), config).unwrap();
        let out = koth(&format!("play {game} --config big.json")).run(dir.path());
        assert_eq!(out.status.code(), Some(2), "{game}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(range), "{game}: {err}");
    }
}
