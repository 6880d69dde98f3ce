//! The float model, its gradient and its quantization.
//!
//! ```text
//! acc_v = b1 + Σ W1[f]            (f: the features of view v; W1 shared)
//! h_v   = clamp(acc_v, 0, 1)      (squared, `--activation screlu`)
//! out   = w2_us · h_us + w2_them · h_them + b2      (cp = 400 × out; w2
//!         and b2 those of the position's output bucket, `--buckets`)
//! p     = 1 / (1 + 10^(−out))                       (= 1/(1+10^(−cp/400)))
//! loss  = (p − t)^2
//! ```
//!
//! The parameters live in one vector, `[W1 (inputs × H, row by row) |
//! b1 (H) | w2 (B × 2H, bucket by bucket, each the side to move's first) |
//! b2 (B)]`, so the optimiser and the gradient reduction are single loops.
//! A position's bucket is [`output_bucket`] of its pieces, the number of
//! features in a view (one a piece).
//!
//! The inputs are the feature set's ([`FeatureSet::inputs`]); under lion
//! buckets W1 has [`N_FEATURES`] rows more at its end, the *factoriser*:
//! every input `f` also reads the shared row `f mod N_FEATURES` there, so
//! what a piece on a square means is learnt from every lion square at
//! once and each bucket learns only its difference (as the engines that
//! train king buckets do). Quantized, each input's row is its own plus
//! the shared one (kept within ±[`W1_CLIP`] by [`Model::clip`]): the
//! network the engine reads has no factoriser.

use boardsh::congo::nnue::{
    Activation, FeatureSet, MAX_EVAL, N_FEATURES, Network, QA, QB, SQ_SHIFT, output_bucket,
};
use boardsh::rng::Rng;
use std::f32::consts::LN_10;

/// The bound of W1 and b1 after each step. Quantized, a weight is at most
/// round(1.98 × 255) = 505; an accumulator is b1 plus one row per piece,
/// and a Congo board holds at most 49 pieces (a legal game at most 28),
/// so |acc| ≤ 50 × 505 = 25,250 < 32,767: no i16 overflow on any board.
pub const W1_CLIP: f32 = 1.98;

/// The bound of the output weights: round(8 × 64) = 512 fits an i16 and
/// 255 × 512 × 256 units < 2^31 (the library's i32 sum).
pub const W2_CLIP: f32 = 8.0;

/// The bound of the output bias (32 × 255 × 64 = 522,240 fits an i32;
/// 32 is 12,800 cp, well inside the engine's clamp of a network's score,
/// `MAX_EVAL`, 28,999 cp, below its mate scores).
pub const B2_CLIP: f32 = 32.0;

// The bias alone never reaches the clamp of the network's score.
const _: () = assert!((B2_CLIP as i32) * boardsh::congo::nnue::SCALE < MAX_EVAL);

/// The chance of winning of a score of `x` = cp / 400: 1 / (1 + 10^(−x)).
pub fn win_chance(x: f32) -> f32 {
    boardsh::congo::eval::win_chance_f32(x)
}

/// The network's float parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub hidden: usize,
    pub params: Vec<f32>,
    /// What the hidden layer does (the clipped ReLU unless set).
    pub activation: Activation,
    /// The output buckets (1: one output layer).
    pub buckets: usize,
    /// The inputs (and, for lion buckets, the factoriser's rows).
    pub features: FeatureSet,
}

/// A unit's value `h` of its accumulator `a`, squared when `SQUARE`
/// (SCReLU), and `dh/da` (0 where the clamp is flat). The activation is a
/// constant of the caller so that each inner loop is compiled for one.
#[inline(always)]
fn activate<const SQUARE: bool>(a: f32) -> (f32, f32) {
    let on = a > 0.0 && a < 1.0;
    let c = a.clamp(0.0, 1.0);
    if SQUARE {
        (c * c, if on { 2.0 * c } else { 0.0 })
    } else {
        (c, if on { 1.0 } else { 0.0 })
    }
}

