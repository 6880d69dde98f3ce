//! The hot path of FEN reading: one pass over the bytes of a well-formed
//! FEN, with a byte-class table. Anything unusual is left to the careful,
//! error-locating parser.

use crate::congo::bitboard::Bitboard;
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;

/// What a placement byte means, looked up in one step (the hot path of
/// problem-format replay): an empty-square count, a piece, `/`, a digit that
/// counts nothing, or anything else.
#[derive(Clone, Copy)]
pub(super) enum Class {
    Other,
    Empty(u8),
    BadDigit,
    Piece(Piece),
    Slash,
}

// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
pub(super) const CLASSES: [Class; 256] = {
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

/// The pieces by code: code `2 * kind + color`.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const PIECE_CODES: [Piece; 16] = {
    let mut pieces = [Piece::new(Color::White, PieceKind::Pawn); 16];
    let mut code = 0;
    while code < 16 {
        pieces[code] = Piece::new(Color::ALL[code & 1], PieceKind::ALL[code >> 1]);
        code += 1;
    }
    pieces
};

/// A placement byte that ends the placement (anything not listed below).
const OTHER: u8 = 0;
/// `/`.
const SLASH: u8 = 31 << 3;
/// `0`, `8`, `9`: digits that count no squares.
const BAD_DIGIT: u8 = 30 << 3;

/// What a placement byte does, in one byte: the low 3 bits are how many
/// files it covers (1 to 7; 0 for the special bytes above), the high 5 the
/// board it marks: a piece code (see [`PIECE_CODES`]), or 16 for empty
/// squares.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const STEPS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match CLASSES[b] {
            Class::Other => OTHER,
            Class::Slash => SLASH,
            Class::BadDigit => BAD_DIGIT,
            Class::Empty(n) => (16 << 3) | n,
            Class::Piece(p) => (((p.kind.index() * 2 + p.color.index()) as u8) << 3) | 1,
        };
        b += 1;
    }
    table
};

/// The hot path of problem-format replay: one pass over the bytes of a
/// well-formed FEN (bytes, so a caller need not check UTF-8 first: what it
/// accepts is ASCII). Anything unusual (an error, an odd spacing) returns
/// `None`, and [`super::parse`] must decide; where both succeed they agree
/// (a property test checks it).
pub fn parse_fast(b: &[u8]) -> Option<Position> {
    let blanks = |mut i: usize| {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    let mut i = blanks(0);
    // One bitboard per piece code, and a spare that empty squares mark, so
    // the loop below has no branch on what a byte is (a mispredicted branch
    // per byte was the cost of this parser).
    let mut boards = [0u64; 17];
    let (mut rank, mut file) = (6usize, 0usize);
    while let Some(&c) = b.get(i) {
        let step = STEPS.get(usize::from(c)).copied().unwrap_or(0);
        let advance = usize::from(step & 7);
        if advance == 0 {
            match step {
                SLASH if file == 7 && rank > 0 => {
                    rank -= 1;
                    file = 0;
                    i += 1;
                    continue;
                }
                OTHER => break,
                _ => return None,
            }
        }
        if file + advance > 7 {
            return None;
        }
        if let Some(board) = boards.get_mut(usize::from(step >> 3)) {
            *board |= 1u64 << (file * 7 + rank);
        }
        file += advance;
        i += 1;
    }
    if rank != 0 || file != 7 {
        return None;
    }
    let mut pos = Position::empty();
    for (board, piece) in boards.iter().zip(PIECE_CODES) {
        if *board != 0 {
            pos.toggle(piece, Bitboard(*board));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece letter marks the board of its own piece, covering one
    /// file; each digit 1-7 covers that many files of the empty board.
    #[test]
    fn steps_match_the_letters() {
        for b in 0..=255u8 {
            let step = STEPS[usize::from(b)];
            match Piece::from_char(char::from(b)).filter(|_| b.is_ascii()) {
                Some(piece) => {
                    assert_eq!(step & 7, 1, "{}", char::from(b));
                    assert_eq!(PIECE_CODES[usize::from(step >> 3)], piece);
                }
                None if (b'1'..=b'7').contains(&b) => {
                    assert_eq!(step, (16 << 3) | (b - b'0'));
                }
                None => assert_eq!(step & 7, 0, "{b}"),
            }
        }
    }
}
