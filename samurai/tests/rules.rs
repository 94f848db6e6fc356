//! Rule cases: one test per sentence of the rulebook (`RULES.md`), named after the rule.
//!
//! Every position is reached by playing real turns from a fresh duel.

use koth_engine_core::{Game, OutcomeKind, PlayerId, SeedableRng, StepError, ToAct};
use koth_samurai::{Action, Config, ConfigError, End, EndReason, Event, Samurai, Scenario};
use rand_pcg::Pcg64Mcg;

use Action::{Bow as B, Guard as G, Overhead as O, Parry as P, QuickDraw as I, Wait as W};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn duel(config: &Config) -> Samurai {
    Samurai::new(config, 2, &mut Pcg64Mcg::seed_from_u64(0)).expect("valid config")
}

/// Plays `turns` through [`Game::step`]; returns the events of the last turn.
fn play(duel: &mut Samurai, turns: &[[Action; 2]]) -> Vec<Event> {
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = Vec::new();
    for (i, actions) in turns.iter().enumerate() {
        assert_eq!(
            duel.end(),
            None,
            "the match ended before turn {} of {}",
            i + 1,
            turns.len()
        );
        events.clear();
        duel.step(actions, &mut rng, &mut events).unwrap();
    }
    events
}

fn state(duel: &Samurai) -> ([i32; 2], [i32; 2]) {
    (
        [duel.health(P0), duel.health(P1)],
        [duel.honour(P0), duel.honour(P1)],
    )
}

fn ended(winner: Option<PlayerId>, reason: EndReason) -> Option<End> {
    Some(End { winner, reason })
}

// ---------------------------------------------------------------- match start

#[test]
fn each_samurai_starts_with_20_health_and_1_honour() {
    let d = duel(&Config::default());
    assert_eq!(state(&d), ([20, 20], [1, 1]));
    assert_eq!(d.turn(), 0);
    assert_eq!(d.to_act(), ToAct::Simultaneous(&[P0, P1]));
    assert_eq!(d.outcome(), None);
}

// ---------------------------------------------------------------- end of match

#[test]
fn struck_by_the_gods_beats_health_0() {
    // P1 strikes 18 times, bowing back to 1 honour after each, then twice more: the last
    // strike takes P0 to 0 health and P1 to -1 honour in the same turn.
    let mut d = duel(&Config::default());
    let mut turns = Vec::new();
    for _ in 0..18 {
        turns.push([W, I]);
        turns.push([W, B]);
    }
    turns.push([W, I]);
    play(&mut d, &turns);
    assert_eq!(state(&d), ([1, 20], [1, 0]));
    let events = play(&mut d, &[[W, O]]);
    assert_eq!(state(&d), ([0, 20], [1, -1]));
    assert_eq!(d.end(), ended(Some(P0), EndReason::StruckByGods));
    assert_eq!(events.last(), Some(&Event::Ended(d.end().unwrap())));
    let outcome = d.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(P0));
    assert_eq!(outcome.scores().values(), &[2, 0]);
}

#[test]
fn struck_by_the_gods_beats_health_below_0_with_the_seats_swapped() {
    // One-health samurai from 0 honour: P0's strike kills P1 and dishonours P0.
    let config = Config {
        health: 1,
        honour: 0,
        ..Config::default()
    };
    let mut d = duel(&config);
    play(&mut d, &[[P, B]]);
    assert_eq!(state(&d), ([1, 0], [-1, 1]));
    assert_eq!(d.end(), ended(Some(P1), EndReason::StruckByGods));
}

#[test]
fn both_below_0_honour_is_a_draw() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[I, I]]);
    assert_eq!(state(&d), ([20, 20], [0, 0]));
    assert_eq!(d.end(), None);
    let events = play(&mut d, &[[O, P]]);
    assert_eq!(state(&d), ([20, 19], [-1, -1]));
    assert_eq!(d.end(), ended(None, EndReason::BothStruckByGods));
    assert_eq!(events.last(), Some(&Event::Ended(d.end().unwrap())));
    let outcome = d.outcome().unwrap();
    assert_eq!(outcome.kind(), OutcomeKind::Draw);
    assert_eq!(outcome.scores().values(), &[1, 1]);
}

#[test]
fn both_below_0_honour_is_a_draw_even_when_one_is_slain() {
    let config = Config {
        health: 1,
        ..Config::default()
    };
    let mut d = duel(&config);
    play(&mut d, &[[I, I], [O, I]]);
    assert_eq!(state(&d), ([0, 1], [-1, -1]));
    assert_eq!(d.end(), ended(None, EndReason::BothStruckByGods));
}

