//! The best use of the pending throws, told apart by bounds before any
//! full search.
//!
//! Most of a turn's in-turn states lie after a catch with throws still
//! pending: each yut or mo thrown then earns another throw, so the search
//! runs many levels deep for chances of (1/8)^k. Cutting that chain off
//! after a few extra yuts and mos, and letting each branch cut off count
//! as anything between 0 and its chance, gives every use an interval that
//! holds its full value ([`Turn`]'s, the same cap and leaves). Where the
//! best use's lower bound is above every other use's upper bound, it is
//! the use the full search ranks first; only where the intervals overlap
//! is the full search run. So the perfect player's moves are the full
//! search's, found for far fewer states.
//!
//! A bound depends only on the state, the cut-off and the leaves, so the
//! memo (one a cut-off) is kept from decision to decision: a game's
//! decisions, and a match's games, share their states.

use std::collections::HashMap;

use super::board::Board;
use super::turn::{KEPT_STATES, KeyHasher, Pend, Turn, key, spend};

type Memo = HashMap<u64, (f64, f64), KeyHasher>;

/// How far past the bounds' float rounding one use must be above another
/// to be told apart (the full search sums in another order).
const MARGIN: f64 = 1e-12;

/// The chains of extra yuts and mos the bounds follow, tried in order.
const DEPTHS: [u8; 3] = [1, 2, 4];

/// Bounds of in-turn values (best play) under one table's leaves: its
/// memo is kept between decisions, so one `Bounded` serves one table.
#[derive(Debug, Default)]
pub struct Bounded {
    /// The states bounded with the current cut-off ([`Bounded::limit`]).
    memo: Memo,
    /// Those bounded with each other cut-off.
    kept: HashMap<u8, Memo>,
    /// Throws with this many yuts and mos pending have their yut and mo
    /// branches bounded instead of searched.
    limit: u8,
    /// States bounded since creation.
    pub nodes: u64,
}

impl Bounded {
    /// The use (group state, result index) `turn`'s full search would rank
    /// first at `b` with `p` pending, if the bounds alone tell it; `None`
    /// where they do not (then ask `turn`).
    pub fn best(
        &mut self,
        turn: &Turn,
        b: Board,
        p: Pend,
        leaf: &dyn Fn(Board) -> f64,
    ) -> Option<(u8, usize)> {
        let root_bigs = p.get(3).copied().unwrap_or(0) + p.get(4).copied().unwrap_or(0);
        // Memory stays bounded: past the kept states, start afresh (new
        // maps: a cleared one would keep its room).
        if self.memo.len() + self.kept.values().map(HashMap::len).sum::<usize>() > KEPT_STATES {
            self.memo = Memo::default();
            self.kept = HashMap::new();
        }
        for depth in DEPTHS {
            self.cut_off(root_bigs.saturating_add(depth).min(turn.cap()));
            // The uses in the order the full search lists them (ties keep
            // it), one per distinct successor: uses that lead to the same
            // state have the same value, and the first of them is ranked
            // first among them.
            let mut seen: Vec<(Board, bool, Pend)> = Vec::new();
            let mut bounds: Vec<(u8, usize, f64, f64)> = Vec::new();
            for g in b.me.groups() {
                for r in (0..5).rev() {
                    if p.get(r).copied().unwrap_or(0) == 0 {
                        continue;
                    }
                    let next = spend(b, p, g, r);
                    if seen.contains(&next) {
                        continue;
                    }
                    seen.push(next);
                    let (lo, hi) = self.after(turn, next, leaf);
                    bounds.push((g, r, lo, hi));
                }
            }
            let best =
                bounds
                    .iter()
                    .enumerate()
                    .fold(None::<(usize, f64)>, |acc, (i, x)| match acc {
                        Some((_, lo)) if lo >= x.2 => acc,
                        _ => Some((i, x.2)),
                    });
            let (bi, lo) = best?;
            let clear = bounds
                .iter()
                .enumerate()
                .all(|(i, x)| i == bi || lo > x.3 + MARGIN);
            if clear {
                return bounds.get(bi).map(|x| (x.0, x.1));
            }
        }
        None
    }

    /// Bound with the yut and mo branches cut off at `limit` yuts and
    /// mos pending, with the states bounded so before.
    fn cut_off(&mut self, limit: u8) {
        if limit != self.limit {
            let memo = self.kept.remove(&limit).unwrap_or_default();
            let old = std::mem::replace(&mut self.memo, memo);
            self.kept.insert(self.limit, old);
            self.limit = limit;
        }
    }

    /// Bounds after a use: the board, whether it caught, what is pending.
    fn after(
        &mut self,
        turn: &Turn,
        (nb, caught, q): (Board, bool, Pend),
        leaf: &dyn Fn(Board) -> f64,
    ) -> (f64, f64) {
        if nb.me.won() {
            (1.0, 1.0)
        } else if caught && turn.reads_catch_starts() && q == [0; 5] {
            let v = leaf(nb);
            (v, v)
        } else if caught {
            self.throw(turn, nb, q, leaf)
        } else {
            self.uses(turn, nb, q, leaf)
        }
    }

    /// A throw is due with `p` pending ([`Turn::throw`], bounded).
    fn throw(&mut self, turn: &Turn, b: Board, p: Pend, leaf: &dyn Fn(Board) -> f64) -> (f64, f64) {
        let k = key(b, p, true);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        self.nodes += 1;
        let bigs = p.get(3).copied().unwrap_or(0) + p.get(4).copied().unwrap_or(0);
        if bigs >= turn.need(b) {
            return (1.0, 1.0);
        }
        let capped = bigs >= turn.cap();
        let cut = bigs >= self.limit;
        let probs = turn.probs();
        let smalls: f64 = probs.iter().take(3).sum();
        let (mut lo, mut hi) = (0.0, 0.0);
        for (i, &pr) in probs.iter().enumerate() {
            let mut q = p;
            if let Some(c) = q.get_mut(i) {
                *c += 1;
            }
            if i >= 3 {
                if capped {
                    continue;
                }
                if cut {
                    // Anything from losing to winning, at this chance.
                    hi += pr;
                } else {
                    let (l, h) = self.throw(turn, b, q, leaf);
                    lo += pr * l;
                    hi += pr * h;
                }
            } else {
                let w = if capped { pr / smalls } else { pr };
                let (l, h) = self.uses(turn, b, q, leaf);
                lo += w * l;
                hi += w * h;
            }
        }
        let v = (lo, hi.min(1.0));
        self.memo.insert(k, v);
        v
    }

    /// No throw is due; `p` is pending ([`Turn::uses`], bounded).
    fn uses(&mut self, turn: &Turn, b: Board, p: Pend, leaf: &dyn Fn(Board) -> f64) -> (f64, f64) {
        if p == [0; 5] {
            let v = 1.0 - leaf(b.flip());
            return (v, v);
        }
        let k = key(b, p, false);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        self.nodes += 1;
        if p.get(3).copied().unwrap_or(0) + p.get(4).copied().unwrap_or(0) >= turn.need(b) {
            return (1.0, 1.0);
        }
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for g in b.me.groups() {
            for r in 0..5 {
                if p.get(r).copied().unwrap_or(0) == 0 {
                    continue;
                }
                let (l, h) = self.after(turn, spend(b, p, g, r), leaf);
                lo = lo.max(l);
                hi = hi.max(h);
            }
        }
        let v = (lo, hi);
        self.memo.insert(k, v);
        v
    }
}
