//! `retry`'s replies and their text: the position to retry (its board
//! comes first, as `board` draws it), an answer judged, a position
//! skipped, and the tally at the end. Chances are the mover's, in whole
//! percent as `hint` shows them.

use super::move_number::label_at;
use super::render_congo_analysis::{line_text, percent, side_name};
use crate::congo::Color;
use crate::congo::analysis::{Answer, Puzzle, Value, Verdict};
use std::fmt::Write as _;

/// How the positions of one retry went so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Answered with the best move or one as good.
    pub found: usize,
    /// Answered with a worse move (the better one shown).
    pub shown: usize,
    /// Skipped with a bare `retry`.
    pub skipped: usize,
    /// Positions in the retry.
    pub total: usize,
}

/// What `retry` says.
#[derive(Clone, Debug, PartialEq)]
pub enum RetryReply {
    /// The position to retry (its board was shown first): the `number`th
    /// of `of`.
    Puzzle {
        number: usize,
        of: usize,
        puzzle: Box<Puzzle>,
    },
    /// An answer judged against the puzzle's better move.
    Judged(Box<(Answer, Puzzle)>),
    /// A position skipped: its better move.
    Skipped(Box<Puzzle>),
    /// No position left.
    Done(Tally),
    /// `retry stop`, with `left` positions not reached.
    Stopped { tally: Tally, left: usize },
    /// The review marks no mistake or blunder of `sides` among its `moves`.
    Nothing { sides: Vec<Color>, moves: usize },
}

/// `White's chance 64%`.
fn chance(side: Color, v: Value) -> String {
    format!(
        "{}'s chance {}",
        side_name(side),
        percent(v.chance, v.exact)
    )
}

/// `the better move: d1d7, White's chance 100% (line d1d7)`.
fn better(p: &Puzzle) -> String {
    match p.best {
        Some(best) => format!(
            "the better move: {best}, {} (line {})",
            chance(p.mover(), p.best_value),
            line_text(&p.line)
        ),
        None => "the review found no better move".to_string(),
    }
}

/// The counts of a tally: `1 found, 0 shown, 1 skipped of 2`.
fn counts(t: &Tally) -> String {
    format!(
        "{} found, {} shown, {} skipped of {}",
        t.found, t.shown, t.skipped, t.total
    )
}

