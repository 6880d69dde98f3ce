//! Congo FEN: `<placement> [<side> [<move number>]]` to and from [`Position`].
//!
//! Errors carry the byte offset and length of the offending text, so a front
//! end can put a caret under it.

use super::bitboard::Bitboard;
use super::piece::{Color, Piece};
use super::position::Position;
use super::square::{File, Rank, Square};
use crate::quote::quoted;
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

/// What a placement byte means, looked up in one step (the hot path of
/// problem-format replay): an empty-square count, a piece, `/`, a digit that
/// counts nothing, or anything else.
#[derive(Clone, Copy)]
enum Class {
    Other,
    Empty(u8),
    BadDigit,
    Piece(Piece),
    Slash,
}

// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const CLASSES: [Class; 256] = {
    let mut table = [Class::Other; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8 as char;
        table[b] = match c {
            '1'..='7' => Class::Empty(b as u8 - b'0'),
            '0' | '8' | '9' => Class::BadDigit,
            '/' => Class::Slash,
            _ => match Piece::from_char(c) {
                Some(p) if c.is_ascii() => Class::Piece(p),
                _ => Class::Other,
            },
        };
        b += 1;
    }
    table
};

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
    match parse_fast(s) {
        Some(pos) => Ok(pos),
        None => parse_located(s),
    }
}

/// The hot path of problem-format replay: one pass over the bytes of a
/// well-formed FEN. Anything unusual (an error, an odd spacing) returns
/// `None`, and [`parse_located`] decides; where both succeed they agree
/// (a property test checks it).
fn parse_fast(s: &str) -> Option<Position> {
    let b = s.as_bytes();
    let blanks = |mut i: usize| {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    let mut i = blanks(0);
    let mut pos = Position::empty();
    let (mut rank, mut file) = (6usize, 0usize);
    while let Some(&c) = b.get(i) {
        match CLASSES.get(usize::from(c)).copied().unwrap_or(Class::Other) {
            Class::Empty(n) => file += usize::from(n),
            Class::Piece(piece) if file < 7 => {
                pos.toggle(piece, Bitboard(1u64 << (file * 7 + rank)));
                file += 1;
            }
            Class::Slash if file == 7 && rank > 0 => {
                rank -= 1;
                file = 0;
            }
            Class::Other => break,
            _ => return None,
        }
        if file > 7 {
            return None;
        }
        i += 1;
    }
    if rank != 0 || file != 7 {
        return None;
    }
    let at_end = |i: usize| matches!(b.get(i), None | Some(b' ' | b'\t'));
    if !at_end(i) {
        return None;
    }
    i = blanks(i);
    let side = match b.get(i) {
        None => return Some(pos),
        Some(b'w' | b'W') => Color::White,
        Some(b'b' | b'B') => Color::Black,
        Some(_) => return None,
    };
    if !at_end(i + 1) {
        return None;
    }
    pos.set_side_to_move(side);
    i = blanks(i + 1);
    if i >= b.len() {
        return Some(pos);
    }
    let mut n: u64 = 0;
    let start = i;
    while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
        n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
        i += 1;
    }
    if i == start || blanks(i) != b.len() {
        return None;
    }
    pos.set_move_number(n);
    Some(pos)
}

