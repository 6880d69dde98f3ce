//! The values-only solver: plain value iteration by Jacobi sweeps, no
//! linear forms.
//!
//! A sweep values every turn of a layer from the previous sweep's values
//! alone (fixed point, 4 bytes a position and role) and the later
//! layers: nothing it writes is read before the next sweep. So a sweep
//! can be cut into ranges of blocks solved by separate processes from the
//! same file of values, and the joined ranges are the one-process sweep
//! bit for bit, on any number of threads. The turns are solved by the
//! dense in-turn solver as in the forms' sweeps; a catch with throws
//! pending leads to the caught side's block, so a range also solves the
//! blocks its catches lead to (their throw-due states only, not their
//! values): [`SweepPlan::closure`].
//!
//! A Jacobi sweep carries a turn's news one turn back, where the forms'
//! Gauss-Seidel order carries it through a whole block: more sweeps,
//! each cheaper in memory.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::interrupt::{Interrupt, Interrupted};

use super::board::{Board, HOME, MAX_TOKENS, Side};
use super::dense::{Block, Cache, CachePrecision, Pends, Space};
use super::ends;
use super::index::{Index, Place};
use super::solver::run;
use super::sweep_files::{SweepId, ValuesHead};
use super::table::{Roles, Table, fixed, unfixed};
use super::turn::Mode;

/// One block of a layer: the side of the team not to move (`op`, `o`
/// of its tokens escaped, rank `ro` among such sides), its tokens at
/// home, the turn starts it values and the in-turn states a sweep of it
/// values.
#[derive(Clone, Copy, Debug)]
struct PlanBlock {
    o: usize,
    ro: usize,
    op: Side,
    home: usize,
    positions: usize,
    states: u64,
}

/// A layer's blocks in sweep order: by levels of the other side's tokens
/// at home, most first (a catch sends tokens home, so a block's catches
/// lead to blocks of earlier levels), then by escaped tokens and rank.
/// Built from the numbering alone (no position list), the same in every
/// process.
#[derive(Debug)]
pub struct SweepPlan {
    e: usize,
    blocks: Vec<PlanBlock>,
    /// Ranges of `blocks` of one level each, in order.
    levels: Vec<Range<usize>>,
    /// Block by the other side's code.
    by_code: HashMap<u32, usize>,
    /// By the mover's escaped tokens: the sides a block's states range over.
    spaces: Vec<u64>,
    cap: u8,
}

