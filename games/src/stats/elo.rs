//! Wins, draws and losses, for `boardsh match` and self-play alike: the
//! score and an Elo difference with a 95% interval. No game in it: a
//! game says from whose side a result counts ([`GameResult`]).
//!
//! The score is `p = (W + D/2) / N`; the Elo difference is the logistic
//! model's `-400 log10(1/p - 1)`. The interval maps `p ± 1.96 s` through
//! the same function, where `s` is the standard error of the mean game
//! score (the sample deviation of the per-game scores 1, 1/2, 0 over
//! `sqrt(N)`): the usual normal approximation, fine for tens of games and
//! more.
//!
//! At a score of 0 or 100% the difference itself is infinite (`-inf`,
//! `+inf`: nothing was lost, or won, so the model has no finite answer)
//! and the normal interval collapses to a point; there the finite end of
//! the interval is the exact binomial (Clopper-Pearson) bound instead:
//! after `N` wins out of `N`, the score is above `0.025^(1/N)` with 97.5%
//! confidence, and the other end is infinite.

use std::fmt;

/// One game's result, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// An Elo difference, possibly infinite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo(pub f64);

impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_infinite() {
            f.write_str(if self.0 > 0.0 { "+inf" } else { "-inf" })
        } else {
            // `+ 0.0` turns -0 into 0, so an even score prints `+0`.
            write!(f, "{:+.0}", self.0.round() + 0.0)
        }
    }
}

/// The Elo difference a score `p` in 0..=1 stands for.
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

impl Tally {
    /// Count one game's result (the first player's).
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Loss => self.losses += 1,
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction (0 with no games).
    pub fn score(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            0.0
        } else {
            (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n
        }
    }

    /// The Elo difference and its 95% interval (low, high).
    pub fn elo(&self) -> (Elo, Elo, Elo) {
        let n = f64::from(self.games());
        let p = self.score();
        if n == 0.0 {
            return (Elo(0.0), Elo(f64::NEG_INFINITY), Elo(f64::INFINITY));
        }
        let var = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        // The exact bound at a clean sweep (see the module comment).
        let exact = 0.025f64.powf(1.0 / n);
        let (low, high) = if self.losses == 0 && self.draws == 0 {
            (exact, 1.0)
        } else if self.wins == 0 && self.draws == 0 {
            (0.0, 1.0 - exact)
        } else {
            (p - 1.96 * se, p + 1.96 * se)
        };
        (Elo(elo_of(p)), Elo(elo_of(low)), Elo(elo_of(high)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, lo, hi) = t.elo();
        assert_eq!(e.0, 0.0);
        // p = 0.5, per-game deviation 0.5, se = 0.5/sqrt(20) = 0.1118;
        // p + 1.96 se = 0.7191: -400 log10(1/0.7191 - 1) = +163.
        assert_eq!(hi.to_string(), "+163");
        assert_eq!(lo.to_string(), "-163");
    }

    #[test]
    fn known_points() {
        // 75%: 1/p - 1 = 1/3, -400 log10(1/3) = 190.8.
        assert_eq!(Elo(elo_of(0.75)).to_string(), "+191");
        assert_eq!(Elo(elo_of(1.0)).to_string(), "+inf");
        assert_eq!(Elo(elo_of(0.0)).to_string(), "-inf");
        assert_eq!(Elo(elo_of(0.5)).to_string(), "+0");
        assert_eq!(Elo(-0.3).to_string(), "+0");
        let t = Tally {
            wins: 3,
            draws: 2,
            losses: 1,
        };
        assert_eq!(t.games(), 6);
        assert!((t.score() - 4.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn clean_sweeps_have_an_exact_finite_end() {
        // 10 wins of 10: the score is above 0.025^(1/10) = 0.69150 with
        // 97.5% confidence; -400 log10(1/0.69150 - 1) = +140.2.
        let t = Tally {
            wins: 10,
            draws: 0,
            losses: 0,
        };
        let (e, lo, hi) = t.elo();
        assert_eq!(
            (e.to_string(), lo.to_string(), hi.to_string()),
            ("+inf".into(), "+140".into(), "+inf".into())
        );
        // 4 losses of 4: the score is below 1 - 0.025^(1/4) = 0.60236:
        // +72.1 Elo at most.
        let t = Tally {
            wins: 0,
            draws: 0,
            losses: 4,
        };
        let (e, lo, hi) = t.elo();
        assert_eq!(
            (e.to_string(), lo.to_string(), hi.to_string()),
            ("-inf".into(), "-inf".into(), "+72".into())
        );
    }

    #[test]
    fn add_counts_each_result() {
        let mut t = Tally::default();
        t.add(GameResult::Win);
        t.add(GameResult::Loss);
        t.add(GameResult::Win);
        t.add(GameResult::Draw);
        assert_eq!(
            t,
            Tally {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
    }
}
