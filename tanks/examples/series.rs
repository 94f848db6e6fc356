//! A series of seeded games between built-in bots, with each bot's average place and wins.
//!
//! ```text
//! cargo run --release -p tanks --example series -- [GAMES] [BOT...]
//! ```
//!
//! Without bots it runs three line-ups: the default six (2 hunters, 2 snipers, 2 randoms),
//! one hunter against five snipers, and one hunter against five randoms.

use engine_core::{Game, PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tanks::{Config, Tanks, bots};

/// Per bot id: games, summed places, first places (shared or not), sole wins, kills, deaths.
#[derive(Default)]
struct Tally {
    games: u32,
    places: u32,
    firsts: u32,
    sole: u32,
    kills: i64,
    ticks: u64,
}

fn series(lineup: &[&str], games: u64) {
    let mut ids: Vec<&str> = lineup.to_vec();
    ids.sort();
    ids.dedup();
    let mut tallies: Vec<Tally> = ids.iter().map(|_| Tally::default()).collect();
    let mut total_ticks = 0u64;
    for seed in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Tanks::new(&Config::default(), lineup.len(), &mut rng).expect("config");
        let mut players: Vec<_> = lineup
            .iter()
            .map(|id| bots::by_id(id).expect("bot id"))
            .collect();
        let mut events = Vec::new();
        while !game.to_act().is_over() {
            let actions: Vec<_> = game
                .living()
                .iter()
                .map(|&p| players[p.index()].act(&game.observe(p), &mut rng))
                .collect();
            events.clear();
            game.step(&actions, &mut rng, &mut events).expect("step");
        }
        total_ticks += u64::from(game.turn());
        let outcome = game.outcome().expect("outcome");
        let firsts = outcome
            .places()
            .values()
            .iter()
            .filter(|&&p| p == 1)
            .count();
        for (seat, id) in lineup.iter().enumerate() {
            let p = PlayerId(seat as u8);
            let t = &mut tallies[ids.binary_search(id).unwrap_or(0)];
            let place = outcome.place(p);
            t.games += 1;
            t.places += place;
            t.firsts += u32::from(place == 1);
            t.sole += u32::from(place == 1 && firsts == 1);
            t.kills += outcome.score(p);
            t.ticks += u64::from(game.destroyed_at(p).unwrap_or(game.turn()));
        }
    }
    println!(
        "{} games of {} (average {} ticks):",
        games,
        lineup.join(" "),
        total_ticks / games.max(1)
    );
    println!(
        "  {:<8} {:>6} {:>10} {:>8} {:>10} {:>10} {:>10}",
        "bot", "seats", "avg place", "firsts", "sole wins", "kills/seat", "ticks/seat"
    );
    for (id, t) in ids.iter().zip(&tallies) {
        let g = f64::from(t.games.max(1));
        println!(
            "  {:<8} {:>6} {:>10.2} {:>7.0}% {:>9.0}% {:>10.2} {:>10.1}",
            id,
            t.games,
            f64::from(t.places) / g,
            100.0 * f64::from(t.firsts) / g,
            100.0 * f64::from(t.sole) / g,
            t.kills as f64 / g,
            t.ticks as f64 / g,
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|g| g.parse().ok()).unwrap_or(100);
    let lineup: Vec<String> = args.collect();
    if lineup.is_empty() {
        series(&bots::DEFAULT_LINEUP, games);
        series(
            &["hunter", "sniper", "sniper", "sniper", "sniper", "sniper"],
            games,
        );
        series(
            &["hunter", "random", "random", "random", "random", "random"],
            games,
        );
    } else {
        let lineup: Vec<&str> = lineup.iter().map(String::as_str).collect();
        series(&lineup, games);
    }
}
