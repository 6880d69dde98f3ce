//! The tutor's check of a Congo move before it is played: the move's value
//! against the best move's, the loss in the mover's win chance marked by
//! the review's thresholds ([`Mark::for_loss`]), so the tutor, `hint` and
//! `review` agree on what a mistake is.
//!
//! The best move is found by [`hint`] (every legal move searched, the best
//! searched again); the played move, when it is not that one, is searched
//! with the same share the best move's second search had, so the two
//! values are measured alike. A node budget ([`TUTOR_NODES`]) keeps the
//! verdict the same on every run and machine. The position passes the
//! analysis' move budget first (inside [`hint`]). A forced move (the only
//! legal one) is never checked.

use super::budget::{AnalysisError, checked_count};
use super::hint::{Candidate, hint, value_of};
use super::review::Mark;
use crate::congo::search::{Engine, Limits};
use crate::congo::{Move, Position};
use crate::interrupt::Interrupt;

/// The nodes of the tutor's [`hint`] (the best move's search); the played
/// move gets half as many again: 0.12 s a check in a release build on
/// the 2-core machine, under load (`lab/NOTES.md`, 2026-12-07).
pub const TUTOR_NODES: u64 = 200_000;

/// Why the tutor stops a move: what it loses against the best move.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    /// The move checked, with its value from the mover's view.
    pub played: Candidate,
    /// The best move found, with its value and line.
    pub best: Candidate,
    /// The mover's win chance lost (0 to 1).
    pub loss: f64,
    /// The review's mark for that loss.
    pub mark: Mark,
}

/// The tutor's verdict on `mv` in `pos` (after the game's positions
/// `history`): a [`Warning`] when the move loses enough win chance to earn
/// `least` or a worse mark, else `None` (a good move, the only legal move,
/// or a move that is not legal, which playing it refuses).
///
/// # Errors
///
/// [`AnalysisError::Illegal`] for a position with too many moves to list;
/// [`AnalysisError::Interrupted`] when `stop` is set first.
pub fn check(
    engine: &mut Engine,
    pos: &Position,
    history: &[u64],
    mv: Move,
    least: Mark,
    stop: &dyn Interrupt,
) -> Result<Option<Warning>, AnalysisError> {
    if checked_count(pos)? <= 1 || pos.after(mv).is_err() {
        return Ok(None);
    }
    let limits = Limits::nodes(TUTOR_NODES);
    let found = hint(engine, pos, history, 1, &limits, stop)?;
    let Some(best) = found.moves.into_iter().next() else {
        return Ok(None);
    };
    if best.mv == mv {
        return Ok(None);
    }
    // The share the best move's second search had: half the nodes.
    let played = value_of(
        engine,
        pos,
        history,
        mv,
        &Limits::nodes(TUTOR_NODES / 2),
        stop,
    )?;
    let loss = (best.value.chance - played.value.chance).max(0.0);
    Ok(Mark::for_loss(loss)
        .filter(|&mark| mark >= least)
        .map(|mark| Warning {
            played,
            best,
            loss,
            mark,
        }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::fen;
    use crate::congo::moves::parse_move;
    use crate::congo::search::EngineConfig;
    use crate::interrupt::Never;

    /// The lions face each other on the d file, White's pawn d2 between:
    /// d2c3 opens the file and Black's lion takes White's (the game lost:
    /// a loss of about half the win chance, a blunder); d2d3 keeps the file
    /// shut, as good as any other move.
    const FACING: &str = "3l3/7/p5p/7/P5P/3P3/3L3 w 1";

    fn verdict(mv: &str, least: Mark) -> Option<Warning> {
        let pos = fen::parse(FACING).unwrap();
        let mut engine = Engine::new(EngineConfig::strongest());
        check(
            &mut engine,
            &pos,
            &[],
            parse_move(mv).unwrap(),
            least,
            &Never,
        )
        .unwrap()
    }

    #[test]
    fn a_move_that_hangs_the_lion_is_stopped_as_a_blunder() {
        let w = verdict("d2c3", Mark::Mistake).expect("stopped");
        assert_eq!(w.mark, Mark::Blunder);
        assert_eq!(w.played.value.chance, 0.0, "the lion is lost");
        assert!(w.loss >= 0.15 && w.best.mv != parse_move("d2c3").unwrap());
    }

    #[test]
    fn a_good_move_passes() {
        assert_eq!(verdict("d2d3", Mark::Inaccuracy), None);
    }
}
