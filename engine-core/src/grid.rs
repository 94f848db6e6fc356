//! A dense rectangular grid of cells.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::{Index, IndexMut};

use crate::{Coord, Size};

/// A dense, row-major grid of `T`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grid<T> {
    size: Size,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid of `size` with every cell set to `fill`.
    pub fn new(size: Size, fill: T) -> Self {
        Grid {
            size,
            cells: vec![fill; size.area()],
        }
    }
}

impl<T> Grid<T> {
    /// A grid of `size` with each cell made by `f(coord)`.
    pub fn from_fn(size: Size, mut f: impl FnMut(Coord) -> T) -> Self {
        Grid {
            size,
            cells: size.coords().map(&mut f).collect(),
        }
    }

    /// The grid's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The cell at `c`, or `None` off the grid.
    #[inline]
    pub fn get(&self, c: Coord) -> Option<&T> {
        self.size.index_of(c).and_then(|i| self.cells.get(i))
    }

    /// The cell at `c`, mutably, or `None` off the grid.
    #[inline]
    pub fn get_mut(&mut self, c: Coord) -> Option<&mut T> {
        self.size.index_of(c).and_then(|i| self.cells.get_mut(i))
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells in row-major order, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// `(coord, cell)` pairs in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = (Coord, &T)> {
        let size = self.size;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, v)| (size.coord_of(i), v))
    }

    /// The rows, top (y = 0) first.
    pub fn rows(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.size.width.max(1) as usize)
    }

    /// Row `y`, or `None` off the grid: for scanning a window of a row with one bounds
    /// check per cell (`row.get(x)`).
    #[inline]
    pub fn row(&self, y: i32) -> Option<&[T]> {
        let w = self.size.width as usize;
        let y = usize::try_from(y).ok()?;
        self.cells.get(y.checked_mul(w)?..(y + 1).checked_mul(w)?)
    }
}

/// Panics when `c` is off the grid; use [`Grid::get`] for untrusted coordinates.
impl<T> Index<Coord> for Grid<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Coord) -> &T {
        match self.get(c) {
            Some(v) => v,
            None => panic!(
                "coordinate {c} is off a {}x{} grid",
                self.size.width, self.size.height
            ),
        }
    }
}

/// Panics when `c` is off the grid; use [`Grid::get_mut`] for untrusted coordinates.
impl<T> IndexMut<Coord> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, c: Coord) -> &mut T {
        let size = self.size;
        match self.get_mut(c) {
            Some(v) => v,
            None => panic!(
                "coordinate {c} is off a {}x{} grid",
                size.width, size.height
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn get_and_set() {
        let mut g = Grid::new(Size::new(3, 2), 0u8);
        g[Coord::new(2, 1)] = 5;
        assert_eq!(g.get(Coord::new(2, 1)), Some(&5));
        assert_eq!(g.get(Coord::new(3, 1)), None);
        assert_eq!(g.cells()[5], 5);
        let rows: Vec<&[u8]> = g.rows().collect();
        assert_eq!(rows, [&[0, 0, 0][..], &[0, 0, 5][..]]);
        assert_eq!(g.row(1), Some(&[0, 0, 5][..]));
        assert_eq!(g.row(2), None);
        assert_eq!(g.row(-1), None);
    }
}
