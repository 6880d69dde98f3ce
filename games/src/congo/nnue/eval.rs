//! The output layer: a position's score from its accumulators.

use super::accumulator::Accumulators;
use super::network::{MAX_EVAL, Network, QA, QB, SCALE};
use crate::congo::piece::Color;

impl Network {
    /// The score in centipawns for `side_to_move` of the position whose
    /// accumulators `acc` are (built under this network): the side to
    /// move's view meets the first half of the output weights, the other
    /// side's view the second; then `× SCALE / (QA × QB)`, rounded toward
    /// zero, and clamped to `±MAX_EVAL` (never a mate score).
    pub fn evaluate(&self, acc: &Accumulators, side_to_move: Color) -> i32 {
        self.evaluate_views(acc.view(side_to_move), acc.view(!side_to_move))
    }

    /// The score from the side to move's view `us` and the other side's
    /// `them` (each `H` values, as [`Network::evaluate`]).
    pub(crate) fn evaluate_views(&self, us: &[i16], them: &[i16]) -> i32 {
        let (w_us, w_them, bias) = self.output();
        // Each dot is Σ clamp(acc, 0, QA) × w over at most MAX_HIDDEN
        // units: within an i32 (see `simd::dot`).
        let dot = self.kernels().dot;
        let sum = i64::from(dot(us, w_us)) + i64::from(dot(them, w_them)) + i64::from(bias);
        let cp = sum * i64::from(SCALE) / (i64::from(QA) * i64::from(QB));
        // |sum| < 2^33, so |cp| < 2^33 × 400 / 16320 < 2^31 (no overflow);
        // then inside the non-mate range, whatever the weights.
        cp.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }
}
