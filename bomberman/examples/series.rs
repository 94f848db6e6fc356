//! A series of games between built-in bots, with per-bot averages.
//!
//! ```sh
//! cargo run --release -p koth-bomberman --example series            # 20 games, brick-breaker x2 vs random x2
//! cargo run --release -p koth-bomberman --example series -- 50 brick-breaker idle random brick-breaker
//! ```
//!
//! Every game is played by `koth_engine_core::runner::play`; game `g` (from 0) has the seed
//! `derive_seed(0, g)`, as match `g` of a `koth tournament bomberman --seed 0` does. Seats
//! rotate by one each game, so every bot plays every corner.

use std::collections::BTreeMap;

use koth_bomberman::{Bomberman, Config};
use koth_engine_core::PlayerId;
use koth_engine_core::runner::{self, Options, derive_seed};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let lineup: Vec<&str> = if args.len() == 5 {
        args[1..].iter().map(String::as_str).collect()
    } else {
        vec!["brick-breaker", "random", "brick-breaker", "random"]
    };
    #[derive(Default)]
    struct Totals {
        seats: u64,
        score: i64,
        walls: u64,
        bonuses: u64,
        kills: u64,
        self_hits: u64,
        hits_taken: u64,
        firsts: u64,
    }
    let mut totals: BTreeMap<&str, Totals> = BTreeMap::new();
    for g in 0..games {
        let seated: Vec<&str> = (0..4).map(|s| lineup[(s + g as usize) % 4]).collect();
        let mut seats = runner::builtin_seats::<Bomberman>(&seated)
            .unwrap_or_else(|id| panic!("unknown bot {id}"));
        let options = Options {
            keep_turns: false,
            ..Options::default()
        };
        let transcript = runner::play(
            &Config::default(),
            derive_seed(0, g),
            &mut seats,
            options,
            &mut (),
        )
        .expect("the default config plays");
        let (game, outcome) = (transcript.last, transcript.outcome);
        let line: Vec<String> = (0..4)
            .map(|s| {
                let st = game.stats(PlayerId(s as u8));
                format!("{}={}", seated[s], st.score)
            })
            .collect();
        println!("game {g:>3}: {}", line.join(" "));
        for (s, id) in seated.iter().enumerate() {
            let p = PlayerId(s as u8);
            let st = game.stats(p);
            let t = totals.entry(id).or_default();
            t.seats += 1;
            t.score += st.score;
            t.walls += u64::from(st.walls);
            t.bonuses += u64::from(st.bonuses);
            t.kills += u64::from(st.kills);
            t.self_hits += u64::from(st.self_hits);
            t.hits_taken += u64::from(st.hits_taken);
            t.firsts += u64::from(outcome.place(p) == 1);
        }
    }
    println!(
        "\n{:<14} {:>6} {:>9} {:>7} {:>8} {:>7} {:>10} {:>11} {:>7}",
        "bot",
        "seats",
        "avg score",
        "walls",
        "bonuses",
        "kills",
        "self-hits",
        "hits taken",
        "firsts"
    );
    for (id, t) in &totals {
        let n = t.seats as f64;
        println!(
            "{id:<14} {:>6} {:>9.1} {:>7.2} {:>8.2} {:>7.2} {:>10.2} {:>11.2} {:>7}",
            t.seats,
            t.score as f64 / n,
            t.walls as f64 / n,
            t.bonuses as f64 / n,
            t.kills as f64 / n,
            t.self_hits as f64 / n,
            t.hits_taken as f64 / n,
            t.firsts
        );
    }
}
