//! The contest description: the arena's side of the HTTP protocol (the request bodies of every
//! dialect, how replies are read, what a failure plays, the `draft` end message), statistics,
//! rendering and the replay text of actions.

use std::fmt::Write as _;

use koth_engine_core::draw::derive_seed;
use koth_engine_core::{Answer, Contest, FaultKind, Game, LinkInfo, Message, PlayerId};
use koth_http_battleship::{
    Action, Battleship, Config, Dialect, ForfeitReason, Link, Placement, Scenario, Stats,
};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn names() -> Vec<String> {
    vec!["left".to_string(), "right".to_string()]
}

fn link(seat: PlayerId, dialect: &str) -> Link {
    let names = names();
    Battleship::link(&LinkInfo {
        seat,
        names: &names,
        seed: 3,
        dialect,
        runner: 77,
    })
    .unwrap()
}

fn small() -> Config {
    Config {
        width: 6,
        height: 6,
        ships: [0, 1, 1, 0, 0, 0],
        shot_limit: None,
    }
}

/// Both fleets placed and three shots fired.
fn midgame() -> Battleship {
    Scenario::new(small())
        .fleet(P0, ["0,0-1,0", "0,2-0,4"])
        .fleet(P1, ["5,5-4,5", "2,1-2,3"])
        .shots(P0, &[(5, 5), (3, 3)])
        .shots(P1, &[(0, 3)])
        .build()
        .unwrap()
}

fn body(m: &Message) -> (String, String) {
    assert!(m.args.is_empty());
    (
        m.content_type.clone().unwrap(),
        String::from_utf8(m.input.clone().unwrap()).unwrap(),
    )
}

#[test]
fn a_link_knows_the_dialect_the_opponent_and_the_match_number() {
    let l = link(P0, "");
    assert_eq!(l.dialect, Dialect::Draft, "the default dialect");
    assert_eq!(l.opponent, "right");
    assert_eq!(l.number, derive_seed(3, 77) >> 11);
    assert!(l.number < 1 << 53);
    let r = link(P1, "json");
    assert_eq!((r.dialect, r.opponent.as_str()), (Dialect::Json, "left"));
    assert_eq!(r.number, l.number, "both seats of a match share its number");
    assert_eq!(link(P0, "form").dialect, Dialect::Form);
    let names = names();
    let refused = Battleship::link(&LinkInfo {
        seat: P0,
        names: &names,
        seed: 3,
        dialect: "xml",
        runner: 77,
    });
    assert_eq!(
        refused.unwrap_err(),
        "unknown battleship dialect \"xml\" (known: draft, form, json)"
    );
}

#[test]
fn the_request_bodies_of_every_dialect() {
    let start = Battleship::new(&small(), 2, &mut koth_engine_core::draw::MinRng).unwrap();
    let over = Scenario::new(small())
        .fleet(P0, ["0,0-1,0", "0,2-0,4"])
        .fleet(P1, ["5,5-4,5", "2,1-2,3"])
        .shots(P0, &[(5, 5), (4, 5), (2, 1), (2, 2), (2, 3)])
        .shots(P1, &[(0, 3), (0, 3), (0, 3), (0, 3)])
        .build()
        .unwrap();
    let mut out = String::new();
    for dialect in Battleship::DIALECTS {
        for seat in [P0, P1] {
            let mut l = link(seat, dialect);
            l.number = 42;
            for (what, game) in [("init", &start), ("turn", &midgame())] {
                let (ct, b) = body(&game.encode(seat, &mut l));
                writeln!(out, "{dialect} {seat} {what}: {ct}\n    {b}").unwrap();
            }
            match over.final_message(seat, &mut l) {
                Some(m) => {
                    let (ct, b) = body(&m);
                    writeln!(out, "{dialect} {seat} end: {ct}\n    {b}").unwrap();
                }
                None => writeln!(out, "{dialect} {seat} end: none").unwrap(),
            }
        }
    }
    insta::assert_snapshot!(out);
    // No end message while the match runs.
    assert_eq!(midgame().final_message(P0, &mut link(P0, "draft")), None);
}

