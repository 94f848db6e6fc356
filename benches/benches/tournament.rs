//! What a tournament's records cost: the same tournament of built-in bots played by
//! `koth_cli::arena::tournament::run` (one job) three ways.
//!
//! - `tournament/records/none`: no records;
//! - `tournament/records/out`: `--out DIR` (the setup, a `matches.jsonl` line per match as it
//!   ends, the standings file);
//! - `tournament/records/out_replays`: `--out DIR --replays` (also each match's replay).
//!
//! The tournament is samurai's `monk`, `coward` and `waiter`, two matches per pair: 6
//! matches, each checked. The recording overhead per match is the difference from `none`,
//! divided by 6. Each iteration writes into a fresh folder of a temporary directory.

use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use koth_cli::arena::spec::BotSpec;
use koth_cli::arena::tournament::{self, Out, RunOptions};
use koth_samurai::{Config, Samurai};

const MATCHES: u32 = 6;

fn bench_records(c: &mut Criterion) {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let specs: Vec<BotSpec> = ["builtin:monk", "builtin:coward", "builtin:waiter"]
        .iter()
        .map(|s| BotSpec::parse::<Samurai>(s, &Default::default()).expect("a built-in"))
        .collect();
    let config = Config::default();
    let mut next = 0u64;
    let mut fresh = || {
        next += 1;
        tmp.path().join(format!("run{next}"))
    };
    let mut group = c.benchmark_group("tournament/records");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    for (name, records, replays) in [
        ("none", false, false),
        ("out", true, false),
        ("out_replays", true, true),
    ] {
        group.bench_function(name, |b| {
            b.iter_batched(
                || RunOptions {
                    jobs: 1,
                    out: records.then(|| Out {
                        dir: fresh(),
                        replays,
                        resume: false,
                    }),
                    ..RunOptions::default()
                },
                |options| {
                    let report = tournament::run::<Samurai>(&config, &specs, 2, 7, &options)
                        .expect("the tournament plays");
                    assert_eq!(report.matches, MATCHES);
                    report
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, bench_records);
criterion_main!(benches);
