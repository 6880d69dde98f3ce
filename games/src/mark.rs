//! How bad a move was, for both games' reviews, tutors and drills: one
//! [`Mark`], and the [`Thresholds`] of win chance lost that earn each
//! (each game has its own: Congo's in `congo::analysis::review`, Yut's in
//! `yut::solve::review`). Here, not in either game, so that neither game
//! depends on the other.

use std::fmt;

/// How bad a move was (a move that earns none has no mark: `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// `inaccuracy`, `mistake` or `blunder`.
impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        })
    }
}

/// The least loss of win chance that earns each mark.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

impl Thresholds {
    /// The mark a loss of win chance earns, if any.
    pub fn mark(&self, loss: f64) -> Option<Mark> {
        if loss >= self.blunder {
            Some(Mark::Blunder)
        } else if loss >= self.mistake {
            Some(Mark::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_threshold_is_the_least_loss_of_its_mark() {
        let t = Thresholds {
            inaccuracy: 0.02,
            mistake: 0.05,
            blunder: 0.10,
        };
        assert_eq!(t.mark(0.0), None);
        assert_eq!(t.mark(0.019), None);
        assert_eq!(t.mark(0.02), Some(Mark::Inaccuracy));
        assert_eq!(t.mark(0.05), Some(Mark::Mistake));
        assert_eq!(t.mark(0.099), Some(Mark::Mistake));
        assert_eq!(t.mark(0.10), Some(Mark::Blunder));
        assert!(Mark::Inaccuracy < Mark::Mistake && Mark::Mistake < Mark::Blunder);
        assert_eq!(Mark::Mistake.to_string(), "mistake");
        assert_eq!(Mark::Blunder.symbol(), "??");
    }
}
