//! Bomberman as a learning environment: action ids, masks, rewards and saved states.

use koth_bomberman::{Action, Bomberman, BonusKind, Config, Fixed, Mode, Rules};
use koth_engine_core::testing::{check_learn, check_tensor};
use koth_engine_core::{Coord, Game, Learn, PlayerId, SeedableRng, Tensor};
use rand_pcg::Pcg64Mcg;

/// Every mode with one life, long rays and 200 ticks.
fn short_deadly_games() -> impl Iterator<Item = Config> {
    let rules = Rules {
        lives: 1,
        bombs_power: 4,
        max_ticks: 200,
        ..Rules::default()
    };
    Mode::ALL
        .into_iter()
        .map(move |mode| Config { mode, rules })
}

/// Short, deadly games: every mode's seats play by the masks; ids round-trip, the masks are
/// the legal actions, chosen ids are accepted, and the rewards of a finished game add up to
/// its normalized score.
#[test]
fn action_ids_and_masks_agree_with_the_rules() {
    for config in short_deadly_games() {
        check_learn::<Bomberman>(&config, config.mode.players(), 8, 250, true);
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

/// Random short games in every mode: every entry written, finite, and the same for a copy.
#[test]
fn tensor_is_shaped_and_written_whole() {
    for config in short_deadly_games() {
        check_tensor::<Bomberman>(&config, config.mode.players(), 4, 250);
    }
}

/// The planes at the start and after a move and a drop: the walls, the player at its cell
/// with its offset, the others, a bomb's timeout and reach; two players' tensors differ
/// only in the planes of the player itself and the others.
#[test]
fn tensor_shows_the_field_and_the_players() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    assert_eq!(game.obs_shape(), [21, 15, 15]);
    let area = 225;
    let tensor = |game: &Bomberman, p: u8| {
        let mut t = vec![f32::NAN; game.obs_len()];
        game.write_obs(PlayerId(p), &mut t);
        t
    };
    let cell_of = |game: &Bomberman, p: u8| {
        let pos = game.player(PlayerId(p)).pos;
        let (x, y) = (
            pos.x.raw() / (30 * Fixed::SCALE),
            pos.y.raw() / (30 * Fixed::SCALE),
        );
        (y * 15 + x) as usize
    };
    let t = tensor(&game, 0);
    let plane = |t: &[f32], k: usize| t[k * area..(k + 1) * area].to_vec();
    let concrete = game
        .tiles()
        .iter()
        .filter(|(_, t)| **t == koth_bomberman::Tile::Concrete)
        .count();
    assert_eq!(plane(&t, 0).iter().sum::<f32>(), concrete as f32);
    let hiding = |kind| {
        game.tiles()
            .iter()
            .filter(|(_, t)| **t == koth_bomberman::Tile::Brick(Some(kind)))
            .count() as f32
    };
    let (power, bomb) = (hiding(BonusKind::Power), hiding(BonusKind::Bomb));
    assert!(power + bomb > 0.0);
    assert_eq!(
        plane(&t, 19).iter().sum::<f32>(),
        power,
        "bricks hiding power"
    );
    assert_eq!(
        plane(&t, 20).iter().sum::<f32>(),
        bomb,
        "bricks hiding bombs"
    );
    let me = cell_of(&game, 0);
    assert_eq!(t[7 * area + me], 1.0);
    assert_eq!(plane(&t, 7).iter().sum::<f32>(), 1.0);
    assert_eq!(plane(&t, 10).iter().sum::<f32>(), 3.0, "three others");
    assert_eq!(t[8 * area + me], 0.0, "spawned on the centre");
    assert_eq!(
        plane(&t, 13).iter().sum::<f32>(),
        4.0,
        "full lives, four players"
    );
    // Player 1 sees the same field; only its own and the others' planes differ.
    let t1 = tensor(&game, 1);
    for k in (0..21).filter(|k| !(7..=12).contains(k)) {
        assert_eq!(plane(&t, k), plane(&t1, k), "plane {k}");
    }
    assert_ne!(plane(&t, 7), plane(&t1, 7));
    // Player 0 drops a bomb and walks off it; the others stand.
    let stand = game.action(0).unwrap();
    let walk = |game: &Bomberman, id: usize| game.action(id).unwrap();
    let mut events = Vec::new();
    let bomb_cell = me;
    let mut moves = vec![stand; 4];
    moves[0] = walk(&game, 1);
    game.step(&moves, &mut rng, &mut events).unwrap();
    // Seat 0 starts in the top-left corner, the floor free to its right.
    let right = Coord::new((bomb_cell % 15) as i32 + 1, (bomb_cell / 15) as i32);
    assert_eq!(game.tiles().get(right), Some(&koth_bomberman::Tile::Empty));
    let to = 2 * 3;
    moves[0] = walk(&game, to);
    game.step(&moves, &mut rng, &mut events).unwrap();
    let t = tensor(&game, 0);
    assert!(
        t[4 * area + bomb_cell] > 0.9 && t[4 * area + bomb_cell] < 1.0,
        "a fresh bomb"
    );
    assert_eq!(t[5 * area + bomb_cell], 1.0, "its reach");
    let offset = (
        t[8 * area + cell_of(&game, 0)],
        t[9 * area + cell_of(&game, 0)],
    );
    assert_ne!(offset, (0.0, 0.0), "moved off the centre: {offset:?}");
    assert_eq!(
        t[14 * area + cell_of(&game, 0)],
        0.0,
        "no bomb left to drop"
    );
    assert!(t[18 * area] > 0.0);
}
