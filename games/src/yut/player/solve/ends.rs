//! What a block's turns lead out of the block to: their ends (the other
//! team's turn start) and their catches (the catcher's next turn start,
//! or the caught side's block with throws still pending), valued from
//! whatever holds the turn starts now: the sweeps of both solvers (the
//! forms' Gauss-Seidel and the values-only Jacobi one) gather them the
//! same way, sum for sum.

use std::collections::HashMap;

use super::board::{HOME, Side};
use super::dense::{Cache, Catch, Space};
use super::index::{Index, Place};

/// By the mover's side in `space` (the other side of escaped `o` and
/// rank `ro`) of layer `e`: the turn ending there, worth one less the
/// other team's chance at its turn start (`value`, the next role's), and
/// that start's place if in the layer.
pub fn turn_ends(
    index: &Index,
    e: usize,
    space: &Space,
    o: usize,
    ro: usize,
    value: impl Fn(Place) -> f64,
) -> (Vec<f64>, Vec<Option<u32>>) {
    let mut end = Vec::with_capacity(space.len());
    let mut end_at = Vec::with_capacity(space.len());
    for (&j2, &r2) in space.esc.iter().zip(&space.rank) {
        match index.place_ranks(o, ro, usize::from(j2), r2 as usize) {
            Some(p) => {
                end.push(1.0 - value(p));
                end_at.push((p.layer == e).then_some(p.at as u32));
            }
            None => {
                end.push(0.0);
                end_at.push(None);
            }
        }
    }
    (end, end_at)
}

/// The catches a move of the block can make of `op` (the other side, `o`
/// escaped) in layer `e`: each station it holds, with the catcher's turn
/// start by side in `space` (`value`, the catcher's role) for nothing
/// pending, and the caught side's block in `caches` for throws still
/// pending.
pub fn catches<'c>(
    index: &Index,
    e: usize,
    space: &Space,
    o: usize,
    op: Side,
    caches: &'c HashMap<u32, Cache>,
    value: impl Fn(Place) -> f64,
) -> Vec<Catch<'c>> {
    let mut catches = Vec::new();
    for st in op.groups().filter(|&g| g != HOME) {
        let caught = Side::of(op.0.map(|x| if x == st { HOME } else { x }));
        let (Some(rc), Some(after)) = (index.rank_of(caught), caches.get(&caught.code())) else {
            // Never: the side after a catch has more tokens at home,
            // so its level came first.
            debug_assert!(false, "no block after the catch of {st}");
            continue;
        };
        let mut start = Vec::with_capacity(space.len());
        let mut start_at = Vec::with_capacity(space.len());
        for (&j2, &r2) in space.esc.iter().zip(&space.rank) {
            match index.place_ranks(usize::from(j2), r2 as usize, o, rc) {
                Some(p) => {
                    start.push(value(p));
                    start_at.push((p.layer == e).then_some(p.at as u32));
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
    catches
}
