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
use crate::yut::Sticks;

use std::collections::HashMap;

use super::board::{HOME, MAX_TOKENS, Side, steps_left};
use super::dense::{Block, Cache, CachePrecision, Catch, FormWork, Pends, SAME_ROLE, Space};
use super::ends;
use super::index::{Index, Layer, Place};
use super::partial::Partial;
use super::table::{Roles, Table, fixed, unfixed};
use super::turn::Mode;

/// Where a layer's solve is, for a progress line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The layer.
    pub layer: Layer,
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
    pub layer: Layer,
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
pub(super) const MAX_SWEEPS: u32 = 10_000;

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

impl Table {
    /// Solve every layer not yet solved, the last first, each a
    /// [`LayerJob`] on one thread with the throws of `sticks` (what the
    /// tests' and the tutor's small tables take).
    ///
    /// # Errors
    ///
    /// The [`Partial`] values of the layer `stop` stopped; the layers
    /// before it stay solved.
    pub fn solve(&mut self, sticks: Sticks, stop: &dyn Interrupt) -> Result<(), Partial> {
        for layer in self.index().layers_last_first() {
            if !self.has_layer(layer.0) {
                LayerJob::new(self, layer, sticks).solve(stop, &mut |_| {})?;
            }
        }
        Ok(())
    }
}

/// One layer to solve: the table (every later layer solved), the layer,
/// the sticks whose odds the throws have, the threads, the precision of
/// the catches' states and the values of a stopped solve to go on from.
/// [`LayerJob::solve`] runs it in steps on a `LayerWork`: full sweeps
/// (`full_sweep`) until one changes no value by the tolerance
/// ([`converged`]), with sweeps of the linear forms (`linear_sweeps`)
/// between them.
pub struct LayerJob<'a> {
    table: &'a mut Table,
    layer: Layer,
    sticks: Sticks,
    threads: usize,
    precision: CachePrecision,
    start: Option<Partial>,
}

impl<'a> LayerJob<'a> {
    /// Layer `layer` of `table` (every later layer must be solved) with
    /// the throws of `sticks`, on one thread, the catches' states as
    /// floats, from a fresh start. The same table and sticks give the
    /// same values, bit for bit, on one thread.
    pub fn new(table: &'a mut Table, layer: Layer, sticks: Sticks) -> LayerJob<'a> {
        LayerJob {
            table,
            layer,
            sticks,
            threads: 1,
            precision: CachePrecision::Float,
            start: None,
        }
    }

    /// On `threads` threads (at least 1), blocks of positions shared out
    /// as they finish. With more than one thread the values can differ
    /// from one run to the next below the tolerance (a thread may read a
    /// value before or after another thread's update).
    #[must_use]
    pub fn threads(self, threads: usize) -> LayerJob<'a> {
        LayerJob { threads, ..self }
    }

    /// The catches' throw-due states at `precision`
    /// ([`CachePrecision::Fixed`] halves the largest part of a big
    /// layer's memory, [`layer_memory`]).
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
        mut self,
        stop: &dyn Interrupt,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<LayerReport, Partial> {
        self.threads = self.threads.max(1);
        let mut layer = LayerWork::new(self.table, self.layer.0, self.start.take());
        let mut change = f64::INFINITY;
        let mut nodes = 0;
        let mut linear_sweeps = 0;
        while !converged(change) && layer.sweeps < MAX_SWEEPS {
            layer.sweeps += 1;
            let swept = self
                .full_sweep(&mut layer, change, stop, progress)
                .map_err(|Interrupted| layer.stopped())?;
            change = swept.change;
            nodes += swept.nodes;
            if converged(change) {
                break;
            }
            linear_sweeps += self
                .linear_sweeps(&layer, change, stop)
                .map_err(|Interrupted| layer.stopped())?;
        }
        let report = LayerReport {
            layer: Layer(layer.e),
            positions: layer.positions(),
            sweeps: layer.sweeps,
            change,
            nodes,
            linear_sweeps,
            terms: layer.forms.iter().flatten().map(Forms::len).sum(),
        };
        let values = layer.into_values();
        self.table.set_layer(self.layer.0, values);
        Ok(report)
    }

