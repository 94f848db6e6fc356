//! `koth view` and `koth play --view`: the viewer page of every game, driven in a headless
//! Chromium. The page must load with no console message, open at the turn its address names
//! (`#turn=N`) and draw there exactly the engine's state after turn N (its scene's cells and
//! pieces, its text), computed here by the engine itself; a screenshot must not be blank.
//!
//! Chromium comes from Debian's `chromium` package (`.ci/run` installs it). Without it the
//! browser test fails; `KOTH_SKIP_BROWSER=1` skips it on a machine that has none.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use koth_cli::CliGame;
use koth_engine_core::Contest;
use koth_engine_core::runner::{self, Observer, Options, Turn};
use koth_engine_core::scene::Scene;
use support::koth;

/// The engine's text and scene after turn `n` of the default line-up's game with `seed` and
/// the default config (the game `koth play GAME --seed SEED` plays).
fn state_after<G: CliGame>(seed: u64, n: u32) -> (String, Scene) {
    struct At<G>(u32, Option<(String, Scene)>, std::marker::PhantomData<G>);
    impl<G: Contest> Observer<G> for At<G> {
        fn turn(&mut self, turn: &Turn<G>, game: &G) {
            if turn.turn == self.0 {
                self.1 = Some((game.render(), game.scene()));
            }
        }
    }
    let config = G::Config::default();
    let lineup = G::bots().lineup(G::seats(&config));
    let mut seats = runner::builtin_seats::<G>(&lineup).unwrap();
    let mut at = At::<G>(n, None, std::marker::PhantomData);
    runner::play(&config, seed, &mut seats, Options::default(), &mut at).unwrap();
    at.1.unwrap_or_else(|| panic!("{}: the game is over before turn {n}", G::NAME))
}

fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("KOTH_CHROMIUM") {
        return Some(path.into());
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .map(PathBuf::from)
}

/// Runs headless Chromium on `page` with `args` (`--dump-dom`, `--screenshot=...`); its
/// standard output and error. Its profile stays in `dir`.
fn browse(browser: &Path, dir: &Path, page: &str, args: &[&str]) -> (String, String) {
    let out = Command::new("timeout")
        .arg("120")
        .arg(browser)
        .args(support::words("--headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --window-size=1200,900 --enable-logging=stderr --v=0"))
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .args(args)
        .arg(page)
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "chromium failed: {out:?}");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The attributes of each element of the DOM whose opening tag contains `marker`, in order.
fn elements(dom: &str, marker: &str) -> Vec<Vec<(String, String)>> {
    let mut found = Vec::new();
    for (at, _) in dom.match_indices(marker) {
        let start = dom[..at].rfind('<').unwrap();
        let end = at + dom[at..].find('>').unwrap();
        let tag = &dom[start..end];
        let mut attrs = Vec::new();
        let mut rest = tag;
        while let Some(eq) = rest.find("=\"") {
            let name = rest[..eq].rsplit(' ').next().unwrap().to_string();
            let value_end = eq + 2 + rest[eq + 2..].find('"').unwrap();
            attrs.push((name, unescape(&rest[eq + 2..value_end])));
            rest = &rest[value_end + 1..];
        }
        found.push(attrs);
    }
    found
}

fn attr<'a>(attrs: &'a [(String, String)], name: &str) -> &'a str {
    attrs
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no attribute {name} in {attrs:?}"))
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Checks the page at turn `n` against the engine's state after turn `n`.
fn check_turn<G: CliGame>(browser: &Path, dir: &Path, page: &Path, seed: u64, n: u32) {
    let name = G::NAME;
    let url = format!("file://{}#turn={n}", page.display());
    let (dom, log) = browse(browser, dir, &url, &["--dump-dom"]);
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "{name}: console messages {console:?}");
    assert!(!dom.contains("data-error"), "{name}: the page failed");
    assert!(
        dom.contains(&format!("<body data-turn=\"{n}\"")),
        "{name}: the page is not at turn {n}"
    );

    let (text, scene) = state_after::<G>(seed, n);
    let pre_start = dom.find("<pre id=\"text\">").expect("the text element") + 15;
    let pre_end = pre_start + dom[pre_start..].find("</pre>").unwrap();
    assert_eq!(
        unescape(&dom[pre_start..pre_end]),
        text,
        "{name}: the text at turn {n}"
    );

    let cells: String = elements(&dom, "data-cell=")
        .iter()
        .map(|a| attr(a, "data-cell"))
        .collect();
    let expected: String = scene.boards.iter().map(|b| b.cells.as_str()).collect();
    assert_eq!(cells, expected, "{name}: the cells at turn {n}");

    let drawn = elements(&dom, "class=\"piece\"");
    assert_eq!(
        drawn.len(),
        scene.pieces.len(),
        "{name}: pieces at turn {n}"
    );
    for (d, p) in drawn.iter().zip(&scene.pieces) {
        let seat = p.seat.map_or(String::new(), |s| s.to_string());
        assert_eq!(attr(d, "data-mark"), p.mark.to_string(), "{name}: {p:?}");
        assert_eq!(
            attr(d, "data-x").parse::<f32>().unwrap(),
            p.x,
            "{name}: {p:?}"
        );
        assert_eq!(
            attr(d, "data-y").parse::<f32>().unwrap(),
            p.y,
            "{name}: {p:?}"
        );
        assert_eq!(attr(d, "data-seat"), seat, "{name}: {p:?}");
        assert_eq!(attr(d, "data-label"), p.label, "{name}: {p:?}");
    }

    let meters = elements(&dom, "data-meter=");
    assert_eq!(
        meters.len(),
        scene.meters.len(),
        "{name}: meters at turn {n}"
    );
}

