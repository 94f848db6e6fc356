//! Exact fixed-point geometry: contacts, the speed limit and swept movement.
//!
//! Every quantity is an integer number of 1/256 units ([`Fixed`](crate::Fixed) raw values);
//! products are taken in `i64` (positions) or `i128` (swept quadratics), so no test rounds.
//!
//! **Contacts.** A circle of radius `r` centred at `p` and an axis-aligned square of half-side
//! `h` centred at `o` are at distance `sqrt(ex² + ey²) - r` with `ex = max(|px - ox| - h, 0)`
//! (likewise `ey`); two circles at `|p - q| - r1 - r2`. They *touch* when the distance is
//! `<= 0` and *overlap* when it is `< 0`. Touching is what explosions, pick-ups and
//! `walkable_for` test; movement is only stopped by overlap, so a player may rest against a
//! wall and slide along it, but never enter it.
//!
//! **Movement.** With speed `v` (already clamped) and `N = max(|vx|, |vy|)` raw steps, the path
//! is parametrised by `k = 0..=N`, the point at `k` being `p + v·k/N` (exact rationals). For
//! every obstacle near the path (walls, the field's border as a ring of concrete cells, bombs
//! the player may not walk on) the first `k` at which the player's circle would overlap it is
//! computed exactly: the overlap region of a square is the union of two open boxes and four
//! open corner disks (the Minkowski sum), each entered at a `k` found with integer division or
//! an integer square root checked against the exact quadratic. The player advances to the last
//! `k` before the first overlap, `k*` (all of `N` if nothing is in the way), and lands on the
//! grid point `p + trunc(v·k*/N)` (each component truncated toward the start). Where that
//! truncation would put it inside a rounded corner (a sub-step graze), `k*` steps back until
//! the landing point is free. Axis-aligned moves never truncate. An obstacle the player already
//! overlaps at the start (only possible in hand-built positions) does not stop it.

/// Scales `(sx, sy)` (raw) down to length at most `max` (raw), keeping its direction.
///
/// A vector longer than `max` becomes `(trunc(sx·max/L), trunc(sy·max/L))` with
/// `L = ceil(sqrt(sx² + sy²))`, so the result is never longer than `max`; shorter vectors are
/// returned unchanged.
///
/// ```
/// use koth_bomberman::geometry::clamp_speed;
/// // (30, 40) units has length 50: scaled to (6, 8).
/// assert_eq!(clamp_speed(30 * 256, 40 * 256, 10 * 256), (6 * 256, 8 * 256));
/// assert_eq!(clamp_speed(3, -4, 2560), (3, -4));
/// ```
pub fn clamp_speed(sx: i32, sy: i32, max: i32) -> (i32, i32) {
    let max = max.max(0) as u64;
    let (ax, ay) = (sx.unsigned_abs() as u64, sy.unsigned_abs() as u64);
    // Each square is below 2^62, the sum below 2^63.
    let len2 = ax * ax + ay * ay;
    if len2 <= max * max {
        return (sx, sy);
    }
    let mut len = len2.isqrt();
    if len * len < len2 {
        len += 1;
    }
    let scale = |s: i32| (s as i64 * max as i64 / len as i64) as i32;
    (scale(sx), scale(sy))
}

/// The integer square root of `v`, exact: the 64-bit root of `v`'s top bits, then the
/// low bits of the root one by one (a few 128-bit products, no 128-bit division).
pub(crate) fn isqrt_wide(v: u128) -> u128 {
    let bits = 128 - v.leading_zeros();
    if bits <= 64 {
        return u128::from((v as u64).isqrt());
    }
    // An even shift leaving 62 bits: the root of the top bits is the root's top half.
    let shift = (bits - 62).next_multiple_of(2);
    let mut root = u128::from(((v >> shift) as u64).isqrt()) << (shift / 2);
    for bit in (0..shift / 2).rev() {
        let next = root | (1 << bit);
        if next * next <= v {
            root = next;
        }
    }
    root
}