impl SweepPlan {
    /// The blocks of layer `e` of `index`, weighed at cap `cap`.
    pub fn new(index: &Index, e: usize, cap: u8) -> SweepPlan {
        let pends = Pends::new(cap);
        let spare = MAX_TOKENS - index.tokens();
        let mut blocks = Vec::new();
        let spaces: Vec<u64> = (0..index.tokens())
            .map(|j| Space::new(index, j).len() as u64)
            .collect();
        for o in 0..index.tokens() {
            let Some(j) = e.checked_sub(o).filter(|&j| j < index.tokens()) else {
                continue;
            };
            let space = spaces.get(j).copied().unwrap_or(0);
            let positions = index.sides_with(j).len();
            for (ro, &op) in index.sides_with(o).iter().enumerate() {
                let home = op.0.iter().filter(|&&x| x == HOME).count();
                debug_assert_eq!(op.escaped(), o + spare);
                let states = (pends.family(home + 1) + pends.family(home)) as u64 * space;
                blocks.push(PlanBlock {
                    o,
                    ro,
                    op,
                    home,
                    positions,
                    states,
                });
            }
        }
        blocks.sort_by_key(|b| (std::cmp::Reverse(b.home), b.o, b.ro));
        let mut levels = Vec::new();
        let mut first = 0;
        for i in 1..=blocks.len() {
            if blocks.get(i).map(|b| b.home) != blocks.get(i - 1).map(|b| b.home) {
                levels.push(first..i);
                first = i;
            }
        }
        let by_code = blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (b.op.code(), i))
            .collect();
        SweepPlan {
            e,
            blocks,
            levels,
            by_code,
            spaces,
            cap,
        }
    }

    /// The layer.
    pub fn layer(&self) -> usize {
        self.e
    }

    /// The blocks.
    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    /// Whether there are none (never: every layer has blocks).
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Range `part` (0-based) of `parts` ranges of blocks, contiguous in
    /// sweep order, cut so that each has about as many in-turn states.
    pub fn range(&self, part: usize, parts: usize) -> Range<usize> {
        let parts = parts.max(1) as u128;
        let total: u128 = self.blocks.iter().map(|b| u128::from(b.states)).sum();
        // Block i starts range p when the states before it reach p/parts.
        let cut = |p: u128| -> usize {
            if p >= parts {
                return self.blocks.len();
            }
            let mut before = 0u128;
            for (i, b) in self.blocks.iter().enumerate() {
                if before * parts >= p * total {
                    return i;
                }
                before += u128::from(b.states);
            }
            self.blocks.len()
        };
        let p = part as u128;
        cut(p)..cut(p + 1)
    }

    /// The turn starts the blocks of `range` value (with clashes), per role.
    pub fn positions(&self, range: Range<usize>) -> usize {
        self.blocks
            .get(range)
            .map_or(0, |b| b.iter().map(|b| b.positions).sum())
    }

    /// The in-turn states a sweep of the blocks of `range` values, per
    /// role, and of those with the blocks their catches lead to.
    pub fn states(&self, range: Range<usize>) -> (u64, u64) {
        let own = self
            .blocks
            .get(range.clone())
            .map_or(0, |b| b.iter().map(|b| b.states).sum());
        let all = self
            .closure(range)
            .iter()
            .zip(&self.blocks)
            .filter(|(c, _)| **c)
            .map(|(_, b)| b.states)
            .sum();
        (own, all)
    }

    /// By block: whether a sweep of `range` solves it, for its values (in
    /// the range) or for the throw-due states a catch of a block in the
    /// range leads to (a chain of catches included).
    pub fn closure(&self, range: Range<usize>) -> Vec<bool> {
        let mut want = vec![false; self.blocks.len()];
        let mut stack: Vec<usize> = range.filter(|&i| i < self.blocks.len()).collect();
        let mut seen: HashSet<usize> = stack.iter().copied().collect();
        while let Some(i) = stack.pop() {
            let Some(b) = self.blocks.get(i) else {
                continue;
            };
            if let Some(w) = want.get_mut(i) {
                *w = true;
            }
            for st in b.op.groups().filter(|&g| g != HOME) {
                let caught = Side::of(b.op.0.map(|x| if x == st { HOME } else { x }));
                if let Some(&c) = self.by_code.get(&caught.code())
                    && seen.insert(c)
                {
                    stack.push(c);
                }
            }
        }
        want
    }

    /// The places in the layer of block `bi`'s turn starts, in the order
    /// a sweep's values of it are kept.
    pub fn places<'i>(&self, index: &'i Index, bi: usize) -> impl Iterator<Item = usize> + 'i {
        let b = self.blocks.get(bi).copied();
        let e = self.e;
        (0..b.map_or(0, |b| b.positions)).filter_map(move |r| {
            let b = b?;
            Some(index.place_ranks(e - b.o, r, b.o, b.ro)?.at)
        })
    }

    /// The working memory of the dense solves under way at once when
    /// `threads` threads sweep the blocks `want` marks, in bytes: a level
    /// at a time, each thread its block's states as floats (8 bytes a
    /// state, the uses and the throws), the level's largest blocks.
    pub fn solving_bytes(&self, want: &[bool], threads: usize) -> u64 {
        self.levels
            .iter()
            .map(|level| {
                let mut sizes: Vec<u64> = level
                    .clone()
                    .filter(|&i| want.get(i).copied().unwrap_or(false))
                    .filter_map(|i| self.blocks.get(i).map(|b| b.states * 8))
                    .collect();
                sizes.sort_unstable_by(|a, b| b.cmp(a));
                sizes.iter().take(threads.max(1)).sum::<u64>()
            })
            .max()
            .unwrap_or(0)
    }

    /// The memory of the throw-due states kept for the catches of the
    /// blocks of `range` (one role's at a time), at `per` bytes a state.
    pub fn cache_bytes(&self, range: Range<usize>, per: u64) -> u64 {
        let pends = Pends::new(self.cap);
        self.closure(range)
            .iter()
            .zip(&self.blocks)
            .filter(|(c, b)| **c && b.home > 0)
            .map(|(_, b)| {
                let space = self.spaces.get(self.e - b.o).copied().unwrap_or(0);
                pends.family(b.home) as u64 * space * per
            })
            .sum()
    }

    /// The working memory of a values-only sweep of the blocks of
    /// `range` in one process, in bytes: by role, the previous sweep's
    /// values of the whole layer and the range's new ones (4 bytes each);
    /// the later layers' values the turns read (4 bytes a position and
    /// role); the throw-due states of the range's catches
    /// ([`SweepPlan::cache_bytes`], at `precision`); and the dense solves
    /// of `threads` threads under way at once ([`SweepPlan::solving_bytes`]).
    pub fn memory(
        &self,
        index: &Index,
        roles: Roles,
        precision: CachePrecision,
        range: Range<usize>,
        threads: usize,
    ) -> u64 {
        let r = roles.count() as u64;
        let n = index.layer_len(self.e) as u64;
        let later: u64 = (self.e + 1..index.layers())
            .map(|l| index.layer_len(l) as u64)
            .sum();
        let per = match precision {
            CachePrecision::Float => 8,
            CachePrecision::Fixed => 4,
        };
        r * 4 * (n + self.positions(range.clone()) as u64 + later)
            + self.cache_bytes(range.clone(), per)
            + self.solving_bytes(&self.closure(range), threads)
    }
}

