//! Naval benchmarks.
//!
//! - `naval/turn/*`: one ship's turn on an 8-ship sea (built outside the measurement by
//!   `iter_batched_ref`): its observation plus the step of a fixed action string, and the same
//!   with the input line written as text. Target: <= 1 us.
//! - `naval/game/random_x8`: a whole game (at most 100 rounds) of 8 `random` bots in-process,
//!   classes chosen by the bots, every observation built and every answer parsed. Target:
//!   <= 1 ms.
//!
//! Every measured closure checks its result, so a fast but wrong engine fails the bench.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use koth_engine_core::{Contest, Game, PlayerId, SeedableRng, ToAct};
use koth_naval::protocol::observation_line;
use koth_naval::{Config, Event, Naval, Orders, bots::BOTS};
use rand_pcg::Pcg64Mcg;

fn fresh() -> (Naval, Vec<Event>, Pcg64Mcg) {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let game = Naval::new(&Config::default(), 8, &mut rng).unwrap();
    (game, Vec::with_capacity(64), rng)
}

fn one_turn(c: &mut Criterion) {
    let orders: Orders = "MF-2-2CF+3+1".parse().unwrap();
    let mut group = c.benchmark_group("naval/turn");
    group.bench_function("observe_and_step", |b| {
        b.iter_batched_ref(
            fresh,
            |(game, events, rng)| {
                let ToAct::One(p) = game.to_act() else {
                    unreachable!()
                };
                let obs = game.observe(p);
                game.step(&[black_box(orders)], rng, events).unwrap();
                assert!(game.turn() == 1 && obs.player == p && !events.is_empty());
                obs.map.cells()[180]
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("observation_line_and_step", |b| {
        b.iter_batched_ref(
            fresh,
            |(game, events, rng)| {
                let ToAct::One(p) = game.to_act() else {
                    unreachable!()
                };
                let line = observation_line(&game.observe(p));
                game.step(&[black_box(orders)], rng, events).unwrap();
                assert!(game.turn() == 1 && line.len() > 361);
                line.len()
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn whole_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("naval/game");
    let mut seed = 0u64;
    let mut events = Vec::with_capacity(256);
    group.bench_function("random_x8", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut players: Vec<_> = (0..8).map(|_| BOTS.make("random").unwrap()).collect();
            let mut config = Config::default();
            for (seat, bot) in PlayerId::all(8).zip(players.iter_mut()) {
                if let Some(class) = bot.setup(&config, seat, &mut rng) {
                    Naval::apply_setup(&mut config, seat, class);
                }
            }
            let mut game = Naval::new(&config, 8, &mut rng).unwrap();
            while let ToAct::One(p) = game.to_act() {
                let orders = players[p.index()].act(&game.observe(p), &mut rng);
                events.clear();
                game.step(&[orders], &mut rng, &mut events).unwrap();
            }
            assert!(game.outcome().is_some() && game.round() <= 100 && game.turn() > 0);
            game.turn()
        })
    });
    group.finish();
}

criterion_group!(benches, one_turn, whole_game);
criterion_main!(benches);