/// `max(|d| - h, 0)`: the gap along one axis between a point and a square's slab.
#[inline]
fn gap(d: i64, h: i64) -> i64 {
    (d.abs() - h).max(0)
}

/// Squared distance from point `(px, py)` to the square of half-side `h` centred at `(ox, oy)`.
#[inline]
pub(crate) fn square_dist2(px: i64, py: i64, ox: i64, oy: i64, h: i64) -> i64 {
    let ex = gap(px - ox, h);
    let ey = gap(py - oy, h);
    ex * ex + ey * ey
}

/// Whether a circle of radius `r` at `p` touches (or overlaps) the square at `o`.
#[inline]
pub(crate) fn circle_touches_square(px: i64, py: i64, r: i64, ox: i64, oy: i64, h: i64) -> bool {
    square_dist2(px, py, ox, oy, h) <= r * r
}

/// Whether a circle of radius `r` at `p` overlaps the square at `o` (distance < 0).
#[inline]
pub(crate) fn circle_overlaps_square(px: i64, py: i64, r: i64, ox: i64, oy: i64, h: i64) -> bool {
    square_dist2(px, py, ox, oy, h) < r * r
}

/// Whether two circles whose radii add up to `rr` touch (or overlap).
#[inline]
pub(crate) fn circles_touch(px: i64, py: i64, qx: i64, qy: i64, rr: i64) -> bool {
    let (dx, dy) = (px - qx, py - qy);
    dx * dx + dy * dy <= rr * rr
}

/// Whether two circles whose radii add up to `rr` overlap.
#[inline]
pub(crate) fn circles_overlap(px: i64, py: i64, qx: i64, qy: i64, rr: i64) -> bool {
    let (dx, dy) = (px - qx, py - qy);
    dx * dx + dy * dy < rr * rr
}

/// An obstacle near a moving player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Obstacle {
    /// A square of half-side `h` centred at `(x, y)` (a wall cell).
    Square { x: i64, y: i64, h: i64 },
    /// A circle centred at `(x, y)` whose radius plus the player's is `rr` (a bomb).
    Circle { x: i64, y: i64, rr: i64 },
}

impl Obstacle {
    /// Whether a player of radius `r` at `(px, py)` overlaps this obstacle.
    #[inline]
    pub(crate) fn overlaps(self, px: i64, py: i64, r: i64) -> bool {
        match self {
            Obstacle::Square { x, y, h } => circle_overlaps_square(px, py, r, x, y, h),
            Obstacle::Circle { x, y, rr } => circles_overlap(px, py, x, y, rr),
        }
    }

    /// Half the side of the obstacle's overlap region's bounding box, for a player of radius
    /// `r`.
    #[inline]
    fn reach(self, r: i64) -> (i64, i64, i64) {
        match self {
            Obstacle::Square { x, y, h } => (x, y, h + r),
            Obstacle::Circle { x, y, rr } => (x, y, rr),
        }
    }
}

/// One straight move from `(px, py)` by `(vx, vy)`, in `n = max(|vx|, |vy|)` steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sweep {
    px: i64,
    py: i64,
    vx: i64,
    vy: i64,
    n: i64,
    r: i64,
}

impl Sweep {
    /// A sweep of a player of radius `r`; `None` for a zero speed.
    pub(crate) fn new(px: i64, py: i64, vx: i64, vy: i64, r: i64) -> Option<Sweep> {
        let n = vx.abs().max(vy.abs());
        (n > 0).then_some(Sweep {
            px,
            py,
            vx,
            vy,
            n,
            r,
        })
    }

    /// The number of steps, `N`.
    #[inline]
    pub(crate) fn steps(&self) -> i64 {
        self.n
    }

    /// The landing point after `k` steps: `p + trunc(v·k/N)`.
    #[inline]
    pub(crate) fn point(&self, k: i64) -> (i64, i64) {
        (
            self.px + self.vx * k / self.n,
            self.py + self.vy * k / self.n,
        )
    }

