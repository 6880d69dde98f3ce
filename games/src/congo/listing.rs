//! The 17-line piece listing of the original problem (see `congo-fen.md`).
//!
//! Written straight into a byte buffer from precomputed labels and square
//! names: this is the hot path of problem-format replay.

use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::square::SQUARES;

/// The two-byte name of every square, by index.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const SQUARE_NAMES: [[u8; 2]; SQUARES] = {
    let mut names = [[0u8; 2]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        names[i] = [b'a' + (i / 7) as u8, b'1' + (i % 7) as u8];
        i += 1;
    }
    names
};

/// The 16 piece lines' labels, in output order: kind-major, White first.
const LABELS: [&[u8]; 16] = [
    b"white pawn:",
    b"black pawn:",
    b"white superpawn:",
    b"black superpawn:",
    b"white giraffe:",
    b"black giraffe:",
    b"white monkey:",
    b"black monkey:",
    b"white elephant:",
    b"black elephant:",
    b"white lion:",
    b"black lion:",
    b"white crocodile:",
    b"black crocodile:",
    b"white zebra:",
    b"black zebra:",
];

/// Each label padded to 16 bytes, so it is copied as one fixed-size block
/// (no call to `memcpy`) and the vector then cut back to the label's length.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const PADDED: [([u8; 16], usize); 16] = {
    let mut table = [([0u8; 16], 0); 16];
    let mut i = 0;
    while i < 16 {
        let label = LABELS[i];
        let mut j = 0;
        while j < label.len() {
            table[i].0[j] = label[j];
            j += 1;
        }
        table[i].1 = label.len();
        i += 1;
    }
    table
};

/// Each square as ` a1`, by index, and a blank entry at index 49 (past the
/// last square) that the unrolled writes below use when a group has run out.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const ITEMS: [[u8; 3]; SQUARES + 1] = {
    let mut items = [[b' '; 3]; SQUARES + 1];
    let mut i = 0;
    while i < SQUARES {
        items[i] = [b' ', SQUARE_NAMES[i][0], SQUARE_NAMES[i][1]];
        i += 1;
    }
    items
};

/// Squares written per group without a loop (most groups hold fewer).
const UNROLLED: usize = 4;

/// The longest listing (49 pieces) with room for the fixed-size blocks that
/// run past the end of what is kept.
const SCRATCH: usize = 16 * 17 + 3 * SQUARES + 16 + 32 + 3 * UNROLLED + 16;

/// The item of the lowest square in `bits` (the blank one if none).
#[inline]
fn lowest(bits: u64) -> [u8; 3] {
    let i = (bits.trailing_zeros() as usize).min(SQUARES);
    ITEMS.get(i).copied().unwrap_or([b' '; 3])
}

/// Copy `block` into `buf` at `at` (which always has room: see [`SCRATCH`]).
#[inline]
fn put(buf: &mut [u8; SCRATCH], at: usize, block: &[u8]) {
    if let Some(dst) = buf.get_mut(at..at + block.len()) {
        dst.copy_from_slice(block);
    }
}

/// Append the 17-line listing of `pos` to `out`, each line ending in `\n`.
///
/// Built in a scratch array with fixed-size block copies, the first
/// [`UNROLLED`] squares of each line written whether there are that many or
/// not (and then cut back): a loop whose length varies with the position
/// costs a mispredicted branch per line, and that was most of the time of
/// problem-format replay.
pub fn write_listing(pos: &Position, out: &mut Vec<u8>) {
    let mut buf = [0u8; SCRATCH];
    let mut n = 0;
    let mut labels = PADDED.iter();
    for kind in PieceKind::ALL {
        for color in Color::ALL {
            if let Some((label, len)) = labels.next() {
                put(&mut buf, n, label);
                n += len;
            }
            // Ascending bit order is alphabetical square order.
            let mut bits = pos.pieces(Piece::new(color, kind)).0;
            let count = bits.count_ones() as usize;
            let mut block = [0u8; 3 * UNROLLED];
            for item in block.chunks_exact_mut(3) {
                item.copy_from_slice(&lowest(bits));
                bits &= bits.wrapping_sub(1);
            }
            put(&mut buf, n, &block);
            n += 3 * count.min(UNROLLED);
            while bits != 0 {
                put(&mut buf, n, &lowest(bits));
                n += 3;
                bits &= bits - 1;
            }
            put(&mut buf, n, b"\n");
            n += 1;
        }
    }
    put(
        &mut buf,
        n,
        match pos.side_to_move() {
            Color::White => b"side to play: white\n",
            Color::Black => b"side to play: black\n",
        },
    );
    n += 20;
    out.extend_from_slice(buf.get(..n).unwrap_or(&[]));
}

