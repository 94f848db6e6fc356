//! 200-game series between the built-in bots: `density` beats `hunter`, `hunter` beats
//! `random`. Sides alternate; game `g` uses seed `g` for the engine and the seats' RNGs.
//!
//! Run with `--nocapture` to see the figures.

use engine_core::{Bot, Game, PlayerId, RngCore, SeedableRng};
use http_battleship::{Action, Battleship, Config, EndReason, Observation, Phase, bots};
use rand_pcg::Pcg64Mcg;

struct Series {
    wins: [u32; 2],
    draws: u32,
    /// Shots each bot fired, over all games.
    shots: [u64; 2],
    /// Shots each bot fired in the games it won.
    winning_shots: [u64; 2],
}

fn series(ids: [&str; 2], games: u32) -> Series {
    let mut s = Series {
        wins: [0; 2],
        draws: 0,
        shots: [0; 2],
        winning_shots: [0; 2],
    };
    let config = Config::default();
    for g in 0..games {
        // Bot `b` sits in seat `seat_of[b]`.
        let seat_of = if g % 2 == 0 { [0, 1] } else { [1, 0] };
        let mut seats = [bots::by_id(ids[0]).unwrap(), bots::by_id(ids[1]).unwrap()];
        if g % 2 == 1 {
            seats.swap(0, 1);
        }
        let mut rngs = [0u64, 1].map(|p| Pcg64Mcg::seed_from_u64(g as u64 * 2 + p));
        let mut engine_rng = Pcg64Mcg::seed_from_u64(g as u64);
        let mut game = Battleship::new(&config, 2, &mut engine_rng).unwrap();
        let mut events = Vec::new();
        while let Some(p) = game.next_player() {
            let a = seats[p.index()].act(&game.observe(p), &mut rngs[p.index()]);
            game.step(&[a], &mut engine_rng, &mut events).unwrap();
        }
        let end = game.end().unwrap();
        for (b, &seat) in seat_of.iter().enumerate() {
            let seat = PlayerId(seat);
            let fired = game.shots(seat).len() as u64;
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
            Phase::Placing => self.0.act(obs, rng),
            _ => Action::Shoot { x: 0, y: 0 },
        }
    }
}

/// The shots `id` needs to sink the default fleet, on average over `games` placements.
fn shots_to_sink(id: &str, games: u64) -> f64 {
    let mut total = 0;
    for g in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(g);
        let mut game = Battleship::new(&Config::default(), 2, &mut rng).unwrap();
        let mut seats: [Box<dyn Bot<Battleship>>; 2] = [
            bots::by_id(id).unwrap(),
            Box::new(SittingDuck(bots::by_id("random").unwrap())),
        ];
        let mut events = Vec::new();
        while let Some(p) = game.next_player() {
            let a = seats[p.index()].act(&game.observe(p), &mut rng);
            game.step(&[a], &mut rng, &mut events).unwrap();
        }
        let end = game.end().unwrap();
        assert_eq!(
            (end.winner, end.reason),
            (Some(PlayerId(0)), EndReason::Sunk)
        );
        total += game.shots(PlayerId(0)).len();
    }
    total as f64 / games as f64
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
