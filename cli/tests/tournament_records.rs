//! Tournament records (`--out DIR`, `--replays`), resuming (`--resume DIR`) after a kill or an
//! interruption, and the standings' ratings and head-to-head table.

mod support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::{assert_replay_verifies, json, koth, script};

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn records_hold_every_match_and_every_replay_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("records");
    let report = json(
        &koth(&format!(
            "tournament samurai --seed 9 --games-per-pair 2 --bot builtin:monk --bot builtin:coward --bot builtin:waiter --out '{}' --replays --json",
            out.to_str().unwrap()
        ))
        .run(dir.path()),
    );
    assert_eq!(report["matches"], 6);
    let setup: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("tournament.json")).unwrap())
            .unwrap();
    assert_eq!(setup["game"], "samurai");
    assert_eq!(setup["seed"], 9);
    assert_eq!(
        setup["bots"],
        serde_json::json!(["monk", "coward", "waiter"])
    );
    let records = lines(&out.join("matches.jsonl"));
    let mut indices: Vec<u64> = records
        .iter()
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    indices.sort();
    assert_eq!(indices, [0, 1, 2, 3, 4, 5]);
    for r in &records {
        let result = &r["result"];
        let seats: Vec<usize> = r["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        for (seat, &bot) in seats.iter().enumerate() {
            assert_eq!(result["players"][seat]["name"], setup["bots"][bot], "{r}");
        }
        assert!(
            result["seed"].is_u64() && result["config"].is_object(),
            "{r}"
        );
        assert!(r["duration_ms"].as_f64().unwrap() >= 0.0);
        // Each match's replay verifies and holds the recorded result.
        let replay = out.join("replays").join(format!("{}.jsonl", r["index"]));
        assert_replay_verifies(&replay, dir.path());
        let last = lines(&replay).pop().unwrap();
        assert_eq!(last["kind"], "result");
        assert_eq!(last["seed"], result["seed"]);
        assert_eq!(last["players"], result["players"]);
    }
    // The standings file is the printed report.
    let standings: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("standings.json")).unwrap())
            .unwrap();
    assert_eq!(standings, report);
    assert_eq!(report["rating_model"], "elo");
    let h2h = &report["head_to_head"];
    assert_eq!(h2h["names"].as_array().unwrap().len(), 3);
    for i in 0..3 {
        for j in 0..3 {
            let games = h2h["games"][i][j].as_u64().unwrap();
            assert_eq!(games, if i == j { 0 } else { 2 }, "{h2h}");
            let (a, b) = (
                h2h["score"][i][j].as_f64().unwrap(),
                h2h["score"][j][i].as_f64().unwrap(),
            );
            assert_eq!(a + b, games as f64, "{h2h}");
        }
    }
    for s in report["standings"].as_array().unwrap() {
        assert!(
            s["rating"].is_f64() && s["margin"].as_f64().unwrap() > 0.0,
            "{s}"
        );
    }

    // The same folder is not overwritten; --replays needs a folder.
    let again = koth(&format!(
        "tournament samurai --seed 9 --out '{}'",
        out.to_str().unwrap()
    ))
    .run(dir.path());
    assert_eq!(again.status.code(), Some(2), "{again:?}");
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("--resume"),
        "{again:?}"
    );
    let no_dir = koth("tournament samurai --replays").run(dir.path());
    assert_eq!(no_dir.status.code(), Some(2), "{no_dir:?}");
}

/// A free-for-all tournament rates with a Plackett-Luce fit of the places (LOS included) and
/// counts every two bots of a match as a meeting.
#[test]
fn free_for_all_records_rate_and_meet() {
    let dir = tempfile::tempdir().unwrap();
    let report = json(&koth("tournament tanks --seed 4 --games 3 --json").run(dir.path()));
    assert_eq!(report["rating_model"], "plackett-luce");
    assert_eq!(report["prior_draws"], 2.0);
    let n = report["standings"].as_array().unwrap().len();
    let h2h = &report["head_to_head"];
    for i in 0..n {
        for j in 0..n {
            let games = h2h["games"][i][j].as_u64().unwrap();
            let (a, b) = (
                h2h["score"][i][j].as_f64().unwrap(),
                h2h["score"][j][i].as_f64().unwrap(),
            );
            assert_eq!(a + b, games as f64, "{h2h}");
        }
    }
    let rows = report["standings"].as_array().unwrap();
    for (i, s) in rows.iter().enumerate() {
        assert!(s["margin"].as_f64().unwrap() > 0.0, "{s}");
        // A LOS over the next row, on every row but the last.
        assert_eq!(s.get("los").is_some(), i + 1 < rows.len(), "{s}");
    }
}

