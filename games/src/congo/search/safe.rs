//! A yardstick for the weakest level: a player that never leaves a piece
//! en prise and otherwise plays at random. It takes the enemy lion when
//! it can; else, among the moves after which none of its pieces is en
//! prise, it takes the most material (ties at random); with no such move,
//! it plays any move at random. A piece is en prise when an enemy piece
//! could capture it (a monkey by one jump) and either no friendly piece
//! could capture back on its square or its cheapest attacker is worth less
//! than it (values as the evaluation's, the lion above everything).

use super::eval::DEFAULT_VALUES;
use crate::congo::moves::attacks::attackers_to;
use crate::congo::moves::{Move, legal_moves};
use crate::congo::{Color, Piece, PieceKind, Position};
use crate::rng::Rng;

/// A piece's worth in centipawns (the lion: more than all the rest).
pub fn value(kind: PieceKind) -> i32 {
    if kind == PieceKind::Lion {
        return 100_000;
    }
    let i = PieceKind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    DEFAULT_VALUES.get(i).copied().unwrap_or(100)
}

/// Whether some piece of `color` is en prise in `pos` (see the module).
pub fn leaves_en_prise(pos: &Position, color: Color) -> bool {
    for kind in PieceKind::ALL {
        for sq in pos.pieces(Piece::new(color, kind)) {
            let attackers = attackers_to(pos, sq, !color);
            if attackers.0 == 0 {
                continue;
            }
            let defended = attackers_to(pos, sq, color).0 != 0;
            let cheapest = attackers
                .filter_map(|a| pos.piece_at(a))
                .map(|p| value(p.kind))
                .min()
                .unwrap_or(i32::MAX);
            if !defended || cheapest < value(kind) {
                return true;
            }
        }
    }
    false
}

/// The safe player's move in `pos`, drawing ties from `rng`; `None` when
/// there is no legal move.
pub fn safe_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let me = pos.side_to_move();
    let mut safe: Vec<(Move, i32)> = Vec::new();
    let mut all = Vec::new();
    for mv in legal_moves(pos) {
        let mut after = pos.clone();
        let Ok(outcome) = after.play(mv) else {
            continue;
        };
        if outcome.lion_captured {
            return Some(mv);
        }
        all.push(mv);
        if !leaves_en_prise(&after, me) {
            let taken = outcome.captured.iter().map(|(_, p)| value(p.kind)).sum();
            safe.push((mv, taken));
        }
    }
    match safe.iter().map(|&(_, t)| t).max() {
        Some(most) => {
            let best: Vec<Move> = safe
                .iter()
                .filter(|&&(_, t)| t == most)
                .map(|&(m, _)| m)
                .collect();
            best.get(rng.below(best.len())).copied()
        }
        None => all.get(rng.below(all.len())).copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse().expect("fen")
    }

    #[test]
    fn an_undefended_attacked_piece_is_en_prise() {
        // A white giraffe d3, a black pawn c4: a pawn steps (and takes)
        // one square forward, straight or diagonally, so Black's c4 takes
        // on d3; White's lion d1 does not reach d3: undefended.
        let p = pos("3l3/7/7/2p4/3G3/7/3L3 w 0");
        assert!(leaves_en_prise(&p, Color::White));
        // The lion on d2 defends d3, but the pawn (1.00) is cheaper than
        // the giraffe: still en prise.
        let p = pos("3l3/7/7/2p4/3G3/3L3/7 w 0");
        assert!(leaves_en_prise(&p, Color::White));
        // A white pawn on d3 defended by the lion d2 against the black pawn
        // c4: an even trade, not en prise.
        let p = pos("3l3/7/7/2p4/3P3/3L3/7 w 0");
        assert!(!leaves_en_prise(&p, Color::White));
    }

    #[test]
    fn it_takes_the_lion_and_otherwise_keeps_its_pieces() {
        // Lions face on the open d-file: d1d7 wins.
        let p = pos("3l3/7/7/7/7/7/3L3 w 0");
        let mv = safe_move(&p, &mut Rng::new(0)).map(|m| m.to_string());
        assert_eq!(mv.as_deref(), Some("d1d7"));
        // From the start every move it picks leaves nothing en prise.
        let start = Position::start();
        for seed in 0..20 {
            let m = safe_move(&start, &mut Rng::new(seed)).expect("a move");
            let mut after = start.clone();
            after.play(m).expect("legal");
            assert!(!leaves_en_prise(&after, Color::White), "{m}");
        }
    }
}
