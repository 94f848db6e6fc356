//! Ship placements: the `x1,y1-x2,y2` text, validation into a [`Fleet`], and typed reasons.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::cell::{Cell, parse_digits};
use crate::config::{Config, MAX_SHIP_LEN};

/// One ship as a bot wrote it: two endpoints `x1,y1-x2,y2`, in either order, unchecked
/// (the coordinates may lie off the grid, the ship may be diagonal or too long).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShipSpan {
    /// The first endpoint `(x1, y1)`.
    pub from: (u32, u32),
    /// The second endpoint `(x2, y2)`.
    pub to: (u32, u32),
}

impl ShipSpan {
    /// The span between two endpoints.
    pub const fn new(from: (u32, u32), to: (u32, u32)) -> Self {
        ShipSpan { from, to }
    }

    /// The number of cells from one endpoint to the other along the longer axis.
    pub fn length(&self) -> u64 {
        let dx = self.from.0.abs_diff(self.to.0) as u64;
        let dy = self.from.1.abs_diff(self.to.1) as u64;
        dx.max(dy) + 1
    }
}

impl fmt::Display for ShipSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{}-{},{}",
            self.from.0, self.from.1, self.to.0, self.to.1
        )
    }
}

/// A ship string that is not `x1,y1-x2,y2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("a ship must be written x1,y1-x2,y2 (digits only)")]
pub struct SpanSyntaxError;

impl FromStr for ShipSpan {
    type Err = SpanSyntaxError;

    /// Parses `x1,y1-x2,y2` strictly (ASCII digits, no spaces, no signs); numbers too large
    /// for `u32` saturate.
    fn from_str(s: &str) -> Result<Self, SpanSyntaxError> {
        let (a, b) = s.split_once('-').ok_or(SpanSyntaxError)?;
        let point = |p: &str| -> Result<(u32, u32), SpanSyntaxError> {
            let (x, y) = p.split_once(',').ok_or(SpanSyntaxError)?;
            Ok((
                parse_digits(x).ok_or(SpanSyntaxError)?,
                parse_digits(y).ok_or(SpanSyntaxError)?,
            ))
        };
        Ok(ShipSpan::new(point(a)?, point(b)?))
    }
}

/// A whole placement as a bot answered it: one span per ship, in the bot's order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Placement(pub Vec<ShipSpan>);

impl Placement {
    /// Parses the ship strings of a placement answer.
    ///
    /// ```
    /// use koth_http_battleship::{Placement, PlacementError};
    /// let p = Placement::parse(["1,0-1,3", "3,4-2,4"]).unwrap();
    /// assert_eq!(p.0.len(), 2);
    /// assert_eq!(Placement::parse(["1,0-1,3", "x"]), Err(PlacementError::Syntax { ship: 1 }));
    /// ```
    pub fn parse<I, S>(ships: I) -> Result<Placement, PlacementError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        ships
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                s.as_ref().parse().map_err(|_| PlacementError::Syntax {
                    ship: i.min(u32::MAX as usize) as u32,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Placement)
    }

    /// Checks the placement against the settings, in this order: for each ship in the listed
    /// order, an endpoint off the grid, a diagonal ship, a ship longer than 6, an overlap with
    /// an earlier ship; then the number of ships of each length. Ships may touch.
    ///
    /// ```
    /// use koth_http_battleship::{Config, Placement, PlacementError};
    /// let config = Config { ships: [0, 1, 1, 0, 0, 0], ..Config::default() };
    /// let ok = Placement::parse(["0,0-0,1", "5,5-3,5"]).unwrap();
    /// assert!(ok.validate(&config).is_ok());
    /// let diagonal = Placement::parse(["0,0-1,1", "5,5-3,5"]).unwrap();
    /// assert_eq!(diagonal.validate(&config), Err(PlacementError::Diagonal { ship: 0 }));
    /// ```
    pub fn validate(&self, config: &Config) -> Result<Fleet, PlacementError> {
        let (w, h) = (config.width, config.height);
        let mut taken = koth_engine_core::Grid::new(koth_engine_core::Size::new(w, h), 0u32);
        let mut ships = Vec::with_capacity(self.0.len());
        let mut counts = [0u32; MAX_SHIP_LEN as usize];
        for (i, span) in self.0.iter().enumerate() {
            let ship = i.min(u32::MAX as usize) as u32;
            let (from, to) = match (
                Cell::checked(span.from.0, span.from.1, w, h),
                Cell::checked(span.to.0, span.to.1, w, h),
            ) {
                (Some(a), Some(b)) => (a, b),
                _ => return Err(PlacementError::OffGrid { ship }),
            };
            if from.x != to.x && from.y != to.y {
                return Err(PlacementError::Diagonal { ship });
            }
            let length = span.length();
            if length > MAX_SHIP_LEN as u64 {
                return Err(PlacementError::TooLong {
                    ship,
                    length: length as u32,
                });
            }
            let s = Ship {
                x: from.x.min(to.x),
                y: from.y.min(to.y),
                length: length as u8,
                orientation: if from.y == to.y {
                    Orientation::Across
                } else {
                    Orientation::Down
                },
            };
            for c in s.cells() {
                let slot = &mut taken[c.into()];
                if *slot != 0 {
                    return Err(PlacementError::Overlap {
                        first: *slot - 1,
                        second: ship,
                        at: c,
                    });
                }
                *slot = ship.saturating_add(1);
            }
            counts[s.length as usize - 1] += 1;
            ships.push(s);
        }
        for (length, (&got, &expected)) in (1u8..).zip(counts.iter().zip(&config.ships)) {
            if got != expected as u32 {
                return Err(PlacementError::WrongCount {
                    length,
                    expected,
                    got,
                });
            }
        }
        Ok(Fleet::from_ships(ships))
    }
}

