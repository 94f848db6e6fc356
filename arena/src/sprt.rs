//! The statistics of a sequential probability ratio test (SPRT): is a new bot stronger than an
//! old one, with as few games as the evidence allows?
//!
//! This follows fishtest, the Stockfish project's testing framework, and the fastchess and
//! cutechess match runners that use its formulas:
//!
//! - Games are played in **pairs** with the same seed and the sides swapped, so the luck of a
//!   seed is shared; a pair's result is one of five (the **pentanomial** model: the new bot's
//!   pair score 0, ½, 1, 1½ or 2 out of 2). In free-for-all games a pair is the new and the old
//!   bot in the same seat against the same opponents and seed, and its result is one of three
//!   (the new bot placed behind, level with, ahead of the old one; [`Counts::Trinomial`]).
//! - The hypotheses are in **normalized Elo** (nElo): the score's distance from ½ divided by
//!   its standard deviation per game, times `800 / ln 10`. Unlike logistic Elo it does not
//!   depend on the draw rate, so bounds mean the same for every game.
//! - The statistic is the generalized log-likelihood ratio of fishtest's `LLR_normalized`: the
//!   likelihood of the observed counts under the maximum-likelihood distribution whose t-value
//!   is that of `elo1`, against that of `elo0` (M. Van den Bergh, "Normalized Elo: practical
//!   considerations", section 4.1; "A note on the maximum likelihood estimate of a multinomial
//!   distribution"). Zero counts are regularized to 1e-3 as fishtest does.
//! - The test stops when the LLR leaves `(ln(β / (1 - α)), ln((1 - β) / α))`: below, H0 (not
//!   `elo1` stronger) is accepted; above, H1.
//!
//! The references' formulas are checked by tests against values computed with fishtest's
//! `server/fishtest/stats/LLRcalc.py`, and the error rates against simulated tests.

/// `800 / ln 10`: normalized Elo per unit of t-value per game.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// What fishtest puts in place of a zero count, so that every outcome has some mass.
const REGULARIZE: f64 = 1e-3;

/// Counts of outcomes, worst first for the new bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Counts {
    /// Game pairs of a duel, by the new bot's pair score: 0 (LL), ½ (LD, DL), 1 (LW, DD, WL),
    /// 1½ (DW, WD), 2 (WW).
    Pentanomial([u64; 5]),
    /// Paired comparisons (free-for-all games): the new bot behind, level, ahead.
    Trinomial([u64; 3]),
}

impl Counts {
    /// The counts, worst first.
    pub fn as_slice(&self) -> &[u64] {
        match self {
            Counts::Pentanomial(c) => c,
            Counts::Trinomial(c) => c,
        }
    }

    /// How many pairs (duels) or comparisons (free-for-all) were counted.
    pub fn total(&self) -> u64 {
        self.as_slice().iter().sum()
    }

    /// Adds one outcome: `k` is its index, worst first.
    pub fn add(&mut self, k: usize) {
        match self {
            Counts::Pentanomial(c) => c[k.min(4)] += 1,
            Counts::Trinomial(c) => c[k.min(2)] += 1,
        }
    }

    /// The regularized empirical distribution: values `i / (len - 1)` and their shares.
    fn pdf(&self) -> (f64, Vec<(f64, f64)>) {
        let counts: Vec<f64> = self
            .as_slice()
            .iter()
            .map(|&c| if c == 0 { REGULARIZE } else { c as f64 })
            .collect();
        let n: f64 = counts.iter().sum();
        let last = (counts.len() - 1) as f64;
        let pdf = counts
            .iter()
            .enumerate()
            .map(|(i, c)| (i as f64 / last, c / n))
            .collect();
        (n, pdf)
    }

    /// The t-values of normalized Elo `nelo` for one outcome of this kind: a pair of games
    /// carries √2 times a game's.
    fn t_value(&self, nelo: f64) -> f64 {
        match self {
            Counts::Pentanomial(_) => nelo / NELO_PER_T * std::f64::consts::SQRT_2,
            Counts::Trinomial(_) => nelo / NELO_PER_T,
        }
    }
}

/// The mean and variance of a distribution given as `(value, probability)`.
fn stats(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(a, p)| a * p).sum();
    let var = pdf.iter().map(|(a, p)| p * (a - mean) * (a - mean)).sum();
    (mean, var)
}

