//! The serde form of a naval state (feature `serde`): what the state is, without the sea's
//! grid, which is rebuilt from the ships, mines and wrecks; a state whose parts disagree is
//! refused.

use alloc::string::String;
use alloc::vec::Vec;

use koth_engine_core::{Coord, Grid, PlayerId, Size};

use crate::state::{Cell, Seat};
use crate::{Config, EndReason, Hull, MAX_PLAYERS, MIN_PLAYERS, Naval, Profile, Ship};

/// A seat as saved.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SavedSeat {
    ship: Option<Ship>,
    hits: u32,
    sunken: u32,
    damage: u32,
}

/// A [`Naval`] state as saved.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SavedNaval {
    rounds: u32,
    seats: Vec<SavedSeat>,
    mines: Vec<Coord>,
    wrecks: Vec<Coord>,
    order: Vec<PlayerId>,
    next: usize,
    round: u32,
    turn: u32,
    end: Option<EndReason>,
    profile: Profile,
    script: Vec<Vec<PlayerId>>,
}

impl From<Naval> for SavedNaval {
    fn from(n: Naval) -> Self {
        let mut mines = Vec::new();
        let mut wrecks = Vec::new();
        for (c, cell) in n.cells.iter() {
            match cell {
                Cell::Mine => mines.push(c),
                Cell::Wreck => wrecks.push(c),
                Cell::Water | Cell::Ship(_) => {}
            }
        }
        SavedNaval {
            rounds: n.rounds,
            seats: n
                .seats
                .into_iter()
                .map(|s| SavedSeat {
                    ship: s.ship,
                    hits: s.hits,
                    sunken: s.sunken,
                    damage: s.damage,
                })
                .collect(),
            mines,
            wrecks,
            order: n.order,
            next: n.next,
            round: n.round,
            turn: n.turn,
            end: n.end,
            profile: n.profile,
            script: n.script,
        }
    }
}

impl TryFrom<SavedNaval> for Naval {
    type Error = String;

    /// The seats and rounds checked as a config would be, every ship's hull of its class's
    /// length, the sea rebuilt (wrecks, mines, then the ships afloat) with every cell on it and
    /// no two things on one cell, the turn order of known seats.
    fn try_from(s: SavedNaval) -> Result<Naval, String> {
        use alloc::format;
        let players = s.seats.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(format!("{players} seats"));
        }
        let config = Config {
            rounds: s.rounds,
            profile: s.profile,
            ..Config::default()
        };
        config.validate(players).map_err(|e| format!("{e}"))?;
        let side = Config::side(players);
        let mut cells = Grid::new(Size::square(side), Cell::Water);
        let mut put = |c: Coord, what: Cell| -> Result<(), String> {
            match cells.get_mut(c) {
                Some(slot) if *slot == Cell::Water => {
                    *slot = what;
                    Ok(())
                }
                Some(_) => Err(format!("two things on {c}")),
                None => Err(format!("{c} is off the sea")),
            }
        };
        for &c in &s.wrecks {
            put(c, Cell::Wreck)?;
        }
        for &c in &s.mines {
            put(c, Cell::Mine)?;
        }
        for (i, seat) in s.seats.iter().enumerate() {
            let Some(ship) = &seat.ship else { continue };
            let len = ship.class.length();
            if ship.hull.len() != usize::from(len)
                || Hull::from_mask(len, ship.hull.mask()) != ship.hull
            {
                return Err(format!("seat {i}'s hull is not a {:?}'s", ship.class));
            }
            if ship.afloat() {
                for c in ship.cells() {
                    put(c, Cell::Ship(PlayerId(i as u8)))?;
                }
            } else if !ship.cells().all(|c| Size::square(side).contains(c)) {
                return Err(format!("seat {i}'s wreck lies off the sea"));
            }
        }
        let known = |p: &PlayerId| p.index() < players;
        if !s.order.iter().all(known) || !s.script.iter().flatten().all(known) {
            return Err("a turn order names an unknown seat".into());
        }
        if s.next > s.order.len() {
            return Err("the next ship is past the turn order".into());
        }
        Ok(Naval {
            side,
            rounds: s.rounds,
            cells,
            seats: s
                .seats
                .into_iter()
                .map(|x| Seat {
                    ship: x.ship,
                    hits: x.hits,
                    sunken: x.sunken,
                    damage: x.damage,
                })
                .collect(),
            order: s.order,
            next: s.next,
            round: s.round,
            turn: s.turn,
            end: s.end,
            profile: s.profile,
            script: s.script,
        })
    }
}
