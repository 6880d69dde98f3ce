//! A Congo position: what stands on each square, who moves, the move number.

use super::bitboard::Bitboard;
use super::piece::{Color, Piece, PieceKind};
use super::square::Square;
use super::zobrist::{SIDE_KEY, mask_key};

/// The start position's FEN.
pub const START_FEN: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

/// A placement of pieces plus side to move and move number.
///
/// Any placement is allowed (several lions, none, 49 pieces): the listing
/// and the FEN must describe whatever they are given. Pieces are kept as
/// bitboards, one per colour and one per kind, which the listing and the
/// move generator both read directly, plus the Zobrist key of the pieces
/// and side to move, kept up to date by every change (see
/// [`Position::zobrist`]).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Position {
    colors: [Bitboard; 2],
    kinds: [Bitboard; 8],
    side: Color,
    move_number: u64,
    /// The Zobrist key: a function of the fields above but the move number,
    /// so derived equality and hashing stay those of the board.
    hash: u64,
}

/// An empty set to lend when a lookup below could (but never does) miss.
static NONE: Bitboard = Bitboard::EMPTY;

/// The bitboard of `color`. `Color::index` is 0 or 1, so `get` always hits;
/// it compiles to a compare the optimiser can drop, unlike a match.
fn color_of(colors: &[Bitboard; 2], color: Color) -> &Bitboard {
    colors.get(color.index()).unwrap_or(&NONE)
}

fn color_of_mut(colors: &mut [Bitboard; 2], color: Color) -> Option<&mut Bitboard> {
    colors.get_mut(color.index())
}

/// The bitboard of `kind`: `PieceKind::index` is below 8, so `get` always hits.
fn kind_of(kinds: &[Bitboard; 8], kind: PieceKind) -> &Bitboard {
    kinds.get(kind.index()).unwrap_or(&NONE)
}

fn kind_of_mut(kinds: &mut [Bitboard; 8], kind: PieceKind) -> Option<&mut Bitboard> {
    kinds.get_mut(kind.index())
}

/// A copy, field by field (as derived); counted in tests, which prove
/// that playing a move copies the position once ([`super::tally`]).
impl Clone for Position {
    fn clone(&self) -> Position {
        #[cfg(any(test, feature = "tally"))]
        super::tally::copied();
        Position {
            colors: self.colors,
            kinds: self.kinds,
            side: self.side,
            move_number: self.move_number,
            hash: self.hash,
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// An empty board, White to move, move number 0.
    pub const fn empty() -> Position {
        Position {
            colors: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 8],
            side: Color::White,
            move_number: 0,
            hash: 0,
        }
    }

    /// The start position `gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0`.
    pub fn start() -> Position {
        let mut pos = Position::empty();
        let back = [
            PieceKind::Giraffe,
            PieceKind::Monkey,
            PieceKind::Elephant,
            PieceKind::Lion,
            PieceKind::Elephant,
            PieceKind::Crocodile,
            PieceKind::Zebra,
        ];
        for (file, kind) in super::square::File::ALL.into_iter().zip(back) {
            use super::square::Rank;
            let sq = |r: u8| Rank::new(r).map(|r| Square::from_coords(file, r));
            for (rank, piece) in [
                (0, Piece::new(Color::White, kind)),
                (1, Piece::new(Color::White, PieceKind::Pawn)),
                (5, Piece::new(Color::Black, PieceKind::Pawn)),
                (6, Piece::new(Color::Black, kind)),
            ] {
                if let Some(s) = sq(rank) {
                    pos.set(s, Some(piece));
                }
            }
        }
        pos
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(sq) {
            Color::White
        } else if self.colors[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        PieceKind::ALL
            .into_iter()
            .find(|k| kind_of(&self.kinds, *k).contains(sq))
            .map(|kind| Piece::new(color, kind))
    }

    /// Put `piece` on `sq` (or clear it with `None`), replacing what was there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.clear(Bitboard::from_square(sq));
        if let Some(p) = piece {
            self.toggle(p, Bitboard::from_square(sq));
        }
    }

    /// The squares holding pieces of `color`.
    pub fn by_color(&self, color: Color) -> Bitboard {
        *color_of(&self.colors, color)
    }

    /// The squares holding pieces of `kind`, either colour.
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        *kind_of(&self.kinds, kind)
    }

