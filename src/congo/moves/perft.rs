//! Perft: counting the leaves of the move tree, to check the generator.
//!
//! Copy-make: each child is a copy of its parent with one move applied.
//! The last ply is counted without making the moves (bulk counting), which
//! is exact because every generated move is legal.

use super::make::{Silent, apply};
use super::movegen::{List, generate, legal_moves, move_count};
use super::mv::Move;
use crate::congo::position::Position;

/// The number of leaf nodes `depth` plies below `pos`. A position where a
/// lion is missing has no children; depth 0 counts the position itself.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => move_count(pos),
        _ => {
            let mut moves = Vec::with_capacity(64);
            generate(pos, &mut List(&mut moves));
            moves
                .iter()
                .map(|mv| perft(&child(pos, mv), depth - 1))
                .sum()
        }
    }
}

/// Perft split by first move: each legal move with the leaf count below it
/// (`depth - 1` further plies), sorted by the move's string. Empty for
/// depth 0.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(pos)
        .into_iter()
        .map(|mv| {
            let n = perft(&child(pos, &mv), depth - 1);
            (mv, n)
        })
        .collect()
}

/// `pos` after the generated move `mv`.
fn child(pos: &Position, mv: &Move) -> Position {
    let mut next = pos.clone();
    apply(&mut next, mv, &mut Silent);
    next
}
