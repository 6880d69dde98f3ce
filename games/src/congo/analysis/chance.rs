//! Win chances from scores: the logistic curve the evaluation was tuned
//! on ([`win_chance`]: `P = 1 / (1 + 10^(-K·cp/400))`, cp from the side to
//! move's view, K fitted by `boardsh tune` to the engine's own games), so
//! a score and its chance always agree. A found win or loss is certain;
//! an endgame table's verdict is exact.

use crate::congo::eval::win_chance;
use crate::congo::search::{Score, SearchInfo};
use crate::congo::tablebase::Verdict;
use crate::congo::{Color, Status};

/// The scale of the curve: K as `boardsh tune` fitted it to self-play
/// positions of today's weights (2026-12-04: `boardsh selfplay --games 600
/// --nodes 4000 --seed 41`, 40,420 positions, then `boardsh tune --data`
/// gives K = 0.9968 at a loss of 0.1322; see `docs/engine.md`).
pub const CHANCE_K: f64 = 0.9968;

/// The chance (0 to 1, draws counting half) that the side to move wins,
/// for a score from its view.
pub fn chance_of(score: Score) -> f64 {
    match score {
        Score::WinIn(_) => 1.0,
        Score::LossIn(_) => 0.0,
        Score::Cp(cp) => win_chance(f64::from(cp), CHANCE_K),
    }
}

/// A value of a position for the side to move: its score, its chance, and
/// whether the chance is certain (a table's verdict or a found win or
/// loss) rather than estimated from an evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Value {
    pub score: Score,
    pub chance: f64,
    pub exact: bool,
}

impl Value {
    /// The value a search found.
    pub fn of_search(info: &SearchInfo) -> Value {
        if let Some(v) = &info.tablebase {
            return Value::of_verdict(v, info.score);
        }
        Value {
            score: info.score,
            chance: chance_of(info.score),
            exact: !matches!(info.score, Score::Cp(_)),
        }
    }

    /// A table's verdict (`score` the search's, for its display).
    fn of_verdict(v: &Verdict, score: Score) -> Value {
        let chance = match v.winner() {
            Some(c) if c == v.side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        Value {
            score,
            chance,
            exact: true,
        }
    }

    /// A position whose game is over, the side to move having lost (its
    /// lion is gone or it has no move).
    pub fn lost() -> Value {
        Value {
            score: Score::LossIn(0),
            chance: 0.0,
            exact: true,
        }
    }

    /// The value of a finished game for `side` to move: lost, won (only
    /// when the other side's own lion drowned, in a set-up position), or
    /// even when both lions are gone. `None` while the game goes on.
    pub fn ended(status: Status, side: Color) -> Option<Value> {
        let chance = match status {
            Status::Continue => return None,
            Status::GameOver => 0.5,
            _ if status.winner() == Some(side) => 1.0,
            _ => 0.0,
        };
        Some(Value {
            score: if chance > 0.5 {
                Score::WinIn(0)
            } else if chance < 0.5 {
                Score::LossIn(0)
            } else {
                Score::Cp(0)
            },
            chance,
            exact: true,
        })
    }

    /// The same value from the other side's view (the position before the
    /// move that led here).
    pub fn for_mover(self) -> Value {
        Value {
            score: match self.score {
                Score::Cp(c) => Score::Cp(-c),
                Score::WinIn(n) => Score::LossIn(n),
                Score::LossIn(n) => Score::WinIn(n + 1),
            },
            chance: 1.0 - self.chance,
            exact: self.exact,
        }
    }

    /// White's chance, for a value from `side`'s view.
    pub fn white_chance(self, side: Color) -> f64 {
        match side {
            Color::White => self.chance,
            Color::Black => 1.0 - self.chance,
        }
    }

    /// The score from White's view, for a value from `side`'s view.
    pub fn white_score(self, side: Color) -> Score {
        match side {
            Color::White => self.score,
            Color::Black => match self.score {
                Score::Cp(c) => Score::Cp(-c),
                Score::WinIn(n) => Score::LossIn(n),
                Score::LossIn(n) => Score::WinIn(n),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_even_at_zero_and_symmetric() {
        assert_eq!(chance_of(Score::Cp(0)), 0.5);
        for cp in [1, 50, 100, 400, 3000] {
            let up = chance_of(Score::Cp(cp));
            let down = chance_of(Score::Cp(-cp));
            assert!((up + down - 1.0).abs() < 1e-12, "{cp}");
            assert!(up > 0.5 && up < 1.0, "{cp}");
        }
        // K·cp/400 = 1 gives 10 : 1 odds.
        let ten_to_one = chance_of(Score::Cp((400.0 / CHANCE_K).round() as i32));
        assert!((ten_to_one - 10.0 / 11.0).abs() < 1e-3, "{ten_to_one}");
        assert_eq!(chance_of(Score::WinIn(3)), 1.0);
        assert_eq!(chance_of(Score::LossIn(0)), 0.0);
    }

    #[test]
    fn the_movers_view_turns_scores_and_distances() {
        // The opponent to move has lost already: the mover won with this move.
        let lost = Value::lost();
        assert_eq!(lost.for_mover().score, Score::WinIn(1));
        assert_eq!(lost.for_mover().chance, 1.0);
        // The opponent wins on its second move: a loss in 2 for the mover.
        let v = Value {
            score: Score::WinIn(2),
            chance: 1.0,
            exact: true,
        };
        assert_eq!(v.for_mover().score, Score::LossIn(2));
        let v = Value {
            score: Score::Cp(120),
            chance: chance_of(Score::Cp(120)),
            exact: false,
        };
        assert_eq!(v.for_mover().score, Score::Cp(-120));
        assert!((v.for_mover().chance - chance_of(Score::Cp(-120))).abs() < 1e-12);
        assert_eq!(v.white_score(Color::Black), Score::Cp(-120));
        assert!((v.white_chance(Color::Black) + v.chance - 1.0).abs() < 1e-12);
    }
}
