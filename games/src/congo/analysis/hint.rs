//! `hint` for Congo: the best few moves of a position, each with its score
//! and the mover's win chance, and the line that follows it.
//!
//! Every legal move is valued the same way, by a search of the position
//! after it (so the order and the scores agree): first every move with an
//! equal share of half the budget, then the best `n` again with the other
//! half shared among them, which settles their order. A move into a
//! position the endgame tables hold is exact. The engine's table is
//! cleared first, so a node budget gives the same hint every time.
//!
//! The position passes the analysis' move budget first ([`checked_moves`]).
//! A time budget is kept as a whole: when half of it shared among the moves
//! gives each less than [`MIN_SHARE`] (tens of thousands of monkey jump
//! paths), the moves are taken best first by a static look at the position
//! after each (for at most a quarter of the time), and searched in that
//! order, [`MIN_SHARE`] (and 200 nodes) each, until half the time has
//! passed; the hint says how many were searched
//! ([`Hint::searched`]) and ranks only those.

use super::budget::{AnalysisError, checked_moves};
use super::chance::Value;
use crate::congo::moves::status;
use crate::congo::search::{Engine, Limits, evaluate};
use crate::congo::{Move, Position};
use crate::interrupt::{Interrupt, Interrupted};
use std::time::{Duration, Instant};

/// The least time one move's search is given: below it a search learns
/// little more than the static look that orders the moves.
pub const MIN_SHARE: Duration = Duration::from_millis(1);

/// The most nodes of one move's search when the moves are too many for
/// the time ([`MIN_SHARE`] each).
const CROWDED_NODES: u64 = 200;

/// How many moves the static look values between two looks at the clock
/// and the interrupt.
const LOOK_CHUNK: usize = 256;

/// A hint: the best moves found, best first, and how many of the legal
/// moves were searched to find them.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub moves: Vec<Candidate>,
    /// The legal moves searched: all of them, unless the time budget ran
    /// out first (then the others are left out of [`Hint::moves`]).
    pub searched: usize,
    /// The legal moves of the position.
    pub legal: usize,
}

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
    if let Some(end) = Value::ended(status(&child), child.side_to_move()) {
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
/// [`AnalysisError::Illegal`] ([`Illegal::TooManyMoves`]) when `pos` has
/// too many legal moves to list (nothing is searched);
/// [`AnalysisError::Interrupted`] when `stop` is set before the hint is
/// complete.
///
/// [`Illegal::TooManyMoves`]: crate::congo::moves::Illegal::TooManyMoves
pub fn hint(
    engine: &mut Engine,
    pos: &Position,
    history: &[u64],
    n: usize,
    limits: &Limits,
    stop: &dyn Interrupt,
) -> Result<Hint, AnalysisError> {
    let started = Instant::now();
    let mut moves = checked_moves(pos)?;
    let legal = moves.len();
    engine.new_game();
    let mut first = share(&half(limits), legal);
    // The first half of a time budget ends here, whatever the moves.
    let first_end = limits.time.map(|t| started + t / 2);
    let crowded = limits
        .time
        .is_some_and(|t| t / 2 / u32::try_from(legal.max(1)).unwrap_or(u32::MAX) < MIN_SHARE);
    if crowded {
        // The engine looks at its clock every thousand nodes, and a node of
        // a monkey lattice costs its first thousand moves: a node cap
        // keeps each quick search to its share.
        first.nodes = Some(CROWDED_NODES);
        // The look takes at most half of the first pass's time.
        let look_end = limits.time.map(|t| started + t / 4);
        moves = by_static_look(pos, moves, look_end, stop)?;
    }
    let mut all = Vec::with_capacity(moves.len());
    for &mv in &moves {
        if crowded && first_end.is_some_and(|end| Instant::now() >= end) && !all.is_empty() {
            break;
        }
        all.push(value_of(engine, pos, history, mv, &first, stop)?);
    }
    let searched = all.len();
    rank(&mut all);
    all.truncate(n.max(1));
    if all.len() > 1 || legal > 1 {
        let second = share(&half(limits), all.len());
        let mut again = Vec::with_capacity(all.len());
        for c in &all {
            again.push(value_of(engine, pos, history, c.mv, &second, stop)?);
        }
        all = again;
        rank(&mut all);
    }
    Ok(Hint {
        moves: all,
        searched,
        legal,
    })
}

/// `moves` best first by the static evaluation of the position after each
/// (the mover's view; generation order among equals), for a first pass
/// that has no time to search them all. The look stops at `end` too: the
/// moves not looked at follow, in generation order.
///
/// # Errors
///
/// [`Interrupted`] when `stop` is set.
fn by_static_look(
    pos: &Position,
    moves: Vec<Move>,
    end: Option<Instant>,
    stop: &dyn Interrupt,
) -> Result<Vec<Move>, Interrupted> {
    let mut looked: Vec<(i32, Move)> = Vec::with_capacity(moves.len());
    let mut rest = moves.as_slice();
    while !rest.is_empty() {
        if stop.interrupted() {
            return Err(Interrupted);
        }
        if end.is_some_and(|end| Instant::now() >= end) {
            break;
        }
        let (chunk, after) = rest.split_at(rest.len().min(LOOK_CHUNK));
        for &mv in chunk {
            // A move from the generator plays; one that did not would
            // sort last.
            let value = pos.after(mv).map_or(i32::MIN, |child| {
                if status(&child).is_over() {
                    // The game ends (a lion taken): first.
                    i32::MAX
                } else {
                    evaluate(&child).saturating_neg()
                }
            });
            looked.push((value, mv));
        }
        rest = after;
    }
    looked.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
    Ok(looked
        .into_iter()
        .map(|(_, mv)| mv)
        .chain(rest.iter().copied())
        .collect())
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
