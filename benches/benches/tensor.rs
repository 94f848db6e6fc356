//! Observation tensors (`koth_engine_core::Tensor`): writing one player's observation into a
//! reused buffer, per game, on a seeded mid-game state.
//!
//! - `tensor/samurai`: the 47-entry vector.
//! - `tensor/tanks/10`: three planes over the 10 x 10 torus of 10 tanks.
//! - `tensor/battleship`: seven planes over the 10 x 10 grid, 60 shots in.
//! - `tensor/bomberman`: twenty-one planes over the 15 x 15 lattice of four players, 100 ticks in.
//! - `tensor/naval`: twenty-seven planes over a ship's 19 x 19 map, four ships, 200 orders in.
//!
//! Each measured closure checks one entry against the reference tensor, so a tensor that
//! stops being written fails the bench.
//!
//! And sampling a full state from a player's view (`koth_engine_core::Determinize`), the
//! step information-set search repeats most:
//! - `determinize/battleship`: player 0's view 60 shots in, the opponent's fleet sampled.
//! - `determinize/naval`: the acting ship's view, four ships, 200 orders in; the sea
//!   sampled.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use koth_engine_core::{Determinize, Game, Learn, PlayerId, SeedableRng, Tensor, draw};
use rand_pcg::Pcg64Mcg;

/// A state after `steps` steps of ids drawn uniformly from the masks (the environment's
/// action where a mask is empty).
fn mid_game<G: Learn>(config: &G::Config, players: usize, steps: usize) -> G {
    let mut rng = Pcg64Mcg::seed_from_u64(2026);
    let mut game = G::new(config, players, &mut rng).expect("config");
    let mut mask = vec![false; game.num_actions()];
    let mut events = Vec::new();
    for _ in 0..steps {
        if game.to_act().is_over() {
            break;
        }
        let actions: Vec<G::Action> = game
            .to_act()
            .players()
            .iter()
            .map(|&p| {
                game.legal_mask(p, &mut mask);
                let legal: Vec<usize> = (0..mask.len()).filter(|&id| mask[id]).collect();
                if legal.is_empty() {
                    return game.env_action(p, &mut rng).expect("an environment action");
                }
                game.action(legal[draw::index(&mut rng, legal.len())])
                    .expect("an id decodes")
            })
            .collect();
        events.clear();
        game.step(&actions, &mut rng, &mut events).expect("step");
    }
    game
}

fn bench_one<G: Tensor>(c: &mut Criterion, name: &str, game: &G) {
    let mut buffer = vec![0f32; game.obs_len()];
    game.write_obs(PlayerId(0), &mut buffer);
    let reference = buffer.clone();
    let probe = reference
        .iter()
        .position(|&x| x != 0.0)
        .expect("a tensor with something in it");
    c.bench_function(name, |b| {
        b.iter(|| {
            game.write_obs(black_box(PlayerId(0)), &mut buffer);
            assert_eq!(buffer[probe], reference[probe]);
            black_box(&buffer);
        })
    });
}

fn tensors(c: &mut Criterion) {
    let samurai: koth_samurai::Samurai = mid_game(&Default::default(), 2, 10);
    bench_one(c, "tensor/samurai", &samurai);
    let tanks: koth_tanks::Tanks = mid_game(&Default::default(), 10, 5);
    bench_one(c, "tensor/tanks/10", &tanks);
    let battleship: koth_http_battleship::Battleship = mid_game(&Default::default(), 2, 62);
    bench_one(c, "tensor/battleship", &battleship);
    let bomberman: koth_bomberman::Bomberman = mid_game(&Default::default(), 4, 100);
    bench_one(c, "tensor/bomberman", &bomberman);
    let naval: koth_naval::NavalOrders = mid_game(&Default::default(), 4, 200);
    bench_one(c, "tensor/naval", &naval);
}

fn samples(c: &mut Criterion) {
    let battleship: koth_http_battleship::Battleship = mid_game(&Default::default(), 2, 62);
    let view = battleship.info_state(PlayerId(0));
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    c.bench_function("determinize/battleship", |b| {
        b.iter(|| {
            let state = koth_http_battleship::Battleship::sample_state(black_box(&view), &mut rng)
                .expect("a consistent state");
            black_box(state)
        })
    });
    let naval: koth_naval::NavalOrders = mid_game(&Default::default(), 4, 200);
    let me = naval.to_act().players()[0];
    let view = naval.info_state(me);
    c.bench_function("determinize/naval", |b| {
        b.iter(|| {
            let state = koth_naval::NavalOrders::sample_state(black_box(&view), &mut rng)
                .expect("a consistent state");
            black_box(state)
        })
    });
}

criterion_group!(benches, tensors, samples);
criterion_main!(benches);
