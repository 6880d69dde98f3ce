//! The win-chance curve: the logistic of a score in centipawns, written
//! once for every reader of scores as chances (the analysis' chances,
//! `tune`'s fit, datagen's adjudicated results, the trainer's targets).

/// The chance (0 to 1, draws counting half) that the side to move wins,
/// for a score `cp` in centipawns from its view, on the curve of scale `k`:
/// `1 / (1 + 10^(-k·cp/400))` (a pawn = 100 cp; `k = 1` is the trainer's
/// curve, `CHANCE_K` the analysis' fitted one). 0.5 at 0, symmetric
/// (`win_chance(-x) = 1 - win_chance(x)`), increasing in `cp` for `k > 0`.
pub fn win_chance(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// The same curve in single precision, of `x = k·cp/400` (the network's
/// own output unit: the trainer's targets and loss, in its hot loop):
/// `1 / (1 + 10^(-x))`.
pub fn win_chance_f32(x: f32) -> f32 {
    1.0 / (1.0 + 10f32.powf(-x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_at_hand_worked_points() {
        // 0 cp is even; 400 cp at k = 1 is 10^1 to 1, so 10/11; -400 cp
        // the other way, 1/11; k scales the score (k = 2 at 200 cp is
        // k = 1 at 400).
        assert_eq!(win_chance(0.0, 1.0), 0.5);
        assert!((win_chance(400.0, 1.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((win_chance(-400.0, 1.0) - 1.0 / 11.0).abs() < 1e-12);
        assert!((win_chance(200.0, 2.0) - 10.0 / 11.0).abs() < 1e-12);
        // The single-precision form is the same curve (x = cp/400 at k = 1).
        for cp in [-1200.0f64, -400.0, -37.0, 0.0, 55.0, 400.0, 900.0] {
            let x = (cp / 400.0) as f32;
            assert!((f64::from(win_chance_f32(x)) - win_chance(cp, 1.0)).abs() < 1e-6);
        }
    }
}
