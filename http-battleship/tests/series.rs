//! 200-game series between the built-in bots: `density` beats `hunter`, `hunter` beats
//! `random`. Sides alternate; game `g` is played by the one runner
//! ([`koth_engine_core::runner::play`]) with seed `derive_seed(SERIES_SEED, g)`, as a `koth`
//! tournament seeds its matches.
//!
//! Run with `--nocapture` to see the figures.

use koth_engine_core::runner::{self, Options, Player, Seat, Transcript, derive_seed};
use koth_engine_core::{Bot, PlayerId, RngCore};
use koth_http_battleship::{Action, Battleship, Config, EndReason, Observation, Phase, bots};

/// The base seed of every series here.
const SERIES_SEED: u64 = 2024;

struct Series {
    wins: [u32; 2],
    draws: u32,
    /// Shots each bot fired, over all games.
    shots: [u64; 2],
    /// Shots each bot fired in the games it won.
    winning_shots: [u64; 2],
}

fn play(seats: &mut [Seat<Battleship>], g: u64) -> Transcript<Battleship> {
    let seed = derive_seed(SERIES_SEED, g);
    let t = runner::play(&Config::default(), seed, seats, Options::default(), &mut ())
        .unwrap_or_else(|e| panic!("game {g}: {e}"));
    assert!(t.faults.is_empty(), "game {g}: {:?}", t.faults);
    t
}

fn series(ids: [&str; 2], games: u32) -> Series {
    let mut s = Series {
        wins: [0; 2],
        draws: 0,
        shots: [0; 2],
        winning_shots: [0; 2],
    };
    for g in 0..games {
        // Bot `b` sits in seat `seat_of[b]`.
        let seat_of = if g % 2 == 0 { [0, 1] } else { [1, 0] };
        let lineup = if g % 2 == 0 { ids } else { [ids[1], ids[0]] };
        let mut seats = runner::builtin_seats::<Battleship>(&lineup).unwrap();
        let t = play(&mut seats, g as u64);
        let end = t.last.end().unwrap();
        for (b, &seat) in seat_of.iter().enumerate() {
            let seat = PlayerId(seat);
            let fired = u64::from(t.stats[seat.index()].shots);
            s.shots[b] += fired;
            if end.winner == Some(seat) {
                s.wins[b] += 1;
                s.winning_shots[b] += fired;
            }
        }
        if end.winner.is_none() {
            s.draws += 1;
        }
    }
    println!(
        "{} vs {} over {games} games: {}-{} ({} draws); average shots fired per game {:.1} vs {:.1}; \
         average shots to win {:.1} vs {:.1}",
        ids[0],
        ids[1],
        s.wins[0],
        s.wins[1],
        s.draws,
        s.shots[0] as f64 / games as f64,
        s.shots[1] as f64 / games as f64,
        s.winning_shots[0] as f64 / s.wins[0].max(1) as f64,
        s.winning_shots[1] as f64 / s.wins[1].max(1) as f64,
    );
    s
}

#[test]
fn density_beats_hunter_over_200_games() {
    let s = series(["density", "hunter"], 200);
    assert!(
        s.wins[0] > s.wins[1] + 20,
        "density {} hunter {}",
        s.wins[0],
        s.wins[1]
    );
}

#[test]
fn hunter_beats_random_over_200_games() {
    let s = series(["hunter", "random"], 200);
    assert!(
        s.wins[0] >= 180,
        "hunter {} random {}",
        s.wins[0],
        s.wins[1]
    );
}

/// A target that never threatens: places like `random`, then always shoots the corner.
struct SittingDuck(Box<dyn Bot<Battleship>>);

impl Bot<Battleship> for SittingDuck {
    fn act(&mut self, obs: &Observation, rng: &mut dyn RngCore) -> Action {
        match obs.phase {
            Phase::Placing => Bot::act(&mut *self.0, obs, rng),
            _ => Action::Shoot { x: 0, y: 0 },
        }
    }
}

/// The shots `id` needs to sink the default fleet, on average over `games` placements.
fn shots_to_sink(id: &str, games: u64) -> f64 {
    let mut total = 0;
    for g in 0..games {
        let duck: Box<dyn Bot<Battleship>> =
            Box::new(SittingDuck(bots::BOTS.make("random").unwrap()));
        let mut seats = runner::builtin_seats::<Battleship>(&[id]).unwrap();
        seats.push(Seat {
            name: "duck".into(),
            player: Box::new(duck) as Box<dyn Player<Battleship>>,
        });
        let t = play(&mut seats, g);
        let end = t.last.end().unwrap();
        assert_eq!(
            (end.winner, end.reason),
            (Some(PlayerId(0)), EndReason::Sunk)
        );
        total += t.stats[0].shots;
    }
    f64::from(total) / games as f64
}

#[test]
fn shots_to_sink_a_fleet_on_average() {
    let [random, hunter, density] =
        ["random", "hunter", "density"].map(|id| shots_to_sink(id, 200));
    println!(
        "shots to sink the default fleet, 200 placements: random {random:.1}, hunter {hunter:.1}, density {density:.1}"
    );
    assert!(density < hunter && hunter < random);
}