/// The previous sweep's values of the layer, by role: little-endian
/// fixed point, 4 bytes a position (a file's bytes, often mapped).
#[derive(Clone, Copy, Debug)]
pub struct Prev<'a> {
    roles: &'a [&'a [u8]],
}

impl<'a> Prev<'a> {
    /// By role, the layer's values as bytes.
    pub fn new(roles: &'a [&'a [u8]]) -> Prev<'a> {
        Prev { roles }
    }

    /// The fixed-point value of `role` at `at` (0.5 where there is none,
    /// the fresh start).
    pub fn get(&self, role: usize, at: usize) -> u32 {
        let bytes = self.roles.get(role).and_then(|r| r.get(at * 4..at * 4 + 4));
        match bytes {
            Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
            _ => fixed(0.5),
        }
    }
}

/// What a sweep of a range of blocks made: by role, the new values of
/// its blocks' turn starts in block order ([`SweepPlan::places`]), the
/// largest change from the previous sweep and the in-turn states valued
/// (those of the blocks solved for their catches' states too).
#[derive(Clone, Debug, PartialEq)]
pub struct RangeSwept {
    pub values: Vec<Vec<u32>>,
    pub change: f64,
    pub nodes: u64,
}

/// One Jacobi sweep of a layer, or of a range of its blocks: the table
/// (every later layer solved), the layer's plan, the previous sweep's
/// values and how the turns are solved.
pub struct Jacobi<'a> {
    table: &'a Table,
    plan: &'a SweepPlan,
    prev: Prev<'a>,
    probs: [f64; 5],
    modes: Vec<Mode>,
    pends: Pends,
    spaces: Vec<Space>,
    precision: CachePrecision,
    threads: usize,
}

/// What one thread solved of a level.
#[derive(Default)]
struct Done {
    values: Vec<(usize, Vec<u32>)>,
    caches: Vec<(u32, Cache)>,
    change: f64,
    nodes: u64,
}