impl Model {
    /// Where the factoriser's rows start (row `f` of it at
    /// `(factor + f) × H`): under lion buckets only.
    pub fn factor(&self) -> Option<usize> {
        (self.features == FeatureSet::LionBuckets).then(|| self.features.inputs())
    }

    /// The rows of W1: the inputs, and the factoriser's.
    pub fn rows(&self) -> usize {
        self.features.inputs() + self.factor().map_or(0, |_| N_FEATURES)
    }

    /// Where each part starts in `params`.
    pub fn b1_at(&self) -> usize {
        self.rows() * self.hidden
    }
    pub fn w2_at(&self) -> usize {
        self.b1_at() + self.hidden
    }
    /// Where the output biases start (bucket 0's).
    pub fn b2_at(&self) -> usize {
        self.w2_at() + 2 * self.hidden * self.buckets
    }

    /// The output bucket of a position whose view has `features`
    /// features (one a piece).
    pub fn bucket(&self, features: usize) -> usize {
        output_bucket(u32::try_from(features).unwrap_or(u32::MAX), self.buckets)
    }

    /// A model of all zeros, one output bucket.
    pub fn zeros(hidden: usize) -> Model {
        Model::zeros_buckets(hidden, 1)
    }

    /// A model of all zeros with `buckets` output buckets.
    pub fn zeros_buckets(hidden: usize, buckets: usize) -> Model {
        Model::zeros_with(hidden, buckets, FeatureSet::Plain)
    }

    /// A model of all zeros with `buckets` output buckets and the inputs
    /// of `features`.
    pub fn zeros_with(hidden: usize, buckets: usize, features: FeatureSet) -> Model {
        let mut m = Model {
            hidden,
            params: Vec::new(),
            activation: Activation::ClippedRelu,
            buckets,
            features,
        };
        m.params = vec![0.0; (m.rows() + 1 + 2 * buckets) * hidden + buckets];
        m
    }

    /// The same parameters under `activation`.
    pub fn with_activation(self, activation: Activation) -> Model {
        Model { activation, ..self }
    }

    /// A seeded start: W1 uniform in ±0.1 (about 28 pieces give an
    /// accumulator spread of ±0.3 around b1), b1 = 0.5 (most units start
    /// inside the clipped ReLU's slope), w2 uniform in ±1/√(2H), b2 = 0.
    pub fn init(hidden: usize, seed: u64) -> Model {
        Model::init_buckets(hidden, 1, seed)
    }

    /// [`Model::init`] with `buckets` output buckets, each starting as the
    /// one bucket would (the same draws, copied), so that training begins
    /// from the one-bucket network.
    pub fn init_buckets(hidden: usize, buckets: usize, seed: u64) -> Model {
        Model::init_with(hidden, buckets, FeatureSet::Plain, seed)
    }