    /// One full sweep, `last_change` the largest change of the one
    /// before (for the progress line): every turn of the layer searched,
    /// its value stored, and its linear form under the best choices
    /// recorded for the linear sweeps after it. Only a full sweep can end
    /// the layer, since only it checks the choices.
    ///
    /// The last sweep's forms of best play are not read by this one:
    /// their memory is given back before the new ones are made. The
    /// random player's are kept: its turn is the mean over every use, so
    /// its forms' terms are the same every sweep and only their constants
    /// change (building them was a third of a full sweep against random).
    fn full_sweep(
        &self,
        layer: &mut LayerWork,
        last_change: f64,
        stop: &dyn Interrupt,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Swept, Interrupted> {
        let mut kept = std::mem::take(&mut layer.forms);
        for block in &mut kept {
            for (f, mode) in block.iter_mut().zip(&layer.modes) {
                if *mode != Mode::Mean {
                    *f = Forms::default();
                }
            }
        }
        let mut swept = Swept {
            change: 0.0,
            nodes: 0,
            forms: (0..layer.order.blocks.len())
                .map(|_| (0..layer.roles).map(|_| Forms::default()).collect())
                .collect(),
            rebased: Vec::new(),
        };
        let done = AtomicUsize::new(0);
        for role in 0..layer.roles {
            let pass = RolePass {
                layer,
                role,
                kept: &kept,
                last_change,
                done: &done,
            };
            self.role_pass(&pass, &mut swept, stop, progress)?;
        }
        // The kept forms take this sweep's constants.
        for (bi, role, constants) in std::mem::take(&mut swept.rebased) {
            let kf = kept.get_mut(bi).and_then(|b| b.get_mut(role));
            let slot = swept.forms.get_mut(bi).and_then(|b| b.get_mut(role));
            if let (Some(kf), Some(slot)) = (kf, slot) {
                let mut f = std::mem::take(kf);
                f.constant = constants;
                *slot = f;
            }
        }
        drop(kept);
        layer.forms = std::mem::take(&mut swept.forms);
        Ok(swept)
    }

    /// One role's pass of a full sweep: a role's catches lead only to its
    /// own throw-due states, so one role's are kept at a time (against a
    /// random player, half the memory of the catches). The levels go in
    /// order, since a catch leads to a block of an earlier level; the
    /// blocks of a level are shared out to the threads.
    fn role_pass(
        &self,
        pass: &RolePass,
        swept: &mut Swept,
        stop: &dyn Interrupt,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<(), Interrupted> {
        let layer = pass.layer;
        // The role's throw-due states of the blocks solved so far that a
        // catch can lead to, by the other side's code.
        let mut caches: HashMap<u32, Cache> = HashMap::new();
        for level in &layer.order.levels {
            let next = AtomicUsize::new(level.start);
            let caches_now = &caches;
            let work = || -> Result<Part, Interrupted> {
                let mut part = Part::default();
                let mut scratch = Scratch::default();
                loop {
                    let bi = next.fetch_add(1, Ordering::Relaxed);
                    if bi >= level.end {
                        break;
                    }
                    let Some(range) = layer.order.blocks.get(bi) else {
                        break;
                    };
                    if stop.interrupted() {
                        return Err(Interrupted);
                    }
                    let ats = layer.order.order.get(range.clone()).unwrap_or(&[]);
                    if self
                        .sweep_block(pass, bi, ats, caches_now, &mut part, &mut scratch)
                        .is_some()
                    {
                        pass.done.fetch_add(ats.len(), Ordering::Relaxed);
                    }
                }
                Ok(part)
            };
            let parts = run(self.threads, &work, pass.done, &mut |d| {
                progress(Progress {
                    layer: Layer(layer.e),
                    sweep: layer.sweeps,
                    done: d / layer.roles,
                    total: layer.positions(),
                    last_change: pass.last_change,
                });
            });
            for part in parts {
                let part = part?;
                swept.change = swept.change.max(part.max);
                swept.nodes += part.nodes;
                for (bi, f) in part.forms {
                    if let Some(slot) = swept.forms.get_mut(bi).and_then(|b| b.get_mut(pass.role)) {
                        *slot = f;
                    }
                }
                for (code, c) in part.caches {
                    caches.insert(code, c);
                }
                swept
                    .rebased
                    .extend(part.rebased.into_iter().map(|(bi, c)| (bi, pass.role, c)));
            }
        }
        Ok(())
    }

    /// Block `bi` of the sweep order (its positions `ats`) searched for
    /// the pass's role: its turns' ends and catches gathered from the
    /// values now, every turn of the block solved densely, each value
    /// stored and its linear form recorded (or, for a form kept from the
    /// last sweep, its new constant), and the block's throw-due states
    /// kept for the catches into it if it has tokens at home. `None` (and
    /// nothing done) where the block is not one of the layer's: never.
    fn sweep_block(
        &self,
        pass: &RolePass,
        bi: usize,
        ats: &[u32],
        caches: &HashMap<u32, Cache>,
        part: &mut Part,
        scratch: &mut Scratch,
    ) -> Option<()> {
        let (layer, role) = (pass.layer, pass.role);
        let op = ats
            .first()
            .and_then(|&at| layer.index.board(layer.e, at as usize))?
            .op;
        let o = op.escaped().saturating_sub(layer.spare);
        let space = layer.e.checked_sub(o).and_then(|j| layer.spaces.get(j))?;
        let ro = layer.index.rank_of(op)?;
        // This role's forms of the block from the last sweep, where their
        // terms are still the turn's.
        let old = pass
            .kept
            .get(bi)
            .and_then(|b| b.get(role))
            .filter(|f| f.count() == ats.len());
        let next_role = (role + 1) % layer.roles;
        let (end, end_at) = layer.turn_ends(space, o, ro, next_role);
        let block = Block {
            pends: &layer.pends,
            space,
            op,
            probs: self.sticks.odds(),
            mode: layer.modes.get(role).copied().unwrap_or(Mode::Max),
            end,
            end_at,
            catches: layer.catches(space, o, op, role, caches),
        };
        let solved = block.solve();
        part.nodes += solved.nodes;
        let mut bforms = Forms::default();
        let mut constants = Vec::new();
        for &at in ats {
            let Some(mi) = layer
                .index
                .board(layer.e, at as usize)
                .and_then(|b| layer.index.rank_of(b.me))
            else {
                continue;
            };
            let v = solved.throws.get(mi).copied().unwrap_or(0.0);
            let now = |j: u32| layer.term(role, j);
            if let Some(f) = old {
                constants.push(f.rebase(constants.len(), v, now).unwrap_or(v));
            } else {
                scratch.terms.clear();
                let constant = block.form(&solved, mi, &mut scratch.form, &mut scratch.terms);
                bforms.push(constant, &mut scratch.terms, now);
            }
            part.max = part.max.max(layer.values.set(role, at as usize, v));
        }
        if op.has(HOME) {
            part.caches
                .push((op.code(), Cache::new(solved.throws, self.precision)));
        }
        if old.is_some() {
            part.rebased.push((bi, constants));
        } else {
            bforms.shrink();
            part.forms.push((bi, bforms));
        }
        Some(())
    }

    /// Sweeps of the linear forms between full sweeps: the choices fixed,
    /// each turn a sparse dot product of its form, so a sweep costs far
    /// less than a full one, until the change is far below the tolerance
    /// or small beside the last full sweep's `change`; the next full
    /// sweep checks the choices (it alone can end the layer). Returns how
    /// many were made.
    fn linear_sweeps(
        &self,
        layer: &LayerWork,
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
                    let (Some(range), Some(bforms)) =
                        (layer.order.blocks.get(bi), layer.forms.get(bi))
                    else {
                        break;
                    };
                    let ats = layer.order.order.get(range.clone()).unwrap_or(&[]);
                    for (i, &at) in ats.iter().enumerate() {
                        for role in 0..layer.roles {
                            let Some(v) = bforms
                                .get(role)
                                .and_then(|f| f.value(i, |j| layer.term(role, j)))
                            else {
                                continue;
                            };
                            part.max = part.max.max(layer.values.set(role, at as usize, v));
                        }
                    }
                }
                Ok(part)
            };
            let idle = AtomicUsize::new(0);
            let mut max = 0.0f64;
            for part in run(self.threads, &work, &idle, &mut |_| {}) {
                max = max.max(part?.max);
            }
            if max < LINEAR_TOLERANCE.max(change * LINEAR_RATIO) {
                break;
            }
        }
        Ok(done)
    }
}

