//! What happens in a turn.

use alloc::vec::Vec;
use core::fmt;

use koth_engine_core::{Coord, Dir4, PlayerId};

use crate::Order;

/// How a hull cell came to be damaged (or a shield to absorb the damage).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cause {
    /// A shot (a Carrier's shot hurts the whole 3 x 3 around its target).
    Shot,
    /// A ram.
    Ram,
    /// A mine explosion (chains included).
    Mine,
}

/// Why a cell blocks a move or a rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Obstacle {
    /// The cell is off the grid.
    OffGrid,
    /// Another ship (hidden submarines included).
    Ship,
    /// A wreck.
    Wreck,
}

/// Why the engine refused an order: it is then treated as `W` and costs nothing (under the
/// `hitmaster2017` profile it may still spend its budget, as the 2017 controller did).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Refusal {
    /// No move left this turn.
    NoMovesLeft,
    /// No shot left this turn.
    NoShotsLeft,
    /// `A` needs that no move was used this turn.
    MoveUsed,
    /// `N`, `S`, `R`, `P` and `D` need that no shot was used this turn.
    ShotUsed,
    /// No mine left.
    NoMinesLeft,
    /// The cell entered (or a rotation's final cell) is not free.
    Blocked {
        /// The blocking cell.
        cell: Coord,
        /// What is there.
        by: Obstacle,
    },
    /// `A` with no ship cell directly ahead.
    NothingAhead,
    /// A target farther than the class's range on either axis.
    OutOfRange,
    /// A target off the grid.
    TargetOffGrid,
    /// `N` on a cell that is not water.
    NotWater,
    /// `N` on a cell not adjacent to any hull cell.
    NotAdjacent,
    /// `R`, `P` or `D` by the wrong class.
    WrongClass,
    /// `R`, `D` or diving with the skill cooling down.
    Cooldown,
    /// A submerged submarine may only use `M B C K P`.
    Submerged,
    /// `R` with no damaged hull cell.
    NothingToRepair,
    /// `F????` or `N????`: a target that did not parse (the 2017 reading's orders).
    Malformed,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoMovesLeft => f.write_str("no move left"),
            Refusal::NoShotsLeft => f.write_str("no shot left"),
            Refusal::MoveUsed => f.write_str("a move was already used"),
            Refusal::ShotUsed => f.write_str("a shot was already used"),
            Refusal::NoMinesLeft => f.write_str("no mine left"),
            Refusal::Blocked { cell, by } => write!(f, "{cell} is blocked ({by:?})"),
            Refusal::NothingAhead => f.write_str("no ship cell ahead"),
            Refusal::OutOfRange => f.write_str("target out of range"),
            Refusal::TargetOffGrid => f.write_str("target off the grid"),
            Refusal::NotWater => f.write_str("mine target is not water"),
            Refusal::NotAdjacent => f.write_str("mine target is not next to the ship"),
            Refusal::WrongClass => f.write_str("wrong class for this skill"),
            Refusal::Cooldown => f.write_str("skill cooling down"),
            Refusal::Submerged => f.write_str("not possible while submerged"),
            Refusal::NothingToRepair => f.write_str("nothing to repair"),
            Refusal::Malformed => f.write_str("the target is not [+-]digit[+-]digit"),
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndReason {
    /// The last round was played.
    RoundLimit,
    /// At most one ship is afloat.
    LastShipAfloat,
}

/// Something that happened during a step. A step's events are the acting ship's orders in
/// order (with their hits, explosions and sinkings right after them), then the end of the game
/// or the preparation of the next turn (a new round's order, a forced surfacing).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// A new round began; its turn order (the living ships, shuffled).
    RoundStarted {
        /// The round, 1-based.
        round: u32,
        /// The ships in turn order.
        order: Vec<PlayerId>,
    },
    /// `M` or `B`.
    Moved {
        /// The ship.
        ship: PlayerId,
        /// `true` for `B`.
        back: bool,
        /// The head afterwards.
        head: Coord,
    },
    /// `C` or `K`.
    Rotated {
        /// The ship.
        ship: PlayerId,
        /// `true` when the ship turned clockwise: `C` under the rules, `K` under the
        /// `hitmaster2017` profile.
        clockwise: bool,
        /// The direction afterwards.
        dir: Dir4,
    },
    /// `A`: `ship` rammed the cell ahead, which belongs to `target`.
    Rammed {
        /// The rammer.
        ship: PlayerId,
        /// The rammed ship.
        target: PlayerId,
        /// The rammed cell.
        cell: Coord,
    },
    /// `F`: a shot at `cell`.
    Fired {
        /// The shooter.
        ship: PlayerId,
        /// The target cell.
        cell: Coord,
    },
    /// A hull cell was damaged.
    Hit {
        /// The damaged ship.
        ship: PlayerId,
        /// The damaged cell.
        cell: Coord,
        /// Whose action caused it (may be `ship` itself: self-damage scores no hit under the
        /// rules, one under the `hitmaster2017` profile).
        by: PlayerId,
        /// Shot, ram or mine.
        cause: Cause,
    },
    /// A shield absorbed the damage `cell` would have taken; the shield is down.
    Absorbed {
        /// The shielded ship.
        ship: PlayerId,
        /// The cell that was spared.
        cell: Coord,
        /// Whose action caused the damage.
        by: PlayerId,
        /// Shot, ram or mine.
        cause: Cause,
    },
    /// `N`: a mine was laid.
    MineLaid {
        /// The layer.
        ship: PlayerId,
        /// The mine's cell.
        cell: Coord,
    },
    /// A mine exploded.
    MineExploded {
        /// The mine's cell.
        cell: Coord,
        /// The ship credited with the explosion's damage.
        by: PlayerId,
        /// `true` when another explosion set it off.
        chained: bool,
    },
    /// A ship's last intact hull cell was damaged: it is a wreck now.
    Sunk {
        /// The sunk ship.
        ship: PlayerId,
        /// Whose action finished it (itself: no sunken credit under the rules, one under the
        /// `hitmaster2017` profile).
        by: PlayerId,
    },
    /// `S`: the ship's next map has range 9 and shows submerged ships.
    Scanned {
        /// The ship.
        ship: PlayerId,
    },
    /// `P`: the submarine went under.
    Dived {
        /// The submarine.
        ship: PlayerId,
    },
    /// The submarine surfaced (by `P`, or forced at the start of its 6th turn under water).
    Surfaced {
        /// The submarine.
        ship: PlayerId,
        /// `true` when the dive limit forced it.
        forced: bool,
    },
    /// `R`: a damaged hull cell is intact again.
    Repaired {
        /// The cruiser.
        ship: PlayerId,
        /// The repaired cell.
        cell: Coord,
    },
    /// `D`: the shield is up until the ship's next turn.
    ShieldRaised {
        /// The battleship.
        ship: PlayerId,
    },
    /// The engine refused an order (it counted as `W` and cost nothing).
    Refused {
        /// The ship.
        ship: PlayerId,
        /// The order's index in the turn's [`Orders`](crate::Orders).
        index: u8,
        /// The refused order.
        order: Order,
        /// Why.
        reason: Refusal,
    },
    /// The game is over.
    Ended {
        /// Why.
        reason: EndReason,
    },
}
