//! Battleship over real HTTP on 127.0.0.1: the arena against the bot server in every dialect,
//! against deliberately broken bots (silent, garbage, 10 MB, refused, 500, bad moves), the
//! server's own behaviour, and the `koth` binary end to end.
//!
//! The broken bots are tiny raw-TCP servers started here; each stops by itself (after a
//! bounded number of connections or when the test process ends).

mod support;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

use koth_cli::arena::external::Endpoint;
use koth_cli::arena::launch::Launch;
use koth_cli::arena::report::{FaultKind, MatchReport};
use koth_cli::arena::spec::{BotSpec, SpecKind};
use koth_cli::serve::{ServeOptions, ServerHandle, serve};
use koth_cli::{MatchSetup, play_match};
use koth_engine_core::OutcomeKind;
use koth_http_battleship::{Battleship, Config, Dialect};
use serde_json::Value;
use support::koth;

fn server(bot: &str) -> ServerHandle {
    server_with(ServeOptions::new(bot))
}

fn server_with(options: ServeOptions) -> ServerHandle {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    serve(listener, options).unwrap()
}

fn builtin(id: &str) -> SpecKind {
    SpecKind::Builtin(id.to_string())
}

fn http(url: &str, dialect: Dialect, timeout_ms: u64) -> SpecKind {
    SpecKind::External {
        endpoint: Endpoint::Http(url.to_string()),
        launch: std::sync::Arc::new(Launch {
            dialect: dialect.to_string(),
            timeout: Some(Duration::from_millis(timeout_ms)),
            ..Launch::default()
        }),
    }
}

fn play(players: [(&str, SpecKind); 2], seed: u64) -> MatchReport {
    let specs: Vec<BotSpec> = players
        .into_iter()
        .map(|(name, kind)| BotSpec {
            name: name.to_string(),
            text: name.to_string(),
            kind,
        })
        .collect();
    let refs: Vec<&BotSpec> = specs.iter().collect();
    let setup = MatchSetup::<Battleship> {
        config: &Config::default(),
        seed,
        specs: &refs,
    };
    play_match::<Battleship>(&setup, None, None).unwrap()
}

fn stat(report: &MatchReport, seat: usize, key: &str) -> u64 {
    report.players[seat].stats[key].as_u64().unwrap()
}

/// A finished, fault-free match: someone sank the whole fleet.
fn assert_clean_win(report: &MatchReport) {
    assert_eq!(report.faults, vec![], "{report:?}");
    assert_eq!(report.outcome, OutcomeKind::Win);
    let winner = report.players.iter().position(|p| p.place == 1).unwrap();
    assert_eq!(stat(report, winner, "sunk"), 5);
    assert_eq!(stat(report, winner, "hits"), 17);
}

#[test]
fn the_arena_plays_whole_matches_against_the_bot_server_in_every_dialect() {
    let srv = server("hunter");
    let url = format!("{}bot", srv.url());
    for (i, dialect) in Dialect::ALL.into_iter().enumerate() {
        // The HTTP bot in each seat, against a built-in.
        let a = play(
            [
                ("remote", http(&url, dialect, 5000)),
                ("random", builtin("random")),
            ],
            i as u64,
        );
        // (Who wins is left to the bots: the server seeds its bot from the match number,
        // which derives from the runner's process id, so a lucky random may win.)
        assert_clean_win(&a);
        let b = play(
            [
                ("density", builtin("density")),
                ("remote", http(&url, dialect, 5000)),
            ],
            10 + i as u64,
        );
        assert_clean_win(&b);
        // Both sides of one match on the same server.
        let c = play(
            [
                ("left", http(&url, dialect, 5000)),
                ("right", http(&url, dialect, 5000)),
            ],
            20 + i as u64,
        );
        assert_clean_win(&c);
    }
    // Draft matches end with `act=end`, which forgets them; form and json matches have no end
    // message and stay until the idle timeout: 3 matches x (1 + 1 + 2 seats) each.
    assert_eq!(srv.open_matches(), 8);
    srv.shutdown();
}

#[test]
fn many_matches_at_once_on_one_server() {
    let srv = server("density");
    let url = srv.url();
    let threads: Vec<_> = (0..6u64)
        .map(|i| {
            let url = url.clone();
            std::thread::spawn(move || {
                let d = Dialect::ALL[i as usize % 3];
                play(
                    [("a", http(&url, d, 5000)), ("b", http(&url, d, 5000))],
                    100 + i,
                )
            })
        })
        .collect();
    for t in threads {
        assert_clean_win(&t.join().unwrap());
    }
}

// --- Broken bots ----------------------------------------------------------------------------

