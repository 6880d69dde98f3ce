//! The text of `hint` and `review`: chances in percent, exact ones to two
//! decimals, estimated ones as `odds` shows them (with the 95% interval).

use super::commands::yut::{HINT_BUDGET, HINT_GAMES, HINT_SAMPLES, ODDS_PLAYER};
use super::reply::{ReviewReport, YutHint};
use crate::stats::Share;
use crate::stats::chart::{ChartMark, svg_chart, terminal_chart};
use crate::yut::player::solve::review::{BLUNDER, INACCURACY, MISTAKE, Mark, Reviewed};
use crate::yut::player::solve::{
    Ending, HintLine, Plan, TurnLine, landing, loss_totals, luck_totals,
};
use crate::yut::{Play, Team, Use};
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

/// A plan's chance: `61.25%` when exact, `61.3% (58.2-64.3%)` when
/// estimated.
fn turn_chance(line: &TurnLine) -> String {
    chance(&HintLine {
        choice: Use {
            token: crate::yut::Token::A,
            roll: crate::yut::Roll::Do,
        },
        chance: line.chance,
        interval: line.interval,
    })
}

/// `move B do, then move A yut`.
fn plan_text(plan: &Plan) -> String {
    let moves: Vec<String> = (plan.uses.iter())
        .map(|u| format!("move {} {}", u.token, u.roll.name()))
        .collect();
    moves.join(", then ")
}

/// What a plan does: `A home -> mo, stacks with B, catches a; throws
/// again, then uses yut (4)`.
fn outcome_text(start: &Play, team: Team, plan: &Plan) -> String {
    let landing = landing(start, &plan.end, team);
    let mut parts: Vec<String> = Vec::new();
    for m in &landing.moved {
        let names: Vec<String> = m.tokens.iter().map(ToString::to_string).collect();
        let mut part = format!("{} {} -> {}", names.join("+"), m.from, m.to);
        if !m.stacks_with.is_empty() {
            let with: Vec<String> = m.stacks_with.iter().map(ToString::to_string).collect();
            let _ = write!(part, ", stacks with {}", with.join("+"));
        }
        parts.push(part);
    }
    let mut out = parts.join(", ");
    if !landing.caught.is_empty() {
        let caught: Vec<String> = landing.caught.iter().map(ToString::to_string).collect();
        let _ = write!(out, ", catches {}", caught.join(" "));
    }
    match plan.ending(team) {
        Ending::Passed => {}
        Ending::Won => out.push_str("; wins"),
        Ending::Caught if plan.end.pending().is_empty() => out.push_str("; throws again"),
        Ending::Caught => {
            let _ = write!(out, "; throws again, then uses {}", plan.end.pending());
        }
        Ending::Pending => {
            let _ = write!(out, "; {} left", plan.end.pending());
        }
    }
    out
}

