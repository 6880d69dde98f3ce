//! Value iteration, one layer at a time from the last.
//!
//! Inside a layer a turn leads to a position of the same layer (no token
//! escaped) or of a later, solved one. Without a catch every move takes a
//! token further and leaves the other team's side as it was, so a sweep
//! goes by blocks of one side for the team not to move, and in a block
//! from the team to move furthest along to least (see `Sweep`): a turn's
//! ends without a catch are valued before it (Gauss-Seidel), and its
//! in-turn states are mostly the block's own, so one small memo a block
//! shares them and stays in cache. Only catches (tokens sent home) need
//! further sweeps. Blocks are shared out to threads. A layer is done when
//! the largest change of a sweep is below the tolerance.
//!
//! A full sweep searches every turn; it also records each turn as a
//! linear form in its ends under the choices it found best. Between full
//! sweeps, cheap sweeps of those forms (sparse dot products, choices
//! fixed) settle the values, so the next full sweep mostly confirms the
//! choices: policy iteration, stopped by the same test on a full sweep,
//! so the values are those of the plain iteration.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::interrupt::{Interrupt, Interrupted};

use std::collections::HashMap;

use super::board::{HOME, MAX_TOKENS, Side, steps_left};
use super::dense::{Block, Cache, CachePrecision, Catch, FormWork, Pends, SAME_ROLE, Space};
use super::index::{Index, Place};
use super::partial::Partial;
use super::table::{Roles, Table, fixed, unfixed};
use super::turn::Mode;

/// Where a layer's solve is, for a progress line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The layer.
    pub layer: usize,
    /// The sweep, from 1.
    pub sweep: u32,
    /// Positions done in this sweep.
    pub done: usize,
    /// Positions in the layer (clashing ones left out).
    pub total: usize,
    /// The largest change of the last finished sweep.
    pub last_change: f64,
}

/// What solving a layer took.
#[derive(Clone, Copy, Debug)]
pub struct LayerReport {
    /// The layer (escaped tokens in all).
    pub layer: usize,
    /// Its positions (clashing ones left out).
    pub positions: usize,
    /// Sweeps to converge.
    pub sweeps: u32,
    /// The largest change of the last sweep.
    pub change: f64,
    /// In-turn states evaluated.
    pub nodes: u64,
    /// Sweeps of the linear forms between full sweeps.
    pub linear_sweeps: u32,
    /// Terms of the linear forms (all roles) at the last full sweep: the
    /// forms' memory is 8 bytes a term.
    pub terms: usize,
}

/// The largest change of a sweep below which a layer is done.
pub const TOLERANCE: f64 = 1e-9;

/// The largest change of a sweep of the linear forms below which the
/// choices are checked by a full sweep: far below [`TOLERANCE`], so the
/// full sweep that stops finds the values settled.
pub const LINEAR_TOLERANCE: f64 = 1e-13;

/// Sweeps of the linear forms also stop when their change is this small
/// beside the last full sweep's: early on the choices still change, so
/// settling the values far below that is wasted (modified policy
/// iteration; the two-token game: 72 sweeps of the forms instead of 214,
/// 15% less time, the same value).
pub const LINEAR_RATIO: f64 = 1e-3;

/// The most sweeps of a layer (it converges long before).
pub const MAX_SWEEPS: u32 = 10_000;

/// The working memory solving layer `e` takes, estimated in bytes: by
/// position and role the value (f64), its fixed point (u32), the sweep
/// order and its sort key (16 bytes) and the linear form (12 bytes of
/// constant and start, and 8 a term): about 10 terms for best play
/// (K = 3 layer 0 has 7.2 a position, K = 4 layer 3 8.1, layer 2 7.3),
/// about 90 for the random player, whose turn is the mean over every use
/// (K = 3 against random, both roles: 15, 30, 53 and 72 terms a position
/// in layers 4 to 1, more as more tokens are in play); and the throw-due
/// states a full sweep keeps of every block with tokens at home for the
/// catches into it (8 bytes a state, 4 in fixed point), one role's at a
/// time.
pub fn layer_memory(
    index: &Index,
    e: usize,
    cap: u8,
    roles: Roles,
    precision: CachePrecision,
) -> u64 {
    let base = 8 + 4 + 16 + 12;
    let per_position = match roles {
        Roles::SelfPlay => base + 10 * 8,
        Roles::VsRandom => 2 * base + (10 + 90) * 8,
    };
    let per_state = match precision {
        CachePrecision::Float => 8,
        CachePrecision::Fixed => 4,
    };
    let pends = Pends::new(cap);
    let caches: u64 = blocks(index, e)
        .filter(|&(home, _)| home > 0)
        .map(|(home, space)| pends.family(home) as u64 * space * per_state)
        .sum();
    index.layer_len(e) as u64 * per_position + caches
}

