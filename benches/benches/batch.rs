//! Batched stepping (`koth_batch::Batch`): env steps per second for every game, every seat a
//! learner, on one worker thread and on two (`batch/<game>/<threads>`); compare the two in one
//! run. Each step's ids are, per learner row, the first legal id at or after a position that
//! moves with the step, so games vary and end.
//!
//! - samurai: 4,096 envs; tanks (4 tanks, 10 x 10): 512; battleship: 1,024; bomberman (duel):
//!   256; naval one order at a time (4 ships): 256.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use koth_batch::{Batch, BatchGame, Buffers, Options, SeatKind};

fn bench_game<G: BatchGame>(
    c: &mut Criterion,
    name: &str,
    config: G::Config,
    seats: usize,
    envs: usize,
) {
    let mut group = c.benchmark_group(format!("batch/{name}"));
    group.throughput(Throughput::Elements(envs as u64));
    for threads in [1, 2] {
        let options = Options {
            num_envs: envs,
            seed: 2026,
            threads,
            max_steps: None,
        };
        let mut batch = Batch::<G>::new(config.clone(), &vec![SeatKind::Learner; seats], options)
            .expect("a batch");
        let (l, o, a) = (seats, batch.obs_len(), batch.num_actions());
        let mut obs = vec![0f32; envs * l * o];
        let mut rewards = vec![0f32; envs * l];
        let mut terminated = vec![false; envs];
        let mut truncated = vec![false; envs];
        let mut masks = vec![false; envs * l * a];
        let mut ids = vec![0u32; envs * l];
        let mut buffers = Buffers {
            obs: &mut obs,
            rewards: &mut rewards,
            terminated: &mut terminated,
            truncated: &mut truncated,
            masks: &mut masks,
        };
        batch.reset(buffers.reborrow()).expect("reset");
        let mut k = 0usize;
        group.bench_function(BenchmarkId::from_parameter(threads), |b| {
            b.iter(|| {
                k += 1;
                for (row, id) in ids.iter_mut().enumerate() {
                    let mask = &buffers.masks[row * a..(row + 1) * a];
                    let start = (k * 7 + row) % a;
                    *id = (0..a)
                        .map(|j| (start + j) % a)
                        .find(|&j| mask[j])
                        .unwrap_or(0) as u32;
                }
                batch.step(&ids, buffers.reborrow()).expect("a step");
                black_box(&buffers.rewards);
            })
        });
    }
    group.finish();
}

fn batches(c: &mut Criterion) {
    bench_game::<koth_samurai::Samurai>(c, "samurai", Default::default(), 2, 4096);
    let tanks = koth_tanks::Config {
        side: Some(10),
        ..Default::default()
    };
    bench_game::<koth_tanks::Tanks>(c, "tanks", tanks, 4, 512);
    bench_game::<koth_http_battleship::Battleship>(c, "battleship", Default::default(), 2, 1024);
    let duel = koth_bomberman::Config::mode(koth_bomberman::Mode::Duel);
    bench_game::<koth_bomberman::Bomberman>(c, "bomberman", duel, 2, 256);
    bench_game::<koth_naval::NavalOrders>(c, "naval", Default::default(), 4, 256);
}

criterion_group!(benches, batches);
criterion_main!(benches);
