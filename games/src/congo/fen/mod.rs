//! Congo FEN: `<placement> [<side> [<move number>]]` to and from [`Position`].
//!
//! Errors carry the byte offset and length of the offending text, so a front
//! end can put a caret under it.

mod fast;

use super::bitboard::Bitboard;
use super::piece::Color;
use super::position::Position;
use super::square::{File, Rank, Square};
use crate::quote::quoted;
pub use fast::parse_fast;
use fast::{CLASSES, Class};
use std::fmt;
use std::str::FromStr;

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenErrorKind {
    /// Nothing but white space.
    #[error("expected a FEN placement like `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ`, found nothing")]
    Empty,
    /// The placement does not have 7 ranks.
    #[error("expected 7 ranks separated by `/`, found {found}")]
    RankCount { found: usize },
    /// A rank covers fewer or more than 7 squares.
    #[error("rank {rank} covers {squares} squares, expected 7")]
    RankWidth { rank: u8, squares: usize },
    /// A character that is neither a piece letter nor a digit.
    #[error("unknown piece letter `{0}` (pieces are PSGMELCZ, lower case for black)")]
    UnknownPiece(char),
    /// A digit that cannot count empty squares (0, 8, 9).
    #[error("digit `{0}` cannot count empty squares (use 1..7)")]
    BadDigit(char),
    /// A side to move other than `w`/`b`.
    #[error("expected side to move `w` or `b`, found {}", quoted(.0))]
    InvalidSide(String),
    /// A move number that is not a number.
    #[error("expected a move number, found {}", quoted(.0))]
    MoveNumberNotNumeric(String),
    /// A negative move number.
    #[error("move number must not be negative, found {}", quoted(.0))]
    MoveNumberNegative(String),
    /// A move number too large to hold.
    #[error("move number {} is too large (at most 18446744073709551615)", quoted(.0))]
    MoveNumberOverflow(String),
    /// Something after the move number.
    #[error("unexpected text after the FEN: {}", quoted(.0))]
    TrailingInput(String),
}

/// A FEN error: a kind plus where it is (byte offset and length in the input).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct FenError {
    pub offset: usize,
    pub len: usize,
    pub kind: FenErrorKind,
}

impl FenError {
    fn new(offset: usize, len: usize, kind: FenErrorKind) -> FenError {
        FenError { offset, len, kind }
    }

    /// The same error with its offset moved `by` bytes to the right.
    pub fn shifted(mut self, by: usize) -> FenError {
        self.offset += by;
        self
    }
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The next white-space-separated field at or after `from`: (start, end).
fn field(s: &str, from: usize) -> Option<(usize, usize)> {
    let bytes = s.as_bytes();
    let start = from
        + bytes
            .get(from..)?
            .iter()
            .take_while(|&&b| is_space(b))
            .count();
    if start >= bytes.len() {
        return None;
    }
    let len = bytes
        .get(start..)?
        .iter()
        .take_while(|&&b| !is_space(b))
        .count();
    Some((start, start + len))
}

/// `s[a..b]` or the empty string (offsets always come from `field`).
fn slice(s: &str, a: usize, b: usize) -> &str {
    s.get(a..b).unwrap_or("")
}

/// The squares a rank covered must be 7: else a width error over its text.
fn check_width(rank: u8, squares: usize, from: usize, to: usize) -> Result<(), FenError> {
    if squares == 7 {
        Ok(())
    } else {
        let kind = FenErrorKind::RankWidth { rank, squares };
        Err(FenError::new(from, to - from, kind))
    }
}

/// Parse the placement `s[start..end]` in one pass over its bytes.
fn parse_placement(s: &str, start: usize, end: usize) -> Result<Position, FenError> {
    let text = slice(s, start, end);
    let bytes = text.as_bytes();
    let found = 1 + bytes.iter().filter(|&&b| b == b'/').count();
    if found != 7 {
        // Point at the first surplus rank, or at the end when ranks are missing.
        let (offset, len) = if found > 7 {
            let cut = bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'/')
                .nth(6)
                .map_or(0, |(i, _)| i);
            (start + cut, text.len() - cut)
        } else {
            (end, 0)
        };
        return Err(FenError::new(
            offset,
            len,
            FenErrorKind::RankCount { found },
        ));
    }
    let mut pos = Position::empty();
    let mut rank = 7u8;
    let mut squares = 0usize;
    let mut rank_start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match CLASSES.get(usize::from(b)).copied().unwrap_or(Class::Other) {
            Class::Empty(n) => squares += usize::from(n),
            Class::Piece(piece) => {
                if squares < 7 {
                    // Square index file * 7 + rank (see `Square`); each square
                    // is reached once, so toggling places the piece.
                    let bit = 1u64 << (squares * 7 + usize::from(rank - 1));
                    pos.toggle(piece, Bitboard(bit));
                }
                squares += 1;
            }
            Class::Slash => {
                check_width(rank, squares, start + rank_start, start + i)?;
                rank -= 1;
                squares = 0;
                rank_start = i + 1;
            }
            Class::BadDigit => {
                let kind = FenErrorKind::BadDigit(char::from(b));
                return Err(FenError::new(start + i, 1, kind));
            }
            Class::Other => {
                let c = text.get(i..).and_then(|t| t.chars().next()).unwrap_or('?');
                let kind = FenErrorKind::UnknownPiece(c);
                return Err(FenError::new(start + i, c.len_utf8(), kind));
            }
        }
    }
    check_width(rank, squares, start + rank_start, end)?;
    Ok(pos)
}