/// Each block of layer `e` (a side of the team not to move) as its tokens
/// at home and the number of the mover's sides it values.
fn blocks(index: &Index, e: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
    (0..index.tokens())
        .filter_map(move |o| {
            let j = e.checked_sub(o).filter(|&j| j < index.tokens())?;
            Some((o, Space::new(index, j).len() as u64))
        })
        .flat_map(move |(o, space)| {
            index
                .sides_with(o)
                .iter()
                .map(move |side| (side.0.iter().filter(|&&x| x == HOME).count(), space))
        })
}

/// The in-turn states a full sweep of layer `e` values, by role: each
/// block (a side of the team not to move) values every mover's side with
/// every pending set its catches allow, with a throw due and without
/// (clashing sides included, so a bound a little high).
pub fn layer_states(index: &Index, e: usize, cap: u8, roles: Roles) -> u64 {
    let pends = Pends::new(cap);
    let states: u64 = blocks(index, e)
        .map(|(home, space)| (pends.family(home + 1) + pends.family(home)) as u64 * space)
        .sum();
    states * roles.count() as u64
}

/// Solve layer `e` of `table` (every later layer must be solved), with
/// throw odds `probs`, on one thread; `progress` is called as positions
/// are done. The same table and odds give the same values, bit for bit.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so; the table is then unchanged.
pub fn solve_layer(
    table: &mut Table,
    e: usize,
    probs: [f64; 5],
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(Progress),
) -> Result<LayerReport, Interrupted> {
    solve_layer_on(table, e, probs, 1, stop, progress)
}

/// A layer's positions in sweep order, cut into blocks of one side for
/// the team not to move: inside a turn that side changes only by a catch,
/// so a block's in-turn states are mostly each other's (its memo stays
/// small and in cache, and a block is a unit of work for a thread); in a
/// block, the team to move furthest along first, so a turn's ends without
/// a catch are valued before it (Gauss-Seidel).
struct Sweep {
    order: Vec<u32>,
    /// Ranges of `order`, one a block.
    blocks: Vec<std::ops::Range<usize>>,
    /// Ranges of `blocks` with as many of the other side's tokens at home,
    /// most first: a catch only sends tokens home, so a block's catches
    /// lead to blocks of earlier levels.
    levels: Vec<std::ops::Range<usize>>,
}

impl Sweep {
    fn new(index: &Index, e: usize) -> Sweep {
        let n = index.layer_len(e);
        let mut keyed: Vec<(u64, u32, u32)> = (0..n)
            .filter_map(|at| {
                let b = index.board(e, at)?;
                if b.clash() {
                    return None;
                }
                let travelled = |side: &[u8]| -> u32 {
                    side.iter()
                        .map(|&s| 21 - u32::from(steps_left(s).min(21)))
                        .sum()
                };
                // Levels by the other side's tokens at home, most first;
                // blocks furthest along first; inside a block the team to
                // move furthest along first. One key a side: its tokens at
                // home, its steps travelled, its code (20 bits).
                let home = b.op.0.iter().filter(|&&x| x == HOME).count() as u64;
                let op = (7 - home) << 50
                    | u64::from(127 - travelled(&b.op.0).min(127)) << 20
                    | u64::from(b.op.code());
                Some((op, u32::MAX - travelled(&b.me.0), at as u32))
            })
            .collect();
        keyed.sort_unstable();
        let mut blocks = Vec::new();
        let mut levels = Vec::new();
        let mut first = 0;
        let mut level_first = 0;
        for i in 1..=keyed.len() {
            let (cut, new_level) = match (keyed.get(i), keyed.get(i - 1)) {
                (Some(a), Some(b)) => (a.0 != b.0, a.0 >> 50 != b.0 >> 50),
                _ => (true, true),
            };
            if cut {
                blocks.push(first..i);
                first = i;
                if new_level {
                    levels.push(level_first..blocks.len());
                    level_first = blocks.len();
                }
            }
        }
        Sweep {
            order: keyed.into_iter().map(|(_, _, at)| at).collect(),
            blocks,
            levels,
        }
    }
}