impl<'a> Jacobi<'a> {
    /// A sweep of `plan`'s layer of `table` from `prev`, with throws of
    /// `probs`, the catches' states at `precision`, on `threads` threads.
    pub fn new(
        table: &'a Table,
        plan: &'a SweepPlan,
        prev: Prev<'a>,
        probs: [f64; 5],
        precision: CachePrecision,
        threads: usize,
    ) -> Jacobi<'a> {
        let index = table.index();
        let modes = match table.roles() {
            Roles::SelfPlay => vec![Mode::Max],
            Roles::VsRandom => vec![Mode::Max, Mode::Mean],
        };
        Jacobi {
            table,
            plan,
            prev,
            probs,
            modes,
            pends: Pends::new(table.cap()),
            spaces: (0..index.tokens()).map(|j| Space::new(index, j)).collect(),
            precision,
            threads: threads.max(1),
        }
    }

    /// The value for `role` of the turn start at `p`: this layer's from
    /// the previous sweep, a later one's from the table.
    fn value(&self, p: Place, role: usize) -> f64 {
        if p.layer == self.plan.e {
            unfixed(self.prev.get(role, p.at))
        } else {
            self.table.raw(p.layer, role, p.at).map_or(0.0, unfixed)
        }
    }

    /// Sweep the blocks of `range` (and, for their catches, the blocks
    /// they lead to), every role, `done` counting the blocks finished.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when `stop` says so; nothing is kept.
    pub fn sweep(
        &self,
        range: Range<usize>,
        stop: &dyn Interrupt,
        done: &AtomicUsize,
        tick: &mut dyn FnMut(usize),
    ) -> Result<RangeSwept, Interrupted> {
        let roles = self.table.roles().count();
        let want = self.plan.closure(range.clone());
        let mut out = RangeSwept {
            values: vec![Vec::with_capacity(self.plan.positions(range.clone())); roles],
            change: 0.0,
            nodes: 0,
        };
        for role in 0..roles {
            let mut by_block: HashMap<usize, Vec<u32>> = HashMap::new();
            let mut caches: HashMap<u32, Cache> = HashMap::new();
            for level in &self.plan.levels {
                let todo: Vec<usize> = level
                    .clone()
                    .filter(|&i| want.get(i).copied().unwrap_or(false))
                    .collect();
                let next = AtomicUsize::new(0);
                let caches_now = &caches;
                let work = || -> Result<Done, Interrupted> {
                    let mut part = Done::default();
                    while let Some(&bi) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if stop.interrupted() {
                            return Err(Interrupted);
                        }
                        self.block(bi, role, range.contains(&bi), caches_now, &mut part);
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(part)
                };
                for part in run(self.threads, &work, done, tick) {
                    let part = part?;
                    out.change = out.change.max(part.change);
                    out.nodes += part.nodes;
                    by_block.extend(part.values);
                    caches.extend(part.caches);
                }
            }
            if let Some(v) = out.values.get_mut(role) {
                for bi in range.clone() {
                    v.extend(by_block.remove(&bi).unwrap_or_default());
                }
            }
        }
        Ok(out)
    }

    /// Solve block `bi` for `role`: its values if `keep` (with their
    /// largest change), its throw-due states if a catch can lead to it.
    fn block(
        &self,
        bi: usize,
        role: usize,
        keep: bool,
        caches: &HashMap<u32, Cache>,
        part: &mut Done,
    ) {
        let Some(&b) = self.plan.blocks.get(bi) else {
            return;
        };
        let e = self.plan.e;
        let index = self.table.index();
        let Some(space) = e.checked_sub(b.o).and_then(|j| self.spaces.get(j)) else {
            return;
        };
        let next_role = (role + 1) % self.modes.len();
        let (end, end_at) =
            ends::turn_ends(index, e, space, b.o, b.ro, |p| self.value(p, next_role));
        let block = Block {
            pends: &self.pends,
            space,
            op: b.op,
            probs: self.probs,
            mode: self.modes.get(role).copied().unwrap_or(Mode::Max),
            end,
            end_at,
            catches: ends::catches(index, e, space, b.o, b.op, caches, |p| self.value(p, role)),
        };
        let solved = block.solve();
        part.nodes += solved.nodes;
        if keep {
            let mut values = Vec::with_capacity(b.positions);
            for (r, at) in self.plan.places(index, bi).enumerate() {
                let me = space.sides.get(r).copied().unwrap_or(b.op);
                // Clashing boards are never valued: the fresh start's 0.5,
                // as the forms' sweeps leave them.
                let v = if (Board { me, op: b.op }).clash() {
                    fixed(0.5)
                } else {
                    fixed(solved.throws.get(r).copied().unwrap_or(0.0))
                };
                let was = self.prev.get(role, at);
                part.change = part.change.max(unfixed(v.abs_diff(was)));
                values.push(v);
            }
            part.values.push((bi, values));
        }
        if b.op.has(HOME) {
            part.caches
                .push((b.op.code(), Cache::new(solved.throws, self.precision)));
        }
    }
}

