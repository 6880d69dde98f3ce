//! `hint` over whole turns: every plan of the pending throws
//! ([`plans`](super::plans::plans)) with the chance the team to move
//! wins after it, best first; exact where a table covers the position,
//! else estimated by games played out from each plan's end, with a 95%
//! interval. Plans whose chances cannot be told apart from the best's
//! (exact values within [`EXACT_TIE`], or intervals that overlap the
//! best's) are marked equal to it.

use super::hint::{Players, estimate};
use super::plans::{Plan, exact_chance, plans};
use super::table::Table;
use super::turn::{Mode, Turn};
use crate::interrupt::{Interrupt, Interrupted};
use crate::yut::rules::play::{Phase, Play};

/// Exact chances closer than this are the same.
pub const EXACT_TIE: f64 = 1e-9;

/// One plan and the chance the team to move wins after it.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnLine {
    /// The uses and the game they lead to.
    pub plan: Plan,
    /// The chance the team to move wins after it.
    pub chance: f64,
    /// The 95% interval of an estimate; `None` when exact.
    pub interval: Option<(f64, f64)>,
    /// Whether it cannot be told apart from the best (never the best
    /// itself).
    pub equal: bool,
}

/// What [`hint_turns`] found, and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnHint {
    /// Every plan with its chance, best first.
    pub lines: Vec<TurnLine>,
    /// `false` when there were too many plans to list and the lines are
    /// each single use instead (the rest of the turn played by whoever
    /// values it: best play where exact, the players where estimated).
    pub whole: bool,
    /// Games played out from each plan (0 when exact).
    pub games: u64,
    /// Positions the players searched in those games.
    pub positions: u64,
    /// Whether the budget stopped the games before the number asked.
    pub cut: bool,
}

/// Whether two chances cannot be told apart: exact ones within
/// [`EXACT_TIE`]; an estimate's interval meeting the other's (or the
/// other's exact value).
pub fn indistinct(
    a: f64,
    a_interval: Option<(f64, f64)>,
    b: f64,
    b_interval: Option<(f64, f64)>,
) -> bool {
    match (a_interval, b_interval) {
        (None, None) => (a - b).abs() <= EXACT_TIE,
        (x, y) => {
            let (al, ah) = x.unwrap_or((a, a));
            let (bl, bh) = y.unwrap_or((b, b));
            al <= bh && bl <= ah
        }
    }
}

/// Every plan of the pending throws at `play` with the chance the team
/// to move wins after it, best first: exact when `table` covers the
/// position, else each plan's end is played out `games` times between
/// `players` (seeded from `seed`, paired across plans) within `budget`
/// positions as [`hint_within`](super::hint::hint_within) plays them.
/// Empty unless the game waits for a move.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub fn hint_turns(
    play: &Play,
    table: Option<&Table>,
    players: Players<'_>,
    games: u64,
    seed: u64,
    budget: u64,
    stop: &dyn Interrupt,
) -> Result<TurnHint, Interrupted> {
    let mut out = TurnHint {
        lines: Vec::new(),
        whole: true,
        games: 0,
        positions: 0,
        cut: false,
    };
    let Phase::Move(team) = play.phase() else {
        return Ok(out);
    };
    let (list, whole) = plans(play);
    out.whole = whole;
    let exact: Option<Vec<f64>> = table.and_then(|t| {
        let mut turn = Turn::new(play.sticks().odds(), t.cap(), Mode::Max).reading_catch_starts();
        list.iter()
            .map(|p| exact_chance(t, &mut turn, &p.end, team))
            .collect()
    });
    out.lines = match exact {
        Some(values) => list
            .into_iter()
            .zip(values)
            .map(|(plan, chance)| TurnLine {
                plan,
                chance,
                interval: None,
                equal: false,
            })
            .collect(),
        None => {
            let ends: Vec<Play> = list.iter().map(|p| p.end).collect();
            let found = estimate(&ends, team, players, games, seed, budget, stop)?;
            out.games = found.games;
            out.positions = found.positions;
            out.cut = found.cut;
            list.into_iter()
                .zip(found.shares)
                .map(|(plan, s)| TurnLine {
                    plan,
                    chance: s.p,
                    interval: Some((s.low, s.high)),
                    equal: false,
                })
                .collect()
        }
    };
    // Best first; a stable sort keeps the plans' order among ties.
    out.lines.sort_by(|a, b| b.chance.total_cmp(&a.chance));
    if let Some((best, rest)) = out.lines.split_first_mut() {
        for line in rest {
            line.equal = indistinct(line.chance, line.interval, best.chance, best.interval);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_are_told_apart_only_beyond_their_noise() {
        // Exact: equal within 1e-9 only.
        assert!(indistinct(0.5, None, 0.5 + 5e-10, None));
        assert!(!indistinct(0.5, None, 0.5 + 2e-9, None));
        // Estimates: intervals that meet (touching counts) are equal.
        assert!(indistinct(
            0.60,
            Some((0.55, 0.65)),
            0.52,
            Some((0.47, 0.57))
        ));
        assert!(indistinct(
            0.60,
            Some((0.55, 0.65)),
            0.50,
            Some((0.45, 0.55))
        ));
        assert!(!indistinct(
            0.60,
            Some((0.55, 0.65)),
            0.49,
            Some((0.44, 0.54))
        ));
        // An estimate against an exact value: the value inside or not.
        assert!(indistinct(0.60, Some((0.55, 0.65)), 0.56, None));
        assert!(!indistinct(0.60, Some((0.55, 0.65)), 0.50, None));
    }
}
