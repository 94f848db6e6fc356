//! End-to-end tests of `koth` with the naval game.

mod support;

use support::{assert_replay_verifies, json, koth, play_with_replay, script};

use std::path::Path;

use serde_json::Value;

#[test]
fn default_play_is_a_six_ship_game_with_stats() {
    let dir = tempfile::tempdir().unwrap();
    let out = json(&koth("play naval --seed 5 --json").run(dir.path()));
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
    let log = koth("play naval --seed 5").run(dir.path());
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
    // The state file is created empty in the bot's private folder before the game, whatever
    // the bot's own folder holds.
    std::fs::write(dir.path().join("captain.txt"), "old game").unwrap();
    let log = dir.path().join("calls.log");
    script(
        dir.path(),
        "ship.sh",
        &format!(
            r#"if [ $# -eq 0 ]; then
  [ -f captain.txt ] && [ ! -s captain.txt ] || {{ echo 9; exit 0; }}
  echo " 3 "; exit 0
fi
echo "$#|$1" >> captain.txt
echo "$#|$1|$(wc -l < captain.txt)" >> {}
echo "S??M""#,
            log.display()
        ),
    );
    // Unconfined (--sandbox off), so that its log reaches the test's folder.
    let out = json(
        &koth(
            "play naval --seed 3 --json --bot captain=cmd:./ship.sh --bot builtin:passive --bot builtin:random --sandbox off",
        )
        .run(dir.path()),
    );
    assert_eq!(out["players"][0]["stats"]["class"], "Cruiser");
    let calls = std::fs::read_to_string(&log).unwrap();
    let first = calls.lines().next().unwrap();
    let fields: Vec<&str> = first.split('|').collect();
    assert_eq!(fields[0], "1", "one argument");
    let line: Vec<&str> = fields[1].split(';').collect();
    assert_eq!(line.len(), 8, "{first}");
    assert_eq!(line[1], "0", "its seat");
    assert_eq!(line[7].len(), 361, "the 19 x 19 map");
    // The state file persists across the calls of the game.
    let counts: Vec<&str> = calls
        .lines()
        .map(|l| l.rsplit('|').next().unwrap())
        .collect();
    assert_eq!(counts[..3], ["1", "2", "3"], "{calls}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("captain.txt")).unwrap(),
        "old game",
        "the bot's own folder is untouched"
    );
    // `??` is malformed: recorded as an invalid fault while `S` and `M` still run.
    let faults = out["faults"].as_array().unwrap();
    assert!(!faults.is_empty());
    assert!(
        faults
            .iter()
            .all(|f| f["kind"] == "invalid" && f["player"] == "captain")
    );
}

/// Every file under `dir` (links as links) with its contents.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let meta = path.symlink_metadata().unwrap();
        let content = if meta.is_symlink() {
            format!("-> {}", std::fs::read_link(&path).unwrap().display())
        } else if meta.is_dir() {
            format!("{:?}", snapshot(&path))
        } else {
            String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned()
        };
        out.push((entry.file_name().to_string_lossy().into_owned(), content));
    }
    out.sort();
    out
}

#[test]
fn names_like_paths_truncate_nothing() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("bot");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(root.path().join("notes.txt"), "notes").unwrap();
    std::fs::write(root.path().join("victim.txt"), "victim").unwrap();
    // Class 3 when the call has no protocol argument (the fixed `config` word aside).
    script(
        &dir,
        "ship.sh",
        r#"[ "$1" = config ] && shift
[ $# -eq 0 ] && { echo 3; exit 0; }
echo W"#,
    );
    std::fs::write(dir.join("config.txt"), "precious").unwrap();
    std::os::unix::fs::symlink("../victim.txt", dir.join("me.txt")).unwrap();
    let before = (snapshot(root.path()), snapshot(&dir));

    // Names are display text: a name that reads as a path keeps it in the report, and its
    // state file is the name made safe (`_notes.txt`), inside the bot's private folder.
    let abs = root.path().join("notes").display().to_string();
    for name in ["../notes", abs.as_str()] {
        let out = json(
            &koth(&format!(
                "play naval --seed 4 --json --bot '{name}=cmd:./ship.sh' --bot builtin:passive"
            ))
            .run(&dir),
        );
        assert_eq!(out["players"][0]["name"], name, "{out}");
    }
    // A planted link named like the state file, and a name derived from the command line.
    for bot in ["me=cmd:./ship.sh", "cmd:./ship.sh config"] {
        let out = json(
            &koth(&format!(
                "play naval --seed 4 --json --bot '{bot}' --bot builtin:passive"
            ))
            .run(&dir),
        );
        assert!(out["players"][0]["stats"]["class"].is_string(), "{out}");
    }
    assert_eq!((snapshot(root.path()), snapshot(&dir)), before);
}

