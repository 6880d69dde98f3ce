//! The network's shape and its quantized weights.
//!
//! [`N_FEATURES`] inputs (or [`FeatureSet::inputs`] of another feature
//! set) feed a hidden layer of `H` units, computed once
//! for each side's view (the *accumulators*, see
//! [`Accumulators`](super::Accumulators)); both views go through a clipped
//! ReLU and into one output unit, the side to move's view first:
//!
//! ```text
//! acc_P  = feature_bias + Σ feature_weights[f]   (f: the features of P's view)
//! output = (Σ crelu(acc_us)·w_us + Σ crelu(acc_them)·w_them + output_bias)
//!          × SCALE / (QA × QB)                    (centipawns)
//! crelu(x) = clamp(x, 0, QA)
//! ```
//!
//! All in integers: the trained floats are stored as `round(x × QA)` for
//! the hidden layer, `round(x × QB)` for the output weights and
//! `round(x × QA × QB)` for the output bias.
//!
//! A network may have several output layers, its *output buckets*
//! ([`Network::output_buckets`]): the position's number of pieces picks
//! one ([`output_bucket`]), so that the endgame weighs its units
//! otherwise than the opening, as in the engines that train their own
//! nets (bullet's "material count" buckets). The accumulators are the
//! same for every bucket.
//!
//! A network may instead square the clipped value ([`Activation`]'s
//! `SquaredClippedRelu`, "SCReLU" in the engines that use it): each unit
//! gives `clamp(x, 0, QA)² >> SQ_SHIFT` (0 to 2032, about 2032 × h² for
//! the float `h = x / QA`), the output bias is stored as
//! `round(b × QB × QA² / 2^SQ_SHIFT)`, and the sum is scaled by
//! `SCALE × 2^SQ_SHIFT / (QA² × QB)`.

use super::features::{FeatureSet, N_FEATURES};
use super::simd::Kernels;
use crate::rng::Rng;

/// The hidden layer's scale: an accumulator value of `QA` is 1.0, and the
/// clipped ReLU clamps to `[0, QA]`.
pub const QA: i16 = 255;

/// The output weights' scale: a weight of `QB` is 1.0. At 1024 (not the
/// usual 64) a weight's rounding costs little: on a first trained net of
/// 128 units the integer score strayed from the float one by 1.5 cp on
/// average (7.6 at most) where 64 gave 6.9 (29.6 at most). The sums stay
/// within an `i32` whatever the `i16` weights (see [`MAX_HIDDEN`]).
pub const QB: i32 = 1024;

/// Centipawns per unit of the network's output (1.0 after both scales).
pub const SCALE: i32 = 400;

/// The largest score the network gives, in centipawns either way: one
/// inside the search's non-mate range (a score past its mate bound,
/// 29,000, reads as a won or lost game: "White wins in 5", a hint's
/// "exact"). Crafted weights can make the output anything (all at their
/// most: over 3 million cp); the clamp keeps it a score, never a claim of
/// mate. A trained network stays far inside (its output bias is clipped
/// to 12,800 cp by the trainer), so the clamp changes none of its scores.
pub const MAX_EVAL: i32 = 28_999;

/// The right shift of a squared unit: `clamp(x, 0, QA)²` (at most
/// 65,025) becomes 0 to 2032, so that a 256-bit register's `i32` lane,
/// which collects 32 of its products with `i16` weights over
/// [`MAX_HIDDEN`] units, stays within an `i32` (32 × 2032 × 32768 <
/// 2^31). What it drops is at most 1/2032 of a unit's value.
pub const SQ_SHIFT: u32 = 5;

/// What the hidden layer does to an accumulator value before the output
/// layer: clip it to `[0, QA]` (the first networks), or clip and square
/// it (a smoother curve whose every unit can add more: the activation of
/// most engines that train their own nets today).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Activation {
    /// `clamp(x, 0, QA)`: "CReLU".
    #[default]
    ClippedRelu,
    /// `clamp(x, 0, QA)² >> SQ_SHIFT`: "SCReLU".
    SquaredClippedRelu,
}