/// Whether a sweep whose largest change was `change` ends the layer.
pub fn converged(change: f64) -> bool {
    change < TOLERANCE
}

/// The layer being solved: its number (escaped tokens in all) and the
/// table it reads later layers from, its positions in sweep order, what
/// its turns are solved with, and what the sweeps move: the values, the
/// linear forms of the last full sweep and the full sweeps begun.
struct LayerWork<'t> {
    e: usize,
    /// The table: every later layer solved.
    table: &'t Table,
    index: &'t Index,
    /// Roles valued: 1 (best play against itself) or 2 (the best player's
    /// turns and the random player's).
    roles: usize,
    /// By role: how the team to move chooses.
    modes: Vec<Mode>,
    pends: Pends,
    /// By the mover's escaped tokens: the sides a block values.
    spaces: Vec<Space>,
    /// Tokens a side not in this game (escaped from the start).
    spare: usize,
    order: Sweep,
    /// By role, by position: the values now.
    values: Shared,
    /// By block, by role: the turns' linear forms at the last full sweep.
    forms: Vec<Vec<Forms>>,
    /// Full sweeps begun (a resumed layer's count goes on from its stop).
    sweeps: u32,
}

impl<'t> LayerWork<'t> {
    /// Layer `e` of `table`, from the values of `start` where it is this
    /// layer's (of its roles and size), each position at 0.5 otherwise.
    fn new(table: &'t Table, e: usize, start: Option<Partial>) -> LayerWork<'t> {
        let index = table.index();
        let n = index.layer_len(e);
        let roles = table.roles().count();
        let start = start.filter(|p| {
            p.layer == e && p.values.len() == roles && p.values.iter().all(|v| v.len() == n)
        });
        let sweeps = start.as_ref().map_or(0, |p| p.sweeps);
        let values = Shared(match start {
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
                    values.set(role, at, 0.5);
                }
            }
        }
        let modes = match table.roles() {
            Roles::SelfPlay => vec![Mode::Max],
            Roles::VsRandom => vec![Mode::Max, Mode::Mean],
        };
        LayerWork {
            e,
            table,
            index,
            roles,
            modes,
            pends: Pends::new(table.cap()),
            spaces: (0..index.tokens()).map(|j| Space::new(index, j)).collect(),
            spare: MAX_TOKENS - index.tokens(),
            order: Sweep::new(index, e),
            values,
            forms: Vec::new(),
            sweeps,
        }
    }

