//! The generic conformance check from `koth_engine_core::testing`, with random actions, and
//! the check of the contest description (seats, bots) in every mode.
//!
//! Bomberman cannot list its legal actions (every speed vector is legal), so the harness's
//! chooser draws them: mostly speeds within ±15 units per axis (so the clamp to 10 is
//! exercised), sometimes huge or fixed-point-extreme values, with a drop one tick in eight.

use koth_bomberman::{Action, Bomberman, Config, Fixed, Mode, Rules};
use koth_engine_core::testing::{Conformance, check_contest};
use koth_engine_core::{Contest, PlayerId, RngCore, draw};

fn random_action(_: &Bomberman, _: PlayerId, rng: &mut dyn RngCore) -> Action {
    let mut speed = || match draw::below(rng, 16) {
        0 => Fixed::from_raw(rng.next_u32() as i32),
        1 => Fixed::ZERO,
        _ => Fixed::from_raw(draw::below(rng, 30 * 256 + 1) as i32 - 15 * 256),
    };
    let (x, y) = (speed(), speed());
    Action::new(x, y, draw::below(rng, 8) == 0)
}

#[test]
fn conformance_standard() {
    Conformance::<Bomberman>::new(Config::default(), 4)
        .cases(6)
        .run(random_action);
}

#[test]
fn conformance_duel_and_fragile() {
    Conformance::<Bomberman>::new(Config::mode(Mode::Duel), 2)
        .cases(4)
        .run(random_action);
    Conformance::<Bomberman>::new(Config::mode(Mode::Fragile), 4)
        .cases(4)
        .run(random_action);
}

#[test]
fn conformance_short_deadly_games() {
    // One life, fast bombs, strong blasts, many bonuses: eliminations, chains and games that
    // end with nobody left.
    let rules = Rules {
        lives: 1,
        bomb_timeout: 6,
        bombs_power: 4,
        bombs_count: 3,
        bonus_percent: 100,
        max_ticks: 300,
        stun_duration: 3,
        immune_duration: 2,
        ..Rules::default()
    };
    for mode in Mode::ALL {
        Conformance::<Bomberman>::new(Config { mode, rules }, mode.players())
            .cases(12)
            .run(random_action);
    }
}

#[test]
fn conformance_odd_sizes() {
    let rules = Rules {
        cells: 7,
        cell_size: 17,
        player_size: 13,
        bomb_size: 17,
        explosion_size: 9,
        bonus_size: 5,
        max_speed: 17,
        max_ticks: 400,
        bomb_timeout: 9,
        ..Rules::default()
    };
    Conformance::<Bomberman>::new(
        Config {
            mode: Mode::Standard,
            rules,
        },
        4,
    )
    .cases(12)
    .run(random_action);
}

#[test]
fn conformance_full_length_games() {
    // Rare drops: most players survive to the tick limit.
    Conformance::<Bomberman>::new(Config::default(), 4)
        .cases(3)
        .run(|_, _, rng| {
            let mut speed = || Fixed::from_raw(draw::below(rng, 20 * 256 + 1) as i32 - 10 * 256);
            let (x, y) = (speed(), speed());
            Action::new(x, y, draw::below(rng, 400) == 0)
        });
}

#[test]
fn contest_description_holds_in_every_mode() {
    for mode in Mode::ALL {
        let mut config = Config::mode(mode);
        // Every bot plays 8 games per mode here, the search bot too: 500 ticks each (a third
        // of a game) keep the check to seconds in a debug build.
        config.rules.max_ticks = 500;
        let n = mode.players();
        assert_eq!(<Bomberman as Contest>::seats(&config), n..=n);
        check_contest::<Bomberman>(&config);
    }
}
