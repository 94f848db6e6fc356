//! Ratings from a tournament's results, with 95% intervals and the likelihood of superiority.
//!
//! Every tournament is rated by one batch maximum-likelihood fit over all its matches
//! ([`fit`]), so the ratings do not depend on the order the matches were played in:
//!
//! - The model is Plackett–Luce on the Elo scale: bot `i` has strength `10^(r_i / 400)`, and a
//!   match's places are read as first place chosen from all its bots in proportion to their
//!   strengths, second place from the rest, and so on. In a duel this is exactly Bradley–Terry
//!   (Elo's logistic curve, as Ordo and BayesElo fit): `i` beats `j` with chance
//!   `1 / (1 + 10^((r_j - r_i) / 400))`.
//! - Shared places: the log-likelihood is averaged over every order of the tied bots, so a
//!   drawn duel counts half a win for each side, as in Bradley–Terry with draws. A group of more
//!   than [`EXACT_TIES`] tied bots uses Efron's approximation of that average (the expected
//!   strength left at each step), whose slope is exact when the tied bots are rated equal.
//! - The prior: [`PRIOR_DRAWS`] virtual draws per bot, BayesElo's default size. Two bots that
//!   met hold `prior_draws / 2 * (1 / m_i + 1 / m_j)` virtual draws, `m` being how many
//!   opponents a bot met, so in a round robin each bot carries `prior_draws` draws spread over
//!   its opponents. It keeps a bot that won (or lost) everything at a finite rating; with no
//!   prior such a record has no maximum and the fit gives no ratings.
//! - The ratings average 0 (the field's mean). The interval is the normal approximation from
//!   the likelihood's curvature at the fit (the observed information, prior included), relative
//!   to that mean: `rating ± 1.96 sd`. The likelihood of superiority (LOS) of one bot over
//!   another is the chance that its true rating is the higher, under the same approximation
//!   (with the pair's covariance).
//!
//! A bot must appear once per match: tournaments give a bot that holds several seats (fewer
//! bots than seats) once, at its best place, so no bot is rated against itself.
//!
//! [`weng_lin`] is an online rating (updated match by match, so the order matters): for a
//! ladder that rates results as they arrive. Tournaments do not use it.

use std::collections::BTreeMap;

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// Virtual draws each bot carries in a round robin (BayesElo's default prior).
pub const PRIOR_DRAWS: f64 = 2.0;

/// The largest group of tied bots whose orders [`fit`] averages exactly (`2^n` terms); larger
/// groups use Efron's approximation.
pub const EXACT_TIES: usize = 10;

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Elo points per natural-log unit of odds.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// A fitted rating and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// The interval's half width: the true rating lies within `rating ± margin` with 95%
    /// confidence.
    pub margin: f64,
}

/// A fit: ratings on the Elo scale averaging 0, and their covariance.
#[derive(Clone, Debug, PartialEq)]
pub struct EloFit {
    /// Each bot's rating and interval.
    pub ratings: Vec<Rating>,
    /// The covariance of the ratings (Elo points squared).
    pub covariance: Vec<Vec<f64>>,
}

impl EloFit {
    /// The likelihood of superiority of `i` over `j`: the chance, given the results, that
    /// `i`'s true rating is above `j`'s.
    pub fn los(&self, i: usize, j: usize) -> f64 {
        let c = &self.covariance;
        let var = c[i][i] + c[j][j] - 2.0 * c[i][j];
        let d = self.ratings[i].rating - self.ratings[j].rating;
        if var <= 0.0 {
            return if d > 0.0 {
                1.0
            } else if d < 0.0 {
                0.0
            } else {
                0.5
            };
        }
        normal_cdf(d / var.sqrt())
    }
}

/// The log-likelihood as `sum_i chosen[i] * theta_i - sum_t w_t * log(sum_{j in t} c_j
/// e^theta_j)`, `theta` in natural units: built once from the matches, in an order-free form
/// (terms with the same set are merged).
struct Likelihood {
    chosen: Vec<f64>,
    /// Each term's set, as `(bot, coefficient bits)` sorted by bot, and its weight.
    terms: BTreeMap<Vec<(usize, u64)>, f64>,
}

impl Likelihood {
    fn new(n: usize) -> Likelihood {
        Likelihood {
            chosen: vec![0.0; n],
            terms: BTreeMap::new(),
        }
    }