impl fmt::Display for Placement {
    /// The spans separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl From<&Fleet> for Placement {
    fn from(fleet: &Fleet) -> Self {
        Placement(fleet.ships().iter().map(Ship::span).collect())
    }
}

/// Why a placement is invalid (the bot loses the match at once). Ships are numbered from 0
/// in the bot's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PlacementError {
    /// A ship string that is not `x1,y1-x2,y2` (only [`Placement::parse`] reports it).
    #[error("ship {ship} is not written x1,y1-x2,y2")]
    Syntax {
        /// The ship's position in the answer.
        ship: u32,
    },
    /// An endpoint outside the grid.
    #[error("ship {ship} has an endpoint off the grid")]
    OffGrid {
        /// The ship's position in the answer.
        ship: u32,
    },
    /// Endpoints in neither the same row nor the same column.
    #[error("ship {ship} is diagonal")]
    Diagonal {
        /// The ship's position in the answer.
        ship: u32,
    },
    /// A ship longer than 6 cells.
    #[error("ship {ship} is {length} cells long (at most 6)")]
    TooLong {
        /// The ship's position in the answer.
        ship: u32,
        /// Its length.
        length: u32,
    },
    /// Two ships share a cell.
    #[error("ships {first} and {second} overlap at {at}")]
    Overlap {
        /// The earlier ship.
        first: u32,
        /// The later ship.
        second: u32,
        /// The first shared cell of the later ship.
        at: Cell,
    },
    /// The number of ships of one length differs from the settings.
    #[error("{got} ships of length {length}, the settings ask for {expected}")]
    WrongCount {
        /// The ship length.
        length: u8,
        /// How many the settings ask for.
        expected: u8,
        /// How many were placed.
        got: u32,
    },
}

/// Which way a ship runs from its top-left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Orientation {
    /// Along a row, towards larger `x` (single-cell ships count as across).
    Across,
    /// Along a column, towards larger `y`.
    Down,
}

/// A checked ship: its top-left cell, length and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ship {
    /// Column of the top-left cell.
    pub x: u8,
    /// Row of the top-left cell.
    pub y: u8,
    /// Length, 1..=6.
    pub length: u8,
    /// Which way it runs.
    pub orientation: Orientation,
}

impl Ship {
    /// The ship's cells, from the top-left one (assumes it [fits](Ship::fits) some grid).
    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        (0..self.length).map(move |k| match self.orientation {
            Orientation::Across => Cell::new(self.x.saturating_add(k), self.y),
            Orientation::Down => Cell::new(self.x, self.y.saturating_add(k)),
        })
    }

    /// Whether every cell lies on a `width` x `height` grid.
    pub fn fits(self, width: u16, height: u16) -> bool {
        let (dx, dy) = match self.orientation {
            Orientation::Across => (self.length as u16, 1),
            Orientation::Down => (1, self.length as u16),
        };
        self.length >= 1 && self.x as u16 + dx <= width && self.y as u16 + dy <= height
    }

    /// The ship as a span from its top-left cell to its other end.
    pub fn span(&self) -> ShipSpan {
        let end = self.cells().last().unwrap_or(Cell::new(self.x, self.y));
        ShipSpan::new((self.x as u32, self.y as u32), (end.x as u32, end.y as u32))
    }
}

/// A valid fleet: ships on the grid, none overlapping, as many of each length as the
/// settings ask for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fleet {
    ships: Vec<Ship>,
}

impl Fleet {
    pub(crate) fn from_ships(ships: Vec<Ship>) -> Self {
        Fleet { ships }
    }

    /// The ships, in the order they were placed.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }
}
