//! Serde shapes (feature `serde`): what replays and reports store.
#![cfg(feature = "serde")]

use koth_bomberman::{Action, Config, Event, Fixed, Mode, PlayerSet, Rules, ScoreReason};
use koth_engine_core::{Coord, PlayerId};

#[test]
fn configs_round_trip_and_fill_in_defaults() {
    let config = Config {
        mode: Mode::Fragile,
        rules: Rules {
            lives: 5,
            ..Rules::default()
        },
    };
    let text = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    let partial: Config =
        serde_json::from_str(r#"{"mode":"duel","rules":{"max_ticks":300}}"#).unwrap();
    assert_eq!(partial.mode, Mode::Duel);
    assert_eq!(partial.rules.max_ticks, 300);
    assert_eq!(partial.rules.lives, 3);
}

#[test]
fn actions_and_events_serialise() {
    let a = Action::new(Fixed::from_raw(-5), Fixed::from_units(10), true);
    let text = serde_json::to_string(&a).unwrap();
    assert_eq!(
        text, r#"{"speed_x":-5,"speed_y":2560,"drop":true}"#,
        "raw fixed point"
    );
    assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), a);
    let events = [
        Event::Exploded {
            cell: Coord::new(1, 2),
            owner: PlayerId(0),
            creators: PlayerSet::from_bits(3),
        },
        Event::Scored {
            player: PlayerId(1),
            points: -30,
            reason: ScoreReason::SelfHit,
        },
    ];
    let text = serde_json::to_string(&events).unwrap();
    assert_eq!(serde_json::from_str::<Vec<Event>>(&text).unwrap(), events);
}

#[test]
fn statistics_have_the_report_keys() {
    let stats = koth_bomberman::Stats {
        lives_left: 2,
        walls: 31,
        bonuses: 3,
        kills: 1,
        self_hits: 0,
    };
    let text = serde_json::to_string(&stats).unwrap();
    assert_eq!(
        text,
        r#"{"lives_left":2,"walls":31,"bonuses":3,"kills":1,"self_hits":0}"#
    );
    assert_eq!(
        serde_json::from_str::<koth_bomberman::Stats>(&text).unwrap(),
        stats
    );
}
