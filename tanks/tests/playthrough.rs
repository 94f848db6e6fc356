//! Playthroughs: seeded games between built-in bots, every tick rendered with what each tank
//! read, the actions, the events and the board. Any change to the rules, the protocol or the
//! bots shows up as a snapshot diff (`cargo insta review`).
//!
//! Every match is played by the one runner, [`koth_engine_core::runner::play`], with its one
//! seeding rule: `default_lineup_seed_3` is the very game `koth play tanks --seed 3` plays.

use std::fmt::Write;

use koth_engine_core::runner::{self, Observer, Options, Start, Turn};
use koth_engine_core::{Contest, Game, PlayerId};
use koth_tanks::{Config, Event, Tanks, protocol, seat_char};

/// Writes the whole game as the runner plays it. In full: the lines every living tank reads
/// before a tick, then the tick's actions, events and the board after it. Brief (for whole
/// 1000-tick games): one line per tick with its actions and every event but a missed shot,
/// and the board after each tick in which a tank moved or was destroyed.
#[derive(Default)]
struct Recorder {
    brief: bool,
    out: String,
    /// What each living tank reads for the next tick.
    reads: Vec<String>,
}

impl Recorder {
    fn read(&mut self, game: &Tanks) {
        if self.brief {
            return;
        }
        self.reads = game
            .living()
            .iter()
            .map(|&p| {
                let line = protocol::format_observation(&game.observe(p));
                format!("  {p} reads {line}")
            })
            .collect();
    }
}

impl Observer<Tanks> for Recorder {
    fn started(&mut self, start: &Start<'_, Tanks>, game: &Tanks) {
        let _ = writeln!(self.out, "seed {}, side {}", start.seed, game.side());
        for (p, name) in PlayerId::all(start.names.len()).zip(start.names) {
            let _ = writeln!(
                self.out,
                "  {} = {p} {name} (tank id {})",
                seat_char(p),
                game.id(p).unwrap()
            );
        }
        let _ = writeln!(self.out, "{}", game.render());
        self.read(game);
    }

    fn turn(&mut self, turn: &Turn<Tanks>, game: &Tanks) {
        let said: Vec<String> = turn
            .actors
            .iter()
            .zip(&turn.actions)
            .map(|(p, a)| format!("{p} {a}"))
            .collect();
        if self.brief {
            let _ = writeln!(self.out, "tick {}: {}", turn.turn, said.join(", "));
            let mut changed = false;
            for e in &turn.events {
                match e {
                    Event::Shot { hit: None, .. } => {}
                    _ => {
                        changed |= matches!(e, Event::Moved { .. } | Event::Destroyed { .. });
                        let _ = writeln!(self.out, "  - {}", Tanks::event_text(e));
                    }
                }
            }
            if changed {
                let _ = writeln!(self.out, "{}", game.render());
            }
            return;
        }
        let _ = writeln!(self.out, "\ntick {}", turn.turn);
        for line in &self.reads {
            let _ = writeln!(self.out, "{line}");
        }
        let _ = writeln!(self.out, "  actions: {}", said.join(", "));
        for e in &turn.events {
            let _ = writeln!(self.out, "  - {}", Tanks::event_text(e));
        }
        let _ = writeln!(self.out, "{}", game.render());
        self.read(game);
    }
}

/// Plays `lineup` from `seed` through the runner and writes the whole game (in brief or in
/// full).
fn record(lineup: &[&str], config: &Config, seed: u64, brief: bool) -> String {
    let mut seats = runner::builtin_seats::<Tanks>(lineup).unwrap();
    let mut recorder = Recorder {
        brief,
        ..Recorder::default()
    };
    let t = runner::play(config, seed, &mut seats, Options::default(), &mut recorder).unwrap();
    assert!(t.faults.is_empty(), "{:?}", t.faults);
    assert_eq!(t.turns.len() as u32, t.turns_played);
    assert_eq!(t.last.turn(), t.turns_played);
    let mut out = recorder.out;
    let _ = writeln!(
        out,
        "\nplaces {:?}, kills {:?}",
        t.outcome.places().values(),
        t.outcome.scores().values()
    );
    out
}

/// The whole game, in full.
fn playthrough(lineup: &[&str], config: &Config, seed: u64) -> String {
    record(lineup, config, seed, false)
}

#[test]
fn default_lineup_seed_3() {
    let config = Config::default();
    let lineup = Tanks::bots().lineup(Tanks::seats(&config));
    insta::assert_snapshot!("default_lineup_seed_3", record(&lineup, &config, 3, true));
}

#[test]
fn default_lineup_first_forty_ticks() {
    let config = Config {
        max_ticks: 40,
        ..Config::default()
    };
    let lineup = Tanks::bots().lineup(Tanks::seats(&config));
    insta::assert_snapshot!(playthrough(&lineup, &config, 1));
}

#[test]
fn hunter_against_three_to_the_end() {
    let config = Config {
        ids: Some(vec![9999, 0, 50000, 42]),
        ..Config::default()
    };
    insta::assert_snapshot!(playthrough(
        &["hunter", "sniper", "random", "random"],
        &config,
        7
    ));
}

#[test]
fn snipers_on_a_larger_board() {
    let config = Config {
        side: Some(8),
        max_ticks: 30,
        ..Config::default()
    };
    insta::assert_snapshot!(playthrough(
        &["sniper", "sniper", "sniper", "random", "random"],
        &config,
        3
    ));
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let config = Config::default();
    let lineup = Tanks::bots().lineup(Tanks::seats(&config));
    let play = || {
        let mut seats = runner::builtin_seats::<Tanks>(&lineup).unwrap();
        runner::play(&config, 11, &mut seats, Options::default(), &mut ()).unwrap()
    };
    let (a, b) = (play(), play());
    assert_eq!(a.turns, b.turns);
    assert_eq!(a.last, b.last);
    assert_eq!(a.stats, b.stats);
}

#[test]
fn mcts_plays_the_same_match_from_the_same_seed_and_outlives_random_play() {
    let config = Config {
        max_ticks: 200,
        ..Config::default()
    };
    let lineup = ["mcts", "sniper", "random", "random"];
    for seed in [1, 2] {
        let play = || {
            let mut seats = runner::builtin_seats::<Tanks>(&lineup).unwrap();
            runner::play(&config, seed, &mut seats, Options::default(), &mut ()).unwrap()
        };
        let (a, b) = (play(), play());
        assert_eq!(a.turns, b.turns, "seed {seed}");
        assert_eq!(
            a.outcome.places().values()[0],
            1,
            "seed {seed}: {:?}",
            a.stats
        );
    }
}
