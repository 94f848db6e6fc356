//! Monte-Carlo tree search (engine-core feature `search`): iterations per second on each
//! game, from a position some random steps into a game, with uniform rollouts (cut at
//! `DEPTH` steps in the long games). Throughput is in iterations.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use koth_engine_core::search::{Mcts, Rollout, Settings, Uniform};
use koth_engine_core::{Determinize, Game, Learn, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Iterations per decision measured.
const ITERATIONS: u32 = 200;
/// Rollout steps in the long games (tanks, bomberman, naval).
const DEPTH: u32 = 50;

/// `G` after `steps` joint actions drawn uniformly (where the game has not ended first).
fn position<G: Learn>(config: &G::Config, players: usize, steps: u32) -> G {
    let mut rng = Pcg64Mcg::seed_from_u64(2026);
    let mut game = G::new(config, players, &mut rng).expect("the config");
    let mut uniform = Uniform::default();
    let mut events = Vec::new();
    for _ in 0..steps {
        let acting = game.to_act().players().to_vec();
        let Some(actions) = acting
            .iter()
            .map(|&p| uniform.action(&game, p, &mut rng))
            .collect::<Option<Vec<_>>>()
        else {
            break;
        };
        events.clear();
        let mut next = game.clone();
        if next.step(&actions, &mut rng, &mut events).is_err() || next.to_act().is_over() {
            break;
        }
        game = next;
    }
    game
}

fn settings(rollout_depth: u32) -> Settings {
    Settings {
        iterations: ITERATIONS,
        rollout_depth,
        ..Settings::default()
    }
}

fn bench_game<G: Learn>(c: &mut Criterion, name: &str, game: &G, rollout_depth: u32) {
    let me = game.to_act().players()[0];
    let mut mcts = Mcts::new(settings(rollout_depth));
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    group.bench_function(name, |b| {
        b.iter(|| black_box(mcts.choose(game, me, &mut Uniform::default(), &mut rng)))
    });
    group.finish();
}

fn searches(c: &mut Criterion) {
    let samurai: koth_samurai::Samurai = position(&Default::default(), 2, 10);
    bench_game(c, "samurai", &samurai, u32::MAX);
    let tanks_config = koth_tanks::Config {
        side: Some(10),
        ..Default::default()
    };
    let tanks: koth_tanks::Tanks = position(&tanks_config, 4, 20);
    bench_game(c, "tanks", &tanks, DEPTH);
    let duel = koth_bomberman::Config::mode(koth_bomberman::Mode::Duel);
    let bomberman: koth_bomberman::Bomberman = position(&duel, 2, 100);
    bench_game(c, "bomberman", &bomberman, DEPTH);
    let naval: koth_naval::NavalOrders = position(&Default::default(), 4, 30);
    bench_game(c, "naval", &naval, DEPTH);

    // Battleship hides the fleets: each iteration samples the opponent's from the view.
    let battleship: koth_http_battleship::Battleship = position(&Default::default(), 2, 30);
    let me = battleship.to_act().players()[0];
    let view = battleship.info_state(me);
    let mut mcts: Mcts<koth_http_battleship::Battleship> = Mcts::new(settings(u32::MAX));
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    group.bench_function("battleship-determinized", |b| {
        b.iter(|| black_box(mcts.choose_determinized(&view, me, &mut Uniform::default(), &mut rng)))
    });
    group.finish();
}

criterion_group!(benches, searches);
criterion_main!(benches);