/// Values shared by the threads of a sweep: each position is written by
/// the one thread whose block holds it, and read by any (a read may see
/// the value before or after this sweep's update: chaotic relaxation,
/// which converges as Gauss-Seidel does; the stopping test is the same).
struct Shared(Vec<Vec<AtomicU64>>);

impl Shared {
    fn get(&self, role: usize, at: usize) -> f64 {
        self.0
            .get(role)
            .and_then(|c| c.get(at))
            .map_or(0.0, |x| f64::from_bits(x.load(Ordering::Relaxed)))
    }

    /// Store `v`, returning how far it moved.
    fn set(&self, role: usize, at: usize, v: f64) -> f64 {
        match self.0.get(role).and_then(|c| c.get(at)) {
            Some(x) => (f64::from_bits(x.swap(v.to_bits(), Ordering::Relaxed)) - v).abs(),
            None => 0.0,
        }
    }
}

/// What one thread's part of a full sweep made.
#[derive(Default)]
struct Part {
    /// By block: the forms of the pass's role.
    forms: Vec<(usize, Forms)>,
    /// Blocks a catch can lead to: the other side's code, states.
    caches: Vec<(u32, Cache)>,
    /// By block: the new constants of the last sweep's forms, kept.
    rebased: Vec<(usize, Vec<f64>)>,
    max: f64,
    nodes: u64,
}

/// [`solve_layer`] on `threads` threads (at least 1), blocks of positions
/// shared out as they finish. With more than one thread the values can
/// differ from one run to the next below the tolerance (a thread may read
/// a value before or after another thread's update); with one they are
/// the same every run.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so; the table is then unchanged.
pub fn solve_layer_on(
    table: &mut Table,
    e: usize,
    probs: [f64; 5],
    threads: usize,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(Progress),
) -> Result<LayerReport, Interrupted> {
    LayerJob::new(table, e, probs)
        .threads(threads)
        .solve(stop, progress)
        .map_err(|_| Interrupted)
}

/// [`solve_layer_on`] with the catches' throw-due states kept at
/// `precision` ([`CachePrecision::Fixed`] halves the largest part of a
/// big layer's memory, [`layer_memory`]).
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so; the table is then unchanged.
pub fn solve_layer_with(
    table: &mut Table,
    e: usize,
    probs: [f64; 5],
    threads: usize,
    precision: CachePrecision,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(Progress),
) -> Result<LayerReport, Interrupted> {
    LayerJob::new(table, e, probs)
        .threads(threads)
        .precision(precision)
        .solve(stop, progress)
        .map_err(|_| Interrupted)
}

/// [`solve_layer_with`] from the values a stopped solve of the layer
/// reached: [`LayerJob::resume`].
///
/// # Errors
///
/// The [`Partial`] values reached when `stop` says so; the table is then
/// unchanged.
#[allow(clippy::too_many_arguments)]
pub fn solve_layer_from(
    table: &mut Table,
    e: usize,
    probs: [f64; 5],
    threads: usize,
    precision: CachePrecision,
    start: Option<Partial>,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(Progress),
) -> Result<LayerReport, Partial> {
    LayerJob::new(table, e, probs)
        .threads(threads)
        .precision(precision)
        .resume(start)
        .solve(stop, progress)
}

/// One layer to solve: the table (every later layer solved), the layer,
/// the throw odds ([`Sticks::odds`](crate::yut::Sticks::odds)), the
/// threads, the precision of the catches' states and the values of a
/// stopped solve to go on from. [`LayerJob::solve`] runs it in steps:
/// full sweeps until the change is below the tolerance ([`converged`]),
/// with sweeps of the linear forms (`linear_sweeps`) between them.
pub struct LayerJob<'a> {
    table: &'a mut Table,
    layer: usize,
    probs: [f64; 5],
    threads: usize,
    precision: CachePrecision,
    start: Option<Partial>,
}

