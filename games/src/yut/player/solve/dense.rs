//! A block of in-turn states solved at once, in flat arrays.
//!
//! A block is every turn of a layer against one side of the team not to
//! move: that side changes inside a turn only by a catch, so the block's
//! in-turn states are (the mover's side, the throws pending). They are
//! numbered densely (the mover's sides of the layer and later ones, the
//! pending throws by [`Pends`]) and valued pending set by pending set,
//! smallest first: each state reads only states with one throw fewer, of
//! the same array, so the work is a few array reads a state instead of a
//! hash probe. A catch leaves the block: with nothing more pending, the
//! catcher's next throw is a turn start, valued from the table; with
//! throws pending, the state is in the block of the side after the catch,
//! which has more tokens at home and is solved first, its throw-due
//! states kept as a [`Cache`]. The values are [`Turn`](super::Turn)'s,
//! rule for rule (the same sums in the same order).

use std::collections::HashMap;

use super::board::{ESCAPED, HOME, MAX_TOKENS, STATES, Side, step, steps_left};
use super::index::Index;
use super::table::{fixed, unfixed};
use super::turn::{FORM_BIGS, KeyHasher, Mode};

/// The most small throws (do, gae, geol) ever pending: one a throw
/// phase, and a turn has at most one phase a caught token plus one.
pub const MAX_SMALLS: usize = MAX_TOKENS + 1;

/// A successor that has won (every token escaped).
const WON: u32 = u32::MAX;

/// The pending multisets (do, gae, geol, yut, mo counts), numbered so
/// that those with at most `s` small throws are a prefix ([`Pends::family`]);
/// index 0 is nothing pending.
#[derive(Debug)]
pub struct Pends {
    cap: u8,
    list: Vec<[u8; 5]>,
    bigs: Vec<u8>,
    /// By index: the index with one of result `r` fewer (`u32::MAX`: none
    /// of it pending).
    sub: Vec<[u32; 5]>,
    /// By index: the index with one of result `r` more (`u32::MAX`: out
    /// of the numbering).
    add: Vec<[u32; 5]>,
    /// Indices by number of throws pending, fewest first.
    by_size: Vec<u32>,
    /// `family[s]`: how many have at most `s` small throws.
    family: Vec<usize>,
}

impl Pends {
    /// The numbering for at most `cap` yuts and mos pending.
    pub fn new(cap: u8) -> Pends {
        let mut smalls: Vec<[u8; 3]> = Vec::new();
        for total in 0..=MAX_SMALLS as u8 {
            for d in (0..=total).rev() {
                for g in (0..=total - d).rev() {
                    smalls.push([d, g, total - d - g]);
                }
            }
        }
        let mut bigs_list: Vec<[u8; 2]> = Vec::new();
        for total in 0..=cap {
            for y in (0..=total).rev() {
                bigs_list.push([y, total - y]);
            }
        }
        let mut list = Vec::new();
        let mut family = Vec::new();
        for (i, s) in smalls.iter().enumerate() {
            let t: u8 = s.iter().sum();
            if i == 0 || smalls.get(i - 1).is_some_and(|p| p.iter().sum::<u8>() != t) {
                family.push(list.len());
            }
            for b in &bigs_list {
                list.push([s[0], s[1], s[2], b[0], b[1]]);
            }
        }
        family.push(list.len());
        // family[s] = count with at most s smalls: shift by one.
        let family: Vec<usize> = family.into_iter().skip(1).collect();
        let at: HashMap<[u8; 5], u32> = list
            .iter()
            .enumerate()
            .map(|(i, p)| (*p, i as u32))
            .collect();
        let bigs = list.iter().map(|p| p[3] + p[4]).collect();
        let sub = list
            .iter()
            .map(|p| {
                std::array::from_fn(|r| {
                    let mut q = *p;
                    match q.get_mut(r) {
                        Some(c) if *c > 0 => {
                            *c -= 1;
                            at.get(&q).copied().unwrap_or(u32::MAX)
                        }
                        _ => u32::MAX,
                    }
                })
            })
            .collect();
        let add = list
            .iter()
            .map(|p| {
                std::array::from_fn(|r| {
                    let mut q = *p;
                    if let Some(c) = q.get_mut(r) {
                        *c += 1;
                    }
                    at.get(&q).copied().unwrap_or(u32::MAX)
                })
            })
            .collect();
        let mut by_size: Vec<u32> = (0..list.len() as u32).collect();
        by_size.sort_by_key(|&i| {
            list.get(i as usize)
                .map_or(0, |p| p.iter().map(|&c| u32::from(c)).sum::<u32>())
        });
        Pends {
            cap,
            list,
            bigs,
            sub,
            add,
            by_size,
            family,
        }
    }