/// Every built-in of `game` but the search bot `mcts` (seconds a match in a debug build; it has
/// its own tests), as `--bot` options.
fn quick_field(game: &str) -> String {
    let ids: Vec<&str> = match game {
        "samurai" => koth_samurai::bots::BOTS.ids().collect(),
        "battleship" => koth_http_battleship::bots::BOTS.ids().collect(),
        "tanks" => koth_tanks::bots::BOTS.ids().collect(),
        "bomberman" => koth_bomberman::bots::BOTS.ids().collect(),
        "naval" => koth_naval::bots::BOTS.ids().collect(),
        _ => return String::new(),
    };
    ids.iter()
        .filter(|&&id| id != "mcts")
        .map(|id| format!("--bot builtin:{id} "))
        .collect()
}

/// The standings read back from records whose lines were shuffled are the standings of the
/// run, for every game; and the prior is the one asked for.
#[test]
fn shuffled_records_give_the_same_standings_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["samurai", "battleship", "naval", "tanks", "bomberman"] {
        let out = dir.path().join(game);
        let line = format!(
            "tournament {game} --seed 8 --games 2 --jobs 2 --json --prior-draws 0.5 {}",
            quick_field(game)
        );
        let run = json(&koth(&line).arg("--out").arg(&out).run(dir.path()));
        assert_eq!(run["prior_draws"], 0.5, "{game}: {run}");
        assert!(run["standings"][0]["rating"].is_f64(), "{game}: {run}");
        let matches = out.join("matches.jsonl");
        let mut records: Vec<String> = std::fs::read_to_string(&matches)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        assert!(records.len() >= 2, "{game}: {records:?}");
        records.reverse();
        records.rotate_left(1);
        std::fs::write(&matches, records.join("\n") + "\n").unwrap();
        std::fs::remove_file(out.join("standings.json")).unwrap();
        let again = json(&koth(&line).arg("--resume").arg(&out).run(dir.path()));
        assert_eq!(again, run, "{game}");
    }
    let bad = koth("tournament samurai --prior-draws -1").run(dir.path());
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("--prior-draws"),
        "{bad:?}"
    );
}

/// The tournament of the resume test: a slow program and two built-ins, 6 matches.
fn slow_tournament(dir: &Path, records: &str, jobs: &str) -> String {
    format!(
        "tournament samurai --seed 21 --games-per-pair 2 --jobs '{jobs}' --bot builtin:monk --bot builtin:coward --bot slow=cmd:./slow.sh --json '{records}' '{}'",
        dir.to_str().unwrap()
    )
}

/// Starts `koth` with the command line `line` in `dir`.
fn start(line: &str, dir: &Path) -> Child {
    koth(line)
        .command()
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `records` lists at least `n` matches.
fn wait_for_records(records: &Path, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let count = std::fs::read_to_string(records)
            .map(|t| t.lines().count())
            .unwrap_or(0);
        if count >= n {
            return;
        }
        assert!(Instant::now() < deadline, "no {n} records in time");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn standings(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("standings.json")).unwrap()).unwrap()
}

