//! The searches of a review, on several cores and the same on all.
//!
//! A game's positions are cut into chunks of [`CHUNK`] (a size that
//! depends on neither the `threads` setting nor the machine). Each chunk
//! is searched by one engine with an emptied table, its positions walked
//! in one fixed order ([`Walk`]); the chunks are handed out in order to
//! as many workers as there are engines. What a position's search finds
//! thus depends only on the game, the budget and the engine's settings:
//! the same review on one worker or two, on every run.
//!
//! Walked backwards (the last position of a chunk first), the played
//! move's subtree is in the table when the position before it is searched,
//! as Fritz's blunder check walks a game for that reason.

use super::chance::Value;
use super::review::ONLY_GAP;
use crate::congo::moves::status;
use crate::congo::search::{Engine, Limits};
use crate::congo::{Game, Move};
use crate::interrupt::Interrupt;
use std::sync::mpsc;
use std::sync::{Mutex, PoisonError};

/// Positions a chunk holds: a chunk's searches share a table.
pub const CHUNK: usize = 16;

/// The order a chunk's positions are searched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// First position first.
    Forward,
    /// Last position first: a move's subtree is in the table when the
    /// position it was played in is searched.
    Backward,
}

/// The walk a review takes (see lab/NOTES.md, 2026-12-07, the review on
/// both cores, for the measurement that chose it).
pub const WALK: Walk = Walk::Backward;

/// How a review's positions are searched: in chunks of `chunk` positions
/// (a table each), each walked by `walk`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub chunk: usize,
    pub walk: Walk,
}

impl Plan {
    /// A fixed budget's plan: [`CHUNK`] and [`WALK`], the same review on
    /// any number of workers.
    pub const CHUNKED: Plan = Plan {
        chunk: CHUNK,
        walk: WALK,
    };
    /// One table for the whole game, walked forward: a timed review's
    /// (one worker, the search's own threads on the cores), and every
    /// position searched before a stop is kept.
    pub const WHOLE: Plan = Plan {
        chunk: usize::MAX,
        walk: Walk::Forward,
    };
}

/// A search's value, the engine's move and its line.
pub type Found = (Value, Option<Move>, Vec<Move>);

/// What one position's searches found.
#[derive(Clone, Debug)]
pub struct Searched {
    pub found: Found,
    /// The best of the other moves, where the move played was the
    /// engine's and could be an only move (see [`wants_second`]).
    pub second: Option<Found>,
}

/// Every position's searches, `None` where a stop came first.
pub struct Walked {
    pub positions: Vec<Option<Searched>>,
    pub nodes: u64,
}

/// How many workers a game of `moves` moves can keep busy under
/// [`Plan::CHUNKED`]: one a chunk.
pub fn chunks(moves: usize) -> usize {
    (moves + 1).div_ceil(CHUNK)
}

/// Search every position of `game` (`counts`: each position's legal
/// moves) within `limits`, one worker an engine of `engines`, by `plan`; `progress(done, total)` after each position, on the
/// calling thread. Stopped by `stop`, the positions done are kept.
pub fn walk(
    engines: &mut [&mut Engine],
    game: &Game,
    counts: &[u64],
    limits: &Limits,
    plan: Plan,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(usize, usize),
) -> Walked {
    let moves: Vec<Move> = game.moves().collect();
    let total = moves.len() + 1;
    let job = Job {
        moves: &moves,
        counts,
        limits,
        chunk: plan.chunk.max(1),
        walk: plan.walk,
        stop,
        cursor: Mutex::new(Cursor {
            next: 0,
            game: Game::new(game.start().clone()),
            broken: false,
        }),
    };
    let mut done = 0;
    let results: Vec<(Vec<Chunk>, u64)> = match engines {
        [] => Vec::new(),
        [engine] => vec![job.work(engine, &mut || {
            done += 1;
            progress(done, total);
        })],
        _ => std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel::<()>();
            let job = &job;
            let handles: Vec<_> = engines
                .iter_mut()
                .map(|engine| {
                    let tx = tx.clone();
                    s.spawn(move || {
                        job.work(engine, &mut || {
                            let _ = tx.send(());
                        })
                    })
                })
                .collect();
            drop(tx);
            for () in rx {
                done += 1;
                progress(done, total);
            }
            // A worker that panicked (not reached) leaves its chunks
            // unsearched: the review stops before them.
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        }),
    };
    let mut out = Walked {
        positions: (0..total).map(|_| None).collect(),
        nodes: 0,
    };
    for (chunks, nodes) in results {
        out.nodes = out.nodes.saturating_add(nodes);
        for (first, searched) in chunks {
            for (slot, s) in out.positions.iter_mut().skip(first).zip(searched) {
                *slot = s;
            }
        }
    }
    out
}

/// A chunk's first position and its positions' searches.
type Chunk = (usize, Vec<Option<Searched>>);