impl<'a> LayerJob<'a> {
    /// Layer `layer` of `table` with throw odds `probs`, on one thread,
    /// the catches' states as floats, from a fresh start.
    pub fn new(table: &'a mut Table, layer: usize, probs: [f64; 5]) -> LayerJob<'a> {
        LayerJob {
            table,
            layer,
            probs,
            threads: 1,
            precision: CachePrecision::Float,
            start: None,
        }
    }

    /// On `threads` threads (at least 1): see [`solve_layer_on`].
    #[must_use]
    pub fn threads(self, threads: usize) -> LayerJob<'a> {
        LayerJob { threads, ..self }
    }

    /// The catches' throw-due states at `precision`: see
    /// [`solve_layer_with`].
    #[must_use]
    pub fn precision(self, precision: CachePrecision) -> LayerJob<'a> {
        LayerJob { precision, ..self }
    }

    /// From the values a stopped solve of the layer reached (`start`;
    /// each position at 0.5 without one, or where `start` is not of this
    /// layer and size). Stopped, the solve gives back the values it
    /// reached, to start from next time: any start converges, by the
    /// same test.
    #[must_use]
    pub fn resume(self, start: Option<Partial>) -> LayerJob<'a> {
        LayerJob { start, ..self }
    }

    /// Solve the layer: full sweeps until [`converged`], the linear
    /// forms swept between them.
    ///
    /// # Errors
    ///
    /// The [`Partial`] values reached when `stop` says so; the table is
    /// then unchanged.
    pub fn solve(
        self,
        stop: &dyn Interrupt,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<LayerReport, Partial> {
        let LayerJob {
            table,
            layer: e,
            probs,
            threads,
            precision,
            start,
        } = self;
        let threads = threads.max(1);
        let index = table.index().clone();
        let n = index.layer_len(e);
        let roles = table.roles().count();
        let sweep_order = Sweep::new(&index, e);
        let positions = sweep_order.order.len();
        let start = start.filter(|p| {
            p.layer == e && p.values.len() == roles && p.values.iter().all(|v| v.len() == n)
        });
        let mut sweep = start.as_ref().map_or(0, |p| p.sweeps);
        let cur = Shared(match start {
            Some(p) => p
                .values
                .into_iter()
                .map(|v| v.into_iter().map(|x| AtomicU64::new(x.to_bits())).collect())
                .collect(),
            None => (0..roles)
                .map(|_| (0..n).map(|_| AtomicU64::new(0.5f64.to_bits())).collect())
                .collect(),
        });
        // Clashing boards are never valued: they keep the fresh start's 0.5
        // whatever a start held, so a resumed layer's table is a fresh one's.
        for (at, b) in (0..n).filter_map(|at| index.board(e, at).map(|b| (at, b))) {
            if b.clash() {
                for role in 0..roles {
                    cur.set(role, at, 0.5);
                }
            }
        }
        // What a stop gives back: the values reached, and the sweeps begun.
        let stopped = |cur: &Shared, sweep: u32| Partial {
            layer: e,
            sweeps: sweep,
            values: cur
                .0
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|x| f64::from_bits(x.load(Ordering::Relaxed)))
                        .collect()
                })
                .collect(),
        };
        let modes = match table.roles() {
            Roles::SelfPlay => vec![Mode::Max],
            Roles::VsRandom => vec![Mode::Max, Mode::Mean],
        };
        let cap = table.cap();
        let pends = Pends::new(cap);
        let spaces: Vec<Space> = (0..index.tokens()).map(|j| Space::new(&index, j)).collect();
        let spare = MAX_TOKENS - index.tokens();
        let mut forms: Vec<Vec<Forms>> = Vec::new();
        let mut linear_sweeps_done = 0;
        let mut nodes = 0;
        let mut change = f64::INFINITY;
        let t: &Table = table;
        while !converged(change) && sweep < MAX_SWEEPS {
            // A full sweep: every turn searched, its value stored and its
            // linear form under the best choices recorded.
            sweep += 1;
            // The last sweep's forms of best play are not read by this one:
            // give their memory back before the new ones are made. The random
            // player's are kept: its turn is the mean over every use, so its
            // forms' terms are the same every sweep and only their constants
            // change (building them was a third of a full sweep against random).
            let mut kept = std::mem::take(&mut forms);
            for block in &mut kept {
                for (f, mode) in block.iter_mut().zip(&modes) {
                    if *mode != Mode::Mean {
                        *f = Forms::default();
                    }
                }
            }
            let mut rebased: Vec<(usize, usize, Vec<f64>)> = Vec::new();
            let done = AtomicUsize::new(0);
            let mut max = 0.0f64;
            let mut by_block: Vec<Vec<Forms>> = (0..sweep_order.blocks.len())
                .map(|_| (0..roles).map(|_| Forms::default()).collect())
                .collect();
            // One pass a role: a role's catches lead only to its own throw-due
            // states, so one role's are kept at a time (against a random
            // player, half the memory of the catches).
            for role in 0..roles {
                // The role's throw-due states of the blocks solved so far that a
                // catch can lead to, by the other side's code.
                let mut caches: HashMap<u32, Cache> = HashMap::new();
                for level in &sweep_order.levels {
                    let next = AtomicUsize::new(level.start);
                    let caches_now = &caches;
                    let work = || -> Result<Part, Interrupted> {
                        let mut part = Part::default();
                        let mut terms: Vec<(u32, f64)> = Vec::new();
                        let mut fwork = FormWork::default();
                        loop {
                            let bi = next.fetch_add(1, Ordering::Relaxed);
                            if bi >= level.end {
                                break;
                            }
                            let Some(range) = sweep_order.blocks.get(bi) else {
                                break;
                            };
                            if stop.interrupted() {
                                return Err(Interrupted);
                            }
                            let ats = sweep_order.order.get(range.clone()).unwrap_or(&[]);
                            let Some(op) = ats.first().and_then(|&at| index.board(e, at as usize))
                            else {
                                continue;
                            };
                            let op = op.op;
                            let o = op.escaped().saturating_sub(spare);
                            let (Some(space), Some(ro)) = (
                                e.checked_sub(o).and_then(|j| spaces.get(j)),
                                index.rank_of(op),
                            ) else {
                                continue;
                            };
                            let mut bforms = Forms::default();
                            // This role's forms of the block from the last
                            // sweep, where their terms are still the turn's.
                            let old = kept
                                .get(bi)
                                .and_then(|b| b.get(role))
                                .filter(|f| f.count() == ats.len());
                            let mut constants = Vec::new();
                            {
                                let next_role = (role + 1) % roles;
                                let value = |p: Place, r: usize| -> f64 {
                                    if p.layer == e {
                                        cur.get(r, p.at)
                                    } else {
                                        t.raw(p.layer, r, p.at).map_or(0.0, unfixed)
                                    }
                                };
                                let in_layer = |p: Place| (p.layer == e).then_some(p.at as u32);
                                // The turn's end at each side: the other team's turn.
                                let mut end = Vec::with_capacity(space.len());
                                let mut end_at = Vec::with_capacity(space.len());
                                for (&j2, &r2) in space.esc.iter().zip(&space.rank) {
                                    match index.place_ranks(o, ro, usize::from(j2), r2 as usize) {
                                        Some(p) => {
                                            end.push(1.0 - value(p, next_role));
                                            end_at.push(in_layer(p));
                                        }
                                        None => {
                                            end.push(0.0);
                                            end_at.push(None);
                                        }
                                    }
                                }
                                let mut catches = Vec::new();
                                for st in op.groups().filter(|&g| g != HOME) {
                                    let caught =
                                        Side::of(op.0.map(|x| if x == st { HOME } else { x }));
                                    let (Some(rc), Some(after)) =
                                        (index.rank_of(caught), caches_now.get(&caught.code()))
                                    else {
                                        // Never: the side after a catch has more
                                        // tokens at home, so its level came first.
                                        debug_assert!(false, "no block after the catch of {st}");
                                        continue;
                                    };
                                    let mut start = Vec::with_capacity(space.len());
                                    let mut start_at = Vec::with_capacity(space.len());
                                    for (&j2, &r2) in space.esc.iter().zip(&space.rank) {
                                        match index.place_ranks(usize::from(j2), r2 as usize, o, rc)
                                        {
                                            Some(p) => {
                                                start.push(value(p, role));
                                                start_at.push(in_layer(p));
                                            }
                                            None => {
                                                start.push(0.0);
                                                start_at.push(None);
                                            }
                                        }
                                    }
                                    catches.push(Catch {
                                        at: st,
                                        start,
                                        start_at,
                                        after,
                                    });
                                }
                                let block = Block {
                                    pends: &pends,
                                    space,
                                    op,
                                    probs,
                                    mode: modes.get(role).copied().unwrap_or(Mode::Max),
                                    end,
                                    end_at,
                                    catches,
                                };
                                let solved = block.solve();
                                part.nodes += solved.nodes;
                                for &at in ats {
                                    let Some(mi) = index
                                        .board(e, at as usize)
                                        .and_then(|b| index.rank_of(b.me))
                                    else {
                                        continue;
                                    };
                                    let v = solved.throws.get(mi).copied().unwrap_or(0.0);
                                    let now = |j: u32| {
                                        if j & SAME_ROLE != 0 {
                                            cur.get(role, (j & !SAME_ROLE) as usize)
                                        } else {
                                            cur.get(next_role, j as usize)
                                        }
                                    };
                                    if let Some(f) = old {
                                        constants
                                            .push(f.rebase(constants.len(), v, now).unwrap_or(v));
                                    } else {
                                        terms.clear();
                                        let constant =
                                            block.form(&solved, mi, &mut fwork, &mut terms);
                                        bforms.push(constant, &mut terms, now);
                                    }
                                    part.max = part.max.max(cur.set(role, at as usize, v));
                                }
                                if op.has(HOME) {
                                    part.caches
                                        .push((op.code(), Cache::new(solved.throws, precision)));
                                }
                            }
                            done.fetch_add(ats.len(), Ordering::Relaxed);
                            if old.is_some() {
                                part.rebased.push((bi, constants));
                            } else {
                                bforms.shrink();
                                part.forms.push((bi, bforms));
                            }
                        }
                        Ok(part)
                    };
                    let parts = run(threads, &work, &done, &mut |d| {
                        progress(Progress {
                            layer: e,
                            sweep,
                            done: d / roles,
                            total: positions,
                            last_change: change,
                        });
                    });
                    for part in parts {
                        let Ok(part) = part else {
                            return Err(stopped(&cur, sweep));
                        };
                        max = max.max(part.max);
                        nodes += part.nodes;
                        for (bi, f) in part.forms {
                            if let Some(slot) = by_block.get_mut(bi).and_then(|b| b.get_mut(role)) {
                                *slot = f;
                            }
                        }
                        for (code, c) in part.caches {
                            caches.insert(code, c);
                        }
                        rebased.extend(part.rebased.into_iter().map(|(bi, c)| (bi, role, c)));
                    }
                }
            }
            // The kept forms take this sweep's constants.
            for (bi, role, constants) in rebased {
                let kf = kept.get_mut(bi).and_then(|b| b.get_mut(role));
                let slot = by_block.get_mut(bi).and_then(|b| b.get_mut(role));
                if let (Some(kf), Some(slot)) = (kf, slot) {
                    let mut f = std::mem::take(kf);
                    f.constant = constants;
                    *slot = f;
                }
            }
            drop(kept);
            forms = by_block;
            change = max;
            if converged(change) {
                break;
            }
            // Sweeps of the linear forms: the choices fixed, each turn is a
            // sparse dot product; they converge far below the tolerance, and
            // the next full sweep checks the choices (it alone can stop).
            match linear_sweeps(&sweep_order, &forms, &cur, roles, threads, change, stop) {
                Ok(n) => linear_sweeps_done += n,
                Err(Interrupted) => return Err(stopped(&cur, sweep)),
            }
        }
        let terms = forms.iter().flatten().map(Forms::len).sum();
        let values = cur
            .0
            .into_iter()
            .map(|c| {
                c.into_iter()
                    .map(|x| fixed(f64::from_bits(x.into_inner())))
                    .collect()
            })
            .collect();
        table.set_layer(e, values);
        Ok(LayerReport {
            layer: e,
            positions,
            sweeps: sweep,
            change,
            nodes,
            linear_sweeps: linear_sweeps_done,
            terms,
        })
    }
}

