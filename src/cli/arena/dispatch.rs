//! Handing out the match's opening pairs to the workers, in order: the
//! openings (random lines or a file's positions), the shard, the pairs a
//! resumed run already has, the time limit and the SPRT that may close
//! the match.

use crate::congo::openings::Openings;
use crate::congo::{Move, Position};
use crate::stats::pentanomial::{Pentanomial, Sprt, Verdict};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// One opening pair to play: games `2 * pair + 1` and `2 * pair + 2`
/// (the second only if the match has that many games).
pub(super) struct Job {
    pub(super) pair: u64,
    pub(super) start: Position,
    pub(super) opening: Vec<Move>,
    pub(super) games: u64,
}

/// Where the pairs' openings come from.
pub(super) enum Source {
    /// Seeded random lines from the start, made in order.
    Random(Openings),
    /// `--openings`: the file's positions in turn, cycled.
    Book(Vec<Position>),
}

impl Source {
    /// The start and opening of `pair` (called for every pair in order,
    /// so a seed gives every shard the same openings).
    pub(super) fn opening(&mut self, pair: u64) -> (Position, Vec<Move>) {
        match self {
            Source::Random(lines) => (Position::start(), lines.next().unwrap_or_default()),
            Source::Book(book) => {
                let len = u64::try_from(book.len()).unwrap_or(1).max(1);
                let k = usize::try_from(pair % len).unwrap_or(0);
                let start = book.get(k).cloned().unwrap_or_else(Position::start);
                (start, Vec::new())
            }
        }
    }
}

/// Hands out the opening pairs in order, until the match has enough games,
/// its time is up, or it is closed.
pub(super) struct Dispatch {
    pub(super) source: Source,
    pub(super) next: u64,
    pub(super) games: u64,
    pub(super) wall: Option<(Instant, Duration)>,
    /// This run's shard `(k, n)`.
    pub(super) shard: (u64, u64),
    /// Pairs already in the results file (a resumed run skips them).
    pub(super) done: BTreeSet<u64>,
    /// Set once no new pair should start (a fatal error, a decided SPRT).
    pub(super) closed: bool,
    /// Set when the time ran out.
    pub(super) timed_out: bool,
    /// The complete pairs so far, from A's side.
    pub(super) pairs: Pentanomial,
    /// The test that may end the match.
    pub(super) sprt: Option<Sprt>,
}

impl Dispatch {
    /// Count a complete pair (A's points in halves in each game); an SPRT
    /// that decides closes the match (pairs already started still count).
    pub(super) fn pair_done(&mut self, first: u8, second: u8) {
        self.pairs.add(first, second);
        self.check_sprt();
    }

    pub(super) fn check_sprt(&mut self) {
        if let Some(sprt) = &self.sprt
            && sprt.verdict(&self.pairs) != Verdict::Continue
        {
            self.closed = true;
        }
    }

    pub(super) fn next_job(&mut self) -> Option<Job> {
        loop {
            if self.closed || self.next.saturating_mul(2) >= self.games {
                return None;
            }
            if let Some((t0, w)) = self.wall
                && t0.elapsed() >= w
            {
                self.timed_out = true;
                return None;
            }
            let pair = self.next;
            self.next += 1;
            let (start, opening) = self.source.opening(pair);
            let (k, n) = self.shard;
            if pair % n != k - 1 || self.done.contains(&pair) {
                continue;
            }
            let games = (self.games - 2 * pair).min(2);
            return Some(Job {
                pair,
                start,
                opening,
                games,
            });
        }
    }
}
