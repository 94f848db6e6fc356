//! A series of seeded games between built-in bots, with each bot's average place and wins.
//!
//! ```text
//! cargo run --release -p koth-tanks --example series -- [GAMES] [BOT...]
//! ```
//!
//! Without bots it runs three line-ups: the default six (2 hunters, 2 snipers, 2 randoms),
//! one hunter against five snipers, and one hunter against five randoms. Game `i` is played
//! by the one match runner from seed `derive_seed(0, i)`.

use koth_engine_core::draw::derive_seed;
use koth_engine_core::runner::{self, Options};
use koth_engine_core::{Contest, Game, PlayerId};
use koth_tanks::{Config, Tanks};

/// Per bot id: games, summed places, first places (shared or not), sole wins, kills, ticks
/// survived.
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
    let options = Options {
        keep_turns: false,
        ..Options::default()
    };
    for i in 0..games {
        let mut seats = runner::builtin_seats::<Tanks>(lineup).expect("bot id");
        let t = runner::play(
            &Config::default(),
            derive_seed(0, i),
            &mut seats,
            options,
            &mut (),
        )
        .expect("match");
        let game = &t.last;
        total_ticks += u64::from(game.turn());
        let outcome = &t.outcome;
        let firsts = outcome
            .places()
            .values()
            .iter()
            .filter(|&&p| p == 1)
            .count();
        for (seat, id) in lineup.iter().enumerate() {
            let p = PlayerId(seat as u8);
            let tally = &mut tallies[ids.binary_search(id).unwrap_or(0)];
            let place = outcome.place(p);
            tally.games += 1;
            tally.places += place;
            tally.firsts += u32::from(place == 1);
            tally.sole += u32::from(place == 1 && firsts == 1);
            tally.kills += outcome.score(p);
            tally.ticks += u64::from(t.stats[seat].destroyed_at.unwrap_or(game.turn()));
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
        series(Tanks::bots().default_lineup, games);
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