#[test]
fn placement_replies_are_played_as_they_are() {
    let game = Battleship::new(&small(), 2, &mut koth_engine_core::draw::MinRng).unwrap();
    let mut draft = link(P0, "draft");
    let mut json = link(P0, "json");
    let good = Placement::parse(["0,0-1,0", "0,2-0,4"]).unwrap();
    assert_eq!(
        game.decode(P0, &mut draft, b" [\"0,0-1,0\",\"0,2-0,4\"]\n"),
        Answer::ok(Action::Place(good.clone()))
    );
    assert_eq!(
        game.decode(
            P0,
            &mut json,
            br#"{"name":"x","boats":["0,0-1,0","0,2-0,4"]}"#
        ),
        Answer::ok(Action::Place(good))
    );
    // A placement that breaks the rules is played (the engine ends the match on it) and
    // recorded as invalid.
    let diagonal = Placement::parse(["0,0-1,1", "0,2-0,4"]).unwrap();
    assert_eq!(
        game.decode(P0, &mut draft, br#"["0,0-1,1","0,2-0,4"]"#),
        Answer::invalid(
            Action::Place(diagonal),
            "invalid placement: ship 0 is diagonal"
        )
    );
    // An answer that is no placement forfeits.
    let a = game.decode(P0, &mut json, b"[\"0,0-1,0\"]");
    assert_eq!(a.value, Action::Forfeit(ForfeitReason::InvalidAnswer));
    assert_eq!(
        a.problem.as_deref(),
        Some(r#"expected an object {"boats":[...]} in reply "[\"0,0-1,0\"]""#)
    );
    let a = game.decode(P0, &mut draft, b"garbage \x00\xff");
    assert_eq!(a.value, Action::Forfeit(ForfeitReason::InvalidAnswer));
    assert!(a.problem.unwrap().contains("garbage"));
}

#[test]
fn shot_replies_are_read_in_the_bots_dialect() {
    let game = midgame();
    let mut form = link(P1, "form");
    let mut json = link(P1, "json");
    assert_eq!(
        game.decode(P1, &mut form, b"3,4\r\n"),
        Answer::ok(Action::Shoot { x: 3, y: 4 })
    );
    assert_eq!(
        game.decode(P1, &mut json, br#"{"play":"5,0"}"#),
        Answer::ok(Action::Shoot { x: 5, y: 0 })
    );
    assert_eq!(
        game.decode(P1, &mut form, b"6,0"),
        Answer::invalid(Action::Shoot { x: 6, y: 0 }, "shot 6,0 is off the 6x6 grid")
    );
    // A number too large for u32 is quoted as sent, not as the saturated 4294967295.
    assert_eq!(
        game.decode(P1, &mut json, br#"{"play":" 99999999999,1"}"#)
            .problem
            .as_deref(),
        Some("shot 99999999999,1 is off the 6x6 grid")
    );
    let a = game.decode(P1, &mut form, br#"{"play":"5,0"}"#);
    assert_eq!(a.value, Action::Forfeit(ForfeitReason::InvalidAnswer));
    assert_eq!(
        a.problem.as_deref(),
        Some(r#"the shot is not x,y in reply "{\"play\":\"5,0\"}""#)
    );
}

#[test]
fn a_failed_request_forfeits_with_its_reason() {
    let game = midgame();
    for (kind, reason) in [
        (FaultKind::Timeout, ForfeitReason::Timeout),
        (FaultKind::Io, ForfeitReason::ConnectionError),
        (FaultKind::Crash, ForfeitReason::ErrorStatus),
        (FaultKind::Invalid, ForfeitReason::InvalidAnswer),
    ] {
        assert_eq!(game.substitute(P0, kind), Action::Forfeit(reason));
    }
    // No pre-game call: placement is the first action.
    assert_eq!(Battleship::setup_message(&small(), &mut link(P0, "")), None);
}

#[test]
fn statistics_count_shots_hits_and_ships_sunk() {
    let game = Scenario::new(small())
        .fleet(P0, ["0,0-1,0", "0,2-0,4"])
        .fleet(P1, ["5,5-4,5", "2,1-2,3"])
        .shots(P0, &[(5, 5), (4, 5), (5, 5), (0, 0)])
        .shots(P1, &[(0, 3), (0, 3), (3, 3)])
        .build()
        .unwrap();
    assert_eq!(
        game.stats(P0),
        Stats {
            shots: 4,
            hits: 2,
            sunk: 1
        }
    );
    assert_eq!(
        game.stats(P1),
        Stats {
            shots: 3,
            hits: 2,
            sunk: 0
        }
    );
}

#[cfg(feature = "serde")]
#[test]
fn statistics_serialise_to_the_report_keys() {
    let stats = Stats {
        shots: 4,
        hits: 2,
        sunk: 1,
    };
    assert_eq!(
        serde_json::to_string(&stats).unwrap(),
        r#"{"shots":4,"hits":2,"sunk":1}"#
    );
}

#[test]
fn the_render_shows_the_settings_then_the_boards_and_the_end() {
    let start = Battleship::new(&small(), 2, &mut koth_engine_core::draw::MinRng).unwrap();
    assert_eq!(
        start.render(),
        "           6x6 grid, ships of length 1..6: [0, 1, 1, 0, 0, 0]"
    );
    let mid = midgame();
    assert_eq!(mid.render(), mid.render_boards().trim_end());
    let mut over = mid.clone();
    over.step(
        &[Action::Forfeit(ForfeitReason::Timeout)],
        &mut koth_engine_core::draw::MinRng,
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(
        over.render(),
        format!("{}P0 wins (Forfeit(Timeout))", over.render_boards())
    );
    assert!(!Battleship::render_after(&mid, &[]));
}

#[test]
fn actions_round_trip_through_their_text() {
    let actions = [
        Action::Place(Placement::parse(["0,0-1,0", "0,4-0,2"]).unwrap()),
        Action::Place(Placement::default()),
        Action::Shoot { x: 3, y: 14 },
        Action::Shoot { x: u32::MAX, y: 0 },
        Action::Forfeit(ForfeitReason::ConnectionError),
    ];
    for a in actions {
        let text = Battleship::action_text(&a);
        assert_eq!(Battleship::parse_action_text(&text), Some(a), "{text}");
    }
    assert_eq!(
        Battleship::action_text(&Action::Forfeit(ForfeitReason::ErrorStatus)),
        "forfeit error status"
    );
    assert_eq!(Battleship::parse_action_text("3, 4"), None);
}

#[test]
fn the_contest_is_a_duel_over_http() {
    assert_eq!(Battleship::NAME, "battleship");
    assert_eq!(Battleship::seats(&Config::default()), 2..=2);
    assert_eq!(Battleship::TOURNAMENT_GAMES, 20);
    assert_eq!(Battleship::PROTOCOL.family, koth_engine_core::Family::Http);
    assert_eq!(Battleship::PROTOCOL.call_ms, 10_000);
    assert_eq!(
        Battleship::bots().lineup(Battleship::seats(&Config::default())),
        ["density", "hunter"]
    );
    let ids: Vec<_> = Battleship::bots().ids().collect();
    assert_eq!(ids, ["random", "hunter", "density", "mcts"]);
}

#[test]
fn shot_replies_are_trimmed_of_ascii_whitespace_in_every_dialect_alike() {
    let game = midgame();
    for (dialect, reply) in [
        ("draft", &b" \t3,4\r\n"[..]),
        ("form", b" \t3,4\r\n"),
        ("json", br#"{"play":" \t3,4\r\n"}"#),
    ] {
        assert_eq!(
            game.decode(P1, &mut link(P1, dialect), reply),
            Answer::ok(Action::Shoot { x: 3, y: 4 }),
            "{dialect}"
        );
    }
}

#[test]
fn a_shot_written_with_leading_zeros_is_refused() {
    let game = midgame();
    for dialect in Battleship::DIALECTS {
        for text in ["03,4", "3,04", "00,0"] {
            let reply = if *dialect == "json" {
                format!(r#"{{"play":"{text}"}}"#)
            } else {
                text.to_string()
            };
            let a = game.decode(P1, &mut link(P1, dialect), reply.as_bytes());
            assert_eq!(
                a.value,
                Action::Forfeit(ForfeitReason::InvalidAnswer),
                "{dialect} {text}"
            );
        }
        // A lone zero is a number, not a leading zero.
        let reply = if *dialect == "json" {
            r#"{"play":"0,0"}"#.to_string()
        } else {
            "0,0".to_string()
        };
        assert_eq!(
            game.decode(P1, &mut link(P1, dialect), reply.as_bytes()),
            Answer::ok(Action::Shoot { x: 0, y: 0 })
        );
    }
}

#[test]
fn the_end_message_goes_only_to_a_bot_that_was_sent_init() {
    // Player 1's placement is invalid: player 2 wins without ever being asked, so it hears
    // no `end`; player 1 does.
    let mut rng = koth_engine_core::draw::MinRng;
    let mut game = Battleship::new(&small(), 2, &mut rng).unwrap();
    let diagonal = Placement::parse(["0,0-1,1", "0,2-0,4"]).unwrap();
    let mut events = Vec::new();
    game.step(&[Action::Place(diagonal)], &mut rng, &mut events)
        .unwrap();
    assert!(game.to_act().is_over());
    assert!(game.final_message(P0, &mut link(P0, "draft")).is_some());
    assert_eq!(game.final_message(P1, &mut link(P1, "draft")), None);

    // Once player 1 has placed, player 2 was sent init: if it then forfeits, both hear `end`.
    let mut game = Battleship::new(&small(), 2, &mut rng).unwrap();
    let good = Placement::parse(["0,0-1,0", "0,2-0,4"]).unwrap();
    game.step(&[Action::Place(good)], &mut rng, &mut events)
        .unwrap();
    game.step(
        &[Action::Forfeit(ForfeitReason::Timeout)],
        &mut rng,
        &mut events,
    )
    .unwrap();
    assert!(game.to_act().is_over());
    assert!(game.final_message(P0, &mut link(P0, "draft")).is_some());
    assert!(game.final_message(P1, &mut link(P1, "draft")).is_some());
}
