//! What happens in a tick.

use core::fmt;

use koth_engine_core::{Coord, PlayerId};

use crate::{BonusKind, PlayerSet};

/// Why points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ScoreReason {
    /// A share of a destroyed brick.
    Wall,
    /// A share of a hit on an opponent.
    Hit,
    /// A share of a hit on oneself (negative by default).
    SelfHit,
    /// A picked-up bonus.
    Bonus,
}

/// Something that happened in a tick, in the order the tick's phases produce them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// A bomb exploded (its timeout ran out, or an explosion touched it).
    Exploded {
        /// The bomb's cell.
        cell: Coord,
        /// The bomb's owner.
        owner: PlayerId,
        /// The new explosion's creators (the owner plus, in a chain, the creators of the
        /// explosions that touched the bomb).
        creators: PlayerSet,
    },
    /// A player was hit: it lost a life and, if any are left, is stunned and immune.
    Hit {
        /// The victim.
        player: PlayerId,
        /// The creators of every explosion touching it.
        creators: PlayerSet,
        /// Its lives left afterwards.
        lives_left: u32,
    },
    /// A player lost its last life and left the field.
    Eliminated {
        /// The player.
        player: PlayerId,
    },
    /// A brick was destroyed.
    WallDestroyed {
        /// Its cell.
        cell: Coord,
        /// The creators of the explosion on it.
        creators: PlayerSet,
        /// The bonus it revealed, if any.
        revealed: Option<BonusKind>,
    },
    /// A bonus on the floor was destroyed by an explosion.
    BonusDestroyed {
        /// Its cell.
        cell: Coord,
        /// Its kind.
        kind: BonusKind,
    },
    /// A player picked up a bonus.
    BonusPicked {
        /// The player.
        player: PlayerId,
        /// The bonus's cell.
        cell: Coord,
        /// Its kind.
        kind: BonusKind,
    },
    /// A player's score changed.
    Scored {
        /// The player.
        player: PlayerId,
        /// The points (a share: `points / k` for an event of `k` creators).
        points: i64,
        /// Why.
        reason: ScoreReason,
    },
    /// A player placed a bomb (at the end of the tick).
    Dropped {
        /// The player.
        player: PlayerId,
        /// The cell whose centre holds the bomb.
        cell: Coord,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Exploded {
                cell,
                owner,
                creators,
            } => write!(f, "{owner}'s bomb at {cell} exploded, creators {creators}"),
            Event::Hit {
                player,
                creators,
                lives_left,
            } => write!(f, "{player} hit by {creators}, {lives_left} lives left"),
            Event::Eliminated { player } => write!(f, "{player} eliminated"),
            Event::WallDestroyed {
                cell,
                creators,
                revealed,
            } => {
                write!(f, "brick at {cell} destroyed by {creators}")?;
                if let Some(kind) = revealed {
                    write!(f, ", revealing {}", kind.name())?;
                }
                Ok(())
            }
            Event::BonusDestroyed { cell, kind } => {
                write!(f, "{} at {cell} destroyed", kind.name())
            }
            Event::BonusPicked { player, cell, kind } => {
                write!(f, "{player} picked up {} at {cell}", kind.name())
            }
            Event::Scored {
                player,
                points,
                reason,
            } => write!(f, "{player} {points:+} ({reason:?})"),
            Event::Dropped { player, cell } => write!(f, "{player} dropped a bomb at {cell}"),
        }
    }
}
