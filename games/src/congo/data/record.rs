//! One training position and its text line `FEN;R;S`.

use crate::congo::fen;
use crate::congo::{Color, Outcome, Position};
use std::fmt;

/// The result of a position's game for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White lost: `0`.
    Loss,
    /// `0.5`.
    Draw,
    /// White won: `1`.
    Win,
}

impl GameResult {
    /// The result of a game that ended in `outcome`.
    pub fn of(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::WhiteWins => GameResult::Win,
            Outcome::BlackWins => GameResult::Loss,
            Outcome::Draw => GameResult::Draw,
        }
    }

    /// As a data line writes it: `1`, `0.5` or `0`.
    pub fn text(self) -> &'static str {
        match self {
            GameResult::Win => "1",
            GameResult::Draw => "0.5",
            GameResult::Loss => "0",
        }
    }

    /// For White: 1, 0.5 or 0.
    pub fn for_white(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }

    /// For `side`: 1 a win, 0.5 a draw, 0 a loss.
    pub fn for_side(self, side: Color) -> f64 {
        match side {
            Color::White => self.for_white(),
            Color::Black => 1.0 - self.for_white(),
        }
    }

    /// The result a line's `R` field names (blanks around it allowed).
    fn parse(text: &str) -> Option<GameResult> {
        match text.trim() {
            "1" => Some(GameResult::Win),
            "0.5" => Some(GameResult::Draw),
            "0" => Some(GameResult::Loss),
            _ => None,
        }
    }
}

/// One training position: the board (with side to move and move number),
/// its game's result for White and the search's score in centipawns for
/// White. The score may be missing (a `FEN;R` line, which `tune` reads;
/// the network's trainer needs it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DataRecord {
    pub pos: Position,
    pub result: GameResult,
    pub score: Option<i32>,
}

/// Why a data line does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DataLineError {
    /// Not two or three `;`-separated fields.
    #[error("expected FEN;RESULT;SCORE (or FEN;RESULT)")]
    Fields,
    /// The FEN does not read: where (1-based byte of the FEN) and why.
    #[error("bad FEN at byte {byte}: {error}")]
    Fen { byte: usize, error: String },
    /// `R` is not `1`, `0.5` or `0`.
    #[error("result `{0}` is not 1, 0.5 or 0")]
    Result(String),
    /// `S` is not a whole number.
    #[error("score `{0}` is not a whole number of centipawns")]
    Score(String),
}

impl DataRecord {
    /// A record of `pos` scored `score` for White in a game that ended in
    /// `outcome`.
    pub fn new(pos: Position, outcome: Outcome, score: i32) -> DataRecord {
        DataRecord {
            pos,
            result: GameResult::of(outcome),
            score: Some(score),
        }
    }

    /// The line `FEN;R;S` (`FEN;R` without a score), no newline.
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// Read a line `FEN;R;S` or `FEN;R`: blanks around the fields and a
    /// trailing `\r` are allowed.
    ///
    /// # Errors
    ///
    /// What is wrong with the line.
    pub fn parse_text(line: &str) -> Result<DataRecord, DataLineError> {
        let line = line.trim_end_matches(['\r', '\n']);
        let mut fields = line.split(';');
        let (Some(f), Some(r), s, None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(DataLineError::Fields);
        };
        let pos = fen::parse(f.trim()).map_err(|e| DataLineError::Fen {
            byte: e.offset + 1 + (f.len() - f.trim_start().len()),
            error: e.to_string(),
        })?;
        let result = GameResult::parse(r).ok_or_else(|| DataLineError::Result(r.trim().into()))?;
        let score = match s {
            None => None,
            Some(s) => Some(
                s.trim()
                    .parse::<i32>()
                    .map_err(|_| DataLineError::Score(s.trim().into()))?,
            ),
        };
        Ok(DataRecord { pos, result, score })
    }
}

impl fmt::Display for DataRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};{}", self.pos, self.result.text())?;
        if let Some(s) = self.score {
            write!(f, ";{s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_and_writes_back() {
        let line = "gme1lcz/ppp2pp/3pep1/7/2PPPZP/PP3P1/GMELEC1 b 4;0.5;-35";
        let r = DataRecord::parse_text(&format!("{line}\r")).unwrap();
        assert_eq!(r.result, GameResult::Draw);
        assert_eq!(r.score, Some(-35));
        assert_eq!(r.pos.side_to_move(), Color::Black);
        assert_eq!(r.to_text(), line);
        // Blanks around fields, and no score.
        let r = DataRecord::parse_text("7/7/7/7/7/7/7 w 3 ; 1 ").unwrap();
        assert_eq!((r.result, r.score), (GameResult::Win, None));
        assert_eq!(r.to_text(), "7/7/7/7/7/7/7 w 3;1");
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let e = |l: &str| DataRecord::parse_text(l).unwrap_err().to_string();
        assert_eq!(
            e("7/7/7/7/7/7/7 w"),
            "expected FEN;RESULT;SCORE (or FEN;RESULT)"
        );
        assert_eq!(e("a;1;2;3"), "expected FEN;RESULT;SCORE (or FEN;RESULT)");
        assert_eq!(
            e("7/7/7/7/7/7/7 w;draw"),
            "result `draw` is not 1, 0.5 or 0"
        );
        assert_eq!(
            e("7/7/7/7/7/7/7 w;1;x"),
            "score `x` is not a whole number of centipawns"
        );
        assert!(e("7/7/7/7/7/7/8 w;1;0").starts_with("bad FEN at byte "));
    }

    #[test]
    fn results_for_each_side() {
        assert_eq!(GameResult::Win.for_side(Color::Black), 0.0);
        assert_eq!(GameResult::Loss.for_side(Color::Black), 1.0);
        assert_eq!(GameResult::Draw.for_side(Color::White), 0.5);
        assert_eq!(GameResult::of(Outcome::BlackWins), GameResult::Loss);
    }
}
