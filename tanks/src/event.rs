//! What happens in a tick.

use koth_engine_core::{Coord, Dir4, PlayerId};

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndReason {
    /// Exactly one tank is left.
    LastTankStanding,
    /// The last tanks destroyed each other in the same tick: nobody is left.
    NoneLeft,
    /// The tick limit passed with more than one tank standing.
    TickLimit,
}

/// Something that happened in a tick. A tick's events come in rulebook order: one outcome
/// per moving tank (in seat order), then one [`Event::Shot`] per shooter (in seat order),
/// then one [`Event::Destroyed`] per destroyed tank (in seat order), then [`Event::Ended`]
/// if the match is over. Idle tanks produce no event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// `tank` moved from `from` to `to`.
    Moved {
        /// The mover.
        tank: PlayerId,
        /// Its square before the tick.
        from: Coord,
        /// Its square now.
        to: Coord,
    },
    /// `tank` wanted `to`, as did other tanks, and the draw went to `winner`: it stays.
    LostContest {
        /// The tank that stays.
        tank: PlayerId,
        /// The contested square.
        to: Coord,
        /// The tank the draw chose (it still may be blocked itself).
        winner: PlayerId,
    },
    /// `tank` wanted `to`, but `by` stays there this tick: it stays too.
    Blocked {
        /// The tank that stays.
        tank: PlayerId,
        /// Its destination.
        to: Coord,
        /// The tank that kept the square.
        by: PlayerId,
    },
    /// `tank` and `with` wanted each other's squares: a swap is not allowed, both stay.
    SwapCancelled {
        /// The tank that stays.
        tank: PlayerId,
        /// The neighbour it would have swapped with.
        with: PlayerId,
    },
    /// `tank` fired in direction `dir`; `hit` is the first other tank its shell reached
    /// (`None` when the shell came back round to the shooter).
    Shot {
        /// The shooter.
        tank: PlayerId,
        /// The direction (y up).
        dir: Dir4,
        /// The tank hit, if any.
        hit: Option<PlayerId>,
    },
    /// `tank` was destroyed and removed. When several shells hit it, `by` is the lowest seat
    /// among their shooters (each shooter's [`Event::Shot`] names it as its hit).
    Destroyed {
        /// The destroyed tank.
        tank: PlayerId,
        /// The shooter credited first.
        by: PlayerId,
    },
    /// The match ended after this tick.
    Ended(EndReason),
}
