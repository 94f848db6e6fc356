//! Who stands where: a square-to-seat [`Grid`] plus one bit set per row and per column, so a
//! shell finds the first tank along its line in a few word operations.

use alloc::vec;
use alloc::vec::Vec;

use koth_engine_core::{Coord, Dir4, Grid, PlayerId, Size, Topology};

/// The marker for "no tank" in the per-square and per-seat tables.
pub(crate) const EMPTY: u16 = u16::MAX;

/// The board's topology: every edge wraps.
pub(crate) const TORUS: Topology = Topology::Torus;

/// The torus's occupancy. Squares are indexed row-major, `y * side + x`, with y up.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// 64-bit words per row or column bit set.
    words: usize,
    /// The seat on each square, or [`EMPTY`].
    cells: Grid<u16>,
    /// Row `y`'s bit set at `rows[y * words..]`: bit `x` is set when (x, y) is occupied.
    rows: Vec<u64>,
    /// Column `x`'s bit set at `cols[x * words..]`: bit `y` is set when (x, y) is occupied.
    cols: Vec<u64>,
}

impl Board {
    /// An empty `side` x `side` torus (`side >= 1`).
    pub(crate) fn new(side: u16) -> Board {
        let n = usize::from(side);
        let words = n.div_ceil(64);
        Board {
            words,
            cells: Grid::new(Size::square(side), EMPTY),
            rows: vec![0; n * words],
            cols: vec![0; n * words],
        }
    }

    /// The size of the torus.
    #[inline]
    pub(crate) fn size(&self) -> Size {
        self.cells.size()
    }

    /// The side of the torus.
    #[inline]
    pub(crate) fn side(&self) -> u16 {
        self.size().width
    }

    /// The number of squares.
    #[inline]
    pub(crate) fn area(&self) -> usize {
        self.cells.cells().len()
    }

    /// The row-major index of `c`, which lies on the torus.
    #[inline]
    pub(crate) fn index(&self, c: Coord) -> usize {
        c.y as usize * usize::from(self.side()) + c.x as usize
    }

    /// The square one step from `c` in `dir` (y up), wrapped onto the torus by
    /// [`Topology::Torus`] when the step leaves the grid (a step that stays on it needs no
    /// wrapping, which keeps the division of the wrap off the common path).
    #[inline]
    pub(crate) fn step(&self, c: Coord, dir: Dir4) -> Coord {
        let (dx, dy) = dir.delta_y_up();
        let to = c.offset(dx, dy);
        if self.size().contains(to) {
            to
        } else {
            TORUS.normalize(self.size(), to).unwrap_or(c)
        }
    }

    /// The seat on square index `i`, or [`EMPTY`] (also for an index off the torus).
    #[inline]
    pub(crate) fn at_index(&self, i: usize) -> u16 {
        self.cells.cells().get(i).copied().unwrap_or(EMPTY)
    }

    /// The tank on `c`, if any (`None` off the torus too).
    #[inline]
    pub(crate) fn occupant(&self, c: Coord) -> Option<PlayerId> {
        match self.cells.get(c).copied().unwrap_or(EMPTY) {
            EMPTY => None,
            seat => Some(PlayerId(seat as u8)),
        }
    }

    /// Puts `seat` on the empty square `c`, which lies on the torus.
    #[inline]
    pub(crate) fn place(&mut self, seat: PlayerId, c: Coord) {
        let i = self.index(c);
        if let Some(cell) = self.cells.cells_mut().get_mut(i) {
            *cell = u16::from(seat.0);
            self.set_bits(c, true);
        }
    }

    /// Empties square `c`, which lies on the torus.
    #[inline]
    pub(crate) fn clear(&mut self, c: Coord) {
        let i = self.index(c);
        if let Some(cell) = self.cells.cells_mut().get_mut(i) {
            *cell = EMPTY;
            self.set_bits(c, false);
        }
    }

    #[inline]
    fn set_bits(&mut self, c: Coord, on: bool) {
        let (x, y) = (c.x as usize, c.y as usize);
        assign(&mut self.rows, y * self.words + x / 64, x % 64, on);
        assign(&mut self.cols, x * self.words + y / 64, y % 64, on);
    }