/// The largest change of a Jacobi sweep below which a layer is done: a
/// step and a half of the fixed point, so the layer ends when no value
/// moves by more than one step (2.3e-10; a sweep at the fixed point of
/// the rounded iteration can still move values by a step).
///
/// The bound: where a sweep contracts the distance to the exact values
/// by `r` and rounds by at most half a step `h/2`, the values after a
/// sweep of largest change `c` are within `(r c + h/2) / (1 - r)` of
/// them ([`error_bound`]). The contraction is seen as the ratio of
/// successive changes while they are above the rounding (1e-8): 0.5 to
/// 0.65 on the two-token game's last sweeps, so at `c` of one step the
/// values are within 7.1e-10, and within 1e-9 for any `r` up to 0.7.
pub const VALUES_TOLERANCE: f64 = 1.5 / u32::MAX as f64;

/// Changes above this are far from the rounding: their ratios measure
/// the contraction.
const ABOVE_ROUNDING: f64 = 1e-8;

/// The contraction seen after a sweep of largest change `change`, the
/// one before `before`, the contraction seen so far `rate`.
pub fn next_rate(rate: f64, change: f64, before: f64) -> f64 {
    if change > ABOVE_ROUNDING && before.is_finite() && before > 0.0 {
        change / before
    } else {
        rate
    }
}

/// The bound on the distance of the values from the fixed point after a
/// sweep that changed them by at most `change`, at the contraction
/// `rate` ([`VALUES_TOLERANCE`]): `None` when no contraction was seen.
pub fn error_bound(change: f64, rate: f64) -> Option<f64> {
    let half_step = 0.5 / u32::MAX as f64;
    (rate.is_finite() && (0.0..1.0).contains(&rate))
        .then(|| (rate * change + half_step) / (1.0 - rate))
}

/// The values of the fresh start of a layer of `n` positions: 0.5 each,
/// as bytes of each role.
pub fn fresh(n: usize) -> Vec<u8> {
    fixed(0.5).to_le_bytes().repeat(n)
}

/// The next sweep's values of the layer: the previous sweep's (`prev`,
/// `roles` roles), each range's blocks replaced by its part's values
/// (`parts`: the blocks and their values by role, in
/// [`SweepPlan::places`] order).
pub fn merge(
    plan: &SweepPlan,
    index: &Index,
    roles: usize,
    prev: Prev,
    parts: &[(Range<usize>, Vec<Vec<u32>>)],
) -> Vec<Vec<u32>> {
    let mut next = copy(index.layer_len(plan.e), roles, prev);
    for (blocks, values) in parts {
        place(plan, index, &mut next, blocks.clone(), values);
    }
    next
}

