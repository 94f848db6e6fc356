//! The bot-author pages in `docs/` cannot go stale: every example exchange they show (a
//! ```` ```text koth-example input ```` block followed by a ```` ```text koth-example answer ````
//! block) is checked against the games' own encoders and parsers. Each input must parse and
//! encode back to exactly the same text; each answer must be accepted as it stands.

mod support;

use std::path::Path;

use support::koth;

/// The (input, answer) example pairs of `docs/<page>`.
fn examples(page: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(page);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut blocks: Vec<(&str, String)> = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let kind = match line.trim() {
            "```text koth-example input" => "input",
            "```text koth-example answer" => "answer",
            _ => continue,
        };
        let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        blocks.push((kind, body.join("\n")));
    }
    let pairs: Vec<(String, String)> = blocks
        .chunks(2)
        .map(|pair| {
            assert!(
                pair.len() == 2 && pair[0].0 == "input" && pair[1].0 == "answer",
                "{page}: examples come as an input block then an answer block"
            );
            (pair[0].1.clone(), pair[1].1.clone())
        })
        .collect();
    assert!(!pairs.is_empty(), "{page} shows no example exchange");
    pairs
}

#[test]
fn samurai_examples_are_the_protocols() {
    use koth_samurai::protocol::{ProgramArgs, parse_answer};
    for (input, answer) in examples("samurai.md") {
        let args: Vec<&str> = input.lines().collect();
        let parsed = ProgramArgs::parse(&args).unwrap_or_else(|e| panic!("{e}: {input}"));
        assert_eq!(parsed.to_args(), args, "the encoder writes {input:?} so");
        parse_answer(answer.as_bytes()).unwrap_or_else(|e| panic!("{e}: {answer}"));
    }
}

#[test]
fn naval_examples_are_the_protocols() {
    use koth_naval::protocol::{observation_line, parse_observation, parse_orders_strict};
    for (input, answer) in examples("naval.md") {
        let obs = parse_observation(&input).unwrap_or_else(|e| panic!("{e}: {input}"));
        assert_eq!(observation_line(&obs), input, "the encoder writes it so");
        parse_orders_strict(&answer).unwrap_or_else(|e| panic!("{e}: {answer}"));
    }
}

#[test]
fn tanks_examples_are_the_protocols() {
    use koth_tanks::protocol::{format_observation, parse_action, parse_observation};
    for (input, answer) in examples("tanks.md") {
        let obs = parse_observation(&input).unwrap_or_else(|e| panic!("{e}: {input}"));
        assert_eq!(format_observation(&obs), input, "the encoder writes it so");
        parse_action(answer.as_bytes()).unwrap_or_else(|e| panic!("{e}: {answer}"));
    }
}

#[test]
fn bomberman_examples_are_the_protocols() {
    use koth_bomberman::protocol::parse_action;
    for (input, answer) in examples("bomberman.md") {
        // Every line is one complete JSON object, the rules included.
        assert!(!input.contains('\n'));
        let v: serde_json::Value = serde_json::from_str(&input).unwrap();
        for key in ["tick", "player", "world", "rules"] {
            assert!(v.get(key).is_some(), "no {key:?} in {input}");
        }
        parse_action(&answer).unwrap_or_else(|e| panic!("{e}: {answer}"));
    }
}

#[test]
fn battleship_examples_are_the_protocols() {
    use koth_http_battleship::wire::{Request, parse_placement_reply, parse_shot_reply};
    for (input, answer) in examples("battleship.md") {
        let request = Request::decode(None, input.as_bytes(), None)
            .unwrap_or_else(|e| panic!("{e}: {input}"));
        let body = request.encode();
        assert_eq!(
            String::from_utf8(body.bytes).unwrap(),
            input,
            "the encoder writes it so"
        );
        let dialect = request.dialect();
        let init = input.contains("act=init") || input.contains(r#""action":"init""#);
        if init {
            parse_placement_reply(dialect, answer.as_bytes())
                .unwrap_or_else(|e| panic!("{e}: {answer}"));
        } else {
            parse_shot_reply(dialect, answer.as_bytes())
                .unwrap_or_else(|e| panic!("{e}: {answer}"));
        }
    }
}

#[test]
fn koth_protocol_prints_each_games_page() {
    for game in ["samurai", "naval", "tanks", "bomberman", "battleship"] {
        let out = koth(&format!("protocol {game}")).run(Path::new("."));
        assert!(out.status.success(), "{game}");
        let page = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../docs")
            .join(format!("{game}.md"));
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            std::fs::read_to_string(page).unwrap(),
            "{game}"
        );
    }
}

