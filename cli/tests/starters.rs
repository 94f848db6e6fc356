//! The starter bots in `examples/` (Python 3, standard library only) each play a whole match
//! against built-ins without a single fault.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use support::{json, koth};

fn starter(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(game)
        .join("starter.py")
        .canonicalize()
        .unwrap()
}

/// Plays `game` (with a shortened `config`, to keep CI quick) with the starter in seat 0 and
/// `others`; asserts the match is fault-free.
fn plays_clean(game: &str, config: &str, spec: &str, others: &[&str], extra: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.json"), config).unwrap();
    // The bot's folder holds the starter (a sandboxed bot sees only its own folder).
    std::fs::copy(starter(game), dir.path().join("starter.py")).unwrap();
    let report = json(
        &koth(&format!(
            "play {game} --seed 3 --json --config config.json --bot '{spec}'"
        ))
        .args(others.iter().flat_map(|o| ["--bot", *o]))
        .args(extra)
        .run(dir.path()),
    );
    assert_eq!(
        report["faults"],
        serde_json::json!([]),
        "{game}: {report:#}"
    );
    assert_eq!(report["players"][0]["name"], "starter", "{report}");
}

#[test]
fn the_process_starters_play_fault_free() {
    let cmd = |_: &str| "starter=cmd:python3 starter.py".to_string();
    plays_clean(
        "samurai",
        r#"{"max_turns": 80}"#,
        &cmd("samurai"),
        &["builtin:waiter"],
        &[],
    );
    plays_clean(
        "naval",
        r#"{"rounds": 25}"#,
        &cmd("naval"),
        &["builtin:passive", "builtin:random", "builtin:hunter"],
        &[],
    );
    plays_clean(
        "tanks",
        r#"{"max_ticks": 60}"#,
        &cmd("tanks"),
        &["builtin:random", "builtin:sniper", "builtin:hunter"],
        &[],
    );
    plays_clean(
        "bomberman",
        r#"{"rules": {"max_ticks": 300}}"#,
        &cmd("bomberman"),
        &["builtin:idle", "builtin:random", "builtin:brick-breaker"],
        &[],
    );
}

/// The battleship starter's server, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_battleship_starter_serves_every_dialect_fault_free() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let _server = Server(
        Command::new("python3")
            .arg(starter("battleship"))
            .arg(port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "the starter server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let url = format!("starter=http://127.0.0.1:{port}/");
    for dialect in ["draft", "form", "json"] {
        plays_clean(
            "battleship",
            "{}",
            &url,
            &["builtin:random"],
            &["--dialect", dialect],
        );
    }
}
