//! A short seeded series: the hunter must out-place the seed's example bot and the random
//! bot. (The full 100-game series is `cargo run --release -p tanks --example series`.)

use engine_core::{Game, PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tanks::{Config, Tanks, bots};

/// Plays `games` seeded games of `lineup`; returns per seat the summed places and firsts.
fn series(lineup: &[&str], games: u64, max_ticks: u32) -> Vec<(u32, u32)> {
    let config = Config {
        max_ticks,
        ..Config::default()
    };
    let mut totals = vec![(0, 0); lineup.len()];
    for seed in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Tanks::new(&config, lineup.len(), &mut rng).unwrap();
        let mut players: Vec<_> = lineup.iter().map(|id| bots::by_id(id).unwrap()).collect();
        let mut events = Vec::new();
        while !game.to_act().is_over() {
            let actions: Vec<_> = game
                .living()
                .iter()
                .map(|&p| players[p.index()].act(&game.observe(p), &mut rng))
                .collect();
            game.step(&actions, &mut rng, &mut events).unwrap();
        }
        let outcome = game.outcome().unwrap();
        for (seat, t) in totals.iter_mut().enumerate() {
            let place = outcome.place(PlayerId(seat as u8));
            t.0 += place;
            t.1 += u32::from(place == 1);
        }
    }
    totals
}

#[test]
fn the_hunter_outlives_snipers_and_randoms() {
    let games = 20;
    for lineup in [
        ["hunter", "sniper", "sniper", "sniper", "sniper", "sniper"],
        ["hunter", "random", "random", "random", "random", "random"],
        bots::DEFAULT_LINEUP,
    ] {
        let totals = series(&lineup, games, 200);
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