/// The root of `sum p_i a_i / (1 + x a_i) = 0` between `-1 / max a` and `-1 / min a` (the
/// secular equation; the sum falls with `x`), by Newton's method kept inside a shrinking
/// bracket. `None` unless the `a_i` straddle 0.
fn secular(pdf: &[(f64, f64)]) -> Option<f64> {
    let min = pdf.iter().map(|&(a, _)| a).fold(f64::INFINITY, f64::min);
    let max = pdf
        .iter()
        .map(|&(a, _)| a)
        .fold(f64::NEG_INFINITY, f64::max);
    if min * max >= 0.0 {
        return None;
    }
    let (mut lo, mut hi) = (-1.0 / max + 1e-9, -1.0 / min - 1e-9);
    let mut x = 0.0;
    for _ in 0..200 {
        let (mut f, mut slope) = (0.0, 0.0);
        for &(a, p) in pdf {
            let q = 1.0 / (1.0 + x * a);
            f += p * a * q;
            slope -= p * a * a * q * q;
        }
        if f == 0.0 {
            return Some(x);
        }
        if f > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let newton = x - f / slope;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if (next - x).abs() <= 1e-15 * (1.0 + x.abs()) || hi <= lo {
            return Some(next);
        }
        x = next;
    }
    Some(x)
}

/// The most outcomes a count has (the pentanomial's five).
const MOST: usize = 5;

/// The maximum-likelihood distribution on the observed outcomes whose t-value
/// `(mean - ref) / sd` is `t`, given the observed shares `pdf` (fishtest's `MLE_t_value`).
fn mle_t_value(pdf: &[(f64, f64)], reference: f64, t: f64) -> Option<[(f64, f64); MOST]> {
    let k = pdf.len().min(MOST);
    let mut mle = [(0.0, 0.0); MOST];
    for (m, &(a, _)) in mle.iter_mut().zip(pdf) {
        *m = (a, 1.0 / k as f64);
    }
    for _ in 0..10 {
        let (mean, var) = stats(&mle[..k]);
        let sd = var.sqrt();
        let mut shifted = [(0.0, 0.0); MOST];
        for (s, &(a, p)) in shifted.iter_mut().zip(pdf) {
            let z = (mean - a) / sd;
            *s = (a - reference - t * sd * (1.0 + z * z) / 2.0, p);
        }
        let x = secular(&shifted[..k])?;
        let mut change = 0.0f64;
        for ((m, &(a, p)), &(s, _)) in mle.iter_mut().zip(pdf).zip(&shifted) {
            let q = p / (1.0 + x * s);
            change = change.max((q - m.1).abs());
            *m = (a, q);
        }
        if change < 1e-9 {
            break;
        }
    }
    Some(mle)
}

/// The generalized log-likelihood ratio of `counts` for normalized Elo `elo1` against `elo0`
/// (fishtest's `LLR_normalized`). 0 when the counts cannot tell (all in one outcome).
pub fn llr(counts: &Counts, elo0: f64, elo1: f64) -> f64 {
    let (n, pdf) = counts.pdf();
    let (t0, t1) = (counts.t_value(elo0), counts.t_value(elo1));
    let (Some(h0), Some(h1)) = (mle_t_value(&pdf, 0.5, t0), mle_t_value(&pdf, 0.5, t1)) else {
        return 0.0;
    };
    let per_outcome: f64 = pdf
        .iter()
        .zip(h0.iter().zip(&h1[..]))
        .map(|(&(_, p), (&(_, q0), &(_, q1)))| p * (q1.ln() - q0.ln()))
        .sum();
    n * per_outcome
}

/// The SPRT's stopping bounds on the LLR for error rates `alpha` (accepting H1 when H0 holds)
/// and `beta` (accepting H0 when H1 holds): `(ln(β / (1 - α)), ln((1 - β) / α))`.
pub fn bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// What a test has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The LLR fell below the lower bound: not `elo1` stronger (H0 accepted).
    H0,
    /// The LLR rose above the upper bound: `elo1` stronger (H1 accepted).
    H1,
    /// Neither bound reached (yet, or before the cap).
    Inconclusive,
}

