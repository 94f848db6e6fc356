//! Seeded, mirror-symmetric map generation and the lattice's dimensions.

use koth_engine_core::draw::{below, chance};
use koth_engine_core::{Coord, Grid, RngCore, Size};

use crate::{BonusKind, Config, Fixed, Mode, Point, Rules, Tile};

/// The lattice's dimensions in raw fixed-point units, derived from the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Dims {
    /// Cells per side.
    pub n: i32,
    /// Side of a cell.
    pub cell: i64,
    /// Radius of a player.
    pub player_r: i64,
    /// Radius of a bomb.
    pub bomb_r: i64,
    /// Half-side of an explosion square.
    pub expl_h: i64,
    /// Half-side of a bonus square.
    pub bonus_h: i64,
    /// Longest speed.
    pub max_speed: i32,
    /// `ceil(2^64 / cell)` (0 for a cell of 1): `floor(v / cell)` without a division.
    pub cell_inv: u64,
}

impl Dims {
    /// The dimensions of `rules` (validated rules give exact values; others are clamped into
    /// a range where no arithmetic overflows, so views of odd worlds never panic).
    pub(crate) fn new(rules: &Rules) -> Dims {
        let s = i64::from(Fixed::SCALE);
        let units = |v: u32| i64::from(v.min(1 << 16)) * s;
        let cell = units(rules.cell_size).max(1);
        Dims {
            n: rules.cells.min(1 << 12) as i32,
            cell,
            cell_inv: if cell > 1 {
                u64::MAX / cell as u64 + 1
            } else {
                0
            },
            player_r: units(rules.player_size) / 2,
            bomb_r: units(rules.bomb_size) / 2,
            expl_h: units(rules.explosion_size) / 2,
            bonus_h: units(rules.bonus_size) / 2,
            max_speed: units(rules.max_speed) as i32,
        }
    }

    /// The side of the field.
    #[inline]
    pub(crate) fn field(&self) -> i64 {
        self.n as i64 * self.cell
    }

    /// The lattice's size as a grid.
    #[inline]
    pub(crate) fn size(&self) -> Size {
        Size::square(self.n as u16)
    }

    /// The centre of cell `c` (also for cells just outside the lattice).
    #[inline]
    pub(crate) fn centre(&self, c: Coord) -> (i64, i64) {
        let h = self.cell / 2;
        (c.x as i64 * self.cell + h, c.y as i64 * self.cell + h)
    }

    /// The row-major index of an on-lattice cell.
    #[inline]
    pub(crate) fn index(&self, c: Coord) -> Option<usize> {
        self.size().index_of(c)
    }

    /// The cell whose centre is nearest `(x, y)`: the cell containing the point, a point on a
    /// border between two cells counting as in the cell to its right (below); clamped onto the
    /// lattice.
    #[inline]
    pub(crate) fn nearest_cell(&self, x: i64, y: i64) -> Coord {
        let f = |v: i64| self.cell_floor(v).clamp(0, (self.n as i64 - 1).max(0)) as i32;
        Coord::new(f(x), f(y))
    }

    /// The cell index range (clamped to one ring outside the lattice) meeting `[lo, hi]`.
    #[inline]
    pub(crate) fn cell_span(&self, lo: i64, hi: i64) -> (i32, i32) {
        let f = |v: i64| self.cell_floor(v).clamp(-1, self.n as i64) as i32;
        (f(lo), f(hi))
    }

    /// `floor(v / cell)`. For `0 <= v < 2^32` (every point of a validated field and around
    /// it) a multiplication by `cell_inv` and a shift: `cell_inv · cell` exceeds `2^64` by
    /// less than `cell <= 2^32`, which makes the quotient exact for every `v < 2^32`
    /// (Granlund and Montgomery's bound). Other values divide.
    #[inline]
    pub(crate) fn cell_floor(&self, v: i64) -> i64 {
        if self.cell_inv != 0 && (0..1 << 32).contains(&v) {
            ((v as u128 * u128::from(self.cell_inv)) >> 64) as i64
        } else {
            v.div_euclid(self.cell)
        }
    }
}

/// The centre of cell `c` as a point.
pub(crate) fn centre_point(dims: &Dims, c: Coord) -> Point {
    let (x, y) = dims.centre(c);
    Point::new(Fixed::from_raw(x as i32), Fixed::from_raw(y as i32))
}

