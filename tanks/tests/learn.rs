//! Tanks as a learning environment: action ids, masks, rewards and saved states.

use koth_engine_core::testing::{check_learn, check_tensor};
use koth_engine_core::{Dir4, Game, Learn, PlayerId, SeedableRng, Tensor};
use koth_tanks::{Action, Config, Tanks};
use rand_pcg::Pcg64Mcg;

/// Random games by the masks, 2 to 6 tanks: ids round-trip, the masks are the legal actions,
/// chosen ids are accepted, and a match's rewards add up to its normalized score.
#[test]
fn action_ids_and_masks_agree_with_the_rules() {
    for players in [2, 4, 6] {
        check_learn::<Tanks>(&Config::default(), players, 16, 400, true);
    }
}

#[test]
fn the_action_ids_are_the_documented_table() {
    let game = Tanks::new(&Config::default(), 3, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
    assert_eq!(game.num_actions(), 9);
    let dirs = [Dir4::Up, Dir4::Right, Dir4::Down, Dir4::Left];
    assert_eq!(game.action(0), Some(Action::Idle));
    for (k, d) in dirs.into_iter().enumerate() {
        assert_eq!(game.action(1 + k), Some(Action::Move(d)));
        assert_eq!(game.action(5 + k), Some(Action::Shoot(d)));
        assert_eq!(game.action_id(&Action::Shoot(d)), Some(5 + k));
    }
    let mut mask = [false; 9];
    game.legal_mask(PlayerId(2), &mut mask);
    assert_eq!(mask, [true; 9]);
}

/// A state saved mid-match and restored is the same state, and goes on to the same end.
#[cfg(feature = "serde")]
#[test]
fn a_saved_state_continues_to_the_same_end() {
    use koth_engine_core::testing::check_restored_state_continues;
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut game = Tanks::new(&Config::default(), 4, &mut rng).unwrap();
    let mut chooser = Pcg64Mcg::seed_from_u64(6);
    let mut pick = |game: &Tanks| -> Vec<Action> {
        game.to_act()
            .players()
            .iter()
            .map(|_| Action::ALL[koth_engine_core::draw::index(&mut chooser, 9)])
            .collect()
    };
    let mut events = Vec::new();
    for _ in 0..30 {
        if game.outcome().is_some() {
            break;
        }
        let actions = pick(&game);
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
    let saved = serde_json::to_string(&game).unwrap();
    check_restored_state_continues(
        game,
        rng,
        |g| serde_json::to_string(g).unwrap(),
        |text| serde_json::from_str(text).unwrap(),
        pick,
        1000,
    );
    // A state whose parts disagree is refused, not built.
    let broken = saved.replacen("\"side\":", "\"side\":0,\"x\":", 1);
    assert!(serde_json::from_str::<Tanks>(&broken).is_err());
}

/// The tensor check on random matches of 2, 4 and 6 tanks: `[3, side, side]`, all written,
/// finite, the same for a copy.
#[test]
fn tensor_is_shaped_and_written_whole() {
    for players in [2, 4, 6] {
        check_tensor::<Tanks>(&Config::default(), players, 12, 200);
    }
}

/// Each player's tensor has its tank at the centre and every other living tank at its
/// wrapped offset; a tank that moves changes the others' tensors.
#[test]
fn tensor_centres_the_player_and_shows_the_others() {
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let mut game = Tanks::new(&Config::default(), 5, &mut rng).unwrap();
    let side = usize::from(game.side());
    assert_eq!(game.obs_shape(), [3, side, side]);
    let tensor = |game: &Tanks, p: PlayerId| {
        let mut t = vec![0.0; game.obs_len()];
        game.write_obs(p, &mut t);
        t
    };
    let area = side * side;
    let centre = (side / 2) as i32;
    for p in PlayerId::all(5) {
        let t = tensor(&game, p);
        let me = game.position(p).unwrap();
        assert_eq!(t[(side / 2) * side + side / 2], 1.0);
        assert_eq!(t[..area].iter().sum::<f32>(), 1.0);
        assert_eq!(t[area..2 * area].iter().sum::<f32>(), 4.0);
        for q in PlayerId::all(5).filter(|&q| q != p) {
            let at = game.position(q).unwrap();
            let row = (at.y - me.y + centre).rem_euclid(side as i32) as usize;
            let col = (at.x - me.x + centre).rem_euclid(side as i32) as usize;
            assert_eq!(t[area + row * side + col], 1.0, "{p:?} sees {q:?}");
        }
    }
    // Player 0 moves (the others stay): every tank's planes of tanks change (player 0 sees
    // the others at new offsets). The tick plane is left out: it changes anyway.
    let tanks = |game: &Tanks, p| tensor(game, p)[..2 * area].to_vec();
    let before: Vec<Vec<f32>> = PlayerId::all(5).map(|p| tanks(&game, p)).collect();
    let mut actions = vec![Action::Idle; 5];
    for dir in [Dir4::Up, Dir4::Right, Dir4::Down, Dir4::Left] {
        actions[0] = Action::Move(dir);
        let mut moved = game.clone();
        moved.step(&actions, &mut rng, &mut Vec::new()).unwrap();
        if moved.position(PlayerId(0)) != game.position(PlayerId(0)) {
            game = moved;
            break;
        }
    }
    assert_ne!(game.position(PlayerId(0)), None);
    for p in PlayerId::all(5) {
        assert_ne!(tanks(&game, p), before[p.index()], "{p:?}");
    }
}
