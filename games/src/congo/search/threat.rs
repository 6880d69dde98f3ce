//! Whether a lion is attacked: could the enemy capture it if it were the
//! enemy's move? The search's "check": a side whose lion is attacked must
//! answer, so quiescence does not stand pat there and the main search
//! looks one ply deeper.
//!
//! Exact for every single move; a monkey chain that reaches the lion only
//! after earlier jumps is not seen (its first jump is a capture, which
//! quiescence tries anyway).

use crate::congo::moves::attacks::{
    ELEPHANT, FULL, GIRAFFE_JUMP, KNIGHT, MONKEY_LEGS, at, crocodile, lion_line_open, side,
};
use crate::congo::{Bitboard, Color, PieceKind, Position};

/// Whether `color`'s lion could be captured by one enemy move now:
/// `attackers_to(pos, lion, !color).any()`, cheaper (it runs at every
/// node). The leapers' patterns are symmetric (a pawn's is the other
/// side's reversed), so one lookup from the lion's square finds them all;
/// the lion, crocodiles and monkeys are tried one by one, and it stops at
/// the first attacker.
pub(crate) fn lion_attacked(pos: &Position, color: Color) -> bool {
    let Some(lion) = pos.lion(color) else {
        return false;
    };
    let them = !color;
    let enemy = pos.by_color(them).0;
    let theirs = |kind: PieceKind| pos.by_kind(kind).0 & enemy;
    let occupied = pos.occupied().0;
    let target = 1u64 << lion.index();
    // Where a piece of `them` attacks the lion from: our own side's
    // pattern from the lion for pawns and superpawns.
    let ours = side(color);
    if at(&KNIGHT, lion) & theirs(PieceKind::Zebra) != 0
        || at(&ELEPHANT, lion) & theirs(PieceKind::Elephant) != 0
        || at(&GIRAFFE_JUMP, lion) & theirs(PieceKind::Giraffe) != 0
        || at(&ours.pawn, lion) & theirs(PieceKind::Pawn) != 0
        || at(&ours.superpawn, lion) & theirs(PieceKind::Superpawn) != 0
    {
        return true;
    }
    let t = side(them);
    let empty = !occupied & FULL;
    Iterator::any(&mut Bitboard(theirs(PieceKind::Lion)), |from| {
        at(&t.lion, from) & target != 0 || lion_line_open(from, lion, occupied)
    }) || Iterator::any(&mut Bitboard(theirs(PieceKind::Crocodile)), |from| {
        crocodile(from, occupied) & target != 0
    }) || Iterator::any(&mut Bitboard(theirs(PieceKind::Monkey)), |from| {
        MONKEY_LEGS
            .get(from.index())
            .is_some_and(|legs| legs.iter().any(|l| l.mid == target && l.land & empty != 0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::PieceKind;
    use crate::congo::moves::legal_moves;
    use crate::congo::openings;

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
    fn agrees_with_attackers_to() {
        use crate::congo::moves::attacks::attackers_to;
        let mut attacked = 0;
        for opening in openings(12, 80, 60) {
            let mut pos = Position::start();
            for mv in opening {
                for c in Color::ALL {
                    let slow = pos
                        .lion(c)
                        .is_some_and(|lion| attackers_to(&pos, lion, !c).any());
                    assert_eq!(lion_attacked(&pos, c), slow, "{pos} {c}");
                    attacked += usize::from(slow);
                }
                if pos.play(mv).is_err() {
                    break;
                }
            }
        }
        assert!(attacked > 20, "{attacked}");
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
