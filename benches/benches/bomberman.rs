//! Bomberman benchmarks.
//!
//! - `bomberman/tick/mid_game`: one tick of a standard game 400 ticks in (four brick-breakers
//!   played the setup outside the measurement; bombs, explosions and bonuses on the field), the
//!   state cloned by `iter_batched_ref`. Target: <= 1 us.
//! - `bomberman/game_1500/random_x4`: a whole 1500-tick standard game of four `random` bots
//!   in-process, through the public API a Rust user calls (`observe`, `Bot::act`, `step`: each
//!   bot observes and acts every tick while on the field). Target: <= 3 ms. Random walkers
//!   blow themselves up within a few hundred ticks, after which the engine plays the rest out
//!   alone; so also:
//! - `bomberman/game_1500/random_x4_no_drops`: the same walkers with their drops removed (four
//!   agents that never bomb, like pomcpp2's `HarmlessAgent`), so all four stay on the field,
//!   observe and move for the whole 1500 ticks.
//!
//!   Both report ticks per second (criterion's throughput, 1500 ticks a game); the state is
//!   warm in cache (one game's state, played over and over). `benches/anchors/pomcpp2.cpp`
//!   times pomcpp2 on the same two line-ups (see `benches/anchors/README.md`): compare ratios
//!   measured in one session.
//!
//! - `bomberman/encode/observation_json`: one seat's protocol line (the JSON a process bot
//!   reads each tick, about 11 KB) for the mid-game state of `tick/mid_game`: the runner
//!   writes one per bot per tick. Throughput in bytes.
//!
//! Every measured closure checks its result against a reference run, so a fast but wrong
//! engine fails the bench.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use koth_bomberman::bots::BOTS;
use koth_bomberman::{Action, Bomberman, Config, Event};
use koth_engine_core::{Game, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Plays `ticks` ticks of seed `seed` with `ids`; returns the game, the RNG, and the actions of
/// the next tick.
fn setup(ids: &[&str], seed: u64, ticks: u32) -> (Bomberman, Pcg64Mcg, Vec<Action>) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Bomberman::new(&Config::default(), ids.len(), &mut rng).unwrap();
    let mut players: Vec<_> = ids.iter().map(|id| BOTS.make(id).unwrap()).collect();
    let mut events = Vec::new();
    let mut next = |game: &Bomberman, rng: &mut Pcg64Mcg| -> Vec<Action> {
        game.to_act()
            .players()
            .iter()
            .map(|&p| players[p.index()].act(&game.observe(p), rng))
            .collect()
    };
    while game.tick() < ticks {
        let actions = next(&game, &mut rng);
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
    let actions = next(&game, &mut rng);
    (game, rng, actions)
}

fn one_tick(c: &mut Criterion) {
    let (game, rng, actions) = setup(&["brick-breaker"; 4], 3, 400);
    assert_eq!(game.to_act().players().len(), 4, "four players mid-game");
    assert!(!game.bombs().is_empty() || !game.explosions().is_empty());
    // The reference result of the measured tick.
    let mut expected = game.clone();
    let mut expected_events = Vec::new();
    expected
        .step(&actions, &mut rng.clone(), &mut expected_events)
        .unwrap();

    let mut group = c.benchmark_group("bomberman/tick");
    group.bench_function("mid_game", |b| {
        b.iter_batched_ref(
            || (game.clone(), rng.clone(), Vec::<Event>::with_capacity(64)),
            |(g, r, events)| {
                g.step(black_box(&actions), r, events).unwrap();
                assert!(g.tick() == 401 && *events == expected_events);
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
    assert_eq!(expected.tick(), 401);
}

fn encode(c: &mut Criterion) {
    use koth_engine_core::PlayerId;
    let (game, _, _) = setup(&["brick-breaker"; 4], 3, 400);
    let observation = game.observe(PlayerId(0));
    let line = koth_bomberman::protocol::observation_json(&observation);
    assert!(line.starts_with("{\"tick\":400,") && line.ends_with("}}"));
    let mut group = c.benchmark_group("bomberman/encode");
    group.throughput(Throughput::Bytes(line.len() as u64));
    group.bench_function("observation_json", |b| {
        b.iter(|| {
            let encoded = koth_bomberman::protocol::observation_json(black_box(&observation));
            assert_eq!(encoded.len(), line.len());
            encoded
        })
    });
    group.finish();
}

/// A whole game of four random bots (without their drops if `drops` is false); returns the
/// final scores and how many ticks someone was on the field.
fn random_game(seed: u64, drops: bool) -> (Vec<i64>, u32) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Bomberman::new(&Config::default(), 4, &mut rng).unwrap();
    let mut players: Vec<_> = (0..4).map(|_| BOTS.make("random").unwrap()).collect();
    let mut events = Vec::with_capacity(256);
    let mut actions = Vec::with_capacity(4);
    let mut lived = 0;
    while !game.to_act().is_over() {
        actions.clear();
        lived = game.tick();
        for &p in game.to_act().players() {
            let mut action = players[p.index()].act(&game.observe(p), &mut rng);
            action.drop &= drops;
            actions.push(action);
        }
        events.clear();
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
    assert_eq!(game.tick(), 1500);
    (
        game.outcome().unwrap().scores().values().to_vec(),
        lived + 1,
    )
}

fn whole_game(c: &mut Criterion) {
    let expected = random_game(7, true);
    let quiet = random_game(7, false);
    assert_eq!(quiet.1, 1500, "without drops everyone lives to the end");
    assert_eq!(quiet.0, vec![0; 4]);
    let mut group = c.benchmark_group("bomberman/game_1500");
    group.throughput(Throughput::Elements(1500));
    group.bench_function("random_x4", |b| {
        b.iter(|| assert_eq!(random_game(black_box(7), true), expected))
    });
    group.bench_function("random_x4_no_drops", |b| {
        b.iter(|| assert_eq!(random_game(black_box(7), false), quiet))
    });
    group.finish();
}

criterion_group!(benches, one_tick, encode, whole_game);
criterion_main!(benches);
