//! Perft: counting the leaves of the move tree, to check the generator.
//!
//! Copy-make: each child is a copy of its parent with one move applied.
//! The last ply is counted without making the moves (bulk counting), which
//! is exact because every generated move is legal.
//!
//! [`perft_with`] and [`divide_with`] are the long-running forms: they poll
//! an [`Interrupt`], publish progress through atomics a front end can read
//! from another thread, and report each root move as soon as it is counted.

use super::make::{Silent, apply};
use super::movegen::{generate, legal_moves, move_count};
use super::mv::Move;
use super::sink::List;
use crate::congo::position::Position;
use crate::interrupt::{Interrupt, Interrupted, Never};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Live counters of a running perft, readable from another thread (for a
/// progress line). All are monotone while the count runs.
#[derive(Debug, Default)]
pub struct PerftProgress {
    /// Leaf nodes counted so far.
    pub nodes: AtomicU64,
    /// Root moves whose subtree is fully counted.
    pub roots_done: AtomicUsize,
    /// Root moves in all (set once the root is generated).
    pub roots: AtomicUsize,
}

/// How a long count runs: how many threads, what stops it, where it reports.
#[derive(Clone, Copy)]
pub struct Counting<'a> {
    /// Worker threads (1 counts on the calling thread).
    pub threads: usize,
    /// Polled every node above the last ply.
    pub stop: &'a dyn Interrupt,
    /// Progress counters.
    pub progress: &'a PerftProgress,
}

/// The number of leaf nodes `depth` plies below `pos`. A position where a
/// lion is missing has no children; depth 0 counts the position itself.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let progress = PerftProgress::default();
    let counting = Counting {
        threads: 1,
        stop: &Never,
        progress: &progress,
    };
    perft_with(pos, depth, &counting).unwrap_or(0)
}

/// Perft split by first move: each legal move with the leaf count below it
/// (`depth - 1` further plies), sorted by the move's string. Empty for
/// depth 0.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let progress = PerftProgress::default();
    let counting = Counting {
        threads: 1,
        stop: &Never,
        progress: &progress,
    };
    let mut rows = Vec::new();
    let _ = divide_with(pos, depth, &counting, &mut |mv, n| rows.push((mv, n)));
    rows
}

/// [`perft`], interruptible and with progress.
///
/// # Errors
///
/// [`Interrupted`] once `counting.stop` is set (within a few thousand nodes).
pub fn perft_with(pos: &Position, depth: u32, counting: &Counting<'_>) -> Result<u64, Interrupted> {
    match depth {
        0 => Ok(1),
        _ => divide_with(pos, depth, counting, &mut |_, _| {}),
    }
}

/// [`divide`], interruptible: calls `on_move` for each root move in sorted
/// order as soon as its subtree is counted, and returns the total.
///
/// # Errors
///
/// [`Interrupted`] once `counting.stop` is set; `on_move` has then been
/// called for a sorted prefix of the root moves.
pub fn divide_with(
    pos: &Position,
    depth: u32,
    counting: &Counting<'_>,
    on_move: &mut dyn FnMut(Move, u64),
) -> Result<u64, Interrupted> {
    if depth == 0 {
        return Ok(0);
    }
    let roots = legal_moves(pos);
    counting
        .progress
        .roots
        .store(roots.len(), Ordering::Relaxed);
    let mut total = 0;
    for mv in roots {
        let n = count(&child(pos, &mv), depth - 1, counting)?;
        total += n;
        counting.progress.roots_done.fetch_add(1, Ordering::Relaxed);
        on_move(mv, n);
    }
    Ok(total)
}

/// The leaves below `pos`, polling the interrupt and publishing progress.
fn count(pos: &Position, depth: u32, counting: &Counting<'_>) -> Result<u64, Interrupted> {
    match depth {
        0 => {
            counting.progress.nodes.fetch_add(1, Ordering::Relaxed);
            Ok(1)
        }
        1 => {
            let n = move_count(pos);
            counting.progress.nodes.fetch_add(n, Ordering::Relaxed);
            Ok(n)
        }
        _ => {
            if counting.stop.interrupted() {
                return Err(Interrupted);
            }
            let mut moves = Vec::with_capacity(64);
            generate(pos, &mut List(&mut moves));
            let mut sum = 0;
            for mv in &moves {
                sum += count(&child(pos, mv), depth - 1, counting)?;
            }
            Ok(sum)
        }
    }
}

/// `pos` after the generated move `mv`.
fn child(pos: &Position, mv: &Move) -> Position {
    let mut next = pos.clone();
    apply(&mut next, mv, &mut Silent);
    next
}
