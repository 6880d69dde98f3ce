//! Texel tuning: fit the evaluation's weights to game results.
//!
//! Each training position has the result of its game for the side to move
//! (1, 0.5, 0). The evaluation `e` (centipawns) predicts it as
//! `σ(e) = 1 / (1 + 10^(-K·e/400))`; the loss is the mean squared error of
//! that prediction. `K` is fitted first to the starting weights (a
//! golden-section search), then held while the weights move: gradient
//! descent (Adam) on the evaluation written as a linear function of its
//! weights ([`super::eval::linear`]), the weights rounded at the end, and
//! the loss of the real evaluation reported before and after.

use super::datagen::for_side_to_move;
use super::eval::{EvalWeights, evaluate_with, linear};
use super::weights::{self, COUNT};
use crate::congo::Position;
use crate::congo::data::DataRecord;
use crate::congo::eval::win_chance;
use crate::interrupt::{Interrupt, Interrupted};

/// One training position.
#[derive(Clone, Debug)]
pub struct Sample {
    pub pos: Position,
    /// What each weight multiplies (see [`super::eval::linear`]).
    pub features: [f32; COUNT],
    /// The part of the evaluation no weight scales.
    pub constant: f32,
    /// The game's result for the side to move: 1, 0.5 or 0 (any value in
    /// between is accepted: a probability).
    pub result: f32,
}

impl Sample {
    /// `pos` from a game whose result for White was `white_result`; the
    /// features are read with `w` (drowning prices pieces with its values).
    pub fn new(pos: Position, white_result: f64, w: &EvalWeights) -> Sample {
        let (f, constant) = linear(&pos, w);
        Sample {
            features: f.map(|x| x as f32),
            constant: constant as f32,
            result: for_side_to_move(white_result, &pos) as f32,
            pos,
        }
    }
}

/// Read a data line `FEN;R` or `FEN;R;S` (`R` the result for White: 1,
/// 0.5 or 0; `S` the search's score, which the tuner does not use): the
/// data record's own grammar ([`DataRecord::parse_text`]).
///
/// # Errors
///
/// What is wrong with the line.
pub fn parse_line(line: &str) -> Result<(Position, f64), String> {
    let r = DataRecord::parse_text(line).map_err(|e| e.to_string())?;
    Ok((r.pos, r.result.for_white()))
}

/// The prediction for an evaluation of `e` centipawns at scale `k`: the
/// one win-chance curve ([`win_chance`]).
#[inline]
pub fn sigmoid(e: f64, k: f64) -> f64 {
    win_chance(e, k)
}

/// The mean squared error of the predictions from `evals` (centipawns,
/// one per sample) at scale `k`.
pub fn loss_of(samples: &[Sample], evals: &[i32], k: f64) -> f64 {
    let n = samples.len().min(evals.len());
    if n == 0 {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .zip(evals)
        .map(|(s, &e)| {
            let d = f64::from(s.result) - sigmoid(f64::from(e), k);
            d * d
        })
        .sum();
    sum / n as f64
}

/// The real evaluation of every sample under `w`.
pub fn evals(samples: &[Sample], w: &EvalWeights) -> Vec<i32> {
    samples.iter().map(|s| evaluate_with(&s.pos, w)).collect()
}

/// The `k` in `[lo, hi]` with the least loss for `evals` (golden-section
/// search; the loss is unimodal in `k` for these data in practice).
pub fn fit_k(samples: &[Sample], evals: &[i32], lo: f64, hi: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (loss_of(samples, evals, c), loss_of(samples, evals, d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = loss_of(samples, evals, c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = loss_of(samples, evals, d);
        }
    }
    (a + b) / 2.0
}

/// The loss of the linear model with weights `w` at scale `k`, and its
/// gradient (per weight).
pub fn linear_loss(samples: &[Sample], w: &[f64; COUNT], k: f64) -> (f64, [f64; COUNT]) {
    let mut loss = 0.0;
    let mut grad = [0.0; COUNT];
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for s in samples {
        let e: f64 = f64::from(s.constant)
            + s.features
                .iter()
                .zip(w)
                .map(|(&f, &x)| f64::from(f) * x)
                .sum::<f64>();
        let p = sigmoid(e, k);
        let d = f64::from(s.result) - p;
        loss += d * d;
        let de = -2.0 * d * p * (1.0 - p) * scale;
        for (g, &f) in grad.iter_mut().zip(&s.features) {
            *g += de * f64::from(f);
        }
    }
    let n = samples.len().max(1) as f64;
    (loss / n, grad.map(|g| g / n))
}

/// How a tuning run goes.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    /// Full passes over the data.
    pub epochs: u32,
    /// Adam's first step size, centipawns; it falls linearly to a tenth.
    pub rate: f64,
}

impl Default for Schedule {
    fn default() -> Schedule {
        Schedule {
            epochs: 400,
            rate: 2.0,
        }
    }
}

/// The positions a tuning reads: those it fits (`train`) and those it
/// only measures (`holdout`, of other games; may be empty).
#[derive(Clone, Copy, Debug)]
pub struct Split<'a> {
    pub train: &'a [Sample],
    pub holdout: &'a [Sample],
}

