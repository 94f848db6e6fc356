//! The JSON line protocol: observation lines and answer parsing.

use bomberman::protocol::{ActionError, Field, action_json, observation_json, parse_action};
use bomberman::{
    Action, Bomb, Bomberman, Bonus, BonusKind, Config, Explosion, Fixed, Mode, PlayerSet, Point,
    Scenario, bots,
};
use engine_core::{Coord, Game, PlayerId, SeedableRng};
use proptest::prelude::*;
use rand_pcg::Pcg64Mcg;
use serde_json::Value;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn small_position() -> Bomberman {
    Scenario::new(Config::mode(Mode::Duel))
        .clear()
        .tile(Coord::new(1, 1), bomberman::Tile::Concrete)
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
    let first = observation_json(&game.observe(P0), true);
    insta::assert_snapshot!("observation_first_line", first);
    let later = observation_json(&game.observe(P1), false);
    let v: Value = serde_json::from_str(&later).unwrap();
    assert!(
        v.get("rules").is_none(),
        "only the first line has the rules"
    );
    assert_eq!(v["player"]["playerId"], 1);
    assert_eq!(v["player"]["immuneDuration"], 33);
    let first: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(first["rules"]["playerMaxSpeed"], 10);
    assert_eq!(first["rules"]["mode"], "duel");
    assert_eq!(first["player"]["x"].as_f64(), Some(15.5));
    assert!(!later.contains('\n'));
}

#[test]
fn observation_lines_are_valid_json_with_exact_numbers() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    let mut players: Vec<_> = ["random", "brick-breaker", "random", "random"]
        .iter()
        .map(|id| bots::by_id(id).unwrap())
        .collect();
    let mut events = Vec::new();
    for t in 0..400 {
        let acting = game.to_act().players().to_vec();
        if acting.is_empty() {
            break;
        }
        for &p in &acting {
            let o = game.observe(p);
            let line = observation_json(&o, t == 0);
            let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
            assert_eq!(v["tick"], u64::from(game.tick()));
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
        let actions: Vec<_> = acting
            .iter()
            .map(|&p| players[p.index()].act(&game.observe(p), &mut rng))
            .collect();
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
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