#[test]
fn health_0_or_below_dies_and_the_other_wins() {
    let config = Config {
        health: 2,
        ..Config::default()
    };
    let mut d = duel(&config);
    play(&mut d, &[[W, I], [W, B]]);
    assert_eq!(d.end(), None);
    assert_eq!(state(&d), ([1, 2], [1, 1]));
    play(&mut d, &[[B, P]]);
    assert_eq!(state(&d), ([0, 2], [2, 0]));
    assert_eq!(d.end(), ended(Some(P1), EndReason::Slain));
    assert_eq!(d.outcome().unwrap().winner(), Some(P1));
}

#[test]
fn health_can_go_below_0_and_is_reported() {
    // P1 takes P0 to 19 with a normal strike, bows to 7, then trades god-sword strikes (2
    // damage, honour 7 -> 6) for bows until P0 is at 1; the last god-sword strike leaves -1.
    let mut d = duel(&Config::default());
    let mut turns = vec![[W, I]];
    turns.extend([[W, B]; 7]);
    for _ in 0..9 {
        turns.push([W, O]);
        turns.push([W, B]);
    }
    play(&mut d, &turns);
    assert_eq!(state(&d), ([1, 20], [1, 7]));
    let events = play(&mut d, &[[B, P]]);
    assert_eq!(state(&d), ([-1, 20], [2, 6]));
    assert!(events.contains(&Event::Hit {
        player: P0,
        damage: 2
    }));
    assert_eq!(d.end(), ended(Some(P1), EndReason::Slain));
    assert_eq!(d.observe(P0).health, -1);
    assert_eq!(d.observe(P1).enemy_health, -1);
}

#[test]
fn the_gods_grow_bored_after_exactly_500_turns() {
    let mut d = duel(&Config::default());
    play(&mut d, &vec![[W, W]; 499]);
    assert_eq!(d.turn(), 499);
    assert_eq!(d.end(), None, "not over at turn 499");
    assert!(!d.to_act().is_over());
    assert_eq!(d.outcome(), None);
    let events = play(&mut d, &[[W, W]]);
    assert_eq!(d.turn(), 500);
    let end = End {
        winner: None,
        reason: EndReason::GodsBored,
    };
    assert_eq!(d.end(), Some(end));
    assert_eq!(events, vec![Event::Ended(end)]);
    assert_eq!(d.to_act(), ToAct::Nobody);
    assert_eq!(d.outcome().unwrap().kind(), OutcomeKind::Draw);
}

#[test]
fn the_gods_grow_bored_after_a_custom_max_turns() {
    for max_turns in [1, 2, 7] {
        let config = Config {
            max_turns,
            ..Config::default()
        };
        let mut d = duel(&config);
        play(&mut d, &vec![[B, B]; max_turns as usize - 1]);
        assert_eq!(d.end(), None, "max_turns {max_turns}");
        play(&mut d, &[[B, B]]);
        assert_eq!(d.turn(), max_turns);
        assert_eq!(
            d.end(),
            ended(None, EndReason::GodsBored),
            "max_turns {max_turns}"
        );
    }
}

#[test]
fn a_death_on_the_last_turn_beats_the_gods_boredom() {
    let config = Config {
        max_turns: 1,
        health: 1,
        ..Config::default()
    };
    let mut d = duel(&config);
    play(&mut d, &[[O, P]]);
    assert_eq!(d.end(), ended(Some(P0), EndReason::Slain));

    let config = Config {
        max_turns: 2,
        ..Config::default()
    };
    let mut d = duel(&config);
    play(&mut d, &[[G, B], [G, B]]);
    assert_eq!(state(&d), ([20, 20], [0, 3]));
    let mut d = duel(&config);
    play(&mut d, &[[I, B], [I, B]]);
    assert_eq!(state(&d), ([20, 18], [-1, 3]));
    assert_eq!(d.end(), ended(Some(P1), EndReason::StruckByGods));
}

// ---------------------------------------------------------------- Sword of the Gods

#[test]
fn god_sword_threshold_is_read_before_this_turns_cost() {
    // Honour 7 at the start of the turn: the strike deals 2 though it drops honour to 6.
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, W]; 6]);
    assert_eq!(state(&d).1, [7, 1]);
    let events = play(&mut d, &[[I, W]]);
    assert_eq!(state(&d), ([20, 18], [6, 1]));
    assert_eq!(
        events,
        vec![
            Event::Struck {
                player: P0,
                action: I,
                god_sword: true
            },
            Event::Hit {
                player: P1,
                damage: 2
            },
        ]
    );
    // Now at 6: the next strike is a normal one.
    let events = play(&mut d, &[[O, B]]);
    assert_eq!(state(&d), ([20, 17], [5, 2]));
    assert!(events.contains(&Event::Struck {
        player: P0,
        action: O,
        god_sword: false
    }));
}

