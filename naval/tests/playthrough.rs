//! Games between the built-in bots: recorded playthroughs (insta), determinism, and the
//! series that shows `hunter` beating the seed's sample bots.
//!
//! Every game is played by the one runner, [`koth_engine_core::runner::play`], with its one
//! seeding rule (the sea and the round orders from `game_rng(seed)`, seat `p`'s bot, class
//! choice included, from `player_rng(seed, p)`): `default_lineup_seed_3` is the very game
//! `koth play naval --seed 3` plays.

use std::fmt::Write as _;

use koth_engine_core::draw::derive_seed;
use koth_engine_core::runner::{self, Observer, Options, Start, Transcript};
use koth_engine_core::{Contest, Game, PlayerId};
use koth_naval::protocol::observation_line;
use koth_naval::{Config, Event, Naval, Orders};

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

/// Records each turn with the input line its ship was given (from the state before it).
#[derive(Default)]
struct Recorder {
    first: Option<Naval>,
    before: Option<Naval>,
    turns: Vec<Turn>,
    round_starts: Vec<Naval>,
}

impl Observer<Naval> for Recorder {
    fn started(&mut self, _: &Start<'_, Naval>, game: &Naval) {
        self.first = Some(game.clone());
        self.before = Some(game.clone());
    }

    fn turn(&mut self, turn: &runner::Turn<Naval>, game: &Naval) {
        let before = self.before.replace(game.clone()).expect("started first");
        let player = turn.actors[0];
        if game.round() != before.round() && !game.to_act().is_over() {
            self.round_starts.push(game.clone());
        }
        self.turns.push(Turn {
            player,
            round: before.round(),
            line: observation_line(&before.observe(player)),
            orders: turn.actions[0],
            events: turn.events.clone(),
        });
    }
}

fn transcript(ids: &[&str], seed: u64, observer: &mut dyn Observer<Naval>) -> Transcript<Naval> {
    let mut seats = runner::builtin_seats::<Naval>(ids).unwrap();
    let t = runner::play(
        &Config::default(),
        seed,
        &mut seats,
        Options::default(),
        observer,
    )
    .unwrap_or_else(|e| panic!("{ids:?}, seed {seed}: {e}"));
    assert!(t.faults.is_empty(), "{:?}", t.faults);
    t
}

fn play(ids: &[&str], seed: u64) -> Record {
    let mut recorder = Recorder::default();
    let t = transcript(ids, seed, &mut recorder);
    // The transcript and the observer saw the same turns.
    assert_eq!(t.turns.len(), recorder.turns.len());
    for (a, b) in t.turns.iter().zip(&recorder.turns) {
        assert_eq!(
            (a.actors.as_slice(), a.actions[0]),
            ([b.player].as_slice(), b.orders)
        );
        assert_eq!(a.events, b.events);
    }
    Record {
        first: recorder.first.unwrap(),
        turns: recorder.turns,
        round_starts: recorder.round_starts,
        last: t.last,
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
    writeln!(out, "{}", Contest::render(&r.first)).unwrap();
    for turn in r.turns.iter().filter(|t| t.round <= rounds) {
        writeln!(out, "{} < {}", turn.player, turn.line).unwrap();
        writeln!(out, "{} > {}", turn.player, turn.orders).unwrap();
        for e in &turn.events {
            writeln!(out, "    {}", Naval::event_text(e)).unwrap();
        }
        if let Some(Event::RoundStarted { round, .. }) = turn.events.last()
            && *round <= rounds
        {
            writeln!(
                out,
                "{}",
                Contest::render(&r.round_starts[*round as usize - 2])
            )
            .unwrap();
        }
    }
    writeln!(out, "... {} turns in all\nfinal:", r.turns.len()).unwrap();
    writeln!(out, "{}", Contest::render(&r.last)).unwrap();
    writeln!(out, "{:?}", r.last.outcome().unwrap()).unwrap();
    out
}

#[test]
fn playthrough_four_bots_seed_3() {
    let ids = ["hunter", "peacemaker", "random", "passive"];
    let r = play(&ids, 3);
    insta::assert_snapshot!("four_bots_seed_3", render(&ids, 3, &r, 3));
}

/// The game `koth play naval --seed 3` plays: the default config and line-up.
#[test]
fn default_lineup_seed_3() {
    let config = Config::default();
    let ids = Naval::bots().lineup(Naval::seats(&config));
    assert_eq!(
        ids,
        [
            "hunter",
            "peacemaker",
            "random",
            "passive",
            "hunter",
            "peacemaker"
        ]
    );
    let r = play(&ids, 3);
    insta::assert_snapshot!("default_lineup_seed_3", render(&ids, 3, &r, 1));
}

#[test]
fn the_classes_are_the_bots_choices() {
    let ids = ["hunter", "peacemaker", "random", "passive", "random"];
    let t = transcript(&ids, 4, &mut ());
    let classes: Vec<_> = t.config.classes.iter().map(|c| c.unwrap()).collect();
    use koth_naval::ShipClass::{Battleship, Carrier, Cruiser};
    assert_eq!(&classes[..2], [Cruiser, Battleship]);
    assert_eq!(classes[3], Carrier);
    for (p, class) in PlayerId::all(ids.len()).zip(&classes) {
        assert_eq!(t.last.ship(p).unwrap().class(), *class);
        assert_eq!(t.stats[p.index()].class, Some(*class));
    }
}

#[test]
fn same_seeds_give_the_same_game() {
    let ids = ["hunter", "random", "peacemaker", "random", "passive"];
    for seed in [1, 2, 3] {
        assert_eq!(play(&ids, seed), play(&ids, seed));
    }
    assert_ne!(play(&ids, 1).turns, play(&ids, 2).turns);
}

/// `mcts` replays its game from the seed (every search draws from its seat's RNG only, and the
/// search reads no clock) and ends in the top two against the seed's sample bots (ahead of
/// the random and passive entries).
#[test]
fn mcts_plays_the_same_game_from_the_same_seed_and_ends_in_the_top_two() {
    let ids = ["mcts", "peacemaker", "random", "passive"];
    for seed in [1, 2] {
        let (a, b) = (play(&ids, seed), play(&ids, seed));
        assert_eq!(a, b, "seed {seed}");
        let o = a.last.outcome().unwrap();
        assert!(o.places().values()[0] <= 2, "seed {seed}: {o:?}");
    }
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

/// 50 games, two of each of the four bots (seats rotated), as in `examples/series.rs`; game
/// `g` has the seed `derive_seed(0, g)`.
#[test]
fn hunter_wins_the_series_against_the_sample_bots() {
    let ids = ["hunter", "peacemaker", "random", "passive"];
    let mut score = [0i64; 4];
    let mut place = [0u64; 4];
    let mut wins = [0u32; 4];
    for g in 0..50u64 {
        let lineup: Vec<&str> = (0..8).map(|i| ids[(i + g as usize) % 4]).collect();
        let t = transcript(&lineup, derive_seed(0, g), &mut ());
        let o = &t.outcome;
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
