//! Counting one subtree in bounded memory.
//!
//! No move list is ever kept: the generator hands each move to a sink that
//! makes the child and counts below it at once (the recursion runs from
//! inside the generator), and the last ply is counted without making the
//! moves (bulk counting, exact because every generated move is legal). So
//! memory is one position per ply plus the monkey search's own recursion,
//! whatever the branching — a set-up position whose monkey has millions of
//! jump paths costs time, not memory.
//!
//! The interrupt is polled at every node above the last ply and every
//! [`POLL`] monkey paths within a last-ply count (one such count can take
//! seconds); leaves are published to the progress counter in batches, so
//! threads counting side by side do not contend on it.

use super::super::make::{Silent, apply};
use super::super::movegen::{Sink, generate};
use super::super::mv::Move;
use super::PerftProgress;
use crate::congo::bitboard::Bitboard;
use crate::congo::position::Position;
use crate::congo::square::Square;
use crate::interrupt::{Interrupt, Interrupted};
use std::sync::atomic::Ordering;

/// Moves counted between two polls of the interrupt in a last-ply count.
const POLL: u64 = 1 << 16;

/// Leaves gathered locally before they are added to the shared counter.
const PUBLISH: u64 = 1 << 16;

/// One thread's counting state: what stops it, where it reports.
pub(super) struct Walker<'a> {
    stop: &'a dyn Interrupt,
    progress: &'a PerftProgress,
    /// Leaves counted but not yet added to `progress.nodes`.
    pending: u64,
}

impl<'a> Walker<'a> {
    pub(super) fn new(stop: &'a dyn Interrupt, progress: &'a PerftProgress) -> Walker<'a> {
        Walker {
            stop,
            progress,
            pending: 0,
        }
    }

    /// Note `n` more leaves, publishing them once enough have gathered.
    fn leaves(&mut self, n: u64) {
        self.pending += n;
        if self.pending >= PUBLISH {
            self.publish();
        }
    }

    /// Add the gathered leaves to the shared counter (call when done).
    pub(super) fn publish(&mut self) {
        if self.pending > 0 {
            self.progress
                .nodes
                .fetch_add(self.pending, Ordering::Relaxed);
            self.pending = 0;
        }
    }

    /// The leaves `depth` plies below `pos`.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] once the interrupt is set.
    pub(super) fn count(&mut self, pos: &Position, depth: u32) -> Result<u64, Interrupted> {
        match depth {
            0 => {
                self.leaves(1);
                Ok(1)
            }
            1 => self.last_ply(pos),
            _ => {
                if self.stop.interrupted() {
                    return Err(Interrupted);
                }
                let mut expand = Expand {
                    parent: pos,
                    depth: depth - 1,
                    walker: self,
                    sum: 0,
                    stopped: false,
                };
                generate(pos, &mut expand);
                if expand.stopped {
                    Err(Interrupted)
                } else {
                    Ok(expand.sum)
                }
            }
        }
    }

    /// The number of moves in `pos`, counted without making them.
    fn last_ply(&mut self, pos: &Position) -> Result<u64, Interrupted> {
        let mut tally = Tally {
            walker: self,
            n: 0,
            published: 0,
            stopped: false,
        };
        generate(pos, &mut tally);
        if tally.stopped {
            return Err(Interrupted);
        }
        let (n, published) = (tally.n, tally.published);
        self.leaves(n - published);
        Ok(n)
    }
}

/// The sink above the last ply: each move is made and counted below at once.
struct Expand<'p, 'w, 'a> {
    parent: &'p Position,
    /// Plies left below each child.
    depth: u32,
    walker: &'w mut Walker<'a>,
    sum: u64,
    stopped: bool,
}

impl Expand<'_, '_, '_> {
    fn visit(&mut self, mv: &Move) {
        let mut child = self.parent.clone();
        apply(&mut child, mv, &mut Silent);
        match self.walker.count(&child, self.depth) {
            Ok(n) => self.sum += n,
            Err(Interrupted) => self.stopped = true,
        }
    }
}

impl Sink for Expand<'_, '_, '_> {
    fn targets(&mut self, from: Square, targets: u64) {
        for to in Bitboard(targets) {
            if self.stopped {
                return;
            }
            self.visit(&Move::new(from, to));
        }
    }
    fn jump(&mut self, mv: Move) {
        self.visit(&mv);
    }
    fn done(&self) -> bool {
        self.stopped
    }
}

/// The sink of the last ply: counts moves, polling the interrupt now and
/// then on the monkey paths (plain moves come a bitboard at a time).
struct Tally<'w, 'a> {
    walker: &'w mut Walker<'a>,
    n: u64,
    /// How much of `n` is already handed to the walker.
    published: u64,
    stopped: bool,
}

impl Sink for Tally<'_, '_> {
    fn targets(&mut self, _from: Square, targets: u64) {
        self.n += u64::from(targets.count_ones());
    }
    fn jump(&mut self, _mv: Move) {
        self.n += 1;
        if self.n - self.published >= POLL {
            self.walker.leaves(self.n - self.published);
            self.published = self.n;
            self.stopped = self.walker.stop.interrupted();
        }
    }
    fn done(&self) -> bool {
        self.stopped
    }
}
