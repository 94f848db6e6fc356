//! Samurai duel benchmarks.
//!
//! - `samurai/turn/*`: one turn's resolution through `Game::step` on a fresh duel (built outside
//!   the measurement by `iter_batched_ref`; warm in cache). Target: <= 10 ns.
//! - `samurai/match_500/*`: a whole 500-turn match replaying a recorded script of action pairs
//!   that keeps both samurai alive and honourable until the gods grow bored, through
//!   `Game::step` (state warm in cache). Target: <= 5 us.
//!
//! Every measured closure checks its result, so a fast but wrong engine fails the bench.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use koth_engine_core::{Game, PlayerId, SeedableRng};
use koth_samurai::{Action, Config, End, EndReason, Event, Samurai};
use rand_pcg::Pcg64Mcg;

use Action::{Bow as B, Guard as G, Overhead as O, Parry as P, QuickDraw as I, Wait as W};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

const BORED: Option<End> = Some(End {
    winner: None,
    reason: EndReason::GodsBored,
});

/// Ten turns with no damage and no net honour change (lowest honour 0), so that repeating them
/// never ends the match early. Every action and the repeated-guard cost appear.
const CYCLE: [[Action; 2]; 10] = [
    [B, B], // 2 2
    [G, G], // 2 2
    [G, G], // 1 1  (guarded again)
    [I, I], // 0 0  (same strike: no damage)
    [B, W], // 1 0
    [W, B], // 1 1
    [O, G], // 0 1  (blocked)
    [G, P], // 0 0  (blocked)
    [B, B], // 1 1
    [W, W], // 1 1
];

fn script(turns: usize) -> Vec<[Action; 2]> {
    CYCLE.iter().copied().cycle().take(turns).collect()
}

fn fresh() -> (Samurai, Vec<Event>) {
    (
        Samurai::with_config(&Config::default()).unwrap(),
        Vec::with_capacity(8),
    )
}

fn one_turn(c: &mut Criterion) {
    let mut group = c.benchmark_group("samurai/turn");
    // A god-sword clash after six bows each (played in the untimed setup).
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    group.bench_function("step_god_sword_clash", |b| {
        b.iter_batched_ref(
            || {
                let (mut duel, mut events) = fresh();
                let mut rng = Pcg64Mcg::seed_from_u64(0);
                for _ in 0..6 {
                    duel.step(&[B, B], &mut rng, &mut events).unwrap();
                }
                events.clear();
                (duel, events)
            },
            |(duel, events)| {
                duel.step(black_box(&[O, P]), &mut rng, events).unwrap();
                assert!(events.len() == 3 && duel.health(P1) == 18 && duel.honour(P0) == 6);
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("step", |b| {
        b.iter_batched_ref(
            fresh,
            |(duel, events)| {
                duel.step(black_box(&[B, I]), &mut rng, events).unwrap();
                assert!(events.len() == 3 && duel.health(P0) == 19 && duel.honour(P1) == 0);
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn whole_match(c: &mut Criterion) {
    let config = Config::default();
    let turns = script(config.max_turns as usize);
    // The script really lasts 500 turns.
    {
        let mut duel = Samurai::with_config(&config).unwrap();
        let mut events = Vec::new();
        let mut rng = Pcg64Mcg::seed_from_u64(0);
        for (i, pair) in turns.iter().enumerate() {
            assert_eq!(duel.end(), None, "the script ended the match at turn {i}");
            duel.step(pair, &mut rng, &mut events).unwrap();
        }
        assert_eq!((duel.end(), duel.turn()), (BORED, 500));
        assert_eq!(
            (duel.health(P0), duel.health(P1)),
            (config.health, config.health)
        );
    }

    let mut group = c.benchmark_group("samurai/match_500");
    let mut events = Vec::with_capacity(4096);
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    group.bench_function("step", |b| {
        b.iter(|| {
            let mut duel = Samurai::new(black_box(&config), 2, &mut rng).unwrap();
            events.clear();
            for pair in black_box(&turns) {
                duel.step(pair, &mut rng, &mut events).unwrap();
            }
            assert!(duel.end() == BORED && duel.turn() == 500);
            events.len()
        })
    });
    group.finish();
}

criterion_group!(benches, one_turn, whole_match);
criterion_main!(benches);
