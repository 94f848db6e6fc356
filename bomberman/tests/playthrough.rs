//! Games between built-in bots: recorded playthroughs (insta, an ASCII frame every 50, 100 or
//! 150 ticks with a count of the events in between), determinism, and the brick-breaker series.
//!
//! Every game is played by the one runner, [`koth_engine_core::runner::play`], with its one
//! seeding rule: `default_lineup_seed_3` is the very game `koth play bomberman --seed 3` plays.

use std::fmt::Write as _;

use koth_bomberman::{Bomberman, Config, Event, Mode, Rules};
use koth_engine_core::runner::{self, Observer, Options, Start, Transcript, Turn, derive_seed};
use koth_engine_core::{Contest, Game, PlayerId};

/// Renders a frame every `every` ticks (and the first and the final state), each preceded by
/// counts of the events since the previous frame; keeps every event.
struct Frames {
    every: u32,
    text: String,
    events: Vec<Event>,
    since: usize,
}

impl Frames {
    fn frame(&mut self, game: &Bomberman) {
        let window = &self.events[self.since..];
        let count = |f: fn(&Event) -> bool| window.iter().filter(|e| f(e)).count();
        writeln!(
            self.text,
            "\nexploded {} walls {} hits {} picked {} dropped {}",
            count(|e| matches!(e, Event::Exploded { .. })),
            count(|e| matches!(e, Event::WallDestroyed { .. })),
            count(|e| matches!(e, Event::Hit { .. })),
            count(|e| matches!(e, Event::BonusPicked { .. })),
            count(|e| matches!(e, Event::Dropped { .. })),
        )
        .unwrap();
        self.text.push_str(&game.render());
        self.since = self.events.len();
    }
}

impl Observer<Bomberman> for Frames {
    fn started(&mut self, start: &Start<'_, Bomberman>, game: &Bomberman) {
        let names: Vec<String> = start
            .names
            .iter()
            .enumerate()
            .map(|(i, id)| format!("P{i} {id}"))
            .collect();
        writeln!(
            self.text,
            "{} mode, seed {}: {}",
            start.config.mode,
            start.seed,
            names.join(", ")
        )
        .unwrap();
        self.frame(game);
    }

    fn turn(&mut self, turn: &Turn<Bomberman>, game: &Bomberman) {
        self.events.extend_from_slice(&turn.events);
        if game.tick() % self.every == 0 || game.to_act().is_over() {
            self.frame(game);
        }
    }
}

struct Played {
    game: Bomberman,
    events: Vec<Event>,
    frames: String,
    transcript: Transcript<Bomberman>,
}

fn play(config: Config, ids: &[&str], seed: u64, every: u32) -> Played {
    let mut seats = runner::builtin_seats::<Bomberman>(ids).unwrap();
    let mut frames = Frames {
        every,
        text: String::new(),
        events: Vec::new(),
        since: 0,
    };
    let transcript = runner::play(&config, seed, &mut seats, Options::default(), &mut frames)
        .unwrap_or_else(|e| panic!("{ids:?} seed {seed}: {e}"));
    assert!(transcript.faults.is_empty(), "{:?}", transcript.faults);
    let game = transcript.last.clone();
    assert_eq!(game.tick(), config.rules.max_ticks);
    assert_eq!(transcript.turns_played, game.tick());
    // The transcript and the observer saw the same events.
    let events: Vec<Event> = transcript
        .turns
        .iter()
        .flat_map(|t| t.events.iter().cloned())
        .collect();
    assert_eq!(events, frames.events);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, transcript.outcome);
    writeln!(frames.text, "\nfinal:").unwrap();
    for p in PlayerId::all(ids.len()) {
        writeln!(
            frames.text,
            "{p} place {} {:?}",
            outcome.place(p),
            game.stats(p)
        )
        .unwrap();
    }
    Played {
        game,
        events,
        frames: frames.text,
        transcript,
    }
}