#[test]
fn a_stateful_bot_plays_the_same_tournament_with_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    // Deterministic, but every answer depends on the calls made so far in its state file.
    script(
        dir.path(),
        "stateful.sh",
        r#"f="$1.txt"
n=$(cat "$f" 2>/dev/null | wc -l)
echo x >> "$f"
if [ $# -eq 1 ]; then echo $(( n % 5 + 1 )); exit 0; fi
case $(( n % 4 )) in 0) echo M;; 1) echo C;; 2) echo MM;; *) echo F+1+0;; esac"#,
    );
    let before = snapshot(dir.path());
    let run = |jobs: &str| {
        let out = koth(&format!(
            "tournament naval --seed 9 --games 6 --jobs '{jobs}' --json --bot 'sb=cmd:./stateful.sh sb' --bot builtin:hunter --bot builtin:random"
        ))
        .run(dir.path());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(run("2"), one);
    assert_eq!(
        snapshot(dir.path()),
        before,
        "the bot's own folder is untouched"
    );
    let out: Value = serde_json::from_str(&one).unwrap();
    assert_eq!(out["standings"].as_array().unwrap().len(), 3);
}

#[test]
fn a_bad_class_choice_leaves_the_player_without_a_ship() {
    let dir = tempfile::tempdir().unwrap();
    script(dir.path(), "bad.sh", "echo 7");
    let out = json(
        &koth(
            "play naval --seed 1 --json --bot cmd:./bad.sh --bot builtin:hunter --bot builtin:peacemaker",
        )
        .run(dir.path()),
    );
    let p = &out["players"][0];
    assert_eq!(p["score"].as_f64(), Some(0.0));
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

    let out = json(&koth("tournament naval --seed 2 --games 4 --json").run(dir.path()));
    assert_eq!(out["matches"], 4);
    let standings = out["standings"].as_array().unwrap();
    let points: Vec<f64> = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    assert!(standings.iter().all(|s| s["played"] == 4));
}

#[test]
fn the_2017_profile_plays_verifies_and_differs_from_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let play = |extra: &[&str], replay: &str| {
        json(
            &koth(&format!("play naval --seed 3 --json --replay '{replay}'"))
                .args(extra)
                .run(dir.path()),
        )
    };
    let profiled = play(&["--profile", "hitmaster2017"], "p.jsonl");
    let replay = dir.path().join("p.jsonl");
    assert_replay_verifies(&replay, dir.path());
    let header = std::fs::read_to_string(&replay).unwrap();
    let header: Value = serde_json::from_str(header.lines().next().unwrap()).unwrap();
    assert_eq!(header["config"]["profile"], "hitmaster2017", "{header}");
    // The same seed and bots under the rules end otherwise; `--profile rules` is the default.
    let rules = play(&[], "r.jsonl");
    assert_ne!(profiled["players"], rules["players"]);
    assert_eq!(
        play(&["--profile", "rules"], "r2.jsonl")["players"],
        rules["players"]
    );
    // Unknown profiles, and games without profiles, are usage errors.
    for (game, profile, says) in [
        ("naval", "hitmaster2018", "unknown variant"),
        ("samurai", "rules", "samurai has no profiles"),
    ] {
        let out = koth(&format!("play {game} --profile {profile}")).run(dir.path());
        assert_eq!(out.status.code(), Some(2), "{game} {profile}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn under_the_2017_profile_programs_are_read_as_the_controller_read_them() {
    // "4 Battleship ready" chose a Battleship in 2017 (the first word counts), and chooses no
    // ship under the rules.
    let dir = tempfile::tempdir().unwrap();
    script(
        dir.path(),
        "chatty.sh",
        r#"[ $# -eq 0 ] && { echo "4 Battleship ready"; exit 0; }
echo W"#,
    );
    let play = |profile: &str| {
        json(
            &koth(&format!(
                "play naval --seed 8 --json --profile '{profile}' --bot chatty=cmd:./chatty.sh --bot builtin:passive"
            ))
            .run(dir.path()),
        )
    };
    let old = play("hitmaster2017");
    assert_eq!(old["players"][0]["stats"]["class"], "Battleship", "{old}");
    let new = play("rules");
    assert_eq!(new["players"][0]["stats"]["class"], Value::Null, "{new}");
}
