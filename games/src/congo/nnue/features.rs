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

use crate::congo::mirror::mirror_square;
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
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

/// The number of lion buckets of [`FeatureSet::LionBuckets`].
pub const LION_BUCKETS: usize = 4;

/// Which inputs a network reads: each network file names its set (its id)
/// and its number of inputs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FeatureSet {
    /// The [`N_FEATURES`] features of [`feature_index`] (id 1): the
    /// networks of generations 1 to 4.
    #[default]
    Plain,
    /// The same features in one of [`LION_BUCKETS`] blocks chosen by the
    /// square of the view's own lion, the board mirrored left-right when
    /// that lion stands on files e-g (id 2; as chess engines' king
    /// buckets). A lion never leaves its castle, and in self-play it
    /// stands on d1 in two positions of three and on c1 or e1 in one of
    /// four (gen 4's data), so the castle's nine squares, mirrored to
    /// c1-d3, make four blocks: d1, c1, d2-d3, c2-c3. See [`View`].
    LionBuckets,
}

impl FeatureSet {
    /// Every feature set, by id.
    pub const ALL: [FeatureSet; 2] = [FeatureSet::Plain, FeatureSet::LionBuckets];

    /// The id written in a network file.
    pub fn id(self) -> u32 {
        match self {
            FeatureSet::Plain => 1,
            FeatureSet::LionBuckets => 2,
        }
    }

    /// The set of a network file's id.
    pub fn from_id(id: u32) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|s| s.id() == id)
    }

    /// How many inputs a network of this set has.
    pub fn inputs(self) -> usize {
        match self {
            FeatureSet::Plain => N_FEATURES,
            FeatureSet::LionBuckets => LION_BUCKETS * N_FEATURES,
        }
    }

    /// Its short name, as the trainer's `--features` takes it.
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::Plain => "plain",
            FeatureSet::LionBuckets => "lion",
        }
    }

    /// The set of a short name.
    pub fn from_name(name: &str) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One side's view of a position under a feature set: whose view it is,
/// whether the board is mirrored left-right (a <-> g), and the block of
/// inputs its features fall in. A move changes a view's features only by
/// the squares it changes, unless it changes the view itself (the own
/// lion moving to another bucket or across the d-file): then the view is
/// built again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    perspective: Color,
    mirror: bool,
    bucket: u8,
}

impl View {
    /// `perspective`'s view of `pos` under `set`. Without a lion of its
    /// colour (a game already over) the view is that of a lion on d1.
    pub fn of(set: FeatureSet, perspective: Color, pos: &Position) -> View {
        let plain = View::plain(perspective);
        if set == FeatureSet::Plain {
            return plain;
        }
        match pos.lion(perspective) {
            None => plain,
            Some(lion) => {
                let i = oriented(perspective, lion);
                let (file, rank) = (i / 7, i % 7);
                let mirror = file > 3;
                let file = if mirror { 6 - file } else { file };
                // d1, c1, d2-d3, c2-c3 (and, on boards a game never
                // reaches, a-b as c, ranks 4-7 as 2-3).
                let bucket = 2 * usize::from(rank > 0) + usize::from(file < 3);
                View {
                    perspective,
                    mirror,
                    bucket: bucket as u8,
                }
            }
        }
    }

    /// `perspective`'s view in the plain set: one block, never mirrored.
    pub const fn plain(perspective: Color) -> View {
        View {
            perspective,
            mirror: false,
            bucket: 0,
        }
    }

    /// Whose view this is.
    pub fn perspective(self) -> Color {
        self.perspective
    }

    /// Whether the board is seen mirrored left-right.
    pub fn mirror(self) -> bool {
        self.mirror
    }

    /// The block of inputs the view's features fall in (0 for
    /// [`FeatureSet::Plain`]).
    pub fn bucket(self) -> usize {
        usize::from(self.bucket)
    }

    /// The input of `piece` on `sq` in this view: [`feature_index`] of
    /// the square (mirrored when the view is) in block [`View::bucket`],
    /// below the set's [`FeatureSet::inputs`].
    #[inline]
    pub fn feature(self, piece: Piece, sq: Square) -> usize {
        let sq = if self.mirror { mirror_square(sq) } else { sq };
        self.bucket() * N_FEATURES + feature_index(self.perspective, piece, sq)
    }
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
