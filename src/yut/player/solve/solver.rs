//! Value iteration, one layer at a time from the last.
//!
//! Inside a layer a turn leads to a position of the same layer (no token
//! escaped) or of a later, solved one. Without a catch every move takes a
//! token further, so sweeping the layer's positions from the furthest
//! along (most steps travelled in all) to the least makes each sweep use
//! the values just computed (Gauss-Seidel); only catches (tokens sent
//! home) need further sweeps. A layer is done when the largest change of a
//! sweep is below the tolerance.
//!
//! A full sweep searches every turn; it also records each turn as a
//! linear form in its ends under the choices it found best. Between full
//! sweeps, cheap sweeps of those forms (sparse dot products, choices
//! fixed) settle the values, so the next full sweep mostly confirms the
//! choices: policy iteration, stopped by the same test on a full sweep,
//! so the values are those of the plain iteration.

use crate::interrupt::{Interrupt, Interrupted};

use super::board::{Board, steps_left};
use super::table::{Roles, Table, fixed, unfixed};
use super::turn::{FormScratch, Mode, Turn};

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
    /// forms' memory is 16 bytes a term.
    pub terms: usize,
}

/// The largest change of a sweep below which a layer is done.
pub const TOLERANCE: f64 = 1e-9;

/// The largest change of a sweep of the linear forms below which the
/// choices are checked by a full sweep: far below [`TOLERANCE`], so the
/// full sweep that stops finds the values settled.
pub const LINEAR_TOLERANCE: f64 = 1e-13;

/// The most sweeps of a layer (it converges long before).
pub const MAX_SWEEPS: u32 = 10_000;

/// The most in-turn states a full sweep remembers (about 290 MB of hash
/// table, one memo of 2^24 slots filled to 14 M). Past it the memo is
/// emptied and the sweep goes on: states valued again cost time, never
/// exactness, and the bigger layers (four tokens a side) fit in memory.
/// The two-token game's sweeps stay under it for layers 2 and 1.
pub const MEMO_STATES: usize = 14_000_000;

