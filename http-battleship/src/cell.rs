//! Grid cells and the `x,y` text form.

use core::fmt;

/// A cell on a grid of at most 100 x 100: `x` is the column, `y` the row, both 0-based.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Column.
    pub x: u8,
    /// Row.
    pub y: u8,
}

impl Cell {
    /// The cell `(x, y)`.
    pub const fn new(x: u8, y: u8) -> Self {
        Cell { x, y }
    }

    /// The row-major index on a grid `width` cells wide.
    #[inline]
    pub const fn index(self, width: usize) -> usize {
        self.y as usize * width + self.x as usize
    }

    /// The cell of row-major index `i` on a grid `width` cells wide (`width` must be >= 1 and
    /// `i` below the grid's area, which is at most 100 x 100).
    #[inline]
    pub const fn from_index(i: usize, width: usize) -> Self {
        Cell::new((i % width) as u8, (i / width) as u8)
    }

    /// The cell at raw coordinates, if they lie on a `width` x `height` grid.
    pub fn checked(x: u32, y: u32, width: u16, height: u16) -> Option<Cell> {
        (x < width as u32 && y < height as u32).then(|| Cell::new(x as u8, y as u8))
    }
}

impl From<Cell> for koth_engine_core::Coord {
    #[inline]
    fn from(c: Cell) -> Self {
        koth_engine_core::Coord::new(c.x as i32, c.y as i32)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Parses `x,y` exactly as the arena's `^[0-9]+,[0-9]+$`: ASCII digits only, no sign, no
/// spaces, and no leading zeros (`03,4` is refused: the arena compared shots as strings, so
/// `03,4` never hit `3,4`). Numbers too large for `u32` saturate to `u32::MAX` (they lie off
/// every grid anyway).
///
/// ```
/// use koth_http_battleship::parse_xy;
/// assert_eq!(parse_xy("3,14"), Some((3, 14)));
/// assert_eq!(parse_xy("0,10"), Some((0, 10)));
/// assert_eq!(parse_xy("007,0"), None);
/// assert_eq!(parse_xy("99999999999,1"), Some((u32::MAX, 1)));
/// assert_eq!(parse_xy("3, 4"), None);
/// assert_eq!(parse_xy("-1,4"), None);
/// ```
pub fn parse_xy(text: &str) -> Option<(u32, u32)> {
    let (x, y) = text.split_once(',')?;
    let number = |s: &str| match s.as_bytes() {
        [b'0', _, ..] => None,
        _ => parse_digits(s),
    };
    Some((number(x)?, number(y)?))
}

/// A non-empty run of ASCII digits as a saturating `u32`.
pub(crate) fn parse_digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.bytes().fold(0u32, |n, b| {
        n.saturating_mul(10).saturating_add((b - b'0') as u32)
    }))
}
