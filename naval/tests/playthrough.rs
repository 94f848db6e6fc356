//! Games between the built-in bots: recorded playthroughs (insta), determinism, and the
//! series that shows `hunter` beating the seed's sample bots.
//!
//! Seeding: a game with seed `s` builds the sea and draws the round orders from
//! `Pcg64Mcg::seed_from_u64(s)`; the bot of seat `p` draws from
//! `Pcg64Mcg::seed_from_u64(s * 1000 + p + 1)`.

use std::fmt::Write as _;

use engine_core::{Game, PlayerId, SeedableRng, ToAct};
use naval::protocol::observation_line;
use naval::{Config, Event, Naval, Orders, bots};
use rand_pcg::Pcg64Mcg;

/// One played turn.
#[derive(Clone, Debug, PartialEq)]
struct Turn {
    player: PlayerId,
    round: u32,
    line: String,
    orders: Orders,
    events: Vec<Event>,
}

#[derive(Clone, Debug, PartialEq)]
struct Record {
    first: Naval,
    turns: Vec<Turn>,
    /// The sea at the start of rounds 2, 3, ... (as long as the game lasts).
    round_starts: Vec<Naval>,
    last: Naval,
}

fn play(ids: &[&str], seed: u64) -> Record {
    let mut players: Vec<_> = ids.iter().map(|id| bots::by_id(id).unwrap()).collect();
    let mut rngs: Vec<Pcg64Mcg> = (0..ids.len() as u64)
        .map(|p| Pcg64Mcg::seed_from_u64(seed * 1000 + p + 1))
        .collect();
    let mut config = Config::default();
    for (seat, bot) in players.iter_mut().enumerate() {
        config.set_class(seat, Some(bot.class(&mut rngs[seat])));
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Naval::new(&config, ids.len(), &mut rng).unwrap();
    let first = game.clone();
    let mut turns = Vec::new();
    let mut round_starts = Vec::new();
    while let ToAct::One(p) = game.to_act() {
        let obs = game.observe(p);
        let orders = players[p.index()].act(&obs, &mut rngs[p.index()]);
        let mut events = Vec::new();
        let round = game.round();
        game.step(&[orders], &mut rng, &mut events).unwrap();
        if game.round() != round && !game.to_act().is_over() {
            round_starts.push(game.clone());
        }
        turns.push(Turn {
            player: p,
            round,
            line: observation_line(&obs),
            orders,
            events,
        });
    }
    Record {
        first,
        turns,
        round_starts,
        last: game,
    }
}

fn event_text(e: &Event) -> String {
    match e {
        Event::RoundStarted { round, order } => {
            let order: Vec<String> = order.iter().map(|p| p.to_string()).collect();
            format!("round {round}: {}", order.join(" "))
        }
        Event::Moved { ship, back, head } => {
            format!(
                "{ship} {} to {head}",
                if *back { "back" } else { "forward" }
            )
        }
        Event::Rotated { ship, dir, .. } => format!("{ship} turns {dir:?}"),
        Event::Rammed { ship, target, cell } => format!("{ship} rams {target} at {cell}"),
        Event::Fired { ship, cell } => format!("{ship} fires at {cell}"),
        Event::Hit {
            ship,
            cell,
            by,
            cause,
        } => format!("{ship} hit at {cell} by {by} ({cause:?})"),
        Event::Absorbed { ship, cell, .. } => format!("{ship} shield absorbs {cell}"),
        Event::MineLaid { ship, cell } => format!("{ship} lays a mine at {cell}"),
        Event::MineExploded { cell, chained, .. } => {
            format!(
                "mine {cell} explodes{}",
                if *chained { " (chain)" } else { "" }
            )
        }
        Event::Sunk { ship, by } => format!("{ship} SUNK by {by}"),
        Event::Scanned { ship } => format!("{ship} scans"),
        Event::Dived { ship } => format!("{ship} dives"),
        Event::Surfaced { ship, forced } => {
            format!("{ship} surfaces{}", if *forced { " (forced)" } else { "" })
        }
        Event::Repaired { ship, cell } => format!("{ship} repairs {cell}"),
        Event::ShieldRaised { ship } => format!("{ship} raises its shield"),
        Event::Refused {
            index,
            order,
            reason,
            ..
        } => format!("#{index} {order} refused: {reason}"),
        Event::Ended { reason } => format!("game over: {reason:?}"),
    }
}

/// The first `rounds` rounds turn by turn (each ship's input line, its answer and the
/// events), the sea at the start of each of them, and the final state.
fn render(ids: &[&str], seed: u64, r: &Record, rounds: u32) -> String {
    let mut out = String::new();
    let seats: Vec<String> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| format!("P{i} {id}"))
        .collect();
    writeln!(out, "seed {seed}: {}", seats.join(", ")).unwrap();
    writeln!(out, "{}", r.first.render()).unwrap();
    for turn in r.turns.iter().filter(|t| t.round <= rounds) {
        writeln!(out, "{} < {}", turn.player, turn.line).unwrap();
        writeln!(out, "{} > {}", turn.player, turn.orders).unwrap();
        for e in &turn.events {
            writeln!(out, "    {}", event_text(e)).unwrap();
        }
        if let Some(Event::RoundStarted { round, .. }) = turn.events.last()
            && *round <= rounds
        {
            writeln!(out, "{}", r.round_starts[*round as usize - 2].render()).unwrap();
        }
    }
    writeln!(out, "... {} turns in all\nfinal:", r.turns.len()).unwrap();
    writeln!(out, "{}", r.last.render()).unwrap();
    writeln!(out, "{:?}", r.last.outcome().unwrap()).unwrap();
    out
}