    /// The bounding box of the swept circle: `(min_x, min_y, max_x, max_y)`.
    pub(crate) fn bounds(&self) -> (i64, i64, i64, i64) {
        let (x1, y1) = (self.px + self.vx, self.py + self.vy);
        (
            self.px.min(x1) - self.r,
            self.py.min(y1) - self.r,
            self.px.max(x1) + self.r,
            self.py.max(y1) + self.r,
        )
    }

    /// Whether the obstacle is relevant: not overlapped at the start, and its overlap region's
    /// bounding box meets the path's interior.
    #[inline]
    pub(crate) fn is_relevant(&self, ob: Obstacle) -> bool {
        let (x, y, reach) = ob.reach(self.r);
        self.path_meets_box(x, y, reach) && !ob.overlaps(self.px, self.py, self.r)
    }

    /// Whether the path's bounding box meets the open box of half-side `reach` at `(x, y)`.
    #[inline]
    fn path_meets_box(&self, x: i64, y: i64, reach: i64) -> bool {
        let (x1, y1) = (self.px + self.vx, self.py + self.vy);
        self.px.max(x1) > x - reach
            && self.px.min(x1) < x + reach
            && self.py.max(y1) > y - reach
            && self.py.min(y1) < y + reach
    }

    /// Whether the exact, unrounded point `p + v·k/N` overlaps the obstacle (no division:
    /// the test is scaled by `N`, in 128 bits).
    pub(crate) fn overlaps_at(&self, ob: Obstacle, k: i64) -> bool {
        // Every validated config fits 64 bits by far (as in `first_in_disk`): `N < 2^13`,
        // `0 <= k <= N`, offsets, reach and radius in `0..2^16` keep each scaled term below
        // `2^31` and each sum of squares below `2^63`. Anything else takes 128 bits.
        const LIMIT: i64 = 1 << 16;
        let (x, y, reach) = ob.reach(self.r);
        if self.n < 1 << 13
            && (0..=self.n).contains(&k)
            && (self.px - x).abs() < LIMIT
            && (self.py - y).abs() < LIMIT
            && (0..LIMIT).contains(&reach)
            && (0..LIMIT).contains(&self.r)
        {
            let n = self.n;
            let at = |p: i64, v: i64, o: i64| n * (p - o) + v * k;
            return match ob {
                Obstacle::Square { x, y, h } => {
                    let ex = (at(self.px, self.vx, x).abs() - n * h).max(0);
                    let ey = (at(self.py, self.vy, y).abs() - n * h).max(0);
                    ex * ex + ey * ey < (n * self.r).pow(2)
                }
                Obstacle::Circle { x, y, rr } => {
                    let (dx, dy) = (at(self.px, self.vx, x), at(self.py, self.vy, y));
                    dx * dx + dy * dy < (n * rr).pow(2)
                }
            };
        }
        let n = i128::from(self.n);
        let at = |p: i64, v: i64, o: i64| n * i128::from(p - o) + i128::from(v) * i128::from(k);
        match ob {
            Obstacle::Square { x, y, h } => {
                let nh = n * i128::from(h);
                let ex = (at(self.px, self.vx, x).abs() - nh).max(0);
                let ey = (at(self.py, self.vy, y).abs() - nh).max(0);
                ex * ex + ey * ey < (n * i128::from(self.r)).pow(2)
            }
            Obstacle::Circle { x, y, rr } => {
                let (dx, dy) = (at(self.px, self.vx, x), at(self.py, self.vy, y));
                dx * dx + dy * dy < (n * i128::from(rr)).pow(2)
            }
        }
    }

    /// The first step `k` in `1..=N` at which the (exact, unrounded) point `p + v·k/N` overlaps
    /// the obstacle, for an obstacle not overlapped at the start.
    #[cfg(test)]
    pub(crate) fn first_overlap(&self, ob: Obstacle) -> Option<i64> {
        self.first_overlap_before(ob, i64::MAX)
    }

