//! Whether a lion is attacked: could the enemy capture it if it were the
//! enemy's move? The search's "check": a side whose lion is attacked must
//! answer, so quiescence does not stand pat there and the main search
//! looks one ply deeper.
//!
//! Exact for every single move; a monkey chain that reaches the lion only
//! after earlier jumps is not seen (its first jump is a capture, which
//! quiescence tries anyway).

use crate::congo::moves::attacks::{
    CROC_TO_RIVER, ELEPHANT, FULL, GIRAFFE_JUMP, KING, KNIGHT, LION_LINE, MONKEY_LEGS, RAY_EAST,
    RAY_WEST, RIVER, at, side, slide,
};
use crate::congo::{Bitboard, Color, Piece, PieceKind, Position};

/// Whether `color`'s lion could be captured by one enemy move now.
pub(crate) fn lion_attacked(pos: &Position, color: Color) -> bool {
    let Some(lion) = pos.lion(color) else {
        return false;
    };
    let enemy = !color;
    let theirs = |k: PieceKind| pos.pieces(Piece::new(enemy, k)).0;
    let occupied = pos.occupied().0;
    // Leapers: their geometry is symmetric.
    if at(&KNIGHT, lion) & theirs(PieceKind::Zebra) != 0
        || at(&ELEPHANT, lion) & theirs(PieceKind::Elephant) != 0
        || at(&GIRAFFE_JUMP, lion) & theirs(PieceKind::Giraffe) != 0
    {
        return true;
    }
    // Pawns and superpawns of the enemy stand where ours would attack from.
    let ours = side(color);
    if at(&ours.pawn, lion) & theirs(PieceKind::Pawn) != 0
        || at(&ours.superpawn, lion) & theirs(PieceKind::Superpawn) != 0
    {
        return true;
    }
    let lion_bb = Bitboard::from_square(lion).0;
    for croc in Bitboard(theirs(PieceKind::Crocodile)) {
        let steps = at(&KING, croc);
        let slides = if Bitboard(RIVER).contains(croc) {
            slide(at(&RAY_EAST, croc), occupied, true) | slide(at(&RAY_WEST, croc), occupied, false)
        } else {
            slide(at(&CROC_TO_RIVER, croc), occupied, croc.rank().index() < 3)
        };
        if (steps | slides) & lion_bb != 0 {
            return true;
        }
    }
    let empty = !occupied & FULL;
    for monkey in Bitboard(theirs(PieceKind::Monkey) & at(&KING, lion)) {
        if let Some(legs) = MONKEY_LEGS.get(monkey.index())
            && legs.iter().any(|l| l.mid == lion_bb && l.land & empty != 0)
        {
            return true;
        }
    }
    for other in Bitboard(theirs(PieceKind::Lion)) {
        if at(&side(enemy).lion, other) & lion_bb != 0 {
            return true;
        }
        let between = LION_LINE
            .get(other.index())
            .and_then(|row| row.get(lion.index()))
            .copied()
            .unwrap_or(FULL);
        if between & occupied == 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::moves::legal_moves;
    use crate::congo::search::selfplay::openings;

    /// The independent answer: does any enemy move end on the lion, or
    /// jump it? (Generate the enemy's moves with the side flipped.)
    fn by_generation(pos: &Position, color: Color) -> bool {
        let Some(lion) = pos.lion(color) else {
            return false;
        };
        let mut flipped = pos.clone();
        flipped.set_side_to_move(!color);
        legal_moves(&flipped).iter().any(|m| {
            let sq: Vec<_> = m.squares().collect();
            // Single moves and single jumps only (what the function claims).
            match sq.as_slice() {
                [a, b] => {
                    *b == lion
                        || (pos.kind_at(*a) == Some(PieceKind::Monkey)
                            && crate::congo::moves::jumped_square(*a, *b) == Some(lion))
                }
                _ => false,
            }
        })
    }

    #[test]
    fn agrees_with_move_generation_over_random_games() {
        for opening in openings(11, 60, 40) {
            let mut pos = Position::start();
            for mv in opening {
                for c in Color::ALL {
                    assert_eq!(lion_attacked(&pos, c), by_generation(&pos, c), "{pos} {c}");
                }
                if pos.play(mv).is_err() {
                    break;
                }
            }
        }
    }
}
