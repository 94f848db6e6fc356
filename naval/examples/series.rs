//! A series of games between the built-in bots: by default 50 games with two of each of
//! `hunter`, `peacemaker`, `random` and `passive` (8 ships, a 38 x 38 sea), seats rotated
//! from game to game. Prints each bot's average score and place and its wins.
//!
//! `cargo run --release -p koth-naval --example series [GAMES] [SEED]`
//!
//! Every game is played by the one runner, `koth_engine_core::runner::play`; game `g` of
//! seed `s` has the match seed `derive_seed(s, g)` (as a `koth` tournament numbers its
//! matches).

use koth_engine_core::PlayerId;
use koth_engine_core::draw::derive_seed;
use koth_engine_core::runner::{self, Observer, Options, Turn};
use koth_naval::{Config, Event, Naval};

const IDS: [&str; 4] = ["hunter", "peacemaker", "random", "passive"];

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    // Per bot: games, score sum, place sum, wins (sole first place), survivals.
    let mut totals = [(0u64, 0i64, 0u64, 0u64, 0u64); 4];
    // sunk[killer][victim]; killer 4 = the victim itself (its own shot or mine).
    let mut sunk = [[0u32; 4]; 5];
    for g in 0..games {
        let lineup: Vec<usize> = (0..8).map(|i| (i + g as usize) % 4).collect();
        let ids: Vec<&str> = lineup.iter().map(|&b| IDS[b]).collect();
        let mut seats = runner::builtin_seats::<Naval>(&ids).expect("listed bots");
        let mut sinkings = Sinkings(Vec::new());
        let t = runner::play(
            &Config::default(),
            derive_seed(seed, g),
            &mut seats,
            Options {
                keep_turns: false,
                ..Options::default()
            },
            &mut sinkings,
        )
        .expect("a game between built-in bots");
        for (ship, by) in sinkings.0 {
            let killer = if by == ship { 4 } else { lineup[by.index()] };
            sunk[killer][lineup[ship.index()]] += 1;
        }
        for (seat, &b) in lineup.iter().enumerate() {
            let p = PlayerId(seat as u8);
            let total = &mut totals[b];
            total.0 += 1;
            total.1 += t.outcome.score(p);
            total.2 += u64::from(t.outcome.place(p));
            total.3 += u64::from(t.outcome.winner() == Some(p));
            total.4 += u64::from(t.stats[seat].alive);
        }
    }
    println!("{games} games, 2 of each bot, seed {seed}");
    println!("bot         avg score  avg place  wins  survived");
    for (i, id) in IDS.iter().enumerate() {
        let (n, score, place, wins, alive) = totals[i];
        println!(
            "{id:<10} {:>10.2} {:>10.2} {wins:>5} {:>8.0}%",
            score as f64 / n as f64,
            place as f64 / n as f64,
            100.0 * alive as f64 / n as f64
        );
    }
    println!("sunk by (rows) / sunk ships (columns): {IDS:?}");
    for (k, row) in sunk.iter().enumerate() {
        let name = IDS.get(k).copied().unwrap_or("itself");
        println!("{name:<10} {row:?}");
    }
}

/// Every `Sunk` event: `(ship, by)`.
struct Sinkings(Vec<(PlayerId, PlayerId)>);

impl Observer<Naval> for Sinkings {
    fn turn(&mut self, turn: &Turn<Naval>, _: &Naval) {
        for e in &turn.events {
            if let Event::Sunk { ship, by } = *e {
                self.0.push((ship, by));
            }
        }
    }
}
