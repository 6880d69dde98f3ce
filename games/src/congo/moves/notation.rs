//! Reading typed moves: `e1d3`, `e1-d3`, `e1xd3`, `b1d3f5`, `b1-d3-f5`.
//!
//! Squares are case-insensitive; between two squares there may be one `-`
//! or `x`. Errors carry the byte offset and length of the offending text.

use super::mv::{MAX_JUMPS, Move, jumped_square};
use crate::congo::square::{File, Rank, Square};
use std::str::FromStr;

/// What is wrong with a typed move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseErrorKind {
    /// Nothing at all.
    #[error("expected a move like `e1d3`, found nothing")]
    Empty,
    /// Something that is not a square where a square must be.
    #[error("expected a square a1..g7, found `{0}`")]
    ExpectedSquare(String),
    /// Only one square.
    #[error("a move needs a second square, as in `e1d3`")]
    MissingSquare,
    /// A leg of a multi-square path that is not a monkey jump.
    #[error("`{0}` is not a monkey jump (two squares in a line)")]
    NotAJump(String),
    /// More legs than any monkey chain can have.
    #[error("a monkey path has at most {MAX_JUMPS} jumps")]
    TooManyJumps,
}

/// A typed-move error: a kind plus where it is (byte offset and length).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct MoveParseError {
    pub offset: usize,
    pub len: usize,
    pub kind: MoveParseErrorKind,
}

impl MoveParseError {
    fn new(offset: usize, len: usize, kind: MoveParseErrorKind) -> MoveParseError {
        MoveParseError { offset, len, kind }
    }

    /// The same error with its offset moved `by` bytes to the right.
    pub fn shifted(mut self, by: usize) -> MoveParseError {
        self.offset += by;
        self
    }
}

/// The square at byte `at`, if the two bytes there name one.
fn square_at(bytes: &[u8], at: usize) -> Option<Square> {
    let f = File::from_char(char::from(*bytes.get(at)?).to_ascii_lowercase())?;
    let r = Rank::from_char(char::from(*bytes.get(at + 1)?))?;
    Some(Square::from_coords(f, r))
}

/// The error for a missing square at byte `at`: the text up to the next
/// separator (at least one character, at most two).
fn expected_square(s: &str, at: usize) -> MoveParseError {
    let rest = s.get(at..).unwrap_or("");
    let text: String = rest
        .chars()
        .take(2)
        .take_while(|&c| c != '-' && c != 'x' && c != 'X')
        .collect();
    let text = if text.is_empty() {
        rest.chars().take(1).collect()
    } else {
        text
    };
    MoveParseError::new(at, text.len(), MoveParseErrorKind::ExpectedSquare(text))
}

/// Parse a typed move.
///
/// # Errors
///
/// A [`MoveParseError`] locating the first problem, left to right.
pub fn parse_move(s: &str) -> Result<Move, MoveParseError> {
    let bytes = s.as_bytes();
    if bytes.is_empty() {
        return Err(MoveParseError::new(0, 0, MoveParseErrorKind::Empty));
    }
    // (square, byte offset) for each square read.
    let mut squares: Vec<(Square, usize)> = Vec::with_capacity(4);
    let mut at = 0;
    loop {
        let Some(sq) = square_at(bytes, at) else {
            return Err(expected_square(s, at));
        };
        squares.push((sq, at));
        at += 2;
        match bytes.get(at) {
            None => break,
            Some(b'-' | b'x' | b'X') => {
                at += 1;
                if at == bytes.len() {
                    return Err(expected_square(s, at));
                }
            }
            Some(_) => {}
        }
    }
    match squares.as_slice() {
        [] => Err(MoveParseError::new(0, 0, MoveParseErrorKind::Empty)),
        [_] => Err(MoveParseError::new(
            s.len(),
            0,
            MoveParseErrorKind::MissingSquare,
        )),
        [(from, _), (to, _)] => Ok(Move::new(*from, *to)),
        _ => {
            if squares.len() > MAX_JUMPS + 1 {
                let start = squares.get(MAX_JUMPS + 1).map_or(0, |&(_, o)| o);
                let kind = MoveParseErrorKind::TooManyJumps;
                return Err(MoveParseError::new(start, s.len() - start, kind));
            }
            for pair in squares.windows(2) {
                if let [(a, a_at), (b, b_at)] = pair
                    && jumped_square(*a, *b).is_none()
                {
                    let text = format!("{a}{b}");
                    let kind = MoveParseErrorKind::NotAJump(text);
                    return Err(MoveParseError::new(*a_at, b_at + 2 - a_at, kind));
                }
            }
            let path: Vec<Square> = squares.iter().map(|&(sq, _)| sq).collect();
            Move::from_squares(&path).ok_or(MoveParseError::new(
                0,
                s.len(),
                MoveParseErrorKind::TooManyJumps,
            ))
        }
    }
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        parse_move(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> (usize, usize, MoveParseErrorKind) {
        let e = parse_move(s).unwrap_err();
        (e.offset, e.len, e.kind)
    }

    #[test]
    fn accepted_forms() {
        for s in ["e1d3", "e1-d3", "e1xd3", "E1D3", "e1Xd3"] {
            assert_eq!(parse_move(s).unwrap().to_string(), "e1d3", "{s}");
        }
        for s in ["b1d3f5", "b1-d3-f5", "B1xD3-f5"] {
            assert_eq!(parse_move(s).unwrap().to_string(), "b1d3f5", "{s}");
        }
    }

    #[test]
    fn errors_are_located() {
        use MoveParseErrorKind::*;
        assert_eq!(err(""), (0, 0, Empty));
        assert_eq!(err("e1"), (2, 0, MissingSquare));
        assert_eq!(err("e1-"), (3, 0, ExpectedSquare(String::new())));
        assert_eq!(err("e1-h3"), (3, 2, ExpectedSquare("h3".into())));
        assert_eq!(err("e8d3"), (0, 2, ExpectedSquare("e8".into())));
        assert_eq!(err("e1d3 "), (4, 1, ExpectedSquare(" ".into())));
        assert_eq!(err("e1--d3"), (3, 1, ExpectedSquare("-".into())));
        assert_eq!(err("b1d3e5"), (2, 4, NotAJump("d3e5".into())));
        assert_eq!(err("b1-c2-d3"), (0, 5, NotAJump("b1c2".into())));
        assert_eq!(err("é1d3"), (0, 3, ExpectedSquare("é1".into())));
    }
}
