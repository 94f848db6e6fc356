//! What a tank sees: the seed's game-state line, typed.

use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4, Size, Topology};

/// One living tank as the observation lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TankView {
    /// The host's id of the tank.
    pub id: u32,
    /// Its square (x right, y up).
    pub at: Coord,
}

/// What one tank knows when deciding: the seed's line `YourUserID;GridWidth;id,x,y;...`
/// (see [`protocol::format_observation`](crate::protocol::format_observation)).
///
/// The game has perfect information: every living tank is listed, the observer included,
/// in ascending id order. A destroyed tank still gets its observation (without itself), but
/// it is never asked to act.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Observation {
    /// The observer's tank id.
    pub you: u32,
    /// The side of the square torus.
    pub width: u16,
    /// Every living tank, in ascending id order.
    pub tanks: Vec<TankView>,
}

impl Observation {
    /// The observer's square, or `None` once it has been destroyed.
    pub fn me(&self) -> Option<Coord> {
        self.position_of(self.you)
    }

    /// The square of the tank with `id`, or `None` if no living tank has it.
    pub fn position_of(&self, id: u32) -> Option<Coord> {
        self.tanks
            .binary_search_by_key(&id, |t| t.id)
            .ok()
            .map(|i| self.tanks[i].at)
    }

    /// Every living tank but the observer, in ascending id order.
    pub fn others(&self) -> impl Iterator<Item = TankView> + '_ {
        let you = self.you;
        self.tanks.iter().copied().filter(move |t| t.id != you)
    }

    /// The square one step from `at` in direction `dir` (y up), wrapped onto the torus.
    pub fn step(&self, at: Coord, dir: Dir4) -> Coord {
        let (dx, dy) = dir.delta_y_up();
        Topology::Torus
            .offset(Size::square(self.width), at, dx, dy)
            .unwrap_or(at)
    }
}
