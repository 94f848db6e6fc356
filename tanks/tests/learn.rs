//! Tanks as a learning environment: action ids, masks, rewards and saved states.

use koth_engine_core::testing::{check_learn, check_restored_state_continues};
use koth_engine_core::{Dir4, Game, Learn, PlayerId, SeedableRng};
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