/// The previous sweep's values of a layer of `n` positions, by role.
pub fn copy(n: usize, roles: usize, prev: Prev) -> Vec<Vec<u32>> {
    (0..roles)
        .map(|role| (0..n).map(|at| prev.get(role, at)).collect())
        .collect()
}

/// Put a part's values (its `blocks`, by role in [`SweepPlan::places`]
/// order) into the next sweep's `next`.
pub fn place(
    plan: &SweepPlan,
    index: &Index,
    next: &mut [Vec<u32>],
    blocks: Range<usize>,
    values: &[Vec<u32>],
) {
    for (role, v) in next.iter_mut().enumerate() {
        let mut given = values.get(role).map(|x| x.iter()).into_iter().flatten();
        for bi in blocks.clone() {
            for at in plan.places(index, bi) {
                if let (Some(slot), Some(&x)) = (v.get_mut(at), given.next()) {
                    *slot = x;
                }
            }
        }
    }
}

/// What a values-only solve of a layer took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValuesReport {
    /// Sweeps, from the first (a resumed layer's count goes on).
    pub sweeps: u32,
    /// The largest change of the last sweep, and the contraction seen
    /// ([`next_rate`]).
    pub change: f64,
    pub rate: f64,
    /// In-turn states valued by the sweeps of this run.
    pub nodes: u64,
}

/// How a layer's turns are solved: the throws' odds, the precision of
/// the catches' states, the threads.
#[derive(Clone, Copy, Debug)]
pub struct How {
    pub probs: [f64; 5],
    pub precision: CachePrecision,
    pub threads: usize,
}

/// Solve layer `e` of `table` (every later layer solved) by Jacobi
/// sweeps in this process from `start` (a sweep's values; the fresh
/// start where `None`), until a sweep changes no value by
/// [`VALUES_TOLERANCE`]; `each` sees every sweep's values as it ends (a
/// checkpoint to write). The layer goes into the table.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so: the sweep under way is lost, the
/// table unchanged.
pub fn solve_values(
    table: &mut Table,
    e: usize,
    how: How,
    start: Option<(ValuesHead, Vec<Vec<u32>>)>,
    stop: &dyn Interrupt,
    each: &mut dyn FnMut(&ValuesHead, &[Vec<u32>]),
) -> Result<ValuesReport, Interrupted> {
    let index = table.index().clone();
    let plan = SweepPlan::new(&index, e, table.cap());
    let roles = table.roles().count();
    let n = index.layer_len(e);
    let (mut head, mut values) = start.unwrap_or_else(|| {
        let head = ValuesHead {
            id: SweepId { layer: e, sweep: 1 },
            change: f64::INFINITY,
            rate: f64::NAN,
        };
        (head, vec![vec![fixed(0.5); n]; roles])
    });
    let mut nodes = 0;
    let How {
        probs,
        precision,
        threads,
    } = how;
    while head.change >= VALUES_TOLERANCE && head.id.sweep <= super::solver::MAX_SWEEPS {
        let bytes: Vec<Vec<u8>> = values
            .iter()
            .map(|v| v.iter().flat_map(|x| x.to_le_bytes()).collect())
            .collect();
        let slices: Vec<&[u8]> = bytes.iter().map(Vec::as_slice).collect();
        let prev = Prev::new(&slices);
        let all = 0..plan.len();
        let swept = Jacobi::new(table, &plan, prev, probs, precision, threads).sweep(
            all.clone(),
            stop,
            &AtomicUsize::new(0),
            &mut |_| {},
        )?;
        nodes += swept.nodes;
        values = merge(&plan, &index, roles, prev, &[(all, swept.values)]);
        head = ValuesHead {
            id: SweepId {
                layer: e,
                sweep: head.id.sweep + 1,
            },
            change: swept.change,
            rate: next_rate(head.rate, swept.change, head.change),
        };
        each(&head, &values);
    }
    table.set_layer(e, values);
    Ok(ValuesReport {
        sweeps: head.id.sweep - 1,
        change: head.change,
        rate: head.rate,
        nodes,
    })
}
