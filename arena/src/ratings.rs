//! Ratings from a tournament's results, with 95% intervals.
//!
//! - Duels: a Bradley–Terry fit on the Elo scale by maximum likelihood (as Ordo and BayesElo
//!   do): the chance that `i` beats `j` is `1 / (1 + 10^((r_j - r_i) / 400))`, a draw counts
//!   half a win for each side, and the ratings average 0. The intervals come from the
//!   likelihood's curvature at the fit (the observed Fisher information), and the likelihood
//!   of superiority (LOS) of one bot over another is the chance that its true rating is the
//!   higher, under the same normal approximation. [`PRIOR_DRAWS`] virtual draws between every
//!   two bots that met keep a bot that won (or lost) every match at a finite rating.
//! - Free-for-all games: Weng–Lin ratings (a TrueSkill-like Bayesian rating for several
//!   players and ties, from the `skillratings` crate), updated match by match in the
//!   schedule's order; the interval is the rating ± 1.96 of its uncertainty. Tournaments
//!   give each bot once per match, at its best place, so a bot holding several seats (fewer
//!   bots than seats) is never rated against itself; given one bot twice, [`weng_lin`] takes
//!   the mean of its updates.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// Virtual draws added between every two bots that met (a weak prior, as BayesElo's).
pub const PRIOR_DRAWS: f64 = 1.0;

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

/// A Bradley–Terry fit: ratings on the Elo scale averaging 0, and their covariance.
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

/// Fits Bradley–Terry ratings for `n` bots to `results`: each `(i, j, s)` is one match of `i`
/// against `j` in which `i` scored `s` (1 win, 0.5 draw, 0 loss), with `prior_draws` virtual
/// draws between every two bots that met. `None` when the results do not connect every bot
/// to every other (no common scale), or the fit does not converge.
pub fn bradley_terry(
    n: usize,
    results: &[(usize, usize, f64)],
    prior_draws: f64,
) -> Option<EloFit> {
    if n == 0 {
        return Some(EloFit {
            ratings: Vec::new(),
            covariance: Vec::new(),
        });
    }
    // wins[i][j]: what i scored against j; games[i][j]: their matches.
    let mut wins = vec![vec![0.0; n]; n];
    let mut games = vec![vec![0.0; n]; n];
    for &(i, j, s) in results {
        if i == j || i >= n || j >= n {
            continue;
        }
        wins[i][j] += s;
        wins[j][i] += 1.0 - s;
        games[i][j] += 1.0;
        games[j][i] += 1.0;
    }
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                wins[i][j] += prior_draws / 2.0;
                games[i][j] += prior_draws;
            }
        }
    }
    let mut theta = vec![0.0f64; n];
    // Newton's method on the concave log-likelihood; the all-ones direction (a common shift)
    // is fixed by adding J/n to the information and centring.
    for _ in 0..200 {
        let mut grad = vec![0.0; n];
        let mut info = vec![vec![1.0 / n as f64; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i == j || games[i][j] == 0.0 {
                    continue;
                }
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                grad[i] += wins[i][j] - games[i][j] * p;
                let w = games[i][j] * p * (1.0 - p);
                info[i][i] += w;
                info[i][j] -= w;
            }
        }
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

/// Weng–Lin ratings of `n` bots after `matches` in order: each match lists its seats as
/// `(bot, place)`, place 1 first and shared places tied.
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
    #[test]
    fn two_bots_match_the_hand_computed_fit() {
        let results = [(0, 1, 1.0), (0, 1, 1.0), (1, 0, 0.0), (1, 0, 1.0)];
        let fit = bradley_terry(2, &results, 0.0).unwrap();
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
        let fit = bradley_terry(n, &results, 0.0).unwrap();
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
        let results = [(0, 1, 1.0), (0, 1, 1.0), (1, 0, 0.0)];
        let fit = bradley_terry(2, &results, PRIOR_DRAWS).unwrap();
        // 3.5 of 4 with the prior: odds 7 to 1.
        assert!(
            close(fit.ratings[0].rating * 2.0, 400.0 * 7f64.log10(), 1e-6),
            "{fit:?}"
        );
        assert!(fit.los(0, 1) > 0.9);
        assert!(bradley_terry(4, &[(0, 1, 1.0), (2, 3, 0.5)], PRIOR_DRAWS).is_none());
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
