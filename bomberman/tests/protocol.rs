//! The JSON line protocol: observation lines and answer parsing, and the contest's
//! `encode` / `decode` of it.

use koth_bomberman::bots::BOTS;
use koth_bomberman::protocol::{ActionError, Field, action_json, observation_json, parse_action};
use koth_bomberman::{
    Action, Bomb, Bomberman, Bonus, BonusKind, Config, Explosion, Fixed, Mode, Observation,
    PlayerSet, Point, ProgramLink, Rules, Scenario, Stats,
};
use koth_engine_core::runner::{self, Decision, Options, Player, Seat};
use koth_engine_core::{
    Answer, Bot, Contest, Coord, Family, FaultKind, Game, LinkInfo, PlayerId, Ranking, RngCore,
};
use proptest::prelude::*;
use serde_json::Value;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn small_position() -> Bomberman {
    Scenario::new(Config::mode(Mode::Duel))
        .clear()
        .tile(Coord::new(1, 1), koth_bomberman::Tile::Concrete)
        .brick(Coord::new(2, 0), Some(BonusKind::Bomb))
        .brick(Coord::new(0, 2), None)
        .player_at(
            P0,
            Point::new(Fixed::from_raw(15 * 256 + 128), Fixed::from_units(15)),
        )
        .with_player(P1, |p| {
            p.stun_duration = 3;
            p.immune_duration = 33;
            p.lives_left = 2;
        })
        .bomb(Bomb {
            cell: Coord::new(0, 0),
            owner: P0,
            timeout: 12,
            walkable_for: PlayerSet::single(P0),
        })
        .explosion(Explosion {
            cell: Coord::new(14, 13),
            timeout: 4,
            creators: [P0, P1].into_iter().collect(),
        })
        .bonus(Bonus {
            cell: Coord::new(3, 0),
            kind: BonusKind::Power,
            immune_duration: 7,
        })
        .at_tick(37)
        .build()
        .unwrap()
}

#[test]
fn the_observation_line_has_the_documented_shape() {
    let game = small_position();
    let first = observation_json(&game.observe(P0));
    insta::assert_snapshot!("observation_first_line", first);
    let later = observation_json(&game.observe(P1));
    let v: Value = serde_json::from_str(&later).unwrap();
    assert_eq!(v["rules"]["mode"], "duel", "every line has the rules");
    assert_eq!(v["player"]["playerId"], 1);
    assert_eq!(v["player"]["immuneDuration"], 33);
    let first: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(first["rules"]["playerMaxSpeed"], 10);
    assert_eq!(first["rules"]["mode"], "duel");
    assert_eq!(first["player"]["x"].as_f64(), Some(15.5));
    assert!(!later.contains('\n'));
}

/// A built-in bot behind the contest's protocol: every line `koth` would send it is checked
/// before the bot decides.
struct Checked {
    bot: Box<dyn Bot<Bomberman>>,
    link: ProgramLink,
    calls: u32,
}

impl Player<Bomberman> for Checked {
    fn act(&mut self, game: &Bomberman, seat: PlayerId, rng: &mut dyn RngCore) -> Decision<Action> {
        let message = game.encode(seat, &mut self.link);
        assert!(message.args.is_empty());
        let line = String::from_utf8(message.input.unwrap()).unwrap();
        assert!(!line.contains('\n'));
        let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(v.get("rules").is_some(), "every line has the rules");
        self.calls += 1;
        let o = game.observe(seat);
        // The seats of a tick share one encoding of the world: each line is still exactly
        // the seat's own observation's, tick after tick.
        assert_eq!(
            line,
            observation_json(&o),
            "seat {seat:?}, tick {}",
            game.tick()
        );
        check_line(&v, &o, game.tick());
        Decision::ok(Bot::act(&mut *self.bot, &o, rng))
    }
}

