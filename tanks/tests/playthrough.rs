//! Playthroughs: seeded games between built-in bots, every tick rendered with the actions,
//! the events, the board and every tank's observation line. Any change to the rules, the
//! protocol or the bots shows up as a snapshot diff (`cargo insta review`).

use std::fmt::Write;

use engine_core::{Game, PlayerId, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tanks::{Config, Event, Tanks, bots, protocol, seat_char};

fn describe(e: &Event) -> String {
    match *e {
        Event::Moved { tank, from, to } => format!("{tank} moved {from} -> {to}"),
        Event::LostContest { tank, to, winner } => {
            format!("{tank} lost the contest for {to} to {winner}")
        }
        Event::Blocked { tank, to, by } => format!("{tank} blocked from {to} by {by}"),
        Event::SwapCancelled { tank, with } => format!("{tank} swap with {with} cancelled"),
        Event::Shot { tank, dir, hit } => match hit {
            Some(t) => format!("{tank} fired {dir:?} and hit {t}"),
            None => format!("{tank} fired {dir:?} and missed"),
        },
        Event::Destroyed { tank, by } => format!("{tank} destroyed by {by}"),
        Event::Ended(reason) => format!("ended: {reason:?}"),
    }
}

/// Plays `lineup` from `seed` and writes the whole game.
fn playthrough(lineup: &[&str], config: &Config, seed: u64) -> String {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Tanks::new(config, lineup.len(), &mut rng).unwrap();
    let mut players: Vec<_> = lineup.iter().map(|id| bots::by_id(id).unwrap()).collect();
    let mut out = String::new();
    let _ = writeln!(out, "seed {seed}, side {}", game.side());
    for (seat, id) in lineup.iter().enumerate() {
        let p = PlayerId(seat as u8);
        let _ = writeln!(
            out,
            "  {} = {p} {id} (tank id {})",
            seat_char(p),
            game.id(p).unwrap()
        );
    }
    let _ = write!(out, "{}", game.render());
    let mut events = Vec::new();
    while !game.to_act().is_over() {
        let mut lines = Vec::new();
        let actions: Vec<_> = game
            .living()
            .iter()
            .map(|&p| {
                let obs = game.observe(p);
                lines.push(format!(
                    "  {p} reads {}",
                    protocol::format_observation(&obs)
                ));
                players[p.index()].act(&obs, &mut rng)
            })
            .collect();
        let said: Vec<String> = game
            .living()
            .iter()
            .zip(&actions)
            .map(|(p, a)| format!("{p} {a}"))
            .collect();
        events.clear();
        game.step(&actions, &mut rng, &mut events).unwrap();
        let _ = writeln!(out, "\ntick {}", game.turn());
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
        let _ = writeln!(out, "  actions: {}", said.join(", "));
        for e in &events {
            let _ = writeln!(out, "  - {}", describe(e));
        }
        let _ = write!(out, "{}", game.render());
    }
    let o = game.outcome().unwrap();
    let _ = writeln!(
        out,
        "\nplaces {:?}, kills {:?}",
        o.places().values(),
        o.scores().values()
    );
    out
}

#[test]
fn default_lineup_first_forty_ticks() {
    let config = Config {
        max_ticks: 40,
        ..Config::default()
    };
    insta::assert_snapshot!(playthrough(&bots::DEFAULT_LINEUP, &config, 1));
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
