//! The network's inputs: one feature for each (piece kind, own or the
//! opponent's, square) as one side sees the board.
//!
//! Each side has its own view, its *perspective*: White sees the board as
//! it is, Black sees it turned over rank by rank (a7 becomes a1), so both
//! see their own pieces at the bottom and their castle below the river.
//! A piece is "own" in the view of its colour. So one set of weights
//! serves both sides, and a position and its colour-swapped mirror image
//! give the same two views, swapped: the network is symmetric by
//! construction.

use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::square::{SQUARES, Square};

/// How many kinds of piece there are (pawn .. zebra).
const KINDS: usize = PieceKind::ALL.len();

/// The number of input features: 8 kinds × (own, opponent's) × 49 squares.
pub const N_FEATURES: usize = KINDS * 2 * SQUARES;

/// The index of `sq` seen from `perspective`: as it is for White, mirrored
/// vertically (rank r becomes rank 8 - r, the file kept) for Black.
pub fn oriented(perspective: Color, sq: Square) -> usize {
    let i = sq.index();
    match perspective {
        Color::White => i,
        // index = file * 7 + rank: keep the file, turn the rank over.
        Color::Black => i + 6 - 2 * (i % 7),
    }
}

/// The feature of `piece` standing on `sq`, seen from `perspective`:
/// `(kind × 2 + opponent's) × 49 + oriented square`, below [`N_FEATURES`].
pub fn feature_index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let theirs = usize::from(piece.color != perspective);
    (piece.kind.index() * 2 + theirs) * SQUARES + oriented(perspective, sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn squares() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(|i| Square::new(i).unwrap())
    }

    #[test]
    fn n_features_counts_kinds_sides_and_squares() {
        // 8 kinds (piece.rs), own and opponent's, 49 squares.
        assert_eq!(N_FEATURES, 8 * 2 * 49);
    }

    #[test]
    fn black_sees_the_board_turned_over() {
        // a1 <-> a7, d4 stays d4 (the river's middle), g2 <-> g6.
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(oriented(Color::Black, sq("a1")), sq("a7").index());
        assert_eq!(oriented(Color::Black, sq("a7")), sq("a1").index());
        assert_eq!(oriented(Color::Black, sq("d4")), sq("d4").index());
        assert_eq!(oriented(Color::Black, sq("g2")), sq("g6").index());
        assert_eq!(oriented(Color::White, sq("g2")), sq("g2").index());
    }

    #[test]
    fn a_mirrored_colour_swapped_piece_has_the_same_feature() {
        // White's view of a piece on sq is Black's view of the same kind
        // in the other colour on the mirrored square.
        for kind in PieceKind::ALL {
            for color in Color::ALL {
                for sq in squares() {
                    let mirror = Square::new(oriented(Color::Black, sq) as u8).unwrap();
                    assert_eq!(
                        feature_index(Color::White, Piece::new(color, kind), sq),
                        feature_index(Color::Black, Piece::new(!color, kind), mirror),
                        "{kind} {color} {sq}"
                    );
                }
            }
        }
    }

    #[test]
    fn features_are_distinct_and_in_range_for_each_view() {
        // (kind, own, square) -> index is one-to-one onto 0..N_FEATURES.
        for perspective in Color::ALL {
            let mut seen = HashSet::new();
            for kind in PieceKind::ALL {
                for color in Color::ALL {
                    for sq in squares() {
                        let f = feature_index(perspective, Piece::new(color, kind), sq);
                        assert!(f < N_FEATURES, "{f}");
                        assert!(seen.insert(f), "{kind} {color} {sq} repeats {f}");
                    }
                }
            }
            assert_eq!(seen.len(), N_FEATURES);
        }
    }
}
