//! Hand-built seas for the rule cases.
#![allow(dead_code)]

use engine_core::{Game, PlayerId, SeedableRng, ToAct};
use naval::{Config, Coord, Dir4, Event, Naval, Orders, ShipClass, Start};
use rand_pcg::Pcg64Mcg;

pub use Dir4::{Down, Left, Right, Up};
pub use ShipClass::{Battleship, Carrier, Cruiser, Destroyer, Submarine};

/// A sea of `players` seats, none with a ship until [`Sea::ship`] gives it one.
pub struct Sea {
    pub config: Config,
    pub players: usize,
}

pub fn sea(players: usize) -> Sea {
    Sea {
        config: Config {
            classes: vec![None; players],
            ..Config::default()
        },
        players,
    }
}

impl Sea {
    pub fn ship(mut self, seat: usize, class: ShipClass, x: i32, y: i32, dir: Dir4) -> Sea {
        self.config.set_class(seat, Some(class));
        self.config.set_start(seat, Some(Start::new(x, y, dir)));
        self
    }
    pub fn mine(mut self, x: i32, y: i32) -> Sea {
        self.config.mines.push(Coord::new(x, y));
        self
    }
    pub fn wreck(mut self, x: i32, y: i32) -> Sea {
        self.config.wrecks.push(Coord::new(x, y));
        self
    }
    pub fn rounds(mut self, rounds: u32) -> Sea {
        self.config.rounds = rounds;
        self
    }
    pub fn build(self) -> Naval {
        Naval::new(&self.config, self.players, &mut Pcg64Mcg::seed_from_u64(0))
            .expect("a valid hand-built sea")
    }
}

pub fn orders(text: &str) -> Orders {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// Lets every other ship wait until `seat` is to act, then plays `text` for it; returns that
/// turn's events.
pub fn act(game: &mut Naval, seat: u8, text: &str) -> Vec<Event> {
    let mut rng = Pcg64Mcg::seed_from_u64(u64::from(game.turn()));
    let mut events = Vec::new();
    for _ in 0..10_000 {
        match game.to_act() {
            ToAct::One(p) if p == PlayerId(seat) => {
                game.step(&[orders(text)], &mut rng, &mut events).unwrap();
                return events;
            }
            ToAct::One(_) => {
                events.clear();
                game.step(&[Orders::wait()], &mut rng, &mut events).unwrap();
            }
            _ => panic!("the game ended before P{seat} could act"),
        }
    }
    panic!("P{seat} never got a turn")
}

/// The events without the bookkeeping of a new round.
pub fn rule_events(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| !matches!(e, Event::RoundStarted { .. }))
        .cloned()
        .collect()
}

pub fn c(x: i32, y: i32) -> Coord {
    Coord::new(x, y)
}

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);
pub const P2: PlayerId = PlayerId(2);
pub const P3: PlayerId = PlayerId(3);

/// The hull string of a seat's ship (`1` intact, `0` damaged).
pub fn hull(game: &Naval, p: PlayerId) -> String {
    game.ship(p).unwrap().hull().to_string()
}
