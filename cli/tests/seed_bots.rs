//! The seed bots (`examples/seed-bots`: the contest texts' sample bots in Java, C, C++,
//! JavaScript and Python) play every process game in the sandbox without a fault. The test
//! builds them with `javac`, `gcc` and `g++` and runs them with `java`, `node` and `python3`.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::{json, koth};

fn source(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/seed-bots")
        .join(game)
}

/// Runs a build step; a missing compiler fails the test saying which.
fn build(dir: &Path, program: &str, args: &[&str]) {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{program} is needed to build the seed bots: {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A folder with the game's seed bots built (or copied, for scripts).
fn built(root: &Path, game: &str) -> PathBuf {
    let dir = root.join(game);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(source(game)).unwrap() {
        let path = entry.unwrap().path();
        let file = path.to_str().unwrap();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("java") => build(&dir, "javac", &["-d", ".", file]),
            Some("c") => build(&dir, "gcc", &["-O2", "-o", stem, file]),
            Some("cpp") => build(&dir, "g++", &["-O2", "-o", stem, file]),
            _ => {
                std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
            }
        }
    }
    dir
}

/// Plays `game` with `bots` in the sandbox; asserts the match had no fault and returns
/// its number of turns.
fn play(dir: &Path, game: &str, config: &str, bots: &[&str], env: &[(&str, &str)]) -> u64 {
    std::fs::write(dir.join("config.json"), config).unwrap();
    let out = koth(&format!(
        "play {game} --json --seed 7 --sandbox on --config config.json --workdir . --timeout-ms 5000"
    ))
    .args(bots.iter().flat_map(|bot| ["--bot", *bot]))
    .envs(env.iter().copied())
    .run(dir);
    let report = json(&out);
    assert_eq!(
        report["faults"],
        serde_json::json!([]),
        "{game} {bots:?}: {report}"
    );
    report["turns"].as_u64().unwrap()
}

#[test]
fn samurai_seed_bots_play_in_the_sandbox() {
    let root = tempfile::tempdir().unwrap();
    let dir = built(root.path(), "samurai");
    // A bot that slays the other ends the duel early: only the fault-free check matters,
    // so the duels are kept from ending by a high health.
    let config = r#"{"max_turns": 12, "health": 1000}"#;
    for pair in [
        ["monk=cmd:java Monk", "copy=cmd:./copy_san"],
        ["observer=cmd:node observer.js", "hermurai=cmd:./hermurai"],
        ["yi=cmd:python3 master_yi.py", "monk=cmd:java Monk"],
    ] {
        assert_eq!(play(&dir, "samurai", config, &pair, &[]), 12);
    }
}

#[test]
fn naval_seed_bots_play_in_the_sandbox() {
    let root = tempfile::tempdir().unwrap();
    let dir = built(root.path(), "naval");
    let bots = [
        "rnd=cmd:java RandomBot",
        "pas=cmd:java PassiveBot",
        "builtin:hunter",
    ];
    let config = r#"{"rounds": 4}"#;
    assert!(play(&dir, "naval", config, &bots, &[]) > 0);
    // Without a control group (memory capped per process, JVMs sized for it).
    assert!(play(&dir, "naval", config, &bots, &[("KOTH_CGROUP", "off")]) > 0);
}

#[test]
fn tanks_seed_bots_play_in_the_sandbox() {
    let root = tempfile::tempdir().unwrap();
    let dir = built(root.path(), "tanks");
    let bots = [
        "sample=cmd:python3 sample.py",
        "corner=cmd:./corner",
        "builtin:random",
    ];
    let config = r#"{"side": 9, "max_ticks": 30}"#;
    // The bots draw their own random moves: the game may end before its last tick.
    assert!((1..=30).contains(&play(&dir, "tanks", config, &bots, &[])));
}

#[test]
fn bomberman_seed_bots_play_in_the_sandbox() {
    let root = tempfile::tempdir().unwrap();
    let dir = built(root.path(), "bomberman");
    let config = r#"{"mode": "duel", "rules": {"max_ticks": 60}}"#;
    let bots = ["walker=cmd:java Walker", "idle=cmd:./idle"];
    assert_eq!(play(&dir, "bomberman", config, &bots, &[]), 60);
    // Without a control group the JVM runs under a 256 MB data-segment limit: koth sizes it
    // for the cap, so it still starts.
    let env = [("KOTH_CGROUP", "off")];
    assert_eq!(play(&dir, "bomberman", config, &bots, &env), 60);
}
