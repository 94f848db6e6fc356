//! Serde shapes (feature `serde`): what replays and reports store.
#![cfg(feature = "serde")]

use koth_engine_core::{Contest, PlayerId};
use koth_naval::{Config, ShipClass, Stats};

#[test]
fn stats_have_the_report_keys() {
    let stats = Stats {
        hits: 3,
        sunken: 1,
        damage: 2,
        alive: true,
        class: Some(ShipClass::Cruiser),
    };
    let text = serde_json::to_string(&stats).unwrap();
    assert_eq!(
        text,
        r#"{"hits":3,"sunken":1,"damage":2,"alive":true,"class":"Cruiser"}"#
    );
    assert_eq!(serde_json::from_str::<Stats>(&text).unwrap(), stats);
    let none = Stats {
        class: None,
        alive: false,
        ..stats
    };
    assert_eq!(
        serde_json::to_string(&none).unwrap(),
        r#"{"hits":3,"sunken":1,"damage":2,"alive":false,"class":null}"#
    );
}

#[test]
fn configs_round_trip_and_fill_in_defaults() {
    let mut config = Config::default();
    koth_naval::Naval::apply_setup(&mut config, PlayerId(1), None);
    let text = serde_json::to_string(&config).unwrap();
    assert_eq!(
        text,
        r#"{"classes":["Destroyer",null],"rounds":100,"profile":"rules"}"#
    );
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    let partial: Config = serde_json::from_str(r#"{"rounds":7}"#).unwrap();
    assert_eq!(partial.rounds, 7);
    assert!(partial.classes.is_empty());
    assert_eq!(partial.profile, koth_naval::Profile::Rules);
    let old = r#"{"classes":["Destroyer",null],"rounds":100}"#;
    assert_eq!(serde_json::from_str::<Config>(old).unwrap(), config);
    let profiled: Config = serde_json::from_str(r#"{"profile":"hitmaster2017"}"#).unwrap();
    assert_eq!(profiled.profile, koth_naval::Profile::Hitmaster2017);
}