/// `hint`: a heading saying whose chances, what is pending and how the
/// chances were found, then one line a plan (each order of using the
/// pending throws, collapsed to the games they lead to), best first:
/// the uses, what they do, the chance; `=` before a plan that cannot be
/// told apart from the best.
pub(crate) fn hint_text(hint: &YutHint) -> String {
    let team = hint.team;
    let turns = &hint.turns;
    let what = if turns.whole { "plan" } else { "use" };
    let estimated = turns.lines.iter().any(|l| l.interval.is_some());
    let fewer = (turns.lines.iter()).any(|l| l.interval.is_some() && l.games < turns.games);
    let games = |n: u64| format!("{n} game{}", if n == 1 { "" } else { "s" });
    let mut how = match (turns.lines.first(), estimated) {
        (None, _) => return format!("{team} to move: no use of the pending throws\n"),
        (Some(_), false)
            if turns
                .lines
                .iter()
                .all(|l| l.plan.ending(team) == Ending::Won) =>
        {
            format!("exact: every {what} wins at once")
        }
        (Some(_), false) => {
            format!("exact, from the solved table; = marks a {what} within 1e-9 of the best")
        }
        // The budget of positions ran out: fewer games, wider
        // intervals, and the count that stopped them.
        (Some(_), true) if turns.cut => format!(
            "estimated by {} a {what}, not {HINT_GAMES}: the games searched {} positions, past the budget of {HINT_BUDGET}; {ODDS_PLAYER} vs {ODDS_PLAYER}, with 95% intervals; = marks a {what} whose interval meets the best's",
            games(turns.games),
            turns.positions
        ),
        // The budget of games in all ran out.
        (Some(_), true) if turns.samples_cut => format!(
            "estimated by {} a {what}, not {HINT_GAMES}: {} in all reached the budget of {HINT_SAMPLES}; {ODDS_PLAYER} vs {ODDS_PLAYER}, with 95% intervals; = marks a {what} whose interval meets the best's",
            games(turns.games),
            games(turns.played)
        ),
        (Some(_), true) => format!(
            "estimated by {HINT_GAMES} games a {what}, {ODDS_PLAYER} vs {ODDS_PLAYER}, with 95% intervals; = marks a {what} whose interval meets the best's"
        ),
    };
    if estimated && fewer {
        let _ = write!(
            how,
            "; a {what} clearly below the best (by the games both played) stops early, its games shown"
        );
    }
    if estimated && turns.lines.iter().any(|l| l.interval.is_none()) {
        let _ = write!(how, "; a {what} that wins at once is certain, exact");
    }
    if let Some(why) = hint.outside {
        let _ = write!(
            how,
            "; the solved tables are for the contest's rules, and {why}"
        );
    }
    let pending = hint.start.pending();
    let heading = if turns.whole {
        "every way to use them (orders that end alike as one), best first"
    } else {
        "too many orders to list: each use, the rest of the turn played on, best first"
    };
    let mut out =
        format!("{team} to move, {pending} pending: the chance to win after {heading} ({how}):\n");
    for line in &turns.lines {
        let _ = write!(
            out,
            "{} {}: {}: {}",
            if line.equal { "=" } else { " " },
            plan_text(&line.plan),
            outcome_text(&hint.start, team, &line.plan),
            turn_chance(line)
        );
        if line.interval.is_some() && line.games < turns.games {
            let _ = write!(out, " in {}", games(line.games));
        }
        out.push('\n');
    }
    out
}

/// `review`: a heading with the thresholds, one line a decision (a mark
/// only where the chance played and the best's can be told apart), each
/// throw's luck, each team's luck and loss in all, and upper's chance as
/// a chart (block characters when `utf8`, `#` else).
pub(crate) fn review_text(report: &ReviewReport, width: usize, utf8: bool) -> String {
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
        let _ = write!(out, "  {}. {team} {}: ", i + 1, use_text(&hint_line(r)));
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
        if let Some(mark) = r.mark {
            let _ = write!(out, " {mark}");
        }
        out.push('\n');
    }
    if !report.complete {
        let _ = writeln!(
            out,
            "(stopped: {} of {} decisions reviewed)",
            report.decisions.len(),
            report.reviewable
        );
    }
    not_reviewed(&mut out, report.forced, "forced move", "one use only");
    not_reviewed(
        &mut out,
        report.skipped,
        "free turn",
        "`move TOKEN FBFB` throws and moves at once",
    );
    let luck = &report.luck;
    if !luck.throws.is_empty() {
        let _ = writeln!(
            out,
            "luck of each throw (the thrower's chance after it minus before it{}):",
            match (luck.estimated, luck.cut) {
                (false, _) => ", exact".to_string(),
                (true, false) => format!(
                    "; estimated by {} games where no table covers, with the 95% interval",
                    luck.games
                ),
                (true, true) => format!(
                    "; estimated by {} game{} where no table covers (the budget of {HINT_BUDGET} positions stopped them), with the 95% interval",
                    luck.games,
                    if luck.games == 1 { "" } else { "s" }
                ),
            }
        );
        for (i, t) in luck.throws.iter().enumerate() {
            let _ = write!(
                out,
                "  {}. {} {}: {}",
                i + 1,
                t.team,
                t.roll.name(),
                signed(t.luck)
            );
            if let Some((low, high)) = t.interval {
                let _ = write!(out, " ({} to {})", signed(low), signed(high));
            }
            out.push('\n');
        }
        let [upper, lower] = luck_totals(luck).map(|t| plus_minus(signed(t.value), t.half, utf8));
        let _ = writeln!(out, "luck in all: upper {upper}, lower {lower}");
    }
    let ([upper, lower], left_out) = loss_totals(report);
    let [upper, lower] =
        [upper, lower].map(|t| plus_minus(format!("{:.2}%", t.value * 100.0), t.half, utf8));
    let _ = write!(out, "lost in all: upper {upper}, lower {lower}");
    if left_out > 0 {
        let _ = write!(
            out,
            " (leaving out {left_out} loss{} within the estimates' noise)",
            if left_out == 1 { "" } else { "es" }
        );
    }
    out.push('\n');
    if luck.points.len() > 1 {
        let _ = writeln!(
            out,
            "upper's chance, a column a throw or move (top 100%, bottom 0%):"
        );
        let chances: Vec<f64> = luck.points.iter().map(|p| p.upper).collect();
        let columns = width.saturating_sub(2).clamp(10, 200);
        for line in terminal_chart(&chances, columns, CHART_ROWS, utf8) {
            let _ = writeln!(out, "|{line}");
        }
    }
    out
}

