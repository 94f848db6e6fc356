//! Tanks benchmarks: one tick's resolution (moves, shots, removal, end check) through
//! `Game::step`, on a fresh copy of a seeded position built outside the measurement by
//! `iter_batched_ref`.
//!
//! - `tanks/tick/10`: 10 tanks on the default 10 x 10 torus. Target: <= 300 ns.
//! - `tanks/tick/100_on_100`: 100 tanks on a 100 x 100 torus. Target: <= 10 us.
//!
//! Each joint action is a seeded mix of the eight commands (about half moves, half shots);
//! the `moves` variants move every tank, to stress contests, chains and cycles. Every
//! measured closure checks the number of events and survivors against a reference run, so
//! a fast but wrong engine fails the bench.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use koth_engine_core::{Dir4, Game, RngCore, SeedableRng};
use koth_tanks::{Action, Config, Event, Tanks};
use rand_pcg::Pcg64Mcg;

struct Case {
    game: Tanks,
    actions: Vec<Action>,
    seed: u64,
    events: usize,
    survivors: usize,
}

fn case(players: usize, side: Option<u16>, moves_only: bool) -> Case {
    let config = Config {
        side,
        ..Config::default()
    };
    let mut rng = Pcg64Mcg::seed_from_u64(2024);
    let game = Tanks::new(&config, players, &mut rng).expect("config");
    let actions: Vec<Action> = (0..players)
        .map(|_| {
            let r = rng.next_u32();
            if moves_only {
                Action::Move(Dir4::from_index(r as u8))
            } else {
                Action::COMMANDS[(r % 8) as usize]
            }
        })
        .collect();
    let seed = 7;
    let mut reference = game.clone();
    let mut events = Vec::new();
    reference
        .step(&actions, &mut Pcg64Mcg::seed_from_u64(seed), &mut events)
        .expect("step");
    let hits = events
        .iter()
        .filter(|e| matches!(e, Event::Destroyed { .. }))
        .count();
    assert!(
        moves_only || hits > 0,
        "the mixed tick should destroy someone"
    );
    Case {
        survivors: reference.living().len(),
        events: events.len(),
        game,
        actions,
        seed,
    }
}

fn bench_tick(c: &mut Criterion, name: &str, case: Case) {
    let rng = Pcg64Mcg::seed_from_u64(case.seed);
    c.bench_function(name, |b| {
        b.iter_batched_ref(
            || {
                (
                    case.game.clone(),
                    rng.clone(),
                    Vec::with_capacity(4 * case.actions.len()),
                )
            },
            |(game, rng, events)| {
                game.step(black_box(&case.actions), rng, events).unwrap();
                assert_eq!(events.len(), case.events);
                assert_eq!(game.living().len(), case.survivors);
            },
            BatchSize::SmallInput,
        )
    });
}

fn ticks(c: &mut Criterion) {
    bench_tick(c, "tanks/tick/10", case(10, None, false));
    bench_tick(c, "tanks/tick/10_moves", case(10, None, true));
    bench_tick(c, "tanks/tick/100_on_100", case(100, Some(100), false));
    bench_tick(c, "tanks/tick/100_on_100_moves", case(100, Some(100), true));
}

criterion_group!(benches, ticks);
criterion_main!(benches);