/// Whether a sweep whose largest change was `change` ends the layer.
pub fn converged(change: f64) -> bool {
    change < TOLERANCE
}

/// Sweeps of the linear forms between full sweeps: the choices fixed,
/// each turn a sparse dot product of its form, until the change is far
/// below the tolerance or small beside the last full sweep's `change`.
/// Returns how many were made.
fn linear_sweeps(
    sweep_order: &Sweep,
    forms: &[Vec<Forms>],
    cur: &Shared,
    roles: usize,
    threads: usize,
    change: f64,
    stop: &dyn Interrupt,
) -> Result<u32, Interrupted> {
    let mut done = 0;
    for _ in 0..MAX_SWEEPS {
        if stop.interrupted() {
            return Err(Interrupted);
        }
        done += 1;
        let next = AtomicUsize::new(0);
        let work = || -> Result<Part, Interrupted> {
            let mut part = Part::default();
            loop {
                let bi = next.fetch_add(1, Ordering::Relaxed);
                let (Some(range), Some(bforms)) = (sweep_order.blocks.get(bi), forms.get(bi))
                else {
                    break;
                };
                let ats = sweep_order.order.get(range.clone()).unwrap_or(&[]);
                for (i, &at) in ats.iter().enumerate() {
                    for role in 0..roles {
                        let next_role = (role + 1) % roles;
                        let Some(v) = bforms.get(role).and_then(|f| {
                            f.value(i, |j| {
                                if j & SAME_ROLE != 0 {
                                    cur.get(role, (j & !SAME_ROLE) as usize)
                                } else {
                                    cur.get(next_role, j as usize)
                                }
                            })
                        }) else {
                            continue;
                        };
                        part.max = part.max.max(cur.set(role, at as usize, v));
                    }
                }
            }
            Ok(part)
        };
        let idle = AtomicUsize::new(0);
        let mut max = 0.0f64;
        for part in run(threads, &work, &idle, &mut |_| {}) {
            let Ok(part) = part else {
                return Err(Interrupted);
            };
            max = max.max(part.max);
        }
        if max < LINEAR_TOLERANCE.max(change * LINEAR_RATIO) {
            break;
        }
    }
    Ok(done)
}