#[test]
fn playthrough_four_bots_seed_3() {
    let ids = ["hunter", "peacemaker", "random", "passive"];
    let r = play(&ids, 3);
    insta::assert_snapshot!("four_bots_seed_3", render(&ids, 3, &r, 3));
}

#[test]
fn playthrough_six_default_lineup_seed_11() {
    let ids = bots::DEFAULT_LINEUP;
    let r = play(&ids, 11);
    insta::assert_snapshot!("default_lineup_seed_11", render(&ids, 11, &r, 1));
}

#[test]
fn same_seeds_give_the_same_game() {
    let ids = ["hunter", "random", "peacemaker", "random", "passive"];
    for seed in [1, 2, 3] {
        assert_eq!(play(&ids, seed), play(&ids, seed));
    }
    assert_ne!(play(&ids, 1).turns, play(&ids, 2).turns);
}

#[test]
fn every_game_ends_with_one_end_event_and_an_outcome() {
    let ids = [
        "random",
        "random",
        "peacemaker",
        "hunter",
        "passive",
        "random",
    ];
    for seed in 0..10 {
        let r = play(&ids, seed);
        let ends: usize = r
            .turns
            .iter()
            .map(|t| {
                t.events
                    .iter()
                    .filter(|e| matches!(e, Event::Ended { .. }))
                    .count()
            })
            .sum();
        assert_eq!(ends, 1);
        assert!(r.last.outcome().is_some());
        assert!(r.turns.len() as u32 == r.last.turn());
        assert!(r.last.round() <= 100);
    }
}

/// 50 games, two of each of the four bots (seats rotated), as in `examples/series.rs`.
#[test]
fn hunter_wins_the_series_against_the_sample_bots() {
    let ids = ["hunter", "peacemaker", "random", "passive"];
    let mut score = [0i64; 4];
    let mut place = [0u64; 4];
    let mut wins = [0u32; 4];
    for g in 0..50u64 {
        let lineup: Vec<&str> = (0..8).map(|i| ids[(i + g as usize) % 4]).collect();
        let r = play(&lineup, g);
        let o = r.last.outcome().unwrap();
        for (seat, id) in lineup.iter().enumerate() {
            let b = ids.iter().position(|x| x == id).unwrap();
            let p = PlayerId(seat as u8);
            score[b] += o.score(p);
            place[b] += u64::from(o.place(p));
            wins[b] += u32::from(o.winner() == Some(p));
        }
    }
    println!("bot, total score over 100 ships, total place, wins");
    for b in 0..4 {
        println!(
            "{:<10} {:>6} {:>6} {:>4}",
            ids[b], score[b], place[b], wins[b]
        );
    }
    for b in 1..4 {
        assert!(score[0] > score[b], "score: {score:?}");
        assert!(place[0] < place[b], "place: {place:?}");
        assert!(wins[0] > wins[b], "wins: {wins:?}");
    }
}