    /// How many pending sets have at most `s` small throws.
    pub fn family(&self, s: usize) -> usize {
        self.family
            .get(s.min(MAX_SMALLS))
            .copied()
            .unwrap_or(self.list.len())
    }

    fn total(&self, i: u32) -> usize {
        self.list
            .get(i as usize)
            .map_or(0, |p| p.iter().map(|&c| usize::from(c)).sum())
    }
}

/// The mover's sides a block's states can hold: those with `j` escaped
/// (the layer's) and with more (after an escape in the turn), each with
/// its groups, its moves and what surely wins from it.
#[derive(Debug)]
pub struct Space {
    pub sides: Vec<Side>,
    /// By side: its escaped count and rank in the [`Index`].
    pub esc: Vec<u8>,
    pub rank: Vec<u32>,
    need: Vec<u8>,
    ngroups: Vec<u8>,
    /// By side, group and result: the side after the move ([`WON`]: won).
    succ: Vec<[u32; MAX_TOKENS * 5]>,
    /// By side, group and result: the state the group lands on.
    land: Vec<[u8; MAX_TOKENS * 5]>,
    /// States occupied by the side's tokens on the board, as bits.
    mask: Vec<u64>,
}

impl Space {
    /// The sides with `j` or more escaped of `index`'s game.
    pub fn new(index: &Index, j: usize) -> Space {
        let k = index.tokens();
        let mut sides = Vec::new();
        let mut esc = Vec::new();
        let mut rank = Vec::new();
        for jj in j..k {
            for (r, s) in index.sides_with(jj).iter().enumerate() {
                sides.push(*s);
                esc.push(jj as u8);
                rank.push(r as u32);
            }
        }
        let at: HashMap<Side, u32> = sides
            .iter()
            .enumerate()
            .map(|(i, s)| (*s, i as u32))
            .collect();
        let need_of: [u8; STATES] = std::array::from_fn(|s| steps_left(s as u8).div_ceil(4));
        let need = sides
            .iter()
            .map(|s| {
                s.0.iter()
                    .map(|&x| need_of.get(usize::from(x)).copied().unwrap_or(u8::MAX))
                    .fold(0u8, u8::saturating_add)
            })
            .collect();
        let mut ngroups = Vec::new();
        let mut succ = Vec::new();
        let mut mask = Vec::new();
        let mut land = Vec::new();
        for s in &sides {
            let mut lands = [ESCAPED; MAX_TOKENS * 5];
            let mut g = [ESCAPED; MAX_TOKENS];
            let mut n = 0;
            let mut next = [WON; MAX_TOKENS * 5];
            for (gi, from) in s.groups().enumerate() {
                if let Some(x) = g.get_mut(gi) {
                    *x = from;
                }
                n += 1;
                for r in 0..5 {
                    let moved = move_group(*s, from, r as u8 + 1);
                    if let Some(x) = lands.get_mut(gi * 5 + r) {
                        *x = step(from, r as u8 + 1);
                    }
                    if let Some(x) = next.get_mut(gi * 5 + r) {
                        *x = if moved.won() {
                            WON
                        } else {
                            at.get(&moved).copied().unwrap_or(WON)
                        };
                    }
                }
            }
            ngroups.push(n);
            succ.push(next);
            land.push(lands);
            mask.push(
                s.0.iter()
                    .filter(|&&x| x != HOME && x != ESCAPED)
                    .fold(0u64, |m, &x| m | 1 << x),
            );
        }
        Space {
            sides,
            esc,
            rank,
            need,
            ngroups,
            succ,
            land,
            mask,
        }
    }

