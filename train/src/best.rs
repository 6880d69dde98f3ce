//! The network a run keeps: the one of the lowest loss so far. A loss that
//! is not a number (NaN, infinite) means the weights have diverged: it is
//! never kept, and the run stops on it.

use crate::model::Model;

/// The model of the lowest loss offered so far, with its loss and epoch.
#[derive(Clone, Debug, Default)]
pub struct Best {
    kept: Option<(f64, Model, usize)>,
}

/// A loss that is NaN or infinite: what the weights gave, not a score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Diverged {
    pub loss: f64,
}

impl Best {
    /// Offer `model` after `epoch` with its `loss`: `Ok(true)` when it is
    /// kept (lower than every loss before), `Ok(false)` when an earlier
    /// model was as good.
    ///
    /// # Errors
    ///
    /// [`Diverged`] for a loss that is not finite; what was kept stays.
    pub fn offer(&mut self, model: &Model, loss: f64, epoch: usize) -> Result<bool, Diverged> {
        if !loss.is_finite() {
            return Err(Diverged { loss });
        }
        if self.kept.as_ref().is_some_and(|(b, _, _)| *b <= loss) {
            return Ok(false);
        }
        self.kept = Some((loss, model.clone(), epoch));
        Ok(true)
    }

    /// The model kept, its loss and its epoch.
    pub fn get(&self) -> Option<&(f64, Model, usize)> {
        self.kept.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_lowest_and_never_a_loss_that_is_not_a_number() {
        let (a, b) = (Model::zeros(2), Model::init(2, 7));
        let mut best = Best::default();
        // Before anything is kept, NaN is refused (a plain `<=` test
        // would let it in: `x <= NaN` is false for every x).
        assert!(matches!(best.offer(&a, f64::NAN, 1), Err(d) if d.loss.is_nan()));
        assert!(best.get().is_none());
        assert_eq!(best.offer(&a, 0.2, 1), Ok(true));
        assert_eq!(best.offer(&b, 0.3, 2), Ok(false));
        // After a kept model, NaN and infinity neither replace it nor pass.
        for loss in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert!(best.offer(&b, loss, 3).is_err(), "{loss}");
        }
        let (loss, model, epoch) = best.get().unwrap();
        assert_eq!((*loss, model, *epoch), (0.2, &a, 1));
        assert_eq!(best.offer(&b, 0.1, 4), Ok(true));
        assert_eq!(best.get().unwrap().2, 4);
    }
}
