//! A game reviewed: for each decision, the win chance lost against the
//! best use of the pending throws, marked by how much.
//!
//! The thresholds, in win chance lost (as backgammon reviews mark
//! equity): an inaccuracy from 0.02, a mistake from 0.05, a blunder from
//! 0.10. The chances are [`hint`]'s: exact where a table covers the
//! position, else estimated by games played out, and then a decision is
//! marked only when its interval and the best's do not meet (a loss
//! within the estimate's noise is not told apart from none).

use super::analysis::Analysis;
use super::hint::{HintLine, Players, hint};
use super::table::Table;
use super::whole::indistinct;
use crate::interrupt::Interrupted;
use crate::yut::rules::play::{Play, Use};

/// The least loss marked an inaccuracy.
pub const INACCURACY: f64 = 0.02;
/// The least loss marked a mistake.
pub const MISTAKE: f64 = 0.05;
/// The least loss marked a blunder.
pub const BLUNDER: f64 = 0.10;

pub use crate::mark::Mark;

/// Yut's marks by the win chance lost.
pub const THRESHOLDS: crate::mark::Thresholds = crate::mark::Thresholds {
    inaccuracy: INACCURACY,
    mistake: MISTAKE,
    blunder: BLUNDER,
};

/// One decision reviewed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reviewed {
    /// The use played.
    pub played: Use,
    /// Its chance for the team that played it.
    pub chance: f64,
    /// The 95% interval of that chance when estimated.
    pub interval: Option<(f64, f64)>,
    /// The best use and its chance.
    pub best: HintLine,
    /// The win chance lost (0 for the best use).
    pub loss: f64,
    /// How bad that is (`None`: no mark).
    pub mark: Option<Mark>,
}

/// Review `decisions` (the game before each move, and the use played):
/// each with its loss, and the total lost. Exact where `table` covers a
/// position; else estimated as [`hint`] does, by the analysis's games a
/// use between `players`.
///
/// # Errors
///
/// [`Interrupted`] when the analysis's `stop` says so.
pub fn review(
    decisions: &[(Play, Use)],
    table: Option<&Table>,
    mut players: Players<'_>,
    analysis: &Analysis<'_>,
) -> Result<(Vec<Reviewed>, f64), Interrupted> {
    let mut out = Vec::new();
    let mut total = 0.0;
    for (play, used) in decisions {
        let lines = hint(play, table, players.reborrow(), analysis)?;
        let Some(&best) = lines.first() else {
            continue;
        };
        // The line of the use played: the same result on the same group
        // (a hint names a stack or the home tokens by one of them).
        let state = play.game().state(used.token);
        let Some(line) = lines
            .iter()
            .find(|l| l.choice.roll == used.roll && play.game().state(l.choice.token) == state)
        else {
            continue;
        };
        let loss = (best.chance - line.chance).max(0.0);
        total += loss;
        // Marked only when the two can be told apart: exact chances
        // by the thresholds, estimates when the intervals do not meet.
        let mark = if indistinct(line.chance, line.interval, best.chance, best.interval) {
            None
        } else {
            THRESHOLDS.mark(loss)
        };
        out.push(Reviewed {
            played: *used,
            chance: line.chance,
            interval: line.interval,
            best,
            loss,
            mark,
        });
    }
    Ok((out, total))
}
