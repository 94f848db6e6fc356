//! A series of games between the built-in bots: by default 50 games with two of each of
//! `hunter`, `peacemaker`, `random` and `passive` (8 ships, a 38 x 38 sea), seats rotated
//! from game to game. Prints each bot's average score and place and its wins.
//!
//! `cargo run --release -p naval --example series [GAMES] [SEED]`
//!
//! Seeding: game `g` of seed `s` builds the sea from `Pcg64Mcg::seed_from_u64(s + g)`; the
//! bot of seat `p` draws from `Pcg64Mcg::seed_from_u64((s + g) * 1000 + p + 1)`.

use engine_core::{Game, PlayerId, SeedableRng, ToAct};
use naval::{Config, Naval, bots};
use rand_pcg::Pcg64Mcg;

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
        let s = seed + g;
        let lineup: Vec<usize> = (0..8).map(|i| (i + g as usize) % 4).collect();
        let mut players: Vec<_> = lineup
            .iter()
            .map(|&b| bots::by_id(IDS[b]).unwrap())
            .collect();
        let mut rngs: Vec<Pcg64Mcg> = (0..8)
            .map(|p| Pcg64Mcg::seed_from_u64(s * 1000 + p + 1))
            .collect();
        let mut config = Config::default();
        for (seat, bot) in players.iter_mut().enumerate() {
            config.set_class(seat, Some(bot.class(&mut rngs[seat])));
        }
        let mut rng = Pcg64Mcg::seed_from_u64(s);
        let mut game = Naval::new(&config, 8, &mut rng).unwrap();
        let mut events = Vec::new();
        while let ToAct::One(p) = game.to_act() {
            let orders = players[p.index()].act(&game.observe(p), &mut rngs[p.index()]);
            events.clear();
            game.step(&[orders], &mut rng, &mut events).unwrap();
            for e in &events {
                if let naval::Event::Sunk { ship, by } = *e {
                    let killer = if by == ship { 4 } else { lineup[by.index()] };
                    sunk[killer][lineup[ship.index()]] += 1;
                }
            }
        }
        let outcome = game.outcome().unwrap();
        for (seat, &b) in lineup.iter().enumerate() {
            let p = PlayerId(seat as u8);
            let t = &mut totals[b];
            t.0 += 1;
            t.1 += outcome.score(p);
            t.2 += u64::from(outcome.place(p));
            t.3 += u64::from(outcome.winner() == Some(p));
            t.4 += u64::from(game.stats(p).alive);
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