/// The careful parser: the same language as [`parse_fast`], with every
/// error located.
fn parse_located(s: &str) -> Result<Position, FenError> {
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
mod tests {
    use super::*;
    use crate::congo::piece::PieceKind;

    fn err(s: &str) -> (usize, usize, FenErrorKind) {
        let e = parse(s).unwrap_err();
        (e.offset, e.len, e.kind)
    }

    #[test]
    fn start_round_trips() {
        let pos = parse(super::super::position::START_FEN).unwrap();
        assert_eq!(pos, Position::start());
        assert_eq!(pos.to_string(), "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0");
    }

    #[test]
    fn defaults_and_case() {
        let pos = parse("7/7/7/7/7/7/7").unwrap();
        assert_eq!(pos.side_to_move(), Color::White);
        assert_eq!(pos.move_number(), 0);
        let pos = parse("  7/7/7/7/7/7/7\tB 23  ").unwrap();
        assert_eq!(pos.side_to_move(), Color::Black);
        assert_eq!(pos.move_number(), 23);
        assert_eq!(pos.to_string(), "7/7/7/7/7/7/7 b 23");
    }

    #[test]
    fn canonical_merges_empty_runs() {
        // "34" is 3+4 = 7 empty squares; canonical output merges them to "7".
        let pos = parse("34/7/7/7/7/7/2l1L2 w 5").unwrap();
        assert_eq!(pos.to_string(), "7/7/7/7/7/7/2l1L2 w 5");
        let d1: Square = "e1".parse().unwrap();
        assert_eq!(
            pos.piece_at(d1),
            Some(Piece::new(Color::White, PieceKind::Lion))
        );
    }

    #[test]
    fn worked_example_squares() {
        let pos = parse("2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23").unwrap();
        let at = |s: &str| pos.piece_at(s.parse().unwrap()).map(|p| p.char());
        assert_eq!(at("c7"), Some('l'));
        assert_eq!(at("e5"), Some('z'));
        assert_eq!(at("e4"), Some('c'));
        assert_eq!(at("g2"), Some('p'));
        assert_eq!(at("d2"), Some('L'));
    }

    #[test]
    fn empty_input() {
        assert_eq!(err(""), (0, 0, FenErrorKind::Empty));
        assert_eq!(err("   "), (3, 0, FenErrorKind::Empty));
    }

    #[test]
    fn rank_count() {
        // 6 ranks: the error points just past the placement (offset 11).
        assert_eq!(
            err("7/7/7/7/7/7 w 0"),
            (11, 0, FenErrorKind::RankCount { found: 6 })
        );
        // 8 ranks: it points at the 7th `/` (offset 13), covering "/7".
        assert_eq!(
            err("7/7/7/7/7/7/7/7"),
            (13, 2, FenErrorKind::RankCount { found: 8 })
        );
    }

    #[test]
    fn rank_width() {
        // Rank 6 is the second segment, starting at offset 2.
        assert_eq!(
            err("7/8P/7/7/7/7/7").0,
            2,
            "the digit 8 is reported before the width"
        );
        assert_eq!(
            err("7/61P/7/7/7/7/7"),
            (
                2,
                3,
                FenErrorKind::RankWidth {
                    rank: 6,
                    squares: 8
                }
            )
        );
        assert_eq!(
            err("7/7/7/7/7/7/6"),
            (
                12,
                1,
                FenErrorKind::RankWidth {
                    rank: 1,
                    squares: 6
                }
            )
        );
        assert_eq!(
            err("7//7/7/7/7/7"),
            (
                2,
                0,
                FenErrorKind::RankWidth {
                    rank: 6,
                    squares: 0
                }
            )
        );
    }

    #[test]
    fn bad_letters_and_digits() {
        // "7/7/7/" is bytes 0..6, so `x` in "3x3" is at byte 7.
        assert_eq!(
            err("7/7/7/3x3/7/7/7"),
            (7, 1, FenErrorKind::UnknownPiece('x'))
        );
        assert_eq!(
            err("7/7/7/3é3/7/7/7"),
            (7, 2, FenErrorKind::UnknownPiece('é'))
        );
        assert_eq!(err("0/7/7/7/7/7/7"), (0, 1, FenErrorKind::BadDigit('0')));
        assert_eq!(err("7/7/7/7/7/7/9"), (12, 1, FenErrorKind::BadDigit('9')));
    }

    #[test]
    fn side_errors() {
        assert_eq!(
            err("7/7/7/7/7/7/7 white 0"),
            (14, 5, FenErrorKind::InvalidSide("white".into()))
        );
        assert_eq!(
            err("7/7/7/7/7/7/7 x"),
            (14, 1, FenErrorKind::InvalidSide("x".into()))
        );
    }

    #[test]
    fn move_number_errors() {
        let k = |s: &str| FenErrorKind::MoveNumberNotNumeric(s.into());
        assert_eq!(err("7/7/7/7/7/7/7 w abc"), (16, 3, k("abc")));
        assert_eq!(err("7/7/7/7/7/7/7 w 1x"), (16, 2, k("1x")));
        assert_eq!(
            err("7/7/7/7/7/7/7 w -3"),
            (16, 2, FenErrorKind::MoveNumberNegative("-3".into()))
        );
        assert_eq!(
            err("7/7/7/7/7/7/7 w 18446744073709551616"),
            (
                16,
                20,
                FenErrorKind::MoveNumberOverflow("18446744073709551616".into())
            )
        );
        assert_eq!(
            parse("7/7/7/7/7/7/7 w 18446744073709551615")
                .unwrap()
                .move_number(),
            u64::MAX
        );
    }

    #[test]
    fn trailing_input() {
        assert_eq!(
            err("7/7/7/7/7/7/7 w 0 extra  stuff "),
            (18, 12, FenErrorKind::TrailingInput("extra  stuff".into()))
        );
    }

    #[test]
    fn long_fields_are_cut_in_messages() {
        // The error keeps the whole field; its message quotes 40 characters.
        let side = "x".repeat(1000);
        let e = parse(&format!("7/7/7/7/7/7/7 {side}")).unwrap_err();
        assert_eq!(e.kind, FenErrorKind::InvalidSide(side));
        assert_eq!(
            e.to_string(),
            format!(
                "expected side to move `w` or `b`, found `{}...`",
                "x".repeat(40)
            )
        );
    }

    #[test]
    fn fast_path_takes_the_common_forms() {
        for fen in [
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
            "  2l4/7/4z2/4c2/PP2EP1/3L2p/7\tB 23  ",
            "7/7/7/7/7/7/7",
            "7/7/7/7/7/7/7 b",
            "34/7/7/7/7/7/7 w 18446744073709551615",
        ] {
            let fast = parse_fast(fen);
            assert!(fast.is_some(), "{fen}");
            assert_eq!(fast.map(Ok), Some(parse_located(fen)), "{fen}");
        }
        for odd in [
            "7/7/7/7/7/7/7 w 18446744073709551616",
            "7/7/7/7/7/7/8",
            "7/7/7/7/7/7/7 w0",
            "7/7/7/7/7/7/7 w 0 x",
            "7/7/7/7/7/7/7/",
            "6/7/7/7/7/7/7",
            "7/7/7/7/7/7/7 w -1",
            "7/7/7/7/7/7/7x",
        ] {
            assert_eq!(parse_fast(odd), None, "{odd}");
        }
    }

    #[test]
    fn shifted_moves_offset() {
        let e = parse("7/7/7/3x3/7/7/7").unwrap_err().shifted(4);
        assert_eq!(e.offset, 11);
    }

    mod properties {
        use super::super::*;
        use proptest::prelude::*;

        /// A rank of FEN-ish text: piece letters and digits, sometimes 7 wide.
        fn rank() -> impl Strategy<Value = String> {
            prop_oneof![
                "[1-7pPsSgGmMeElLcCzZ]{1,7}",
                proptest::collection::vec(
                    prop_oneof!["[pPsSgGmMeElLcCzZ]", Just("1".to_string())],
                    7
                )
                .prop_map(|v| v.concat()),
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(512))]

            /// Wherever the fast path accepts, the careful parser agrees.
            #[test]
            fn fast_path_agrees(
                ranks in proptest::collection::vec(rank(), 5..9),
                lead in "[ \t]{0,2}",
                side in "( [wWbBx])?",
                number in "( [0-9]{1,21}| -[0-9])?",
                tail in "( x)?",
            ) {
                let fen = format!("{lead}{}{side}{number}{tail}", ranks.join("/"));
                if let Some(pos) = parse_fast(&fen) {
                    prop_assert_eq!(Ok(pos), parse_located(&fen), "{}", fen);
                }
            }

            /// Any string at all: the fast path never accepts what the careful one rejects.
            #[test]
            fn fast_path_never_accepts_an_error(text in "[ \t0-9/pPsSgGmMeElLcCzZwWbB-]{0,64}") {
                if let Some(pos) = parse_fast(&text) {
                    prop_assert_eq!(Ok(pos), parse_located(&text));
                }
            }
        }
    }
}