    /// Adds `-weight * log(sum of c e^theta over set)`; a single bot's term is linear.
    fn subtract_log(&mut self, weight: f64, set: impl IntoIterator<Item = (usize, f64)>) {
        let mut set: Vec<(usize, u64)> = set.into_iter().map(|(b, c)| (b, c.to_bits())).collect();
        set.sort_unstable();
        if let [(bot, _)] = set[..] {
            // -w log(c e^theta) = -w theta - w log c, and the constant does not matter.
            self.chosen[bot] -= weight;
        } else if !set.is_empty() {
            *self.terms.entry(set).or_insert(0.0) += weight;
        }
    }

    /// One match: bots with their places (1 first); groups of up to `exact_ties` tied bots
    /// are averaged over all their orders.
    fn add_match(&mut self, placing: &[(usize, u32)], exact_ties: usize) {
        let mut left: Vec<(usize, u32)> = placing.to_vec();
        left.sort_unstable_by_key(|&(bot, place)| (place, bot));
        while let Some(&(_, place)) = left.first() {
            let tied = left.iter().take_while(|(_, p)| *p == place).count();
            let group: Vec<usize> = left[..tied].iter().map(|&(b, _)| b).collect();
            let rest: Vec<usize> = left[tied..].iter().map(|&(b, _)| b).collect();
            for &b in &group {
                self.chosen[b] += 1.0;
            }
            let d = group.len();
            if d <= exact_ties {
                // Every order of the group, equally weighted: at step m the bots already
                // chosen are a uniformly random m-subset of the group.
                for mask in 0u32..(1 << d) - 1 {
                    let m = mask.count_ones() as usize;
                    let weight = 1.0 / binomial(d, m);
                    let still = group
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| mask & (1 << k) == 0)
                        .map(|(_, &b)| (b, 1.0));
                    self.subtract_log(weight, still.chain(rest.iter().map(|&b| (b, 1.0))));
                }
            } else {
                // Efron: at step m each tied bot is still there with chance 1 - m / d.
                for m in 0..d {
                    let left_share = 1.0 - m as f64 / d as f64;
                    let set = group
                        .iter()
                        .map(|&b| (b, left_share))
                        .chain(rest.iter().map(|&b| (b, 1.0)));
                    self.subtract_log(1.0, set);
                }
            }
            left.drain(..tied);
        }
    }

    /// The virtual draws: `weight` drawn duels between `i` and `j`.
    fn add_draws(&mut self, i: usize, j: usize, weight: f64) {
        self.chosen[i] += weight / 2.0;
        self.chosen[j] += weight / 2.0;
        self.subtract_log(weight, [(i, 1.0), (j, 1.0)]);
    }

    /// The gradient and the information (minus the Hessian) at `theta`.
    fn derivatives(&self, theta: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let n = theta.len();
        let mut grad = self.chosen.clone();
        let mut info = vec![vec![0.0; n]; n];
        let mut p = Vec::new();
        for (set, &w) in &self.terms {
            let top = set
                .iter()
                .map(|&(b, _)| theta[b])
                .fold(f64::NEG_INFINITY, f64::max);
            p.clear();
            p.extend(
                set.iter()
                    .map(|&(b, c)| f64::from_bits(c) * (theta[b] - top).exp()),
            );
            let sum: f64 = p.iter().sum();
            p.iter_mut().for_each(|x| *x /= sum);
            for (a, &(i, _)) in set.iter().enumerate() {
                grad[i] -= w * p[a];
                info[i][i] += w * p[a];
                for (b, &(j, _)) in set.iter().enumerate() {
                    info[i][j] -= w * p[a] * p[b];
                }
            }
        }
        (grad, info)
    }
}

