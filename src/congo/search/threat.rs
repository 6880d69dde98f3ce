//! Whether a lion is attacked: could the enemy capture it if it were the
//! enemy's move? The search's "check": a side whose lion is attacked must
//! answer, so quiescence does not stand pat there and the main search
//! looks one ply deeper.
//!
//! Exact for every single move; a monkey chain that reaches the lion only
//! after earlier jumps is not seen (its first jump is a capture, which
//! quiescence tries anyway).

use crate::congo::moves::attacks::attackers_to;
use crate::congo::{Color, Position};

/// Whether `color`'s lion could be captured by one enemy move now.
pub(crate) fn lion_attacked(pos: &Position, color: Color) -> bool {
    pos.lion(color)
        .is_some_and(|lion| attackers_to(pos, lion, !color).any())
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
