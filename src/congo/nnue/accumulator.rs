//! The accumulators: the hidden layer before its activation, one for each
//! side's view, kept up to date move by move.
//!
//! A view's accumulator is the hidden biases plus the weight rows of the
//! features present, so it changes only by the rows of the pieces that
//! changed. [`Accumulators::refresh`] builds both from scratch;
//! [`Accumulators::update`] follows a move by the squares whose piece
//! changed between the positions before and after it, which covers every
//! Congo move alike: a step, a capture, a promotion, the mover's pieces
//! drowned in the river, a monkey's multi-capture, a lion's capture.
//!
//! The arithmetic wraps (`i16`), so no weights can make it panic, and an
//! update from any position to any other equals a refresh exactly
//! (adding and removing rows commute modulo 2^16). A trained network
//! keeps its sums well inside `i16`.

use super::features::feature_index;
use super::network::Network;
use super::simd::{add, sub};
use crate::congo::bitboard::Bitboard;
use crate::congo::piece::{Color, PieceKind};
use crate::congo::position::Position;
use crate::congo::square::Square;

/// The two views' hidden layers: White's and Black's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulators {
    white: Vec<i16>,
    black: Vec<i16>,
}

/// The squares whose piece (colour or kind) differs between `a` and `b`.
pub(crate) fn changed(a: &Position, b: &Position) -> Bitboard {
    let colors = Color::ALL
        .into_iter()
        .fold(Bitboard::EMPTY, |m, c| m | (a.by_color(c) ^ b.by_color(c)));
    PieceKind::ALL
        .into_iter()
        .fold(colors, |m, k| m | (a.by_kind(k) ^ b.by_kind(k)))
}

impl Accumulators {
    /// Both accumulators of `pos` under `net`, from scratch: O(pieces × H).
    pub fn refresh(net: &Network, pos: &Position) -> Accumulators {
        let mut acc = Accumulators {
            white: net.feature_bias().to_vec(),
            black: net.feature_bias().to_vec(),
        };
        for sq in pos.occupied() {
            acc.toggle(net, pos, sq, add);
        }
        acc
    }

    /// Follow a move (or any change) from `before` to `after`, whose
    /// accumulators these are: for each square whose piece changed, the
    /// old piece's features leave and the new one's come in. It costs
    /// O(changed squares × H): 2 to 4 squares for most moves, a few more
    /// for a monkey's chain or a drowning.
    pub fn update(&mut self, net: &Network, before: &Position, after: &Position) {
        for sq in changed(before, after) {
            self.toggle(net, before, sq, sub);
            self.toggle(net, after, sq, add);
        }
    }

    /// The view of `color`.
    pub fn view(&self, color: Color) -> &[i16] {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Apply `op` (add or remove) to both views with the rows of the piece
    /// on `sq` in `pos`, if any.
    fn toggle(
        &mut self,
        net: &Network,
        pos: &Position,
        sq: Square,
        op: impl Fn(&mut [i16], &[i16]),
    ) {
        if let Some(piece) = pos.piece_at(sq) {
            op(
                &mut self.white,
                net.feature_row(feature_index(Color::White, piece, sq)),
            );
            op(
                &mut self.black,
                net.feature_row(feature_index(Color::Black, piece, sq)),
            );
        }
    }
}