/// `n choose k`, as a float.
fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Fits ratings for `n` bots to `matches` (see the module docs): each match lists its bots
/// once each as `(bot, place)`, place 1 first and shared places tied (a duel: a win, or a draw
/// when both are first). `prior_draws` is the prior's size ([`PRIOR_DRAWS`]; 0 for none).
/// `None` when the results do not connect every bot to every other (no common scale), or the
/// likelihood has no maximum (a perfect record with no prior).
pub fn fit(n: usize, matches: &[Vec<(usize, u32)>], prior_draws: f64) -> Option<EloFit> {
    if n == 0 {
        return Some(EloFit {
            ratings: Vec::new(),
            covariance: Vec::new(),
        });
    }
    let mut likelihood = Likelihood::new(n);
    let mut met = vec![vec![false; n]; n];
    for placing in matches {
        let placing: Vec<(usize, u32)> = placing.iter().copied().filter(|&(b, _)| b < n).collect();
        for &(i, _) in &placing {
            for &(j, _) in &placing {
                if i != j {
                    met[i][j] = true;
                }
            }
        }
        likelihood.add_match(&placing, EXACT_TIES);
    }
    if prior_draws > 0.0 {
        let opponents: Vec<f64> = met
            .iter()
            .map(|row| row.iter().filter(|&&m| m).count() as f64)
            .collect();
        for i in 0..n {
            for j in i + 1..n {
                if met[i][j] {
                    let weight = prior_draws / 2.0 * (1.0 / opponents[i] + 1.0 / opponents[j]);
                    likelihood.add_draws(i, j, weight);
                }
            }
        }
    }
    let mut theta = vec![0.0f64; n];
    // Newton's method on the concave log-likelihood; the all-ones direction (a common shift)
    // is fixed by adding J/n to the information and centring.
    for _ in 0..200 {
        let (grad, mut info) = likelihood.derivatives(&theta);
        info.iter_mut().flatten().for_each(|x| *x += 1.0 / n as f64);
        let step = solve(&info, &grad)?;
        let mut largest = 0.0f64;
        for (t, d) in theta.iter_mut().zip(&step) {
            // Long steps (a near-perfect record) are damped; the fit then creeps to its limit.
            *t += d.clamp(-2.0, 2.0);
            largest = largest.max(d.abs());
        }
        let mean = theta.iter().sum::<f64>() / n as f64;
        theta.iter_mut().for_each(|t| *t -= mean);
        if largest < 1e-10 {
            let inverse = invert(&info)?;
            let covariance: Vec<Vec<f64>> = inverse
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|c| (c - 1.0 / n as f64) * ELO * ELO)
                        .collect()
                })
                .collect();
            let ratings = theta
                .iter()
                .enumerate()
                .map(|(i, t)| Rating {
                    rating: t * ELO,
                    margin: Z95 * covariance[i][i].max(0.0).sqrt(),
                })
                .collect();
            return Some(EloFit {
                ratings,
                covariance,
            });
        }
    }
    None
}

/// Weng–Lin ratings of `n` bots after `matches` in order (an online rating: for a ladder that
/// rates results as they arrive; [`fit`] rates a finished tournament): each match lists its
/// seats as `(bot, place)`, place 1 first and shared places tied; a bot given twice in one
/// match takes the mean of its updates.
pub fn weng_lin(n: usize, matches: &[Vec<(usize, u32)>]) -> Vec<Rating> {
    let config = WengLinConfig::new();
    let mut ratings = vec![WengLinRating::new(); n];
    for seats in matches {
        let teams: Vec<[WengLinRating; 1]> = seats.iter().map(|&(bot, _)| [ratings[bot]]).collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(seats)
            .map(|(team, &(_, place))| (&team[..], MultiTeamOutcome::new(place as usize)))
            .collect();
        let updated = weng_lin_multi_team(&input, &config);
        let mut sums = vec![(0.0, 0.0, 0u32); n];
        for (&(bot, _), team) in seats.iter().zip(&updated) {
            if let Some(r) = team.first() {
                sums[bot].0 += r.rating;
                sums[bot].1 += r.uncertainty;
                sums[bot].2 += 1;
            }
        }
        for (bot, (mu, sigma, k)) in sums.into_iter().enumerate() {
            if k > 0 {
                ratings[bot] = WengLinRating {
                    rating: mu / f64::from(k),
                    uncertainty: sigma / f64::from(k),
                };
            }
        }
    }
    ratings
        .iter()
        .map(|r| Rating {
            rating: r.rating,
            margin: Z95 * r.uncertainty,
        })
        .collect()
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if `a` is singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| row.iter().copied().chain([v]).collect())
        .collect();
    eliminate(&mut m, n)?;
    Some(m.iter().map(|row| row[n]).collect())
}

/// The inverse of `a`; `None` if it is singular.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    eliminate(&mut m, n)?;
    Some(m.into_iter().map(|row| row[n..].to_vec()).collect())
}