    /// [`first_overlap`](Self::first_overlap) when it is below `limit`; `None` also when it is
    /// not (decided early, from the box around the obstacle, where it can be).
    pub(crate) fn first_overlap_before(&self, ob: Obstacle, limit: i64) -> Option<i64> {
        let first = match ob {
            Obstacle::Circle { x, y, rr } => self.first_in_disk(x, y, rr),
            Obstacle::Square { x, y, h } => {
                let r = self.r;
                let (dx, dy) = (self.px - x, self.py - y);
                // The overlap region lies inside the open box of half-side h + r: a path that
                // never enters it never overlaps (the common case, decided without the
                // rounded corners' quadratics).
                let wide_x = self.axis_range(dx, self.vx, h + r)?;
                let wide_y = self.axis_range(dy, self.vy, h + r)?;
                let outer = self.first_in_ranges(wide_x, wide_y)?;
                if outer >= limit {
                    return None;
                }
                // The cross of two boxes, sharing the outer box's slabs.
                let mut first = [
                    self.axis_range(dy, self.vy, h)
                        .and_then(|narrow_y| self.first_in_ranges(wide_x, narrow_y)),
                    self.axis_range(dx, self.vx, h)
                        .and_then(|narrow_x| self.first_in_ranges(narrow_x, wide_y)),
                ]
                .into_iter()
                .flatten()
                .min();
                // Entering the cross where the path enters the outer box: no corner is earlier.
                if first == Some(outer) {
                    return first.filter(|&k| k < limit);
                }
                for (cx, cy) in [
                    (x - h, y - h),
                    (x + h, y - h),
                    (x - h, y + h),
                    (x + h, y + h),
                ] {
                    // Cheap rejection before the quadratic.
                    if !self.path_meets_box(cx, cy, r) {
                        continue;
                    }
                    if let Some(k) = self.first_in_disk(cx, cy, r) {
                        first = Some(first.map_or(k, |f: i64| f.min(k)));
                    }
                }
                first
            }
        };
        first.filter(|&k| k < limit)
    }

    /// The first `k` in `0..=N` in both axis ranges (of [`axis_range`](Self::axis_range)).
    #[inline]
    fn first_in_ranges(&self, (lo_x, hi_x): (i64, i64), (lo_y, hi_y): (i64, i64)) -> Option<i64> {
        let lo = lo_x.max(lo_y).max(0);
        let hi = hi_x.min(hi_y).min(self.n);
        (lo <= hi).then_some(lo)
    }

    /// The integer `k` range with `|N·d + k·v| < N·a` (the point's offset `d + v·k/N` strictly
    /// inside the slab of half-width `a`), or `None` if empty.
    fn axis_range(&self, d: i64, v: i64, a: i64) -> Option<(i64, i64)> {
        let nd = self.n * d;
        let na = self.n * a;
        if v == 0 {
            return (nd.abs() < na).then_some((i64::MIN, i64::MAX));
        }
        // k·v in (-na - nd, na - nd); normalise to a positive divisor w.
        let (w, dd) = if v > 0 { (v, -nd) } else { (-v, nd) };
        // k in ((dd - na) / w, (dd + na) / w), exclusive.
        let lo = (dd - na).div_euclid(w) + 1;
        let hi = -(-(dd + na)).div_euclid(w) - 1;
        (lo <= hi).then_some((lo, hi))
    }