/// Marks a thread of [`run`] finished when dropped (also on unwinding).
struct Finished<'a>(&'a AtomicUsize, std::thread::Thread);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
        self.1.unpark();
    }
}

/// Run `work` on `threads` threads,
/// calling `tick` with `done` about ten times a second meanwhile.
fn run<T: Send>(
    threads: usize,
    work: &(dyn Fn() -> T + Sync),
    done: &AtomicUsize,
    tick: &mut dyn FnMut(usize),
) -> Vec<T> {
    let me = std::thread::current();
    let finished = AtomicUsize::new(0);
    let finished = &finished;
    std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let me = me.clone();
                sc.spawn(move || {
                    // Counted as finished even if `work` unwinds, so the
                    // loop below never waits for a thread that is gone.
                    let _done = Finished(finished, me);
                    work()
                })
            })
            .collect();
        while finished.load(Ordering::Acquire) < threads {
            tick(done.load(Ordering::Relaxed));
            std::thread::park_timeout(std::time::Duration::from_millis(100));
        }
        // A thread that panicked passes its panic on: a sweep with blocks
        // missing must not pass for a finished one.
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The turns of a layer as linear forms, in sweep order: a constant and
/// sparse terms (position in the layer, weight), kept as flat arrays of
/// 8 bytes a term (a `(u32, f64)` pair would take 16).
///
/// Weights are kept as `f32`, the rounding moved into the constant at the
/// values of the sweep that made the form: the form gives that sweep's
/// value exactly, and its fixed point is off the exact form's by the
/// rounding (6e-8 relative) times the sweep's distance from it, which
/// the next full sweep (exact) sees and corrects. So the forms take a
/// third less memory (most of a layer's against a random player) and
/// the layer still ends only by a full sweep's test.
#[derive(Default, Debug)]
struct Forms {
    constant: Vec<f64>,
    /// Where each form's terms start in `at` and `weight` (one more than
    /// forms; a block's forms hold far fewer than 2^32 terms).
    start: Vec<u32>,
    at: Vec<u32>,
    weight: Vec<f32>,
}

