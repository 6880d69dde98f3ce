//! The course's Part 4 evaluation: material, after three rules for the
//! end of the game, signed for the side to move.
//!
//! Raw score, from White's side, by the first rule that applies:
//! 1. only the two lions on the board: 0 (a draw);
//! 2. the black lion missing: [`WIN`];
//! 3. the white lion missing: -[`WIN`];
//! 4. White's material minus Black's, lions excluded ([`value`]).
//!
//! The score is the raw score when White is to move, its negation when
//! Black is.

use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;

/// The raw score of a won game (the loser's lion is gone).
pub const WIN: i32 = 10_000;

/// A piece's material value. The course sets pawn 100, elephant 200,
/// zebra 300, superpawn 350, giraffe 400 (the two years' tables agree on
/// the kinds they share). It never values the crocodile or the monkey,
/// which only boardsh's full rules have: boardsh counts the crocodile
/// like the superpawn (350: it slides along and toward the river, between
/// the zebra and the giraffe in reach) and the monkey like the zebra (300:
/// short steps, but jumps that can take several pieces). The lion is not
/// counted (0).
pub const fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Elephant => 200,
        PieceKind::Zebra => 300,
        PieceKind::Superpawn => 350,
        PieceKind::Giraffe => 400,
        PieceKind::Crocodile => 350,
        PieceKind::Monkey => 300,
        PieceKind::Lion => 0,
    }
}

/// The total value of `color`'s pieces, lions excluded.
pub fn side_material(pos: &Position, color: Color) -> i32 {
    PieceKind::ALL
        .into_iter()
        .map(|kind| {
            let n = pos.pieces(Piece::new(color, kind)).count();
            // At most 49 pieces of a kind: the product cannot overflow.
            i32::try_from(n).unwrap_or(0) * value(kind)
        })
        .sum()
}

/// White's material minus Black's.
pub fn material(pos: &Position) -> i32 {
    side_material(pos, Color::White) - side_material(pos, Color::Black)
}

/// Rules 1-3 (from White's side), when one of them applies.
pub fn decided(pos: &Position) -> Option<i32> {
    let lions = pos.by_kind(PieceKind::Lion);
    let white = (lions & pos.by_color(Color::White)).any();
    let black = (lions & pos.by_color(Color::Black)).any();
    if white && black && pos.occupied() == lions {
        Some(0)
    } else if !black {
        Some(WIN)
    } else if !white {
        Some(-WIN)
    } else {
        None
    }
}

/// `raw` (from White's side) as seen by the side to move.
pub fn for_side_to_move(pos: &Position, raw: i32) -> i32 {
    match pos.side_to_move() {
        Color::White => raw,
        Color::Black => -raw,
    }
}

/// The raw Part 4 score, from White's side.
pub fn raw_evaluate(pos: &Position) -> i32 {
    decided(pos).unwrap_or_else(|| material(pos))
}

/// The Part 4 evaluation, from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    for_side_to_move(pos, raw_evaluate(pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&fen.parse().unwrap())
    }

    #[test]
    fn hand_out_samples_2021() {
        // White: six pawns (`PPP1PPP`) and E, E, Z = 600 + 700 = 1300;
        // Black: seven pawns and e, e, z = 1400. Raw -100, White to move.
        assert_eq!(eval("2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"), -100);
        // White: pawns b6, f6, e4, g2 = 400. Black: pawns a6 c6 g5 g3 c2
        // f2 = 600, elephants f5 g4 = 400, zebra b7 = 300: 1300. Raw -900.
        assert_eq!(eval("1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 12"), 900);
        assert_eq!(eval("1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 12"), -900);
    }

    #[test]
    fn hand_out_samples_2022() {
        // As 2021 with giraffes (400) for the elephants: -100; then
        // Black 600 + 2 superpawns 700 + zebra 300 = 1600 against 400.
        assert_eq!(eval("3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4"), -100);
        assert_eq!(eval("1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12"), 1200);
        assert_eq!(eval("1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35"), -1200);
    }

    #[test]
    fn end_rules_come_first() {
        // Bare lions: a draw whoever moves.
        assert_eq!(eval("3l3/7/7/7/7/7/3L3 b 9"), 0);
        // Black's lion gone: White has won, whatever the material.
        assert_eq!(eval("7/ppppppp/7/7/7/7/3L3 w 9"), WIN);
        assert_eq!(eval("7/ppppppp/7/7/7/7/3L3 b 9"), -WIN);
        // White's lion gone, even with White ahead in material.
        assert_eq!(eval("3l3/7/7/7/7/GGGGGGG/7 w 1"), -WIN);
        // One pawn besides the lions is no longer rule 1.
        assert_eq!(eval("3l3/7/7/7/7/P6/3L3 b 1"), -100);
    }
}
