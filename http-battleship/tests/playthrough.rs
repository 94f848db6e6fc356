//! Playthroughs (insta): matches played by the one runner
//! ([`koth_engine_core::runner::play`]) with its one seeding rule, each turn's action, the
//! acting player's view after it and the events, with both boards.
//!
//! `default_lineup_seed_3` is the very game `koth play battleship --seed 3` plays.

use std::fmt::Write as _;

use koth_engine_core::runner::{self, Fault, Observer, Options, Recorded, Seat, Start, Turn};
use koth_engine_core::{Contest, Game};
use koth_http_battleship::{Action, Battleship, Config};

/// Writes the match as it is played.
struct Log {
    out: String,
    /// Show both boards after every turn (otherwise at the start and the end only, as the
    /// `koth` log does).
    boards_every_turn: bool,
}

impl Observer<Battleship> for Log {
    fn started(&mut self, start: &Start<'_, Battleship>, game: &Battleship) {
        let names = start.names.join(" vs ");
        writeln!(
            self.out,
            "{names}, seed {}, {:?}\n{}",
            start.seed,
            start.config,
            game.render()
        )
        .unwrap();
    }

    fn fault(&mut self, fault: &Fault) {
        writeln!(self.out, "    fault {fault:?}").unwrap();
    }

    fn turn(&mut self, turn: &Turn<Battleship>, game: &Battleship) {
        for (&p, action) in turn.actors.iter().zip(&turn.actions) {
            let view = game.observe(p);
            writeln!(
                self.out,
                "turn {:>3} {p} plays {} ({} shots, {} incoming)",
                turn.turn,
                Battleship::action_text(action),
                view.my_shots.len(),
                view.their_shots.len()
            )
            .unwrap();
        }
        for e in &turn.events {
            writeln!(self.out, "    {e:?}").unwrap();
        }
        if self.boards_every_turn || game.to_act().is_over() {
            writeln!(self.out, "{}", game.render()).unwrap();
        }
    }
}

/// Plays `seats` with `seed` and returns the log; the transcript must agree with it.
fn record(config: &Config, seed: u64, seats: &mut [Seat<Battleship>], boards: bool) -> String {
    let mut log = Log {
        out: String::new(),
        boards_every_turn: boards,
    };
    let t = runner::play(config, seed, seats, Options::default(), &mut log).unwrap();
    assert!(t.last.to_act().is_over());
    assert_eq!(t.turns.len() as u32, t.turns_played);
    writeln!(
        log.out,
        "outcome {:?}, stats {:?}, faults {:?}",
        t.outcome.places().values(),
        t.stats,
        t.faults
    )
    .unwrap();
    log.out
}

fn bots_match(ids: [&str; 2], config: &Config, seed: u64, boards: bool) -> String {
    let mut seats = runner::builtin_seats::<Battleship>(&ids).unwrap();
    record(config, seed, &mut seats, boards)
}

#[test]
fn default_lineup_seed_3() {
    let config = Config::default();
    let lineup = Battleship::bots().lineup(Battleship::seats(&config));
    let mut seats = runner::builtin_seats::<Battleship>(&lineup).unwrap();
    insta::assert_snapshot!(
        "default_lineup_seed_3",
        record(&config, 3, &mut seats, false)
    );
}

#[test]
fn hunter_vs_random_seed_3() {
    let config = Config {
        width: 5,
        height: 5,
        ships: [0, 1, 1, 0, 0, 0],
        shot_limit: None,
    };
    insta::assert_snapshot!(bots_match(["hunter", "random"], &config, 3, true));
}

#[test]
fn density_vs_hunter_seed_11() {
    let config = Config {
        width: 6,
        height: 5,
        ships: [1, 1, 1, 0, 0, 0],
        shot_limit: None,
    };
    insta::assert_snapshot!(bots_match(["density", "hunter"], &config, 11, true));
}

#[test]
fn scripted_invalid_placement_and_shot_limit() {
    // Recorded action lists (not bots): player 2 places diagonally and loses at once; then a
    // match that reaches its shot limit.
    let config = Config {
        width: 4,
        height: 4,
        ships: [0, 1, 0, 0, 0, 0],
        shot_limit: Some(2),
    };
    let mut out = String::new();
    for script in [
        [&["place 0,0-1,0"][..], &["place 2,2-3,3"][..]],
        [
            &["place 0,0-1,0", "3,0", "3,1"][..],
            &["place 3,3-3,2", "0,0", "0,0"][..],
        ],
    ] {
        let mut seats: Vec<Seat<Battleship>> = script
            .iter()
            .zip(["a", "b"])
            .map(|(texts, name)| {
                let actions = texts.iter().map(|t| t.parse::<Action>().unwrap());
                Seat {
                    name: name.to_string(),
                    player: Box::new(Recorded::<Battleship>::new(actions)),
                }
            })
            .collect();
        out.push_str(&record(&config, 0, &mut seats, true));
        out.push('\n');
    }
    insta::assert_snapshot!(out);
}