/// Where `llr` stands against `bounds`.
pub fn verdict(llr: f64, (lower, upper): (f64, f64)) -> Verdict {
    if llr <= lower {
        Verdict::H0
    } else if llr >= upper {
        Verdict::H1
    } else {
        Verdict::Inconclusive
    }
}

/// Estimates from the counts (regularized as the LLR is).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Estimate {
    /// The new bot's mean score per game (duels) or per comparison (free-for-all), ½ level.
    pub score: f64,
    /// Logistic Elo of that score: `-400 log10(1 / score - 1)`.
    pub elo: f64,
    /// Half the width of its 95% interval (normal approximation of the score's mean).
    pub elo_margin: f64,
    /// Normalized Elo: the score's distance from ½ per standard deviation per game, times
    /// [`NELO_PER_T`].
    pub nelo: f64,
    /// Half the width of its 95% interval.
    pub nelo_margin: f64,
    /// The likelihood of superiority: the chance that the new bot's true score is above ½.
    pub los: f64,
}

/// Logistic Elo of a score.
fn logistic_elo(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The estimates of `counts`.
pub fn estimate(counts: &Counts) -> Estimate {
    let (n, pdf) = counts.pdf();
    let (score, var) = stats(&pdf);
    // One outcome is a pair of games (pentanomial) or one comparison.
    let per_game_var = match counts {
        Counts::Pentanomial(_) => 2.0 * var,
        Counts::Trinomial(_) => var,
    };
    let se = (var / n).sqrt();
    let z = crate::ratings::Z95;
    let elo = logistic_elo(score);
    let elo_margin = (logistic_elo(score + z * se) - logistic_elo(score - z * se)) / 2.0;
    let sd = per_game_var.sqrt();
    Estimate {
        score,
        elo,
        elo_margin,
        nelo: (score - 0.5) / sd * NELO_PER_T,
        nelo_margin: z * se / sd * NELO_PER_T,
        los: crate::ratings::normal_cdf((score - 0.5) / se),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// LLRs computed with fishtest's `LLRcalc.LLR_normalized` (server/fishtest/stats, its root
    /// finder `scipy.optimize.brentq` replaced by a 200-step bisection).
    #[test]
    fn the_llr_is_fishtests() {
        let penta = [
            ([10, 20, 40, 20, 10], (0.0, 5.0), -0.020_709_467_029_953_472),
            ([10, 20, 40, 20, 10], (-3.0, 2.0), 0.004_141_996_371_642_698),
            ([5, 30, 100, 40, 8], (0.0, 5.0), 0.360_648_692_300_786_94),
            ([5, 30, 100, 40, 8], (0.0, 10.0), 0.646_086_220_612_614_3),
            ([0, 3, 20, 9, 1], (0.0, 5.0), 0.228_265_876_788_471_9),
            (
                [100, 500, 2000, 650, 130],
                (0.0, 5.0),
                4.751_259_157_237_873_5,
            ),
            (
                [100, 500, 2000, 650, 130],
                (0.0, 10.0),
                8.110_634_212_005_422,
            ),
            ([3, 1, 0, 1, 2], (0.0, 5.0), -0.024_434_532_656_108_114),
        ];
        for (counts, (e0, e1), want) in penta {
            let got = llr(&Counts::Pentanomial(counts), e0, e1);
            assert!((got - want).abs() < 1e-7, "{counts:?}: {got} vs {want}");
        }
        let tri = [
            ([30, 40, 50], (0.0, 5.0), 0.340_140_252_947_001_06),
            ([30, 40, 50], (0.0, 20.0), 1.211_924_122_065_715_3),
            ([10, 80, 12], (0.0, 5.0), 0.051_430_320_722_064_77),
            ([0, 5, 9], (0.0, 20.0), 0.624_777_190_498_626),
        ];
        for (counts, (e0, e1), want) in tri {
            let got = llr(&Counts::Trinomial(counts), e0, e1);
            assert!((got - want).abs() < 1e-7, "{counts:?}: {got} vs {want}");
        }
        // Bounds as fishtest's: alpha = beta = 0.05 gives ±ln 19.
        let (a, b) = bounds(0.05, 0.05);
        assert!((a + 19f64.ln()).abs() < 1e-12 && (b - 19f64.ln()).abs() < 1e-12);
    }

    /// The pentanomial distribution of pairs of two independent games, each won with chance
    /// `w`, drawn with chance `d`.
    fn pairs_of(w: f64, d: f64) -> [f64; 5] {
        let l = 1.0 - w - d;
        [l * l, 2.0 * l * d, 2.0 * l * w + d * d, 2.0 * d * w, w * w]
    }

    /// The normalized Elo of a pentanomial distribution.
    fn nelo_of(p: &[f64; 5]) -> f64 {
        let pdf: Vec<(f64, f64)> = p
            .iter()
            .enumerate()
            .map(|(i, &q)| (i as f64 / 4.0, q))
            .collect();
        let (mean, var) = stats(&pdf);
        (mean - 0.5) / (2.0 * var).sqrt() * NELO_PER_T
    }

    /// Pairs whose true normalized Elo is `nelo` (games drawn 40% of the time).
    fn pairs_at(nelo: f64) -> [f64; 5] {
        let d = 0.4;
        let (mut lo, mut hi) = (0.0, 0.6);
        for _ in 0..100 {
            let w = 0.5 * (lo + hi);
            if nelo_of(&pairs_of(w, d)) < nelo {
                lo = w;
            } else {
                hi = w;
            }
        }
        pairs_of(0.5 * (lo + hi), d)
    }

    /// Runs `runs` simulated tests of elo0 = 0 against elo1 = 40 on pairs of true normalized
    /// Elo `nelo`, each to a verdict (or 20,000 pairs); the verdicts' counts.
    fn simulate(nelo: f64, runs: u32, seed: u64) -> (u32, u32) {
        let p = pairs_at(nelo);
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let limits = bounds(0.05, 0.05);
        let (mut h0, mut h1) = (0, 0);
        for _ in 0..runs {
            let mut counts = Counts::Pentanomial([0; 5]);
            for _ in 0..20_000 {
                let mut u: f64 = rng.random();
                let k = p.iter().position(|&q| {
                    u -= q;
                    u < 0.0
                });
                counts.add(k.unwrap_or(4));
                match verdict(llr(&counts, 0.0, 40.0), limits) {
                    Verdict::H0 => {
                        h0 += 1;
                        break;
                    }
                    Verdict::H1 => {
                        h1 += 1;
                        break;
                    }
                    Verdict::Inconclusive => {}
                }
            }
        }
        (h0, h1)
    }

    /// Simulated tests keep their error rates: at elo0, H1 is accepted at most alpha + 2
    /// points of the time; at elo1, H0 at most beta + 2 points (2,000 tests each).
    #[test]
    fn simulated_tests_keep_their_error_rates() {
        assert!((nelo_of(&pairs_at(40.0)) - 40.0).abs() < 1e-6);
        let runs = 2000;
        let (_, false_h1) = simulate(0.0, runs, 1);
        let (false_h0, _) = simulate(40.0, runs, 2);
        let rate = |k: u32| f64::from(k) / f64::from(runs);
        assert!(
            rate(false_h1) <= 0.05 + 0.02,
            "H1 at elo0: {}",
            rate(false_h1)
        );
        assert!(
            rate(false_h0) <= 0.05 + 0.02,
            "H0 at elo1: {}",
            rate(false_h0)
        );
        // And they decide: far from both, the right verdict nearly always.
        let (h0, _) = simulate(-40.0, 200, 3);
        assert!(h0 >= 195, "{h0}");
    }

    #[test]
    fn estimates_are_those_of_the_counts() {
        // 100 pairs scoring 1 each (all draws or split): score 1/2, Elo 0, LOS 1/2.
        let level = estimate(&Counts::Pentanomial([0, 0, 100, 0, 0]));
        assert!((level.score - 0.5).abs() < 1e-12 && level.elo.abs() < 1e-9);
        assert!((level.los - 0.5).abs() < 1e-6);
        // 3 wins to 1 loss per comparison: score 3/4, Elo 400 log10(3).
        let ahead = estimate(&Counts::Trinomial([100, 0, 300]));
        assert!((ahead.score - 0.75).abs() < 1e-5, "{ahead:?}");
        assert!((ahead.elo - 400.0 * 3f64.log10()).abs() < 0.01, "{ahead:?}");
        assert!(ahead.los > 0.999 && ahead.elo_margin > 0.0 && ahead.nelo > 0.0);
    }
}
