//! The move budget of every analysis: the one gate `hint`, `review`,
//! `retry` (and any analysis built on them) pass a position through before
//! they list its moves.
//!
//! A set-up position can give a monkey astronomically many jump paths
//! (`congo::moves::budget`): listing them all would take gigabytes. The
//! move commands and `go` refuse such a position with
//! [`Illegal::TooManyMoves`]; the analysis refuses it with the same error,
//! here, counting the moves (up to [`MOVE_LIMIT`], in time bounded by it)
//! before any list is built.
//!
//! [`MOVE_LIMIT`]: crate::congo::moves::budget::MOVE_LIMIT

use crate::congo::moves::budget::MOVE_LIMIT;
use crate::congo::moves::{Illegal, Move, legal_moves, move_count_up_to};
use crate::congo::{Game, Position};
use crate::interrupt::Interrupted;

/// Why an analysis of one position gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The position is refused as the move commands refuse it
    /// ([`Illegal::TooManyMoves`]); nothing was searched.
    Illegal(Illegal),
    /// `stop` was set before the analysis ended.
    Interrupted,
}

impl From<Illegal> for AnalysisError {
    fn from(why: Illegal) -> AnalysisError {
        AnalysisError::Illegal(why)
    }
}

impl From<Interrupted> for AnalysisError {
    fn from(_: Interrupted) -> AnalysisError {
        AnalysisError::Interrupted
    }
}

/// How many legal moves `pos` has, when within the budget.
///
/// # Errors
///
/// [`Illegal::TooManyMoves`] when it has [`MOVE_LIMIT`] or more.
pub fn checked_count(pos: &Position) -> Result<u64, Illegal> {
    let n = move_count_up_to(pos, MOVE_LIMIT);
    if n >= MOVE_LIMIT {
        return Err(Illegal::TooManyMoves);
    }
    Ok(n)
}

/// The legal moves of `pos` (sorted by notation), when within the budget:
/// counted first, so an over-budget position allocates nothing.
///
/// # Errors
///
/// [`Illegal::TooManyMoves`] as [`checked_count`].
pub fn checked_moves(pos: &Position) -> Result<Vec<Move>, Illegal> {
    checked_count(pos)?;
    Ok(legal_moves(pos))
}

/// A position of a game over the budget: its ply (0: the first position,
/// `k`: the position after the game's `k`-th move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    pub ply: usize,
}

impl OverBudget {
    /// The error the move commands give for such a position.
    pub fn illegal(self) -> Illegal {
        Illegal::TooManyMoves
    }
}

/// The number of legal moves of each of `game`'s positions, from its
/// first (one more than the moves), all within the budget: what a whole
/// game's analysis checks before it searches anything. The game is
/// replayed as `review` replays it.
///
/// # Errors
///
/// [`OverBudget`] naming the first position with too many moves.
pub fn checked_game(game: &Game) -> Result<Vec<u64>, OverBudget> {
    let mut replay = Game::new(game.start().clone());
    let mut counts = Vec::with_capacity(game.moves().len() + 1);
    for (ply, mv) in std::iter::once(None)
        .chain(game.moves().map(Some))
        .enumerate()
    {
        if let Some(mv) = mv
            && replay.play(mv).is_err()
        {
            // Not reached: the game's own moves replay.
            break;
        }
        counts.push(checked_count(replay.position()).map_err(|_| OverBudget { ply })?);
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::fen;

    /// Issue 50's position: White's monkey on a1 has over a million jump
    /// paths through the lattice of black pawns.
    const HUGE: &str = "1plp1pL/pppppp1/1p1p1pp/ccccccc/1p1p1p1/ppppppp/Mp1p1p1 w 1";

    #[test]
    fn a_position_over_the_budget_is_refused_before_listing() {
        let pos = fen::parse(HUGE).unwrap();
        assert_eq!(checked_count(&pos), Err(Illegal::TooManyMoves));
        assert_eq!(checked_moves(&pos), Err(Illegal::TooManyMoves));
        // An ordinary position: its list as the generator gives it.
        let start = Position::start();
        assert_eq!(checked_moves(&start).unwrap(), legal_moves(&start));
    }
}
