//! Samurai as a learning environment: action ids, masks, rewards and saved states.

use koth_engine_core::testing::{check_learn, check_tensor};
use koth_engine_core::{Game, Learn, PlayerId, SeedableRng, Tensor};
use koth_samurai::{Action, Config, Samurai};
use rand_pcg::Pcg64Mcg;

/// Random games by the masks: ids round-trip, the masks are the legal actions, chosen ids are
/// accepted, and the rewards of a game add up to its normalized score.
#[test]
fn action_ids_and_masks_agree_with_the_rules() {
    check_learn::<Samurai>(&Config::default(), 2, 64, 600, true);
}

#[test]
fn the_action_ids_are_the_documented_table() {
    let game = Samurai::new(&Config::default(), 2, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
    assert_eq!(game.num_actions(), 6);
    // The table of the crate docs, by the protocol's letters.
    for (id, letter) in "WBGIPO".chars().enumerate() {
        let action = Action::from_letter(letter).unwrap();
        assert_eq!(game.action(id), Some(action));
        assert_eq!(game.action_id(&action), Some(id));
    }
    let mut mask = [false; 6];
    game.legal_mask(PlayerId(1), &mut mask);
    assert_eq!(mask, [true; 6]);
}

/// A win pays 1 on the last turn, the loss -1, nothing before.
#[test]
fn rewards_pay_the_result_when_the_duel_ends() {
    let mut game = Samurai::new(&Config::default(), 2, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let mut events = Vec::new();
    let mut totals = [0f32; 2];
    let mut rewards = [0f32; 2];
    // Player 0 bows to the Sword of the Gods, then strikes a waiting enemy to death.
    while game.outcome().is_none() {
        let a = if game.honour(PlayerId(0)) < 8 {
            Action::Bow
        } else {
            Action::QuickDraw
        };
        events.clear();
        game.step(&[a, Action::Wait], &mut rng, &mut events)
            .unwrap();
        game.rewards(&events, &mut rewards);
        if game.outcome().is_none() {
            assert_eq!(rewards, [0.0, 0.0]);
        }
        totals[0] += rewards[0];
        totals[1] += rewards[1];
    }
    assert_eq!(totals, [1.0, -1.0]);
}

/// A state saved mid-game and restored is the same state, and goes on to the same end.
#[cfg(feature = "serde")]
#[test]
fn a_saved_state_continues_to_the_same_end() {
    use koth_engine_core::testing::check_restored_state_continues;
    let mut game = Samurai::new(&Config::default(), 2, &mut Pcg64Mcg::seed_from_u64(3)).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    // Bows and guards with a strike now and then: the duel lasts.
    let plan = |t: u32| {
        [
            [Action::Bow, Action::Guard, Action::Bow, Action::Parry][t as usize % 4],
            [Action::Guard, Action::Bow, Action::Overhead, Action::Wait][t as usize % 4],
        ]
    };
    let mut events = Vec::new();
    for t in 0..15 {
        game.step(&plan(t), &mut rng, &mut events).unwrap();
    }
    assert!(game.outcome().is_none(), "saved mid-game");
    let mut t = 15;
    check_restored_state_continues(
        game,
        rng,
        |g| serde_json::to_string(g).unwrap(),
        |text| serde_json::from_str(text).unwrap(),
        |_| {
            t += 1;
            plan(t - 1).to_vec()
        },
        1000,
    );
}

/// The tensor check on random duels: 47 entries, all written, finite, the same for a copy.
#[test]
fn tensor_is_shaped_and_written_whole() {
    check_tensor::<Samurai>(&Config::default(), 2, 32, 600);
}

/// What a samurai sees changes its tensor: its own and the enemy's last actions, and the
/// health and honour they lead to; the two sides see mirror images.
#[test]
fn tensors_differ_as_what_the_player_sees_differs() {
    let new = || Samurai::new(&Config::default(), 2, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
    let tensor = |game: &Samurai, p: u8| {
        let mut t = vec![0.0; game.obs_len()];
        game.write_obs(PlayerId(p), &mut t);
        t
    };
    assert_eq!(new().obs_shape(), [47, 1, 1]);
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let (mut a, mut b) = (new(), new());
    a.step(&[Action::Bow, Action::Guard], &mut rng, &mut Vec::new())
        .unwrap();
    b.step(&[Action::Bow, Action::Wait], &mut rng, &mut Vec::new())
        .unwrap();
    assert_ne!(
        tensor(&a, 0),
        tensor(&b, 0),
        "the enemy's last action shows"
    );
    assert_ne!(tensor(&a, 1), tensor(&b, 1), "its own last action shows");
    let mut c = new();
    c.step(&[Action::Bow, Action::Guard], &mut rng, &mut Vec::new())
        .unwrap();
    assert_eq!(
        tensor(&a, 0),
        tensor(&c, 0),
        "the same duel, the same tensor"
    );
    // Mirror images: player 0's own entries are player 1's enemy entries.
    let (t0, t1) = (tensor(&a, 0), tensor(&a, 1));
    assert_eq!(t0[5..26], t1[26..47]);
    assert_eq!((t0[2], t0[3]), (t1[3], t1[2]));
}

/// The tensor's last-action entries (5 to 46) are the ends of the histories, every turn of
/// random duels, and in a duel rebuilt from an observation: the state keeps the last actions
/// beside the histories, and the two must never part.
#[test]
fn tensor_last_actions_are_the_histories_ends() {
    let config = Config::default();
    let expected = |game: &Samurai, p: u8| {
        let mut t = [0f32; 42];
        for (side, q) in [p, 1 - p].into_iter().enumerate() {
            let history = game.history(PlayerId(q));
            for back in 0..3 {
                let slot = match history.len().checked_sub(back + 1) {
                    Some(i) => history[i] as usize,
                    None => 6,
                };
                t[(side * 3 + back) * 7 + slot] = 1.0;
            }
        }
        t
    };
    let check = |game: &Samurai| {
        for p in 0..2u8 {
            let mut t = vec![0.0; game.obs_len()];
            game.write_obs(PlayerId(p), &mut t);
            assert_eq!(t[5..], expected(game, p), "turn {}, seat {p}", game.turn());
        }
    };
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut events = Vec::new();
    let mut game = Samurai::new(&config, 2, &mut rng).unwrap();
    for _ in 0..30 {
        check(&game);
        while game.outcome().is_none() {
            let pick = koth_engine_core::RngCore::next_u32(&mut rng) as usize % 36;
            game.step(
                &[Action::ALL[pick / 6], Action::ALL[pick % 6]],
                &mut rng,
                &mut events,
            )
            .unwrap();
            check(&game);
            let rebuilt = Samurai::from_observation(&config, &game.observe(PlayerId(1)));
            check(&rebuilt);
        }
        game.restart(&config, 2, &mut rng).unwrap();
    }
}