fn parse_move_number(text: &str, offset: usize) -> Result<u64, FenError> {
    let err = |kind| Err(FenError::new(offset, text.len(), kind));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if digits(text) {
        match text.parse::<u64>() {
            Ok(n) => Ok(n),
            Err(_) => err(FenErrorKind::MoveNumberOverflow(text.to_string())),
        }
    } else if text.strip_prefix('-').is_some_and(digits) {
        err(FenErrorKind::MoveNumberNegative(text.to_string()))
    } else {
        err(FenErrorKind::MoveNumberNotNumeric(text.to_string()))
    }
}

/// Parse a Congo FEN. Side and move number may be omitted (`w`, `0`);
/// surrounding spaces and tabs are ignored.
///
/// # Errors
///
/// A [`FenError`] locating the first problem, left to right.
pub fn parse(s: &str) -> Result<Position, FenError> {
    match parse_fast(s.as_bytes()) {
        Some(pos) => Ok(pos),
        None => parse_located(s),
    }
}

/// The careful parser: the same language as [`parse_fast`], with every
/// error located.
pub(super) fn parse_located(s: &str) -> Result<Position, FenError> {
    let Some((start, end)) = field(s, 0) else {
        let at = s.len();
        return Err(FenError::new(at, 0, FenErrorKind::Empty));
    };
    let mut pos = parse_placement(s, start, end)?;
    let Some((ss, se)) = field(s, end) else {
        return Ok(pos);
    };
    let side = match slice(s, ss, se) {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => {
            let kind = FenErrorKind::InvalidSide(other.to_string());
            return Err(FenError::new(ss, se - ss, kind));
        }
    };
    pos.set_side_to_move(side);
    let Some((ms, me)) = field(s, se) else {
        return Ok(pos);
    };
    pos.set_move_number(parse_move_number(slice(s, ms, me), ms)?);
    if let Some((ts, _)) = field(s, me) {
        let rest = slice(s, ts, s.len()).trim_end_matches([' ', '\t']);
        let kind = FenErrorKind::TrailingInput(rest.to_string());
        return Err(FenError::new(ts, rest.len(), kind));
    }
    Ok(pos)
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        parse(s)
    }
}

/// Writes the canonical FEN: merged empty runs, lower-case side.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in Rank::ALL.into_iter().rev().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(f, " {} {}", self.side_to_move().char(), self.move_number())
    }
}

#[cfg(test)]
mod tests;
