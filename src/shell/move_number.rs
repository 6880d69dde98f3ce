//! One move numbering wherever a person reads a Congo move: `3.` for
//! White's third move and `3...` for Black's, as `history` writes the
//! game. The FEN's own field (Black's moves made, 0 at the start) stays
//! as the FEN format has it; this is the number a person counts.

use crate::congo::{Color, Position};

/// The label of the move `side` makes when the FEN's move field is
/// `field`: White's `field + 1.`, Black's `field + 1...`.
pub fn label(field: u64, side: Color) -> String {
    let n = field.saturating_add(1);
    match side {
        Color::White => format!("{n}."),
        Color::Black => format!("{n}..."),
    }
}

/// The label of the move to be made in `pos`.
pub fn label_at(pos: &Position) -> String {
    label(pos.move_number(), pos.side_to_move())
}

/// The label of the move that led to `pos` (the one before it).
pub fn label_before(pos: &Position) -> String {
    match pos.side_to_move() {
        // Black moved last: the field counted that move already.
        Color::White => label(pos.move_number().saturating_sub(1), Color::Black),
        Color::Black => label(pos.move_number(), Color::White),
    }
}

/// The label of the `ply`th move (0 first) of a game from `start`.
pub fn label_of_ply(start: &Position, ply: usize) -> String {
    // Count half-moves from White's move of the start's number.
    let black_first = usize::from(start.side_to_move() == Color::Black);
    let half = ply.saturating_add(black_first);
    let field = start
        .move_number()
        .saturating_add(u64::try_from(half / 2).unwrap_or(u64::MAX));
    let side = if half % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    label(field, side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_counts_from_one_and_black_shares_whites_number() {
        // The start (`w 0`): White's first move is `1.`, Black's answer
        // `1...`; the field counts Black's moves made, so after it `w 1`
        // is White's second, `2.`.
        assert_eq!(label(0, Color::White), "1.");
        assert_eq!(label(0, Color::Black), "1...");
        assert_eq!(label(1, Color::White), "2.");
        let start = Position::start();
        let labels: Vec<String> = (0..4).map(|p| label_of_ply(&start, p)).collect();
        assert_eq!(labels, ["1.", "1...", "2.", "2..."]);
    }

    #[test]
    fn a_game_from_black_to_move_starts_with_black_s_number() {
        // `b 4`: Black's fifth move, then White's sixth.
        let pos = crate::congo::fen::parse("3l3/p6/7/7/7/PP5/3L3 b 4").unwrap();
        assert_eq!(label_at(&pos), "5...");
        // It came after White's fifth; `w 5` after Black's fifth.
        assert_eq!(label_before(&pos), "5.");
        let white = crate::congo::fen::parse("3l3/p6/7/7/7/PP5/3L3 w 5").unwrap();
        assert_eq!(label_before(&white), "5...");
        let labels: Vec<String> = (0..3).map(|p| label_of_ply(&pos, p)).collect();
        assert_eq!(labels, ["5...", "6.", "6..."]);
    }
}
