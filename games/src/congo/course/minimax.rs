//! The course's Part 4 search: negamax to a fixed depth, as the hand-out's
//! pseudocode writes it.
//!
//! ```text
//! minimax(state, depth):
//!     if game over or depth <= 0: return evaluate(state)
//!     value = -10000000
//!     for each move: value = max(value, -minimax(makeMove(state, move), depth - 1))
//!     return value
//! ```
//!
//! "Game over" is a captured lion ([`super::game_over`]). The hand-outs
//! leave open a side that still has its lion but no legal move (the loop
//! would return -10000000): boardsh's rules say that side has lost, so the
//! search scores it [`NO_MOVE`], as if its lion had been taken. The best
//! move is the first in boardsh's sorted move order that reaches the
//! value (the hand-out's Part 6 keeps the first move that raises it).
//!
//! This is the plain form, one move list per node; [`super::alphabeta`]
//! is the fast one and gives the same values.

use super::advanced::evaluate_advanced;
use super::game_over;
use super::material::{WIN, evaluate};
use crate::congo::Rules;
use crate::congo::moves::{Move, legal_moves, move_count_up_to};
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
use crate::interrupt::{Interrupt, Interrupted};

/// The hand-out's starting value, below any score.
pub const START: i32 = -10_000_000;

/// The score of a side to move that has its lion but no legal move: lost.
pub const NO_MOVE: i32 = -WIN;

/// A node may have at most this many moves: beyond it (a set-up position
/// can give a monkey astronomically many jump paths) the search stops with
/// [`SearchError::TooManyMoves`] instead of hanging (the move budgets:
/// `crate::congo::moves::budget`).
pub const MAX_MOVES: u64 = crate::congo::moves::budget::COURSE_SEARCH_MOVES;

/// How often (in nodes) a search polls its interrupt.
pub(crate) const POLL_EVERY: u64 = 1024;

/// Which evaluation a search applies at its leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// Part 4: material.
    Material,
    /// Part 5: material + mobility + attack.
    Advanced,
}

impl Evaluation {
    /// The score of `pos` for the side to move.
    #[inline]
    pub fn of(self, pos: &Position) -> i32 {
        match self {
            Evaluation::Material => evaluate(pos),
            Evaluation::Advanced => evaluate_advanced(pos),
        }
    }
}

/// Why a search gave no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Its interrupt was set.
    #[error("interrupted")]
    Interrupted,
    /// A position in the tree has more moves than [`MAX_MOVES`].
    #[error(
        "a position in the search has over {MAX_MOVES} legal moves (monkey jump paths); the course's searches refuse it"
    )]
    TooManyMoves,
}

impl From<Interrupted> for SearchError {
    fn from(_: Interrupted) -> SearchError {
        SearchError::Interrupted
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The value for the side to move.
    pub value: i32,
    /// The first move in sorted order reaching the value; `None` when the
    /// root is over, at depth 0, or has no move.
    pub best: Option<Move>,
    /// Positions visited (the root included).
    pub nodes: u64,
}

/// Whether `pos` might have too many moves to list (only a monkey can).
pub(crate) fn too_many_moves(pos: &Position) -> bool {
    let monkeys = Color::ALL
        .into_iter()
        .any(|c| pos.pieces(Piece::new(c, PieceKind::Monkey)).any());
    monkeys && {
        let mut turned = pos.clone();
        let side = pos.side_to_move();
        move_count_up_to(pos, MAX_MOVES + 1) > MAX_MOVES || {
            turned.set_side_to_move(!side);
            move_count_up_to(&turned, MAX_MOVES + 1) > MAX_MOVES
        }
    }
}

/// Negamax to `depth` with `eval` under `rules`, the plain way.
///
/// # Errors
///
/// [`SearchError`] when `stop` is set or a position has too many moves.
pub fn minimax(
    pos: &Position,
    rules: Rules,
    depth: u32,
    eval: Evaluation,
    stop: &dyn Interrupt,
) -> Result<Searched, SearchError> {
    let mut plain = Plain {
        rules,
        eval,
        stop,
        nodes: 0,
    };
    let (value, best) = plain.root(pos, depth)?;
    Ok(Searched {
        value,
        best,
        nodes: plain.nodes,
    })
}

struct Plain<'a> {
    rules: Rules,
    eval: Evaluation,
    stop: &'a dyn Interrupt,
    nodes: u64,
}

impl Plain<'_> {
    fn visit(&mut self, pos: &Position) -> Result<(), SearchError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && self.stop.interrupted() {
            return Err(SearchError::Interrupted);
        }
        if too_many_moves(pos) {
            return Err(SearchError::TooManyMoves);
        }
        Ok(())
    }

    fn root(&mut self, pos: &Position, depth: u32) -> Result<(i32, Option<Move>), SearchError> {
        self.visit(pos)?;
        if game_over(pos) || depth == 0 {
            return Ok((self.eval.of(pos), None));
        }
        let moves = legal_moves(pos);
        if moves.is_empty() {
            return Ok((NO_MOVE, None));
        }
        let mut value = START;
        let mut best = None;
        for mv in &moves {
            let child = self.rules.child(pos, mv);
            let score = -self.value(&child, depth - 1)?;
            if score > value {
                value = score;
                best = Some(*mv);
            }
        }
        Ok((value, best))
    }

    fn value(&mut self, pos: &Position, depth: u32) -> Result<i32, SearchError> {
        self.visit(pos)?;
        if game_over(pos) || depth == 0 {
            return Ok(self.eval.of(pos));
        }
        let moves = legal_moves(pos);
        if moves.is_empty() {
            return Ok(NO_MOVE);
        }
        let mut value = START;
        for mv in &moves {
            let child = self.rules.child(pos, mv);
            value = value.max(-self.value(&child, depth - 1)?);
        }
        Ok(value)
    }
}
