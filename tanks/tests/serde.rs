//! Serde shapes (feature `serde`): what replays and reports store.
#![cfg(feature = "serde")]

use koth_engine_core::{Coord, Dir4, PlayerId};
use koth_tanks::{Action, Config, Event, Stats};

#[test]
fn stats_keep_the_report_keys() {
    let alive = Stats {
        destroyed_at: None,
        kills: 2,
    };
    assert_eq!(
        serde_json::to_value(alive).unwrap(),
        serde_json::json!({ "destroyed_at": null, "kills": 2 })
    );
    let gone = Stats {
        destroyed_at: Some(17),
        kills: 0,
    };
    let text = serde_json::to_string(&gone).unwrap();
    assert_eq!(text, r#"{"destroyed_at":17,"kills":0}"#);
    assert_eq!(serde_json::from_str::<Stats>(&text).unwrap(), gone);
}

#[test]
fn configs_round_trip_and_fill_in_defaults() {
    let config = Config {
        side: Some(9),
        ids: Some(vec![9999, 0]),
        max_ticks: 50,
    };
    let text = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    let partial: Config = serde_json::from_str(r#"{"max_ticks":300}"#).unwrap();
    assert_eq!(
        partial,
        Config {
            max_ticks: 300,
            ..Config::default()
        }
    );
}

#[test]
fn actions_and_events_round_trip() {
    for a in Action::ALL {
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), a);
    }
    let e = Event::Moved {
        tank: PlayerId(1),
        from: Coord::new(0, 0),
        to: Coord::new(0, 1),
    };
    let text = serde_json::to_string(&e).unwrap();
    assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), e);
    let shot = Event::Shot {
        tank: PlayerId(0),
        dir: Dir4::Left,
        hit: None,
    };
    let text = serde_json::to_string(&shot).unwrap();
    assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), shot);
}