/// The warning the README and docs/README.md show for a path the sandbox hides is the one
/// koth prints, word for word.
#[test]
fn the_documented_hidden_path_warning_is_the_printed_one() {
    use std::sync::Arc;

    use koth_cli::arena::{launch::Launch, spec::BotSpec};
    use koth_cli::confine::sandbox::Sandbox;

    let helper = std::path::PathBuf::from(env!("CARGO_BIN_EXE_koth"));
    let launch = Arc::new(Launch {
        workdir: "/home/me/contest".into(),
        sandbox: Some(Arc::new(
            Sandbox::new(helper, false, vec![]).expect("bubblewrap"),
        )),
        ..Launch::default()
    });
    let spec =
        BotSpec::parse::<koth_samurai::Samurai>("x=cmd:sh /home/me/bots/bot.py", &launch).unwrap();
    let printed = format!("koth: warning: {}", spec.hidden_path_warning().unwrap());
    for page in ["../README.md", "../docs/README.md"] {
        let text =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(page)).unwrap();
        assert!(
            text.lines().any(|l| l == printed),
            "{page} lacks: {printed}"
        );
    }
}

/// The command lines of `docs/distributed.md` that run `koth tournament` or `koth merge`,
/// each with its continuation lines (after a trailing `\`, or a YAML item's deeper lines).
fn distributed_command_lines() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/distributed.md");
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut commands = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if !(line.contains("koth tournament") || line.contains("koth merge")) {
            continue;
        }
        let mut command = line.to_string();
        let mut last = line;
        while i < lines.len() {
            let next = lines[i];
            let yaml_item = line.trim_start().starts_with("- ")
                && indent(next) > indent(line)
                && !next.trim_start().starts_with("- ");
            if !(last.trim_end().ends_with('\\') || yaml_item) {
                break;
            }
            command.push(' ');
            command.push_str(next);
            last = next;
            i += 1;
        }
        // From koth on: what comes before is the scheduler's.
        let start = ["koth tournament", "koth merge"]
            .iter()
            .filter_map(|k| command.find(k))
            .min()
            .unwrap_or(0);
        commands.push(command[start..].to_string());
    }
    commands
}

/// docs/distributed.md's recipes (Kubernetes, Slurm, GNU parallel, a shell loop) use only
/// flags `koth tournament` and `koth merge` have, and each scheduler's index reaches
/// `--shard` with the same number of parts the scheduler runs.
#[test]
fn the_distributed_recipes_use_the_flags_koth_has() {
    let dir = tempfile::tempdir().unwrap();
    let help = |command: &str| {
        let out = koth(&format!("{command} --help")).run(dir.path());
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let (tournament, merge) = (help("tournament"), help("merge"));
    let commands = distributed_command_lines();
    assert!(commands.len() >= 8, "{commands:#?}");
    for command in &commands {
        let known = if command.contains("koth merge") {
            &merge
        } else {
            &tournament
        };
        let flags = command
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2);
        for flag in flags {
            assert!(
                known.contains(&format!("{flag} ")) || known.contains(&format!("{flag}\n")),
                "docs/distributed.md uses {flag}, which koth does not have: {command}"
            );
        }
    }
    let all = commands.join("\n");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/distributed.md"),
    )
    .unwrap();
    for (scheduler, parts, shard) in [
        (
            "completions: 8",
            "/8",
            "--shard \"$((JOB_COMPLETION_INDEX + 1))/8\"",
        ),
        ("--array=1-8", "/8", "--shard \"$SLURM_ARRAY_TASK_ID/8\""),
        ("seq 1 8", "part.sh {} 8", "--shard \"$k/$n\""),
    ] {
        assert!(text.contains(scheduler), "{scheduler}");
        assert!(text.contains(parts), "{parts}");
        assert!(all.contains(shard), "{shard} in {all}");
    }
}
