//! The engine's only random draws: uniform integers and shuffles from the caller's RNG.

use engine_core::RngCore;

/// A uniform integer in `0..n` (`n >= 1`), by Lemire's multiply-and-reject method on
/// `next_u32`: one draw almost always, more only to reject a biased low product. Portable
/// and exact (no floats, no modulo bias). Returns 0 without drawing when `n <= 1`.
pub(crate) fn below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
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

/// Fisher–Yates from the back: for `i` from `len - 1` down to 1, swap `i` with `below(i + 1)`.
pub(crate) fn shuffle<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, (i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::SeedableRng;

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        assert_eq!(below(&mut rng, 1), 0);
        assert_eq!(below(&mut rng, 0), 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
        let mut v: alloc::vec::Vec<u16> = (0..50).collect();
        shuffle(&mut rng, &mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<alloc::vec::Vec<_>>());
        assert_ne!(v, sorted);
    }
}
