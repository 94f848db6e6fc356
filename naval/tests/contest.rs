//! The contest description: what the `koth` runner does with a naval game (the behaviour of
//! the former `koth` adapter).

mod common;

use common::*;
use koth_engine_core::{Contest, Family, FaultKind, Game, Message, PlayerId, SeedableRng};
use koth_naval::protocol::observation_line;
use koth_naval::{Config, Event, Naval, Orders, RENDER_EVERY_ROUNDS, ShipClass};
use rand_pcg::Pcg64Mcg;

#[test]
fn name_seats_and_protocol() {
    assert_eq!(Naval::NAME, "naval");
    assert_eq!(Naval::seats(&Config::default()), 2..=100);
    assert_eq!(Naval::TOURNAMENT_GAMES, 20);
    assert_eq!(Naval::PROTOCOL.family, Family::PerCall);
    assert_eq!(Naval::PROTOCOL.call_ms, 1000);
    const { assert!(Naval::PROTOCOL.state_file) };
    assert_eq!(
        Naval::bots().lineup(2..=100),
        [
            "hunter",
            "peacemaker",
            "random",
            "passive",
            "hunter",
            "peacemaker"
        ]
    );
}

#[test]
fn the_class_choice_is_a_pre_game_call() {
    let config = Config::default();
    assert_eq!(
        Naval::setup_message(&config, &mut ()),
        Some(Message::default())
    );
    let answer = Naval::decode_setup(&config, &mut (), b" 4\n");
    assert_eq!(
        (answer.value, answer.problem),
        (Some(ShipClass::Battleship), None)
    );
    let answer = Naval::decode_setup(&config, &mut (), b"6");
    assert_eq!(answer.value, None);
    assert_eq!(
        answer.problem.as_deref(),
        Some("class choice failed, no ship: 6 is not a class number (1..=5) in output \"6\"")
    );
    for kind in [FaultKind::Timeout, FaultKind::Crash, FaultKind::Io] {
        assert_eq!(Naval::substitute_setup(&config, PlayerId(0), kind), None);
    }
    let mut config = Config::default();
    Naval::apply_setup(&mut config, PlayerId(2), Some(ShipClass::Carrier));
    Naval::apply_setup(&mut config, PlayerId(0), None);
    assert_eq!(
        config.classes,
        [None, Some(ShipClass::Submarine), Some(ShipClass::Carrier)]
    );
}

#[test]
fn each_turn_is_one_call_with_the_input_line() {
    let g = sea(2)
        .ship(0, Cruiser, 5, 5, Up)
        .ship(1, Destroyer, 20, 20, Up)
        .build();
    let message = g.encode(P1, &mut ());
    assert_eq!(message.args, [observation_line(&g.observe(P1))]);
    assert_eq!(message.input, None);
    let ok = g.decode(P0, &mut (), b"MF+1+1\n");
    assert_eq!(
        (ok.value, ok.problem),
        ("MF+1+1".parse::<Orders>().unwrap(), None)
    );
    // Malformed pieces play W, the rest still runs, and the answer is reported.
    let bad = g.decode(P0, &mut (), b"MxyF+1C");
    assert_eq!(bad.value.to_string(), "MWWC");
    assert_eq!(
        bad.problem.as_deref(),
        Some(
            "\"xy\" at 1 is not an action; played W; \"F+1\" at 3: F needs a target [+-]digit[+-]digit; played W"
        )
    );
    assert_eq!(g.substitute(P0, FaultKind::Timeout), Orders::wait());
    let text = Naval::action_text(&bad.value);
    assert_eq!(Naval::parse_action_text(&text), Some(bad.value));
    assert_eq!(Naval::parse_action_text("Mx"), None);
}

#[test]
fn the_log_shows_the_sea_every_ten_rounds() {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let g = Naval::new(&Config::default(), 2, &mut rng).unwrap();
    let text = Contest::render(&g);
    assert!(text.starts_with("round 1 of 100\nround 1/100, turn 0: "));
    assert!(!text.ends_with('\n'));
    assert_eq!(text, format!("round 1 of 100\n{}", g.picture().trim_end()));
    let round = |round| Event::RoundStarted {
        round,
        order: vec![P0, P1],
    };
    assert_eq!(RENDER_EVERY_ROUNDS, 10);
    for (r, shown) in [(2, false), (10, false), (11, true), (21, true), (22, false)] {
        assert_eq!(g.render_after(&[round(r)]), shown, "round {r}");
    }
    assert!(!g.render_after(&[]));
}

#[test]
fn stats_are_the_score_counters() {
    let mut g = sea(2)
        .ship(0, Battleship, 10, 10, Up)
        .ship(1, Destroyer, 13, 10, Up)
        .build();
    act(&mut g, 0, "F+3+0F+3+1");
    let s = Contest::stats(&g, P0);
    assert_eq!((s.hits, s.sunken, s.damage, s.alive), (2, 1, 0, true));
    assert_eq!(s.class, Some(Battleship));
    assert_eq!(s.score(), 7);
    let s = Contest::stats(&g, P1);
    assert_eq!((s.alive, s.score()), (false, -12));
}
