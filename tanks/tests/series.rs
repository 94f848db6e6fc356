//! A short seeded series: the hunter must out-place the seed's example bot and the random
//! bot. (The full 100-game series is `cargo run --release -p koth-tanks --example series`.)
//!
//! Games are played by the one runner, game `i` from seed `derive_seed(BASE, i)`.

use koth_engine_core::draw::derive_seed;
use koth_engine_core::runner::{self, Options};
use koth_engine_core::{Contest, PlayerId};
use koth_tanks::{Config, Tanks};

/// The series' base seed.
const BASE: u64 = 0;

/// Plays `games` seeded games of `lineup`; returns per seat the summed places and firsts.
fn series(lineup: &[&str], games: u64, max_ticks: u32) -> Vec<(u32, u32)> {
    let config = Config {
        max_ticks,
        ..Config::default()
    };
    let mut totals = vec![(0, 0); lineup.len()];
    for i in 0..games {
        let mut seats = runner::builtin_seats::<Tanks>(lineup).unwrap();
        let options = Options {
            keep_turns: false,
            ..Options::default()
        };
        let t = runner::play(&config, derive_seed(BASE, i), &mut seats, options, &mut ()).unwrap();
        assert!(t.faults.is_empty(), "{:?}", t.faults);
        for (seat, total) in totals.iter_mut().enumerate() {
            let place = t.outcome.place(PlayerId(seat as u8));
            total.0 += place;
            total.1 += u32::from(place == 1);
        }
    }
    totals
}

#[test]
fn the_hunter_outlives_snipers_and_randoms() {
    let games = 20;
    let default_lineup = Tanks::bots().default_lineup;
    for lineup in [
        &["hunter", "sniper", "sniper", "sniper", "sniper", "sniper"][..],
        &["hunter", "random", "random", "random", "random", "random"],
        default_lineup,
    ] {
        let totals = series(lineup, games, 200);
        let (hunter_places, hunter_firsts) = totals[0];
        assert!(
            hunter_firsts >= 17,
            "{lineup:?}: hunter first only {hunter_firsts} of {games}"
        );
        for (seat, id) in lineup.iter().enumerate().filter(|(_, id)| **id != "hunter") {
            assert!(
                totals[seat].0 > hunter_places,
                "{lineup:?}: {id} in seat {seat} placed {} against the hunter's {hunter_places}",
                totals[seat].0
            );
        }
    }
}
