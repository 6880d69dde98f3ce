//! The training loop: mini-batches, a deterministic parallel gradient,
//! AdamW with a cosine learning rate, and validation.
//!
//! Determinism: each batch is cut into fixed chunks of [`CHUNK`] samples
//! (whatever the threads), each chunk sums its gradient into a buffer of
//! its own in sample order, and the buffers are added in chunk order. So
//! the same seed and data give the same weights on any number of threads.

use crate::data::Dataset;
use crate::model::Model;
use boardsh::rng::Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Samples per gradient chunk (the unit of parallel work).
pub const CHUNK: usize = 1024;

/// AdamW's constants.
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

/// The final learning rate as a fraction of the first: the rate falls
/// from `lr` to `lr × LR_FLOOR` along a half cosine over all the steps.
pub const LR_FLOOR: f32 = 0.05;

/// The settings of a run.
#[derive(Clone, Debug)]
pub struct Settings {
    pub lr: f32,
    pub weight_decay: f32,
    pub batch: usize,
    pub epochs: usize,
    pub lambda: f32,
    pub seed: u64,
}

/// The optimiser's state.
pub struct Trainer {
    pub model: Model,
    settings: Settings,
    m: Vec<f32>,
    v: Vec<f32>,
    step: u64,
    total_steps: u64,
    grads: Vec<Vec<f32>>,
    sum: Vec<f32>,
    rng: Rng,
}

/// What an epoch did.
pub struct Epoch {
    pub train_loss: f64,
    pub positions: usize,
    /// Stopped early (the flag was raised).
    pub interrupted: bool,
}

impl Trainer {
    pub fn new(model: Model, settings: Settings, train_len: usize) -> Trainer {
        let n = model.params.len();
        let steps_per_epoch = train_len.div_ceil(settings.batch.max(1)).max(1);
        let chunks = settings.batch.div_ceil(CHUNK).max(1);
        Trainer {
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
            total_steps: (steps_per_epoch * settings.epochs.max(1)) as u64,
            grads: vec![vec![0.0; n]; chunks],
            sum: vec![0.0; n],
            // The shuffle's stream, apart from the initialisation's.
            rng: Rng::new(settings.seed ^ 0x5348_5546_464c_4521),
            model,
            settings,
        }
    }

    /// The learning rate of the current step.
    pub fn lr(&self) -> f32 {
        let progress = (self.step as f64 / self.total_steps as f64).min(1.0);
        let cos = 0.5 * (1.0 + (std::f64::consts::PI * progress).cos());
        self.settings.lr * (LR_FLOOR + (1.0 - LR_FLOOR) * cos as f32)
    }

    /// One epoch over `data` (targets as [`Dataset::targets`] gives them),
    /// in an order shuffled from the seed; stops after a batch once `stop`
    /// is raised.
    pub fn epoch(&mut self, data: &Dataset, targets: &[f32], stop: &AtomicBool) -> Epoch {
        let mut order: Vec<u32> = (0..data.len() as u32).collect();
        // Fisher–Yates.
        for i in (1..order.len()).rev() {
            let j = self.rng.below(i + 1);
            order.swap(i, j);
        }
        let mut loss = 0.0;
        let mut positions = 0;
        for batch in order.chunks(self.settings.batch.max(1)) {
            loss += self.batch_step(data, targets, batch);
            positions += batch.len();
            if stop.load(Ordering::Relaxed) {
                return Epoch {
                    train_loss: loss / positions as f64,
                    positions,
                    interrupted: true,
                };
            }
        }
        Epoch {
            train_loss: loss / positions.max(1) as f64,
            positions,
            interrupted: false,
        }
    }

    /// One AdamW step on the samples `batch`; returns their summed loss.
    pub fn batch_step(&mut self, data: &Dataset, targets: &[f32], batch: &[u32]) -> f64 {
        let model = &self.model;
        let h = model.hidden;
        let weight = 1.0 / batch.len() as f32;
        let chunks = batch.len().div_ceil(CHUNK);
        let losses: Vec<f64> = batch
            .par_chunks(CHUNK)
            .zip(self.grads[..chunks].par_iter_mut())
            .map(|(samples, grad)| {
                grad.fill(0.0);
                let mut scratch = vec![0.0; 2 * h];
                let mut loss = 0.0;
                for &i in samples {
                    let (us, them) = data.views(i as usize);
                    let t = targets[i as usize];
                    loss += f64::from(model.backward(us, them, t, weight, grad, &mut scratch));
                }
                loss
            })
            .collect();
        // The chunks' gradients added in chunk order, element by element
        // (each element's sum is in the same order whatever the threads).
        let grads = &self.grads[..chunks];
        self.sum
            .par_chunks_mut(4096)
            .enumerate()
            .for_each(|(k, out)| {
                let at = k * 4096;
                out.fill(0.0);
                for g in grads {
                    for (o, x) in out.iter_mut().zip(&g[at..]) {
                        *o += x;
                    }
                }
            });
        self.adam();
        losses.iter().sum()
    }

    /// AdamW on `self.sum`, then the clip.
    fn adam(&mut self) {
        let lr = self.lr();
        self.step += 1;
        let t = self.step as i32;
        let c1 = 1.0 - BETA1.powi(t);
        let c2 = 1.0 - BETA2.powi(t);
        let decay = 1.0 - lr * self.settings.weight_decay;
        for (((p, g), m), v) in self
            .model
            .params
            .iter_mut()
            .zip(&self.sum)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *p = *p * decay - lr * (*m / c1) / ((*v / c2).sqrt() + EPSILON);
        }
        self.model.clip();
    }
}

/// The mean loss of `model` on `data` (0 when empty), in parallel chunks
/// summed in order.
pub fn mean_loss(model: &Model, data: &Dataset, targets: &[f32]) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let idx: Vec<usize> = (0..data.len()).collect();
    let sums: Vec<f64> = idx
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut scratch = vec![0.0; 2 * model.hidden];
            chunk
                .iter()
                .map(|&i| {
                    let (us, them) = data.views(i);
                    let p = crate::model::win_chance(model.forward(us, them, &mut scratch));
                    f64::from((p - targets[i]) * (p - targets[i]))
                })
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / data.len() as f64
}