#[test]
fn god_sword_after_bowing_from_6_to_7() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, W]; 5]);
    assert_eq!(state(&d).1, [6, 1]);
    // Bowing to 7 while struck: the bow does not make this turn's strike divine.
    play(&mut d, &[[B, G]]);
    assert_eq!(state(&d).1, [7, 1]);
    let events = play(&mut d, &[[P, I]]);
    assert_eq!(state(&d), ([20, 18], [6, 0]));
    assert!(events.contains(&Event::Hit {
        player: P1,
        damage: 2
    }));
}

#[test]
fn honour_6_strikes_for_1_even_if_the_same_turn_bows_would_reach_7() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[W, B]; 5]);
    assert_eq!(state(&d).1, [1, 6]);
    // P0 bows to 2 while P1, at 6, strikes: 1 damage.
    play(&mut d, &[[B, O]]);
    assert_eq!(state(&d), ([19, 20], [2, 5]));
}

#[test]
fn honour_above_7_keeps_the_god_sword_for_several_strikes() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, W]; 8]);
    assert_eq!(state(&d).1, [9, 1]);
    let mut health = Vec::new();
    for _ in 0..4 {
        play(&mut d, &[[O, W]]);
        health.push(d.health(P1));
    }
    // Start honours 9, 8, 7 strike for 2; the fourth strike starts at 6 and deals 1.
    assert_eq!(health, vec![18, 16, 14, 13]);
    assert_eq!(state(&d).1, [5, 1]);
}

#[test]
fn god_sword_does_not_change_who_wins_a_clash() {
    // P0 has the Sword of the Gods and parries P1's normal overhead: overhead still wins.
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, W]; 6]);
    play(&mut d, &[[P, O]]);
    assert_eq!(state(&d), ([19, 20], [6, 0]));
    // And two god swords of the same strike: nothing.
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, B]; 6]);
    play(&mut d, &[[I, I]]);
    assert_eq!(state(&d), ([20, 20], [6, 6]));
}

#[test]
fn guard_blocks_the_sword_of_the_gods() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, W]; 6]);
    let events = play(&mut d, &[[O, G]]);
    assert_eq!(state(&d), ([20, 20], [6, 1]));
    assert_eq!(
        events,
        vec![Event::Struck {
            player: P0,
            action: O,
            god_sword: true
        }]
    );
}

#[test]
fn custom_god_sword_threshold_and_damage() {
    let config = Config {
        god_sword_honour: 2,
        damage: 3,
        god_damage: 5,
        ..Config::default()
    };
    let mut d = duel(&config);
    play(&mut d, &[[W, I]]);
    assert_eq!(state(&d), ([17, 20], [1, 0]));
    play(&mut d, &[[B, W], [I, W]]);
    assert_eq!(state(&d), ([17, 15], [1, 0]));
}

// ---------------------------------------------------------------- strikes and honour

#[test]
fn striking_at_0_honour_is_allowed_and_the_striker_is_struck_by_the_gods() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[I, G]]);
    assert_eq!(state(&d).1, [0, 1]);
    let events = play(&mut d, &[[O, W]]);
    // The strike still lands, then the gods strike P0 down.
    assert_eq!(state(&d), ([20, 19], [-1, 1]));
    assert_eq!(
        events,
        vec![
            Event::Struck {
                player: P0,
                action: O,
                god_sword: false
            },
            Event::Hit {
                player: P1,
                damage: 1
            },
            Event::Ended(End {
                winner: Some(P1),
                reason: EndReason::StruckByGods
            }),
        ]
    );
    assert_eq!(d.outcome().unwrap().winner(), Some(P1));
}

#[test]
fn a_strike_costs_honour_whatever_happens() {
    for (pair, expected) in [
        ([I, G], [0, 1]),
        ([I, I], [0, 0]),
        ([I, P], [0, 0]),
        ([I, O], [0, 0]),
        ([P, W], [0, 1]),
        ([O, B], [0, 2]),
    ] {
        let mut d = duel(&Config::default());
        play(&mut d, &[pair]);
        assert_eq!(state(&d).1, expected, "{pair:?}");
    }
}

