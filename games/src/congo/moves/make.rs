//! Making a move: captures, promotion, drowning, side and move number.
//!
//! One routine does the work for both callers: perft copies the position
//! and applies the move with nothing recorded, [`Position::play`] records
//! what happened in a [`MoveOutcome`].

use super::attacks::{FULL, RIVER, side};
use super::movegen::is_legal;
use super::mv::{Move, jumped_square};
use crate::congo::bitboard::Bitboard;
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
use crate::congo::rules::Rules;
use crate::congo::square::Square;

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The move played.
    pub mv: Move,
    /// The piece that moved, as it was before the move.
    pub piece: Piece,
    /// Enemy pieces taken, in the order they were taken.
    pub captured: Vec<(Square, Piece)>,
    /// Whether a pawn reached the far rank and became a superpawn.
    pub promoted: bool,
    /// The mover's own pieces drowned at the end of the move, by square.
    pub drowned: Vec<(Square, Piece)>,
    /// Whether an enemy lion was captured (the game is won).
    pub lion_captured: bool,
}

impl MoveOutcome {
    /// Whether the game is over after this move: a lion was captured or
    /// drowned (a lion can only drown in a set-up position).
    pub fn game_over(&self) -> bool {
        self.lion_captured || self.drowned.iter().any(|(_, p)| p.kind == PieceKind::Lion)
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a legal move here")]
pub struct IllegalMove(pub Move);

impl Position {
    /// Play a legal move under boardsh's full rules, reporting what it did.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `mv` is not among [`super::legal_moves`]; the
    /// position is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, IllegalMove> {
        self.play_under(mv, Rules::Full)
    }

    /// Play a legal move under `rules` (a course year without promotion
    /// leaves a pawn on the far rank a pawn), reporting what it did.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `mv` is not among [`super::legal_moves`]; the
    /// position is then unchanged.
    pub fn play_under(&mut self, mv: Move, rules: Rules) -> Result<MoveOutcome, IllegalMove> {
        if !is_legal(self, mv) {
            return Err(IllegalMove(mv));
        }
        self.play_legal_under(mv, rules)
    }

    /// Play `mv`, already found legal here ([`super::check_move`]), under
    /// `rules`, without looking for it among the legal moves again.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if the from-square holds no piece of the side to
    /// move (the position is then unchanged).
    pub(crate) fn play_legal_under(
        &mut self,
        mv: Move,
        rules: Rules,
    ) -> Result<MoveOutcome, IllegalMove> {
        let mut record = Record::default();
        let piece = apply_under(self, &mv, rules, &mut record).ok_or(IllegalMove(mv))?;
        let lion_captured = record
            .captured
            .iter()
            .any(|(_, p)| p.kind == PieceKind::Lion);
        Ok(MoveOutcome {
            mv,
            piece,
            captured: record.captured,
            promoted: record.promoted,
            drowned: record.drowned,
            lion_captured,
        })
    }

    /// The position after a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] if `mv` is not among [`super::legal_moves`].
    pub fn after(&self, mv: Move) -> Result<Position, IllegalMove> {
        let mut next = self.clone();
        next.play(mv)?;
        Ok(next)
    }
}

/// Observes the removals of a move as they happen.
pub(crate) trait Observer {
    /// `sq` is about to be captured.
    fn capture(&mut self, _pos: &Position, _sq: Square) {}
    /// The mover's pieces on `squares` are about to drown.
    fn drown(&mut self, _pos: &Position, _squares: Bitboard) {}
    /// The moving pawn became a superpawn.
    fn promote(&mut self) {}
}

/// Records nothing: perft's fast path.
pub(crate) struct Silent;

impl Observer for Silent {}

/// Records everything, for [`MoveOutcome`].
#[derive(Default)]
struct Record {
    captured: Vec<(Square, Piece)>,
    drowned: Vec<(Square, Piece)>,
    promoted: bool,
}

impl Observer for Record {
    fn capture(&mut self, pos: &Position, sq: Square) {
        self.captured.extend(pos.piece_at(sq).map(|p| (sq, p)));
    }
    fn drown(&mut self, pos: &Position, squares: Bitboard) {
        self.drowned
            .extend(squares.filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p))));
    }
    fn promote(&mut self) {
        self.promoted = true;
    }
}

/// Apply `mv` for the side to move under boardsh's full rules: see
/// [`apply_under`].
#[inline]
pub(crate) fn apply<O: Observer>(pos: &mut Position, mv: &Move, observer: &mut O) -> Option<Piece> {
    apply_under(pos, mv, Rules::Full, observer)
}

/// Apply `mv` for the side to move under `rules`, which must own the
/// piece on its from-square; returns that piece, or `None` (position
/// untouched) if it does not. Meant for generated moves: other moves are
/// made without checks, but keep the board consistent.
pub(crate) fn apply_under<O: Observer>(
    pos: &mut Position,
    mv: &Move,
    rules: Rules,
    observer: &mut O,
) -> Option<Piece> {
    let us = pos.side_to_move();
    let them = !us;
    let from = mv.from();
    let to = mv.to();
    if !pos.by_color(us).contains(from) {
        return None;
    }
    let kind = pos.kind_at(from)?;
    let piece = Piece::new(us, kind);
    pos.toggle(piece, Bitboard::from_square(from));

    if kind == PieceKind::Monkey {
        // Each leg over an enemy piece takes it at once.
        let mut here = from;
        for land in mv.squares().skip(1) {
            if let Some(mid) = jumped_square(here, land)
                && pos.by_color(them).contains(mid)
            {
                observer.capture(pos, mid);
                pos.clear(Bitboard::from_square(mid));
            }
            here = land;
        }
    }
    let to_bb = Bitboard::from_square(to);
    if pos.occupied().contains(to) {
        if pos.by_color(them).contains(to) {
            observer.capture(pos, to);
        }
        pos.clear(to_bb);
    }
    let tables = side(us);
    // A pawn reaching the far rank becomes a superpawn, when the rules
    // have promotion (the 2021 course's have none: it stays a pawn).
    let placed =
        if kind == PieceKind::Pawn && rules.promotes() && Bitboard(tables.far_rank).contains(to) {
            observer.promote();
            PieceKind::Superpawn
        } else {
            kind
        };
    pos.toggle(Piece::new(us, placed), to_bb);

    // Drowning: the mover's river pieces, except crocodiles and a piece that
    // has just come into the river from land.
    let mut drowned = pos.by_color(us).0 & RIVER & !pos.by_kind(PieceKind::Crocodile).0;
    if !from.is_river() {
        drowned &= !to_bb.0;
    }
    if drowned != 0 {
        let drowned = Bitboard(drowned & FULL);
        observer.drown(pos, drowned);
        pos.clear(drowned);
    }

    pos.set_side_to_move(them);
    if us == Color::Black {
        pos.set_move_number(pos.move_number().saturating_add(1));
    }
    Some(piece)
}
