//! The course's Part 5 search: fail-hard alpha-beta, fast.
//!
//! ```text
//! alphaBeta(state, depth, alpha, beta):
//!     if game over or depth <= 0: return evaluate(state)
//!     for each move:
//!         eval = -alphaBeta(makeMove(state, move), depth - 1, -beta, -alpha)
//!         if eval >= beta: return beta
//!         if eval > alpha: alpha = eval
//!     return alpha
//! ```
//!
//! Called with a window wider than any score, it returns the plain
//! negamax value whatever order the moves are tried in, so the inner
//! nodes try captures first (the lion, then the most valuable victim),
//! which cuts far more of the tree than the course's generation order.
//! The root keeps boardsh's sorted order, so the best move is the first in
//! that order reaching the value, as with [`super::minimax`]. A side with
//! its lion but no move has lost ([`NO_MOVE`], kept inside the window).
//!
//! No allocation per node: one move buffer per ply, reused; evaluations
//! count moves straight from the generator's bitboards.

use super::game_over;
use super::minimax::{
    Evaluation, NO_MOVE, POLL_EVERY, START, SearchError, Searched, too_many_moves,
};
use crate::congo::Rules;
use crate::congo::bitboard::Bitboard;
use crate::congo::moves::{Move, Sink, generate, legal_moves};
use crate::congo::piece::PieceKind;
use crate::congo::position::Position;
use crate::congo::square::Square;
use crate::interrupt::Interrupt;

/// Beyond any score: the root window is (-INFINITY, INFINITY).
pub const INFINITY: i32 = -START;

/// Fail-hard alpha-beta to `depth` with `eval` under `rules`.
///
/// # Errors
///
/// [`SearchError`] when `stop` is set or a position has too many moves.
pub fn alphabeta(
    pos: &Position,
    rules: Rules,
    depth: u32,
    eval: Evaluation,
    stop: &dyn Interrupt,
) -> Result<Searched, SearchError> {
    let mut searcher = Searcher {
        rules,
        eval,
        stop,
        nodes: 0,
        buffers: Vec::new(),
        monkeys: has_monkeys(pos),
    };
    searcher.visit(pos)?;
    if game_over(pos) || depth == 0 {
        return Ok(Searched {
            value: eval.of(pos),
            best: None,
            nodes: searcher.nodes,
        });
    }
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return Ok(Searched {
            value: NO_MOVE,
            best: None,
            nodes: searcher.nodes,
        });
    }
    let mut alpha = -INFINITY;
    let beta = INFINITY;
    let mut best = None;
    for mv in &moves {
        let child = rules.child(pos, mv);
        let score = -searcher.search(&child, depth - 1, -beta, -alpha, 1)?;
        if score > alpha {
            alpha = score;
            best = Some(*mv);
        }
    }
    Ok(Searched {
        value: alpha,
        best,
        nodes: searcher.nodes,
    })
}

/// Whether any monkey is on the board (the only piece whose move count
/// can explode, checked then at every node).
fn has_monkeys(pos: &Position) -> bool {
    pos.by_kind(PieceKind::Monkey).any()
}

/// Collects moves into a reused buffer.
struct Collect<'a>(&'a mut Vec<Move>);

impl Sink for Collect<'_> {
    #[inline]
    fn targets(&mut self, from: Square, targets: u64) {
        self.0
            .extend(Bitboard(targets).map(|to| Move::new(from, to)));
    }
    fn jump(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

struct Searcher<'a> {
    rules: Rules,
    eval: Evaluation,
    stop: &'a dyn Interrupt,
    nodes: u64,
    /// One move list per ply, kept between nodes.
    buffers: Vec<Vec<Move>>,
    /// Whether the root had a monkey (monkeys never appear later).
    monkeys: bool,
}

impl Searcher<'_> {
    #[inline]
    fn visit(&mut self, pos: &Position) -> Result<(), SearchError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && self.stop.interrupted() {
            return Err(SearchError::Interrupted);
        }
        if self.monkeys && too_many_moves(pos) {
            return Err(SearchError::TooManyMoves);
        }
        Ok(())
    }

    fn search(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<i32, SearchError> {
        self.visit(pos)?;
        if depth == 0 || game_over(pos) {
            return Ok(self.eval.of(pos));
        }
        let mut moves = self.take_buffer(ply);
        generate(pos, &mut Collect(&mut moves));
        if moves.is_empty() {
            self.give_back(ply, moves);
            return Ok(NO_MOVE.clamp(alpha, beta));
        }
        order(pos, &mut moves);
        let mut result = Ok(alpha);
        for mv in &moves {
            let child = self.rules.child(pos, mv);
            let score = match self.search(&child, depth - 1, -beta, -alpha, ply + 1) {
                Ok(v) => -v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if score >= beta {
                result = Ok(beta);
                break;
            }
            if score > alpha {
                alpha = score;
                result = Ok(alpha);
            }
        }
        self.give_back(ply, moves);
        result
    }

    /// The (empty) move buffer of `ply`.
    fn take_buffer(&mut self, ply: usize) -> Vec<Move> {
        let mut buf = self
            .buffers
            .get_mut(ply)
            .map(std::mem::take)
            .unwrap_or_else(|| Vec::with_capacity(64));
        buf.clear();
        buf
    }

    /// Return the buffer of `ply` for the next node at that ply.
    fn give_back(&mut self, ply: usize, buf: Vec<Move>) {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = buf;
        }
    }
}

/// Captures first: the lion, then victims by value; monkey jumps (which
/// capture) with the captures; quiet moves last.
fn order(pos: &Position, moves: &mut [Move]) {
    let enemy = pos.by_color(!pos.side_to_move());
    // Victim classes from bitboards: a handful of bit tests per move.
    let classes = [
        enemy & pos.by_kind(PieceKind::Lion),
        enemy & (pos.by_kind(PieceKind::Giraffe) | pos.by_kind(PieceKind::Superpawn)),
        enemy
            & (pos.by_kind(PieceKind::Zebra)
                | pos.by_kind(PieceKind::Crocodile)
                | pos.by_kind(PieceKind::Monkey)),
        enemy,
    ];
    let key = |mv: &Move| -> u8 {
        if mv.is_multi_jump() {
            return 3;
        }
        let to = mv.to();
        let mut class = 0u8;
        for bb in &classes {
            if bb.contains(to) {
                return class;
            }
            class += 1;
        }
        class
    };
    moves.sort_unstable_by_key(key);
}
