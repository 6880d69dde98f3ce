//! Perft: counting the leaves of the move tree, to check the generator.
//!
//! Copy-make: each child is a copy of its parent with one move applied,
//! counted as soon as the generator yields it, so no move list is kept
//! below the root and memory stays flat whatever the branching
//! ([`walk`]). The last ply is counted without making the moves (bulk
//! counting), which is exact because every generated move is legal.
//!
//! [`perft_with`] and [`divide_with`] are the long-running forms: they poll
//! an [`Interrupt`], publish progress through atomics a front end can read
//! from another thread, report each root move as soon as it is counted,
//! and share the work among threads ([`split`]).

mod split;
mod walk;

use super::movegen::{legal_moves, move_count_up_to};
use super::mv::Move;
use crate::congo::position::Position;
use crate::interrupt::{Interrupt, Interrupted, Never};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use walk::Walker;

/// Roots with at least this many moves are not listed by [`perft_with`].
const ROOT_LIMIT: u64 = 100_000;

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

/// [`perft`], interruptible and with progress, on `counting.threads`
/// threads.
///
/// A root with too many moves to list cheaply (a monkey's jump paths) is
/// counted in place on the calling thread, without root progress.
///
/// # Errors
///
/// [`Interrupted`] once `counting.stop` is set (within a few thousand nodes).
pub fn perft_with(pos: &Position, depth: u32, counting: &Counting<'_>) -> Result<u64, Interrupted> {
    match depth {
        0 => Ok(1),
        _ if move_count_up_to(pos, ROOT_LIMIT) >= ROOT_LIMIT => {
            let mut walker = Walker::new(counting.stop, counting.progress);
            let n = walker.count(pos, depth);
            walker.publish();
            n
        }
        _ => divide_with(pos, depth, counting, &mut |_, _| {}),
    }
}

/// [`divide`], interruptible, on `counting.threads` threads: calls
/// `on_move` (on the calling thread) for each root move in sorted order as
/// soon as its subtree and those of the moves before it are counted, and
/// returns the total.
///
/// The root moves are listed (callers guard roots with huge move counts,
/// as the shell does); everything below is counted in bounded memory.
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
    if counting.threads > 1 && depth >= 2 && roots.len() > 1 {
        return split::divide(pos, &roots, depth, counting, on_move);
    }
    let mut walker = Walker::new(counting.stop, counting.progress);
    let mut total = 0;
    for mv in roots {
        let n = walker.count(&split::child(pos, &mv), depth - 1);
        walker.publish();
        let n = n?;
        total += n;
        counting.progress.roots_done.fetch_add(1, Ordering::Relaxed);
        on_move(mv, n);
    }
    Ok(total)
}