#[test]
fn a_killed_or_interrupted_tournament_resumes_to_the_same_standings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    script(d, "slow.sh", "sleep 0.02\necho B");
    let whole = d.join("whole");
    let out = koth(&slow_tournament(&whole, "--out", "2")).run(d);
    let reference = json(&out);
    assert_eq!(reference["matches"], 6);
    assert_eq!(standings(&whole), reference);

    // Killed outright after two matches, with half a line written after them.
    let killed = d.join("killed");
    let mut child = start(&slow_tournament(&killed, "--out", "1"), d);
    wait_for_records(&killed.join("matches.jsonl"), 2);
    child.kill().unwrap();
    child.wait().unwrap();
    let done = lines(&killed.join("matches.jsonl")).len();
    assert!(done < 6, "the kill came too late to test a resume");
    let mut cut = std::fs::OpenOptions::new()
        .append(true)
        .open(killed.join("matches.jsonl"))
        .unwrap();
    std::io::Write::write_all(&mut cut, b"{\"index\":5,\"seats\":[2,").unwrap();
    drop(cut);
    let resumed = json(&koth(&slow_tournament(&killed, "--resume", "2")).run(d));
    assert_eq!(resumed, reference);
    let records = lines(&killed.join("matches.jsonl"));
    let mut indices: Vec<u64> = records
        .iter()
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    indices.sort();
    assert_eq!(indices, [0, 1, 2, 3, 4, 5], "each match recorded once");

    // Interrupted (Ctrl-C) after two matches: koth stops cleanly with those written.
    let stopped = d.join("stopped");
    let mut child = start(&slow_tournament(&stopped, "--out", "1"), d);
    wait_for_records(&stopped.join("matches.jsonl"), 2);
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let partial = standings(&stopped);
    assert_eq!(partial["interrupted"], true, "{partial}");
    let written = lines(&stopped.join("matches.jsonl")).len();
    assert_eq!(partial["matches"], written as u64);
    assert!(written < 6);
    let resumed = json(&koth(&slow_tournament(&stopped, "--resume", "1")).run(d));
    assert_eq!(resumed, reference);
    assert_eq!(standings(&stopped), reference);

    // A resume with other bots or another seed is refused.
    let other = slow_tournament(&stopped, "--resume", "1")
        .replace("--games-per-pair 2", "--games-per-pair 3");
    let refused = koth(&other).run(d);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("number of games"),
        "{refused:?}"
    );
}

/// Every file under `dir`, with its bytes.
fn files(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    found
}

#[test]
fn records_hold_no_secret_nor_absolute_path_and_a_moved_folder_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let bots = dir.path().join("bots");
    std::fs::create_dir(&bots).unwrap();
    script(&bots, "w.sh", "echo W");
    std::fs::write(dir.path().join("cfg.json"), r#"{"max_turns": 4}"#).unwrap();
    // The tournament, with the records' options `records`.
    let run = |records: &str| {
        koth(&format!(
            "tournament samurai --seed 3 --config cfg.json --workdir bots --bot plain=cmd:./w.sh --bot builtin:waiter --env SECRET --replays --json {records}"
        ))
        .env("SECRET", "hunter2")
        .run(dir.path())
    };
    let report = json(&run("--out records"));
    let records = dir.path().join("records");
    let absolute = dir.path().display().to_string();
    for (path, bytes) in files(&records) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("hunter2"), "{}: {text}", path.display());
        assert!(!text.contains(&absolute), "{}: {text}", path.display());
    }
    let setup: Value =
        serde_json::from_slice(&std::fs::read(records.join("tournament.json")).unwrap()).unwrap();
    assert_eq!(setup["format"], 2);
    assert_eq!(setup["options"]["env"], serde_json::json!(["SECRET"]));
    assert_eq!(setup["options"]["workdir"], "bots");
    assert_eq!(
        setup["options"]["bots"],
        serde_json::json!(["plain=cmd:./w.sh", "builtin:waiter"])
    );

    // Moved, the records resume (to the same standings); another option is refused.
    std::fs::rename(&records, dir.path().join("moved")).unwrap();
    assert_eq!(
        json(&run("--resume moved"))["standings"],
        report["standings"]
    );
    let refused = run("--resume moved --cpus 2");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("bot option"),
        "{refused:?}"
    );
}

