//! What a ship's program is given at the start of its turn.

use core::fmt;

use koth_engine_core::{Dir4, PlayerId};

use crate::ShipClass;

/// The side of the square map a program sees (19).
pub const SIGHT_SIDE: usize = 19;
/// Cells in the map (361).
pub const SIGHT_CELLS: usize = SIGHT_SIDE * SIGHT_SIDE;
/// The map's half side: offsets run over `-9..=9` (also the scan range).
pub const SIGHT_HALF: i32 = 9;
/// How far a ship sees without a scan (Chebyshev distance from the head).
pub const VIEW_RANGE: i32 = 5;
/// How far a ship sees on a scanned turn.
pub const SCAN_RANGE: i32 = 9;

/// One character of a program's map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum SightCell {
    /// `.` water (and submerged enemies when not scanning).
    Water = b'.',
    /// `O` own hull cell.
    Own = b'O',
    /// `M` mine.
    Mine = b'M',
    /// `X` off the grid.
    OffGrid = b'X',
    /// `U` farther than the view range.
    Unknown = b'U',
    /// `A` intact enemy hull cell.
    Enemy = b'A',
    /// `B` damaged enemy hull cell.
    EnemyDamaged = b'B',
    /// `C` intact cell of a submerged enemy (scanning only).
    Submerged = b'C',
    /// `D` damaged cell of a submerged enemy (scanning only).
    SubmergedDamaged = b'D',
    /// `W` wreck.
    Wreck = b'W',
}

impl SightCell {
    /// The map character.
    pub const fn char(self) -> char {
        self as u8 as char
    }

    /// The cell for a map character.
    pub const fn from_byte(b: u8) -> Option<SightCell> {
        Some(match b {
            b'.' => SightCell::Water,
            b'O' => SightCell::Own,
            b'M' => SightCell::Mine,
            b'X' => SightCell::OffGrid,
            b'U' => SightCell::Unknown,
            b'A' => SightCell::Enemy,
            b'B' => SightCell::EnemyDamaged,
            b'C' => SightCell::Submerged,
            b'D' => SightCell::SubmergedDamaged,
            b'W' => SightCell::Wreck,
            _ => return None,
        })
    }

    /// Whether this is an enemy hull cell (`A B C D`).
    pub const fn is_enemy(self) -> bool {
        matches!(
            self,
            SightCell::Enemy
                | SightCell::EnemyDamaged
                | SightCell::Submerged
                | SightCell::SubmergedDamaged
        )
    }
}

/// The 19 x 19 map centred on the head, row by row from the top: index
/// `(dy + 9) * 19 + (dx + 9)`, the head at index 180.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sight(pub(crate) [SightCell; SIGHT_CELLS]);

impl Sight {
    /// A map of unknown cells only.
    pub const fn unknown() -> Sight {
        Sight([SightCell::Unknown; SIGHT_CELLS])
    }

    /// The cell at offset `(dx, dy)` from the head; `Unknown` outside `-9..=9`.
    #[inline]
    pub fn at(&self, dx: i32, dy: i32) -> SightCell {
        if dx.abs() > SIGHT_HALF || dy.abs() > SIGHT_HALF {
            return SightCell::Unknown;
        }
        self.0[((dy + SIGHT_HALF) * SIGHT_SIDE as i32 + dx + SIGHT_HALF) as usize]
    }

    /// Sets the cell at offset `(dx, dy)` (ignored outside `-9..=9`).
    pub fn set(&mut self, dx: i32, dy: i32, cell: SightCell) {
        if dx.abs() <= SIGHT_HALF && dy.abs() <= SIGHT_HALF {
            self.0[((dy + SIGHT_HALF) * SIGHT_SIDE as i32 + dx + SIGHT_HALF) as usize] = cell;
        }
    }

    /// The cells, row by row from the top.
    pub fn cells(&self) -> &[SightCell; SIGHT_CELLS] {
        &self.0
    }

    /// Builds a map from 361 cells.
    pub const fn from_cells(cells: [SightCell; SIGHT_CELLS]) -> Sight {
        Sight(cells)
    }

    /// `(dx, dy, cell)` for every cell, row by row from the top.
    pub fn iter(&self) -> impl Iterator<Item = (i32, i32, SightCell)> + '_ {
        self.0.iter().enumerate().map(|(i, &c)| {
            let i = i as i32;
            (
                i % SIGHT_SIDE as i32 - SIGHT_HALF,
                i / SIGHT_SIDE as i32 - SIGHT_HALF,
                c,
            )
        })
    }
}

impl fmt::Display for Sight {
    /// The 361 characters; with `{:#}` the 19 rows on separate lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if f.alternate() && i > 0 && i % SIGHT_SIDE == 0 {
                f.write_str("\n")?;
            }
            fmt::Write::write_char(f, c.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Sight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sight(\"{self}\")")
    }
}

/// A hull's state: its length and which cells are intact (bit `i` = cell `i`, head first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hull {
    len: u8,
    intact: u8,
}

