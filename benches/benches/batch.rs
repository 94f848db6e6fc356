//! Batched stepping (`koth_batch::Batch`): env steps per second for every game, every seat a
//! learner, on one worker thread and on two (`batch/<game>/<threads>`); compare the two in one
//! run. Each step's ids are, per learner row, the first legal id at or after a position that
//! moves with the step, so games vary and end; choosing them is not timed (it is the
//! learner's work, not the batch's).
//!
//! - samurai: 4,096 envs; tanks (4 tanks, 10 x 10): 512; battleship: 1,024; bomberman (duel):
//!   256; naval one order at a time (4 ships): 256.
//! - References for samurai: `batch/samurai/plain-loop`, the same work as a plain loop over
//!   the engine on one thread, and `batch/samurai/plain-loop-2`, two such loops over two
//!   halves on two threads: what the batch costs on top of the engine.

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

/// Duels stepped by a plain loop over the engine, with their rows: the reference for
/// `batch/samurai` (every game stepped with both ids, rewards, both tensors and masks
/// written, a finished game restarted), without the batch's checks, bookkeeping and
/// seeding: what the batch costs on top of the engine.
struct PlainDuels {
    games: Vec<koth_samurai::Samurai>,
    obs: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    events: Vec<koth_samurai::Event>,
    rng: rand_pcg::Pcg64Mcg,
}

impl PlainDuels {
    fn new(n: usize) -> Self {
        use koth_engine_core::{Game, SeedableRng, Tensor};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2026);
        let config = koth_samurai::Config::default();
        let games: Vec<koth_samurai::Samurai> = (0..n)
            .map(|_| Game::new(&config, 2, &mut rng).expect("a duel"))
            .collect();
        let o = games[0].obs_len();
        PlainDuels {
            games,
            obs: vec![0.0; n * 2 * o],
            masks: vec![false; n * 2 * 6],
            rewards: vec![0.0; n * 2],
            events: Vec::new(),
            rng,
        }
    }

    /// Step `k` of every duel.
    fn step(&mut self, k: usize) {
        use koth_engine_core::{Game, Learn, PlayerId, Tensor};
        use koth_samurai::Action;
        let config = koth_samurai::Config::default();
        let o = self.games[0].obs_len();
        let rows = self.obs.chunks_exact_mut(2 * o).zip(
            self.masks
                .chunks_exact_mut(12)
                .zip(self.rewards.chunks_exact_mut(2)),
        );
        for (i, (game, (obs, (masks, rewards)))) in self.games.iter_mut().zip(rows).enumerate() {
            let actions = [0, 1].map(|p| Action::ALL[(k * 7 + 2 * i + p) % 6]);
            self.events.clear();
            game.step(&actions, &mut self.rng, &mut self.events)
                .expect("a turn");
            game.rewards(&self.events, rewards);
            if game.to_act().is_over() {
                game.restart(&config, 2, &mut self.rng).expect("a duel");
            }
            for p in 0..2 {
                game.write_obs(PlayerId(p as u8), &mut obs[p * o..(p + 1) * o]);
                game.legal_mask(PlayerId(p as u8), &mut masks[p * 6..(p + 1) * 6]);
            }
        }
        black_box(&self.rewards);
    }
}

/// The plain loop over [`SAMURAI_ENVS`] duels on one thread (`batch/samurai/plain-loop`).
fn plain_samurai_loop(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch/samurai");
    group.throughput(Throughput::Elements(SAMURAI_ENVS as u64));
    let mut all = PlainDuels::new(SAMURAI_ENVS);
    let mut k = 0usize;
    group.bench_function("plain-loop", |b| {
        b.iter(|| {
            k += 1;
            all.step(k);
        })
    });
    group.finish();
}

/// The plain loop over two halves of [`SAMURAI_ENVS`] duels on two threads that never wait
/// for each other (`batch/samurai/plain-loop-2`): about the most two threads could step
/// without the batch's work, for `batch/samurai/2` to be read against in the same run. On
/// the project's 2-vCPU machine a two-thread figure sometimes drops to a third for a while,
/// this one and the batch's alike (the host, not the code): repeat a run that looks odd.
fn plain_samurai_loop_2(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch/samurai");
    group.throughput(Throughput::Elements(SAMURAI_ENVS as u64));
    let mut halves = [0, 1].map(|_| PlainDuels::new(SAMURAI_ENVS / 2));
    group.bench_function("plain-loop-2", |b| {
        b.iter_custom(|iters| {
            let began = Instant::now();
            std::thread::scope(|s| {
                for half in &mut halves {
                    s.spawn(move || (0..iters as usize).for_each(|k| half.step(k)));
                }
            });
            began.elapsed()
        })
    });
    group.finish();
}

fn batches(c: &mut Criterion) {
    plain_samurai_loop(c);
    bench_game::<koth_samurai::Samurai>(c, "samurai", Default::default(), 2, SAMURAI_ENVS);
    plain_samurai_loop_2(c);
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