fn check_line(v: &Value, o: &Observation, tick: u32) {
    assert_eq!(v["tick"], u64::from(tick));
    assert_eq!(v["player"]["x"].as_f64(), Some(o.me.pos.x.to_f64()));
    assert_eq!(v["player"]["y"].as_f64(), Some(o.me.pos.y.to_f64()));
    let world = &v["world"];
    assert_eq!(world["width"], 450);
    assert_eq!(
        world["players"].as_array().unwrap().len(),
        o.world.players.len()
    );
    for (j, q) in world["players"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&o.world.players)
    {
        assert_eq!(j["x"].as_f64(), Some(q.pos.x.to_f64()));
        assert_eq!(j["score"].as_i64(), Some(q.score));
    }
    assert_eq!(
        world["obstacles"].as_array().unwrap().len(),
        o.world.obstacles().count()
    );
    assert_eq!(
        world["bombs"].as_array().unwrap().len(),
        o.world.bombs.len()
    );
    for (j, b) in world["bombs"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&o.world.bombs)
    {
        let c = o.world.centre(b.cell);
        assert_eq!(j["x"].as_f64(), Some(c.x.to_f64()));
        assert_eq!(j["timeout"], b.timeout);
        assert_eq!(
            j["walkableFor"].as_array().unwrap().len() as u32,
            b.walkable_for.len()
        );
    }
    assert_eq!(
        world["explosions"].as_array().unwrap().len(),
        o.world.explosions.len()
    );
    assert_eq!(
        world["bonuses"].as_array().unwrap().len(),
        o.world.bonuses.len()
    );
}

#[test]
fn observation_lines_are_valid_json_with_exact_numbers() {
    let ids = ["random", "brick-breaker", "random", "random"];
    let mut seats: Vec<Seat<Bomberman>> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| Seat {
            name: format!("{id}#{i}"),
            player: Box::new(Checked {
                bot: BOTS.make(id).unwrap(),
                link: link(PlayerId(i as u8)),
                calls: 0,
            }) as Box<dyn Player<Bomberman>>,
        })
        .collect();
    let config = Config {
        rules: Rules {
            max_ticks: 400,
            ..Rules::default()
        },
        ..Config::default()
    };
    let t = runner::play(&config, 11, &mut seats, Options::default(), &mut ()).unwrap();
    assert_eq!(t.turns_played, 400);
}

fn link(seat: PlayerId) -> ProgramLink {
    Bomberman::link(&LinkInfo {
        seat,
        names: &[],
        seed: 0,
        dialect: "",
        runner: 0,
    })
    .unwrap()
}

