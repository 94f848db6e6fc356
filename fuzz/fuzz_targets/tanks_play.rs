//! Random tank battles: the bytes choose the players, the side, the tick limit and then one
//! action per living tank per tick.
//!
//! Invariants checked on every tick:
//! - no two living tanks share a square, and every living tank is on the board;
//! - a refused step (wrong number of actions, or after the end) changes nothing;
//! - a tank destroyed stays destroyed, and `destroyed_at` is the tick it went;
//! - the outcome is present exactly when the game is over; places are 1..=N with survivors
//!   first, and kills stay within the score bounds.
#![no_main]

use koth_engine_core::{Coord, Game, PlayerId, SeedableRng, StepError};
use koth_tanks::{Action, Config, Tanks};
use libfuzzer_sys::fuzz_target;
use rand_pcg::Pcg64Mcg;

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let (head, steps) = data.split_at(4);
    let players = 2 + usize::from(head[0] % 9);
    let side = players as u16 + u16::from(head[1] % 4);
    let config = Config {
        side: Some(side),
        max_ticks: 1 + u32::from(head[2] % 64),
        ..Config::default()
    };
    let mut rng = Pcg64Mcg::seed_from_u64(u64::from(head[3]));
    let mut game = Tanks::new(&config, players, &mut rng).expect("a valid folded config");
    let mut events = Vec::new();
    let mut steps = steps.iter().copied();
    loop {
        let over = game.to_act().is_over();
        assert_eq!(game.outcome().is_some(), over);
        let living: Vec<PlayerId> = game.living().to_vec();
        let mut seen: Vec<Coord> = Vec::new();
        for &p in &living {
            let at = game.position(p).expect("a living tank has a square");
            assert!(at.x >= 0 && at.y >= 0 && at.x < side as i32 && at.y < side as i32);
            assert!(!seen.contains(&at), "two tanks on {at}");
            seen.push(at);
        }
        if over {
            let outcome = game.outcome().unwrap();
            let (lo, hi) = game.score_bounds();
            for p in PlayerId::all(players) {
                let place = outcome.place(p);
                assert!((1..=players as u32).contains(&place));
                if game.is_alive(p) {
                    assert_eq!(place, 1);
                }
                assert!((lo..=hi).contains(&outcome.score(p)));
            }
            let before = game.clone();
            let got = game.step(&[], &mut rng, &mut events);
            assert!(matches!(got, Err(StepError::GameOver)));
            assert_eq!(game, before);
            return;
        }
        let Some(b) = steps.next() else { return };
        if b == 255 {
            let before = game.clone();
            let n = events.len();
            let got = game.step(&vec![Action::Idle; living.len() + 1], &mut rng, &mut events);
            assert!(matches!(got, Err(StepError::WrongActionCount { .. })));
            assert_eq!(game, before);
            assert_eq!(events.len(), n);
            continue;
        }
        let actions: Vec<Action> = living
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let k = (usize::from(b) + i * 7 + usize::from(steps.clone().next().unwrap_or(0)))
                    % Action::ALL.len();
                Action::ALL[k]
            })
            .collect();
        let tick = game.turn() + 1;
        events.clear();
        game.step(&actions, &mut rng, &mut events)
            .expect("every action is legal");
        for &p in &living {
            if !game.is_alive(p) {
                assert_eq!(game.destroyed_at(p), Some(tick));
            }
        }
    }
});
