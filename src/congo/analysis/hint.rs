//! `hint` for Congo: the best few moves of a position, each with its score
//! and the mover's win chance, and the line that follows it.
//!
//! Every legal move is valued the same way, by a search of the position
//! after it (so the order and the scores agree): first every move with an
//! equal share of half the budget, then the best `n` again with the other
//! half shared among them, which settles their order. A move into a
//! position the endgame tables hold is exact. The engine's table is
//! cleared first, so a node budget gives the same hint every time.

use super::chance::Value;
use crate::congo::moves::legal_moves;
use crate::congo::search::{Engine, Limits};
use crate::congo::{Move, Position};
use crate::interrupt::{Interrupt, Interrupted};

/// One move of a hint, valued from the mover's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    pub value: Value,
    /// The line the search expects: the move, then the best replies.
    pub line: Vec<Move>,
}

/// The share of `limits` for one of `ways` searches: nodes and time
/// divided (at least 50 nodes, a millisecond), a depth one ply less for
/// the position after the move (at least 1).
fn share(limits: &Limits, ways: usize) -> Limits {
    let ways = ways.max(1);
    Limits {
        depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
        nodes: limits
            .nodes
            .map(|n| (n / u64::try_from(ways).unwrap_or(u64::MAX)).max(50)),
        time: limits.time.map(|t| {
            (t / u32::try_from(ways).unwrap_or(u32::MAX)).max(std::time::Duration::from_millis(1))
        }),
    }
}

/// Half of `limits`' nodes and time (the depth as it is).
fn half(limits: &Limits) -> Limits {
    Limits {
        depth: limits.depth,
        nodes: limits.nodes.map(|n| n / 2),
        time: limits.time.map(|t| t / 2),
    }
}

/// The value of playing `mv` in `pos` (`history`: the keys before `pos`).
pub(super) fn value_of(
    engine: &mut Engine,
    pos: &Position,
    history: &[u64],
    mv: Move,
    limits: &Limits,
    stop: &dyn Interrupt,
) -> Result<Candidate, Interrupted> {
    let Ok(child) = pos.after(mv) else {
        // Not reached: `mv` comes from the move generator.
        return Err(Interrupted);
    };
    let mut keys = history.to_vec();
    keys.push(pos.zobrist());
    if let Some(end) = Value::ended(crate::congo::moves::status(&child), child.side_to_move()) {
        return Ok(Candidate {
            mv,
            value: end.for_mover(),
            line: vec![mv],
        });
    }
    let info = engine.search(&child, &keys, limits, stop, &mut |_| {});
    if stop.interrupted() {
        return Err(Interrupted);
    }
    let mut line = vec![mv];
    line.extend(info.pv.iter().copied());
    Ok(Candidate {
        mv,
        value: Value::of_search(&info).for_mover(),
        line,
    })
}

/// The best `n` moves of `pos` (after the game's positions `history`)
/// within `limits`, best first; none when the side to move has no move.
///
/// # Errors
///
/// [`Interrupted`] when `stop` is set before the hint is complete.
pub fn hint(
    engine: &mut Engine,
    pos: &Position,
    history: &[u64],
    n: usize,
    limits: &Limits,
    stop: &dyn Interrupt,
) -> Result<Vec<Candidate>, Interrupted> {
    engine.new_game();
    let moves = legal_moves(pos);
    let first = share(&half(limits), moves.len());
    let mut all = Vec::with_capacity(moves.len());
    for &mv in &moves {
        all.push(value_of(engine, pos, history, mv, &first, stop)?);
    }
    rank(&mut all);
    all.truncate(n.max(1));
    if all.len() > 1 || moves.len() > 1 {
        let second = share(&half(limits), all.len());
        let mut again = Vec::with_capacity(all.len());
        for c in &all {
            again.push(value_of(engine, pos, history, c.mv, &second, stop)?);
        }
        all = again;
        rank(&mut all);
    }
    Ok(all)
}

/// Best first: by chance, then by score (a shorter win, a longer loss, a
/// higher evaluation), then in generation order (a stable sort).
fn rank(moves: &mut [Candidate]) {
    use crate::congo::search::Score;
    fn key(s: Score) -> i64 {
        match s {
            Score::WinIn(n) => 1_000_000 - i64::from(n),
            Score::LossIn(n) => -1_000_000 + i64::from(n),
            Score::Cp(c) => i64::from(c),
        }
    }
    moves.sort_by(|a, b| {
        b.value
            .chance
            .total_cmp(&a.value.chance)
            .then(key(b.value.score).cmp(&key(a.value.score)))
    });
}