/// The text of `reply`, each line ended.
pub fn retry_text(reply: &RetryReply) -> String {
    let mut s = String::new();
    match reply {
        RetryReply::Puzzle { number, of, puzzle } => {
            let side = side_name(puzzle.mover());
            let _ = writeln!(
                s,
                "retry {number} of {of}: {side} played {} {} {} here ({:.1} points lost)",
                label_at(&puzzle.before),
                puzzle.played,
                puzzle.mark.symbol(),
                puzzle.loss * 100.0
            );
            let _ = writeln!(
                s,
                "find a better move for {side}: `retry <move>` (`retry` skips it, `retry stop` ends)"
            );
        }
        RetryReply::Judged(judged) => {
            let (a, p) = &**judged;
            let side = p.mover();
            let _ = match a.verdict {
                Verdict::Best => writeln!(
                    s,
                    "{}: found, the best move ({})",
                    a.mv,
                    chance(side, a.value)
                ),
                Verdict::Found => {
                    let best = p.best.map_or_else(String::new, |b| {
                        format!("{b} ({})", percent(p.best_value.chance, p.best_value.exact))
                    });
                    if a.loss > 0.0 {
                        writeln!(
                            s,
                            "{}: found, {}, {:.1} points below the review's best, {best}",
                            a.mv,
                            chance(side, a.value),
                            a.loss * 100.0,
                        )
                    } else {
                        writeln!(
                            s,
                            "{}: found, {}, as good as the review's best, {best}",
                            a.mv,
                            chance(side, a.value),
                        )
                    }
                }
                Verdict::Played => writeln!(
                    s,
                    "{}: the move played, {}, {:.1} points lost\n{}",
                    a.mv,
                    chance(side, a.value),
                    a.loss * 100.0,
                    better(p)
                ),
                Verdict::Missed => writeln!(
                    s,
                    "{}: {}, {:.1} points below the best (line {})\n{}",
                    a.mv,
                    chance(side, a.value),
                    a.loss * 100.0,
                    line_text(&a.line),
                    better(p)
                ),
            };
        }
        RetryReply::Skipped(p) => {
            let _ = writeln!(
                s,
                "skipped {} {}\n{}",
                label_at(&p.before),
                p.played,
                better(p)
            );
        }
        RetryReply::Done(t) => {
            let _ = writeln!(s, "no more mistakes to retry: {}", counts(t));
        }
        RetryReply::Stopped { tally, left } => {
            let _ = writeln!(
                s,
                "retry stopped: {}, {left} left (`retry` starts again)",
                counts(tally)
            );
        }
        RetryReply::Nothing { sides, moves } => {
            let names: Vec<&str> = sides.iter().map(|&c| side_name(c)).collect();
            let plural = if *moves == 1 { "" } else { "s" };
            let _ = writeln!(
                s,
                "no mistakes or blunders by {} to retry: the review of {moves} move{plural} marks none",
                names.join(" or ")
            );
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::analysis::Mark;
    use crate::congo::moves::parse_move;
    use crate::congo::search::Score;

    fn value(cp: i32, chance: f64) -> Value {
        Value {
            score: Score::Cp(cp),
            chance,
            exact: false,
        }
    }

    /// A puzzle for Black (the start position after White's c2c3), the
    /// review's best e6e5 at 55%.
    fn puzzle() -> Puzzle {
        let mv = |t| parse_move(t).unwrap();
        let start = crate::congo::Position::start();
        Puzzle {
            index: 1,
            before: start.after(mv("c2c3")).unwrap(),
            history: vec![start.zobrist()],
            previous: Some(mv("c2c3")),
            played: mv("a6a5"),
            mark: Mark::Mistake,
            loss: 0.12,
            played_value: value(-60, 0.43),
            best: Some(mv("e6e5")),
            best_value: value(40, 0.55),
            line: vec![mv("e6e5"), mv("c3c4")],
        }
    }

    fn judged(mv: &str, v: Value, loss: f64, verdict: Verdict) -> String {
        let mv = parse_move(mv).unwrap();
        let answer = Answer {
            mv,
            value: v,
            line: vec![mv],
            loss,
            verdict,
        };
        retry_text(&RetryReply::Judged(Box::new((answer, puzzle()))))
    }

    #[test]
    fn a_move_found_says_how_near_the_best_it_is() {
        // 2 points below the best: found (under the 5 of an inaccuracy),
        // the chances the mover's (Black's), in whole percent.
        assert_eq!(
            judged("d6d5", value(30, 0.53), 0.02, Verdict::Found),
            "d6d5: found, Black's chance 53%, 2.0 points below the review's best, e6e5 (55%)\n"
        );
        // As good or better: no points below.
        assert_eq!(
            judged("d6d5", value(50, 0.57), 0.0, Verdict::Found),
            "d6d5: found, Black's chance 57%, as good as the review's best, e6e5 (55%)\n"
        );
    }

    #[test]
    fn the_puzzle_names_its_move_mark_and_loss() {
        let text = retry_text(&RetryReply::Puzzle {
            number: 1,
            of: 4,
            puzzle: Box::new(puzzle()),
        });
        // The review's row 2 (index 1), Black's `?` with 12 points lost,
        // numbered as `history` numbers it: Black's first move, `1...`.
        assert_eq!(
            text,
            "retry 1 of 4: Black played 1... a6a5 ? here (12.0 points lost)\n\
             find a better move for Black: `retry <move>` (`retry` skips it, `retry stop` ends)\n"
        );
        let text = retry_text(&RetryReply::Nothing {
            sides: vec![Color::Black],
            moves: 7,
        });
        assert_eq!(
            text,
            "no mistakes or blunders by Black to retry: the review of 7 moves marks none\n"
        );
    }
}