#[test]
fn bow_gains_1_honour_even_when_struck() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, I]]);
    assert_eq!(state(&d), ([19, 20], [2, 0]));
}

#[test]
fn guard_costs_only_when_guarded_the_previous_turn() {
    let mut d = duel(&Config::default());
    let mut honours = Vec::new();
    for pair in [
        [G, B],
        [W, B],
        [G, B],
        [B, B],
        [G, B],
        [G, B],
        [G, B],
        [W, W],
        [G, W],
    ] {
        play(&mut d, &[pair]);
        honours.push(d.honour(P0));
    }
    // G (free), W, G (free), B (+1), G (free), G (-1), G (-1), W, G (free).
    assert_eq!(honours, vec![1, 1, 1, 2, 2, 1, 0, 0, 0]);
    assert_eq!(d.end(), None);
}

#[test]
fn guarding_again_at_0_honour_is_struck_by_the_gods() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[G, W], [G, W]]);
    assert_eq!(state(&d).1, [0, 1]);
    let events = play(&mut d, &[[G, W]]);
    assert_eq!(
        events,
        vec![
            Event::GuardedAgain { player: P0 },
            Event::Ended(End {
                winner: Some(P1),
                reason: EndReason::StruckByGods
            }),
        ]
    );
}

// ---------------------------------------------------------------- events

#[test]
fn event_sequences_follow_seat_order() {
    let mut d = duel(&Config::default());
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = Vec::new();
    let turns: [[Action; 2]; 5] = [[B, B], [G, G], [G, I], [P, I], [W, W]];
    for t in turns {
        d.step(&t, &mut rng, &mut events).unwrap();
    }
    // Events accumulate across steps (step appends).
    assert_eq!(
        events,
        vec![
            Event::Bowed { player: P0 },
            Event::Bowed { player: P1 },
            Event::GuardedAgain { player: P0 },
            Event::Struck {
                player: P1,
                action: I,
                god_sword: false
            },
            Event::Struck {
                player: P0,
                action: P,
                god_sword: false
            },
            Event::Struck {
                player: P1,
                action: I,
                god_sword: false
            },
            Event::Hit {
                player: P1,
                damage: 1
            },
        ]
    );
    assert_eq!(state(&d), ([20, 19], [0, 0]));
    assert_eq!(d.history(P0), &[B, G, G, P, W]);
    assert_eq!(d.history(P1), &[B, G, I, I, W]);
}

#[test]
fn events_list_every_action_before_any_hit() {
    // P1's strike lands on P0: the strike is reported before the hit it causes.
    let mut d = duel(&Config::default());
    let events = play(&mut d, &[[B, O]]);
    assert_eq!(
        events,
        vec![
            Event::Bowed { player: P0 },
            Event::Struck {
                player: P1,
                action: O,
                god_sword: false
            },
            Event::Hit {
                player: P0,
                damage: 1
            },
        ]
    );
}

#[test]
fn a_scenario_of_the_played_turns_is_the_played_duel() {
    let turns: Vec<[Action; 2]> = (0..60)
        .map(|i| [Action::ALL[i % 6], Action::ALL[(i * 5 + 1) % 6]])
        .collect();
    let mut a = duel(&Config::default());
    let mut events = Vec::new();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut played = Vec::new();
    for t in turns {
        if a.end().is_some() {
            break;
        }
        a.step(&t, &mut rng, &mut events).unwrap();
        played.push(t);
    }
    assert!(a.end().is_some(), "the sequence ends the match");
    let b = Scenario::new(Config::default())
        .health(P0, a.health(P0))
        .health(P1, a.health(P1))
        .honour(P0, a.honour(P0))
        .honour(P1, a.honour(P1))
        .history(&played)
        .build()
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(b.to_act(), ToAct::Nobody);
}

// ---------------------------------------------------------------- refusals

#[test]
fn game_over_refuses_every_action_and_changes_nothing() {
    let config = Config {
        max_turns: 1,
        ..Config::default()
    };
    let mut d = duel(&config);
    play(&mut d, &[[B, B]]);
    assert!(d.end().is_some());
    let before = d.clone();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = vec![Event::Bowed { player: P1 }];
    for actions in [&[W, W][..], &[][..], &[I][..], &[B, B, B][..]] {
        assert_eq!(
            d.step(actions, &mut rng, &mut events),
            Err(StepError::GameOver),
            "{actions:?}"
        );
    }
    assert_eq!(d, before);
    assert_eq!(events, vec![Event::Bowed { player: P1 }]);
    assert_eq!(d.to_act(), ToAct::Nobody);
    let mut legal = Vec::new();
    assert!(d.legal_actions(P0, &mut legal));
    assert!(legal.is_empty());
}

