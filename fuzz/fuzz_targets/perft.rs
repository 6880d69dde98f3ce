//! perft and divide on arbitrary positions, small depths, a node budget:
//! the first 50 bytes set up a board (as for `congo_moves`), the next two
//! pick the depth (1 to 4) and the threads (1 to 3). Whether the count
//! finishes or the budget stops it, divide's rows must be a sorted prefix
//! of the legal moves; a finished count must match the leaves published,
//! one thread's count, each row's own perft, and (at depth 2 or less) a
//! plain recursive count through `Position::after`.
#![no_main]

mod common;

use boardsh::congo::Position;
use boardsh::congo::{
    Counting, PerftProgress, divide_with, legal_moves, move_count_up_to, perft, perft_with,
};
use boardsh::interrupt::{Interrupt, Interrupted};
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::Ordering;

/// Roots with more moves than this are skipped (the shell refuses to list
/// them too).
const ROOT_LIMIT: u64 = 2_000;

/// Leaves counted before the budget stops a count (each input counts up
/// to three times: divide, one thread, the rows): 200,000 ran at about
/// 240 inputs a second; sparse positions still finish to depth 4.
const BUDGET: u64 = 20_000;

/// Stops once the shared leaf counter reaches a budget.
struct Budget<'a>(&'a PerftProgress, u64);

impl Interrupt for Budget<'_> {
    fn interrupted(&self) -> bool {
        self.0.nodes.load(Ordering::Relaxed) >= self.1
    }
}

/// The count through the careful path: list, play with legality checks.
fn plain(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(pos)
        .into_iter()
        .map(|mv| plain(&pos.after(mv).expect("a listed move plays"), depth - 1))
        .sum()
}

/// perft with `threads`, stopped at the budget.
fn budgeted(pos: &Position, depth: u32, threads: usize) -> Result<u64, Interrupted> {
    let progress = PerftProgress::default();
    let stop = Budget(&progress, BUDGET);
    let counting = Counting {
        threads,
        stop: &stop,
        progress: &progress,
    };
    perft_with(pos, depth, &counting)
}

fuzz_target!(|data: &[u8]| {
    let pos = common::position(data);
    if move_count_up_to(&pos, ROOT_LIMIT) >= ROOT_LIMIT {
        return;
    }
    let depth = data.get(50).map_or(2, |b| u32::from(b % 4) + 1);
    let threads = data.get(51).map_or(1, |b| usize::from(b % 3) + 1);
    let progress = PerftProgress::default();
    let stop = Budget(&progress, BUDGET);
    let counting = Counting {
        threads,
        stop: &stop,
        progress: &progress,
    };
    let mut rows = Vec::new();
    let got = divide_with(&pos, depth, &counting, &mut |mv, n| rows.push((mv, n)));
    let moves = legal_moves(&pos);
    assert!(rows.len() <= moves.len());
    for ((mv, _), want) in rows.iter().zip(&moves) {
        assert_eq!(mv, want, "rows in the order of the sorted moves");
    }
    assert_eq!(progress.roots_done.load(Ordering::Relaxed), rows.len());
    let nodes = progress.nodes.load(Ordering::Relaxed);
    let total = match got {
        Err(Interrupted) => {
            assert!(nodes >= BUDGET, "stopped before the budget: {nodes}");
            return;
        }
        Ok(total) => total,
    };
    assert_eq!(rows.len(), moves.len());
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), total);
    assert_eq!(nodes, total, "leaves published");
    if let Ok(one) = budgeted(&pos, depth, 1) {
        assert_eq!(one, total, "{threads} threads against one");
    }
    for &(mv, n) in rows.iter().take(8) {
        let child = pos.after(mv).expect("a listed move plays");
        assert_eq!(perft(&child, depth - 1), n, "{mv}");
    }
    if depth <= 2 && moves.len() < 64 {
        assert_eq!(plain(&pos, depth), total);
    }
});