impl Forms {
    /// Add the next form, `at` giving the values now; `terms` is merged
    /// by position and emptied.
    fn push(&mut self, constant: f64, terms: &mut Vec<(u32, f64)>, at: impl Fn(u32) -> f64) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        terms.sort_unstable_by_key(|&(j, _)| j);
        // Merge first, in f64, then round each weight once.
        let mut merged: usize = 0;
        for i in 0..terms.len() {
            let Some(&(j, w)) = terms.get(i) else { break };
            match merged.checked_sub(1).and_then(|m| terms.get_mut(m)) {
                Some(last) if last.0 == j => last.1 += w,
                _ => {
                    if let Some(x) = terms.get_mut(merged) {
                        *x = (j, w);
                    }
                    merged += 1;
                }
            }
        }
        terms.truncate(merged);
        let mut constant = constant;
        for &(j, w) in terms.iter() {
            let kept = w as f32;
            constant += (w - f64::from(kept)) * at(j);
            self.at.push(j);
            self.weight.push(kept);
        }
        terms.clear();
        self.constant.push(constant);
        self.start.push(self.at.len() as u32);
    }

    /// Give back the room the arrays grew into (a layer's forms are most
    /// of its memory).
    fn shrink(&mut self) {
        self.constant.shrink_to_fit();
        self.start.shrink_to_fit();
        self.at.shrink_to_fit();
        self.weight.shrink_to_fit();
    }

    /// How many terms the forms hold.
    fn len(&self) -> usize {
        self.at.len()
    }

    /// How many forms there are.
    fn count(&self) -> usize {
        self.constant.len()
    }

    /// The constant that makes form `i` give `v` at these values, its
    /// terms kept.
    fn rebase(&self, i: usize, v: f64, at: impl Fn(u32) -> f64) -> Option<f64> {
        self.fold(i, v, |acc, w, x| acc - w * x, at)
    }

    /// Form `i` at these values.
    fn value(&self, i: usize, at: impl Fn(u32) -> f64) -> Option<f64> {
        let c = *self.constant.get(i)?;
        self.fold(i, c, |acc, w, x| acc + w * x, at)
    }

    /// `step` over form `i`'s terms in order (weight, value), from `init`.
    fn fold(
        &self,
        i: usize,
        init: f64,
        step: impl Fn(f64, f64, f64) -> f64,
        at: impl Fn(u32) -> f64,
    ) -> Option<f64> {
        let lo = *self.start.get(i)? as usize;
        let hi = *self.start.get(i + 1)? as usize;
        Some(
            self.at
                .get(lo..hi)?
                .iter()
                .zip(self.weight.get(lo..hi)?)
                .fold(init, |acc, (&j, &w)| step(acc, f64::from(w), at(j))),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A form at the values it was made at gives the exact f64 value
    /// `constant + sum w x` though its weights are kept in f32: weights
    /// like 0.1 or 1/3 are not f32 numbers, and the rounding (about 1e-9
    /// each here) is far above what is asserted.
    #[test]
    fn a_form_keeps_its_sweep_value_exactly_with_f32_weights() {
        let x = |j: u32| 0.25 + f64::from(j) * 0.0731;
        let mut terms = vec![(7u32, 0.1), (3, 1.0 / 3.0), (7, 0.2), (11, -0.123_456_789)];
        let exact = 0.05 + 0.3 * x(7) + x(3) / 3.0 - 0.123_456_789 * x(11);
        let mut forms = Forms::default();
        forms.push(0.05, &mut terms, x);
        assert!(terms.is_empty());
        assert_eq!(forms.len(), 3, "the two terms at 7 are merged");
        let got = forms.value(0, x).unwrap_or(f64::NAN);
        assert!((got - exact).abs() < 1e-15, "{got} against {exact}");
        // The f32 weights alone (no correction) are off by far more.
        let plain: f64 = 0.05
            + f64::from(0.3f64 as f32) * x(7)
            + f64::from((1.0f64 / 3.0) as f32) * x(3)
            + f64::from(-0.123_456_789f64 as f32) * x(11);
        assert!((plain - exact).abs() > 1e-10, "{plain} against {exact}");
        // At other values the form is off by the rounding (a relative
        // 2^-24 a weight at most) times the move, and no more.
        let y = |j: u32| x(j) + 0.01;
        let exact_y = 0.05 + 0.3 * y(7) + y(3) / 3.0 - 0.123_456_789 * y(11);
        let got_y = forms.value(0, y).unwrap_or(f64::NAN);
        let bound = (0.3 + 1.0 / 3.0 + 0.123_456_789) * 0.01 / f64::from(1u32 << 24);
        assert!((got_y - exact_y).abs() <= bound + 1e-15, "{got_y}");
        assert!((got_y - exact_y).abs() > 0.0, "some rounding is left");
        // A second form starts where the first ended.
        let mut more = vec![(2u32, 0.5)];
        forms.push(0.0, &mut more, x);
        assert!((forms.value(1, x).unwrap_or(f64::NAN) - 0.5 * x(2)).abs() < 1e-15);
        assert_eq!(forms.value(2, x), None);
    }
}