impl Activation {
    /// The activation's id in a network file (0 and 1), and its name.
    pub fn id(self) -> u32 {
        match self {
            Activation::ClippedRelu => 0,
            Activation::SquaredClippedRelu => 1,
        }
    }

    /// The activation of a network file's id.
    pub fn from_id(id: u32) -> Option<Activation> {
        match id {
            0 => Some(Activation::ClippedRelu),
            1 => Some(Activation::SquaredClippedRelu),
            _ => None,
        }
    }

    /// Its short name, as the trainer's `--activation` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Activation::ClippedRelu => "crelu",
            Activation::SquaredClippedRelu => "screlu",
        }
    }
}

/// The most output buckets a network may have.
pub const MAX_BUCKETS: usize = 8;

/// The output bucket of a position with `pieces` pieces (both lions
/// included) in a network of `buckets` buckets: the 2 to 28 pieces of a
/// Congo game split into `buckets` spans of about equal width, the fewest
/// pieces in bucket 0, `(pieces − 2) × buckets / 27`, at most the last.
/// One bucket: always 0.
pub fn output_bucket(pieces: u32, buckets: usize) -> usize {
    let b = (pieces.saturating_sub(2) as usize).saturating_mul(buckets) / 27;
    b.min(buckets.saturating_sub(1))
}

/// The largest hidden layer: with it, each view's sum of
/// `crelu(acc) × w` stays within an `i32` (255 × 32768 × 256 < 2^31).
pub const MAX_HIDDEN: usize = 256;

/// A network: its feature set's inputs `→ H` (shared by both views) `→ 1`.
///
/// `feature_weights` holds one row of `H` weights per input, row `f` at
/// `f × H`, so adding a feature is one pass over a contiguous slice.
#[derive(Clone, Debug)]
pub struct Network {
    /// Which inputs it reads ([`N_FEATURES`] of them, or a multiple).
    features: FeatureSet,
    hidden: usize,
    feature_weights: Vec<i16>,
    feature_bias: Vec<i16>,
    /// Each output bucket's side to move's `H` weights, then the other
    /// side's `H` (bucket `b` at `b × 2H`).
    output_weights: Vec<i16>,
    /// Each output bucket's bias.
    output_bias: Vec<i32>,
    /// What the hidden layer does before the output layer.
    activation: Activation,
    /// The inner loops, chosen for this CPU when the network was made
    /// (SIMD where it has it): never asked again per call.
    kernels: Kernels,
}

/// Networks are equal when their weights are (whichever kernels run
/// them: both give the same integers).
impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.features == other.features
            && self.hidden == other.hidden
            && self.feature_weights == other.feature_weights
            && self.feature_bias == other.feature_bias
            && self.output_weights == other.output_weights
            && self.output_bias == other.output_bias
            && self.activation == other.activation
    }
}

impl Eq for Network {}

impl Network {
    /// A network from its weights: `feature_weights` of `N_FEATURES × H`
    /// (row by row), `feature_bias` of `H`, `output_weights` of `2 × H`
    /// (the side to move's first). `None` if the lengths do not agree
    /// or `H` is not in `1..=MAX_HIDDEN`. One output bucket.
    pub fn new(
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i32,
    ) -> Option<Network> {
        Network::with_buckets(
            feature_weights,
            feature_bias,
            output_weights,
            vec![output_bias],
        )
    }

    /// A network of `B = output_bias.len()` output buckets: as
    /// [`Network::new`], with `output_weights` of `B × 2H` (bucket `b`'s
    /// `2H` at `b × 2H`, the side to move's first). `None` if the lengths
    /// do not agree, `H` is not in `1..=MAX_HIDDEN` or `B` not in
    /// `1..=MAX_BUCKETS`.
    pub fn with_buckets(
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: Vec<i32>,
    ) -> Option<Network> {
        Network::with_features(
            FeatureSet::Plain,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        )
    }

