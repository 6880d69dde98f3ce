//! The course's Part 5 evaluation: material + mobility + attack.
//!
//! Raw score, from White's side: rules 1-3 of the Part 4 evaluation
//! ([`super::material::decided`]) first; otherwise Δmaterial + Δmobility +
//! Δattack, each White's minus Black's. A side's mobility is the number of
//! legal moves it would have on this board if it were to move; its attack
//! counts, over those moves, 1 for each move onto an enemy piece and 10
//! more when that piece is the enemy lion. The score is signed for the
//! side to move.
//!
//! Counting uses the move generator's bitboards directly (a popcount per
//! piece), so an evaluation builds no move and allocates nothing. A monkey
//! jump (full rules only) lands on an empty square but takes what it jumps:
//! boardsh counts it as a move that attacks, plus 10 when it jumps the lion.

use super::material::{decided, for_side_to_move, material};
use crate::congo::moves::{Move, Sink, generate};
use crate::congo::piece::{Color, PieceKind};
use crate::congo::position::Position;
use crate::congo::square::Square;

/// What one side could do if it were to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// Its number of legal moves.
    pub mobility: i32,
    /// Moves onto enemy pieces, plus 10 for each onto the enemy lion.
    pub attack: i32,
}

/// Counts moves and attacks as the generator hands them over.
struct Tally {
    enemy: u64,
    enemy_lions: u64,
    moves: u32,
    attack: u32,
}

impl Sink for Tally {
    #[inline]
    fn targets(&mut self, _from: Square, targets: u64) {
        self.moves += targets.count_ones();
        self.attack += (targets & self.enemy).count_ones();
        self.attack += 10 * (targets & self.enemy_lions).count_ones();
    }

    fn jump(&mut self, mv: Move) {
        self.moves += 1;
        self.attack += 1;
        // The last leg's jumped square lies midway between its ends, and a
        // path ends at the lion it jumps.
        let mut squares = mv.squares();
        let mut before = None;
        let mut last = squares.next();
        for sq in squares {
            before = last;
            last = Some(sq);
        }
        if let (Some(a), Some(b)) = (before, last) {
            let mid = (a.index() + b.index()) / 2;
            if self.enemy_lions & (1u64 << mid) != 0 {
                self.attack += 10;
            }
        }
    }
}

/// The mobility and attack of `color` on this board, as if it were to move.
pub fn activity(pos: &Position, color: Color) -> Activity {
    let enemy = pos.by_color(!color);
    let mut tally = Tally {
        enemy: enemy.0,
        enemy_lions: (enemy & pos.by_kind(PieceKind::Lion)).0,
        moves: 0,
        attack: 0,
    };
    if pos.side_to_move() == color {
        generate(pos, &mut tally);
    } else {
        let mut turned = pos.clone();
        turned.set_side_to_move(color);
        generate(&turned, &mut tally);
    }
    Activity {
        mobility: i32::try_from(tally.moves).unwrap_or(i32::MAX),
        attack: i32::try_from(tally.attack).unwrap_or(i32::MAX),
    }
}

/// The terms of the advanced evaluation, each White's minus Black's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Rules 1-3, when one applies (then the deltas are not computed).
    pub decided: Option<i32>,
    pub material: i32,
    pub mobility: i32,
    pub attack: i32,
    /// The raw score (White's side).
    pub raw: i32,
    /// The score for the side to move.
    pub score: i32,
}

/// Every term of the advanced evaluation of `pos`.
pub fn terms(pos: &Position) -> Terms {
    if let Some(raw) = decided(pos) {
        return Terms {
            decided: Some(raw),
            raw,
            score: for_side_to_move(pos, raw),
            ..Terms::default()
        };
    }
    let white = activity(pos, Color::White);
    let black = activity(pos, Color::Black);
    let material = material(pos);
    let mobility = white.mobility.saturating_sub(black.mobility);
    let attack = white.attack.saturating_sub(black.attack);
    let raw = material.saturating_add(mobility).saturating_add(attack);
    Terms {
        decided: None,
        material,
        mobility,
        attack,
        raw,
        score: for_side_to_move(pos, raw),
    }
}

/// The Part 5 evaluation, from the side to move's view.
pub fn evaluate_advanced(pos: &Position) -> i32 {
    terms(pos).score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn hand_out_samples() {
        // The hand-outs: -100 + (23 - 25) + 0 = -102 in both years.
        assert_eq!(
            evaluate_advanced(&fen("2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4")),
            -102
        );
        assert_eq!(
            evaluate_advanced(&fen("3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4")),
            -102
        );
        assert_eq!(
            evaluate_advanced(&fen("1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 12")),
            920
        );
        assert_eq!(
            evaluate_advanced(&fen("1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35")),
            -1214
        );
    }

    #[test]
    fn hand_worked_small() {
        // White lion d1, white zebra c5; black lion d7, black pawn d6.
        // White: lion d1 steps c1 c2 d2 e1 e2 (5); zebra c5: a4 a6 b3 b7
        // d3 d7 e4 e6 (8), d7 is the black lion: attack 1 + 10 = 11.
        // The lions do not face each other (d6 stands between).
        // Black: lion d7 steps c6 c7 e6 e7 (d6 is its own pawn) = 4, the
        // pawn d6 steps c5 d5 e5 = 3, taking the zebra on c5: attack 1.
        // Material 300 - 100 = 200; mobility 13 - 7 = 6; attack 11 - 1 =
        // 10: raw 216, Black to move: -216.
        let pos = fen("3l3/3p3/2Z4/7/7/7/3L3 b 5");
        let t = terms(&pos);
        assert_eq!((t.material, t.mobility, t.attack), (200, 6, 10));
        assert_eq!(t.score, -216);
        assert_eq!(
            activity(&pos, Color::White),
            Activity {
                mobility: 13,
                attack: 11
            }
        );
    }

    #[test]
    fn facing_lions_attack_each_other() {
        // Bare lions on one file: rule 1 says 0 whatever the attacks.
        assert_eq!(evaluate_advanced(&fen("3l3/7/7/7/7/7/3L3 w 0")), 0);
        // Add a white pawn on a2: the lions still face each other on the
        // d-file, so each lion has its capture of the other (1 + 10).
        // White: lion d1 c1 c2 d2 e1 e2 + d7 (6, attack 11), pawn a2: a3 b3
        // (2); Black: lion d7 c6 c7 d6 e6 e7 + d1 (6, attack 11).
        // Raw 100 + (8 - 6) + 0 = 102.
        assert_eq!(evaluate_advanced(&fen("3l3/7/7/7/7/P6/3L3 w 0")), 102);
    }
}