    /// The first tank a shell fired from `from` in `dir` (y up) reaches, travelling square by
    /// square with wrap-around; `None` when it comes back to `from` without meeting another.
    pub(crate) fn first_along(&self, from: Coord, dir: Dir4) -> Option<PlayerId> {
        let n = usize::from(self.side());
        let (x, y) = (from.x as usize, from.y as usize);
        let w = self.words;
        let hit = match dir {
            Dir4::Right => next_after(self.rows.get(y * w..(y + 1) * w)?, x, n)
                .map(|hx| Coord::new(hx as i32, from.y)),
            Dir4::Left => prev_before(self.rows.get(y * w..(y + 1) * w)?, x, n)
                .map(|hx| Coord::new(hx as i32, from.y)),
            Dir4::Up => next_after(self.cols.get(x * w..(x + 1) * w)?, y, n)
                .map(|hy| Coord::new(from.x, hy as i32)),
            Dir4::Down => prev_before(self.cols.get(x * w..(x + 1) * w)?, y, n)
                .map(|hy| Coord::new(from.x, hy as i32)),
        }?;
        self.occupant(hit)
    }
}

/// Sets or clears bit `bit` of word `i`.
#[inline]
fn assign(words: &mut [u64], i: usize, bit: usize, on: bool) {
    if let Some(w) = words.get_mut(i) {
        if on {
            *w |= 1 << bit;
        } else {
            *w &= !(1 << bit);
        }
    }
}

/// The first set bit after `i`, going up and wrapping round, other than `i` itself.
#[inline]
fn next_after(line: &[u64], i: usize, n: usize) -> Option<usize> {
    first_in(line, i + 1, n).or_else(|| first_in(line, 0, i))
}

/// The first set bit before `i`, going down and wrapping round, other than `i` itself.
#[inline]
fn prev_before(line: &[u64], i: usize, n: usize) -> Option<usize> {
    last_in(line, 0, i).or_else(|| last_in(line, i + 1, n))
}

/// The lowest set bit in `lo..hi`.
#[inline]
fn first_in(line: &[u64], lo: usize, hi: usize) -> Option<usize> {
    if lo >= hi {
        return None;
    }
    let mut w = lo / 64;
    let mut bits = *line.get(w)? & (!0u64 << (lo % 64));
    loop {
        if bits != 0 {
            let j = w * 64 + bits.trailing_zeros() as usize;
            return (j < hi).then_some(j);
        }
        w += 1;
        if w * 64 >= hi {
            return None;
        }
        bits = *line.get(w)?;
    }
}

/// The highest set bit in `lo..hi`.
#[inline]
fn last_in(line: &[u64], lo: usize, hi: usize) -> Option<usize> {
    if lo >= hi {
        return None;
    }
    let top = hi - 1;
    let mut w = top / 64;
    let mut bits = *line.get(w)? & (!0u64 >> (63 - top % 64));
    loop {
        if bits != 0 {
            let j = w * 64 + 63 - bits.leading_zeros() as usize;
            return (j >= lo).then_some(j);
        }
        if w == 0 || w * 64 <= lo {
            return None;
        }
        w -= 1;
        bits = *line.get(w)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shell traced square by square, as the rules describe it.
    fn literal(board: &Board, from: Coord, dir: Dir4) -> Option<PlayerId> {
        let mut at = board.step(from, dir);
        while at != from {
            if let Some(p) = board.occupant(at) {
                return Some(p);
            }
            at = board.step(at, dir);
        }
        None
    }

    #[test]
    fn bit_sets_agree_with_a_literal_trace() {
        use koth_engine_core::SeedableRng;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
        for side in [2u16, 3, 7, 63, 64, 65, 130] {
            let mut board = Board::new(side);
            let n = side as u32;
            let mut placed = Vec::new();
            for seat in 0..(side.min(200) as u8) {
                let c = Coord::new(
                    koth_engine_core::draw::below(&mut rng, n) as i32,
                    koth_engine_core::draw::below(&mut rng, n) as i32,
                );
                if board.occupant(c).is_none() {
                    board.place(PlayerId(seat), c);
                    placed.push(c);
                }
            }
            for (k, &c) in placed.iter().enumerate() {
                if k % 3 == 0 {
                    board.clear(c);
                }
            }
            for from in placed.iter().copied() {
                for dir in Dir4::ALL {
                    assert_eq!(
                        board.first_along(from, dir),
                        literal(&board, from, dir),
                        "side {side} from {from} {dir:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_lonely_shell_comes_back() {
        let mut board = Board::new(5);
        board.place(PlayerId(0), Coord::new(2, 2));
        for dir in Dir4::ALL {
            assert_eq!(board.first_along(Coord::new(2, 2), dir), None);
        }
        board.place(PlayerId(1), Coord::new(2, 4));
        assert_eq!(
            board.first_along(Coord::new(2, 2), Dir4::Up),
            Some(PlayerId(1))
        );
        assert_eq!(
            board.first_along(Coord::new(2, 2), Dir4::Down),
            Some(PlayerId(1))
        );
        assert_eq!(board.first_along(Coord::new(2, 2), Dir4::Left), None);
    }
}