    /// The first `k` in `0..=N` strictly inside the disk of radius `rr` at `(cx, cy)`.
    fn first_in_disk(&self, cx: i64, cy: i64, rr: i64) -> Option<i64> {
        // Offsets and speeds of every validated config fit the 64-bit path by far (offsets
        // of a few cells times N, speeds up to a cell); anything larger takes the 128-bit one.
        const OFFSET: i64 = 1 << 29;
        const SPEED: i64 = 1 << 13;
        let n = self.n;
        if n < SPEED
            && (self.px - cx).abs() < OFFSET / SPEED
            && (self.py - cy).abs() < OFFSET / SPEED
            && rr.abs() < OFFSET / SPEED
        {
            return self.first_in_disk_64(cx, cy, rr);
        }
        self.first_in_disk_128(cx, cy, rr)
    }

    /// [`first_in_disk`](Self::first_in_disk) in 64-bit arithmetic, for `N < 2^13` and
    /// offsets and `rr` below `2^16`: then `|D| < 2^29`, `a < 2^27`, `|b| < 2^43`,
    /// `|c| < 2^59`, and `q(k)` for `0 <= k <= N` stays below `2^60`. Only the discriminant
    /// (`b²`, up to `2^86`) needs 128 bits; its exact integer square root comes from
    /// [`isqrt_wide`]. Same result as the 128-bit path.
    fn first_in_disk_64(&self, cx: i64, cy: i64, rr: i64) -> Option<i64> {
        let n = self.n;
        let (dx, dy) = (n * (self.px - cx), n * (self.py - cy));
        let (vx, vy) = (self.vx, self.vy);
        let nr = n * rr;
        let a = vx * vx + vy * vy;
        let b = vx * dx + vy * dy;
        let c = dx * dx + dy * dy - nr * nr;
        let q = |k: i64| (a * k + 2 * b) * k + c;
        let disc = i128::from(b) * i128::from(b) - i128::from(a) * i128::from(c);
        if disc <= 0 {
            return None;
        }
        let s = isqrt_wide(disc as u128) as i128;
        // s <= sqrt(b² + a·|c|) < 2^44, so -b - s fits 64 bits.
        let e = (-b - s as i64).div_euclid(a) + 1;
        // As the 128-bit path: k1 is e - 1 or e, then k = max(k1, 0) must lie in 0..=N.
        let k = if e <= 0 {
            0
        } else if e - 1 > n {
            return None;
        } else if q(e - 1) < 0 {
            e - 1
        } else {
            e
        };
        (k <= n && q(k) < 0).then_some(k)
    }

