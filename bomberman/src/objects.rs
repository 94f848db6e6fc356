//! The objects of the world: tiles, players, bombs, explosions, bonuses.

use core::fmt;

use koth_engine_core::{Coord, PlayerId};

use crate::Point;

/// A bonus type (the seed's `BonusPower` and `BonusBomb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BonusKind {
    /// `BonusPower`: +1 `bombs_power`.
    Power,
    /// `BonusBomb`: +1 `bombs_count` and +1 `bombs_left`.
    Bomb,
}

impl BonusKind {
    /// The seed's class name (`BonusPower`, `BonusBomb`).
    pub const fn name(self) -> &'static str {
        match self {
            BonusKind::Power => "BonusPower",
            BonusKind::Bomb => "BonusBomb",
        }
    }
}

/// What a lattice cell is built of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Tile {
    /// Free floor.
    #[default]
    Empty,
    /// A `ConcreteWall`: indestructible.
    Concrete,
    /// A `BrickWall`, with the bonus it holds (the seed's `contents`), if any.
    Brick(Option<BonusKind>),
}

impl Tile {
    /// Whether the tile is a wall (brick or concrete).
    #[inline]
    pub const fn is_wall(self) -> bool {
        !matches!(self, Tile::Empty)
    }
}

/// A set of players (seats 0..8) as a bit mask: bombs' `walkable_for`, explosions' `creators`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// The empty set.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The set holding only `p` (empty for seats from 8 on).
    #[inline]
    pub const fn single(p: PlayerId) -> PlayerSet {
        if p.0 < 8 {
            PlayerSet(1 << p.0)
        } else {
            PlayerSet(0)
        }
    }

    /// The set of the bit mask `bits` (bit `i` is seat `i`).
    #[inline]
    pub const fn from_bits(bits: u8) -> PlayerSet {
        PlayerSet(bits)
    }

    /// The bit mask.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `p` is in the set.
    #[inline]
    pub const fn contains(self, p: PlayerId) -> bool {
        p.0 < 8 && self.0 & (1 << p.0) != 0
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= PlayerSet::single(p).0;
    }

    /// Removes `p`.
    #[inline]
    pub fn remove(&mut self, p: PlayerId) {
        self.0 &= !PlayerSet::single(p).0;
    }

    /// The union of two sets.
    #[inline]
    pub const fn union(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 | other.0)
    }

    /// The number of players in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in seat order.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> + Clone {
        (0..8u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(PlayerId)
    }
}

impl FromIterator<PlayerId> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = PlayerId>>(iter: I) -> Self {
        let mut s = PlayerSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

/// `{P0, P2}`.
impl fmt::Display for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p}")?;
        }
        f.write_str("}")
    }
}

/// A player's record (the seed's `Player`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    /// The seat (`playerId`).
    pub id: PlayerId,
    /// The centre of its circle.
    pub pos: Point,
    /// Lives left; 0 means out of the game (off the field).
    pub lives_left: u32,
    /// Points so far.
    pub score: i64,
    /// Ticks it stays stunned (no moves, no drops).
    pub stun_duration: u32,
    /// Ticks it stays immune to explosions (this counts the stun too).
    pub immune_duration: u32,
    /// Cells a ray of its bombs reaches beyond the bomb's own (read when a bomb explodes).
    pub bombs_power: u32,
    /// Bombs it may have on the field at once.
    pub bombs_count: u32,
    /// Bombs it may still drop now.
    pub bombs_left: u32,
}

impl Player {
    /// Whether the player is still in the game (has lives left).
    #[inline]
    pub const fn is_on_field(&self) -> bool {
        self.lives_left > 0
    }

    /// Whether the player can move and drop this tick (on the field and not stunned).
    #[inline]
    pub const fn is_active(&self) -> bool {
        self.lives_left > 0 && self.stun_duration == 0
    }
}

/// A bomb, on the centre of its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bomb {
    /// The lattice cell whose centre it sits on.
    pub cell: Coord,
    /// Who placed it.
    pub owner: PlayerId,
    /// Ticks until it explodes (counted down at the start of each tick; explodes at 0).
    pub timeout: u32,
    /// Players that may still walk over it (those it touched when placed, until they leave it).
    pub walkable_for: PlayerSet,
}

/// An explosion square, on the centre of its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explosion {
    /// The lattice cell whose centre it sits on.
    pub cell: Coord,
    /// Ticks until it vanishes (counted down at the start of each tick; vanishes at 0).
    pub timeout: u32,
    /// Whose explosion put it here: the bomb's owner and every creator of the explosion that
    /// set that bomb off.
    pub creators: PlayerSet,
}

/// A bonus lying on the floor, on the centre of its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bonus {
    /// The lattice cell whose centre it lies on.
    pub cell: Coord,
    /// Power or bomb.
    pub kind: BonusKind,
    /// Ticks it cannot be destroyed by explosions.
    pub immune_duration: u32,
}

/// What a player has done so far, for reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerStats {
    /// Lives left (0: out).
    pub lives_left: u32,
    /// The score.
    pub score: i64,
    /// Bricks destroyed by explosions it was a creator of (shared ones count fully).
    pub walls: u32,
    /// Bonuses picked up.
    pub bonuses: u32,
    /// Hits on opponents by explosions it was a creator of (shared ones count fully).
    pub kills: u32,
    /// Hits on itself by explosions it was a creator of.
    pub self_hits: u32,
    /// Times it was hit by anyone (lives lost).
    pub hits_taken: u32,
    /// Bombs it placed.
    pub bombs_dropped: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hot_types_stay_small() {
        use core::mem::size_of;
        assert_eq!(size_of::<Tile>(), 1);
        assert_eq!(size_of::<PlayerSet>(), 1);
        assert_eq!(size_of::<Bomb>(), 16);
        assert_eq!(size_of::<Explosion>(), 16);
        assert_eq!(size_of::<Bonus>(), 16);
        assert_eq!(size_of::<crate::Action>(), 12);
        assert!(size_of::<crate::Event>() <= 24);
    }

    #[test]
    fn player_sets() {
        let s: PlayerSet = [PlayerId(2), PlayerId(0)].into_iter().collect();
        assert_eq!(s.len(), 2);
        assert!(s.contains(PlayerId(0)) && !s.contains(PlayerId(1)));
        assert_eq!(alloc::format!("{s}"), "{P0, P2}");
        assert!(PlayerSet::single(PlayerId(9)).is_empty());
    }
}
