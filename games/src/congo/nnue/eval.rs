//! The output layer: a position's score from its accumulators.

use super::accumulator::Accumulators;
use super::network::{Activation, MAX_EVAL, Network, QA, QB, SCALE, SQ_SHIFT, output_bucket};
use crate::congo::piece::Color;

impl Network {
    /// The score in centipawns for `side_to_move` of the position whose
    /// accumulators `acc` are (built under this network): the side to
    /// move's view meets the first half of the output weights, the other
    /// side's view the second (of the output bucket of the position's
    /// pieces, [`output_bucket`]); then `× SCALE / (QA × QB)` (`× SCALE ×
    /// 2^SQ_SHIFT / (QA² × QB)` for the squared activation), rounded
    /// toward zero, and clamped to `±MAX_EVAL` (never a mate score).
    pub fn evaluate(&self, acc: &Accumulators, side_to_move: Color) -> i32 {
        let bucket = output_bucket(acc.pieces(), self.output_buckets());
        self.evaluate_views(acc.view(side_to_move), acc.view(!side_to_move), bucket)
    }

    /// The score from the side to move's view `us` and the other side's
    /// `them` (each `H` values) through output bucket `bucket`, as
    /// [`Network::evaluate`].
    pub(crate) fn evaluate_views(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let (w_us, w_them, bias) = self.output(bucket);
        let k = self.kernels();
        let (qa, qb, scale) = (i64::from(QA), i64::from(QB), i64::from(SCALE));
        let cp = match self.activation() {
            Activation::ClippedRelu => {
                // Each dot is Σ clamp(acc, 0, QA) × w over at most
                // MAX_HIDDEN units: within an i32 (see `simd::dot`).
                let sum = i64::from((k.dot)(us, w_us))
                    + i64::from((k.dot)(them, w_them))
                    + i64::from(bias);
                // |sum| < 2^33, so |sum × 400| < 2^42: no overflow.
                sum * scale / (qa * qb)
            }
            Activation::SquaredClippedRelu => {
                // Each dot is within 256 × 2032 × 2^15 < 2^35.
                let sum = (k.dot_sq)(us, w_us) + (k.dot_sq)(them, w_them) + i64::from(bias);
                // |sum| < 2^37, so |sum × 400 × 32| < 2^51: no overflow.
                sum * scale * (1 << SQ_SHIFT) / (qa * qa * qb)
            }
        };
        // Inside the non-mate range, whatever the weights.
        cp.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }
}
