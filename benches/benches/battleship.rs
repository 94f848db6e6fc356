//! HTTP Battleship benchmarks.
//!
//! - `battleship/game/hunter_vs_random`: a whole in-process game on the default 10 x 10
//!   settings, both placements and every shot, bots observing through the engine. Seeds cycle
//!   over 64 games so the figure is an average. Target: <= 20 us.
//! - `battleship/http/<dialect>`: a whole match between two remote `hunter` bots served by
//!   the bot server on 127.0.0.1, through the arena client with keep-alive connections (one
//!   time per match: matches per second = 1 / time).
//!
//! Every measured closure checks its result, so a fast but wrong engine fails the bench.

use std::hint::black_box;
use std::net::TcpListener;
use std::time::Duration;

use cli::http::{HttpPlayer, ServeOptions, serve};
use cli::runner::{Outputs, Seat, play_match};
use criterion::{Criterion, criterion_group, criterion_main};
use engine_core::{Game, OutcomeKind, SeedableRng};
use http_battleship::{Battleship, Config, Dialect, EndReason, bots};
use rand_pcg::Pcg64Mcg;

fn whole_game(c: &mut Criterion) {
    let config = Config::default();
    let mut group = c.benchmark_group("battleship/game");
    let mut seed = 0u64;
    group.bench_function("hunter_vs_random", |b| {
        b.iter(|| {
            seed = (seed + 1) % 64;
            let mut rng = Pcg64Mcg::seed_from_u64(black_box(seed));
            let mut game = Battleship::new(&config, 2, &mut rng).unwrap();
            let mut players = [
                bots::by_id("hunter").unwrap(),
                bots::by_id("random").unwrap(),
            ];
            let mut events = Vec::with_capacity(4);
            while let Some(p) = game.next_player() {
                let action = players[p.index()].act(&game.observe(p), &mut rng);
                events.clear();
                game.step(&[action], &mut rng, &mut events).unwrap();
            }
            let end = game.end().unwrap();
            assert!(end.reason == EndReason::Sunk && end.winner.is_some());
            game.turn()
        })
    });
    group.finish();
}

fn http_matches(c: &mut Criterion) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let server = serve(listener, ServeOptions::new("hunter")).unwrap();
    let url = server.url();
    let mut group = c.benchmark_group("battleship/http");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    for dialect in Dialect::ALL {
        let mut seed = 0;
        group.bench_function(dialect.as_str(), |b| {
            b.iter(|| {
                seed += 1;
                let seats = ["a", "b"]
                    .map(|name| Seat::<Battleship> {
                        name: name.to_string(),
                        player: Box::new(HttpPlayer::new(&url, dialect, Duration::from_secs(5))),
                    })
                    .into();
                let report =
                    play_match::<Battleship>(&Config::default(), seed, seats, Outputs::default())
                        .unwrap();
                assert!(report.faults.is_empty() && report.outcome == OutcomeKind::Win);
                report.turns
            })
        });
    }
    group.finish();
    server.shutdown();
}

criterion_group!(benches, whole_game, http_matches);
criterion_main!(benches);
