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
    /// The test's verdict and the pairs it was reached on, once reached:
    /// pairs under way then still finish and count in the totals, and may
    /// move the LLR back inside the bounds, but the match ended on this.
    pub(super) decided: Option<(Verdict, Pentanomial)>,
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
            && self.decided.is_none()
        {
            let verdict = sprt.verdict(&self.pairs);
            if verdict != Verdict::Continue {
                self.decided = Some((verdict, self.pairs));
                self.closed = true;
            }
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
            if !crate::cli::shard_slice::takes(self.shard, pair) || self.done.contains(&pair) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn dispatch(sprt: Sprt) -> Dispatch {
        Dispatch {
            source: Source::Book(vec![Position::start()]),
            next: 0,
            games: u64::MAX,
            wall: None,
            shard: (1, 1),
            done: BTreeSet::new(),
            closed: false,
            timed_out: false,
            pairs: Pentanomial::default(),
            sprt: Some(sprt),
            decided: None,
        }
    }

    /// A verdict is kept with the pairs it was reached on, though a pair
    /// that was under way then moves the LLR back inside the bounds (two
    /// workers: the match that ended with "no decision yet" after 358
    /// pairs, whose 357th pair had rejected).
    #[test]
    fn a_verdict_stays_when_a_late_pair_moves_the_llr_back() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lower, _) = sprt.bounds();
        let mut d = dispatch(sprt);
        // A loses pairs until the test rejects.
        while d.decided.is_none() {
            d.pair_done(0, 1);
            assert!(d.pairs.pairs() < 10_000, "never rejected");
        }
        let (verdict, at) = d.decided.unwrap();
        assert_eq!(verdict, Verdict::H0);
        assert!(sprt.llr(&at) <= lower);
        assert!(d.closed && d.next_job().is_none());
        // Late pairs won twice by A: the LLR goes back above the bound,
        // the verdict and the pairs it stood on do not change.
        d.pair_done(2, 2);
        d.pair_done(2, 2);
        assert!(sprt.llr(&d.pairs) > lower, "{}", sprt.llr(&d.pairs));
        assert_eq!(d.decided, Some((Verdict::H0, at)));
        assert_eq!(d.pairs.pairs(), at.pairs() + 2);
    }
}
