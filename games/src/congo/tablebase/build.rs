//! Solving one material set by retrograde analysis.
//!
//! Every position of the set is expanded once with the real move generator
//! and move maker (so drowning, promotion and the monkey's paths are the
//! game's own). A move that takes the enemy lion wins in 1 ply; a move
//! that leaves the set (a capture, a drowning, a promotion) is valued from
//! the already solved tables; a move that stays in the set is an edge of
//! the set's graph. Then positions are settled in order of distance: a
//! position settled as lost at `d` makes each predecessor a win at `d + 1`;
//! one settled as won makes a predecessor lost once all its moves lead to
//! wins, at the longest of them. What is never settled is a draw.

use super::material::Material;
use super::{MAX_DISTANCE, Outcome, Tablebase, UNUSED};
use crate::congo::moves::{List, Silent, apply, generate};
use crate::congo::{Color, PieceKind, Position};
use crate::interrupt::Interrupt;

/// Why a set could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    #[error("interrupted")]
    Interrupted,
    #[error("table {0} is needed first (a move of this set leads to it)")]
    Missing(String),
    #[error("a distance beyond {MAX_DISTANCE} plies does not fit the table")]
    TooLong,
}

/// Solve `material`, whose moves lead only to sets `solved` holds (see
/// [`Material::closure`]). `progress(done, total)` is called now and then
/// (expansion counts the first half of the work, settling the second).
///
/// # Errors
///
/// [`BuildError`]: stopped, a needed set missing, a distance too long.
pub fn build(
    material: &Material,
    solved: &Tablebase,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<u8>, BuildError> {
    let n = material.size();
    let total = 2 * n as u64;
    let mut out = vec![UNUSED; n];
    // In-set moves of each position, as a compressed forward list.
    let mut offsets: Vec<u32> = Vec::with_capacity(n + 1);
    let mut edges: Vec<u32> = Vec::new();
    // Moves not yet known to lose for the mover (in-set, unsettled).
    let mut open = vec![0u16; n];
    // The longest loss so far (plies), for positions all of whose moves lose.
    let mut longest = vec![0u16; n];
    // A position with a drawing or winning exit can never be lost.
    let mut never_lost = vec![false; n];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, d: usize, i: usize| {
        if buckets.len() <= d {
            buckets.resize_with(d + 1, Vec::new);
        }
        if let Some(b) = buckets.get_mut(d) {
            b.push(i as u32);
        }
    };
    let mut moves = Vec::with_capacity(64);
    offsets.push(0);
    for i in 0..n {
        if i % 4096 == 0 {
            if stop.interrupted() {
                return Err(BuildError::Interrupted);
            }
            progress(i as u64, total);
        }
        let Some(pos) = material.decode(i) else {
            offsets.push(edges.len() as u32);
            continue;
        };
        if let Some(slot) = out.get_mut(i) {
            *slot = 0;
        }
        moves.clear();
        generate(&pos, &mut List(&mut moves));
        let mut win = 0usize;
        let mut in_set = 0u16;
        let mut exit_loss = 0u16;
        let mut draw_exit = false;
        for mv in &moves {
            let mut next = pos.clone();
            apply(&mut next, mv, &mut Silent);
            let them = next.side_to_move();
            if !has_lion(&next, them) {
                win = 1;
                continue;
            }
            match Material::encode(&next) {
                Some((m, j)) if m == *material => {
                    edges.push(j as u32);
                    in_set += 1;
                }
                _ => match solved.probe(&next) {
                    Some(p) => match p.outcome {
                        Outcome::Loss => {
                            let d = p.plies as usize + 1;
                            if win == 0 || d < win {
                                win = d;
                            }
                        }
                        Outcome::Win => exit_loss = exit_loss.max(p.plies as u16 + 1),
                        Outcome::Draw => draw_exit = true,
                    },
                    None => {
                        let name = Material::encode(&next)
                            .map_or_else(|| "?".to_string(), |(m, _)| m.to_string());
                        return Err(BuildError::Missing(name));
                    }
                },
            }
        }
        offsets.push(edges.len() as u32);
        if let Some(o) = open.get_mut(i) {
            *o = in_set;
        }
        if let Some(l) = longest.get_mut(i) {
            *l = exit_loss;
        }
        if let Some(nl) = never_lost.get_mut(i) {
            *nl = draw_exit || win > 0;
        }
        if moves.is_empty() {
            push(&mut buckets, 0, i);
        } else if win > 0 {
            push(&mut buckets, win, i);
        } else if in_set == 0 && !draw_exit {
            push(&mut buckets, usize::from(exit_loss), i);
        }
    }
    // Predecessors: the forward lists turned round.
    let mut rev_off = vec![0u32; n + 1];
    for &j in &edges {
        if let Some(c) = rev_off.get_mut(j as usize + 1) {
            *c += 1;
        }
    }
    for k in 1..rev_off.len() {
        let prev = rev_off.get(k - 1).copied().unwrap_or(0);
        if let Some(c) = rev_off.get_mut(k) {
            *c += prev;
        }
    }
    let mut fill = rev_off.clone();
    let mut preds = vec![0u32; edges.len()];
    for i in 0..n {
        let (a, b) = (
            offsets.get(i).copied().unwrap_or(0) as usize,
            offsets.get(i + 1).copied().unwrap_or(0) as usize,
        );
        for &j in edges.get(a..b).unwrap_or_default() {
            if let Some(f) = fill.get_mut(j as usize)
                && let Some(slot) = preds.get_mut(*f as usize)
            {
                *slot = i as u32;
                *f += 1;
            }
        }
    }
    drop(edges);
    drop(offsets);
    let mut d = 0;
    let mut settled = 0u64;
    while d < buckets.len() {
        if stop.interrupted() {
            return Err(BuildError::Interrupted);
        }
        let list = buckets.get_mut(d).map(std::mem::take).unwrap_or_default();
        for i in list {
            let i = i as usize;
            if out.get(i) != Some(&0) {
                continue;
            }
            if d as u32 > MAX_DISTANCE {
                return Err(BuildError::TooLong);
            }
            if let Some(slot) = out.get_mut(i) {
                *slot = d as u8 + 1;
            }
            settled += 1;
            let (a, b) = (
                rev_off.get(i).copied().unwrap_or(0) as usize,
                rev_off.get(i + 1).copied().unwrap_or(0) as usize,
            );
            for &p in preds.get(a..b).unwrap_or_default() {
                let p = p as usize;
                if out.get(p) != Some(&0) {
                    continue;
                }
                if d % 2 == 0 {
                    // `i` is lost for its mover: `p` wins by moving there.
                    push(&mut buckets, d + 1, p);
                } else if let (Some(o), Some(l)) = (open.get_mut(p), longest.get_mut(p)) {
                    *o = o.saturating_sub(1);
                    *l = (*l).max(d as u16 + 1);
                    if *o == 0 && !never_lost.get(p).copied().unwrap_or(true) {
                        let l = usize::from(*l);
                        push(&mut buckets, l, p);
                    }
                }
            }
            if settled.is_multiple_of(4096) {
                progress(n as u64 + settled.min(n as u64), total);
            }
        }
        d += 1;
    }
    progress(total, total);
    Ok(out)
}

fn has_lion(pos: &Position, color: Color) -> bool {
    pos.pieces(crate::congo::Piece::new(color, PieceKind::Lion))
        .any()
}