    /// Whether side `mi` stands on a state of `omask` (never at a turn's
    /// state: a move there catches).
    fn clashes(&self, mi: usize, omask: u64) -> bool {
        self.mask.get(mi).copied().unwrap_or(0) & omask != 0
    }

    /// Whether `bigs` yuts and mos pending surely take side `mi` out.
    fn surely_won(&self, mi: usize, bigs: u8) -> bool {
        bigs >= self.need.get(mi).copied().unwrap_or(u8::MAX)
    }

    /// The number of sides.
    pub(crate) fn len(&self) -> usize {
        self.sides.len()
    }
}

/// The side after its group on `from` moves `steps` (a home token alone).
fn move_group(s: Side, from: u8, steps: u8) -> Side {
    let to = step(from, steps);
    let mut me = s.0;
    if from == HOME {
        if let Some(x) = me.iter_mut().find(|x| **x == HOME) {
            *x = to;
        }
    } else {
        for x in me.iter_mut().filter(|x| **x == from) {
            *x = to;
        }
    }
    Side::of(me)
}

/// The states, after a catch, of a block with tokens at home: each throw
/// due with a pending set of at most `s - 1` small throws (`s` = one more
/// than its tokens at home), by pending index then side.
#[derive(Debug)]
pub enum Cache {
    /// As solved.
    Float(Vec<f64>),
    /// In the table's fixed point (4 bytes instead of 8, within 1.2e-10:
    /// the precision the later layers' values are read at already), for
    /// layers whose caches would not fit otherwise.
    Fixed(Vec<u32>),
}

/// How a full sweep keeps its [`Cache`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CachePrecision {
    /// As solved, 8 bytes a state: the values are those of the in-turn
    /// search, sum for sum.
    #[default]
    Float,
    /// The table's fixed point, 4 bytes a state.
    Fixed,
}

impl Cache {
    /// A block's throw-due states, kept at `precision`.
    pub fn new(throws: Vec<f64>, precision: CachePrecision) -> Cache {
        match precision {
            CachePrecision::Float => Cache::Float(throws),
            CachePrecision::Fixed => Cache::Fixed(throws.into_iter().map(fixed).collect()),
        }
    }

    /// State `i`'s value.
    #[inline]
    pub fn get(&self, i: usize) -> Option<f64> {
        match self {
            Cache::Float(v) => v.get(i).copied(),
            Cache::Fixed(v) => v.get(i).map(|&x| unfixed(x)),
        }
    }
}

/// A catch a move of the block can make: where, and what follows.
pub struct Catch<'a> {
    /// The station state caught.
    pub at: u8,
    /// By side after the catch, nothing more pending: the catcher's turn
    /// start (the table's value) and, if it is in the layer, its place.
    pub start: Vec<f64>,
    pub start_at: Vec<Option<u32>>,
    /// The block after the catch, for throws still pending.
    pub after: &'a Cache,
}

/// What a block is solved with.
pub struct Block<'a> {
    pub pends: &'a Pends,
    pub space: &'a Space,
    /// The other team's side.
    pub op: Side,
    pub probs: [f64; 5],
    pub mode: Mode,
    /// By side: the turn ending there, worth one less the other team's
    /// chance at its turn start; and that turn start's place if in the layer.
    pub end: Vec<f64>,
    pub end_at: Vec<Option<u32>>,
    pub catches: Vec<Catch<'a>>,
}