/// The 17-line listing of `pos` as a string (each line ends in `\n`).
pub fn listing(pos: &Position) -> String {
    let mut out = Vec::with_capacity(512);
    write_listing(pos, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The square names of a bitboard, for tests.
#[cfg(test)]
pub fn square_names(squares: impl Iterator<Item = super::square::Square>) -> String {
    squares.map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::Square;
    use crate::congo::fen::parse;

    const EMPTY_LINES: &str = "white pawn:\nblack pawn:\nwhite superpawn:\nblack superpawn:\n\
white giraffe:\nblack giraffe:\nwhite monkey:\nblack monkey:\nwhite elephant:\n\
black elephant:\nwhite lion:\nblack lion:\nwhite crocodile:\nblack crocodile:\n\
white zebra:\nblack zebra:\n";

    #[test]
    fn empty_board() {
        // No pieces: every line ends at its colon; 7/7/... with side b.
        let pos = parse("7/7/7/7/7/7/7 b 0").unwrap();
        assert_eq!(listing(&pos), format!("{EMPTY_LINES}side to play: black\n"));
    }

    #[test]
    fn worked_example() {
        // congo-fen.md's worked example, copied from the spec text.
        let pos = parse("2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23").unwrap();
        let expected = "white pawn: a3 b3 f3\nblack pawn: g2\nwhite superpawn:\n\
black superpawn:\nwhite giraffe:\nblack giraffe:\nwhite monkey:\nblack monkey:\n\
white elephant: e3\nblack elephant:\nwhite lion: d2\nblack lion: c7\n\
white crocodile:\nblack crocodile: e4\nwhite zebra:\nblack zebra: e5\n\
side to play: black\n";
        assert_eq!(listing(&pos), expected);
    }

    #[test]
    fn full_board_of_white_zebras() {
        // 49 zebras: the zebra line names all 49 squares a1..a7, b1..g7.
        let pos = parse("ZZZZZZZ/ZZZZZZZ/ZZZZZZZ/ZZZZZZZ/ZZZZZZZ/ZZZZZZZ/ZZZZZZZ").unwrap();
        let text = listing(&pos);
        let line = text.lines().nth(14).unwrap();
        let mut all = String::from("white zebra:");
        for f in "abcdefg".chars() {
            for r in 1..=7 {
                all.push_str(&format!(" {f}{r}"));
            }
        }
        assert_eq!(line, all);
        assert_eq!(text.lines().count(), 17);
    }

    #[test]
    fn several_lions_and_superpawns() {
        // Three white lions on rank 1 (c1 d1 e1) and one black on g7;
        // superpawns: white on a7 and g1? No: S on a7, s on b1.
        let pos = parse("S5l/7/7/7/7/7/1sLLL2 w 0").unwrap();
        let text = listing(&pos);
        assert_eq!(text.lines().nth(2), Some("white superpawn: a7"));
        assert_eq!(text.lines().nth(3), Some("black superpawn: b1"));
        assert_eq!(text.lines().nth(10), Some("white lion: c1 d1 e1"));
        assert_eq!(text.lines().nth(11), Some("black lion: g7"));
    }

    /// The listing written plainly, a line at a time, to check the
    /// unrolled [`write_listing`] against.
    fn plain_listing(pos: &Position) -> String {
        let mut text = String::new();
        for kind in PieceKind::ALL {
            for color in Color::ALL {
                text.push_str(&format!("{color} {}:", kind.name()));
                for sq in Square::all() {
                    if pos.piece_at(sq) == Some(Piece::new(color, kind)) {
                        text.push_str(&format!(" {sq}"));
                    }
                }
                text.push('\n');
            }
        }
        text + &format!("side to play: {}\n", pos.side_to_move())
    }

    proptest::proptest! {
        /// Any board: the listing is the plain one, appended after what
        /// the buffer already holds.
        #[test]
        fn listing_is_the_plain_one(codes in proptest::collection::vec(0u8..20, 49), black: bool) {
            let mut pos = Position::empty();
            for (sq, code) in Square::all().zip(codes) {
                let piece = (code < 16).then(|| {
                    Piece::new(Color::ALL[usize::from(code & 1)], PieceKind::ALL[usize::from(code >> 1)])
                });
                pos.set(sq, piece);
            }
            if black {
                pos.set_side_to_move(Color::Black);
            }
            let mut out = b"before\n".to_vec();
            write_listing(&pos, &mut out);
            proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), format!("before\n{}", plain_listing(&pos)));
        }
    }

    #[test]
    fn every_file_of_a_rank_sorts_by_file() {
        // Rank 4 pawns written g..a in FEN order still list a4..g4.
        let pos = parse("7/7/7/ppppppp/7/7/7").unwrap();
        assert_eq!(
            listing(&pos).lines().nth(1),
            Some("black pawn: a4 b4 c4 d4 e4 f4 g4")
        );
        // A column: a7 and a1 and b4: sorted file first then rank.
        let pos = parse("P6/7/7/1P5/7/7/P6").unwrap();
        assert_eq!(listing(&pos).lines().next(), Some("white pawn: a1 a7 b4"));
    }
}