impl Hull {
    /// The longest hull the type holds (the protocol parser accepts up to this many cells).
    pub const MAX_LEN: usize = 8;

    /// An intact hull of `len` cells (at most [`Hull::MAX_LEN`]; longer is cut).
    pub const fn intact(len: u8) -> Hull {
        let len = if len as usize > Hull::MAX_LEN {
            Hull::MAX_LEN as u8
        } else {
            len
        };
        Hull {
            len,
            intact: ((1u16 << len) - 1) as u8,
        }
    }

    /// A hull of `len` cells whose intact cells are the set bits of `mask`.
    pub const fn from_mask(len: u8, mask: u8) -> Hull {
        let full = Hull::intact(len);
        Hull {
            len: full.len,
            intact: mask & full.intact,
        }
    }

    /// The number of cells.
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the hull has no cells (a seat without a ship).
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Whether cell `i` (0 = head) is intact.
    pub const fn is_intact(self, i: usize) -> bool {
        i < self.len as usize && self.intact & (1 << i) != 0
    }

    /// The intact-cell mask.
    pub const fn mask(self) -> u8 {
        self.intact
    }

    /// The number of intact cells.
    pub const fn intact_count(self) -> u32 {
        self.intact.count_ones()
    }

    /// Whether at least one cell is intact.
    pub const fn afloat(self) -> bool {
        self.intact != 0
    }

    /// Marks cell `i` damaged; returns whether it was intact.
    pub(crate) fn damage(&mut self, i: usize) -> bool {
        let was = self.is_intact(i);
        if was {
            self.intact &= !(1 << i);
        }
        was
    }

    /// Marks cell `i` intact.
    pub(crate) fn repair(&mut self, i: usize) {
        if i < self.len as usize {
            self.intact |= 1 << i;
        }
    }

    /// The damaged cell nearest the head.
    pub fn first_damaged(self) -> Option<usize> {
        (0..self.len()).find(|&i| !self.is_intact(i))
    }
}

impl fmt::Display for Hull {
    /// One character per cell from the head: `1` intact, `0` damaged.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.len() {
            f.write_str(if self.is_intact(i) { "1" } else { "0" })?;
        }
        Ok(())
    }
}

/// What a ship's program is told at the start of its turn: the seed's input line, typed.
///
/// [`protocol::observation_line`](crate::protocol::observation_line) writes it as
/// `Round;PlayerId;X,Y,Direction;Hull;Moves,Shots,Mines,Cooldown;Hits,Sunken,Damage;Underwater,Shield,Scan;Map`.
///
/// Observations are meant for the ship about to act. Observing another seat describes its
/// ship as it is now (its cooldown not yet decreased for its next turn). A seat without a
/// ship gets position `(0, 0)`, direction 0, an empty hull, zeros and an all-`U` map.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Observation {
    /// The round, 1-based.
    pub round: u32,
    /// The observer's seat.
    pub player: PlayerId,
    /// Head column.
    pub x: i32,
    /// Head row (y grows downward).
    pub y: i32,
    /// The direction the ship faces.
    pub dir: Dir4,
    /// The hull, head first.
    pub hull: Hull,
    /// Moves per turn (the full allowance).
    pub moves: u8,
    /// Shots per turn (the full allowance).
    pub shots: u8,
    /// Mines left.
    pub mines: u8,
    /// Skill cooldown after this turn's decrease (0 = ready).
    pub cooldown: u8,
    /// Enemy hull cells damaged by this ship.
    pub hits: u32,
    /// Enemy ships this ship sank.
    pub sunken: u32,
    /// Damage taken (repairs do not reduce it).
    pub damage: u32,
    /// Whether the ship is submerged.
    pub underwater: bool,
    /// Whether a shield raised last turn is still up.
    pub shield: bool,
    /// Whether this map is a scanned one (range 9, submerged ships shown).
    pub scan: bool,
    /// The 19 x 19 map around the head.
    pub map: Sight,
}

impl Observation {
    /// The class, told by the hull length, moves and shots (`None` for a seat without a ship).
    pub fn class(&self) -> Option<ShipClass> {
        ShipClass::from_numbers(self.hull.len() as u8, self.moves, self.shots)
    }

    /// How far this map shows (5, or 9 when scanning).
    pub fn view_range(&self) -> i32 {
        if self.scan { SCAN_RANGE } else { VIEW_RANGE }
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    //! The map serializes as its 361-character string.
    use alloc::string::ToString;
    use core::fmt;

    use serde::de::{Error, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::*;

    impl Serialize for Sight {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&self.to_string())
        }
    }

    impl<'de> Deserialize<'de> for Sight {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Sight, D::Error> {
            struct V;
            impl Visitor<'_> for V {
                type Value = Sight;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("361 map characters")
                }
                fn visit_str<E: Error>(self, v: &str) -> Result<Sight, E> {
                    crate::protocol::parse_sight(v).map_err(E::custom)
                }
            }
            d.deserialize_str(V)
        }
    }
}