/// The block's solved states.
pub struct Solved {
    /// No throw due, by pending index (at most `s` small) then side.
    pub uses: Vec<f64>,
    /// A throw due, by pending index (at most `s - 1` small) then side:
    /// index 0 is the turn start.
    pub throws: Vec<f64>,
    /// States valued.
    pub nodes: u64,
}

/// What a use of a throw leads to, for the forms.
enum Next {
    /// A known value.
    Const(f64),
    /// A no-throw-due state of the block: pending index, side.
    Uses(u32, u32),
    /// The turn's end at a place of the layer: worth `1 - v(other's turn)`.
    End(u32),
    /// A catch with nothing pending: the catcher's turn start, in the layer.
    Again(u32),
}

/// One use inside a block's turn: side `mi`'s group `gi` moved by
/// result `r` (indices into the block's space and the pending set).
#[derive(Clone, Copy)]
struct Step {
    mi: usize,
    gi: usize,
    r: usize,
}

impl Block<'_> {
    fn bit(&self) -> u64 {
        self.op
            .0
            .iter()
            .filter(|&&x| x != HOME && x != ESCAPED)
            .fold(0u64, |m, &x| m | 1 << x)
    }

    /// Small throws a pending set of this block can hold.
    pub fn smalls(&self) -> usize {
        (1 + self.op.0.iter().filter(|&&x| x == HOME).count()).min(MAX_SMALLS)
    }

    /// The value of `step` with pending index `pi` (`uses` the values of
    /// the block's use states, `n` its sides, `omask` the other side's
    /// stations), and what it leads to.
    #[inline]
    fn child(&self, uses: &[f64], n: usize, omask: u64, pi: u32, step: Step) -> (f64, Next) {
        let Step { mi, gi, r } = step;
        let sp = self.space;
        let m2 = sp
            .succ
            .get(mi)
            .and_then(|s| s.get(gi * 5 + r))
            .copied()
            .unwrap_or(WON);
        if m2 == WON {
            return (1.0, Next::Const(1.0));
        }
        let m2u = m2 as usize;
        let land = sp
            .land
            .get(mi)
            .and_then(|l| l.get(gi * 5 + r))
            .copied()
            .unwrap_or(ESCAPED);
        let q = self
            .pends
            .sub
            .get(pi as usize)
            .and_then(|s| s.get(r))
            .copied()
            .unwrap_or(0);
        if land != ESCAPED && omask >> land & 1 == 1 {
            let Some(c) = self.catches.iter().find(|c| c.at == land) else {
                return (0.0, Next::Const(0.0));
            };
            if q == 0 {
                let v = c.start.get(m2u).copied().unwrap_or(0.0);
                return match c.start_at.get(m2u).copied().flatten() {
                    Some(at) => (v, Next::Again(at)),
                    None => (v, Next::Const(v)),
                };
            }
            let v = c.after.get(q as usize * n + m2u).unwrap_or(0.0);
            return (v, Next::Const(v));
        }
        if q == 0 {
            let v = self.end.get(m2u).copied().unwrap_or(0.0);
            return match self.end_at.get(m2u).copied().flatten() {
                Some(at) => (v, Next::End(at)),
                None => (v, Next::Const(v)),
            };
        }
        let bg = self.pends.bigs.get(q as usize).copied().unwrap_or(0);
        if bg >= sp.need.get(m2u).copied().unwrap_or(u8::MAX) {
            return (1.0, Next::Const(1.0));
        }
        let v = uses.get(q as usize * n + m2u).copied().unwrap_or(0.0);
        (v, Next::Uses(q, m2))
    }

    /// Solve every state of the block.
    pub fn solve(&self) -> Solved {
        let sp = self.space;
        let pends = self.pends;
        let n = sp.len();
        let s = self.smalls();
        let nu = pends.family(s);
        let nt = pends.family(s - 1);
        let omask = self.bit();
        let mut uses = vec![0.0f64; nu * n];
        let mut throws = vec![0.0f64; nt * n];
        let mut nodes = 0u64;
        for &pi in &pends.by_size {
            if pi == 0 || pi as usize >= nu {
                continue;
            }
            let p = pends.list.get(pi as usize).copied().unwrap_or([0; 5]);
            let bg = pends.bigs.get(pi as usize).copied().unwrap_or(0);
            for mi in 0..n {
                if sp.clashes(mi, omask) {
                    continue;
                }
                nodes += 1;
                let v = if sp.surely_won(mi, bg) {
                    1.0
                } else {
                    let mut best = f64::NEG_INFINITY;
                    let mut sum = 0.0;
                    let mut count = 0u32;
                    for gi in 0..usize::from(sp.ngroups.get(mi).copied().unwrap_or(0)) {
                        for (r, &c) in p.iter().enumerate() {
                            if c == 0 {
                                continue;
                            }
                            let (v, _) = self.child(&uses, n, omask, pi, Step { mi, gi, r });
                            best = best.max(v);
                            sum += v;
                            count += 1;
                        }
                    }
                    match self.mode {
                        Mode::Max => best,
                        Mode::Mean => sum / f64::from(count.max(1)),
                    }
                };
                if let Some(x) = uses.get_mut(pi as usize * n + mi) {
                    *x = v;
                }
            }
        }
        let smalls: f64 = self.probs.iter().take(3).sum();
        for &pi in pends.by_size.iter().rev() {
            if pi as usize >= nt {
                continue;
            }
            let bg = pends.bigs.get(pi as usize).copied().unwrap_or(0);
            let capped = bg >= pends.cap;
            let add = pends.add.get(pi as usize).copied().unwrap_or([u32::MAX; 5]);
            for mi in 0..n {
                if sp.clashes(mi, omask) {
                    continue;
                }
                nodes += 1;
                let v = if sp.surely_won(mi, bg) {
                    1.0
                } else {
                    let mut v = 0.0;
                    for (i, &pr) in self.probs.iter().enumerate() {
                        let q = add.get(i).copied().unwrap_or(u32::MAX) as usize;
                        if i >= 3 {
                            if !capped {
                                v += pr * throws.get(q * n + mi).copied().unwrap_or(0.0);
                            }
                        } else {
                            let w = if capped { pr / smalls } else { pr };
                            v += w * uses.get(q * n + mi).copied().unwrap_or(0.0);
                        }
                    }
                    v
                };
                if let Some(x) = throws.get_mut(pi as usize * n + mi) {
                    *x = v;
                }
            }
        }
        Solved {
            uses,
            throws,
            nodes,
        }
    }

    /// The turn from side `mi0` as a linear form under the choices the
    /// solved values make best (all, in [`Mode::Mean`]), as
    /// [`Turn::form`](super::Turn::form) makes it: the constant, and terms
    /// (place in the layer, weight; [`SAME_ROLE`] set for a catcher's turn
    /// start, clear for the other team's) pushed onto `terms`. States
    /// [`FORM_BIGS`] yuts and mos deep, and catches with throws pending,
    /// enter as constants: only full sweeps update them.
    pub fn form(
        &self,
        solved: &Solved,
        mi0: usize,
        work: &mut FormWork,
        terms: &mut Vec<(u32, f64)>,
    ) -> f64 {
        let sp = self.space;
        let pends = self.pends;
        let n = sp.len();
        let omask = self.bit();
        let need0 = sp.need.get(mi0).copied().unwrap_or(u8::MAX);
        let mut constant = 0.0;
        // The throw phase: throw-due states of side mi0, by yuts and mos.
        let FormWork {
            phase,
            buckets,
            level,
            choices,
            slots,
        } = work;
        phase.clear();
        phase.push((0, 1.0));
        for b in buckets.iter_mut() {
            b.clear();
        }
        slots.clear();
        let smalls: f64 = self.probs.iter().take(3).sum();
        let mut i = 0;
        while let Some(&(q, w)) = phase.get(i) {
            i += 1;
            let bg = pends.bigs.get(q as usize).copied().unwrap_or(0);
            if bg >= need0 {
                constant += w;
                continue;
            }
            let capped = bg >= pends.cap;
            let add = pends.add.get(q as usize).copied().unwrap_or([u32::MAX; 5]);
            for (r, &pr) in self.probs.iter().enumerate() {
                let q2 = add.get(r).copied().unwrap_or(u32::MAX);
                let b2 = pends.bigs.get(q2 as usize).copied().unwrap_or(0);
                if r >= 3 {
                    if capped {
                        continue;
                    }
                    let wp = w * pr;
                    if b2 >= need0 {
                        constant += wp;
                    } else if b2 >= FORM_BIGS {
                        constant += wp
                            * solved
                                .throws
                                .get(q2 as usize * n + mi0)
                                .copied()
                                .unwrap_or(0.0);
                    } else if let Some(x) = phase.iter_mut().skip(i).find(|x| x.0 == q2) {
                        x.1 += wp;
                    } else {
                        phase.push((q2, wp));
                    }
                } else {
                    let wp = w * if capped { pr / smalls } else { pr };
                    if b2 >= need0 {
                        constant += wp;
                    } else {
                        push(buckets, slots, pends.total(q2), q2, mi0 as u32, wp);
                    }
                }
            }
        }
        // The uses, most pending first: each state's weight is complete
        // before it passes it on (a use takes one throw).
        for size in (1..buckets.len()).rev() {
            level.clear();
            if let Some(b) = buckets.get_mut(size) {
                std::mem::swap(level, b);
            }
            for &(pi, mi, w) in level.iter() {
                let mi = mi as usize;
                let p = pends.list.get(pi as usize).copied().unwrap_or([0; 5]);
                choices.clear();
                let mut best: Option<usize> = None;
                for gi in 0..usize::from(sp.ngroups.get(mi).copied().unwrap_or(0)) {
                    for (r, &c) in p.iter().enumerate() {
                        if c == 0 {
                            continue;
                        }
                        let step = Step { mi, gi, r };
                        let (v, next) = self.child(&solved.uses, n, omask, pi, step);
                        if best.is_none_or(|b| choices.get(b).is_some_and(|x| v > x.0)) {
                            best = Some(choices.len());
                        }
                        choices.push((v, next));
                    }
                }
                let (lo, hi, wc) = match self.mode {
                    Mode::Max => match best {
                        Some(b) => (b, b + 1, w),
                        None => (0, 0, w),
                    },
                    Mode::Mean => (0, choices.len(), w / choices.len().max(1) as f64),
                };
                for (_, next) in choices.get(lo..hi).unwrap_or(&[]) {
                    match *next {
                        Next::Const(v) => constant += wc * v,
                        Next::End(at) => {
                            constant += wc;
                            terms.push((at, -wc));
                        }
                        Next::Again(at) => terms.push((at | SAME_ROLE, wc)),
                        Next::Uses(q, m2) => push(buckets, slots, pends.total(q), q, m2, wc),
                    }
                }
            }
        }
        constant
    }
}

