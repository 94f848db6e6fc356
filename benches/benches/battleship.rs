//! HTTP Battleship benchmarks.
//!
//! - `battleship/game/hunter_vs_random`: a whole in-process game on the default 10 x 10
//!   settings, both placements and every shot, the engine stepped directly with both bots
//!   drawing from the game's RNG (what a search or learning loop pays). Seeds cycle over 64
//!   games so the figure is an average. Target: <= 20 us.
//! - `battleship/game/hunter_vs_random_runner`: the same match played by the one match runner
//!   (`koth_engine_core::runner::play`, turns not kept: seats, per-player RNGs, statistics).
//! - `battleship/http/<dialect>`: a whole match between two remote `hunter` bots served by
//!   the bot server on 127.0.0.1, through the runner's generic HTTP players (the game's own
//!   request bodies over `koth_cli::arena::http::HttpClient`, keep-alive connections; one time per
//!   match: matches per second = 1 / time).
//!
//! Every measured closure checks its result, so a fast but wrong engine fails the bench.

use std::hint::black_box;
use std::net::TcpListener;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use koth_cli::arena::external::{Endpoint, ExternalPlayer};
use koth_cli::arena::launch::Launch;
use koth_cli::serve::{ServeOptions, serve};
use koth_engine_core::runner::{self, Options, Seat};
use koth_engine_core::{Game, OutcomeKind, SeedableRng};
use koth_http_battleship::{Battleship, Config, Dialect, EndReason, bots::BOTS};
use rand_pcg::Pcg64Mcg;

/// The runner's options for a bench: results only, no turn list.
const RESULTS_ONLY: Options = Options {
    keep_turns: false,
    strict: false,
    skip_setup: false,
};

fn whole_game(c: &mut Criterion) {
    let config = Config::default();
    let mut group = c.benchmark_group("battleship/game");
    let mut seed = 0u64;
    group.bench_function("hunter_vs_random", |b| {
        b.iter(|| {
            seed = (seed + 1) % 64;
            let mut rng = Pcg64Mcg::seed_from_u64(black_box(seed));
            let mut game = Battleship::new(&config, 2, &mut rng).unwrap();
            let mut players = [BOTS.make("hunter").unwrap(), BOTS.make("random").unwrap()];
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
    let mut seed = 0u64;
    group.bench_function("hunter_vs_random_runner", |b| {
        b.iter(|| {
            seed = (seed + 1) % 64;
            let mut seats = runner::builtin_seats::<Battleship>(&["hunter", "random"]).unwrap();
            let t =
                runner::play(&config, black_box(seed), &mut seats, RESULTS_ONLY, &mut ()).unwrap();
            let end = t.last.end().unwrap();
            assert!(end.reason == EndReason::Sunk && end.winner.is_some());
            t.turns_played
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
                let mut seats: Vec<Seat<Battleship>> = ["a", "b"]
                    .map(|name| Seat {
                        name: name.to_string(),
                        player: Box::new(ExternalPlayer::<Battleship>::new(
                            name,
                            Endpoint::Http(url.clone()),
                            &Launch {
                                dialect: dialect.as_str().to_string(),
                                timeout: Some(Duration::from_secs(5)),
                                ..Launch::default()
                            },
                        )),
                    })
                    .into();
                let t = runner::play(&Config::default(), seed, &mut seats, RESULTS_ONLY, &mut ())
                    .unwrap();
                assert!(t.faults.is_empty() && t.outcome.kind() == OutcomeKind::Win);
                t.turns_played
            })
        });
    }
    group.finish();
    server.shutdown();
}

criterion_group!(benches, whole_game, http_matches);
criterion_main!(benches);