    /// The squares holding `piece`.
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        *color_of(&self.colors, piece.color) & *kind_of(&self.kinds, piece.kind)
    }

    /// All occupied squares.
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Set the side to move.
    pub fn set_side_to_move(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= SIDE_KEY;
        }
        self.side = side;
    }

    /// The Zobrist key of the pieces and the side to move (not the move
    /// number): equal positions have equal keys, and a key is kept up to
    /// date by every change, so it costs nothing to read.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key computed from scratch, piece by piece: what
    /// [`Position::zobrist`] must always equal (the tests check it).
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            SIDE_KEY
        } else {
            0
        };
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                h ^= mask_key(color, kind, self.pieces(Piece::new(color, kind)).0);
            }
        }
        h
    }

    /// The move number: how many moves Black has made.
    pub fn move_number(&self) -> u64 {
        self.move_number
    }

    /// Set the move number.
    pub fn set_move_number(&mut self, n: u64) {
        self.move_number = n;
    }

    /// The (lowest) square holding a lion of `color`, if any.
    pub fn lion(&self, color: Color) -> Option<Square> {
        self.pieces(Piece::new(color, PieceKind::Lion)).first()
    }

    /// The kind of the piece on `sq`, if any, without looking at colours.
    pub(crate) fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .find(|k| kind_of(&self.kinds, *k).contains(sq))
    }

    /// Remove every piece standing on a square of `mask`.
    pub(crate) fn clear(&mut self, mask: Bitboard) {
        let hit = mask & self.occupied();
        if hit.is_empty() {
            return;
        }
        for color in Color::ALL {
            let theirs = hit & *color_of(&self.colors, color);
            if theirs.any() {
                for kind in PieceKind::ALL {
                    let bits = theirs & *kind_of(&self.kinds, kind);
                    if bits.any() {
                        self.hash ^= mask_key(color, kind, bits.0);
                    }
                }
            }
        }
        let keep = !mask;
        for bb in self.colors.iter_mut().chain(self.kinds.iter_mut()) {
            *bb &= keep;
        }
    }

    /// Toggle `piece` on the squares of `mask`: adds it to empty squares,
    /// lifts it from squares where it stands. The move maker's fast path.
    pub(crate) fn toggle(&mut self, piece: Piece, mask: Bitboard) {
        self.hash ^= mask_key(piece.color, piece.kind, mask.0);
        if let Some(bb) = color_of_mut(&mut self.colors, piece.color) {
            *bb ^= mask;
        }
        if let Some(bb) = kind_of_mut(&mut self.kinds, piece.kind) {
            *bb ^= mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_pieces() {
        let pos = Position::start();
        assert_eq!(pos.occupied().count(), 28);
        let d1: Square = "d1".parse().unwrap();
        assert_eq!(
            pos.piece_at(d1),
            Some(Piece::new(Color::White, PieceKind::Lion))
        );
        let f7: Square = "f7".parse().unwrap();
        assert_eq!(
            pos.piece_at(f7),
            Some(Piece::new(Color::Black, PieceKind::Crocodile))
        );
        assert_eq!(pos.piece_at("d4".parse().unwrap()), None);
    }

    #[test]
    fn set_replaces() {
        let mut pos = Position::start();
        let d1: Square = "d1".parse().unwrap();
        pos.set(d1, Some(Piece::new(Color::Black, PieceKind::Zebra)));
        assert_eq!(
            pos.piece_at(d1),
            Some(Piece::new(Color::Black, PieceKind::Zebra))
        );
        assert_eq!(pos.by_kind(PieceKind::Lion).count(), 1);
        pos.set(d1, None);
        assert_eq!(pos.piece_at(d1), None);
        assert_eq!(pos.occupied().count(), 27);
    }
}
