//! Games between built-in bots: recorded playthroughs (insta, an ASCII frame every 50 or 100
//! ticks with a count of the events in between), determinism, and the brick-breaker series.
//!
//! Seeding: game seed `s` gives the engine `Pcg64Mcg::seed_from_u64(s)` and seat `p`'s bot
//! `Pcg64Mcg::seed_from_u64(1000 * (s + 1) + p)`.

use std::fmt::Write as _;

use bomberman::{Bomberman, Config, Event, Mode, bots};
use engine_core::{Game, PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;

struct Played {
    game: Bomberman,
    events: Vec<Event>,
    frames: String,
}

fn play(config: Config, ids: &[&str], seed: u64, every: u32) -> Played {
    let n = ids.len();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Bomberman::new(&config, n, &mut rng).unwrap();
    let mut players: Vec<_> = ids.iter().map(|id| bots::by_id(id).unwrap()).collect();
    let mut bot_rngs: Vec<_> = (0..n as u64)
        .map(|p| Pcg64Mcg::seed_from_u64(1000 * (seed + 1) + p))
        .collect();
    let mut events = Vec::new();
    let mut frames = String::new();
    let names: Vec<String> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| format!("P{i} {id}"))
        .collect();
    writeln!(
        frames,
        "{} mode, seed {seed}: {}",
        config.mode,
        names.join(", ")
    )
    .unwrap();
    let mut since = 0;
    loop {
        if game.tick() % every == 0 || game.to_act().is_over() {
            let window = &events[since..];
            let count = |f: fn(&Event) -> bool| window.iter().filter(|e| f(e)).count();
            writeln!(
                frames,
                "\nexploded {} walls {} hits {} picked {} dropped {}",
                count(|e| matches!(e, Event::Exploded { .. })),
                count(|e| matches!(e, Event::WallDestroyed { .. })),
                count(|e| matches!(e, Event::Hit { .. })),
                count(|e| matches!(e, Event::BonusPicked { .. })),
                count(|e| matches!(e, Event::Dropped { .. })),
            )
            .unwrap();
            frames.push_str(&game.render());
            since = events.len();
        }
        if game.to_act().is_over() {
            break;
        }
        let acting = game.to_act().players().to_vec();
        let actions: Vec<_> = acting
            .iter()
            .map(|&p| players[p.index()].act(&game.observe(p), &mut bot_rngs[p.index()]))
            .collect();
        game.step(&actions, &mut rng, &mut events).unwrap();
    }
    let outcome = game.outcome().unwrap();
    writeln!(frames, "\nfinal:").unwrap();
    for p in PlayerId::all(n) {
        writeln!(frames, "{p} place {} {:?}", outcome.place(p), game.stats(p)).unwrap();
    }
    Played {
        game,
        events,
        frames,
    }
}

#[test]
fn playthrough_default_lineup_seed_1() {
    let played = play(Config::default(), &bots::DEFAULT_LINEUP, 1, 50);
    assert_eq!(played.game.tick(), 1500);
    insta::assert_snapshot!("default_lineup_seed_1", played.frames);
}

#[test]
fn playthrough_duel_seed_3() {
    let played = play(
        Config::mode(Mode::Duel),
        &["brick-breaker", "random"],
        3,
        100,
    );
    insta::assert_snapshot!("duel_seed_3", played.frames);
}

#[test]
fn playthrough_fragile_seed_5() {
    let played = play(
        Config::mode(Mode::Fragile),
        &["brick-breaker", "idle", "brick-breaker", "idle"],
        5,
        150,
    );
    insta::assert_snapshot!("fragile_seed_5", played.frames);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for seed in [4, 9] {
        let a = play(Config::default(), &bots::DEFAULT_LINEUP, seed, 1500);
        let b = play(Config::default(), &bots::DEFAULT_LINEUP, seed, 1500);
        assert_eq!(a.game, b.game);
        assert_eq!(a.events, b.events);
    }
    let a = play(Config::default(), &bots::DEFAULT_LINEUP, 4, 1500);
    let b = play(Config::default(), &bots::DEFAULT_LINEUP, 5, 1500);
    assert_ne!(a.game, b.game);
}

#[test]
fn scores_are_the_sum_of_the_score_events() {
    let played = play(Config::default(), &bots::DEFAULT_LINEUP, 2, 1500);
    for p in PlayerId::all(4) {
        let sum: i64 = played
            .events
            .iter()
            .filter_map(|e| match *e {
                Event::Scored { player, points, .. } if player == p => Some(points),
                _ => None,
            })
            .sum();
        assert_eq!(sum, played.game.player(p).score);
    }
}

/// 20 games of two brick-breakers against two random walkers, seats rotating: the averages
/// per bot (run with `--nocapture` to see them; `examples/series.rs` prints the same table).
#[test]
fn brick_breaker_beats_random_by_a_wide_margin() {
    let lineup = ["brick-breaker", "random", "brick-breaker", "random"];
    let mut totals = [[0i64; 4]; 2]; // per kind: score, self hits, hits taken, seats
    for g in 0..20u64 {
        let seated: Vec<&str> = (0..4).map(|s| lineup[(s + g as usize) % 4]).collect();
        let played = play(Config::default(), &seated, g, 1500);
        for (s, id) in seated.iter().enumerate() {
            let st = played.game.stats(PlayerId(s as u8));
            let t = &mut totals[usize::from(*id == "random")];
            t[0] += st.score;
            t[1] += i64::from(st.self_hits);
            t[2] += i64::from(st.hits_taken);
            t[3] += 1;
        }
    }
    let avg = |t: [i64; 4], i: usize| t[i] as f64 / t[3] as f64;
    for (name, t) in ["brick-breaker", "random"].iter().zip(totals) {
        println!(
            "{name:<14} avg score {:>7.1}  self-hits {:.2}  hits taken {:.2}",
            avg(t, 0),
            avg(t, 1),
            avg(t, 2)
        );
    }
    let (bb, random) = (totals[0], totals[1]);
    assert!(avg(bb, 0) > avg(random, 0) + 300.0);
    assert!(
        avg(bb, 1) <= 0.2,
        "brick-breaker loses few lives to its own bombs"
    );
}