/// Gauss–Jordan elimination of the first `n` columns of `m` to the identity.
fn eliminate(m: &mut [Vec<f64>], n: usize) -> Option<()> {
    let scale = m
        .iter()
        .flat_map(|r| r[..n].iter())
        .fold(0.0f64, |a, v| a.max(v.abs()))
        .max(f64::MIN_POSITIVE);
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() <= 1e-12 * scale {
            return None;
        }
        m.swap(col, pivot);
        let p = m[col][col];
        m[col].iter_mut().for_each(|v| *v /= p);
        for row in 0..n {
            if row != col {
                let f = m[row][col];
                if f != 0.0 {
                    let pivot_row = m[col].clone();
                    m[row]
                        .iter_mut()
                        .zip(&pivot_row)
                        .for_each(|(v, p)| *v -= f * p);
                }
            }
        }
    }
    Some(())
}

/// The standard normal distribution function, from `erfc` (W. J. Cody's rational
/// approximation as in Numerical Recipes' `erfcc`: relative error below 1.2e-7).
pub fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc / 2.0
    } else {
        erfc / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Two bots, A scoring 3 of 4 against B, no prior. By hand: the odds are 3 to 1, so
    /// r_A - r_B = 400 log10(3) = 190.85 and, centred, r_A = 95.42. The information about the
    /// difference d (in natural units) is N p (1 - p) = 4 * 0.75 * 0.25 = 0.75, so
    /// sd(d) = 1.1547 natural units = 200.6 Elo; each centred rating has half of d's
    /// variance, sd 0.5774 natural = 100.3 Elo, a 95% margin of 1.96 * 100.3 = 196.6; and
    /// LOS(A over B) = Phi(190.85 / 200.6) = Phi(0.9514) = 0.8293.
    /// Duels as placings: `(i, j, s)` is a match of `i` against `j` in which `i` scored `s`.
    fn duels(results: &[(usize, usize, f64)]) -> Vec<Vec<(usize, u32)>> {
        results
            .iter()
            .map(|&(i, j, s)| {
                let (a, b) = if s > 0.5 {
                    (1, 2)
                } else if s < 0.5 {
                    (2, 1)
                } else {
                    (1, 1)
                };
                vec![(i, a), (j, b)]
            })
            .collect()
    }

    #[test]
    fn two_bots_match_the_hand_computed_fit() {
        let results = [(0, 1, 1.0), (0, 1, 1.0), (1, 0, 0.0), (1, 0, 1.0)];
        let fit = fit(2, &duels(&results), 0.0).unwrap();
        let d = 400.0 * 3f64.log10();
        assert!(close(fit.ratings[0].rating, d / 2.0, 1e-6), "{fit:?}");
        assert!(close(fit.ratings[1].rating, -d / 2.0, 1e-6), "{fit:?}");
        let sd = (1.0f64 / 3.0).sqrt() * ELO;
        assert!(close(fit.ratings[0].margin, Z95 * sd, 1e-6), "{fit:?}");
        assert!(close(fit.ratings[0].margin, 196.6, 0.1), "{fit:?}");
        assert!(close(fit.los(0, 1), 0.8293, 1e-4), "{}", fit.los(0, 1));
        assert!(close(fit.los(0, 1) + fit.los(1, 0), 1.0, 1e-9));
    }

    /// At the maximum, each bot's expected score equals its actual score (the likelihood
    /// equations), and the ratings average 0.
    #[test]
    fn the_fit_solves_the_likelihood_equations() {
        let results = [
            (0, 1, 1.0),
            (0, 1, 0.5),
            (0, 2, 1.0),
            (0, 2, 0.0),
            (1, 2, 1.0),
            (1, 2, 1.0),
            (2, 1, 0.5),
            (3, 0, 0.0),
            (3, 1, 1.0),
            (3, 2, 0.5),
        ];
        let n = 4;
        let fit = fit(n, &duels(&results), 0.0).unwrap();
        let r: Vec<f64> = fit.ratings.iter().map(|x| x.rating).collect();
        assert!(close(r.iter().sum::<f64>(), 0.0, 1e-9), "{r:?}");
        for bot in 0..n {
            let (mut actual, mut expected) = (0.0, 0.0);
            for &(i, j, s) in &results {
                let p = |a: usize, b: usize| 1.0 / (1.0 + 10f64.powf((r[b] - r[a]) / 400.0));
                if i == bot {
                    actual += s;
                    expected += p(i, j);
                } else if j == bot {
                    actual += 1.0 - s;
                    expected += p(j, i);
                }
            }
            assert!(
                close(actual, expected, 1e-8),
                "bot {bot}: {actual} vs {expected}"
            );
        }
        // Better records rate higher: bot 0 scored 2.5 of 4 against 1 and 2.
        assert!(r[0] > r[2], "{r:?}");
    }

    #[test]
    fn a_perfect_record_stays_finite_with_the_prior_and_unconnected_bots_have_no_scale() {
        let results = duels(&[(0, 1, 1.0), (0, 1, 1.0), (1, 0, 0.0)]);
        // Two bots that met only each other: prior_draws / 2 * (1 + 1) virtual draws between
        // them. One draw: 3.5 of 4, odds 7 to 1.
        let one = fit(2, &results, 1.0).unwrap();
        assert!(
            close(one.ratings[0].rating * 2.0, 400.0 * 7f64.log10(), 1e-6),
            "{one:?}"
        );
        assert!(one.los(0, 1) > 0.9);
        // The default, two draws: 4 of 5, odds 4 to 1.
        let two = fit(2, &results, PRIOR_DRAWS).unwrap();
        assert!(
            close(two.ratings[0].rating * 2.0, 400.0 * 4f64.log10(), 1e-6),
            "{two:?}"
        );
        // No prior: a perfect record has no maximum.
        assert!(fit(2, &results, 0.0).is_none());
        assert!(fit(4, &duels(&[(0, 1, 1.0), (2, 3, 0.5)]), PRIOR_DRAWS).is_none());
    }

    /// The Plackett-Luce log-likelihood written out: each match's probability as the product
    /// of its choices, its log averaged over every order of each group of tied bots.
    fn brute_log_likelihood(theta: &[f64], matches: &[Vec<(usize, u32)>]) -> f64 {
        fn orders(group: &[usize]) -> Vec<Vec<usize>> {
            if group.len() <= 1 {
                return vec![group.to_vec()];
            }
            let mut all = Vec::new();
            for (k, &first) in group.iter().enumerate() {
                let mut rest = group.to_vec();
                rest.remove(k);
                for mut tail in orders(&rest) {
                    tail.insert(0, first);
                    all.push(tail);
                }
            }
            all
        }
        let mut total = 0.0;
        for placing in matches {
            let mut places: Vec<u32> = placing.iter().map(|&(_, p)| p).collect();
            places.sort_unstable();
            places.dedup();
            // The orders of each place's group, and their average log-likelihood.
            let mut left: Vec<usize> = placing.iter().map(|&(b, _)| b).collect();
            for place in places {
                let group: Vec<usize> = placing
                    .iter()
                    .filter(|&&(_, p)| p == place)
                    .map(|&(b, _)| b)
                    .collect();
                let all = orders(&group);
                let mut sum = 0.0;
                for order in &all {
                    let mut risk = left.clone();
                    for &b in order {
                        let s: f64 = risk.iter().map(|&r| theta[r].exp()).sum();
                        sum += theta[b] - s.ln();
                        risk.retain(|&r| r != b);
                    }
                }
                total += sum / all.len() as f64;
                left.retain(|b| !group.contains(b));
            }
        }
        total
    }

    /// Free-for-all matches of 5 bots in 4 seats, with shared places.
    fn free_for_all() -> Vec<Vec<(usize, u32)>> {
        let mut x = 7u64;
        (0..40)
            .map(|g| {
                let mut placing = Vec::new();
                for seat in 0..4 {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let bot = (g + seat) % 5;
                    // Lower bots place better on average; places 1-4, ties where equal.
                    let place = 1 + ((x >> 33) % 3) as u32 + u32::from(bot >= 3);
                    placing.push((bot, place));
                }
                placing
            })
            .collect()
    }

    /// The fit is the maximum of the written-out likelihood: its numerical gradient vanishes
    /// there (in natural units), and moving any rating lowers it.
    #[test]
    fn the_free_for_all_fit_maximizes_the_plackett_luce_likelihood_with_ties_averaged() {
        let matches = free_for_all();
        let fit = fit(5, &matches, 0.0).unwrap();
        let theta: Vec<f64> = fit.ratings.iter().map(|r| r.rating / ELO).collect();
        let at = brute_log_likelihood(&theta, &matches);
        for bot in 0..5 {
            let h = 1e-5;
            let mut up = theta.clone();
            up[bot] += h;
            let mut down = theta.clone();
            down[bot] -= h;
            let slope = (brute_log_likelihood(&up, &matches)
                - brute_log_likelihood(&down, &matches))
                / (2.0 * h);
            assert!(slope.abs() < 1e-6, "bot {bot}: slope {slope}");
            let mut moved = theta.clone();
            moved[bot] += 0.05;
            assert!(brute_log_likelihood(&moved, &matches) < at);
        }
        // Better places rate higher.
        let r: Vec<f64> = fit.ratings.iter().map(|r| r.rating).collect();
        assert!(r[0].min(r[1]).min(r[2]) > r[3].max(r[4]), "{r:?}");
    }

    /// The fit does not depend on the order of the matches, nor of the seats within one.
    #[test]
    fn the_fit_is_the_same_for_the_matches_in_any_order() {
        let matches = free_for_all();
        let before = fit(5, &matches, PRIOR_DRAWS).unwrap();
        let mut shuffled = matches.clone();
        shuffled.reverse();
        shuffled.rotate_left(17);
        shuffled.iter_mut().for_each(|m| m.reverse());
        let after = fit(5, &shuffled, PRIOR_DRAWS).unwrap();
        for (a, b) in before.ratings.iter().zip(&after.ratings) {
            assert!(close(a.rating, b.rating, 1e-9), "{before:?} {after:?}");
            assert!(close(a.margin, b.margin, 1e-9), "{before:?} {after:?}");
        }
        assert!(close(before.los(0, 4), after.los(0, 4), 1e-12));
        // Weng-Lin, updated match by match, is not.
        assert_ne!(weng_lin(5, &matches), weng_lin(5, &shuffled));
    }

    /// Efron's approximation of a large tie has the exact average's slope when the tied bots
    /// are rated equal (whatever the others' ratings); its curvature differs a little.
    #[test]
    fn efrons_approximation_is_exact_for_equally_rated_tied_bots() {
        let placing: Vec<(usize, u32)> = [(0, 1), (1, 2), (2, 2), (3, 2), (4, 2), (5, 3)].to_vec();
        let theta = [0.7, -0.2, -0.2, -0.2, -0.2, 0.4];
        let mut exact = Likelihood::new(6);
        exact.add_match(&placing, 6);
        let mut efron = Likelihood::new(6);
        efron.add_match(&placing, 1);
        let (g1, _) = exact.derivatives(&theta);
        let (g2, _) = efron.derivatives(&theta);
        for (a, b) in g1.iter().zip(&g2) {
            assert!(close(*a, *b, 1e-12), "{g1:?} {g2:?}");
        }
        // A tie of more than EXACT_TIES bots fits: all level, all rated 0.
        let level = vec![(0..12).map(|b| (b, 1)).collect::<Vec<_>>(); 3];
        let fit = fit(12, &level, PRIOR_DRAWS).unwrap();
        assert!(
            fit.ratings.iter().all(|r| close(r.rating, 0.0, 1e-9)),
            "{fit:?}"
        );
    }

    #[test]
    fn the_normal_distribution_function_is_accurate() {
        for (x, p) in [
            (0.0, 0.5),
            (1.0, 0.841_344_746),
            (-1.96, 0.024_997_895),
            (3.0, 0.998_650_102),
        ] {
            assert!(close(normal_cdf(x), p, 2e-7), "{x}: {}", normal_cdf(x));
        }
    }

    #[test]
    fn weng_lin_ranks_the_usual_winner_first_and_narrows_with_games() {
        // Bot 0 wins every three-player game, bot 2 is last; bot 1 sometimes shares second.
        let games: Vec<Vec<(usize, u32)>> = (0..20)
            .map(|g| vec![(0, 1), (1, 2), (2, if g % 4 == 0 { 2 } else { 3 })])
            .collect();
        let after_one = weng_lin(3, &games[..1]);
        let after_all = weng_lin(3, &games);
        assert!(after_all[0].rating > after_all[1].rating);
        assert!(after_all[1].rating > after_all[2].rating);
        assert!(after_all[0].margin < after_one[0].margin);
        // Order matters to an online rating, so the same games give the same ratings.
        assert_eq!(weng_lin(3, &games), after_all);
    }
}
