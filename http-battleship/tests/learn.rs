//! Battleship as a learning environment: action ids, masks, placement by the environment,
//! rewards and saved states.

use koth_engine_core::testing::check_learn;
use koth_engine_core::{Game, Learn, PlayerId, SeedableRng};
use koth_http_battleship::{Action, Battleship, Config, Phase};
use rand_pcg::Pcg64Mcg;

/// Random games by the masks, the fleets placed by the environment: ids round-trip, the masks
/// are the legal actions, chosen ids are accepted, shots during placement are refused, and a
/// match's rewards add up to its normalized score.
#[test]
fn action_ids_and_masks_agree_with_the_rules() {
    check_learn::<Battleship>(&Config::default(), 2, 32, 400, true);
}

#[test]
fn the_action_ids_are_the_cells_row_by_row() {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut game = Battleship::new(&Config::default(), 2, &mut rng).unwrap();
    assert_eq!(game.num_actions(), 100);
    assert_eq!(game.action(23), Some(Action::Shoot { x: 3, y: 2 }));
    assert_eq!(game.action_id(&Action::Shoot { x: 9, y: 9 }), Some(99));
    assert_eq!(game.action_id(&Action::Shoot { x: 10, y: 0 }), None);
    assert_eq!(game.action(100), None);
    // Placing: no id applies; the environment places a legal fleet for each player.
    let mut mask = [true; 100];
    let mut events = Vec::new();
    for p in [PlayerId(0), PlayerId(1)] {
        game.legal_mask(p, &mut mask);
        assert_eq!(mask, [false; 100]);
        let place = game
            .env_action(p, &mut rng)
            .expect("the environment places");
        game.step(&[place], &mut rng, &mut events).unwrap();
    }
    assert_eq!(game.phase(), Phase::Shooting);
    assert_eq!(game.env_action(PlayerId(0), &mut rng), None);
    game.legal_mask(PlayerId(0), &mut mask);
    assert_eq!(mask, [true; 100]);
    game.legal_mask(PlayerId(1), &mut mask);
    assert_eq!(mask, [false; 100], "not player 1's turn");
}

/// A state saved mid-match and restored is the same state and goes on to the same end; a
/// saved state whose shots do not give their recorded results is refused.
#[cfg(feature = "serde")]
#[test]
fn a_saved_state_continues_to_the_same_end() {
    use koth_engine_core::testing::check_restored_state_continues;
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut game = Battleship::new(&Config::default(), 2, &mut rng).unwrap();
    let mut events = Vec::new();
    for p in [PlayerId(0), PlayerId(1)] {
        let place = game.env_action(p, &mut rng).unwrap();
        game.step(&[place], &mut rng, &mut events).unwrap();
    }
    // Both sweep the grid row by row, player 1 from the other end.
    let shot = |game: &Battleship| {
        let p = game.next_player().unwrap();
        let k = game.shots(p).len();
        let id = if p == PlayerId(0) { k } else { 99 - k };
        game.action(id).unwrap()
    };
    for _ in 0..60 {
        let a = shot(&game);
        game.step(&[a], &mut rng, &mut events).unwrap();
    }
    assert!(game.outcome().is_none());
    let saved = serde_json::to_string(&game).unwrap();
    check_restored_state_continues(
        game,
        rng,
        |g| serde_json::to_string(g).unwrap(),
        |text| serde_json::from_str(text).unwrap(),
        |g| vec![shot(g)],
        1000,
    );
    let lied = saved.replacen("\"miss\"", "\"sunk\"", 1);
    assert_ne!(lied, saved);
    assert!(serde_json::from_str::<Battleship>(&lied).is_err());
}
