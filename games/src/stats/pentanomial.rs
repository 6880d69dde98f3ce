//! Game pairs (one opening played twice, colours swapped) as a
//! pentanomial tally, the logistic Elo difference with a 95% interval,
//! and a sequential probability ratio test (SPRT) on it, as fishtest and
//! fastchess run engine tests.
//!
//! Logistic Elo throughout: a score `s` (0 to 1) stands for
//! `-400 log10(1/s - 1)` Elo, and Elo `x` for the score
//! `L(x) = 1 / (1 + 10^(-x/400))`.
//!
//! The log-likelihood ratio is fishtest's generalized SPRT approximation
//! (`LLR_alt2` in fishtest's `server/fishtest/stats/LLRcalc.py`, from
//! <https://www.cantate.be/Fishtest/GSPRT_approximation.pdf>), which is
//! also fastchess's logistic model:
//!
//! ```text
//! LLR = N * (s1 - s0) * (2 s - s0 - s1) / (2 var)
//! ```
//!
//! where `N` is the number of pairs, `s` and `var` the mean and variance
//! of the pair score halved (0, 1/4, 1/2, 3/4, 1 for LL, LD, DD or WL,
//! WD, WW), each empty class counted as 0.001 pairs (fishtest's
//! `regularize`), and `s0 = L(elo0)`, `s1 = L(elo1)`. The test stops
//! accepting H1 (`elo >= elo1`) once `LLR >= ln((1 - beta) / alpha)` and
//! accepting H0 (`elo <= elo0`) once `LLR <= ln(beta / (1 - alpha))`.
//!
//! The games' own tally and the one Elo function are
//! [`super::Tally`] and [`super::elo_of`]; this is the pair-based half
//! the SPRT needs.

use super::elo_of;

/// How many pairs of each outcome, from the first player's side, indexed
/// by its points in the pair times two: `[LL, LD, DD + WL, WD, WW]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

/// An empty class counts as this many pairs in the LLR (fishtest).
const REGULARIZE: f64 = 1e-3;

/// The fewest pairs a verdict needs. The approximation's variance comes
/// from the pairs themselves: after one won pair it is the regularized
/// near-zero, and the LLR (about 18 at `[0, 50]`) accepted H1 from a
/// single pair that a side with no edge wins about a quarter of the time.
/// Ten pairs all won twice, a chance of about 1e-6 for equal sides, is
/// the first tally allowed to decide.
pub const MIN_PAIRS: u64 = 10;

/// The score a logistic Elo difference stands for.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Pentanomial {
    /// Count one pair given the first player's points in each game
    /// (1, 1/2 or 0 as halves: 2, 1, 0).
    pub fn add(&mut self, first_halves: u8, second_halves: u8) {
        let k = usize::from(first_halves.min(2) + second_halves.min(2));
        if let Some(c) = self.counts.get_mut(k) {
            *c += 1;
        }
    }

    /// The sum of two tallies.
    #[must_use]
    pub fn merged(&self, other: &Pentanomial) -> Pentanomial {
        let mut counts = self.counts;
        for (c, o) in counts.iter_mut().zip(other.counts) {
            *c += o;
        }
        Pentanomial { counts }
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean and variance of the halved pair score over `weights`.
    fn moments(weights: [f64; 5]) -> (f64, f64) {
        let n: f64 = weights.iter().sum();
        let value = |k: usize| k as f64 / 4.0;
        let mean = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * value(k))
            .sum::<f64>()
            / n;
        let var = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * (value(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, var)
    }

    /// The Elo difference and its 95% interval `(elo, low, high)`: the
    /// mean pair score `s` ± 1.96 standard errors `sqrt(var / N)`, mapped
    /// to Elo. `None` with no pairs.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let (s, var) = Pentanomial::moments(self.counts.map(|c| c as f64));
        let se = (var / n as f64).sqrt();
        Some((elo_of(s), elo_of(s - 1.96 * se), elo_of(s + 1.96 * se)))
    }

    /// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`), by
    /// the formula in the module comment; 0 with no pairs.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.pairs() == 0 {
            return 0.0;
        }
        let weights = self
            .counts
            .map(|c| if c == 0 { REGULARIZE } else { c as f64 });
        let n: f64 = weights.iter().sum();
        let (s, var) = Pentanomial::moments(weights);
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
}