#[test]
fn the_contest_protocol_is_the_old_one() {
    let game = small_position();
    let mut link0 = link(P0);
    let first = game.encode(P0, &mut link0);
    assert_eq!(
        first.input.as_deref(),
        Some(observation_json(&game.observe(P0)).as_bytes())
    );
    // The same position gives the same line, whether it is the bot's first or not.
    let second = game.encode(P0, &mut link0);
    assert_eq!(second.input, first.input);
    let mut link1 = link(P1);
    assert_eq!(
        game.encode(P1, &mut link1).input.as_deref(),
        Some(observation_json(&game.observe(P1)).as_bytes())
    );
    assert_eq!(Bomberman::PROTOCOL.family, Family::LongRunning);
    assert_eq!(Bomberman::PROTOCOL.call_ms, 2_000);
    assert_eq!(Bomberman::PROTOCOL.game_ms, Some(120_000));
    assert_eq!(Bomberman::PROTOCOL.memory_mb, Some(256));
    const { assert!(!Bomberman::PROTOCOL.state_file) };

    let good = game.decode(
        P0,
        &mut link0,
        br#"{"speedX": 3, "speedY": -4, "drop": true}"#,
    );
    assert_eq!(good, Answer::ok(Action::units(3, -4, true)));
    let bad = game.decode(P0, &mut link0, br#"{"speedX": 3, "speedY": -4}"#);
    assert_eq!(
        bad,
        Answer::invalid(
            Action::IDLE,
            r#"missing member drop in answer "{\"speedX\": 3, \"speedY\": -4}""#
        )
    );
    let long = game.decode(P0, &mut link0, &[b'x'; 100]);
    assert_eq!(long.value, Action::IDLE);
    assert!(long.problem.unwrap().contains('…'));
    for kind in [
        FaultKind::Timeout,
        FaultKind::Invalid,
        FaultKind::Crash,
        FaultKind::Io,
    ] {
        assert_eq!(game.substitute(P1, kind), Action::IDLE);
    }
    let a = Action::new(Fixed::from_raw(-640), Fixed::from_units(7), true);
    assert_eq!(Bomberman::action_text(&a), action_json(&a));
    assert_eq!(
        Bomberman::parse_action_text(&Bomberman::action_text(&a)),
        Some(a)
    );
    assert_eq!(Bomberman::parse_action_text("{}"), None);
}

#[test]
fn the_contest_renders_every_100_ticks_without_a_trailing_newline() {
    let game = small_position();
    let text = Contest::render(&game);
    assert!(text.starts_with("tick 37\n"));
    assert!(!text.ends_with('\n'));
    assert_eq!(format!("{text}\n"), game.render());
    assert!(!game.render_after(&[]));
    for (tick, shown) in [(99, false), (100, true), (101, false), (1400, true)] {
        let g = Scenario::new(Config::default())
            .at_tick(tick)
            .build()
            .unwrap();
        assert_eq!(g.render_after(&[]), shown, "tick {tick}");
    }
}

#[test]
fn the_contest_statistics_are_the_reports_five() {
    let game = small_position();
    let s = Contest::stats(&game, P1);
    assert_eq!(
        s,
        Stats {
            lives_left: 2,
            walls: 0,
            bonuses: 0,
            kills: 0,
            self_hits: 0
        }
    );
    assert_eq!(Bomberman::NAME, "bomberman");
    assert_eq!(Bomberman::TOURNAMENT_GAMES, 20);
    assert_eq!(Bomberman::RANKING, Ranking::Points);
    const { assert!(!Bomberman::LOG_ACTIONS) };
}

#[test]
fn answers_are_parsed_with_typed_errors() {
    use ActionError::*;
    let ok = |s: &str| parse_action(s);
    assert_eq!(
        ok(r#"{"speedX": 3, "speedY": -4.5, "drop": true}"#),
        Ok(Action::new(
            Fixed::from_units(3),
            Fixed::from_raw(-4 * 256 - 128),
            true
        ))
    );
    assert_eq!(
        ok(" \t{\"drop\":false,\"extra\":[1,{\"a\":null}],\"speedY\":0,\"speedX\":1e1}\r\n"),
        Ok(Action::units(10, 0, false)),
        "members in any order, others ignored, whitespace around"
    );
    assert_eq!(ok(""), Err(Empty));
    assert_eq!(ok("  \n"), Err(Empty));
    assert_eq!(ok("[1, 2]"), Err(NotAnObject));
    assert_eq!(ok("42"), Err(NotAnObject));
    assert_eq!(
        ok(r#"{"speedY":0,"drop":true}"#),
        Err(Missing(Field::SpeedX))
    );
    assert_eq!(
        ok(r#"{"speedX":0,"drop":true}"#),
        Err(Missing(Field::SpeedY))
    );
    assert_eq!(ok(r#"{"speedX":0,"speedY":0}"#), Err(Missing(Field::Drop)));
    assert_eq!(
        ok(r#"{"speedX":"1","speedY":0,"drop":true}"#),
        Err(WrongType {
            field: Field::SpeedX,
            expected: "number"
        })
    );
    assert_eq!(
        ok(r#"{"speedX":1,"speedY":null,"drop":true}"#),
        Err(WrongType {
            field: Field::SpeedY,
            expected: "number"
        })
    );
    assert_eq!(
        ok(r#"{"speedX":1,"speedY":0,"drop":1}"#),
        Err(WrongType {
            field: Field::Drop,
            expected: "boolean"
        })
    );
    assert_eq!(
        ok(r#"{"speedX":1,"speedY":0,"drop":true,"speedX":2}"#),
        Err(Duplicate(Field::SpeedX))
    );
    assert_eq!(
        ok(r#"{"speedX":NaN,"speedY":0,"drop":true}"#),
        Err(NonFinite(Field::SpeedX))
    );
    assert_eq!(
        ok(r#"{"speedX":1,"speedY":-Infinity,"drop":true}"#),
        Err(NonFinite(Field::SpeedY))
    );
    assert_eq!(
        ok(r#"{"speedX":1,"speedY":1e999,"drop":true}"#),
        Err(NonFinite(Field::SpeedY))
    );
    for bad in [
        "{",
        "{\"speedX\":1,",
        "{\"speedX\" 1}",
        "{\"speedX\":01,\"speedY\":0,\"drop\":true}",
        "{\"speedX\":1.,\"speedY\":0,\"drop\":true}",
        "{\"speedX\":+1,\"speedY\":0,\"drop\":true}",
        "{\"speedX\":1,\"speedY\":0,\"drop\":tru}",
        "{\"speedX\":1,\"speedY\":0,\"drop\":true} x",
        "{\"speedX\":1,\"speedY\":0,\"drop\":true}{}",
        "{'speedX':1}",
        "{\"a\":\"\\x\"}",
        "{\"a\":\"\\ud800\"}",
        "{\"a\":\"tab\there\"}",
        "{\"speedX\":1,\"speedY\":0,\"drop\":true,}",
    ] {
        assert!(
            matches!(ok(bad), Err(Malformed { .. })),
            "{bad:?} gave {:?}",
            ok(bad)
        );
    }
    let deep = "[".repeat(100_000);
    assert!(matches!(
        ok(&format!("{{\"a\":{deep}")),
        Err(Malformed { .. })
    ));
}

#[test]
fn speeds_are_quantised_to_the_nearest_256th() {
    let q = |x: &str| {
        parse_action(&format!(r#"{{"speedX":{x},"speedY":0,"drop":false}}"#))
            .unwrap()
            .speed_x
            .raw()
    };
    assert_eq!(q("0.001953125"), 1, "half a step rounds away from zero");
    assert_eq!(q("-0.001953125"), -1);
    assert_eq!(q("0.0019531249"), 0);
    assert_eq!(q("7.3"), 1869, "7.3 * 256 = 1868.8");
    assert_eq!(q("-0"), 0);
    assert_eq!(q("1e-300"), 0);
    assert_eq!(
        q("123456789012345678901234567890"),
        1 << 28,
        "scaled to 2^20 units"
    );
}

fn any_action() -> impl Strategy<Value = Action> {
    (any::<i32>(), any::<i32>(), any::<bool>())
        .prop_map(|(x, y, d)| Action::new(Fixed::from_raw(x), Fixed::from_raw(y), d))
}

proptest! {
    #[test]
    fn action_lines_round_trip(a in any_action()) {
        let line = action_json(&a);
        // Components beyond 2^20 units are scaled down (direction kept); others are exact.
        let limit = 1 << 28;
        if a.speed_x.raw().unsigned_abs() <= limit && a.speed_y.raw().unsigned_abs() <= limit {
            prop_assert_eq!(parse_action(&line), Ok(a));
        } else {
            prop_assert!(parse_action(&line).is_ok());
        }
        let v: Value = serde_json::from_str(&line).unwrap();
        prop_assert_eq!(v["speedX"].as_f64(), Some(a.speed_x.to_f64()));
    }

    #[test]
    fn any_text_gives_an_action_or_a_typed_error(s in ".{0,200}") {
        let _ = parse_action(&s);
    }

    #[test]
    fn json_like_text_never_panics(s in r#"[{}\[\]",:0-9eE.+\-a-z\\ ]{0,120}"#) {
        let _ = parse_action(&s);
    }

    #[test]
    fn any_finite_pair_parses_like_serde_reads_it(x in any::<f64>(), y in any::<f64>(), d in any::<bool>()) {
        let line = serde_json::json!({"speedX": x, "speedY": y, "drop": d}).to_string();
        let got = parse_action(&line);
        if x.is_finite() && y.is_finite() {
            let a = got.unwrap();
            prop_assert_eq!(a.drop, d);
            // Within the scaling bound, each component is the nearest 256th.
            if x.abs() <= 1_048_576.0 && y.abs() <= 1_048_576.0 {
                prop_assert_eq!(Some(a.speed_x), Fixed::from_f64(x));
                prop_assert_eq!(Some(a.speed_y), Fixed::from_f64(y));
            }
        } else {
            // serde_json writes non-finite floats as null.
            let is_wrong_type = matches!(got, Err(ActionError::WrongType { .. }));
            prop_assert!(is_wrong_type);
        }
    }
}

#[test]
fn every_ticks_object_is_complete_the_rules_included() {
    // The rules of record: "Every tick's object is complete, the rules included, so a bot can
    // start reading at any line." Read the rules from a late tick's object.
    let game = small_position();
    let mut link0 = link(P0);
    let mut late = None;
    for _ in 0..3 {
        late = Some(game.encode(P0, &mut link0));
    }
    let line = String::from_utf8(late.unwrap().input.unwrap()).unwrap();
    let v: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["tick"], 37);
    let rules = &v["rules"];
    assert_eq!(rules["mode"], "duel");
    assert_eq!(rules["playerMaxSpeed"], 10);
    assert_eq!(rules["cells"], 15);
    assert!(rules["brickPercent"].is_u64(), "{rules}");
    assert!(rules["bonusPercent"].is_u64(), "{rules}");
}