    /// A network of feature set `features`: as [`Network::with_buckets`],
    /// with `feature_weights` of `features.inputs() × H`.
    pub fn with_features(
        features: FeatureSet,
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: Vec<i32>,
    ) -> Option<Network> {
        let hidden = feature_bias.len();
        let buckets = output_bias.len();
        let fits = (1..=MAX_HIDDEN).contains(&hidden)
            && (1..=MAX_BUCKETS).contains(&buckets)
            && feature_weights.len() == features.inputs() * hidden
            && output_weights.len() == 2 * hidden * buckets;
        fits.then(|| Network {
            features,
            ..Network::of_weights(feature_weights, feature_bias, output_weights, output_bias)
        })
    }

    /// The network of these weights, whose lengths agree (the hidden
    /// units: `feature_bias`'s; the buckets: `output_bias`'s), on the
    /// SIMD kernels where the CPU has them.
    fn of_weights(
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: Vec<i32>,
    ) -> Network {
        Network {
            features: FeatureSet::Plain,
            hidden: feature_bias.len(),
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            activation: Activation::ClippedRelu,
            kernels: Kernels::detect(true),
        }
    }

    /// A network of `hidden` units (clamped to `1..=MAX_HIDDEN`) with small
    /// random weights drawn from `seed`: the same seed gives the same
    /// network. It plays nothing well; it gives the tests a network.
    pub fn random(hidden: usize, seed: u64) -> Network {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let mut rng = Rng::new(seed);
        // A value in -r..=r.
        let mut draw = |r: i16| (rng.below(2 * r as usize + 1) as i16) - r;
        let feature_weights = (0..N_FEATURES * hidden).map(|_| draw(32)).collect();
        let feature_bias = (0..hidden).map(|_| draw(64)).collect();
        let output_weights = (0..2 * hidden).map(|_| draw(QB as i16)).collect();
        let output_bias = vec![i32::from(draw(1000))];
        Network::of_weights(feature_weights, feature_bias, output_weights, output_bias)
    }

    /// A random network as [`Network::random_buckets`] of feature set
    /// `features`: the plain one's weights, and for each further block of
    /// inputs its own draws.
    pub fn random_with(features: FeatureSet, hidden: usize, buckets: usize, seed: u64) -> Network {
        let plain = Network::random_buckets(hidden, buckets, seed);
        let mut rng = Rng::new(seed ^ 0x5851_f42d_4c95_7f2d);
        let extra = (features.inputs() - N_FEATURES) * plain.hidden;
        let mut feature_weights = plain.feature_weights.clone();
        feature_weights.extend((0..extra).map(|_| (rng.below(65) as i16) - 32));
        Network {
            features,
            feature_weights,
            ..plain
        }
    }

    /// A random network as [`Network::random`] with `buckets` output
    /// buckets (clamped to `1..=MAX_BUCKETS`), each its own draws.
    pub fn random_buckets(hidden: usize, buckets: usize, seed: u64) -> Network {
        let first = Network::random(hidden, seed);
        let buckets = buckets.clamp(1, MAX_BUCKETS);
        let mut rng = Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut draw = |r: i16| (rng.below(2 * r as usize + 1) as i16) - r;
        let h = first.hidden;
        let mut output_weights = first.output_weights.clone();
        output_weights.extend((0..2 * h * (buckets - 1)).map(|_| draw(QB as i16)));
        let mut output_bias = first.output_bias.clone();
        output_bias.extend((1..buckets).map(|_| i32::from(draw(1000))));
        Network::of_weights(
            first.feature_weights,
            first.feature_bias,
            output_weights,
            output_bias,
        )
    }

    /// The same network on the SIMD kernels where the CPU has them
    /// (`true`, what every network gets when made) or on the scalar ones:
    /// the same integers either way (a measurement's switch, `lab`'s
    /// `bench_nnue`).
    pub fn with_simd(&self, allowed: bool) -> Network {
        Network {
            kernels: Kernels::detect(allowed),
            ..self.clone()
        }
    }

    /// The same weights under `activation` (a network is made with the
    /// clipped ReLU).
    pub fn with_activation(self, activation: Activation) -> Network {
        Network { activation, ..self }
    }

    /// What the hidden layer does before the output layer.
    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// Whether this network runs on SIMD kernels.
    pub fn uses_simd(&self) -> bool {
        self.kernels.simd
    }

    /// The inner loops this network runs on.
    pub(crate) fn kernels(&self) -> &Kernels {
        &self.kernels
    }

