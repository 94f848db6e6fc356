//! Battleship as a learning environment: action ids, masks, placement by the environment,
//! rewards and saved states.

use koth_engine_core::testing::{check_determinize, check_learn, check_tensor};
use koth_engine_core::{Determinize, Game, Learn, PlayerId, SeedableRng, Tensor};
use koth_http_battleship::determinize::InfoState;
use koth_http_battleship::{
    Action, Battleship, Cell, Config, Observation, Phase, Placement, ShotRecord, ShotResult,
};
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

/// A match with these fleets (spans as in the wire) and these shots, alternating from
/// player 0.
fn match_with(fleets: [&[&str]; 2], shots: &[(u32, u32)]) -> Battleship {
    let config = Config::default();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut game = Battleship::new(&config, 2, &mut rng).unwrap();
    let mut events = Vec::new();
    for fleet in fleets {
        let place = Action::Place(Placement::parse(fleet.iter().copied()).unwrap());
        game.step(&[place], &mut rng, &mut events).unwrap();
    }
    for &(x, y) in shots {
        game.step(&[Action::Shoot { x, y }], &mut rng, &mut events)
            .unwrap();
    }
    game
}

const FLEET_A: [&str; 5] = ["0,0-4,0", "0,2-3,2", "0,4-2,4", "0,6-2,6", "0,8-1,8"];
const FLEET_B: [&str; 5] = ["9,0-9,4", "7,0-7,3", "5,5-7,5", "5,7-7,7", "5,9-6,9"];

fn tensor(game: &Battleship, p: u8) -> Vec<f32> {
    let mut t = vec![f32::NAN; game.obs_len()];
    game.write_obs(PlayerId(p), &mut t);
    t
}

/// Random matches: every entry written, finite, and the same for a copy.
#[test]
fn tensor_is_shaped_and_written_whole() {
    check_tensor::<Battleship>(&Config::default(), 2, 16, 300);
}

/// The planes show the player's shots by their first result, its fleet and the shots at it,
/// never the opponent's fleet: two matches that differ only where the player has not shot
/// give it the same tensor.
#[test]
fn tensor_shows_the_players_view_only() {
    // Player 0 misses at (5,0), hits (9,0), sinks nothing; player 1 hits (0,0) and (1,0).
    let game = match_with([&FLEET_A, &FLEET_B], &[(5, 0), (0, 0), (9, 0), (1, 0)]);
    assert_eq!(game.obs_shape(), [7, 10, 10]);
    let t = tensor(&game, 0);
    let at = |plane: usize, x: usize, y: usize| t[plane * 100 + y * 10 + x];
    assert_eq!((at(0, 5, 0), at(1, 5, 0)), (1.0, 0.0), "a miss");
    assert_eq!((at(0, 9, 0), at(1, 9, 0)), (0.0, 1.0), "a hit");
    assert_eq!(at(3, 0, 0) + at(3, 4, 0) + at(3, 1, 8), 3.0, "own ships");
    assert_eq!(
        t[300..400].iter().sum::<f32>(),
        17.0,
        "the fleet's 17 cells"
    );
    assert_eq!((at(4, 0, 0), at(4, 1, 0), at(4, 2, 0)), (1.0, 1.0, 0.0));
    assert_eq!(at(5, 3, 3), 2.0 / 200.0, "two shots of 200");
    assert_eq!(at(6, 7, 7), 1.0, "player 0 shoots next");
    assert_eq!(tensor(&game, 1)[600], 0.0);
    // Player 1's ship of 3 moved where player 0 never shot: the same tensor for player 0.
    let mut moved = FLEET_B;
    moved[2] = "5,4-7,4";
    let other = match_with([&FLEET_A, &moved], &[(5, 0), (0, 0), (9, 0), (1, 0)]);
    assert_eq!(tensor(&other, 0), t);
    assert_ne!(tensor(&other, 1), tensor(&game, 1), "its owner sees it");
    // A repeat shot at a sunk ship keeps the cell's first result.
    let sunk = match_with(
        [&FLEET_A, &FLEET_B],
        &[(5, 9), (9, 9), (6, 9), (9, 9), (5, 9)],
    );
    let s = tensor(&sunk, 0);
    assert_eq!(
        (s[200 + 95], s[200 + 96]),
        (0.0, 1.0),
        "(6,9) sank the ship"
    );
    assert_eq!(
        (s[95], s[100 + 95]),
        (0.0, 1.0),
        "(5,9) first hit, then missed"
    );
}

/// Random matches: at every state, fleets sampled from either player's view give that
/// player exactly what it saw (its shots' results, its fleet, the shots at it), at the same
/// turn, and the sampled match plays on.
#[test]
fn determinized_states_are_consistent_with_the_view() {
    check_determinize::<Battleship>(&Config::default(), 2, 12, 300, 2);
}

/// Smaller grids and fleets of every length, where sinkings pin the ships down more.
#[test]
fn determinized_states_on_crowded_grids() {
    let config = Config {
        width: 6,
        height: 6,
        ships: [2, 1, 1, 1, 0, 0],
        shot_limit: None,
    };
    check_determinize::<Battleship>(&config, 2, 24, 200, 3);
}

/// The sampled fleets keep what was seen and vary in what was not; a view no fleet explains
/// gives nothing.
#[test]
fn determinized_fleets_vary_where_nothing_was_seen() {
    let game = match_with([&FLEET_A, &FLEET_B], &[(5, 9), (9, 9), (6, 9), (9, 8)]);
    let view = game.info_state(PlayerId(0));
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let mut fleets = Vec::new();
    for _ in 0..20 {
        let sample = Battleship::sample_state(&view, &mut rng).expect("a consistent fleet");
        let fleet = sample.fleet(PlayerId(1)).unwrap().clone();
        // The ship of 2 sunk at (5,9)-(6,9) is in every sample.
        let spans = Placement::from(&fleet).to_string();
        assert!(spans.contains("5,9-6,9"), "{spans}");
        assert_eq!(sample.fleet(PlayerId(0)), game.fleet(PlayerId(0)));
        fleets.push(fleet);
    }
    fleets.sort_by_key(|f| Placement::from(f).to_string());
    fleets.dedup();
    assert!(fleets.len() > 10, "{} different fleets of 20", fleets.len());
    // A first shot that sinks: the default fleet has no ship of one cell.
    let config = Config::default();
    let lie = InfoState {
        observation: Observation::new(
            PlayerId(0),
            config,
            Phase::Shooting,
            vec![ShotRecord {
                at: Cell::new(0, 0),
                result: ShotResult::Sunk,
            }],
            vec![],
        ),
        fleet: game.fleet(PlayerId(0)).cloned(),
        turn: 3,
    };
    assert!(Battleship::sample_state(&lie, &mut rng).is_none());
}
