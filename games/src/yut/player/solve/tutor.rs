//! The tutor's check of a Yut use before it is made: the use against the
//! best use of the pending throws, as `review` weighs a decision (the
//! per-use chances of [`hint_within`], exact where a solved table covers
//! the position, else estimated; the loss marked by the Yut thresholds,
//! and only when the two chances can be told apart: [`indistinct`]). The
//! estimate is bounded by positions searched ([`TUTOR_POSITIONS`]), not
//! by time, so the verdict is the same on every run. A move with one use
//! only is never checked.

use super::analysis::{Analysis, AnalysisError};
use super::hint::{HintLine, Players, hint_within};
use super::player::{board_of, covers};
use super::review::Mark;
use super::whole::indistinct;
use crate::yut::rules::play::{Phase, Play, Use};

/// Positions the estimate's games may search in all (the exact tables
/// search none): a tenth of `hint`'s budget, about half a second a check
/// on 4-token turns in a release build (`lab/NOTES.md`, 2026-12-07).
pub const TUTOR_POSITIONS: u64 = 1_000_000;

/// Why the tutor stops a use: what it loses against the best one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct YutWarning {
    /// The use checked and its chance for the team making it.
    pub played: HintLine,
    /// The best use and its chance.
    pub best: HintLine,
    /// The win chance lost.
    pub loss: f64,
    /// Its mark by the Yut thresholds.
    pub mark: Mark,
}

/// The tutor's verdict on `used` at `play`: a [`YutWarning`] when the use
/// loses enough to earn `least` or a worse mark, else `None` (a good use,
/// a move with one use only, a game that waits for no move, or a use that
/// is not legal, which making it refuses). `analysis.budget` is not used:
/// the estimate's is [`TUTOR_POSITIONS`].
///
/// # Errors
///
/// [`AnalysisError::Interrupted`] when the analysis' interrupt says stop.
pub fn check(
    play: &Play,
    used: Use,
    analysis: &Analysis<'_>,
    least: Mark,
) -> Result<Option<YutWarning>, AnalysisError> {
    if !matches!(play.phase(), Phase::Move(_)) || play.uses().len() <= 1 {
        return Ok(None);
    }
    let (board, _) = board_of(play);
    let table = analysis
        .tables
        .iter()
        .find(|t| covers(t, board))
        .map(|t| &**t);
    let sticks = play.sticks();
    let [mut up, mut low] = [1, 2].map(|k| match analysis.decision_budget {
        Some(b) => analysis.players.build_bounded(sticks, analysis.seed ^ k, b),
        None => analysis.players.build(sticks, analysis.seed ^ k),
    });
    let players = Players {
        upper: &mut *up,
        lower: &mut *low,
    };
    let within = Analysis {
        budget: TUTOR_POSITIONS,
        ..*analysis
    };
    let report =
        hint_within(play, table, players, &within).map_err(|_| AnalysisError::Interrupted)?;
    let Some(&best) = report.lines.first() else {
        return Ok(None);
    };
    // The line of the use: the same result on the same group (a hint
    // names a stack or the home tokens by one of them), as `review` finds
    // it.
    let state = play.game().state(used.token);
    let Some(&line) = report
        .lines
        .iter()
        .find(|l| l.choice.roll == used.roll && play.game().state(l.choice.token) == state)
    else {
        return Ok(None);
    };
    if indistinct(line.chance, line.interval, best.chance, best.interval) {
        return Ok(None);
    }
    let loss = (best.chance - line.chance).max(0.0);
    let Some(mark) = super::review::THRESHOLDS.mark(loss) else {
        return Ok(None);
    };
    Ok((mark >= least).then_some(YutWarning {
        played: line,
        best,
        loss,
        mark,
    }))
}
