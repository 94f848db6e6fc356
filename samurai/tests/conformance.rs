//! The generic conformance check from `koth_engine_core::testing`.
//!
//! The harness replaces one acting player's action per step with a uniformly random legal one,
//! so from the default config most random matches end within a few turns by a loss of honour;
//! the honour-rich configs below make matches long enough to end by the sword or by the gods'
//! boredom too.

use koth_engine_core::testing::Conformance;
use koth_samurai::{Action, Config, Samurai};

#[test]
fn conformance_default_config() {
    Conformance::<Samurai>::new(Config::default(), 2).run_legal();
}

#[test]
fn conformance_short_matches() {
    for max_turns in [1, 3, 10] {
        let config = Config {
            max_turns,
            ..Config::default()
        };
        Conformance::<Samurai>::new(config, 2).cases(32).run_legal();
    }
}

#[test]
fn conformance_honour_rich_matches() {
    for max_turns in [40, 500] {
        let config = Config {
            honour: 60,
            max_turns,
            ..Config::default()
        };
        Conformance::<Samurai>::new(config, 2).cases(16).run_legal();
    }
}

#[test]
fn conformance_fragile_samurai() {
    // One health and no honour: almost every strike ends the match.
    let config = Config {
        health: 1,
        honour: 0,
        ..Config::default()
    };
    Conformance::<Samurai>::new(config, 2).cases(32).run_legal();
}

#[test]
fn conformance_with_a_bowing_bias() {
    // The chooser mostly bows (the harness still makes one player's action uniform).
    Conformance::<Samurai>::new(Config::default(), 2)
        .cases(16)
        .run(|_, _, rng| match koth_engine_core::draw::below(rng, 20) {
            0..12 => Action::Bow,
            12..14 => Action::Wait,
            14 => Action::Guard,
            15..17 => Action::QuickDraw,
            17..19 => Action::Parry,
            _ => Action::Overhead,
        });
}

#[test]
fn contest_description_holds() {
    koth_engine_core::testing::check_contest::<Samurai>(&Config::default());
}