/// What the workers share: the game, the budget and the next chunk.
struct Job<'a> {
    moves: &'a [Move],
    counts: &'a [u64],
    limits: &'a Limits,
    chunk: usize,
    walk: Walk,
    stop: &'a dyn Interrupt,
    cursor: Mutex<Cursor>,
}

/// The next chunk to hand out and the game replayed to its first position.
struct Cursor {
    next: usize,
    game: Game,
    /// A move of the game did not replay (not reached): no more chunks.
    broken: bool,
}

impl Job<'_> {
    /// The next chunk's first position and the game there, if any is left.
    fn take(&self) -> Option<(usize, Game)> {
        let mut c = self.cursor.lock().unwrap_or_else(PoisonError::into_inner);
        let first = c.next.checked_mul(self.chunk)?;
        if c.broken || first > self.moves.len() {
            return None;
        }
        for &mv in self.moves.get(c.game.plies()..first)? {
            if c.game.play(mv).is_err() {
                c.broken = true;
                return None;
            }
        }
        c.next += 1;
        Some((first, c.game.clone()))
    }

    /// Search chunks until none is left or a stop; `done` after each
    /// position. The chunks searched (the last maybe cut short) and the
    /// nodes.
    fn work(&self, engine: &mut Engine, done: &mut dyn FnMut()) -> (Vec<Chunk>, u64) {
        let mut out = Vec::new();
        let mut nodes = 0u64;
        while !self.stop.interrupted() {
            let Some((first, mut game)) = self.take() else {
                break;
            };
            let end = first.saturating_add(self.chunk).min(self.moves.len() + 1);
            let mut found: Vec<Option<Searched>> = (first..end).map(|_| None).collect();
            engine.new_game();
            let order: Vec<usize> = match self.walk {
                Walk::Forward => (first..end).collect(),
                Walk::Backward => (first..end).rev().collect(),
            };
            if self.walk == Walk::Backward {
                for &mv in self.moves.get(first..end - 1).unwrap_or_default() {
                    if game.play(mv).is_err() {
                        break;
                    }
                }
            }
            let mut whole = true;
            for p in order {
                // The game stands at position `p`.
                while game.plies() < p {
                    let Some(&mv) = self.moves.get(game.plies()) else {
                        break;
                    };
                    if game.play(mv).is_err() {
                        break;
                    }
                }
                while game.plies() > p && game.undo().is_some() {}
                let searched = if game.plies() == p {
                    self.position(engine, &game, p, &mut nodes)
                } else {
                    None
                };
                let Some(searched) = searched else {
                    whole = false;
                    break;
                };
                if let Some(slot) = found.get_mut(p - first) {
                    *slot = Some(searched);
                }
                done();
            }
            out.push((first, found));
            if !whole {
                break;
            }
        }
        (out, nodes)
    }

    /// Position `p`'s searches (`game` stands there): its value, and the
    /// second best where the move played could be an only move. `None`
    /// when stopped.
    fn position(
        &self,
        engine: &mut Engine,
        game: &Game,
        p: usize,
        nodes: &mut u64,
    ) -> Option<Searched> {
        let found = value_at(engine, game, self.limits, &[], self.stop, nodes)?;
        let mv = self.moves.get(p).copied();
        let second = match mv {
            Some(mv) if wants_second(game, mv, self.counts.get(p) == Some(&1), &found) => Some(
                value_at(engine, game, self.limits, &[mv], self.stop, nodes)?,
            ),
            _ => None,
        };
        Some(Searched { found, second })
    }
}

/// Whether the move played at `game`'s position, `mv`, needs the search
/// without it to tell an only move: it was the engine's choice, not the
/// only legal move, does not end the game (taking the lion is the win,
/// not an only move), and a gap of [`ONLY_GAP`] below it is possible.
fn wants_second(game: &Game, mv: Move, forced: bool, found: &Found) -> bool {
    let (value, best, _) = found;
    let ends = (game.position().after(mv)).is_ok_and(|p| status(&p).is_over());
    !forced && !ends && *best == Some(mv) && value.chance >= ONLY_GAP
}

/// The value of `game`'s position for its side to move: the game's end,
/// or a search within `limits` among the moves but `exclude`, with the
/// engine's move and line. `None` when stopped.
fn value_at(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    exclude: &[Move],
    stop: &dyn Interrupt,
    nodes: &mut u64,
) -> Option<Found> {
    if stop.interrupted() {
        return None;
    }
    let pos = game.position();
    if let Some(end) = Value::ended(status(pos), pos.side_to_move()) {
        return Some((end, None, Vec::new()));
    }
    engine.quiet_plies_from(game);
    let info = engine.search_excluding(pos, game.seen(), limits, exclude, stop, &mut |_| {});
    *nodes = nodes.saturating_add(info.nodes);
    if stop.interrupted() {
        return None;
    }
    Some((Value::of_search(&info), info.best, info.pv))
}
