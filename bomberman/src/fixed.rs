//! Fixed-point lengths and points.

use core::fmt;
use core::ops::{Add, Neg, Sub};

/// A length or coordinate in fixed point: a whole number of 1/256 length units.
///
/// 256 is a power of two, so every value is exactly representable as an IEEE double and its
/// decimal expansion is finite (at most 8 digits after the point): [`Fixed`]'s `Display` writes
/// that exact decimal (`15`, `15.5`, `-0.00390625`), which is what the JSON protocol sends.
///
/// ```
/// use koth_bomberman::Fixed;
/// let x = Fixed::from_units(15) + Fixed::from_raw(128);
/// assert_eq!(x.to_string(), "15.5");
/// assert_eq!(Fixed::from_f64(15.5), Some(x));
/// assert_eq!(Fixed::from_f64(f64::NAN), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Fixed(i32);

impl Fixed {
    /// Raw steps per length unit (256).
    pub const SCALE: i32 = 256;
    /// Zero.
    pub const ZERO: Fixed = Fixed(0);

    /// The value `raw / 256` units.
    #[inline]
    pub const fn from_raw(raw: i32) -> Fixed {
        Fixed(raw)
    }

    /// The raw value (1/256 units).
    #[inline]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// A whole number of units (saturating at the representable range, about ±8.4 million).
    #[inline]
    pub const fn from_units(units: i32) -> Fixed {
        Fixed(units.saturating_mul(Self::SCALE))
    }

    /// The value as a double (exact).
    #[inline]
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / Self::SCALE as f64
    }

    /// The nearest fixed-point value to `x` (ties away from zero), or `None` when `x` is NaN,
    /// infinite or outside the representable range.
    pub fn from_f64(x: f64) -> Option<Fixed> {
        // Multiplying by a power of two is exact (barring overflow, caught below).
        let q = x * Self::SCALE as f64;
        if !q.is_finite() || q > i32::MAX as f64 || q < i32::MIN as f64 {
            return None;
        }
        // |q| < 2^31: the truncation and the fraction are both exact.
        let t = q as i64;
        let frac = q - t as f64;
        let r = if frac >= 0.5 {
            t + 1
        } else if frac <= -0.5 {
            t - 1
        } else {
            t
        };
        i32::try_from(r).ok().map(Fixed)
    }

    /// The absolute value (saturating).
    #[inline]
    pub const fn abs(self) -> Fixed {
        Fixed(self.0.saturating_abs())
    }
}

impl Add for Fixed {
    type Output = Fixed;
    #[inline]
    fn add(self, rhs: Fixed) -> Fixed {
        Fixed(self.0.saturating_add(rhs.0))
    }
}

impl Sub for Fixed {
    type Output = Fixed;
    #[inline]
    fn sub(self, rhs: Fixed) -> Fixed {
        Fixed(self.0.saturating_sub(rhs.0))
    }
}

impl Neg for Fixed {
    type Output = Fixed;
    #[inline]
    fn neg(self) -> Fixed {
        Fixed(self.0.saturating_neg())
    }
}

/// Writes the decimal digits of `v` into `buf` so that they end at `end`; returns where they
/// start (`buf[..end]` must have room: 20 bytes hold any `u64`).
pub(crate) fn digits_before(buf: &mut [u8], mut end: usize, mut v: u64) -> usize {
    loop {
        end -= 1;
        buf[end] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            return end;
        }
    }
}

/// Bytes enough for any [`Fixed`] in decimal: a sign, 7 integer digits (up to 2^23), a
/// point and 8 fraction digits.
pub(crate) const DECIMAL_LEN: usize = 17;