/// Bot names are display names, as the samurai contest's own bots were called: `The Waiter`
/// and `Master Yi` play a tournament under those names in the printed table, the JSON
/// standings, the records and every replay (which still verifies).
#[test]
fn bots_named_as_people_name_them_keep_their_names() {
    let dir = tempfile::tempdir().unwrap();
    let bots =
        "--bot 'The Waiter=builtin:waiter' --bot 'Master Yi=builtin:master-yi' --bot builtin:monk";
    let out = koth(&format!(
        "tournament samurai --seed 5 --games-per-pair 2 {bots} --out records --replays"
    ))
    .run(dir.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.contains("The Waiter") && table.contains("Master Yi"),
        "{table}"
    );
    let report = json(
        &koth(&format!(
            "tournament samurai --seed 5 --games-per-pair 2 {bots} --json"
        ))
        .run(dir.path()),
    );
    let mut names: Vec<&str> = report["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["Master Yi", "The Waiter", "monk"]);
    let records = dir.path().join("records");
    let setup: Value =
        serde_json::from_str(&std::fs::read_to_string(records.join("tournament.json")).unwrap())
            .unwrap();
    assert_eq!(
        setup["bots"],
        serde_json::json!(["The Waiter", "Master Yi", "monk"])
    );
    for entry in std::fs::read_dir(records.join("replays")).unwrap() {
        let path = entry.unwrap().path();
        let header = &lines(&path)[0];
        let players = header.to_string();
        assert!(
            players.contains("The Waiter") || players.contains("Master Yi"),
            "{header}"
        );
        assert_replay_verifies(&path, dir.path());
    }
}

/// `koth tournament LINE --json` with `--out DIR` (and more words), run in `dir`: its stdout.
fn tournament_into(dir: &Path, line: &str, out: &str, more: &str) -> String {
    let run = koth(&format!("{line} --out {out} {more}")).run(dir);
    assert!(run.status.success(), "{run:?}");
    String::from_utf8(run.stdout).unwrap()
}

/// A tournament played in 4 parts (`--shard K/4`) and merged is the tournament played in one
/// run, byte for byte: the JSON, the printed table and the records' standings.json; a whole
/// run's folder with its lines shuffled merges to the same standings.
#[test]
fn parts_merged_equal_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (game, line) in [
        (
            "samurai",
            "tournament samurai --seed 6 --games 2 --jobs 2 --bot builtin:observer --bot builtin:coward --bot builtin:monk --bot builtin:waiter",
        ),
        ("tanks", "tournament tanks --seed 6 --games 3 --jobs 2"),
    ] {
        let whole = format!("{game}-whole");
        let table = tournament_into(d, line, &whole, "");
        let bytes = |folder: &str| std::fs::read(d.join(folder).join("standings.json")).unwrap();
        let whole_standings = bytes(&whole);
        let parts: Vec<String> = (1..=4).map(|k| format!("{game}-{k}")).collect();
        for (k, part) in parts.iter().enumerate() {
            let printed = tournament_into(d, line, part, &format!("--shard {}/4", k + 1));
            assert!(printed.contains(&format!("part {}/4", k + 1)), "{printed}");
        }
        // Given in any order.
        let list = format!("{} {} {} {}", parts[2], parts[0], parts[3], parts[1]);
        let merged = koth(&format!("merge {list}")).run(d);
        assert_eq!(String::from_utf8_lossy(&merged.stdout), table, "{game}");
        let merged_json = json(&koth(&format!("merge {list} --json --out {game}-all")).run(d));
        let whole_json: Value = serde_json::from_slice(&whole_standings).unwrap();
        assert_eq!(merged_json, whole_json, "{game}");
        assert_eq!(bytes(&format!("{game}-all")), whole_standings, "{game}");
        // The merged folder is a finished run: resuming it plays nothing and prints the table.
        let resumed = koth(&format!("{line} --resume {game}-all")).run(d);
        assert_eq!(String::from_utf8_lossy(&resumed.stdout), table, "{game}");
        // The whole run's records, shuffled, merge to the same standings.
        let matches = d.join(&whole).join("matches.jsonl");
        let mut records: Vec<String> = std::fs::read_to_string(&matches)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        records.reverse();
        records.rotate_left(1);
        std::fs::write(&matches, records.join("\n") + "\n").unwrap();
        let shuffled = json(&koth(&format!("merge {whole} --json")).run(d));
        assert_eq!(shuffled, whole_json, "{game}");
    }
}

