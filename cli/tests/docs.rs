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