fn default_lineup() -> Vec<&'static str> {
    Bomberman::bots().lineup(Bomberman::seats(&Config::default()))
}

#[test]
fn default_lineup_seed_3() {
    let ids = default_lineup();
    assert_eq!(ids, ["brick-breaker", "random", "random", "brick-breaker"]);
    let played = play(Config::default(), &ids, 3, 100);
    insta::assert_snapshot!("default_lineup_seed_3", played.frames);
}

#[test]
fn playthrough_default_lineup_seed_1() {
    let played = play(Config::default(), &default_lineup(), 1, 50);
    assert_eq!(played.game.tick(), 1500);
    insta::assert_snapshot!("default_lineup_seed_1", played.frames);
}

#[test]
fn playthrough_duel_seed_3() {
    let config = Config::mode(Mode::Duel);
    let ids = Bomberman::bots().lineup(Bomberman::seats(&config));
    assert_eq!(ids, ["brick-breaker", "random"]);
    let played = play(config, &ids, 3, 100);
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
    let ids = default_lineup();
    for seed in [4, 9] {
        let a = play(Config::default(), &ids, seed, 1500);
        let b = play(Config::default(), &ids, seed, 1500);
        assert_eq!(a.game, b.game);
        assert_eq!(a.events, b.events);
        assert_eq!(a.transcript.turns, b.transcript.turns);
    }
    let a = play(Config::default(), &ids, 4, 1500);
    let b = play(Config::default(), &ids, 5, 1500);
    assert_ne!(a.game, b.game);
}

#[test]
fn scores_are_the_sum_of_the_score_events() {
    let played = play(Config::default(), &default_lineup(), 2, 1500);
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
        assert_eq!(sum, played.transcript.outcome.score(p));
    }
}

#[test]
fn the_transcript_holds_the_contest_statistics() {
    let played = play(Config::default(), &default_lineup(), 6, 1500);
    for p in PlayerId::all(4) {
        let full = played.game.stats(p);
        let s = played.transcript.stats[p.index()];
        assert_eq!(
            (s.lives_left, s.walls, s.bonuses, s.kills, s.self_hits),
            (
                full.lives_left,
                full.walls,
                full.bonuses,
                full.kills,
                full.self_hits
            )
        );
    }
}

/// 20 games of two brick-breakers against two random walkers, seats rotating, game `g` played
/// with seed `derive_seed(0, g)`: the averages per bot (run with `--nocapture` to see them;
/// `examples/series.rs` prints the same table).
#[test]
fn brick_breaker_beats_random_by_a_wide_margin() {
    let lineup = ["brick-breaker", "random", "brick-breaker", "random"];
    let mut totals = [[0i64; 4]; 2]; // per kind: score, self hits, hits taken, seats
    for g in 0..20u64 {
        let seated: Vec<&str> = (0..4).map(|s| lineup[(s + g as usize) % 4]).collect();
        let played = play(Config::default(), &seated, derive_seed(0, g), 1500);
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

/// The search bot replays from its seed (each 300-tick game played twice) and outscores the
/// random walkers it meets.
#[test]
fn mcts_plays_the_same_game_from_the_same_seed_and_outscores_random_walkers() {
    let config = Config {
        rules: Rules {
            max_ticks: 300,
            ..Rules::default()
        },
        ..Config::default()
    };
    let ids = ["mcts", "random", "random", "brick-breaker"];
    for seed in [1, 2] {
        let a = play(config, &ids, seed, 300);
        let b = play(config, &ids, seed, 300);
        assert_eq!(a.transcript.turns, b.transcript.turns, "seed {seed}");
        assert_eq!(a.game, b.game, "seed {seed}");
        let score = |p: u8| a.game.player(PlayerId(p)).score;
        assert!(
            score(0) > score(1).max(score(2)),
            "seed {seed}: {:?}",
            a.game.scores()
        );
    }
}
