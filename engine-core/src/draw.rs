//! Bounded random draws: the one algorithm every engine and bot uses, pinned so that a seed
//! gives the same game in every version.
//!
//! # The algorithm
//! [`below`]`(rng, n)` returns a uniform integer in `0..n` by Lemire's multiply-and-reject
//! method on 32-bit draws ("Fast Random Integer Generation in an Interval", 2019):
//!
//! 1. if `n <= 1`, return 0 **without drawing**;
//! 2. draw `x = rng.next_u32()` and form the 64-bit product `m = x * n`;
//! 3. if the low 32 bits of `m` are below `(2^32 - n) mod n`, draw again (this rejects the
//!    few products that would bias the result; it happens with probability below `n / 2^32`);
//! 4. return the high 32 bits of `m`.
//!
//! It is exact (no modulo bias, no floats) and portable: it reads only `next_u32`, whose value
//! for a given seed is fixed by the RNG (`rand_pcg`'s `Pcg64Mcg` in every koth runner).
//! Everything else here is built on [`below`]: [`index`], [`chance`], [`shuffle`], [`choose`].
//!
//! One draw is not an integer: [`unit_f64`], a uniform double in `[0, 1)` from the top 53
//! bits of one `next_u64`, for ports of contest bots written with `Math.random()` or
//! `random.random()` (never for rules: engines draw integers only).
//!
//! # Test RNGs
//! [`MinRng`] and [`MaxRng`] make every draw of this module return its minimum (`0`) or its
//! maximum (`n - 1`), with no rejection loop, so a test can force the extreme outcome of
//! every random rule:
//!
//! ```
//! use koth_engine_core::draw::{self, MaxRng, MinRng};
//!
//! assert_eq!(draw::below(&mut MinRng, 7), 0);
//! assert_eq!(draw::below(&mut MaxRng, 7), 6);
//! assert!(!draw::chance(&mut MaxRng, 99));
//! assert!(draw::chance(&mut MinRng, 1));
//! ```

use rand_core::RngCore;

/// A uniform integer in `0..n` (0 without drawing when `n <= 1`); see the module docs for the
/// exact algorithm.
#[inline]
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// A uniform index into a collection of `len` items (`len` above `u32::MAX` is treated as
/// `u32::MAX`; 0 without drawing when `len <= 1`).
#[inline]
pub fn index<R: RngCore + ?Sized>(rng: &mut R, len: usize) -> usize {
    below(rng, u32::try_from(len).unwrap_or(u32::MAX)) as usize
}

/// `true` with probability `percent / 100`: one [`below`]`(100)` draw compared with
/// `percent` (so 0 is never and 100 or more is always, each still drawing once).
#[inline]
pub fn chance<R: RngCore + ?Sized>(rng: &mut R, percent: u32) -> bool {
    below(rng, 100) < percent
}

/// Shuffles `items` uniformly: Fisher–Yates from the back (for `i` from `len - 1` down to 1,
/// swap item `i` with item [`below`]`(i + 1)`).
pub fn shuffle<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = index(rng, i + 1);
        items.swap(i, j);
    }
}

/// A uniformly chosen item ([`index`] of the length), or `None` (without drawing) when
/// `items` is empty.
pub fn choose<'a, T, R: RngCore + ?Sized>(rng: &mut R, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        Some(&items[index(rng, items.len())])
    }
}