/// A sequential test of `elo <= elo0` (H0) against `elo >= elo1` (H1),
/// with false-positive rate `alpha` and false-negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first player is at least `elo1` stronger.
    H1,
    /// H0 accepted: it is at most `elo0` stronger.
    H0,
    /// Neither yet.
    Continue,
}

/// Why an SPRT's parameters are unusable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SprtError {
    #[error("elo0 and elo1 must be numbers from -{MAX_ELO} to {MAX_ELO}")]
    Range,
    #[error("elo0 must be less than elo1")]
    Order,
    #[error("alpha and beta must each be above 0 and below 0.5")]
    Rates,
}

/// The largest Elo difference an SPRT bound may name: 1000 Elo is a
/// score of 99.7%, beyond which a test of two agents means nothing (and
/// bounds such as ±1e308 map to scores of exactly 0 and 1, which made any
/// tally "accept" H1).
pub const MAX_ELO: f64 = 1000.0;

impl Sprt {
    /// A test, its parameters checked.
    ///
    /// # Errors
    ///
    /// [`SprtError`]: a bound not a number within [`MAX_ELO`], bounds
    /// out of order, or a rate not strictly between 0 and 0.5 (a test
    /// wrong half the time or more decides nothing).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let sane = |e: f64| e.is_finite() && e.abs() <= MAX_ELO;
        if !(sane(elo0) && sane(elo1)) {
            return Err(SprtError::Range);
        }
        if elo0 >= elo1 {
            return Err(SprtError::Order);
        }
        let rate = |r: f64| r > 0.0 && r < 0.5;
        if !(rate(alpha) && rate(beta)) {
            return Err(SprtError::Rates);
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR bounds `(lower, upper)`: `ln(beta / (1 - alpha))` and
    /// `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of `tally` under this test.
    pub fn llr(&self, tally: &Pentanomial) -> f64 {
        tally.llr(self.elo0, self.elo1)
    }

    /// Where the test stands after `tally` (no verdict before
    /// [`MIN_PAIRS`] pairs).
    pub fn verdict(&self, tally: &Pentanomial) -> Verdict {
        if tally.pairs() < MIN_PAIRS {
            return Verdict::Continue;
        }
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn llr_matches_fastchess_published_values() {
        // fastchess's tests (`tests/sprt.cpp`, "logistic pentanomial 1"
        // and "2"), Stats(LL, LD, WL, DD, WD, WW) with alpha = beta = 0.05:
        // (223, 9863, 20279, 1000, 10037, 246) at [0.5, 2.5] gives -3.07;
        // (871, 26175, 55003, 980, 26678, 821) at [0, 2] gives -4.98.
        let t = Pentanomial {
            counts: [223, 9863, 20279 + 1000, 10037, 246],
        };
        assert!(close(t.llr(0.5, 2.5), -3.07, 0.005), "{}", t.llr(0.5, 2.5));
        let t = Pentanomial {
            counts: [871, 26175, 55003 + 980, 26678, 821],
        };
        assert!(close(t.llr(0.0, 2.0), -4.98, 0.005), "{}", t.llr(0.0, 2.0));
    }

    #[test]
    fn llr_by_hand() {
        // Counts 1, 2, 3, 2, 1 over 0, 1/4, 1/2, 3/4, 1: mean 1/2, variance
        // (2 * 1/4 + 4 * 1/16) / 9 = 0.75 / 9. s0 = L(0) = 1/2,
        // s1 = L(10) = 0.5143871841659987. LLR = 9 (s1 - 1/2)(1/2 - s1)
        // / (2 * 0.75 / 9) = -0.011177517684...
        let t = Pentanomial {
            counts: [1, 2, 3, 2, 1],
        };
        assert!(close(t.llr(0.0, 10.0), -0.011_177_517_684, 1e-9));
        // Elo +0, interval 1/2 ± 1.96 sqrt(0.75 / 81): ±137.86.
        let (e, lo, hi) = t.elo().unwrap();
        assert!(close(e, 0.0, 1e-9));
        assert!(close(hi, 137.860_245, 1e-5), "{hi}");
        assert!(close(lo, -137.860_245, 1e-5), "{lo}");
        // An empty tally has no Elo and an LLR of 0.
        assert_eq!(Pentanomial::default().elo(), None);
        assert_eq!(Pentanomial::default().llr(0.0, 5.0), 0.0);
    }

    #[test]
    fn bounds_and_verdicts() {
        // alpha = beta = 0.05: ln(0.05 / 0.95) = -2.944438979...
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.944_438_979_166_44, 1e-12));
        assert!(close(hi, 2.944_438_979_166_44, 1e-12));
        // 200 pairs all won twice: s ~ 1, far above s1: H1. All lost: H0.
        let wins = Pentanomial {
            counts: [0, 0, 0, 0, 200],
        };
        assert_eq!(sprt.verdict(&wins), Verdict::H1);
        let losses = Pentanomial {
            counts: [200, 0, 0, 0, 0],
        };
        assert_eq!(sprt.verdict(&losses), Verdict::H0);
        assert_eq!(sprt.verdict(&Pentanomial::default()), Verdict::Continue);
        // One pair won twice has an LLR far past the bound, but decides
        // nothing; the tenth such pair does.
        let one = Pentanomial {
            counts: [0, 0, 0, 0, 1],
        };
        assert!(sprt.llr(&one) > hi);
        assert_eq!(sprt.verdict(&one), Verdict::Continue);
        let nine = Pentanomial {
            counts: [0, 0, 0, 0, MIN_PAIRS - 1],
        };
        assert_eq!(sprt.verdict(&nine), Verdict::Continue);
        let ten = Pentanomial {
            counts: [0, 0, 0, 0, MIN_PAIRS],
        };
        assert_eq!(sprt.verdict(&ten), Verdict::H1);
        assert_eq!(Sprt::new(5.0, 5.0, 0.05, 0.05), Err(SprtError::Order));
        assert_eq!(Sprt::new(0.0, 5.0, 0.0, 0.05), Err(SprtError::Rates));
        assert_eq!(Sprt::new(0.0, 5.0, 0.6, 0.5), Err(SprtError::Rates));
        assert_eq!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05), Err(SprtError::Range));
    }

    #[test]
    fn meaningless_bounds_and_rates_are_refused() {
        // The issue's case: ±1e308 map to scores 0 and 1 exactly.
        assert_eq!(Sprt::new(-1e308, 1e308, 0.05, 0.05), Err(SprtError::Range));
        assert_eq!(
            Sprt::new(0.0, f64::INFINITY, 0.05, 0.05),
            Err(SprtError::Range)
        );
        // 1000 is the edge: allowed; just past it is not.
        assert!(Sprt::new(-MAX_ELO, MAX_ELO, 0.05, 0.05).is_ok());
        assert_eq!(Sprt::new(0.0, 1000.5, 0.05, 0.05), Err(SprtError::Range));
        assert_eq!(Sprt::new(10.0, 0.0, 0.05, 0.05), Err(SprtError::Order));
        // Rates: strictly inside (0, 0.5).
        for (a, b) in [(0.5, 0.05), (0.05, 0.5), (-0.1, 0.05), (f64::NAN, 0.05)] {
            assert_eq!(Sprt::new(0.0, 5.0, a, b), Err(SprtError::Rates), "{a} {b}");
        }
        assert!(Sprt::new(0.0, 5.0, 0.499, 0.001).is_ok());
    }

    #[test]
    fn pairs_are_counted_by_points() {
        let mut t = Pentanomial::default();
        t.add(2, 2); // WW
        t.add(2, 0); // WL
        t.add(1, 1); // DD
        t.add(0, 1); // LD
        assert_eq!(t.counts, [0, 1, 2, 0, 1]);
        assert_eq!(t.merged(&t).counts, [0, 2, 4, 0, 2]);
        assert_eq!(t.pairs(), 4);
    }
}