/// Solve layer `e` of `table` (every later layer must be solved), with
/// throw odds `probs`; `progress` is called every 256 positions.
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
    let index = table.index().clone();
    let n = index.layer_len(e);
    let roles = table.roles().count();
    // The positions in sweep order: furthest along first.
    let mut order: Vec<(u32, u32)> = (0..n)
        .filter_map(|at| {
            let b = index.board(e, at)?;
            if b.clash() {
                return None;
            }
            let travelled: u32 =
                b.me.0
                    .iter()
                    .chain(b.op.0.iter())
                    .map(|&s| 21 - u32::from(steps_left(s).min(21)))
                    .sum();
            Some((travelled, at as u32))
        })
        .collect();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let order: Vec<u32> = order.into_iter().map(|(_, at)| at).collect();
    let mut cur: Vec<Vec<f64>> = vec![vec![0.5; n]; roles];
    let modes = match table.roles() {
        Roles::SelfPlay => vec![Mode::Max],
        Roles::VsRandom => vec![Mode::Max, Mode::Mean],
    };
    let cap = table.cap();
    let mut turns: Vec<Turn> = modes.iter().map(|&m| Turn::new(probs, cap, m)).collect();
    let mut forms: Vec<Forms> = (0..roles).map(|_| Forms::default()).collect();
    let mut scratch = FormScratch::default();
    let mut ends: Vec<(Board, f64)> = Vec::new();
    let mut terms: Vec<(u32, f64)> = Vec::new();
    let mut sweep = 0;
    let mut linear_sweeps = 0;
    let mut change = f64::INFINITY;
    let t: &Table = table;
    while change >= TOLERANCE && sweep < MAX_SWEEPS {
        // A full sweep: every turn searched, its value stored and its
        // linear form under the best choices recorded.
        sweep += 1;
        let mut max = 0.0f64;
        for turn in &mut turns {
            turn.forget();
        }
        for f in &mut forms {
            f.clear();
        }
        for (done, &at) in order.iter().enumerate() {
            // A stop is seen within one position: with four tokens a side
            // a few thousand positions can take minutes.
            if stop.interrupted() {
                return Err(Interrupted);
            }
            if done % 256 == 0 {
                progress(Progress {
                    layer: e,
                    sweep,
                    done,
                    total: order.len(),
                    last_change: change,
                });
            }
            let at = at as usize;
            let Some(b) = index.board(e, at) else {
                for f in &mut forms {
                    f.push(0.0, &mut terms);
                }
                continue;
            };
            for (role, turn) in turns.iter_mut().enumerate() {
                if turn.remembered() > MEMO_STATES {
                    turn.forget();
                }
                // The turn's end is the other role's turn start.
                let next = (role + 1) % roles;
                let leaf = |x: Board| -> f64 {
                    if x.op.won() {
                        return 0.0;
                    }
                    match index.place(x) {
                        Some(p) if p.layer == e => cur
                            .get(next)
                            .and_then(|c| c.get(p.at))
                            .copied()
                            .unwrap_or(0.0),
                        Some(p) => t.raw(p.layer, next, p.at).map_or(0.0, unfixed),
                        None => 0.0,
                    }
                };
                let v = turn.start_shared(b, &leaf);
                // The form: ends in this layer stay terms, the others
                // (solved, or won) fold into the constant.
                let mut constant = turn.form(b, &leaf, &mut scratch, &mut ends);
                terms.clear();
                for &(x, w) in &ends {
                    if x.op.won() {
                        continue;
                    }
                    match index.place(x) {
                        Some(p) if p.layer == e => terms.push((p.at as u32, w)),
                        Some(p) => {
                            constant += w * t.raw(p.layer, next, p.at).map_or(0.0, unfixed);
                        }
                        None => {}
                    }
                }
                if let Some(f) = forms.get_mut(role) {
                    f.push(constant, &mut terms);
                }
                if let Some(slot) = cur.get_mut(role).and_then(|c| c.get_mut(at)) {
                    max = max.max((v - *slot).abs());
                    *slot = v;
                }
            }
        }
        change = max;
        if change < TOLERANCE {
            break;
        }
        // Sweeps of the linear forms: the choices fixed, each turn is a
        // sparse dot product; they converge far below the tolerance, and
        // the next full sweep checks the choices (it alone can stop).
        for _ in 0..MAX_SWEEPS {
            if stop.interrupted() {
                return Err(Interrupted);
            }
            linear_sweeps += 1;
            let mut max = 0.0f64;
            for (i, &at) in order.iter().enumerate() {
                for role in 0..roles {
                    let next = (role + 1) % roles;
                    let Some(v) = forms.get(role).and_then(|f| {
                        f.value(i, |j| {
                            cur.get(next)
                                .and_then(|c| c.get(j as usize))
                                .copied()
                                .unwrap_or(0.0)
                        })
                    }) else {
                        continue;
                    };
                    if let Some(slot) = cur.get_mut(role).and_then(|c| c.get_mut(at as usize)) {
                        max = max.max((v - *slot).abs());
                        *slot = v;
                    }
                }
            }
            if max < LINEAR_TOLERANCE {
                break;
            }
        }
    }
    let terms = forms.iter().map(|f| f.terms.len()).sum();
    let nodes = turns.iter().map(|t| t.nodes).sum();
    let values = cur
        .into_iter()
        .map(|c| c.into_iter().map(fixed).collect())
        .collect();
    table.set_layer(e, values);
    Ok(LayerReport {
        layer: e,
        positions: order.len(),
        sweeps: sweep,
        change,
        nodes,
        linear_sweeps,
        terms,
    })
}

/// The turns of a layer as linear forms, in sweep order: a constant and
/// sparse terms (position in the layer, weight).
#[derive(Default, Debug)]
struct Forms {
    constant: Vec<f64>,
    /// Where each form's terms start in `terms` (one more than forms).
    start: Vec<usize>,
    terms: Vec<(u32, f64)>,
}

impl Forms {
    fn clear(&mut self) {
        self.constant.clear();
        self.start.clear();
        self.terms.clear();
    }

    /// Add the next form; `terms` is merged by position and emptied.
    fn push(&mut self, constant: f64, terms: &mut Vec<(u32, f64)>) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        terms.sort_unstable_by_key(|&(j, _)| j);
        let first = self.terms.len();
        for &(j, w) in terms.iter() {
            match self.terms.get_mut(first..).and_then(|t| t.last_mut()) {
                Some(last) if last.0 == j => last.1 += w,
                _ => self.terms.push((j, w)),
            }
        }
        terms.clear();
        self.constant.push(constant);
        self.start.push(self.terms.len());
    }

    /// Form `i` at these values.
    fn value(&self, i: usize, at: impl Fn(u32) -> f64) -> Option<f64> {
        let c = *self.constant.get(i)?;
        let lo = *self.start.get(i)?;
        let hi = *self.start.get(i + 1)?;
        Some(
            self.terms
                .get(lo..hi)?
                .iter()
                .fold(c, |acc, &(j, w)| acc + w * at(j)),
        )
    }
}