/// Merge refuses, naming the match and the folders: a part missing, a part given twice, a
/// match recorded in two folders, parts of two different tournaments.
#[test]
fn merge_refuses_what_is_not_one_whole_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let line = "tournament samurai --seed 6 --games 2 --jobs 2 --bot builtin:observer --bot builtin:coward --bot builtin:monk --bot builtin:waiter";
    for k in 1..=3 {
        tournament_into(d, line, &format!("p{k}"), &format!("--shard {k}/3"));
    }
    tournament_into(
        d,
        &line.replace("--seed 6", "--seed 7"),
        "other3",
        "--shard 3/3",
    );
    tournament_into(d, line, "whole", "");
    let refused = |dirs: &str, says: &[&str]| {
        let out = koth(&format!("merge {dirs}")).run(d);
        assert_eq!(out.status.code(), Some(2), "{dirs}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        for word in says {
            assert!(err.contains(word), "{dirs}: {err}");
        }
    };
    // Part 3 holds matches 2, 5, 8, ...
    refused("p1 p2", &["match 2 is recorded in none", "part 3/3"]);
    refused("p1 p2 p2 p3", &["part 2/3 is given twice", "p2"]);
    refused("p1 p2 other3", &["p1 and other3", "seed"]);
    refused("p1 whole", &["p1 and whole", "number of parts"]);
    refused("nowhere", &["nowhere", "no tournament recorded there"]);
    // A match recorded in two folders (copied by hand from part 1 into part 2).
    let first_of_p1 = std::fs::read_to_string(d.join("p1/matches.jsonl"))
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let copied = d.join("p2copy");
    std::fs::create_dir(&copied).unwrap();
    std::fs::copy(d.join("p2/tournament.json"), copied.join("tournament.json")).unwrap();
    std::fs::write(copied.join("matches.jsonl"), first_of_p1 + "\n").unwrap();
    refused("p1 p2copy p3", &["p2copy", "line 1", "not in part 2/3"]);
}

/// A part killed midway and resumed, then merged, equals one run.
#[test]
fn a_killed_part_resumed_merges_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    script(d, "slow.sh", "sleep 0.02\necho B");
    let whole = json(&koth(&slow_tournament(&d.join("whole"), "--out", "2")).run(d));
    let part = |k: u32, folder: &str, records: &str| {
        format!(
            "{} --shard {k}/2",
            slow_tournament(&d.join(folder), records, "1")
        )
    };
    assert!(koth(&part(2, "p2", "--out")).run(d).status.success());
    let mut child = start(&part(1, "p1", "--out"), d);
    wait_for_records(&d.join("p1/matches.jsonl"), 1);
    child.kill().unwrap();
    child.wait().unwrap();
    let done = lines(&d.join("p1/matches.jsonl")).len();
    assert!(done < 3, "the kill came too late to test a resume");
    let early = koth("merge p1 p2").run(d);
    assert_eq!(early.status.code(), Some(2), "{early:?}");
    assert!(String::from_utf8_lossy(&early.stderr).contains("has not played it yet"));
    assert!(koth(&part(1, "p1", "--resume")).run(d).status.success());
    let merged = json(&koth("merge p1 p2 --json").run(d));
    assert_eq!(merged, whole);
}