    /// [`Model::init_buckets`] with the inputs of `features`: each input's
    /// row drawn as above, the factoriser's rows (if any) 0, so that every
    /// input starts as its own row.
    pub fn init_with(hidden: usize, buckets: usize, features: FeatureSet, seed: u64) -> Model {
        let mut m = Model::zeros_with(hidden, buckets, features);
        let mut rng = Rng::new(seed);
        let mut uniform = |r: f32| {
            // 24 random bits → [−r, r).
            let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * u - 1.0) * r
        };
        let (b1, w2, b2) = (m.b1_at(), m.w2_at(), m.b2_at());
        let own = m.features.inputs() * hidden;
        for p in &mut m.params[..own] {
            *p = uniform(0.1);
        }
        for p in &mut m.params[b1..w2] {
            *p = 0.5;
        }
        let r = 1.0 / ((2 * hidden) as f32).sqrt();
        let first = w2 + 2 * hidden;
        for p in &mut m.params[w2..first] {
            *p = uniform(r);
        }
        for b in first..b2 {
            m.params[b] = m.params[b - 2 * hidden];
        }
        m
    }

    /// Keep every parameter inside what quantizes safely.
    ///
    /// Under lion buckets what is bounded is what the engine reads: each
    /// shared row to ±[`W1_CLIP`], then each input's own row so that own
    /// plus shared stays within ±[`W1_CLIP`] too (so the float model is
    /// the quantized one, and [`Model::merged_row`]'s clamp never acts).
    pub fn clip(&mut self) {
        let (w2, b2) = (self.w2_at(), self.b2_at());
        for p in &mut self.params[..w2] {
            *p = p.clamp(-W1_CLIP, W1_CLIP);
        }
        if let Some(at) = self.factor() {
            let (h, rows) = (self.hidden, self.rows());
            let (own, shared) = self.params[..rows * h].split_at_mut(at * h);
            for (f, row) in own.chunks_exact_mut(h).enumerate() {
                let base = (f % N_FEATURES) * h;
                for (p, s) in row.iter_mut().zip(&shared[base..base + h]) {
                    *p = (*p + s).clamp(-W1_CLIP, W1_CLIP) - s;
                }
            }
        }
        for p in &mut self.params[w2..b2] {
            *p = p.clamp(-W2_CLIP, W2_CLIP);
        }
        for p in &mut self.params[b2..] {
            *p = p.clamp(-B2_CLIP, B2_CLIP);
        }
    }

    /// The rows of W1 input `f` reads: its own, and the factoriser's
    /// (if any).
    #[inline]
    fn rows_of(&self, f: u16) -> impl Iterator<Item = usize> + use<> {
        let f = usize::from(f);
        let shared = self.factor().map(|at| at + f % N_FEATURES);
        std::iter::once(f).chain(shared)
    }

    /// The accumulator of one view into `acc`.
    fn accumulate(&self, feats: &[u16], acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.params[self.b1_at()..self.w2_at()]);
        for &f in feats {
            for r in self.rows_of(f) {
                let row = &self.params[r * h..(r + 1) * h];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
    }

    /// The output (cp / 400) of a position's two views; `scratch` holds
    /// 2H floats and keeps both accumulators afterwards.
    pub fn forward(&self, us: &[u16], them: &[u16], scratch: &mut [f32]) -> f32 {
        match self.activation {
            Activation::ClippedRelu => self.forward_as::<false>(us, them, scratch),
            Activation::SquaredClippedRelu => self.forward_as::<true>(us, them, scratch),
        }
    }

    fn forward_as<const SQUARE: bool>(&self, us: &[u16], them: &[u16], scratch: &mut [f32]) -> f32 {
        let h = self.hidden;
        let (acc_us, acc_them) = scratch.split_at_mut(h);
        self.accumulate(us, acc_us);
        self.accumulate(them, acc_them);
        let bucket = self.bucket(us.len());
        let w2 = self.w2_at() + bucket * 2 * h;
        let (w_us, w_them) = self.params[w2..w2 + 2 * h].split_at(h);
        let dot = |acc: &[f32], w: &[f32]| -> f32 {
            acc.iter()
                .zip(w)
                .map(|(&a, w)| activate::<SQUARE>(a).0 * w)
                .sum()
        };
        dot(acc_us, w_us) + dot(acc_them, w_them) + self.params[self.b2_at() + bucket]
    }

    /// One sample's loss `(p − t)^2`, its gradient times `weight` added
    /// into `grad` (the shape of `params`). `scratch` holds 2H floats.
    pub fn backward(
        &self,
        us: &[u16],
        them: &[u16],
        target: f32,
        weight: f32,
        grad: &mut [f32],
        scratch: &mut [f32],
    ) -> f32 {
        let pass = match self.activation {
            Activation::ClippedRelu => Model::backward_as::<false>,
            Activation::SquaredClippedRelu => Model::backward_as::<true>,
        };
        pass(self, (us, them), (target, weight), grad, scratch)
    }

    /// [`Model::backward`] for one activation: the two views and the
    /// target and its weight in pairs.
    fn backward_as<const SQUARE: bool>(
        &self,
        (us, them): (&[u16], &[u16]),
        (target, weight): (f32, f32),
        grad: &mut [f32],
        scratch: &mut [f32],
    ) -> f32 {
        let h = self.hidden;
        let out = self.forward_as::<SQUARE>(us, them, scratch);
        let p = win_chance(out);
        let diff = p - target;
        // d loss / d out = 2 (p − t) × ln 10 × p (1 − p).
        let g = weight * 2.0 * diff * LN_10 * p * (1.0 - p);
        let bucket = self.bucket(us.len());
        let (b1, b2) = (self.b1_at(), self.b2_at() + bucket);
        let w2 = self.w2_at() + bucket * 2 * h;
        grad[b2] += g;
        let (w_us, w_them) = self.params[w2..w2 + 2 * h].split_at(h);
        // The output weights' gradient is h_v × g; then scratch becomes
        // d loss / d acc_v (g × w2 × dh/da: 0 where the clamp is flat).
        for (view, w) in [(0, w_us), (1, w_them)] {
            let acc = &mut scratch[view * h..(view + 1) * h];
            let gw2 = &mut grad[w2 + view * h..w2 + (view + 1) * h];
            for ((a, gw), &w) in acc.iter_mut().zip(gw2).zip(w) {
                let (value, slope) = activate::<SQUARE>(*a);
                *gw += g * value;
                *a = g * w * slope;
            }
        }
        let (d_us, d_them) = scratch.split_at(h);
        for ((gb, du), dt) in grad[b1..b1 + h].iter_mut().zip(d_us).zip(d_them) {
            *gb += du + dt;
        }
        for (feats, d) in [(us, d_us), (them, d_them)] {
            for &f in feats {
                for r in self.rows_of(f) {
                    let row = &mut grad[r * h..(r + 1) * h];
                    for (gw, dv) in row.iter_mut().zip(d) {
                        *gw += dv;
                    }
                }
            }
        }
        diff * diff
    }

    /// Input `f`'s weights as the engine reads them: its row, plus the
    /// factoriser's shared row (if any), that sum held to ±[`W1_CLIP`] as
    /// a row is (so that the accumulator's bound holds for the engine's
    /// network too; after [`Model::clip`] it already is).
    pub fn merged_row(&self, f: usize) -> Vec<f32> {
        let h = self.hidden;
        let own = &self.params[f * h..(f + 1) * h];
        match self.factor() {
            None => own.to_vec(),
            Some(at) => {
                let r = at + f % N_FEATURES;
                let shared = &self.params[r * h..(r + 1) * h];
                own.iter()
                    .zip(shared)
                    .map(|(a, b)| (a + b).clamp(-W1_CLIP, W1_CLIP))
                    .collect()
            }
        }
    }

    /// The quantized network: W1 (each input's row merged with the
    /// factoriser's, [`Model::merged_row`]) and b1 × QA, w2 × QB, b2 × QA
    /// × QB (× QA² × QB / 2^SQ_SHIFT, squared), each rounded (safe after
    /// [`Model::clip`]).
    pub fn quantize(&self) -> Network {
        let (b1, w2, b2) = (self.b1_at(), self.w2_at(), self.b2_at());
        let qa = f32::from(QA);
        let q16 = |x: f32, s: f32| (x * s).round().clamp(-32767.0, 32767.0) as i16;
        let fw = (0..self.features.inputs())
            .flat_map(|f| self.merged_row(f))
            .map(|x| q16(x, qa))
            .collect();
        let fb = self.params[b1..w2].iter().map(|&x| q16(x, qa)).collect();
        let ow = self.params[w2..b2]
            .iter()
            .map(|&x| q16(x, QB as f32))
            .collect();
        // What one unit of output is in the network's sum: QA × QB for a
        // clipped unit (QA at most), QA² × QB / 2^SQ_SHIFT for a squared
        // one (2032 at most); b2 ≤ 32 keeps either within an i32.
        let unit = match self.activation {
            Activation::ClippedRelu => f64::from(QA) * f64::from(QB),
            Activation::SquaredClippedRelu => {
                f64::from(QA) * f64::from(QA) * f64::from(QB) / f64::from(1u32 << SQ_SHIFT)
            }
        };
        let ob = self.params[b2..]
            .iter()
            .map(|&b| (f64::from(b) * unit).round() as i32)
            .collect();
        // The lengths are those of the inputs → hidden → 1 in `buckets`
        // output buckets, hidden in 1..=MAX_HIDDEN and buckets in
        // 1..=MAX_BUCKETS (checked by the command line).
        Network::with_features(self.features, fw, fb, ow, ob)
            .expect("the model has the network's shape")
            .with_activation(self.activation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_chance_is_the_logistic_in_base_10() {
        // 10^0 = 1 → 1/2; 10^-1 → 1/1.1; 10^1 → 1/11.
        assert!((win_chance(0.0) - 0.5).abs() < 1e-7);
        assert!((win_chance(1.0) - 1.0 / 1.1).abs() < 1e-6);
        assert!((win_chance(-1.0) - 1.0 / 11.0).abs() < 1e-6);
    }

    #[test]
    fn clip_bounds_every_part() {
        let mut m = Model::zeros(2);
        m.params.iter_mut().for_each(|p| *p = 100.0);
        m.clip();
        assert!(m.params[..m.w2_at()].iter().all(|&p| p == W1_CLIP));
        assert!(m.params[m.w2_at()..m.b2_at()].iter().all(|&p| p == W2_CLIP));
        assert_eq!(m.params[m.b2_at()], B2_CLIP);
        // The quantized weights are the bounds times the scales, rounded:
        // 1.98 × 255 = 504.9 → 505, 8 × 64 = 512.
        let q = m.quantize();
        assert_eq!(q.hidden(), 2);
    }

    /// (a) The analytic gradient of one sample against central finite
    /// differences, for W1 entries of active features (both views), b1,
    /// w2 of both views and b2. The sample is chosen so no accumulator sits
    /// near the ReLU's corners (checked), where the difference would jump.
    #[test]
    fn the_gradient_matches_finite_differences() {
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            gradient_matches_finite_differences(activation);
        }
    }

    /// The same with 4 output buckets: a sample of 10 pieces a view is
    /// bucket 1 ((10 − 2) × 4 / 27 = 1); its gradient reaches bucket 1's
    /// output weights and bias (checked by differences) and no other
    /// bucket's (exactly 0), for both activations.
    #[test]
    fn a_bucketed_gradient_reaches_its_bucket_alone() {
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            let h = 4;
            let mut m = Model::init_buckets(h, 4, 9).with_activation(activation);
            assert_eq!(m.params.len(), 784 * h + h + 4 * 2 * h + 4);
            // Ten features a view: smaller W1 keeps the sums mid-slope.
            let b1 = m.b1_at();
            for p in &mut m.params[..b1] {
                *p *= 0.3;
            }
            let (w2, b2) = (m.w2_at(), m.b2_at());
            for (i, p) in m.params[w2..b2].iter_mut().enumerate() {
                *p = 0.3 + 0.05 * i as f32 * if i % 2 == 0 { 1.0 } else { -1.0 };
            }
            for b in 0..4 {
                m.params[b2 + b] = 0.1 * b as f32;
            }
            let us: Vec<u16> = (0..10).map(|k| 3 + 50 * k).collect();
            let them: Vec<u16> = (0..10).map(|k| 7 + 60 * k).collect();
            assert_eq!(m.bucket(us.len()), 1);
            let one = w2 + 2 * h;
            let entries = [3 * h + 1, m.b1_at() + 2, one, one + 1, one + h + 3, b2 + 1];
            let grad = checked_gradient(&m, &us, &them, &entries);
            for i in entries {
                assert!(grad[i].abs() > 1e-5, "param {i}: gradient {}", grad[i]);
            }
            // Buckets 0, 2 and 3: not a weight or bias moved.
            for b in [0, 2, 3] {
                let layer = w2 + b * 2 * h..w2 + (b + 1) * 2 * h;
                assert!(grad[layer].iter().all(|&g| g == 0.0), "bucket {b}");
                assert_eq!(grad[b2 + b], 0.0, "bucket {b}'s bias");
            }
        }
    }

    /// Lion buckets: the inputs are 4 blocks of 784, and 784 shared rows
    /// follow them (the factoriser). An input reads its own row and the
    /// shared row of `f mod 784`; its gradient reaches both (checked by
    /// differences), the shared row collecting those of every block that
    /// uses it, and no other block's row of the same feature. Quantized,
    /// an input's row is its own plus the shared one.
    #[test]
    fn the_factoriser_shares_a_row_across_the_lion_blocks() {
        for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
            let h = 4;
            let mut m =
                Model::init_with(h, 1, FeatureSet::LionBuckets, 3).with_activation(activation);
            assert_eq!(m.factor(), Some(4 * 784));
            assert_eq!(m.rows(), 5 * 784);
            assert_eq!(m.params.len(), 5 * 784 * h + h + 2 * h + 1);
            let shared = 4 * 784 * h;
            // The shared rows start at 0; give them values of their own.
            assert!(m.params[shared..m.b1_at()].iter().all(|&p| p == 0.0));
            let b1 = m.b1_at();
            for (i, p) in m.params[shared..b1].iter_mut().enumerate() {
                *p = 0.05 * ((i % 7) as f32 - 3.0) / 3.0;
            }
            let (w2, b2) = (m.w2_at(), m.b2_at());
            for (i, p) in m.params[w2..b2].iter_mut().enumerate() {
                *p = 0.3 + 0.1 * i as f32 * if i % 2 == 0 { 1.0 } else { -1.0 };
            }
            // Feature 10 in block 2 (us) and in block 1 (them); feature 20
            // in block 0 (us).
            let us = [2 * 784 + 10, 20u16];
            let them = [784 + 10, 3 * 784 + 500];
            let row = |r: usize, j: usize| r * h + j;
            let entries = [
                row(2 * 784 + 10, 1),
                row(784 + 10, 2),
                row(4 * 784 + 10, 1),
                row(4 * 784 + 20, 2),
                row(4 * 784 + 500, 0),
                row(20, 0),
                m.b1_at() + 1,
            ];
            let grad = checked_gradient(&m, &us, &them, &entries);
            for i in entries {
                assert!(grad[i] != 0.0, "param {i}");
            }
            // Feature 10 in blocks 0 and 3 is not read: no gradient.
            for j in 0..h {
                assert_eq!(grad[row(10, j)], 0.0);
                assert_eq!(grad[row(3 * 784 + 10, j)], 0.0);
            }
            // The shared row of 10 gets what its two readers get.
            for j in 0..h {
                let sum = grad[row(2 * 784 + 10, j)] + grad[row(784 + 10, j)];
                assert!((grad[row(4 * 784 + 10, j)] - sum).abs() <= 1e-6 * (1.0 + sum.abs()));
            }
            // Merged: own + shared, so the quantized row of input
            // 2·784 + 10 is that sum × 255, rounded.
            let merged = m.merged_row(2 * 784 + 10);
            let net = m.quantize();
            assert_eq!(net.feature_set(), FeatureSet::LionBuckets);
            let stored = net.feature_row(2 * 784 + 10);
            for (j, (&merged, &stored)) in merged.iter().zip(stored).enumerate() {
                let sum = m.params[row(2 * 784 + 10, j)] + m.params[row(4 * 784 + 10, j)];
                assert_eq!(merged, sum);
                assert_eq!(stored, (sum * f32::from(QA)).round() as i16);
            }
            assert_eq!(stored.len(), h);
            // A merged sum past the clip is held to it.
            let mut big = m.clone();
            big.params[row(7, 0)] = W1_CLIP;
            big.params[row(4 * 784 + 7, 0)] = W1_CLIP;
            assert_eq!(big.merged_row(7)[0], W1_CLIP);
        }
    }

    #[test]
    fn clip_bounds_every_bucket() {
        let mut m = Model::zeros_buckets(2, 3);
        m.params.iter_mut().for_each(|p| *p = -100.0);
        m.clip();
        assert!(
            m.params[m.w2_at()..m.b2_at()]
                .iter()
                .all(|&p| p == -W2_CLIP)
        );
        assert!(m.params[m.b2_at()..].iter().all(|&p| p == -B2_CLIP));
        assert_eq!(m.params.len() - m.b2_at(), 3);
        assert_eq!(m.quantize().output_buckets(), 3);
        // Each bucket starts as the one-bucket model: the same draws.
        let (one, four) = (Model::init(3, 5), Model::init_buckets(3, 4, 5));
        assert_eq!(one.params[..one.b2_at()], four.params[..one.b2_at()]);
        for b in 1..4 {
            let at = four.w2_at() + b * 6;
            assert_eq!(
                four.params[at..at + 6],
                one.params[one.w2_at()..one.b2_at()]
            );
        }
    }

    /// The gradient of one sample (target 0.8), after checking it at each
    /// of `entries` against central differences and that no accumulator
    /// sits near a corner of the clamp, where a difference would jump.
    fn checked_gradient(m: &Model, us: &[u16], them: &[u16], entries: &[usize]) -> Vec<f32> {
        let (h, t) = (m.hidden, 0.8);
        let mut scratch = vec![0.0; 2 * h];
        m.forward(us, them, &mut scratch);
        assert!(
            scratch.iter().all(|&a| (0.05..0.95).contains(&a)),
            "accumulators {scratch:?} too near a corner"
        );
        let mut grad = vec![0.0; m.params.len()];
        m.backward(us, them, t, 1.0, &mut grad, &mut scratch);
        let loss = |m: &Model| {
            let mut s = vec![0.0; 2 * h];
            let p = win_chance(m.forward(us, them, &mut s));
            f64::from((p - t) * (p - t))
        };
        let eps = 1e-3;
        for &i in entries {
            let mut plus = m.clone();
            plus.params[i] += eps;
            let mut minus = m.clone();
            minus.params[i] -= eps;
            let numeric = (loss(&plus) - loss(&minus)) / (2.0 * f64::from(eps));
            let analytic = f64::from(grad[i]);
            // f32 forward passes: differences good to ~1e-4 relative to
            // the loss's scale; the gradients here are ~1e-2.
            assert!(
                (numeric - analytic).abs() <= 2e-4 + 0.02 * analytic.abs(),
                "{:?}, param {i}: analytic {analytic}, numeric {numeric}",
                m.activation
            );
        }
        grad
    }

    fn gradient_matches_finite_differences(activation: Activation) {
        let h = 4;
        let mut m = Model::init(h, 7).with_activation(activation);
        // Larger output weights so every gradient is well above rounding.
        let (w2, b2) = (m.w2_at(), m.b2_at());
        for (i, p) in m.params[w2..b2].iter_mut().enumerate() {
            *p = 0.3 + 0.1 * i as f32 * if i % 2 == 0 { 1.0 } else { -1.0 };
        }
        m.params[b2] = 0.1;
        let us = [3u16, 100, 400];
        let them = [52u16, 100, 783];
        // W1 of feature 3 (us only), 100 (both views), 783 (them only);
        // b1; w2 us and them; b2. Feature 5 is absent: gradient 0.
        let entries = [
            3 * h,
            3 * h + 2,
            100 * h + 1,
            783 * h + 3,
            5 * h,
            m.b1_at(),
            m.b1_at() + 3,
            m.w2_at() + 1,
            m.w2_at() + h + 2,
            m.b2_at(),
        ];
        let grad = checked_gradient(&m, &us, &them, &entries);
        assert_eq!(grad[5 * h], 0.0);
        // The shared feature 100 collects both views' gradients, so it is
        // not zero while the others are checked above.
        assert!(grad[100 * h + 1] != 0.0);
    }
}
