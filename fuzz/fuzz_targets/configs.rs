//! Config files of every game: the bytes are a config file's text. Whatever it holds, reading
//! it gives a config or a typed error, and a config that reads and validates builds a game
//! for the smallest and the largest seat count of its range, which then plays a few ticks of
//! its default built-ins without panicking.
#![no_main]

use koth_engine_core::{Contest, SeedableRng};
use libfuzzer_sys::fuzz_target;
use rand_pcg::Pcg64Mcg;

fn check<G: Contest>(text: &str)
where
    G::Config: serde::de::DeserializeOwned,
{
    let Ok(config) = serde_json::from_str::<G::Config>(text) else {
        return;
    };
    let seats = G::seats(&config);
    for n in [*seats.start(), *seats.end()] {
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        let Ok(game) = G::new(&config, n, &mut rng) else {
            continue;
        };
        assert_eq!(game.num_players(), n);
    }
    // The default line-up plays up to 50 turns (the built-ins decide; no setup choices).
    let lineup = G::bots().lineup(seats);
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let Ok(mut game) = G::new(&config, lineup.len(), &mut rng) else {
        return;
    };
    let mut bots: Vec<_> = lineup.iter().filter_map(|id| G::bots().make(id)).collect();
    if bots.len() != lineup.len() {
        return;
    }
    let mut events = Vec::new();
    for _ in 0..50 {
        let actors = game.to_act().players().to_vec();
        if actors.is_empty() {
            assert!(game.outcome().is_some(), "a finished game has an outcome");
            break;
        }
        let actions: Vec<G::Action> = actors
            .iter()
            .map(|&p| bots[p.index()].act(&game.observe(p), &mut rng))
            .collect();
        events.clear();
        let _ = game.step(&actions, &mut rng, &mut events);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    check::<koth_samurai::Samurai>(text);
    check::<koth_naval::Naval>(text);
    check::<koth_tanks::Tanks>(text);
    check::<koth_bomberman::Bomberman>(text);
    check::<koth_http_battleship::Battleship>(text);
});
