//! One turn solved exactly: the throws, the order the pending throws are
//! used in, the extra throws of yut, mo and catches.
//!
//! A turn starts with a throw; a yut or a mo earns another, again and
//! again; then the team uses its pending throws in any order, each moving
//! one group; a catch earns one more throw, thrown at once. The turn ends
//! when nothing is pending and no throw is due, or when the team's last
//! token escapes (it has won; unused throws are lost). The value of a
//! state inside the turn is the chance the team to move wins, the
//! expectation over throws and, at a choice, the best use ([`Mode::Max`])
//! or the mean of all uses ([`Mode::Mean`], the uniformly random player).
//! A turn's end is valued by the caller's table (the other team's chance
//! at its turn start).
//!
//! Runs of yut and mo are unbounded. Enough of them pending surely win
//! (see `Turn::need`): that state is worth exactly 1. Short of that, the
//! solver caps the yuts and mos pending at `cap`, after which a throw is
//! do, gae or geol in their proportions: a run of `cap` yuts or mos has
//! probability (1/8)^cap, so the cap moves a value by about that at most
//! per turn (and not at all where `cap` yuts and mos surely win).

use std::collections::HashMap;

use super::board::{Board, STATES, steps_left};

/// The pending throws: how many of each result, in `Roll::ALL` order.
pub type Pend = [u8; 5];

/// How the team to move chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The best use (the perfect player).
    Max,
    /// Every legal use (group, distinct pending result) equally likely.
    Mean,
}

/// How deep in yuts and mos pending the solver's linear forms
/// ([`Block::form`](super::dense::Block::form)) follow a turn: the
/// states below (reached with chance (1/8)^3 at most) enter the form as
/// constants, so forms stay small; only full sweeps update them.
pub const FORM_BIGS: u8 = 3;

/// The largest cap a memo key can hold (four bits a count).
pub const MAX_CAP: u8 = 12;

/// The most in-turn states [`Turn::choices_kept`] keeps (about 40 MB).
pub const KEPT_STATES: usize = 1 << 21;

/// The memo tables' hasher for the packed keys: foldhash with a fixed
/// seed (every bit of a key reaches the bits the table indexes by; the
/// same table layout every run).
pub type KeyHasher = foldhash::fast::FixedState;

type Memo = HashMap<u64, f64, KeyHasher>;

/// The in-turn solver: throw odds, cap, and a memo of the turn's states.
#[derive(Clone, Debug)]
pub struct Turn {
    probs: [f64; 5],
    cap: u8,
    mode: Mode,
    /// For each token state, the yuts or mos that surely take it out.
    need: [u8; STATES],
    memo: Memo,
    /// A catch with nothing left pending makes the catcher's next throw a
    /// turn start: read it from `leaf` instead of searching that turn.
    /// Right when `leaf` is a solved table (its values are those turn
    /// starts' values); off, every catch is searched on.
    catch_starts_from_leaf: bool,
    /// States evaluated (memo misses) since creation.
    pub nodes: u64,
}

/// A state's memo key: both sides, the pending counts, a throw due.
pub(super) fn key(b: Board, p: Pend, throwing: bool) -> u64 {
    let pend = p.iter().fold(0u64, |c, &n| c << 4 | u64::from(n & 15));
    (u64::from(b.me.code()) << 40)
        | (u64::from(b.op.code()) << 20)
        | pend << 1
        | u64::from(throwing)
}

impl Turn {
    /// A solver for throws of these odds (`Roll::ALL` order), at most
    /// `cap` yuts and mos pending.
    pub fn new(probs: [f64; 5], cap: u8, mode: Mode) -> Turn {
        Turn {
            probs,
            cap: cap.min(MAX_CAP),
            mode,
            need: std::array::from_fn(|s| steps_left(s as u8).div_ceil(4)),
            memo: Memo::default(),
            catch_starts_from_leaf: false,
            nodes: 0,
        }
    }

    /// The same solver reading a catcher's next turn start from `leaf`
    /// (for a solved table's values: many times less search, for values
    /// that differ from the full search's by no more than the table's
    /// own tolerance).
    pub fn reading_catch_starts(mut self) -> Turn {
        self.catch_starts_from_leaf = true;
        self
    }

    /// The throw odds, in `Roll::ALL` order.
    pub fn probs(&self) -> [f64; 5] {
        self.probs
    }

    /// The most yuts and mos pending.
    pub fn cap(&self) -> u8 {
        self.cap
    }

    /// How the team to move chooses.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether a catcher's next turn start is read from the leaves.
    pub fn reads_catch_starts(&self) -> bool {
        self.catch_starts_from_leaf
    }

    /// The chance the team to move at a turn start wins; `leaf` values a
    /// turn-start board for its team to move.
    pub fn start(&mut self, b: Board, leaf: &dyn Fn(Board) -> f64) -> f64 {
        self.memo.clear();
        self.throw(b, [0; 5], leaf)
    }