/// Reads one HTTP request (headers and a Content-Length body) from `s`; false at EOF.
fn read_request(s: &mut TcpStream) -> bool {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => buf.push(byte[0]),
            _ => return false,
        }
    }
    let head = String::from_utf8_lossy(&buf).to_ascii_lowercase();
    let len = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; len];
    s.read_exact(&mut body).is_ok()
}

/// A raw bot on 127.0.0.1 that answers each request with `answer(request_index)` (raw bytes
/// after the request), for at most `connections` connections. Returns its URL.
fn raw_bot(connections: usize, answer: fn(usize) -> Vec<u8>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        let mut n = 0;
        for stream in listener.incoming().take(connections) {
            let Ok(mut s) = stream else { continue };
            let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
            while read_request(&mut s) {
                let _ = s.write_all(&answer(n));
                n += 1;
            }
        }
    });
    url
}

fn response(status: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

/// Plays the broken bot at `url` as player 1 against `random` and returns the report.
fn against_broken(url: &str, dialect: Dialect, timeout_ms: u64) -> MatchReport {
    let r = play(
        [
            ("broken", http(url, dialect, timeout_ms)),
            ("random", builtin("random")),
        ],
        7,
    );
    assert_eq!(r.outcome, OutcomeKind::Win);
    assert_eq!(r.players[1].place, 1, "the broken bot loses: {r:?}");
    assert_eq!(r.faults.len(), 1, "{r:?}");
    assert_eq!(r.faults[0].player, "broken");
    r
}

#[test]
fn a_bot_that_never_answers_times_out() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        // Accept, read, say nothing; let go after 3 s.
        for stream in listener.incoming().take(4) {
            let Ok(mut s) = stream else { continue };
            std::thread::spawn(move || {
                let _ = s.set_read_timeout(Some(Duration::from_secs(3)));
                read_request(&mut s);
                std::thread::sleep(Duration::from_secs(3));
            });
        }
    });
    for dialect in [Dialect::Draft, Dialect::Json] {
        let start = Instant::now();
        let r = against_broken(&url, dialect, 300);
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "the runner did not hang"
        );
        assert_eq!(r.faults[0].kind, FaultKind::Timeout, "{r:?}");
        assert_eq!(r.faults[0].turn, 1);
    }
}

#[test]
fn a_bot_that_answers_garbage_is_invalid() {
    let url = raw_bot(8, |_| response("200 OK", b"garbage \x00\xff"));
    for dialect in Dialect::ALL {
        let r = against_broken(&url, dialect, 2000);
        assert_eq!(r.faults[0].kind, FaultKind::Invalid, "{r:?}");
        assert!(
            r.faults[0].detail.contains("garbage"),
            "{}",
            r.faults[0].detail
        );
    }
}