impl Fixed {
    /// The exact decimal value (see [`Display`](fmt::Display)), written into `buf`.
    pub(crate) fn decimal(self, buf: &mut [u8; DECIMAL_LEN]) -> &str {
        let raw = i64::from(self.0);
        let a = raw.unsigned_abs();
        // Written from the end, last digit first.
        let mut start = DECIMAL_LEN;
        let frac = a & 0xff;
        if frac != 0 {
            // frac / 256 = frac * 5^8 / 10^8: eight digits, trailing zeros left out.
            let mut digits = frac * 390_625;
            let mut width = 8;
            while digits % 10 == 0 {
                digits /= 10;
                width -= 1;
            }
            for _ in 0..width {
                start -= 1;
                buf[start] = b'0' + (digits % 10) as u8;
                digits /= 10;
            }
            start -= 1;
            buf[start] = b'.';
        }
        start = digits_before(buf, start, a >> 8);
        if raw < 0 {
            start -= 1;
            buf[start] = b'-';
        }
        // Only ASCII digits, a sign and a point were written.
        core::str::from_utf8(&buf[start..]).unwrap_or("0")
    }
}

/// The exact decimal value: an integer when whole (`15`), else the shortest exact fraction
/// (`15.5`, `0.00390625`).
impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.decimal(&mut [0; DECIMAL_LEN]))
    }
}

/// A point of the field: the centre of an object.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Grows to the right.
    pub x: Fixed,
    /// Grows downward (row 0 of the lattice is the top row of a rendering).
    pub y: Fixed,
}

impl Point {
    /// The point `(x, y)`.
    #[inline]
    pub const fn new(x: Fixed, y: Fixed) -> Point {
        Point { x, y }
    }

    /// The point `(x, y)` in whole units.
    #[inline]
    pub const fn units(x: i32, y: i32) -> Point {
        Point::new(Fixed::from_units(x), Fixed::from_units(y))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn display_is_the_exact_decimal() {
        assert_eq!(Fixed::from_units(15).to_string(), "15");
        assert_eq!(Fixed::from_raw(15 * 256 + 128).to_string(), "15.5");
        assert_eq!(Fixed::from_raw(1).to_string(), "0.00390625");
        assert_eq!(Fixed::from_raw(-1).to_string(), "-0.00390625");
        assert_eq!(Fixed::from_raw(-256 - 64).to_string(), "-1.25");
        assert_eq!(Fixed::from_raw(i32::MIN).to_string(), "-8388608");
        assert_eq!(Fixed::from_raw(i32::MAX).to_string(), "8388607.99609375");
        assert_eq!(
            Fixed::from_raw(i32::MIN + 1).to_string(),
            "-8388607.99609375"
        );
        // Every fraction of a few units, read back, is the value itself.
        for raw in (-1030..1030).chain([i32::MIN, i32::MIN + 1, i32::MAX - 1, i32::MAX]) {
            let text = Fixed::from_raw(raw).to_string();
            let back: f64 = text.parse().unwrap();
            assert_eq!(back * 256.0, f64::from(raw), "{text}");
            assert!(!text.ends_with('0') || !text.contains('.'), "{text}");
        }
    }

    #[test]
    fn from_f64_rounds_to_nearest_ties_away() {
        assert_eq!(Fixed::from_f64(1.0), Some(Fixed::from_units(1)));
        assert_eq!(Fixed::from_f64(0.5 / 256.0), Some(Fixed::from_raw(1)));
        assert_eq!(Fixed::from_f64(-0.5 / 256.0), Some(Fixed::from_raw(-1)));
        assert_eq!(Fixed::from_f64(0.49 / 256.0), Some(Fixed::ZERO));
        assert_eq!(Fixed::from_f64(-0.0), Some(Fixed::ZERO));
        assert_eq!(Fixed::from_f64(f64::INFINITY), None);
        assert_eq!(Fixed::from_f64(1e10), None);
        for raw in [-70000, -1, 0, 1, 3968, i32::MAX, i32::MIN] {
            let x = Fixed::from_raw(raw);
            assert_eq!(Fixed::from_f64(x.to_f64()), Some(x));
            assert_eq!(x.to_string().parse::<f64>().ok(), Some(x.to_f64()));
        }
    }
}