    /// [`first_in_disk`](Self::first_in_disk) in 128-bit arithmetic, for any input.
    fn first_in_disk_128(&self, cx: i64, cy: i64, rr: i64) -> Option<i64> {
        let n = self.n as i128;
        let (dx, dy) = (n * (self.px - cx) as i128, n * (self.py - cy) as i128);
        let (vx, vy) = (self.vx as i128, self.vy as i128);
        let nr = n * rr as i128;
        // |D + k·v|² - (N·rr)² = a·k² + 2·b·k + c.
        let a = vx * vx + vy * vy;
        let b = vx * dx + vy * dy;
        let c = dx * dx + dy * dy - nr * nr;
        let q = |k: i128| (a * k + 2 * b) * k + c;
        let disc = b * b - a * c;
        if disc <= 0 {
            return None;
        }
        // The first integer above the smaller root (-b - sqrt(disc)) / a is e - 1 or e.
        let s = (disc as u128).isqrt() as i128;
        let e = (-b - s).div_euclid(a) + 1;
        let k1 = if q(e - 1) < 0 { e - 1 } else { e };
        let k = k1.max(0);
        (k <= n && q(k) < 0).then_some(k as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: i64 = 256;

    /// Whether the exact point at step `k` overlaps, by the definition.
    fn brute_at(s: &Sweep, ob: Obstacle, k: i64) -> bool {
        let n = s.n as i128;
        // The exact point p + v·k/N, scaled by N.
        let x = s.px as i128 * n + s.vx as i128 * k as i128;
        let y = s.py as i128 * n + s.vy as i128 * k as i128;
        match ob {
            Obstacle::Square { x: ox, y: oy, h } => {
                let ex = ((x - ox as i128 * n).abs() - h as i128 * n).max(0);
                let ey = ((y - oy as i128 * n).abs() - h as i128 * n).max(0);
                ex * ex + ey * ey < (s.r as i128 * n).pow(2)
            }
            Obstacle::Circle { x: ox, y: oy, rr } => {
                let dx = x - ox as i128 * n;
                let dy = y - oy as i128 * n;
                dx * dx + dy * dy < (rr as i128 * n).pow(2)
            }
        }
    }

    /// The first overlap by brute force over every step.
    fn brute(s: &Sweep, ob: Obstacle) -> Option<i64> {
        (0..=s.n).find(|&k| brute_at(s, ob, k))
    }

    #[test]
    fn clamp_keeps_direction_and_limit() {
        for (sx, sy) in [(2560, 2560), (-1, 100000), (i32::MAX, i32::MIN), (7, 0)] {
            let (x, y) = clamp_speed(sx, sy, 2560);
            assert!((x as i64).pow(2) + (y as i64).pow(2) <= 2560 * 2560);
            // Truncation may zero a tiny component, never flip it.
            assert!(x.signum() * sx.signum() >= 0 && y.signum() * sy.signum() >= 0);
        }
        assert_eq!(clamp_speed(2560, 0, 2560), (2560, 0));
        assert_eq!(clamp_speed(2561, 0, 2560), (2560, 0));
    }

    #[test]
    fn head_on_contact_with_a_wall() {
        // Player radius 10 at x = 15 moving right by 10 towards a wall cell centred at 45
        // (its left side at 30): contact when x = 20, i.e. after 5 units.
        let s = Sweep::new(15 * U, 15 * U, 10 * U, 0, 10 * U).unwrap();
        let wall = Obstacle::Square {
            x: 45 * U,
            y: 15 * U,
            h: 15 * U,
        };
        assert!(s.is_relevant(wall));
        assert_eq!(s.first_overlap(wall), Some(5 * U + 1));
        assert_eq!(s.point(5 * U), (20 * U, 15 * U));
    }

    #[test]
    fn exact_first_overlap_matches_brute_force() {
        // A deterministic spread of starts and speeds around a square and a circle.
        let mut seed = 12345u64;
        let mut next = |m: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % (2 * m as u64 + 1)) as i64 - m
        };
        let square = Obstacle::Square {
            x: 0,
            y: 0,
            h: 15 * U,
        };
        let circle = Obstacle::Circle {
            x: 0,
            y: 0,
            rr: 24 * U,
        };
        let mut checked = 0;
        for _ in 0..3000 {
            let px = next(40 * U);
            let py = next(40 * U);
            let vx = next(10 * U);
            let vy = next(10 * U);
            let Some(s) = Sweep::new(px, py, vx, vy, 10 * U) else {
                continue;
            };
            for ob in [square, circle] {
                if ob.overlaps(px, py, s.r) {
                    continue;
                }
                let got = s.first_overlap(ob);
                assert_eq!(got, brute(&s, ob), "{s:?} {ob:?}");
                if got.is_some() {
                    assert!(s.is_relevant(ob));
                }
                checked += 1;
            }
        }
        assert!(checked > 3000);
    }