    /// A throw is due with `p` pending.
    pub fn throw(&mut self, b: Board, p: Pend, leaf: &dyn Fn(Board) -> f64) -> f64 {
        let k = key(b, p, true);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        self.nodes += 1;
        let bigs = p.get(3).copied().unwrap_or(0) + p.get(4).copied().unwrap_or(0);
        if bigs >= self.need(b) {
            return 1.0;
        }
        let capped = bigs >= self.cap;
        let smalls: f64 = self.probs.iter().take(3).sum();
        let mut v = 0.0;
        let probs = self.probs;
        for (i, &pr) in probs.iter().enumerate() {
            let mut q = p;
            if let Some(c) = q.get_mut(i) {
                *c += 1;
            }
            if i >= 3 {
                if !capped {
                    v += pr * self.throw(b, q, leaf);
                }
            } else {
                let w = if capped { pr / smalls } else { pr };
                v += w * self.uses(b, q, leaf);
            }
        }
        self.memo.insert(k, v);
        v
    }

    /// Yuts and mos that surely win from `b`: each moves a token at least
    /// four steps, so a token k steps from escaping needs ceil(k/4) of
    /// them (fewer if it stacks or takes a shortcut, and a catch only adds
    /// throws). With that many pending, every order of use wins, and the
    /// state's value is exactly 1 whatever else is pending or due.
    pub(super) fn need(&self, b: Board) -> u8 {
        b.me.0
            .iter()
            .map(|&s| self.need.get(usize::from(s)).copied().unwrap_or(u8::MAX))
            .fold(0u8, u8::saturating_add)
    }

    /// No throw is due; `p` is pending.
    pub fn uses(&mut self, b: Board, p: Pend, leaf: &dyn Fn(Board) -> f64) -> f64 {
        if p == [0; 5] {
            return 1.0 - leaf(b.flip());
        }
        let k = key(b, p, false);
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        self.nodes += 1;
        if p.get(3).copied().unwrap_or(0) + p.get(4).copied().unwrap_or(0) >= self.need(b) {
            return 1.0;
        }
        let mut best = f64::NEG_INFINITY;
        let mut sum = 0.0;
        let mut n = 0u32;
        for g in b.me.groups() {
            for r in 0..5 {
                if p.get(r).copied().unwrap_or(0) == 0 {
                    continue;
                }
                let v = self.after(b, p, g, r, leaf);
                best = best.max(v);
                sum += v;
                n += 1;
            }
        }
        let v = match self.mode {
            Mode::Max => best,
            Mode::Mean => sum / f64::from(n.max(1)),
        };
        self.memo.insert(k, v);
        v
    }

    /// The value after the group on `g` uses pending result `r` (index
    /// in `Roll::ALL`).
    pub fn after(
        &mut self,
        b: Board,
        p: Pend,
        g: u8,
        r: usize,
        leaf: &dyn Fn(Board) -> f64,
    ) -> f64 {
        let (nb, caught, q) = spend(b, p, g, r);
        if nb.me.won() {
            1.0
        } else if caught && self.catch_starts_from_leaf && q == [0; 5] {
            leaf(nb)
        } else if caught {
            self.throw(nb, q, leaf)
        } else {
            self.uses(nb, q, leaf)
        }
    }

    /// Every legal use of `p` at `b` (group state, result index) with the
    /// chance the team to move wins after it, best first (ties keep the
    /// order: groups by state, home first, then the larger result).
    pub fn choices(
        &mut self,
        b: Board,
        p: Pend,
        leaf: &dyn Fn(Board) -> f64,
    ) -> Vec<(u8, usize, f64)> {
        self.memo.clear();
        self.choices_kept(b, p, leaf)
    }

    /// [`Turn::choices`] keeping the in-turn states valued by earlier
    /// calls: only for a solver always called with the same `leaf` (a
    /// player of one table), where a state's value never changes. The
    /// memo is emptied past [`KEPT_STATES`] states, so memory stays
    /// bounded.
    pub fn choices_kept(
        &mut self,
        b: Board,
        p: Pend,
        leaf: &dyn Fn(Board) -> f64,
    ) -> Vec<(u8, usize, f64)> {
        if self.memo.len() > KEPT_STATES {
            self.memo.clear();
        }
        let mut out = Vec::new();
        for g in b.me.groups() {
            for r in (0..5).rev() {
                if p.get(r).copied().unwrap_or(0) > 0 {
                    out.push((g, r, self.after(b, p, g, r, leaf)));
                }
            }
        }
        out.sort_by(|x, y| y.2.total_cmp(&x.2));
        out
    }
}

/// The group on `g` uses pending result `r` (index in `Roll::ALL`): the
/// board after it, whether it caught, and the throws still pending.
pub(super) fn spend(b: Board, p: Pend, g: u8, r: usize) -> (Board, bool, Pend) {
    let mut q = p;
    if let Some(c) = q.get_mut(r) {
        *c = c.saturating_sub(1);
    }
    let (nb, caught) = b.play(g, r as u8 + 1);
    (nb, caught, q)
}
