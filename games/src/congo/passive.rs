//! The passive defender: a mover for testing the engine against an
//! opponent that never attacks (issue 48, item 4). It keeps its pawns at
//! home and moves its other pieces back and forth in its own half, so a
//! game is won only by the side that breaks through; a draw by the ply
//! limit against it is a wall the engine built and never broke.
//!
//! Of the legal moves it plays the first kind there is, in this order:
//!
//! 1. a move of a piece that is not a (super)pawn, taking nothing, that
//!    ends in the mover's own half (ranks 1-3 for White, 5-7 for Black);
//! 2. such a move ending anywhere;
//! 3. any move that takes nothing (a pawn move, when nothing else moves);
//! 4. any move (a capture only when every move captures).
//!
//! Among the moves of that kind it picks one by a seeded draw on the seed,
//! the position's key and the game's ply, never by process state: a game
//! against it depends on the seed and the opponent's moves alone, in
//! whatever order or process a match plays it. Or (`boardsh agent
//! --engine passive` with a `--nodes` or `--depth` budget) the engine
//! picks the best of them: a defender that keeps its pieces out of harm's
//! way without ever attacking, which a random draw does not.

use super::moves::legal_moves;
use super::{Move, PieceKind, Position};
use crate::rng::Rng;

/// The moves the defender may play in `pos`: the legal moves of the
/// first kind of the module's list there is (none when there is no legal
/// move).
pub fn candidates(pos: &Position) -> Vec<Move> {
    let moves = legal_moves(pos);
    let Some(best) = moves.iter().map(|&mv| kind(pos, mv)).min() else {
        return Vec::new();
    };
    moves
        .iter()
        .copied()
        .filter(|&mv| kind(pos, mv) == best)
        .collect()
}

/// The defender's move in `pos` at the game's ply `ply`, drawn with
/// `seed` among the [`candidates`]; `None` when there is no legal move.
pub fn choose(pos: &Position, seed: u64, ply: u64) -> Option<Move> {
    let candidates = candidates(pos);
    let mut rng = Rng::new(seed ^ pos.zobrist() ^ ply.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    // Two draws: the first mixes the inputs, the second is the choice.
    rng.next_u64();
    candidates.get(rng.below(candidates.len())).copied()
}

/// Which of the four kinds of the module's list `mv` is (0 best).
fn kind(pos: &Position, mv: Move) -> u8 {
    let side = pos.side_to_move();
    let theirs = |p: &Position| p.by_color(!side).count();
    let captures = pos
        .after(mv)
        .map_or(true, |next| theirs(&next) < theirs(pos));
    if captures {
        return 3;
    }
    let pawn = pos
        .piece_at(mv.from())
        .is_some_and(|p| matches!(p.kind, PieceKind::Pawn | PieceKind::Superpawn));
    if pawn {
        return 2;
    }
    let rank = mv.to().rank().index();
    let home = match side {
        super::Color::White => rank <= 2,
        super::Color::Black => rank >= 4,
    };
    if home { 0 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse().unwrap()
    }

    /// The defender's moves in `fen` over 200 seeds.
    fn choices(fen: &str) -> Vec<String> {
        let p = pos(fen);
        (0..200)
            .map(|seed| choose(&p, seed, 7).unwrap().to_string())
            .collect()
    }

    #[test]
    fn from_the_start_it_moves_pieces_at_home_only() {
        // Rank 1 is giraffe, monkey, elephant, lion, elephant, crocodile,
        // zebra, rank 2 all pawns: pieces can reach rank 3 over them (the
        // zebra's leap g1f3, the elephants' c1c3 and e1e3, the giraffe's
        // a1a3 and a1c3), and no move takes anything.
        let start = Position::start();
        let mut seen = std::collections::BTreeSet::new();
        for c in choices(&start.to_string()) {
            let mv: Move = crate::congo::moves::parse_move(&c).unwrap();
            let piece = start.piece_at(mv.from()).unwrap();
            assert_ne!(piece.kind, PieceKind::Pawn, "{c}");
            assert!(mv.to().rank().index() <= 2, "{c}");
            seen.insert(c);
        }
        // A draw among several, not one fixed move.
        assert!(seen.len() >= 3, "{seen:?}");
    }

    #[test]
    fn a_piece_that_could_leave_home_stays() {
        // White: lion d1, zebra d3; Black: lion d7. The zebra's leaps are
        // b2, c1, e1, f2 (home) and b4, c5, e5, f4 (out); the lion's steps
        // are all at home. Only home moves are played.
        for c in choices("3l3/7/7/7/3Z3/7/3L3 w 0") {
            let rank = c.as_bytes()[3];
            assert!(rank <= b'3', "{c}");
        }
        // With the lion boxed in by its own pawns (c1, e1, c2, d2, e2) the
        // zebra's leaps home, to b2 and f2 (c1 and e1 are taken), are
        // played: no pawn move, no leap out.
        let played: std::collections::BTreeSet<String> = choices("3l3/7/7/7/3Z3/2PPP2/2PLP2 w 0")
            .into_iter()
            .collect();
        assert_eq!(played, ["d3b2", "d3f2"].map(String::from).into());
    }

    #[test]
    fn a_pawn_moves_only_when_nothing_else_can() {
        // The white lion boxed in by its pawns (c1, e1, c2, d2, e2; the
        // d-file to the black lion blocked): only pawn moves, none a
        // capture. It plays one of them.
        let p = pos("3l3/7/7/7/7/2PPP2/2PLP2 w 0");
        for c in choices("3l3/7/7/7/7/2PPP2/2PLP2 w 0") {
            let mv = crate::congo::moves::parse_move(&c).unwrap();
            assert_eq!(p.piece_at(mv.from()).unwrap().kind, PieceKind::Pawn);
            assert!(p.piece_at(mv.to()).is_none(), "{c}");
        }
    }

    #[test]
    fn it_captures_only_when_every_move_does() {
        // As above, with black pawns on b2, f2 and b3 to f3: every white
        // pawn move takes one, and the lion cannot move. It takes.
        let fen = "3l3/7/7/7/1ppppp1/1pPPPp1/2PLP2 w 0";
        let p = pos(fen);
        let n = p.by_color(crate::congo::Color::Black).count();
        for c in choices(fen) {
            let mv = crate::congo::moves::parse_move(&c).unwrap();
            let after = p.after(mv).unwrap();
            assert_eq!(after.by_color(crate::congo::Color::Black).count(), n - 1);
        }
        // No legal move at all: none.
        assert_eq!(choose(&pos("7/7/7/7/7/7/7 w 0"), 1, 0), None);
    }

    #[test]
    fn the_same_seed_position_and_ply_give_the_same_move() {
        let start = Position::start();
        assert_eq!(choose(&start, 5, 3), choose(&start, 5, 3));
        let by_ply: std::collections::BTreeSet<_> =
            (0..50).map(|ply| choose(&start, 5, ply)).collect();
        assert!(by_ply.len() > 1);
    }
}