/// `koth sprt`: a clearly stronger built-in against a weaker one accepts H1, the same with
/// any --jobs; a bot against itself accepts H0; a free-for-all test runs to a decision.
#[test]
fn sprt_decides_for_the_stronger_and_against_a_copy() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let stronger = "sprt samurai --bot builtin:monk --bot builtin:waiter --seed 1 --json";
    let one = json(&koth(&format!("{stronger} --jobs 1")).run(d));
    assert_eq!(one["verdict"], "h1", "{one}");
    assert!(one["llr"].as_f64().unwrap() >= one["bounds"][1].as_f64().unwrap());
    assert_eq!(one["games"], 2 * one["pairs"].as_u64().unwrap());
    let three = json(&koth(&format!("{stronger} --jobs 3")).run(d));
    assert_eq!(three, one, "the verdict does not depend on --jobs");

    let copy = json(
        &koth("sprt samurai --bot builtin:monk --bot builtin:monk --seed 2 --elo1 10 --json")
            .run(d),
    );
    assert_eq!(copy["verdict"], "h0", "{copy}");
    assert!(copy["estimate"]["los"].as_f64().unwrap() < 0.9, "{copy}");

    let ffa = json(
        &koth("sprt tanks --bot builtin:hunter --bot builtin:random --opponents builtin:sniper builtin:random --seed 3 --elo1 20 --json")
            .run(d),
    );
    assert_eq!(ffa["verdict"], "h1", "{ffa}");
    assert_eq!(ffa["counts"]["trinomial"].as_array().unwrap().len(), 3);
    assert_eq!(ffa["opponents"].as_array().unwrap().len(), 2, "{ffa}");
}

/// `koth sprt` with records: a test cut short (its last line half written, as a kill leaves
/// it) resumes to the verdict and figures of an uninterrupted one; an external program plays
/// through the sandbox; wrong requests are usage errors.
#[test]
fn sprt_records_resume_and_programs_play() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let line = |records: &str| {
        format!(
            "sprt samurai --bot builtin:monk --bot builtin:coward --seed 4 --elo1 20 --json --progress-every 0 {records}"
        )
    };
    let whole = json(&koth(&line("--out whole")).run(d));
    assert_ne!(whole["verdict"], "inconclusive", "{whole}");
    let pairs = std::fs::read_to_string(d.join("whole/pairs.jsonl")).unwrap();
    let count = whole["pairs"].as_u64().unwrap() as usize;
    assert!(
        pairs.lines().count() >= count,
        "every pair counted is recorded"
    );
    let result: Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("whole/result.json")).unwrap())
            .unwrap();
    assert_eq!(result, whole);
    // As if killed halfway: half the pairs, and half a line.
    std::fs::create_dir(d.join("cut")).unwrap();
    std::fs::copy(d.join("whole/sprt.json"), d.join("cut/sprt.json")).unwrap();
    let half: Vec<&str> = pairs.lines().take(count / 2).collect();
    std::fs::write(d.join("cut/pairs.jsonl"), half.join("\n") + "\n{\"index\":").unwrap();
    let resumed = json(&koth(&line("--resume cut")).run(d));
    assert_eq!(resumed, whole);
    let other = koth(&line("--resume cut").replace("--elo1 20", "--elo1 30")).run(d);
    assert_eq!(other.status.code(), Some(2), "{other:?}");
    assert!(
        String::from_utf8_lossy(&other.stderr).contains("--elo1"),
        "{other:?}"
    );

    // A program (samurai's protocol: one character per turn) plays in the sandbox.
    script(d, "waiter.sh", "echo W");
    let program = json(
        &koth("sprt samurai --bot builtin:monk --bot old=cmd:./waiter.sh --seed 5 --max-games 6 --json --progress-every 0")
            .run(d),
    );
    assert_eq!(program["games"], 6, "{program}");
    assert_eq!(program["verdict"], "inconclusive", "{program}");
    assert_eq!(program["faults"], serde_json::json!([0, 0]), "{program}");

    for (args, says) in [
        ("sprt samurai --bot builtin:monk", "--bot NEW --bot OLD"),
        (
            "sprt samurai --bot builtin:monk --bot builtin:waiter --opponents builtin:coward",
            "--opponents",
        ),
        (
            "sprt samurai --bot builtin:monk --bot builtin:waiter --elo0 5 --elo1 5",
            "--elo1",
        ),
        (
            "sprt samurai --bot builtin:monk --bot builtin:waiter --alpha 0.7",
            "--alpha",
        ),
    ] {
        let out = koth(args).run(d);
        assert_eq!(out.status.code(), Some(2), "{args}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{args}: {out:?}"
        );
    }
}