    #[test]
    fn a_player_pressed_against_an_obstacle_is_stopped_by_the_first_step_test() {
        // Starts touching a wall cell (on its sides and on a rounded corner: 3-4-5 offsets of
        // the radius) or a bomb, in every direction: `overlaps_at(ob, 1)` is exactly "the
        // first overlap is step 1", and `overlaps_at` is the definition at every step.
        let (h, r, rr) = (15 * U, 10 * U, 20 * U);
        let square = Obstacle::Square { x: 0, y: 0, h };
        let circle = Obstacle::Circle { x: 0, y: 0, rr };
        let (a, b) = (r * 3 / 5, r * 4 / 5);
        let starts = [
            (square, (h + r, 7 * U)),
            (square, (-3 * U, -h - r)),
            (square, (h + a, h + b)),
            (square, (-h - b, h + a)),
            (circle, (rr, 0)),
            (circle, (0, -rr)),
            (circle, (rr * 3 / 5, rr * 4 / 5)),
        ];
        let mut seed = 7u64;
        let mut blocked = 0;
        for (ob, (px, py)) in starts {
            for _ in 0..400 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let vx = ((seed >> 33) % (20 * U as u64 + 1)) as i64 - 10 * U;
                let vy = ((seed >> 13) % (20 * U as u64 + 1)) as i64 - 10 * U;
                let Some(s) = Sweep::new(px, py, vx, vy, r) else {
                    continue;
                };
                assert!(!ob.overlaps(px, py, r), "the start touches, never overlaps");
                let first = brute(&s, ob);
                assert_eq!(s.first_overlap(ob), first, "{s:?} {ob:?}");
                assert_eq!(s.overlaps_at(ob, 1), first == Some(1), "{s:?} {ob:?}");
                for k in [0, 1, 2, s.n / 2, s.n] {
                    assert_eq!(
                        s.overlaps_at(ob, k),
                        brute_at(&s, ob, k),
                        "{s:?} {ob:?} {k}"
                    );
                }
                blocked += usize::from(first == Some(1));
            }
        }
        // Moving into the obstacle is about half the directions.
        assert!(blocked > 1000, "{blocked}");
        // Far from the 64-bit range (a sweep from 2^20 away, and an obstacle of reach 2^17),
        // the 128-bit test is the definition too.
        for (ob, (px, py)) in [
            (square, (1 << 20, 3 * U)),
            (
                Obstacle::Square {
                    x: 0,
                    y: 0,
                    h: 1 << 17,
                },
                ((1 << 17) + r, 0),
            ),
            (
                Obstacle::Circle {
                    x: 0,
                    y: 0,
                    rr: 1 << 17,
                },
                (-(1 << 17), 0),
            ),
        ] {
            for (vx, vy) in [(-10 * U, 0), (10 * U, 3), (7, -10 * U), (-1, 1)] {
                let s = Sweep::new(px, py, vx, vy, r).unwrap();
                for k in [0, 1, s.n / 2, s.n] {
                    assert_eq!(
                        s.overlaps_at(ob, k),
                        brute_at(&s, ob, k),
                        "{s:?} {ob:?} {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_wide_square_root_is_exact() {
        let mut v: u128 = 1;
        for i in 0..2000u32 {
            v = v
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let x = v >> (i % 100);
            assert_eq!(isqrt_wide(x), x.isqrt(), "{x}");
            let sq = (x >> 70) * (x >> 70);
            for y in [sq, sq.saturating_sub(1), sq + 1] {
                assert_eq!(isqrt_wide(y), y.isqrt(), "{y}");
            }
        }
    }

    #[test]
    fn the_64_bit_disk_path_agrees_with_the_128_bit_one() {
        let mut seed = 987_654_321u64;
        let mut next = |m: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % (2 * m as u64 + 1)) as i64 - m
        };
        let mut hits = 0;
        for i in 0..20_000 {
            // Offsets and speeds up to the 64-bit path's limits, small ones often.
            let scale = if i % 2 == 0 { 40 * U } else { (1 << 16) - 1 };
            let speed = if i % 3 == 0 { 10 * U } else { (1 << 13) - 1 };
            let (px, py) = (next(scale), next(scale));
            let (vx, vy) = (next(speed), next(speed));
            let rr = next(scale).abs();
            let Some(s) = Sweep::new(px, py, vx, vy, 10 * U) else {
                continue;
            };
            let fast = s.first_in_disk_64(0, 0, rr);
            assert_eq!(fast, s.first_in_disk_128(0, 0, rr), "{s:?} rr {rr}");
            hits += usize::from(fast.is_some());
        }
        assert!(hits > 500, "{hits}");
    }
}
