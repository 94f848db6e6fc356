//! One module per phase of a tick, called by [`Tanks`](crate::Tanks)'s `step` in rulebook
//! order: [`moves`], then [`shots`] against the post-move squares, then [`removal`].
//!
//! The phases share [`Scratch`]: buffers reused from tick to tick so a tick allocates
//! nothing. Between ticks every buffer is back to "empty", and it is no part of the game's
//! value (it compares equal and hashes to nothing).

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};

use koth_engine_core::{Coord, PlayerId};

use crate::board::EMPTY;

pub(crate) mod moves;
pub(crate) mod removal;
pub(crate) mod shots;

/// Where a mover stands in the resolution of a tick's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Not resolved yet.
    Pending,
    /// On the path being followed.
    Visiting,
    /// Moves.
    Go,
    /// Lost the draw for its destination to this tank.
    Lost(PlayerId),
    /// Its destination stays occupied by this tank.
    Blocked(PlayerId),
    /// Would swap squares with this tank: cancelled.
    Swap(PlayerId),
}

/// One tank that wants to move this tick.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mover {
    pub(crate) seat: PlayerId,
    pub(crate) from: Coord,
    pub(crate) to: Coord,
    /// The square index of `to`.
    pub(crate) to_idx: u32,
    /// The next mover (in seat order) that wants the same square, or [`EMPTY`].
    pub(crate) next: u16,
    /// For the first claimant of a square: the last claimant so far.
    pub(crate) last: u16,
    /// For the first claimant of a square: how many tanks want it.
    pub(crate) count: u16,
    /// Whether this is the first claimant (in seat order) of its destination.
    pub(crate) head: bool,
    pub(crate) status: Status,
}

/// Buffers reused from tick to tick.
#[derive(Clone, Default)]
pub(crate) struct Scratch {
    /// Per square: the index of its first claimant in `movers`, or [`EMPTY`].
    pub(crate) claims: Vec<u16>,
    /// This tick's movers, in seat order.
    pub(crate) movers: Vec<Mover>,
    /// Per seat: its index in `movers`, or [`EMPTY`].
    pub(crate) mover_of: Vec<u16>,
    /// The chain of movers being followed.
    pub(crate) path: Vec<u16>,
    /// Per seat: the lowest seat whose shell hit it this tick, or [`EMPTY`].
    pub(crate) hit_by: Vec<u16>,
}

impl Scratch {
    /// Buffers for a torus of `area` squares and `players` seats.
    pub(crate) fn new(area: usize, players: usize) -> Scratch {
        Scratch {
            claims: vec![EMPTY; area],
            movers: Vec::with_capacity(players),
            mover_of: vec![EMPTY; players],
            path: Vec::with_capacity(players),
            hit_by: vec![EMPTY; players],
        }
    }
}

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}

impl Eq for Scratch {}

impl Hash for Scratch {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scratch")
    }
}
