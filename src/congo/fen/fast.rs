//! The hot path of FEN reading: one pass over the bytes of a well-formed
//! FEN, with a byte-class table. Anything unusual is left to the careful,
//! error-locating parser.

use crate::congo::bitboard::Bitboard;
use crate::congo::piece::{Color, Piece};
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
