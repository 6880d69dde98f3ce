//! The totals of a review with their noise: each team's luck in all and
//! chance lost in all, each with a 95% half-width where estimates enter
//! it. The half-widths add as independent errors do (the root of the sum
//! of squares of each term's half-width). A loss that cannot be told
//! apart from none (the played use's interval meets the best's) is left
//! out of the loss in all: the best of several noisy estimates is above
//! the rest by noise alone, so summing such losses adds noise as loss.

use super::analysis::GameReview;
use super::luck::Luck;
use super::whole::indistinct;

/// A total and its 95% half-width (`None`: every term exact).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Total {
    /// The sum.
    pub value: f64,
    /// The half-width of its 95% interval, when any term is estimated.
    pub half: Option<f64>,
}

/// Half the width of an interval, if any.
fn half(interval: Option<(f64, f64)>) -> Option<f64> {
    interval.map(|(low, high)| (high - low) / 2.0)
}

/// Adds `terms` (value, half-width) into a [`Total`].
fn sum(terms: impl Iterator<Item = (f64, Option<f64>)>) -> Total {
    let (mut value, mut squares, mut estimated) = (0.0, 0.0, false);
    for (v, h) in terms {
        value += v;
        if let Some(h) = h {
            squares += h * h;
            estimated = true;
        }
    }
    Total {
        value,
        half: estimated.then(|| squares.sqrt()),
    }
}

/// Upper's and lower's luck in all, each from its own side.
pub fn luck_totals(luck: &Luck) -> [Total; 2] {
    [0, 1].map(|k| {
        sum((luck.throws.iter())
            .filter(|t| t.team as usize == k)
            .map(|t| (t.luck, half(t.interval))))
    })
}

/// Upper's and lower's chance lost in all, counting only the losses told
/// apart from none, and how many losses were left out.
pub fn loss_totals(review: &GameReview) -> ([Total; 2], usize) {
    let told = |r: &super::review::Reviewed| {
        r.loss > 0.0 && !indistinct(r.chance, r.interval, r.best.chance, r.best.interval)
    };
    let left_out = (review.decisions.iter())
        .filter(|(_, r)| r.loss > 0.0 && !told(r))
        .count();
    let totals = [0, 1].map(|k| {
        sum((review.decisions.iter())
            .filter(|(team, r)| *team as usize == k && told(r))
            .map(|(_, r)| {
                // The loss is the difference of two chances: their
                // half-widths add as independent errors.
                let h = match (half(r.interval), half(r.best.interval)) {
                    (None, None) => None,
                    (a, b) => Some(a.unwrap_or(0.0).hypot(b.unwrap_or(0.0))),
                };
                (r.loss, h)
            }))
    });
    (totals, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::player::solve::HintLine;
    use crate::yut::player::solve::luck::ThrowLuck;
    use crate::yut::player::solve::review::Reviewed;
    use crate::yut::{Roll, Team, Token, Use};

    fn used(token: Token) -> Use {
        Use {
            token,
            roll: Roll::Gae,
        }
    }

    /// A decision: the played use's chance and interval, the best's.
    fn decision(
        team: Team,
        chance: f64,
        interval: Option<(f64, f64)>,
        best: f64,
        best_interval: Option<(f64, f64)>,
    ) -> (Team, Reviewed) {
        let loss = (best - chance).max(0.0);
        (
            team,
            Reviewed {
                played: used(Token::A),
                chance,
                interval,
                best: HintLine {
                    choice: used(Token::B),
                    chance: best,
                    interval: best_interval,
                },
                loss,
                mark: crate::yut::player::solve::review::THRESHOLDS.mark(loss),
            },
        )
    }

    #[test]
    fn losses_within_the_noise_are_left_out_and_the_rest_carry_a_half_width() {
        // Upper: a loss of 0.10 whose intervals touch at 0.50 (not told
        // apart: left out); a loss of 0.15 with intervals 0.40-0.50 and
        // 0.55-0.65 (apart; half-widths 0.05 and 0.05, together
        // 0.05 * sqrt 2); a loss of 0.02 whose intervals overlap (left
        // out). Lower: an exact loss of 0.03 (no half-width), and the
        // best played (no loss, nothing left out).
        let mut review = GameReview {
            decisions: vec![
                decision(
                    Team::Upper,
                    0.45,
                    Some((0.40, 0.50)),
                    0.55,
                    Some((0.50, 0.60)),
                ),
                decision(
                    Team::Upper,
                    0.45,
                    Some((0.40, 0.50)),
                    0.60,
                    Some((0.55, 0.65)),
                ),
                decision(
                    Team::Upper,
                    0.50,
                    Some((0.45, 0.55)),
                    0.52,
                    Some((0.47, 0.57)),
                ),
                decision(Team::Lower, 0.30, None, 0.33, None),
                decision(Team::Lower, 0.33, None, 0.33, None),
            ],
            total: [0.0; 2],
            skipped: 0,
            forced: 0,
            games: 200,
            luck: Luck::default(),
            marks: Vec::new(),
            complete: true,
            reviewable: 5,
        };
        let ([upper, lower], left_out) = loss_totals(&review);
        assert_eq!(left_out, 2);
        assert!((upper.value - 0.15).abs() < 1e-12, "{upper:?}");
        let h = upper.half.expect("estimated");
        assert!((h - 0.05 * 2f64.sqrt()).abs() < 1e-12, "{h}");
        assert!((lower.value - 0.03).abs() < 1e-12, "{lower:?}");
        assert_eq!(lower.half, None);
        // Luck: upper's two throws, +0.10 (0.02 either side) and -0.04
        // (0.03 either side): +0.06 with half-width sqrt(0.02² + 0.03²);
        // lower's one exact throw.
        let throw = |team, luck, interval| ThrowLuck {
            team,
            roll: Roll::Do,
            luck,
            interval,
            point: 0,
        };
        review.luck.throws = vec![
            throw(Team::Upper, 0.10, Some((0.08, 0.12))),
            throw(Team::Lower, 0.05, None),
            throw(Team::Upper, -0.04, Some((-0.07, -0.01))),
        ];
        let [upper, lower] = luck_totals(&review.luck);
        assert!((upper.value - 0.06).abs() < 1e-12, "{upper:?}");
        let h = upper.half.expect("estimated");
        assert!((h - 0.02f64.hypot(0.03)).abs() < 1e-12, "{h}");
        assert_eq!(
            lower,
            Total {
                value: 0.05,
                half: None
            }
        );
    }
}