/// Working space of [`Block::form`], kept between positions.
#[derive(Default)]
pub struct FormWork {
    phase: Vec<(u32, f64)>,
    buckets: Vec<Vec<(u32, u32, f64)>>,
    level: Vec<(u32, u32, f64)>,
    choices: Vec<(f64, Next)>,
    /// Where each state (pending set, side) is in its bucket: a probe,
    /// not a scan of the bucket (the scan was a third of the forms' time).
    slots: HashMap<u64, usize, KeyHasher>,
}

/// Set in a form term's place: the term is the same team's turn start
/// (after a catch), not the other team's.
pub const SAME_ROLE: u32 = 1 << 31;

fn push(
    buckets: &mut Vec<Vec<(u32, u32, f64)>>,
    slots: &mut HashMap<u64, usize, KeyHasher>,
    size: usize,
    q: u32,
    mi: u32,
    w: f64,
) {
    if buckets.len() <= size {
        buckets.resize(size + 1, Vec::new());
    }
    if let Some(b) = buckets.get_mut(size) {
        let key = u64::from(q) << 32 | u64::from(mi);
        // A slot of a bucket already taken out is stale: checked.
        match slots.get(&key).and_then(|&i| b.get_mut(i)) {
            Some(x) if x.0 == q && x.1 == mi => x.2 += w,
            _ => {
                slots.insert(key, b.len());
                b.push((q, mi, w));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::Sticks;
    use crate::yut::player::solve::board::{Board, on};
    use crate::yut::player::solve::turn::Turn;
    use crate::yut::rules::station::Station::*;

    /// Arbitrary turn-start values in [0, 1], the same for the same board.
    fn leaf(x: Board) -> f64 {
        let h = (u64::from(x.me.code()) << 20 | u64::from(x.op.code()))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Turn starts valued by the in-turn search, each once.
    struct Starts(Turn, HashMap<Board, f64>);

    impl Starts {
        fn value(&mut self, b: Board) -> f64 {
            if let Some(&v) = self.1.get(&b) {
                return v;
            }
            let v = self.0.start(b, &leaf);
            self.1.insert(b, v);
            v
        }
    }

    /// Solve the block of `op` (layer `e` of `index`) densely, the blocks
    /// its catches lead to first (kept in `caches`), with the turn ends
    /// valued by `leaf` and a catcher's next turn start by `Turn` itself
    /// (the in-turn search values it so); returns the block and its states.
    /// The game a test's blocks are of: its numbering, the sides of the
    /// mover's space and the pending sets.
    struct Game<'a> {
        index: &'a Index,
        space: &'a Space,
        pends: &'a Pends,
    }

    fn dense_block<'a>(
        game: &Game<'a>,
        e: usize,
        op: Side,
        mode: Mode,
        caches: &'a HashMap<u32, Cache>,
        starts: &mut Starts,
    ) -> (Block<'a>, Solved) {
        let Game {
            index,
            space,
            pends,
        } = *game;
        let k = index.tokens();
        let o = op.escaped() - (MAX_TOKENS - k);
        let place = |b: Board| index.place(b).filter(|p| p.layer == e).map(|p| p.at as u32);
        let mut end = Vec::new();
        let mut end_at = Vec::new();
        for &m in &space.sides {
            let x = Board { me: op, op: m };
            end.push(1.0 - leaf(x));
            end_at.push(place(x));
        }
        let mut catches = Vec::new();
        for st in op.groups().filter(|&g| g != HOME) {
            let caught = Side::of(op.0.map(|x| if x == st { HOME } else { x }));
            let start = space
                .sides
                .iter()
                .map(|&m| {
                    let b = Board { me: m, op: caught };
                    if b.clash() { 0.0 } else { starts.value(b) }
                })
                .collect();
            let start_at = space
                .sides
                .iter()
                .map(|&m| place(Board { me: m, op: caught }))
                .collect();
            catches.push(Catch {
                at: st,
                start,
                start_at,
                after: &caches[&caught.code()],
            });
        }
        assert_eq!(
            o + space
                .sides
                .first()
                .map_or(0, |s| s.escaped() - (MAX_TOKENS - k)),
            e
        );
        let block = Block {
            pends,
            space,
            op,
            probs: Sticks::FAIR.odds(),
            mode,
            end,
            end_at,
            catches,
        };
        let solved = block.solve();
        (block, solved)
    }

    #[test]
    fn a_dense_block_values_every_turn_as_the_search_does() {
        // Two tokens a side, cap 3: the blocks of a side with two tokens
        // on the board (catches of one and of both, one after the other),
        // of a stack, and of a side with one token home, each after the
        // blocks its catches lead to; every turn start of each block must
        // get the in-turn search's value, and its linear form (the
        // layer's values at the leaves) the same value again. With the
        // caches in fixed point each cached state is off by at most half a
        // step (1.2e-10); a turn's value is a max or a mean of chances, so
        // it is off by no more than the states it reads, and a catch after
        // a catch reads a cache made from rounded ones: at most three half
        // steps in all, and far more than a step would show a bug.
        let index = Index::new(2);
        let pends = Pends::new(3);
        let space = Space::new(&index, 0);
        let e = 0;
        let ops = [
            Side::of([HOME, HOME, ESCAPED, ESCAPED]),
            Side::of([HOME, on(Geol), ESCAPED, ESCAPED]),
            Side::of([HOME, on(Mo), ESCAPED, ESCAPED]),
            Side::of([HOME, on(Gae), ESCAPED, ESCAPED]),
            Side::of([on(Gae), on(Gae), ESCAPED, ESCAPED]),
            Side::of([on(Gae), on(Mo), ESCAPED, ESCAPED]),
            Side::of([on(Geol), on(Mo), ESCAPED, ESCAPED]),
        ];
        let half = 0.5 / f64::from(u32::MAX);
        for (mode, precision) in [
            (Mode::Max, CachePrecision::Float),
            (Mode::Mean, CachePrecision::Float),
            (Mode::Max, CachePrecision::Fixed),
        ] {
            let within = match precision {
                CachePrecision::Float => 1e-12,
                CachePrecision::Fixed => 3.0 * half + 1e-12,
            };
            let mut caches: HashMap<u32, Cache> = HashMap::new();
            let mut starts = Starts(Turn::new(Sticks::FAIR.odds(), 3, mode), HashMap::new());
            for op in ops {
                let game = Game {
                    index: &index,
                    space: &space,
                    pends: &pends,
                };
                let (block, solved) = dense_block(&game, e, op, mode, &caches, &mut starts);
                let mut work = FormWork::default();
                let mut terms = Vec::new();
                let mut checked = 0;
                for (mi, &me) in space.sides.iter().enumerate() {
                    let b = Board { me, op };
                    if me.escaped() > MAX_TOKENS - 2 || b.clash() {
                        continue;
                    }
                    let want = starts.value(b);
                    let got = solved.throws[mi];
                    assert!(
                        (want - got).abs() < within,
                        "{mode:?} {precision:?} {b:?}: {want} vs {got}"
                    );
                    terms.clear();
                    let c = block.form(&solved, mi, &mut work, &mut terms);
                    let f = terms.iter().fold(c, |acc, &(at, w)| {
                        let x = index
                            .board(e, (at & !SAME_ROLE) as usize)
                            .expect("in the layer");
                        let v = if at & SAME_ROLE != 0 {
                            starts.value(x)
                        } else {
                            leaf(x)
                        };
                        acc + w * v
                    });
                    // The form reads the same rounded caches as the block.
                    assert!((f - got).abs() < 1e-12, "form {mode:?} {b:?}: {f} vs {got}");
                    checked += 1;
                }
                assert!(checked > 400, "{checked} turn starts");
                if op.has(HOME) {
                    caches.insert(op.code(), Cache::new(solved.throws, precision));
                }
            }
        }
    }

    #[test]
    fn pending_sets_are_numbered_by_family() {
        let p = Pends::new(3);
        // 10 yut/mo pairs with at most 3 in all; small sets with at most
        // s throws of 3 kinds: C(s + 3, 3).
        assert_eq!(p.family(0), 10);
        assert_eq!(p.family(1), 40);
        assert_eq!(p.family(2), 100);
        assert_eq!(p.list.first(), Some(&[0; 5]));
        for (i, q) in p.list.iter().enumerate() {
            for r in 0..5 {
                let s = p.sub[i][r];
                if q[r] == 0 {
                    assert_eq!(s, u32::MAX);
                } else {
                    let mut e = *q;
                    e[r] -= 1;
                    assert_eq!(p.list[s as usize], e);
                    assert_eq!(p.add[s as usize][r] as usize, i);
                }
            }
        }
    }
}
