//! Arbitrary matches: the bytes choose a config and then one joint action per byte.
//!
//! Byte layout: 6 config bytes (max turns, health, honour, god-sword threshold, damage, god
//! damage, each folded into a small range), then one byte per step: `b < 216` is the joint
//! action `(ALL[b % 6], ALL[b / 6 % 6])`; `b >= 216` is a joint action of the wrong length.
//! Bytes left after the end keep being fed to check that a finished match refuses them.
//!
//! Invariants checked on every step:
//! - honour changes by at most 1 per samurai and turn (exactly as the action dictates), health
//!   only by 0, the damage or the god damage, for at most one samurai, and only when struck;
//! - a refused step (`WrongActionCount`, `GameOver`) leaves the state and events unchanged;
//! - the turn count never passes `max_turns`, and the match is over once it reaches it;
//! - an outcome is present exactly when the match is over, and the end event appears once.
#![no_main]

use koth_engine_core::{Game, PlayerId, SeedableRng, StepError};
use libfuzzer_sys::fuzz_target;
use rand_pcg::Pcg64Mcg;
use koth_samurai::{Action, Config, Event, Samurai};

fuzz_target!(|data: &[u8]| {
    if data.len() < 6 {
        return;
    }
    let (head, steps) = data.split_at(6);
    let config = Config {
        max_turns: 1 + u32::from(head[0]) * 2,
        health: 1 + i32::from(head[1] % 30),
        honour: i32::from(head[2] % 12),
        god_sword_honour: i32::from(head[3] % 12),
        damage: 1 + i32::from(head[4] % 3),
        god_damage: 1 + i32::from(head[5] % 5),
    };
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut duel = Samurai::new(&config, 2, &mut rng).expect("the folded config is valid");
    let mut events = Vec::new();
    let mut ends = 0;
    let players = [PlayerId(0), PlayerId(1)];

    for &b in steps {
        let before = duel.clone();
        let events_before = events.len();
        let over = duel.end().is_some();
        assert_eq!(duel.to_act().is_over(), over);
        assert_eq!(duel.outcome().is_some(), over);
        assert!(duel.turn() <= config.max_turns);
        assert!(over || duel.turn() < config.max_turns);

        if b >= 216 {
            let len = [0, 1, 3, 4][usize::from(b - 216) % 4];
            let actions = vec![Action::Wait; len];
            let got = duel.step(&actions, &mut rng, &mut events);
            let expected = if over {
                StepError::GameOver
            } else {
                StepError::WrongActionCount {
                    expected: 2,
                    got: len,
                }
            };
            assert_eq!(got, Err(expected));
            assert_eq!(duel, before);
            assert_eq!(events.len(), events_before);
            continue;
        }

        let actions = [
            Action::ALL[usize::from(b % 6)],
            Action::ALL[usize::from(b / 6 % 6)],
        ];
        let result = duel.step(&actions, &mut rng, &mut events);
        if over {
            assert_eq!(result, Err(StepError::GameOver));
            assert_eq!(duel, before);
            assert_eq!(events.len(), events_before);
            continue;
        }
        result.expect("every joint action is legal while the match runs");
        assert_eq!(duel.turn(), before.turn() + 1);

        let new_events = &events[events_before..];
        for (me, &p) in players.iter().enumerate() {
            let them = players[1 - me];
            let action = actions[me];
            let guarded_before = before.history(p).last() == Some(&Action::Guard);
            let expected_honour = match action {
                Action::Bow => 1,
                Action::Guard if guarded_before => -1,
                Action::Guard | Action::Wait => 0,
                _ => -1,
            };
            assert_eq!(duel.honour(p) - before.honour(p), expected_honour);
            let damage = before.health(p) - duel.health(p);
            let enemy_struck = actions[1 - me].is_strike();
            assert!(
                damage == 0
                    || (enemy_struck && (damage == config.damage || damage == config.god_damage)),
                "{p} lost {damage} to {:?}",
                actions
            );
            if action == Action::Guard {
                assert_eq!(damage, 0, "a guard blocks every strike");
            }
            if damage != 0 {
                let god = before.honour(them) >= config.god_sword_honour;
                let expected = if god {
                    config.god_damage
                } else {
                    config.damage
                };
                assert_eq!(damage, expected);
                assert!(new_events.contains(&Event::Hit { player: p, damage }));
            }
            assert_eq!(duel.history(p).len() as u32, duel.turn());
            assert_eq!(duel.history(p).last(), Some(&action));
        }
        let damaged = players
            .iter()
            .filter(|&&p| duel.health(p) != before.health(p))
            .count();
        assert!(damaged <= 1, "only one samurai can be hit in a turn");

        let ended_now = new_events
            .iter()
            .filter(|e| matches!(e, Event::Ended(_)))
            .count();
        ends += ended_now;
        assert_eq!(ended_now == 1, duel.end().is_some());
        if let Some(end) = duel.end() {
            assert_eq!(new_events.last(), Some(&Event::Ended(end)));
        }
        if duel.turn() == config.max_turns {
            assert!(duel.end().is_some(), "the match must be over at max_turns");
        }
    }
    assert!(ends <= 1);
    assert_eq!(duel.outcome().is_some(), duel.end().is_some());
});