/// A uniform double in `[0, 1)`: the top 53 bits of one `next_u64`, times 2^-53 (what
/// `Math.random()` and Python's `random.random()` return). For ports of bots that drew this
/// way; rules draw integers only.
#[inline]
pub fn unit_f64<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Derives the `index`-th sub-seed of `seed` (the SplitMix64 finalizer over
/// `seed ^ (index + 1) * 0x9e3779b97f4a7c15`), for matches, players and
/// anything else that needs a seed of its own. Pinned: replays depend on it.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A test RNG whose every draw makes this module's functions return their minimum: `below`
/// gives 0, `chance` gives `true` for any positive percentage, `shuffle` rotates left.
///
/// It returns 1 from `next_u32` (the smallest draw that Lemire's method never rejects), 1
/// from `next_u64` and fills bytes with zeros.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinRng;

impl RngCore for MinRng {
    fn next_u32(&mut self) -> u32 {
        1
    }
    fn next_u64(&mut self) -> u64 {
        1
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        dst.fill(0);
    }
}

/// A test RNG whose every draw makes this module's functions return their maximum: `below`
/// gives `n - 1`, `chance` gives `false` below 100 percent, `shuffle` keeps the order.
///
/// It returns all ones from `next_u32` and `next_u64` and fills bytes with `0xff`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxRng;

impl RngCore for MaxRng {
    fn next_u32(&mut self) -> u32 {
        u32::MAX
    }
    fn next_u64(&mut self) -> u64 {
        u64::MAX
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        dst.fill(0xff);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use rand_core::SeedableRng;

    /// A counter RNG: next_u32 yields the given values in turn.
    struct Script(Vec<u32>, usize);
    impl RngCore for Script {
        fn next_u32(&mut self) -> u32 {
            let v = self.0[self.1];
            self.1 += 1;
            v
        }
        fn next_u64(&mut self) -> u64 {
            u64::from(self.next_u32())
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {}
    }

    #[test]
    fn extremes_for_every_bound() {
        for n in [2u32, 3, 5, 7, 100, 1 << 31, (1 << 31) + 1, u32::MAX] {
            assert_eq!(below(&mut MinRng, n), 0, "n = {n}");
            assert_eq!(below(&mut MaxRng, n), n - 1, "n = {n}");
        }
        assert_eq!(below(&mut MaxRng, 0), 0);
        assert_eq!(below(&mut MaxRng, 1), 0);
    }

    #[test]
    fn small_bounds_do_not_draw() {
        let mut rng = Script(Vec::new(), 0);
        assert_eq!(below(&mut rng, 0), 0);
        assert_eq!(below(&mut rng, 1), 0);
        assert_eq!(index(&mut rng, 1), 0);
        assert_eq!(choose::<u8, _>(&mut rng, &[]), None);
        assert_eq!(rng.1, 0);
    }

    #[test]
    fn the_biased_low_products_are_rejected() {
        // n = 3: threshold = (2^32 - 3) % 3 = 1, so a draw of 0 (product 0) is rejected.
        let mut rng = Script(alloc::vec![0, u32::MAX], 0);
        assert_eq!(below(&mut rng, 3), 2);
        assert_eq!(rng.1, 2, "the first draw was rejected");
        // The pinned values: these never change between versions.
        let mut rng = Script(alloc::vec![0x8000_0001, 0x5555_5556], 0);
        assert_eq!(below(&mut rng, 10), 5);
        assert_eq!(below(&mut rng, 3), 1);
    }

    #[test]
    fn uniform_over_many_draws() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[below(&mut rng, 6) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn shuffle_is_a_permutation_and_extremes_are_fixed() {
        let mut v = [0, 1, 2, 3, 4];
        shuffle(&mut MaxRng, &mut v);
        assert_eq!(v, [0, 1, 2, 3, 4]);
        shuffle(&mut MinRng, &mut v);
        assert_eq!(v, [1, 2, 3, 4, 0]);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let mut w: Vec<u32> = (0..50).collect();
        shuffle(&mut rng, &mut w);
        let mut sorted = w.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(w, sorted);
    }

    const GOLDEN_SMALL: [u32; 12] = [5, 1, 4, 1, 4, 1, 5, 3, 1, 0, 5, 5];
    const GOLDEN_LARGE: [u32; 4] = [670_196_348, 561_850_326, 274_919_126, 632_653_669];
    const GOLDEN_DECK: [u32; 8] = [0, 4, 1, 2, 7, 3, 5, 6];
    /// 0.538932114642643
    const GOLDEN_UNIT_BITS: u64 = 4_603_029_488_486_641_617;
    const GOLDEN_DERIVED: u64 = 10_451_216_379_200_822_465;

    #[test]
    fn pinned_draws_from_a_seeded_pcg() {
        // Golden values: a seed's draws must never change between versions (replays and
        // snapshots depend on them). Recomputing these is a breaking change.
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        let small: Vec<u32> = (0..12).map(|_| below(&mut rng, 6)).collect();
        let large: Vec<u32> = (0..4).map(|_| below(&mut rng, 1_000_000_007)).collect();
        let mut deck: Vec<u32> = (0..8).collect();
        shuffle(&mut rng, &mut deck);
        let unit = unit_f64(&mut rng);
        assert_eq!(small, GOLDEN_SMALL);
        assert_eq!(large, GOLDEN_LARGE);
        assert_eq!(deck, GOLDEN_DECK);
        assert_eq!(unit.to_bits(), GOLDEN_UNIT_BITS);
        assert_eq!(derive_seed(3, 0), GOLDEN_DERIVED);
    }

    proptest::proptest! {
        #[test]
        fn draws_are_in_range_for_every_bound(seed: u64, n in 1u32..) {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            for _ in 0..8 {
                proptest::prop_assert!(below(&mut rng, n) < n);
            }
            let len = n as usize;
            proptest::prop_assert!(index(&mut rng, len) < len);
            let u = unit_f64(&mut rng);
            proptest::prop_assert!((0.0..1.0).contains(&u));
        }
    }

    #[test]
    fn chance_extremes() {
        assert!(!chance(&mut MinRng, 0));
        assert!(chance(&mut MinRng, 1));
        assert!(!chance(&mut MaxRng, 99));
        assert!(chance(&mut MaxRng, 100));
    }
}
