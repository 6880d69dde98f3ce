//! Scores from White's side, labelled: the prompt's `eval`, `best` and
//! `analyze` print `+3.38 (white)` or `White wins in 3` whoever is to
//! move, so a score with Black to move is not read backwards (the engine
//! itself, the course commands and `boardsh agent` keep the side to
//! move's view).

use crate::congo::Color;
use crate::congo::search::Score;
use std::fmt;

/// A side-to-move score shown from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhiteScore {
    /// The score, from the view of the side to move.
    pub score: Score,
    /// Who was to move.
    pub to_move: Color,
}

/// A colour's name, capitalised.
fn name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The other colour.
fn other(c: Color) -> Color {
    match c {
        Color::White => Color::Black,
        Color::Black => Color::White,
    }
}

impl fmt::Display for WhiteScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            Score::Cp(c) => {
                let white = if self.to_move == Color::White {
                    c
                } else {
                    c.saturating_neg()
                };
                write!(f, "{} (white)", Score::Cp(white))
            }
            Score::WinIn(n) => write!(f, "{} wins in {n}", name(self.to_move)),
            Score::LossIn(0) => write!(f, "{} has won", name(other(self.to_move))),
            Score::LossIn(n) => write!(f, "{} wins in {n}", name(other(self.to_move))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(score: Score, to_move: Color) -> String {
        WhiteScore { score, to_move }.to_string()
    }

    #[test]
    fn centipawns_flip_sign_when_black_is_to_move() {
        // A side-to-move +3.00 is White's +3.00 with White to move and
        // White's -3.00 with Black to move; 0 is the same for both.
        assert_eq!(show(Score::Cp(300), Color::White), "+3.00 (white)");
        assert_eq!(show(Score::Cp(300), Color::Black), "-3.00 (white)");
        assert_eq!(show(Score::Cp(-316), Color::Black), "+3.16 (white)");
        assert_eq!(show(Score::Cp(0), Color::Black), "0.00 (white)");
    }

    #[test]
    fn wins_name_the_winner() {
        // WinIn is the side to move's win; LossIn the other side's.
        assert_eq!(show(Score::WinIn(3), Color::White), "White wins in 3");
        assert_eq!(show(Score::WinIn(3), Color::Black), "Black wins in 3");
        assert_eq!(show(Score::LossIn(2), Color::White), "Black wins in 2");
        assert_eq!(show(Score::LossIn(2), Color::Black), "White wins in 2");
        assert_eq!(show(Score::LossIn(0), Color::Black), "White has won");
    }
}