/// Fit the weights not `fixed` from `start` at scale `k` on `train`;
/// `progress` sees each epoch's number and its linear loss on `train` and
/// on `holdout`. With a `holdout` (positions of other games), the answer
/// is the epoch's weights that predicted it best (early stopping: the
/// fit to `train` alone goes on into its noise); without one, the last.
/// The answer is rounded to whole numbers.
///
/// # Errors
///
/// [`Interrupted`] once `stop` is set.
pub fn tune(
    samples: Split<'_>,
    start: &EvalWeights,
    k: f64,
    fixed: &[bool; COUNT],
    schedule: Schedule,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(u32, f64, f64),
) -> Result<EvalWeights, Interrupted> {
    let Split { train, holdout } = samples;
    let mut w: [f64; COUNT] = std::array::from_fn(|i| f64::from(weights::get(start, i)));
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    let mut m = [0.0; COUNT];
    let mut v = [0.0; COUNT];
    let epochs = schedule.epochs.max(1);
    let mut best = (f64::INFINITY, w);
    for t in 1..=epochs {
        if stop.interrupted() {
            return Err(Interrupted);
        }
        let (loss, grad) = linear_loss(train, &w, k);
        let held = if holdout.is_empty() {
            loss
        } else {
            linear_loss(holdout, &w, k).0
        };
        progress(t, loss, held);
        if holdout.is_empty() || held < best.0 {
            best = (held, w);
        }
        let rate = schedule.rate * (1.0 - 0.9 * f64::from(t - 1) / f64::from(epochs));
        let ti = i32::try_from(t).unwrap_or(i32::MAX);
        for i in 0..COUNT {
            if fixed.get(i).copied().unwrap_or(false) {
                continue;
            }
            let g = grad.get(i).copied().unwrap_or(0.0);
            if let (Some(mi), Some(vi), Some(wi)) = (m.get_mut(i), v.get_mut(i), w.get_mut(i)) {
                *mi = b1 * *mi + (1.0 - b1) * g;
                *vi = b2 * *vi + (1.0 - b2) * g * g;
                let mh = *mi / (1.0 - b1.powi(ti));
                let vh = *vi / (1.0 - b2.powi(ti));
                *wi -= rate * mh / (vh.sqrt() + eps);
            }
        }
    }
    if holdout.is_empty() || linear_loss(holdout, &w, k).0 < best.0 {
        best.1 = w;
    }
    let mut out = *start;
    for (i, x) in best.1.iter().enumerate() {
        let r = x
            .round()
            .clamp(-f64::from(weights::LIMIT), f64::from(weights::LIMIT));
        weights::set(&mut out, i, r as i32);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::moves::{Silent, apply, legal_moves};
    use crate::interrupt::Never;
    use crate::rng::Rng;

    /// Positions of seeded random games (some material off, some not).
    fn positions(n: usize) -> Vec<Position> {
        let mut rng = Rng::new(11);
        let mut out = Vec::new();
        while out.len() < n {
            let mut pos = Position::start();
            for _ in 0..(10 + rng.below(50)) {
                let moves = legal_moves(&pos);
                let Some(mv) = moves.get(rng.below(moves.len().max(1))) else {
                    break;
                };
                apply(&mut pos, mv, &mut Silent);
                if pos.lion(pos.side_to_move()).is_none() {
                    break;
                }
            }
            if pos.lion(pos.side_to_move()).is_some() && pos.lion(!pos.side_to_move()).is_some() {
                out.push(pos);
            }
        }
        out
    }

    /// Samples whose result is exactly the prediction of `truth` at `k`
    /// (a probability, for the side to move).
    fn soft(positions: &[Position], truth: &EvalWeights, k: f64) -> Vec<Sample> {
        positions
            .iter()
            .map(|p| {
                let mut s = Sample::new(p.clone(), 0.0, truth);
                s.result = sigmoid(f64::from(evaluate_with(p, truth)), k) as f32;
                s
            })
            .collect()
    }

    #[test]
    fn the_linear_form_is_the_evaluation() {
        // Σ weight·feature + constant against the evaluation itself, with
        // the default weights and others: only the integer rounding of
        // the mobility and drowning terms may differ.
        let mut other = EvalWeights::default();
        for i in 0..COUNT {
            weights::set(&mut other, i, 3 * i as i32 + 1);
        }
        for w in [EvalWeights::default(), other] {
            for pos in positions(60) {
                let (f, c) = linear(&pos, &w);
                let sum: f64 = c
                    + (0..COUNT)
                        .map(|i| f[i] * f64::from(weights::get(&w, i)))
                        .sum::<f64>();
                let e = f64::from(evaluate_with(&pos, &w));
                assert!((sum - e).abs() < 2.0, "{pos}: linear {sum} eval {e}");
            }
        }
    }

    #[test]
    fn k_is_found_where_the_results_were_made() {
        // Results made at K = 1.3 fit exactly there: the loss is zero at
        // 1.3 and positive elsewhere.
        let truth = EvalWeights::default();
        let samples = soft(&positions(80), &truth, 1.3);
        let e = evals(&samples, &truth);
        let k = fit_k(&samples, &e, 0.1, 5.0);
        assert!((k - 1.3).abs() < 0.01, "k = {k}");
        assert!(loss_of(&samples, &e, 1.3) < 1e-9);
        assert!(loss_of(&samples, &e, 1.0) > 1e-5);
    }

    #[test]
    fn tuning_lowers_the_loss_toward_the_weights_that_made_the_results() {
        // Results predicted by a "true" evaluation with other weights; the
        // tuner starts from the defaults and must move toward the truth.
        let start = EvalWeights::default();
        let mut truth = start;
        weights::set(&mut truth, weights::index_of("zebra").unwrap(), 450);
        weights::set(&mut truth, weights::index_of("mobility").unwrap(), 20);
        let samples = soft(&positions(150), &truth, 1.0);
        let mut fixed = [false; COUNT];
        fixed[0] = true; // pawn: the scale
        let before = loss_of(&samples, &evals(&samples, &start), 1.0);
        let split = Split {
            train: &samples,
            holdout: &[],
        };
        let tuned = tune(
            split,
            &start,
            1.0,
            &fixed,
            Schedule {
                epochs: 600,
                rate: 3.0,
            },
            &Never,
            &mut |_, _, _| {},
        )
        .unwrap();
        let after = loss_of(&samples, &evals(&samples, &tuned), 1.0);
        assert!(after < before / 4.0, "loss {before} -> {after}");
        assert_eq!(tuned.values[0], 100, "a fixed weight stays");
        let zebra = weights::get(&tuned, weights::index_of("zebra").unwrap());
        let mobility = weights::get(&tuned, weights::index_of("mobility").unwrap());
        assert!(
            (zebra - 450).abs() < (300 - 450_i32).abs() / 2,
            "zebra {zebra}"
        );
        assert!(
            (mobility - 20).abs() < (8 - 20_i32).abs() / 2,
            "mobility {mobility}"
        );
    }

    #[test]
    fn a_holdout_keeps_the_weights_that_predict_it_best() {
        // Train on results made by one evaluation, hold out results made
        // by the start weights themselves: the holdout's best is then the
        // start (its loss only grows as the weights move), so early
        // stopping must hand back the start weights.
        let start = EvalWeights::default();
        let mut truth = start;
        weights::set(&mut truth, weights::index_of("zebra").unwrap(), 600);
        let train = soft(&positions(60), &truth, 1.0);
        let holdout = soft(&positions(90)[60..], &start, 1.0);
        let mut fixed = [false; COUNT];
        fixed[0] = true;
        let mut moved = false;
        let split = Split {
            train: &train,
            holdout: &holdout,
        };
        let tuned = tune(
            split,
            &start,
            1.0,
            &fixed,
            Schedule {
                epochs: 50,
                rate: 3.0,
            },
            &Never,
            &mut |t, _, held| moved |= t > 1 && held > 0.0,
        )
        .unwrap();
        assert!(moved);
        assert_eq!(tuned, start);
    }

    /// `pos` with the board turned over rank by rank, the colours and the
    /// side to move swapped: the same game for the other side (Congo's
    /// board, castles and river are symmetric under it).
    fn mirrored(pos: &Position) -> Position {
        let fen = pos.to_string();
        let mut fields = fen.split(' ');
        let board = fields.next().unwrap();
        let side = fields.next().unwrap();
        let rest: Vec<&str> = fields.collect();
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if side == "w" { "b" } else { "w" };
        format!("{} {side} {}", ranks.join("/"), rest.join(" "))
            .parse()
            .unwrap()
    }

    #[test]
    fn the_tuned_weights_load_and_the_evaluation_is_symmetric() {
        // The defaults (tuned) survive their file format, and under them
        // and the hand-set ones a position and its colour-flipped mirror
        // score the same for the side to move.
        let tuned = EvalWeights::default();
        let loaded = weights::parse(&weights::to_text(&tuned), &EvalWeights::hand_set());
        assert_eq!(loaded, Ok(tuned));
        assert_ne!(tuned, EvalWeights::hand_set());
        let pressed = EvalWeights {
            pressure: 6,
            ..tuned
        };
        for w in [tuned, EvalWeights::hand_set(), pressed] {
            for pos in positions(80) {
                let m = mirrored(&pos);
                assert_ne!(m.side_to_move(), pos.side_to_move());
                assert_eq!(
                    evaluate_with(&pos, &w),
                    evaluate_with(&m, &w),
                    "{pos} / {m}"
                );
            }
        }
    }

    #[test]
    fn data_lines() {
        let start = Position::start().to_string();
        assert_eq!(
            parse_line(&format!("{start};0.5")),
            Ok((Position::start(), 0.5))
        );
        assert!(
            parse_line(&format!("{start};2"))
                .unwrap_err()
                .contains("result")
        );
        assert!(parse_line("nonsense;1").unwrap_err().contains("bad FEN"));
        assert!(parse_line(&start).unwrap_err().contains("FEN;RESULT"));
        // The score is read past (selfplay writes it for the trainer).
        assert_eq!(
            parse_line(&format!("{start};1;-35")),
            Ok((Position::start(), 1.0))
        );
        assert!(
            parse_line(&format!("{start};1;x"))
                .unwrap_err()
                .contains("score")
        );
        assert!(parse_line(&format!("{start};1;2;3")).is_err());
    }
}
