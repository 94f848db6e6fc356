//! `koth serve` bounded against hostile and careless clients: idle sockets past the
//! open-files limit, a flood of `init`s, slow headers and bodies. The server runs as a
//! child process (`koth serve`), so its descriptors and memory are its own.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use support::koth;

/// A `koth serve battleship` child (killed when dropped) and its URL.
struct Server {
    child: Child,
    url: String,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `koth serve` with `extra` options, under an open-files limit of `nofile`.
fn serve(bot: &str, nofile: u32, extra: &str) -> Server {
    let koth = env!("CARGO_BIN_EXE_koth");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -n {nofile} && exec {koth} serve battleship --listen 127.0.0.1:0 \
             --bot builtin:{bot} {extra}"
        ))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let url = support::served_url(&mut child).0;
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    Server { child, url, addr }
}

/// A value from the server's `/proc/PID/status`, in kB.
fn status_kb(pid: u32, key: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap()
}

fn play_against(server: &Server) -> serde_json::Value {
    let out = koth(&format!(
        "play battleship --json --seed 1 --bot 'me={}' --bot builtin:random",
        server.url
    ))
    .run(Path::new("."));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_real_match_is_served_past_300_idle_sockets_under_256_open_files() {
    let server = serve("hunter", 256, "");
    // 300 connections that never send a byte (the server's limit is 256 descriptors).
    let idle: Vec<TcpStream> = (0..300)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    let started = Instant::now();
    let report = play_against(&server);
    assert_eq!(report["faults"], serde_json::json!([]), "{report}");
    assert_eq!(report["players"][0]["name"], "me");
    assert!(started.elapsed() < Duration::from_secs(20));
    // The server closed idle connections past its cap (192 here): most of the idle
    // sockets read an end of stream.
    let mut closed = 0;
    for mut s in idle {
        s.set_read_timeout(Some(Duration::from_millis(20))).unwrap();
        if matches!(s.read(&mut [0u8; 1]), Ok(0)) {
            closed += 1;
        }
    }
    assert!(closed >= 100, "{closed} idle connections closed");
}

#[test]
fn idle_and_slow_connections_are_closed_after_the_read_timeout() {
    let server = serve("random", 1024, "--read-timeout-s 1");
    // Idle: never sends a byte. Slow headers: half a request line, then nothing.
    let mut idle = TcpStream::connect(&server.addr).unwrap();
    let mut slow = TcpStream::connect(&server.addr).unwrap();
    slow.write_all(b"POST / HTTP/1.1\r\nHost: x\r\n").unwrap();
    // Slow body: headers promise 100 bytes, 10 arrive.
    let mut body = TcpStream::connect(&server.addr).unwrap();
    body.write_all(
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"action\"",
    )
    .unwrap();
    for s in [&mut idle, &mut slow, &mut body] {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    }
    let started = Instant::now();
    let mut answer = String::new();
    body.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert_eq!(idle.read(&mut [0u8; 16]).unwrap(), 0);
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[test]
fn twenty_thousand_inits_stay_under_the_seat_cap_and_its_memory_bound() {
    // density keeps the most per seat (its shot table): without the cap these 20,000 seats
    // took 1.78 GB.
    let server = serve("density", 1024, "");
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    for i in 0..20_000 {
        let body = format!(
            "game=Battleship&match_id={i}-1&act=init&opponent=me&width=100&height=100\
             &ship1=0&ship2=1&ship3=2&ship4=1&ship5=1&ship6=0"
        );
        let mut r = agent
            .post(&server.url)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .send(&body)
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
        let _ = r.body_mut().read_to_string();
    }
    // The table keeps 1000 seats of about 90 KB: the peak stays far below the 1.77 GB
    // 20,000 seats took without a cap.
    let peak_kb = status_kb(server.child.id(), "VmHWM:");
    eprintln!("peak RSS {peak_kb} kB");
    assert!(peak_kb < 300 * 1024, "peak RSS {peak_kb} kB");
}

/// Raises this process's open-files limit to its hard limit (clients of the load tests).
fn more_open_files() {
    use nix::sys::resource::{Resource, getrlimit, setrlimit};
    let (_, hard) = getrlimit(Resource::RLIMIT_NOFILE).unwrap();
    setrlimit(Resource::RLIMIT_NOFILE, hard, hard).unwrap();
}

/// How many descriptors the process `pid` holds.
fn open_fds(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .count()
}

#[test]
fn an_oversized_body_is_refused_at_once() {
    let server = serve("random", 1024, "");
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.write_all(
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100000000\r\n\r\n{\"action\"",
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let started = Instant::now();
    let mut answer = [0u8; 12];
    s.read_exact(&mut answer).unwrap();
    assert_eq!(&answer, b"HTTP/1.1 413");
    // Not after the body's 10 s timeout (with room for a loaded machine).
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
fn a_thousand_slow_big_bodies_keep_the_server_small_while_a_match_plays() {
    more_open_files();
    let server = serve("hunter", 4096, "");
    // 1000 connections in 10 threads: half declare a 4 MiB body, half send theirs as one
    // chunk of 4 MiB (no length); each streams up to 2 MiB of it, as fast as the server
    // takes it, for 3 seconds.
    let attackers: Vec<_> = (0..10)
        .map(|t| {
            let addr = server.addr.clone();
            std::thread::spawn(move || {
                let mut conns: Vec<(TcpStream, usize)> = (0..100)
                    .filter_map(|i| {
                        let mut s = TcpStream::connect(&addr).ok()?;
                        let head = if (t + i) % 2 == 0 {
                            "Content-Length: 4194304\r\n\r\n"
                        } else {
                            "Transfer-Encoding: chunked\r\n\r\n400000\r\n"
                        };
                        s.write_all(
                            format!(
                                "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{head}"
                            )
                            .as_bytes(),
                        )
                        .ok()?;
                        s.set_nonblocking(true).ok()?;
                        Some((s, 0))
                    })
                    .collect();
                let body = vec![b'x'; 64 * 1024];
                let started = Instant::now();
                while !conns.is_empty()
                    && started.elapsed() < Duration::from_secs(3)
                {
                    conns.retain_mut(|(s, sent)| {
                        let left = (2 << 20) - *sent;
                        match s.write(&body[..left.min(body.len())]) {
                            Ok(n) => {
                                *sent += n;
                                *sent < 2 << 20
                            }
                            Err(e) => e.kind() == std::io::ErrorKind::WouldBlock,
                        }
                    });
                    std::thread::sleep(Duration::from_millis(1));
                }

            })
        })
        .collect();
    let report = play_against(&server);
    assert_eq!(report["faults"], serde_json::json!([]), "{report}");
    for a in attackers {
        a.join().unwrap();
    }
    let peak_kb = status_kb(server.child.id(), "VmHWM:");
    eprintln!("peak RSS {peak_kb} kB");
    assert!(peak_kb < 300 * 1024, "peak RSS {peak_kb} kB");
}

#[test]
fn connections_still_sending_their_headers_count_toward_the_cap() {
    more_open_files();
    // The server's cap: 1024 connections (its open-files limit is 4096).
    let server = serve("random", 4096, "");
    let pid = server.child.id();
    let before = open_fds(pid);
    let mut held = Vec::new();
    for _ in 0..3000 {
        if let Ok(mut s) = TcpStream::connect(&server.addr) {
            let _ = s.write_all(b"POST / HTTP/1.1\r\nHost: x\r\n");
            held.push(s);
        }
    }
    assert!(held.len() >= 2900, "{} connected", held.len());
    // The server closes what is over its cap as it gets to it.
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut open = open_fds(pid);
    while open > before + 1024 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        open = open_fds(pid);
    }
    assert!(
        open <= before + 1024,
        "{open} descriptors open ({before} before)"
    );
}