/// A screenshot of the page at turn `n`, checked not blank: at least a fiftieth of its pixels
/// differ from the page's background (a blank page has none) and it has many colours. Kept in the test's folder.
fn check_screenshot(browser: &Path, dir: &Path, page: &Path, n: u32, name: &str) -> PathBuf {
    let png = dir.join(format!("{name}.png"));
    let url = format!("file://{}#turn={n}", page.display());
    browse(
        browser,
        dir,
        &url,
        &[&format!("--screenshot={}", png.display())],
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| &p[..3])
        .collect();
    let background = [0xfa, 0xfa, 0xfa];
    let drawn = pixels.iter().filter(|p| **p != background).count();
    let colours: std::collections::HashSet<&[u8]> = pixels.iter().copied().collect();
    assert!(
        drawn * 50 >= pixels.len(),
        "{name}: the screenshot is blank ({drawn} of {} pixels drawn)",
        pixels.len()
    );
    assert!(colours.len() >= 8, "{name}: {} colours", colours.len());
    png
}

fn game_pages<G: CliGame>(browser: Option<&Path>, dir: &Path) {
    let name = G::NAME;
    let seed = 5u64;
    let replay = dir.join(format!("{name}.jsonl"));
    let played = dir.join(format!("{name}-played.html"));
    let out = koth(&format!(
        "play '{}' --seed 5 --replay '{}' --view '{}'",
        name,
        replay.to_str().unwrap(),
        played.to_str().unwrap()
    ))
    .run(dir);
    assert!(out.status.success(), "{name}: {out:?}");
    // `koth view` writes the same page from the replay, by default beside it.
    let out = koth("view").arg(&replay).run(dir);
    assert!(out.status.success(), "{name}: {out:?}");
    let viewed = replay.with_extension("html");
    assert_eq!(
        std::fs::read(&viewed).unwrap(),
        std::fs::read(&played).unwrap(),
        "{name}: koth view and koth play --view differ"
    );
    let html = std::fs::read_to_string(&viewed).unwrap();
    for remote in ["src=\"http", "href=\"http", "url(http", "<link", "import("] {
        assert!(!html.contains(remote), "{name}: the page loads {remote}...");
    }
    if let Some(browser) = browser {
        check_turn::<G>(browser, dir, &viewed, seed, 7);
        check_screenshot(browser, dir, &viewed, 7, name);
    }
}

#[test]
fn every_game_has_a_viewer_page_that_shows_each_turn_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let skip = std::env::var_os("KOTH_SKIP_BROWSER").is_some_and(|v| v == "1");
    let browser = chromium();
    assert!(
        browser.is_some() || skip,
        "no Chromium found: install Debian's chromium (apt-get install chromium), name it \
         with KOTH_CHROMIUM, or skip the browser test with KOTH_SKIP_BROWSER=1"
    );
    let browser = browser.filter(|_| !skip);
    let b = browser.as_deref();
    game_pages::<koth_samurai::Samurai>(b, dir.path());
    game_pages::<koth_naval::Naval>(b, dir.path());
    game_pages::<koth_tanks::Tanks>(b, dir.path());
    game_pages::<koth_bomberman::Bomberman>(b, dir.path());
    game_pages::<koth_http_battleship::Battleship>(b, dir.path());
}

#[test]
fn a_replay_that_does_not_verify_has_no_page() {
    let dir = tempfile::tempdir().unwrap();
    let replay = dir.path().join("tanks.jsonl");
    let out = koth(&format!(
        "play tanks --seed 2 --replay '{}'",
        replay.to_str().unwrap()
    ))
    .run(dir.path());
    assert!(out.status.success());
    let text = std::fs::read_to_string(&replay).unwrap();
    // Turn 3's first action is changed: the engine then plays another game.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let turn3 = lines
        .iter()
        .position(|l| l.contains("\"turn\":3,"))
        .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&lines[turn3]).unwrap();
    let first = v["actions"][0].as_str().unwrap();
    v["actions"][0] = serde_json::Value::from(if first == "su" { "sd" } else { "su" });
    lines[turn3] = v.to_string();
    std::fs::write(&replay, lines.join("\n") + "\n").unwrap();
    let out = koth("view")
        .arg(&replay)
        .args(["-o", "page.html"])
        .run(dir.path());
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("turn 3"),
        "{out:?}"
    );
    assert!(!dir.path().join("page.html").exists());

    // The page never overwrites its replay.
    let same = dir.path().join("same.html");
    std::fs::write(&same, text).unwrap();
    let out = koth("view").arg(&same).run(dir.path());
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("overwrite"),
        "{out:?}"
    );
}

#[test]
fn view_writes_to_standard_output_with_a_dash() {
    let dir = tempfile::tempdir().unwrap();
    let replay = dir.path().join("samurai.jsonl");
    let out = koth(&format!(
        "play samurai --seed 4 --replay '{}'",
        replay.to_str().unwrap()
    ))
    .run(dir.path());
    assert!(out.status.success());
    let out = koth("view").arg(&replay).args(["-o", "-"]).run(dir.path());
    assert!(out.status.success(), "{out:?}");
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("\"game\":\"samurai\""));
    assert!(!page.contains("__KOTH_DATA__"));
}
