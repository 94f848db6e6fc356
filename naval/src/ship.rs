//! One ship: class, position, hull and per-turn budgets.

use koth_engine_core::{Coord, Dir4};

use crate::{Hull, ShipClass};

/// Cooldown set by `R`, `D` and surfacing.
pub const SKILL_COOLDOWN: u8 = 3;
/// Own turns a submarine may start submerged; it surfaces at the start of the next one.
pub const MAX_DIVE_TURNS: u8 = 5;

/// A ship on the sea (afloat or a wreck).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ship {
    pub(crate) class: ShipClass,
    pub(crate) head: Coord,
    pub(crate) dir: Dir4,
    pub(crate) hull: Hull,
    pub(crate) moves_left: u8,
    pub(crate) shots_left: u8,
    /// A move (`M`, `B`, a paid rotation or `A`) was used this turn.
    pub(crate) moved: bool,
    /// A shot was used this turn (by `F`, or "uses all shots").
    pub(crate) shot: bool,
    /// An `F` was fired this turn (the `hitmaster2017` profile's second budget test).
    pub(crate) fired: bool,
    pub(crate) mines: u8,
    pub(crate) cooldown: u8,
    pub(crate) submerged: bool,
    /// Own turns started submerged since the last dive.
    pub(crate) dive_turns: u8,
    pub(crate) shield: bool,
    /// The next map is a scanned one.
    pub(crate) scan: bool,
}

impl Ship {
    pub(crate) fn new(class: ShipClass, head: Coord, dir: Dir4) -> Ship {
        Ship {
            class,
            head,
            dir,
            hull: Hull::intact(class.length()),
            moves_left: class.moves(),
            shots_left: class.shots(),
            moved: false,
            shot: false,
            fired: false,
            mines: class.mines(),
            cooldown: 0,
            submerged: false,
            dive_turns: 0,
            shield: false,
            scan: false,
        }
    }

    /// The class.
    pub fn class(&self) -> ShipClass {
        self.class
    }

    /// The head cell.
    pub fn head(&self) -> Coord {
        self.head
    }

    /// The direction the ship faces.
    pub fn dir(&self) -> Dir4 {
        self.dir
    }

    /// The hull state.
    pub fn hull(&self) -> Hull {
        self.hull
    }

    /// Whether at least one hull cell is intact.
    pub fn afloat(&self) -> bool {
        self.hull.afloat()
    }

    /// Hull cell `i` (0 = head).
    pub fn cell(&self, i: usize) -> Coord {
        cell_of(self.head, self.dir, i)
    }

    /// The hull cells, head first.
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.class.length() as usize).map(|i| self.cell(i))
    }

    /// Moves left this turn.
    pub fn moves_left(&self) -> u8 {
        self.moves_left
    }

    /// Shots left this turn.
    pub fn shots_left(&self) -> u8 {
        self.shots_left
    }

    /// Mines left.
    pub fn mines(&self) -> u8 {
        self.mines
    }

    /// Skill cooldown (0 = ready).
    pub fn cooldown(&self) -> u8 {
        self.cooldown
    }

    /// Whether the submarine is submerged.
    pub fn submerged(&self) -> bool {
        self.submerged
    }

    /// Own turns started submerged since the last dive.
    pub fn dive_turns(&self) -> u8 {
        self.dive_turns
    }

    /// Whether a shield is up.
    pub fn shield(&self) -> bool {
        self.shield
    }

    /// Whether the ship's next map is a scanned one.
    pub fn scanning(&self) -> bool {
        self.scan
    }
}

/// Hull cell `i` of a ship with this head and direction: `i` cells behind the head.
#[inline]
pub(crate) fn cell_of(head: Coord, dir: Dir4, i: usize) -> Coord {
    let (dx, dy) = dir.delta();
    let i = i as i32;
    head.offset(-dx * i, -dy * i)
}
