//! Value iteration, one layer at a time from the last.
//!
//! Inside a layer a turn leads to a position of the same layer (no token
//! escaped) or of a later, solved one. Without a catch every move takes a
//! token further, so sweeping the layer's positions from the furthest
//! along (most steps travelled in all) to the least makes each sweep use
//! the values just computed (Gauss-Seidel); only catches (tokens sent
//! home) need further sweeps. A layer is done when the largest change of a
//! sweep is below the tolerance.

use crate::interrupt::{Interrupt, Interrupted};

use super::board::{Board, steps_left};
use super::table::{Roles, Table, fixed, unfixed};
use super::turn::{Mode, Turn};

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
}

/// The largest change of a sweep below which a layer is done.
pub const TOLERANCE: f64 = 1e-9;

/// The most sweeps of a layer (it converges long before).
pub const MAX_SWEEPS: u32 = 10_000;

/// Solve layer `e` of `table` (every later layer must be solved), with
/// throw odds `probs`; `progress` is called every few thousand positions.
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
    let mut sweep = 0;
    let mut change = f64::INFINITY;
    let t: &Table = table;
    while change >= TOLERANCE && sweep < MAX_SWEEPS {
        sweep += 1;
        let mut max = 0.0f64;
        for turn in &mut turns {
            turn.forget();
        }
        for (done, &at) in order.iter().enumerate() {
            if done % 4096 == 0 {
                if stop.interrupted() {
                    return Err(Interrupted);
                }
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
                continue;
            };
            for (role, turn) in turns.iter_mut().enumerate() {
                // The turn's end is the other role's turn start.
                let next = (role + 1) % roles;
                let v = {
                    let cur = &cur;
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
                    turn.start_shared(b, &leaf)
                };
                if let Some(slot) = cur.get_mut(role).and_then(|c| c.get_mut(at)) {
                    max = max.max((v - *slot).abs());
                    *slot = v;
                }
            }
        }
        change = max;
    }
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
    })
}
