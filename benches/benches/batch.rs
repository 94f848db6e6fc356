//! Batched stepping (`koth_batch::Batch`): env steps per second for every game, every seat a
//! learner, on one worker thread and on two (`batch/<game>/<threads>`); compare the two in one
//! run. Each step's ids are, per learner row, the first legal id at or after a position that
//! moves with the step, so games vary and end; choosing them is not timed (it is the
//! learner's work, not the batch's).
//!
//! - samurai: 4,096 envs; tanks (4 tanks, 10 x 10): 512; battleship: 1,024; bomberman (duel):
//!   256; naval one order at a time (4 ships): 256.

use std::hint::black_box;
use std::time::{Duration, Instant};

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
            // Only the steps are timed: choosing the ids is the learner's work.
            b.iter_custom(|iters| {
                let mut time = Duration::ZERO;
                for _ in 0..iters {
                    k += 1;
                    for (row, id) in ids.iter_mut().enumerate() {
                        let mask = &buffers.masks[row * a..(row + 1) * a];
                        let start = (k * 7 + row) % a;
                        *id = (0..a)
                            .map(|j| (start + j) % a)
                            .find(|&j| mask[j])
                            .unwrap_or(0) as u32;
                    }
                    let began = Instant::now();
                    batch.step(&ids, buffers.reborrow()).expect("a step");
                    time += began.elapsed();
                    black_box(&buffers.rewards);
                }
                time
            })
        });
    }
    group.finish();
}

/// Samurai envs in the batch bench and in its plain-loop reference.
const SAMURAI_ENVS: usize = 4096;

/// The reference for `batch/samurai`: the same work by a plain loop over the engine (every
/// game stepped with both ids, rewards, both tensors and masks written, a finished game
/// restarted), without the batch's checks, bookkeeping and seeding: what the batch costs
/// on top of the engine.
fn plain_samurai_loop(c: &mut Criterion) {
    use koth_engine_core::{Game, Learn, PlayerId, SeedableRng, Tensor};
    use koth_samurai::{Action, Samurai};
    let n = SAMURAI_ENVS;
    let config = koth_samurai::Config::default();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2026);
    let mut games: Vec<Samurai> = (0..n)
        .map(|_| Samurai::new(&config, 2, &mut rng).expect("a duel"))
        .collect();
    let o = games[0].obs_len();
    let (mut obs, mut masks) = (vec![0f32; n * 2 * o], vec![false; n * 2 * 6]);
    let (mut rewards, mut events) = (vec![0f32; n * 2], Vec::new());
    let mut k = 0usize;
    let mut group = c.benchmark_group("batch/samurai");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function("plain-loop", |b| {
        b.iter(|| {
            k += 1;
            let rows = obs
                .chunks_exact_mut(2 * o)
                .zip(masks.chunks_exact_mut(12).zip(rewards.chunks_exact_mut(2)));
            for (i, (game, (obs, (masks, rewards)))) in games.iter_mut().zip(rows).enumerate() {
                let actions = [0, 1].map(|p| Action::ALL[(k * 7 + 2 * i + p) % 6]);
                events.clear();
                game.step(&actions, &mut rng, &mut events).expect("a turn");
                game.rewards(&events, rewards);
                if game.to_act().is_over() {
                    game.restart(&config, 2, &mut rng).expect("a duel");
                }
                for p in 0..2 {
                    game.write_obs(PlayerId(p as u8), &mut obs[p * o..(p + 1) * o]);
                    game.legal_mask(PlayerId(p as u8), &mut masks[p * 6..(p + 1) * 6]);
                }
            }
            black_box(&rewards);
        })
    });
    group.finish();
}

fn batches(c: &mut Criterion) {
    plain_samurai_loop(c);
    bench_game::<koth_samurai::Samurai>(c, "samurai", Default::default(), 2, SAMURAI_ENVS);
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
