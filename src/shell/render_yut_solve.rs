//! The text of `hint` and `review`: chances in percent, exact ones to two
//! decimals, estimated ones as `odds` shows them (with the 95% interval).

use super::commands::yut::{HINT_BUDGET, HINT_GAMES, ODDS_PLAYER};
use super::reply::{HintCut, ReviewReport};
use crate::stats::Share;
use crate::yut::Team;
use crate::yut::player::solve::HintLine;
use crate::yut::player::solve::review::{BLUNDER, INACCURACY, MISTAKE};
use std::fmt::Write as _;

/// A chance: `61.25%` when exact, `61.3% (58.2-64.3%)` when estimated.
fn chance(line: &HintLine) -> String {
    match line.interval {
        None => format!("{:.2}%", line.chance * 100.0),
        Some((low, high)) => Share {
            p: line.chance,
            low,
            high,
        }
        .to_string(),
    }
}

/// `move A geol`.
fn use_text(line: &HintLine) -> String {
    format!("move {} {}", line.choice.token, line.choice.roll.name())
}

/// `hint`: a heading saying whose chances and how they were found, then
/// one line a use, best first; `outside` says why the solved tables do
/// not cover the game's house rules, when they do not.
pub(crate) fn hint_text(
    team: Team,
    lines: &[HintLine],
    outside: Option<&str>,
    cut: Option<HintCut>,
) -> String {
    let mut how = match (lines.first().map(|l| l.interval), cut) {
        (None, _) => return format!("{team} to move: no use of the pending throws\n"),
        (Some(None), _) => "exact, from the solved table".to_string(),
        (Some(Some(_)), None) => format!(
            "estimated by {HINT_GAMES} games a use, {ODDS_PLAYER} vs {ODDS_PLAYER}, with 95% intervals"
        ),
        // The budget ran out: fewer games, wider intervals, and the
        // count that stopped them.
        (Some(Some(_)), Some(c)) => format!(
            "estimated by {} game{} a use, not {HINT_GAMES}: the games searched {} positions, past the budget of {HINT_BUDGET}; {ODDS_PLAYER} vs {ODDS_PLAYER}, with 95% intervals",
            c.games,
            if c.games == 1 { "" } else { "s" },
            c.positions
        ),
    };
    if let Some(why) = outside {
        let _ = write!(
            how,
            "; the solved tables are for the contest's rules, and {why}"
        );
    }
    let mut out =
        format!("{team} to move: the chance to win after each use, best first ({how}):\n");
    for line in lines {
        let _ = writeln!(out, "  {}: {}", use_text(line), chance(line));
    }
    out
}

/// `review`: a heading with the thresholds, one line a decision, and what
/// each team lost in all.
pub(crate) fn review_text(report: &ReviewReport) -> String {
    let mut out = format!(
        "review of {} decision{} (exact where a solved table covers the position, else estimated by {} games a use; inaccuracy from {:.0}%, mistake from {:.0}%, blunder from {:.0}% lost):\n",
        report.decisions.len(),
        if report.decisions.len() == 1 { "" } else { "s" },
        report.games,
        INACCURACY * 100.0,
        MISTAKE * 100.0,
        BLUNDER * 100.0,
    );
    for (i, (team, r)) in report.decisions.iter().enumerate() {
        let played = HintLine {
            choice: r.played,
            chance: r.chance,
            interval: r.best.interval.map(|_| (r.chance, r.chance)),
        };
        let _ = write!(out, "  {}. {team} {}: ", i + 1, use_text(&played));
        if r.loss <= 0.0 {
            let _ = writeln!(out, "{}, the best", chance(&r.best));
            continue;
        }
        let _ = write!(
            out,
            "lost {:.2}% (best {} {})",
            r.loss * 100.0,
            use_text(&r.best),
            chance(&r.best)
        );
        let mark = r.mark.to_string();
        if !mark.is_empty() {
            let _ = write!(out, " {mark}");
        }
        out.push('\n');
    }
    if report.forced > 0 {
        let _ = writeln!(
            out,
            "  ({} forced move{} not reviewed: one use only)",
            report.forced,
            if report.forced == 1 { "" } else { "s" }
        );
    }
    if report.skipped > 0 {
        let _ = writeln!(
            out,
            "  ({} free turn{} not reviewed: `move TOKEN FBFB` throws and moves at once)",
            report.skipped,
            if report.skipped == 1 { "" } else { "s" }
        );
    }
    let [upper, lower] = report.total;
    let _ = writeln!(
        out,
        "lost in all: upper {:.2}%, lower {:.2}%",
        upper * 100.0,
        lower * 100.0
    );
    out
}
