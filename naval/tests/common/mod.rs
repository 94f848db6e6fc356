//! Hand-built seas for the rule cases.
#![allow(dead_code, unused_imports)]

use koth_engine_core::{Game, PlayerId, SeedableRng, ToAct};
use koth_naval::{Coord, Dir4, Event, Naval, Orders, Scenario, ShipClass, Start};
use rand_pcg::Pcg64Mcg;

pub use Dir4::{Down, Left, Right, Up};
pub use ShipClass::{Battleship, Carrier, Cruiser, Destroyer, Submarine};

/// A sea of `players` seats, none with a ship until [`Sea::ship`] gives it one: a
/// [`Scenario`] with the rule cases' short spellings.
pub struct Sea(pub Scenario);

pub fn sea(players: usize) -> Sea {
    Sea(Scenario::new(players))
}

impl Sea {
    pub fn ship(self, seat: usize, class: ShipClass, x: i32, y: i32, dir: Dir4) -> Sea {
        Sea(self.0.ship(seat, class, Start::new(x, y, dir)))
    }
    pub fn mine(self, x: i32, y: i32) -> Sea {
        Sea(self.0.mine(Coord::new(x, y)))
    }
    pub fn wreck(self, x: i32, y: i32) -> Sea {
        Sea(self.0.wreck(Coord::new(x, y)))
    }
    pub fn rounds(self, rounds: u32) -> Sea {
        Sea(self.0.rounds(rounds))
    }
    /// Builds the sea (any random draw from seed 0).
    pub fn build(self) -> Naval {
        self.0
            .build(&mut Pcg64Mcg::seed_from_u64(0))
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