#[test]
fn wrong_action_count_is_refused_and_changes_nothing() {
    let mut d = duel(&Config::default());
    play(&mut d, &[[B, G]]);
    let before = d.clone();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut events = Vec::new();
    for actions in [&[][..], &[I][..], &[I, I, I][..]] {
        assert_eq!(
            d.step(actions, &mut rng, &mut events),
            Err(StepError::WrongActionCount {
                expected: 2,
                got: actions.len()
            })
        );
    }
    assert_eq!(d, before);
    assert!(events.is_empty());
    let err = d.step(&[I], &mut rng, &mut events).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected 2 actions (one per acting player), got 1"
    );
}

#[test]
fn every_action_is_legal_while_running() {
    let d = duel(&Config::default());
    for p in [P0, P1] {
        let mut legal = Vec::new();
        assert!(d.legal_actions(p, &mut legal));
        assert_eq!(legal, Action::ALL.to_vec());
    }
}

// ---------------------------------------------------------------- config

#[test]
fn config_validation_errors() {
    let base = Config::default();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let cases: Vec<(Config, usize, ConfigError)> = vec![
        (base.clone(), 1, ConfigError::Players(1)),
        (base.clone(), 3, ConfigError::Players(3)),
        (base.clone(), 0, ConfigError::Players(0)),
        (
            Config {
                health: 0,
                ..base.clone()
            },
            2,
            ConfigError::Health(0),
        ),
        (
            Config {
                health: -5,
                ..base.clone()
            },
            2,
            ConfigError::Health(-5),
        ),
        (
            Config {
                honour: -1,
                ..base.clone()
            },
            2,
            ConfigError::Honour(-1),
        ),
        (
            Config {
                max_turns: 0,
                ..base.clone()
            },
            2,
            ConfigError::Turns(0),
        ),
        (
            Config {
                max_turns: 1_000_000,
                ..base.clone()
            },
            2,
            ConfigError::Turns(1_000_000),
        ),
        (
            Config {
                damage: 0,
                ..base.clone()
            },
            2,
            ConfigError::Damage(0),
        ),
        (
            Config {
                god_damage: 1001,
                ..base.clone()
            },
            2,
            ConfigError::Damage(1001),
        ),
        (
            Config {
                god_damage: -2,
                ..base.clone()
            },
            2,
            ConfigError::Damage(-2),
        ),
        (
            Config {
                health: 1_000_001,
                ..base.clone()
            },
            2,
            ConfigError::TooLarge(1_000_001),
        ),
        (
            Config {
                honour: 1_000_001,
                ..base.clone()
            },
            2,
            ConfigError::TooLarge(1_000_001),
        ),
        (
            Config {
                health: 1_000_001,
                ..base.clone()
            },
            2,
            ConfigError::TooLarge(1_000_001),
        ),
        (
            Config {
                god_sword_honour: -1_000_001,
                ..base.clone()
            },
            2,
            ConfigError::TooLarge(-1_000_001),
        ),
    ];
    for (config, players, expected) in cases {
        assert_eq!(
            config.validate(players),
            Err(expected.clone()),
            "{config:?}"
        );
        assert_eq!(
            Samurai::new(&config, players, &mut rng).unwrap_err(),
            expected,
            "{config:?}"
        );
    }
    // The edges that are accepted.
    for config in [
        Config {
            health: 1,
            honour: 0,
            max_turns: 1,
            ..base.clone()
        },
        Config {
            damage: 1000,
            god_damage: 1,
            ..base.clone()
        },
        Config {
            health: 1_000_000,
            max_turns: koth_samurai::MAX_TURNS,
            ..base.clone()
        },
        Config {
            god_sword_honour: -1_000_000,
            ..base.clone()
        },
    ] {
        assert_eq!(config.validate(2), Ok(()), "{config:?}");
        assert!(Samurai::with_config(&config).is_ok());
    }
    assert_eq!(
        ConfigError::Players(3).to_string(),
        "samurai is a duel: it takes exactly 2 players, not 3"
    );
}

#[test]
fn default_config_is_the_seeds_standard_match() {
    let c = Config::default();
    assert_eq!(
        (
            c.health,
            c.honour,
            c.max_turns,
            c.god_sword_honour,
            c.damage,
            c.god_damage
        ),
        (20, 1, 500, 7, 1, 2)
    );
}
