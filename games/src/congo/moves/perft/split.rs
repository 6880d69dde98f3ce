//! Counting on several threads: the first plies are split into work items
//! that worker threads take one at a time.
//!
//! With only the root moves as items, two threads finish unevenly (one big
//! subtree is left for one thread at the end), so when the depth allows,
//! each root move is split once more into its replies: a few hundred small
//! items from the start position. A root whose child has too many replies
//! to list cheaply (a monkey with millions of jump paths) stays one item,
//! so memory stays bounded.
//!
//! The calling thread does no counting: it gathers the workers' results
//! and calls `on_move` for each root move in sorted order as soon as it
//! and every move before it are complete. An interrupt seen by any worker
//! stops them all (a shared flag joins the caller's [`Interrupt`]).

use super::super::make::{Silent, apply};
use super::super::movegen::{generate, move_count_up_to};
use super::super::mv::Move;
use super::super::sink::List;
use super::Counting;
use super::walk::Walker;
use crate::congo::position::Position;
use crate::interrupt::{Either, Interrupted};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// A root move's child is split into its replies only if it has fewer
/// than this many.
const SPLIT_LIMIT: u64 = 1_000;

/// At most this many items come from splitting roots into replies (more
/// would only cost memory: a few hundred already balance the threads).
const ITEM_LIMIT: usize = 1 << 14;

/// One piece of work: count below root move `root`, or below its reply
/// `reply` (positions are made by the worker, so an item stays small).
struct Item {
    root: usize,
    reply: Option<Move>,
}

/// `pos` after the generated move `mv`.
pub(super) fn child(pos: &Position, mv: &Move) -> Position {
    let mut next = pos.clone();
    apply(&mut next, mv, &mut Silent);
    next
}

/// The work items for counting `depth >= 2` plies below `pos` (whose
/// sorted moves are `roots`), and how many items each root has.
fn items(pos: &Position, roots: &[Move], depth: u32) -> (Vec<Item>, Vec<usize>) {
    let mut items = Vec::new();
    let mut per_root = Vec::with_capacity(roots.len());
    let mut replies = Vec::new();
    for (root, mv) in roots.iter().enumerate() {
        let before = items.len();
        let next = child(pos, mv);
        let few = depth >= 3
            && items.len() < ITEM_LIMIT
            && move_count_up_to(&next, SPLIT_LIMIT) < SPLIT_LIMIT;
        if few {
            replies.clear();
            generate(&next, &mut List(&mut replies));
            items.extend(replies.iter().map(|&reply| Item {
                root,
                reply: Some(reply),
            }));
        } else {
            items.push(Item { root, reply: None });
        }
        per_root.push(items.len() - before);
    }
    (items, per_root)
}

/// The leaves below one item.
fn count_item(
    walker: &mut Walker<'_>,
    pos: &Position,
    roots: &[Move],
    depth: u32,
    item: &Item,
) -> Result<u64, Interrupted> {
    let Some(mv) = roots.get(item.root) else {
        return Ok(0);
    };
    let next = child(pos, mv);
    match &item.reply {
        Some(reply) => walker.count(&child(&next, reply), depth - 2),
        None => walker.count(&next, depth - 1),
    }
}

/// [`super::divide_with`] on `threads >= 2` worker threads, for `depth >= 2`.
pub(super) fn divide(
    pos: &Position,
    roots: &[Move],
    depth: u32,
    counting: &Counting<'_>,
    on_move: &mut dyn FnMut(Move, u64),
) -> Result<u64, Interrupted> {
    let (items, mut left) = items(pos, roots, depth);
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let stop = Either(counting.stop, &abort);
    let workers = counting.threads.min(items.len()).max(1);
    let (tx, rx) = mpsc::channel::<(usize, u64)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (items, next, abort, stop) = (&items, &next, &abort, &stop);
            scope.spawn(move || {
                let mut walker = Walker::new(stop, counting.progress);
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    match count_item(&mut walker, pos, roots, depth, item) {
                        Ok(n) => {
                            walker.publish();
                            if tx.send((item.root, n)).is_err() {
                                break;
                            }
                        }
                        Err(Interrupted) => {
                            abort.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                }
                walker.publish();
            });
        }
        drop(tx);
        let mut sums = vec![0u64; roots.len()];
        let mut emitted = 0;
        let mut total = 0;
        let mut emit = |sums: &[u64], left: &[usize], emitted: &mut usize| {
            while let (Some(&0), Some(&n), Some(&mv)) =
                (left.get(*emitted), sums.get(*emitted), roots.get(*emitted))
            {
                total += n;
                counting.progress.roots_done.fetch_add(1, Ordering::Relaxed);
                on_move(mv, n);
                *emitted += 1;
            }
        };
        emit(&sums, &left, &mut emitted);
        for (root, n) in rx {
            if let (Some(sum), Some(l)) = (sums.get_mut(root), left.get_mut(root)) {
                *sum += n;
                *l = l.saturating_sub(1);
            }
            emit(&sums, &left, &mut emitted);
        }
        if emitted == roots.len() {
            Ok(total)
        } else {
            Err(Interrupted)
        }
    })
}