    /// Its positions valued (clashing ones left out).
    fn positions(&self) -> usize {
        self.order.order.len()
    }

    /// The value for `role` of the turn start at `p`: this layer's as the
    /// sweeps have it, a later layer's from the table.
    fn value(&self, p: Place, role: usize) -> f64 {
        if p.layer == self.e {
            self.values.get(role, p.at)
        } else {
            self.table.raw(p.layer, role, p.at).map_or(0.0, unfixed)
        }
    }

    /// The value now of term `j` of a form of `role`: a turn start of the
    /// same role where `j` is marked [`SAME_ROLE`] (a catch's), of the
    /// other role otherwise (a turn's end).
    fn term(&self, role: usize, j: u32) -> f64 {
        if j & SAME_ROLE != 0 {
            self.values.get(role, (j & !SAME_ROLE) as usize)
        } else {
            self.values.get((role + 1) % self.roles, j as usize)
        }
    }

    /// The turns' ends of a block (`ends::turn_ends`), valued now.
    fn turn_ends(
        &self,
        space: &Space,
        o: usize,
        ro: usize,
        next_role: usize,
    ) -> (Vec<f64>, Vec<Option<u32>>) {
        ends::turn_ends(self.index, self.e, space, o, ro, |p| {
            self.value(p, next_role)
        })
    }

    /// The catches of a block (`ends::catches`), valued now.
    fn catches<'c>(
        &self,
        space: &Space,
        o: usize,
        op: Side,
        role: usize,
        caches: &'c HashMap<u32, Cache>,
    ) -> Vec<Catch<'c>> {
        ends::catches(self.index, self.e, space, o, op, caches, |p| {
            self.value(p, role)
        })
    }

    /// What a stop gives back: the values reached, and the sweeps begun.
    fn stopped(&self) -> Partial {
        Partial {
            layer: self.e,
            sweeps: self.sweeps,
            values: self
                .values
                .0
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|x| f64::from_bits(x.load(Ordering::Relaxed)))
                        .collect()
                })
                .collect(),
        }
    }

    /// The values in the table's fixed point, by role, by position.
    fn into_values(self) -> Vec<Vec<u32>> {
        self.values
            .0
            .into_iter()
            .map(|c| {
                c.into_iter()
                    .map(|x| fixed(f64::from_bits(x.into_inner())))
                    .collect()
            })
            .collect()
    }
}

/// One role's pass of a full sweep: the layer, the role, the last
/// sweep's forms (the random player's kept), the change of the sweep
/// before, and the positions done so far in the sweep (for the progress
/// line).
struct RolePass<'p, 't> {
    layer: &'p LayerWork<'t>,
    role: usize,
    kept: &'p [Vec<Forms>],
    last_change: f64,
    done: &'p AtomicUsize,
}

/// What a full sweep made: its largest change and the in-turn states it
/// valued; while its passes run, also the new forms by block and role
/// and the new constants of the kept forms (both go to the layer's forms
/// when the passes are done).
struct Swept {
    change: f64,
    nodes: u64,
    forms: Vec<Vec<Forms>>,
    rebased: Vec<(usize, usize, Vec<f64>)>,
}

/// A thread's working space for the forms of a full sweep.
#[derive(Default)]
struct Scratch {
    terms: Vec<(u32, f64)>,
    form: FormWork,
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
pub(super) fn run<T: Send>(
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