    /// The number of hidden units, `H`.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The inputs it reads.
    pub fn feature_set(&self) -> FeatureSet {
        self.features
    }

    /// The `H` weights of input `f` (empty past the feature set's
    /// [`FeatureSet::inputs`]).
    pub fn feature_row(&self, f: usize) -> &[i16] {
        let start = f.saturating_mul(self.hidden);
        self.feature_weights
            .get(start..start.saturating_add(self.hidden))
            .unwrap_or(&[])
    }

    /// The hidden layer's biases: an accumulator's start.
    pub(crate) fn feature_bias(&self) -> &[i16] {
        &self.feature_bias
    }

    /// The number of output buckets (1: one output layer for every
    /// position).
    pub fn output_buckets(&self) -> usize {
        self.output_bias.len()
    }

    /// Output bucket `bucket`'s layer (the last for a larger number):
    /// the side to move's weights, the other side's, the bias.
    pub(crate) fn output(&self, bucket: usize) -> (&[i16], &[i16], i32) {
        let b = bucket.min(self.output_bias.len().saturating_sub(1));
        let h = self.hidden;
        let layer = self
            .output_weights
            .get(b * 2 * h..(b + 1) * 2 * h)
            .unwrap_or_default();
        let (us, them) = layer.split_at(h.min(layer.len()));
        (us, them, self.output_bias.get(b).copied().unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_checks_the_shape() {
        let h = 3;
        let ok = |fw: usize, fb: usize, ow: usize| {
            Network::new(vec![0; fw], vec![0; fb], vec![0; ow], 0).is_some()
        };
        assert!(ok(N_FEATURES * h, h, 2 * h));
        assert!(!ok(N_FEATURES * h - 1, h, 2 * h));
        assert!(!ok(N_FEATURES * h, h, 2 * h + 1));
        assert!(!ok(0, 0, 0));
        let big = MAX_HIDDEN + 1;
        assert!(!ok(N_FEATURES * big, big, 2 * big));
    }

    /// The buckets split 2 to 28 pieces evenly: with 8, a span of 27/8
    /// pieces each (2-5 pieces bucket 0, 26-28 bucket 7); with one, all
    /// in 0; never past the last, even for more pieces than a game has.
    #[test]
    fn output_buckets_split_the_pieces_evenly() {
        let of = |buckets| {
            (0..=40)
                .map(|p| output_bucket(p, buckets))
                .collect::<Vec<_>>()
        };
        assert!(of(1).iter().all(|&b| b == 0));
        let eight = of(8);
        assert_eq!(&eight[..6], &[0, 0, 0, 0, 0, 0]);
        assert_eq!(eight[6], 1); // 4 × 8 / 27 = 1
        assert_eq!(eight[28], 7);
        assert_eq!(eight[40], 7);
        // Each bucket takes 3 or 4 consecutive piece counts of 2..=28.
        for b in 0..8 {
            let n = (2..=28).filter(|&p| eight[p] == b).count();
            assert!((3..=4).contains(&n), "bucket {b}: {n}");
        }
        assert!(eight.windows(2).all(|w| w[0] <= w[1]));
        // Two buckets: up to 15 pieces and from 16 (13 × 2 / 27 = 0).
        assert_eq!((output_bucket(15, 2), output_bucket(16, 2)), (0, 1));
    }

    #[test]
    fn random_is_seeded_and_small() {
        let a = Network::random(64, 5);
        assert_eq!(a, Network::random(64, 5));
        assert_ne!(a, Network::random(64, 6));
        assert_eq!(a.hidden(), 64);
        assert!(a.feature_weights.iter().all(|w| (-32..=32).contains(w)));
        // Not all zero: the draws spread over their range.
        assert!(a.feature_weights.iter().any(|&w| w > 16));
        assert!(a.feature_weights.iter().any(|&w| w < -16));
        assert_eq!(a.feature_row(N_FEATURES - 1).len(), 64);
        assert!(a.feature_row(N_FEATURES).is_empty());
        assert_eq!(Network::random(100_000, 1).hidden(), MAX_HIDDEN);
    }
}