/// The review's note that `n` moves of a kind (`what`, singular) were not
/// reviewed and why, when there are any.
fn not_reviewed(out: &mut String, n: usize, what: &str, why: &str) {
    if n > 0 {
        let s = if n == 1 { "" } else { "s" };
        let _ = writeln!(out, "  ({n} {what}{s} not reviewed: {why})");
    }
}

/// `text ± 1.23%` (`+/-` unless `utf8`) when a half-width is given (a
/// total with estimates in it), else `text`.
fn plus_minus(text: String, half: Option<f64>, utf8: bool) -> String {
    match half {
        Some(h) => format!(
            "{text} {} {:.2}%",
            if utf8 { "±" } else { "+/-" },
            h * 100.0
        ),
        None => text,
    }
}

/// The chart's height in lines, as Congo's.
const CHART_ROWS: usize = 3;

/// A change of chance in points, signed: `+4.10%`, `-0.25%`.
fn signed(x: f64) -> String {
    let x = if x.abs() < 5e-5 { 0.0 } else { x };
    format!("{:+.2}%", x * 100.0)
}

/// The use a reviewed decision played, as a hint's line names it.
fn hint_line(r: &Reviewed) -> HintLine {
    HintLine {
        choice: r.played,
        chance: r.chance,
        interval: r.interval,
    }
}

/// `review yut svg FILE`: upper's chance along the game, a point a throw
/// or move, the marked decisions as dots.
pub(crate) fn review_svg(report: &ReviewReport) -> String {
    let chances: Vec<f64> = report.luck.points.iter().map(|p| p.upper).collect();
    // The marks are the marked decisions in order: each dot is named by
    // its decision's number in the text (`18. upper move A do`), which
    // leaves out the forced moves, not by its place among all moves.
    let marked = (report.decisions.iter().enumerate())
        .filter(|(_, (_, r))| r.mark.is_some())
        .map(|(i, (team, r))| format!("{}. {team} {}", i + 1, use_text(&hint_line(r))));
    let marks: Vec<ChartMark> = (report.marks.iter())
        .zip(marked)
        .map(|(&(point, mark), name)| ChartMark {
            point,
            colour: match mark {
                Mark::Blunder => "#c00000",
                Mark::Mistake => "#e07000",
                _ => "#d4a017",
            },
            label: format!("{name}: {mark}"),
        })
        .collect();
    svg_chart(
        &chances,
        "Upper's win chance after each throw and move",
        &marks,
    )
}
