//! Bomberman as a learning environment: action ids, masks, rewards and saved states.

use koth_bomberman::{Action, Bomberman, Config, Fixed, Mode, Rules};
use koth_engine_core::testing::check_learn;
use koth_engine_core::{Game, Learn, PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Short, deadly games: every mode's seats play by the masks; ids round-trip, the masks are
/// the legal actions, chosen ids are accepted, and the rewards of a finished game add up to
/// its normalized score.
#[test]
fn action_ids_and_masks_agree_with_the_rules() {
    let rules = Rules {
        lives: 1,
        bombs_power: 4,
        max_ticks: 200,
        ..Rules::default()
    };
    for mode in Mode::ALL {
        check_learn::<Bomberman>(&Config { mode, rules }, mode.players(), 8, 250, true);
    }
}

/// The 34 ids: `2 * motion + drop`, full-speed diagonals as long as the limit allows without
/// the engine rescaling them.
#[test]
fn the_action_ids_are_the_documented_table() {
    let game = Bomberman::new(&Config::default(), 4, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
    assert_eq!(game.num_actions(), 34);
    let max = 10 * Fixed::SCALE;
    let speed = |id: usize| {
        let a = game.action(id).unwrap();
        (a.speed_x.raw(), a.speed_y.raw(), a.drop)
    };
    assert_eq!(speed(0), (0, 0, false));
    assert_eq!(speed(1), (0, 0, true));
    assert_eq!(speed(2), (0, -max, false), "motion 1: up at full speed");
    assert_eq!(
        speed(2 * 3 + 1),
        (max, 0, true),
        "motion 3: right, with a drop"
    );
    assert_eq!(
        speed(2 * 11),
        (max / 2, 0, false),
        "motion 11: right at half speed"
    );
    let (d, _, _) = speed(2 * 2);
    assert!(
        2 * d * d <= max * max && 2 * (d + 1) * (d + 1) > max * max,
        "{d}"
    );
    assert_eq!(speed(2 * 2).1, -d, "up-right");
    assert_eq!(game.action(34), None);
    assert_eq!(game.action_id(&Action::IDLE), Some(0));
    let odd = Action {
        speed_x: Fixed::from_raw(3),
        ..Action::IDLE
    };
    assert_eq!(game.action_id(&odd), None, "other speeds have no id");
    let mut mask = [false; 34];
    game.legal_mask(PlayerId(3), &mut mask);
    assert_eq!(mask, [true; 34]);
}

/// A state saved mid-game and restored is the same state and goes on to the same end; a saved
/// state that breaks the engine's invariants is refused.
#[cfg(feature = "serde")]
#[test]
fn a_saved_state_continues_to_the_same_end() {
    use koth_engine_core::testing::check_restored_state_continues;
    let config = Config {
        rules: Rules {
            max_ticks: 300,
            ..Rules::default()
        },
        ..Config::default()
    };
    let mut rng = Pcg64Mcg::seed_from_u64(8);
    let mut game = Bomberman::new(&config, 4, &mut rng).unwrap();
    let mut chooser = Pcg64Mcg::seed_from_u64(9);
    let mut pick = |game: &Bomberman| -> Vec<Action> {
        game.to_act()
            .players()
            .iter()
            .map(|_| {
                let id = koth_engine_core::draw::index(&mut chooser, 34);
                game.action(id).unwrap()
            })
            .collect()
    };
    let mut events = Vec::new();
    for _ in 0..120 {
        let actions = pick(&game);
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
    assert!(game.outcome().is_none());
    let saved = serde_json::to_string(&game).unwrap();
    check_restored_state_continues(
        game,
        rng,
        |g| serde_json::to_string(g).unwrap(),
        |text| serde_json::from_str(text).unwrap(),
        pick,
        1000,
    );
    let mut broken: serde_json::Value = serde_json::from_str(&saved).unwrap();
    broken["players"][0]["lives_left"] = 99.into();
    assert!(serde_json::from_value::<Bomberman>(broken).is_err());
}