/// The corner cells in seat order: top-left, top-right, bottom-left, bottom-right; a duel uses
/// the first and the last.
pub(crate) fn spawn_cells(mode: Mode, n: i32) -> alloc::vec::Vec<Coord> {
    let m = n - 1;
    match mode {
        Mode::Duel => alloc::vec![Coord::new(0, 0), Coord::new(m, m)],
        Mode::Standard | Mode::Fragile => alloc::vec![
            Coord::new(0, 0),
            Coord::new(m, 0),
            Coord::new(0, m),
            Coord::new(m, m),
        ],
    }
}

/// Whether `c` is a pillar cell (both coordinates odd).
#[inline]
pub(crate) fn is_pillar(c: Coord) -> bool {
    c.x % 2 == 1 && c.y % 2 == 1
}

/// Generates the map: the top-left quadrant (middle row and column included) is drawn in
/// row-major order and mirrored in both axes.
///
/// Per quadrant cell: a pillar cell (odd, odd) is concrete (a brick in fragile mode); a corner
/// spawn cell and its two neighbours stay empty; any other cell is a brick with probability
/// `brick_percent` (one draw). Each brick, pillar bricks included, then holds a bonus with
/// probability `bonus_percent` (one draw), power or bomb with equal odds (one more draw).
pub(crate) fn generate<R: RngCore + ?Sized>(config: &Config, rng: &mut R) -> Grid<Tile> {
    let rules = &config.rules;
    let n = rules.cells as i32;
    let half = n / 2;
    let mut tiles = Grid::new(Size::square(n as u16), Tile::Empty);
    for y in 0..=half {
        for x in 0..=half {
            let c = Coord::new(x, y);
            let protected = (x + y) <= 1;
            let tile = if is_pillar(c) && config.mode != Mode::Fragile {
                Tile::Concrete
            } else if protected || !(is_pillar(c) || chance(rng, rules.brick_percent)) {
                Tile::Empty
            } else {
                let bonus = chance(rng, rules.bonus_percent).then(|| {
                    if below(rng, 2) == 0 {
                        BonusKind::Power
                    } else {
                        BonusKind::Bomb
                    }
                });
                Tile::Brick(bonus)
            };
            for (mx, my) in [
                (x, y),
                (n - 1 - x, y),
                (x, n - 1 - y),
                (n - 1 - x, n - 1 - y),
            ] {
                tiles[Coord::new(mx, my)] = tile;
            }
        }
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use koth_engine_core::SeedableRng;

    #[test]
    fn nearest_cell_ties_go_right_and_down() {
        let d = Dims::new(&Rules::default());
        let u = 256;
        assert_eq!(d.nearest_cell(15 * u, 15 * u), Coord::new(0, 0));
        assert_eq!(d.nearest_cell(30 * u, 29 * u), Coord::new(1, 0));
        assert_eq!(d.nearest_cell(30 * u - 1, 60 * u), Coord::new(0, 2));
        assert_eq!(d.nearest_cell(-5, 450 * u), Coord::new(0, 14));
    }

    #[test]
    fn cell_floor_is_floor_division() {
        let mut seed = 11u64;
        for cell in [
            1i64,
            2,
            3,
            256,
            7680,
            7681,
            30 * 256,
            65_536 * 256,
            (1 << 24) + 1,
        ] {
            let mut d = Dims::new(&Rules::default());
            d.cell = cell;
            d.cell_inv = if cell > 1 {
                u64::MAX / cell as u64 + 1
            } else {
                0
            };
            let edges = [
                0,
                1,
                cell - 1,
                cell,
                cell + 1,
                (1 << 32) - 1,
                1 << 32,
                -1,
                -cell - 1,
            ];
            for v in edges.into_iter().chain((0..20_000).map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 31) as i64 - (1 << 31)
            })) {
                assert_eq!(d.cell_floor(v), v.div_euclid(cell), "{v} / {cell}");
            }
            // Multiples and their neighbours near the top of the fast range.
            let top = ((1i64 << 32) - 1) / cell * cell;
            for v in [top - 1, top, top + 1] {
                assert_eq!(d.cell_floor(v), v.div_euclid(cell), "{v} / {cell}");
            }
        }
    }

    #[test]
    fn pillars_corners_and_symmetry() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let tiles = generate(&Config::default(), &mut rng);
        for (c, &t) in tiles.iter() {
            assert_eq!(t == Tile::Concrete, is_pillar(c), "{c}");
            assert_eq!(tiles[Coord::new(14 - c.x, c.y)], t);
            assert_eq!(tiles[Coord::new(c.x, 14 - c.y)], t);
        }
        for c in [Coord::new(0, 0), Coord::new(1, 0), Coord::new(0, 1)] {
            assert_eq!(tiles[c], Tile::Empty);
        }
    }
}
