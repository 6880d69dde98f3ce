//! The output layer: a position's score from its accumulators.

use super::accumulator::Accumulators;
use super::network::{Network, QA, QB, SCALE};
use crate::congo::piece::Color;

/// Σ crelu(acc) × w over one view: the clipped ReLU and the dot product
/// in one pass over plain slices (auto-vectorised). With at most
/// `MAX_HIDDEN` units it stays within an `i32`.
fn dot(acc: &[i16], weights: &[i16]) -> i32 {
    acc.iter()
        .zip(weights)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA)) * i32::from(w))
        .sum()
}

impl Network {
    /// The score in centipawns for `side_to_move` of the position whose
    /// accumulators `acc` are (built under this network): the side to
    /// move's view meets the first half of the output weights, the other
    /// side's view the second; then `× SCALE / (QA × QB)`, rounded toward
    /// zero.
    pub fn evaluate(&self, acc: &Accumulators, side_to_move: Color) -> i32 {
        let (w_us, w_them, bias) = self.output();
        let sum = i64::from(dot(acc.view(side_to_move), w_us))
            + i64::from(dot(acc.view(!side_to_move), w_them))
            + i64::from(bias);
        let cp = sum * i64::from(SCALE) / (i64::from(QA) * i64::from(QB));
        // |sum| < 2^33, so |cp| < 2^33 × 400 / 16320 < 2^31: the clamp is
        // only a guard.
        cp.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}
