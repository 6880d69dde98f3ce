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
//! The interrupt is polled every [`POLL`] steps, a step being a node made
//! above the last ply or a monkey path counted at it (so one last-ply count
//! of millions of paths, or a node with millions of children, is cut short
//! too); leaves are published to the progress counter in batches, so
//! threads counting side by side do not contend on it.

use super::super::make::{Silent, apply};
use super::super::movegen::generate;
use super::super::mv::Move;
use super::super::sink::Sink;
use super::PerftProgress;
use crate::congo::bitboard::Bitboard;
use crate::congo::position::Position;
use crate::congo::square::Square;
use crate::interrupt::{Interrupt, Interrupted};
use std::sync::atomic::Ordering;

/// Steps (nodes made above the last ply, monkey paths counted at it)
/// between two polls of the interrupt: a poll costs a virtual call and, for
/// a deadline, a clock read; a step costs at most about a microsecond.
const POLL: u32 = 1 << 10;

/// Leaves gathered locally before they are added to the shared counter.
const PUBLISH: u64 = 1 << 16;

/// One thread's counting state: what stops it, where it reports.
pub(super) struct Walker<'a> {
    stop: &'a dyn Interrupt,
    progress: &'a PerftProgress,
    /// Leaves counted but not yet added to `progress.nodes`.
    pending: u64,
    /// Steps since the last poll.
    steps: u32,
    /// Set once a poll found the interrupt set; everything then unwinds.
    stopped: bool,
}

impl<'a> Walker<'a> {
    pub(super) fn new(stop: &'a dyn Interrupt, progress: &'a PerftProgress) -> Walker<'a> {
        Walker {
            stop,
            progress,
            pending: 0,
            steps: 0,
            stopped: stop.interrupted(),
        }
    }

    /// One step of work; polls the interrupt every [`POLL`] steps.
    #[inline]
    fn step(&mut self) {
        self.steps += 1;
        if self.steps >= POLL {
            self.steps = 0;
            self.stopped = self.stop.interrupted();
        }
    }

    /// Note `n` more leaves, publishing them once enough have gathered.
    #[inline]
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
        if self.stopped {
            return Err(Interrupted);
        }
        let n = match depth {
            0 => 1,
            1 => {
                let mut tally = Tally { walker: self, n: 0 };
                generate(pos, &mut tally);
                tally.n
            }
            _ => {
                let mut expand = Expand {
                    parent: pos,
                    depth: depth - 1,
                    walker: self,
                    sum: 0,
                };
                generate(pos, &mut expand);
                let sum = expand.sum;
                // The leaves below were noted by the children.
                return if self.stopped {
                    Err(Interrupted)
                } else {
                    Ok(sum)
                };
            }
        };
        if self.stopped {
            return Err(Interrupted);
        }
        self.leaves(n);
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
}

impl Expand<'_, '_, '_> {
    #[inline]
    fn visit(&mut self, mv: &Move) {
        self.walker.step();
        let mut child = self.parent.clone();
        apply(&mut child, mv, &mut Silent);
        if let Ok(n) = self.walker.count(&child, self.depth) {
            self.sum += n;
        }
    }
}

impl Sink for Expand<'_, '_, '_> {
    fn targets(&mut self, from: Square, targets: u64) {
        for to in Bitboard(targets) {
            if self.walker.stopped {
                return;
            }
            self.visit(&Move::new(from, to));
        }
    }
    fn jump(&mut self, mv: Move) {
        self.visit(&mv);
    }
    fn done(&self) -> bool {
        self.walker.stopped
    }
}

/// The sink of the last ply: counts moves without making them, stepping
/// on each monkey path (plain moves come a bitboard at a time).
struct Tally<'w, 'a> {
    walker: &'w mut Walker<'a>,
    n: u64,
}

impl Sink for Tally<'_, '_> {
    fn targets(&mut self, _from: Square, targets: u64) {
        self.n += u64::from(targets.count_ones());
    }
    fn jump(&mut self, _mv: Move) {
        self.n += 1;
        self.walker.step();
    }
    fn done(&self) -> bool {
        self.walker.stopped
    }
}