#[test]
fn a_bot_that_answers_10_mb_is_invalid_and_not_read_whole() {
    let url = raw_bot(4, |_| {
        let body = vec![b'['; 10 * 1024 * 1024];
        response("200 OK", &body)
    });
    let start = Instant::now();
    let r = against_broken(&url, Dialect::Draft, 5000);
    assert_eq!(r.faults[0].kind, FaultKind::Invalid, "{r:?}");
    assert!(
        r.faults[0].detail.contains("64 KiB"),
        "{}",
        r.faults[0].detail
    );
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_refused_connection_is_an_io_fault() {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let r = against_broken(&format!("http://127.0.0.1:{port}/"), Dialect::Form, 2000);
    assert_eq!(r.faults[0].kind, FaultKind::Io, "{r:?}");
}

#[test]
fn an_error_status_or_a_redirect_is_a_crash() {
    for status in ["500 Internal Server Error", "302 Found"] {
        let url = raw_bot(
            2,
            match status.as_bytes()[0] {
                b'5' => |_| response("500 Internal Server Error", b"oops"),
                _ => |_| {
                    b"HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:1/\r\nContent-Length: 0\r\n\r\n".to_vec()
                },
            },
        );
        let r = against_broken(&url, Dialect::Json, 2000);
        assert_eq!(r.faults[0].kind, FaultKind::Crash, "{r:?}");
    }
}

#[test]
fn an_invalid_placement_or_a_shot_off_the_grid_loses_with_the_reason_recorded() {
    // Valid JSON, but two ships only.
    let url = raw_bot(2, |_| response("200 OK", br#"["0,0-0,4","2,0-2,3"]"#));
    let r = against_broken(&url, Dialect::Draft, 2000);
    assert_eq!(r.faults[0].kind, FaultKind::Invalid);
    assert!(
        r.faults[0].detail.contains("invalid placement"),
        "{}",
        r.faults[0].detail
    );
    // A good placement, then a shot off the grid.
    let url = raw_bot(2, |n| {
        if n == 0 {
            response(
                "200 OK",
                br#"["0,0-0,4","2,0-2,3","4,0-4,2","6,0-6,2","8,0-8,1"]"#,
            )
        } else {
            response("200 OK", b"10,3\n")
        }
    });
    let r = against_broken(&url, Dialect::Form, 2000);
    assert_eq!(r.faults[0].kind, FaultKind::Invalid);
    assert!(
        r.faults[0].detail.contains("off the 10x10 grid"),
        "{}",
        r.faults[0].detail
    );
    assert_eq!(r.faults[0].turn, 3);
}

// --- The server -----------------------------------------------------------------------------

fn post(url: &str, content_type: &str, body: &str) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut r = agent
        .post(url)
        .header("Content-Type", content_type)
        .send(body)
        .unwrap();
    (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
}

const FORM: &str = "application/x-www-form-urlencoded";
const INIT: &str = "game=Battleship&match_id=77-1&act=init&opponent=me&width=10&height=10\
                    &ship1=0&ship2=1&ship3=2&ship4=1&ship5=1&ship6=0";

#[test]
fn the_server_answers_malformed_requests_with_400_and_a_reason() {
    let srv = server("random");
    let url = srv.url();
    let (status, text) = post(&url, FORM, "game=Battleship&match_id=nope&act=init");
    assert_eq!(status, 400);
    assert!(text.contains("match_id"), "{text}");
    let (status, text) = post(&url, "application/json", "{not json");
    assert_eq!(
        (status, text.starts_with("bad JSON")),
        (400, true),
        "{text}"
    );
    let (status, text) = post(&url, FORM, "game=Battleship&match_id=5-1&act=play");
    assert_eq!(status, 400);
    assert!(text.contains("unknown match 5"), "{text}");
    let (status, _) = post(&url, "text/html", "<p>");
    assert_eq!(status, 400);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    assert_eq!(agent.get(&url).call().unwrap().status().as_u16(), 405);
    // A good init still works, and multipart bodies too.
    let (status, text) = post(&url, FORM, INIT);
    assert_eq!(status, 200);
    assert!(text.starts_with('['), "{text}");
}

#[test]
fn the_server_reads_multipart_form_bodies() {
    let srv = server("hunter");
    let boundary = "XyZ";
    let mut body = String::new();
    for (k, v) in [
        ("game", "Battleship"),
        ("match_id", "8-2"),
        ("act", "init"),
        ("opponent", "x"),
        ("width", "6"),
        ("height", "6"),
        ("ship1", "1"),
        ("ship2", "1"),
        ("ship3", "0"),
        ("ship4", "0"),
        ("ship5", "0"),
        ("ship6", "0"),
    ] {
        body +=
            &format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n");
    }
    body += &format!("--{boundary}--\r\n");
    let (status, text) = post(
        &srv.url(),
        &format!("multipart/form-data; boundary={boundary}"),
        &body,
    );
    assert_eq!(status, 200, "{text}");
    let ships: Vec<String> = serde_json::from_str(&text).unwrap();
    assert_eq!(ships.len(), 2);
    let (status, text) = post(
        &srv.url(),
        "multipart/form-data; boundary=XyZ",
        "--XyZ\r\nbroken",
    );
    assert_eq!(status, 400, "{text}");
}

#[test]
fn the_server_can_be_restricted_to_one_dialect() {
    let srv = server_with(ServeOptions {
        dialect: Some(Dialect::Json),
        ..ServeOptions::new("random")
    });
    let (status, text) = post(&srv.url(), FORM, INIT);
    assert_eq!(status, 400);
    assert!(text.contains("speaks json"), "{text}");
    let r = play(
        [
            ("json", http(&srv.url(), Dialect::Json, 5000)),
            ("random", builtin("random")),
        ],
        3,
    );
    assert_eq!(r.faults, vec![]);
}

#[test]
fn the_server_forgets_idle_matches() {
    let srv = server_with(ServeOptions {
        idle_timeout: Duration::from_millis(200),
        ..ServeOptions::new("random")
    });
    let url = srv.url();
    assert_eq!(post(&url, FORM, INIT).0, 200);
    assert_eq!(srv.open_matches(), 1);
    std::thread::sleep(Duration::from_millis(1100));
    // Any request sweeps idle matches (at most once a second).
    let other = INIT.replace("match_id=77-1", "match_id=78-1");
    assert_eq!(post(&url, FORM, &other).0, 200);
    let (status, text) = post(&url, FORM, "game=Battleship&match_id=77-1&act=play");
    assert_eq!(status, 400);
    assert!(text.contains("unknown match 77"), "{text}");
    assert_eq!(srv.open_matches(), 1);
}

#[test]
fn the_server_shuts_down_cleanly() {
    let srv = server("random");
    let addr = srv.addr();
    assert_eq!(post(&srv.url(), FORM, INIT).0, 200);
    let start = Instant::now();
    srv.shutdown();
    assert!(start.elapsed() < Duration::from_secs(2));
    // Nobody answers any more.
    let r = play(
        [
            (
                "gone",
                http(&format!("http://{addr}/"), Dialect::Draft, 500),
            ),
            ("random", builtin("random")),
        ],
        1,
    );
    assert_eq!(r.players[1].place, 1);
}

// --- The koth binary ------------------------------------------------------------------------

#[test]
fn koth_plays_over_http_with_json_output() {
    let srv = server("hunter");
    let url = srv.url();
    for dialect in ["draft", "form", "json"] {
        let out = koth(&format!(
            "play battleship --seed 4 --json --dialect {dialect} --bot builtin:density --bot 'remote={url}' --timeout-ms 5000"
        ))
        .run(Path::new("."));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["game"], "battleship");
        assert_eq!(report["players"][1]["name"], "remote");
        assert_eq!(report["faults"], Value::Array(vec![]));
        for p in report["players"].as_array().unwrap() {
            for key in ["shots", "hits", "sunk"] {
                assert!(p["stats"][key].is_u64(), "{p}");
            }
        }
    }
}

#[test]
fn koth_play_without_bots_prints_both_boards() {
    let out = koth("play battleship --seed 9").run(Path::new("."));
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("P0") && text.contains("P1") && text.contains("result: "),
        "{text}"
    );
    assert!(
        text.contains("density") && text.contains("hunter"),
        "{text}"
    );
}

#[test]
fn koth_tournament_mixes_builtin_and_http_bots() {
    let srv = server("hunter");
    let out = koth(&format!(
        "tournament battleship --seed 2 --json --games-per-pair 4 --jobs 2 --bot builtin:random --bot 'served-hunter={}' --bot builtin:density",
        srv.url()
    ))
    .run(Path::new("."));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["matches"], 12);
    let standings = report["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3);
    assert!(standings.iter().all(|s| s["faults"] == 0), "{report}");
    // The served bot plays for real: it wins games. Not a fixed ranking: the served bot's
    // draws come from the match number, which mixes in koth's process id, so its games
    // differ from run to run, and `random` beats `hunter` now and then (3 games in 1,000 in
    // `koth tournament battleship --games-per-pair 1000`, where `hunter` beats `density` in
    // 318), so "random is last" failed about once in a few hundred runs. Losing all 8 of its
    // games here is about one run in 10^10.
    let served = standings
        .iter()
        .find(|s| s["name"] == "served-hunter")
        .expect("the served bot is ranked");
    assert!(served["wins"].as_u64().unwrap() >= 1, "{report}");
}

#[test]
fn urls_are_refused_for_games_that_do_not_play_over_http() {
    let out = koth("play samurai --bot http://127.0.0.1:9/ --bot builtin:monk").run(Path::new("."));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("do not play over HTTP"));
    let out = koth("play battleship --bot https://example.invalid/ --bot builtin:random")
        .run(Path::new("."));
    assert_eq!(out.status.code(), Some(2));
    let out = koth("serve samurai --listen 127.0.0.1:0 --bot builtin:monk").run(Path::new("."));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn koth_serve_runs_until_stopped() {
    // Port 0: `koth serve` takes a free port and says its address once it listens.
    let mut child =
        koth("serve battleship --listen 127.0.0.1:0 --bot builtin:density --dialect draft")
            .command()
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
    let (url, _stderr) = support::served_url(&mut child);
    let r = play(
        [
            ("served", http(&url, Dialect::Draft, 5000)),
            ("random", builtin("random")),
        ],
        12,
    );
    let _ = child.kill();
    let _ = child.wait();
    // (Not who wins: the served bot's seed derives from this runner's process id.)
    assert_clean_win(&r);
}

#[test]
fn a_bot_of_another_dialect_gets_a_hint_at_dialect() {
    // A json-only bot asked in draft: its first answer already fails.
    let srv = server_with(ServeOptions {
        dialect: Some(Dialect::Json),
        ..ServeOptions::new("random")
    });
    let r = play(
        [
            ("me", http(&srv.url(), Dialect::Draft, 2000)),
            ("random", builtin("random")),
        ],
        1,
    );
    let detail = &r.faults[0].detail;
    assert!(
        detail.contains("pick it with --dialect (draft, form, json; this match speaks draft)"),
        "{detail}"
    );
    // In its own dialect it plays without a fault.
    let r = play(
        [
            ("me", http(&srv.url(), Dialect::Json, 2000)),
            ("random", builtin("random")),
        ],
        1,
    );
    assert_eq!(r.faults, vec![], "{r:?}");
}
