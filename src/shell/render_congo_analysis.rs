//! The text of Congo's `hint` and `review`: compact tables, scores and
//! chances from White's side (a hint's chance is the mover's), and the
//! review's advantage chart under its table.

use super::move_number::label_of_ply;
use super::reply::{CongoHint, CongoKey, CongoReview};
use super::white_view::WhiteScore;
use crate::congo::Color;
use crate::congo::analysis::{Note, Value, terminal_chart};
use crate::congo::search::Score;
use std::fmt::Write as _;

/// Rows of the review's chart in the terminal.
const CHART_ROWS: usize = 3;

/// A colour's name, capitalised.
pub(super) fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A score from White's side, short: `+0.35`, `White wins in 1`.
fn white_score(score: Score, to_move: Color) -> String {
    let text = WhiteScore { score, to_move }.to_string();
    text.trim_end_matches(" (white)").to_string()
}

/// A chance in whole percent: 100% and 0% only when certain (an
/// estimate is shown as 1% to 99%).
pub(super) fn percent(chance: f64, exact: bool) -> String {
    let p = (chance.clamp(0.0, 1.0) * 100.0).round();
    let p = if exact || chance <= 0.0 || chance >= 1.0 {
        p
    } else {
        p.clamp(1.0, 99.0)
    };
    format!("{p:.0}%")
}

/// Moves in notation, separated by blanks.
pub(super) fn line_text(line: &[crate::congo::Move]) -> String {
    let names: Vec<String> = line.iter().map(ToString::to_string).collect();
    names.join(" ")
}

/// `hint`: the first line says the game, who moves and the budget; a row
/// a move, best first.
pub fn hint_text(h: &CongoHint) -> String {
    let mut s = format!(
        "Congo hint ({} to move), {}: score from White's side, {}'s chance to win\n",
        side_name(h.to_move),
        h.budget,
        side_name(h.to_move)
    );
    if h.moves.is_empty() {
        s.push_str("  no legal move\n");
    }
    let width = h
        .moves
        .iter()
        .map(|c| c.mv.to_string().len())
        .max()
        .unwrap_or(4);
    let scores: Vec<String> = (h.moves.iter())
        .map(|c| white_score(c.value.score, h.to_move))
        .collect();
    let score_width = scores.iter().map(String::len).max().unwrap_or(0);
    let any_exact = h.moves.iter().any(|c| c.value.exact);
    for (i, (c, score)) in h.moves.iter().zip(&scores).enumerate() {
        let _ = write!(
            s,
            "{:>3}. {:<width$}  {:<score_width$}  {:>4}",
            i + 1,
            c.mv.to_string(),
            score,
            percent(c.value.chance, c.value.exact),
        );
        // The exact column only when some move is exact.
        s.push_str(if c.value.exact {
            " (exact)"
        } else if any_exact {
            "        "
        } else {
            ""
        });
        if i == 0 {
            let _ = write!(s, "  line {}", line_text(&c.line));
        }
        let trimmed = s.trim_end().len();
        s.truncate(trimmed);
        s.push('\n');
    }
    if let Some((searched, legal)) = h.searched {
        let _ = writeln!(
            s,
            "  (the time searched {searched} of the {legal} legal moves, taken best first by a static look; the others are not ranked)"
        );
    }
    s
}

/// White's chance after a value from `side`'s view.
fn white_percent(v: Value, side: Color) -> String {
    percent(v.white_chance(side), v.exact)
}

/// `review`: a row a move (number, mover, move, mark, White's score and
/// chance after it, the mover's loss in points of win chance), the best
/// move under a marked one; then each side's summary and the chart.
pub fn review_text(r: &CongoReview, width: usize, utf8: bool) -> String {
    let review = &r.review;
    let mut s = format!(
        "Congo review, {} a position: score and chance after each move from White's side, loss in points of the mover's chance\n",
        r.budget
    );
    let names: Vec<String> = review.moves.iter().map(|m| m.mv.to_string()).collect();
    let mv_width = names.iter().map(String::len).max().unwrap_or(4);
    let scores: Vec<String> = (review.moves.iter())
        .map(|m| {
            // The position after the move, from its own side to move's
            // view: the mover's win in n is the other side's loss in
            // n - 1 (0: the game is over).
            let after = match m.played_value.score {
                Score::WinIn(n) => Score::LossIn(n.saturating_sub(1)),
                Score::LossIn(n) => Score::WinIn(n),
                Score::Cp(c) => Score::Cp(c.saturating_neg()),
            };
            white_score(after, !m.mover())
        })
        .collect();
    let score_width = scores.iter().map(String::len).max().unwrap_or(0);
    // Numbered as `history` writes the game: `5.` White's, `5...` Black's.
    let labels: Vec<String> = (0..review.moves.len())
        .map(|i| label_of_ply(&r.start, i))
        .collect();
    // Room for `...` whoever moved, so a column stays put as moves come.
    let label_width = (labels.iter())
        .map(|l| l.trim_end_matches('.').len() + 3)
        .max()
        .unwrap_or(0);
    for (i, m) in review.moves.iter().enumerate() {
        let only = m.note == Some(Note::OnlyMove);
        let mark = m.mark.map_or(if only { "!" } else { "" }, |k| k.symbol());
        let note = match m.note {
            _ if m.forced => "  forced".to_string(),
            Some(n) => format!("  {}", n.text()),
            None => String::new(),
        };
        let label = labels.get(i).map_or("", String::as_str);
        let mut row = format!(
            "  {label:<label_width$} {} {:<mv_width$} {:<2}  {:<score_width$}  {:>4}  loss {:>5.1}{note}",
            side_name(m.mover()),
            names.get(i).map_or("", String::as_str),
            mark,
            scores.get(i).map_or("", String::as_str),
            white_percent(m.played_value, m.mover()),
            m.loss * 100.0,
        );
        row.truncate(row.trim_end().len());
        s.push_str(&row);
        s.push('\n');
        if m.mark.is_some()
            && let Some(best) = m.best
        {
            let _ = writeln!(
                s,
                "  {:label_width$} best {best} (line {})",
                "",
                line_text(&m.line)
            );
        }
        if let Some(why) = &m.why {
            let _ = writeln!(s, "  {:label_width$} {why}", "");
        }
    }
    if !review.complete {
        let _ = writeln!(
            s,
            "(stopped: {} of {} moves reviewed)",
            review.moves.len(),
            r.total
        );
    }
    for (side, sum) in [Color::White, Color::Black].into_iter().zip(&review.sides) {
        if sum.moves == 0 {
            let _ = writeln!(s, "{}: no moves", side_name(side));
            continue;
        }
        let biggest = match sum
            .biggest
            .and_then(|b| review.moves.get(b).map(|m| (b, m)))
        {
            Some((b, m)) => format!(
                "{} {}, {:.1} points",
                label_of_ply(&r.start, b),
                m.mv,
                m.loss * 100.0
            ),
            None => "none".to_string(),
        };
        let _ = writeln!(
            s,
            "{}: accuracy {:.1}%, {} ?!, {} ?, {} ??; biggest swing: {biggest}",
            side_name(side),
            sum.accuracy,
            sum.inaccuracies,
            sum.mistakes,
            sum.blunders,
        );
    }
    let _ = writeln!(
        s,
        "White's chance, a column a position (top 100%, bottom 0%):"
    );
    let columns = width.saturating_sub(2).clamp(10, 200);
    for line in terminal_chart(&review.white, columns, CHART_ROWS, utf8) {
        let _ = writeln!(s, "|{line}");
    }
    s
}

/// One key moment of `review key`, under its board: which, the move
/// played with its mark and loss, the better move and its line, the why.
pub fn key_text(k: &CongoKey) -> String {
    let m = &k.moment;
    let mark = m.mark.map_or("", |x| x.symbol());
    let note = m.note.map_or(String::new(), |n| format!(", {}", n.text()));
    let mut s = format!(
        "key moment {} of {}: {} {} played {} {mark} (loss {:.1}{note})\n",
        k.nth,
        k.of,
        super::move_number::label_at(&m.before),
        side_name(m.mover()),
        m.mv,
        m.loss * 100.0,
    );
    if let Some(best) = m.best {
        let _ = writeln!(s, "  better {best} (line {})", line_text(&m.line));
    }
    if let Some(why) = &m.why {
        let _ = writeln!(s, "  {why}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_columns_stay_in_line_past_move_999() {
        use crate::congo::Position;
        use crate::congo::analysis::{Mark, MoveReview, Review};
        use crate::congo::search::Score;
        // Issue 50: move 1000 pushed its row one column right. 1,001
        // moves (the renderer reads them, it does not replay them), the
        // last marked, so its `best` line shows too.
        let value = Value {
            score: Score::Cp(0),
            chance: 0.5,
            exact: false,
        };
        let mv: crate::congo::Move = "a2a3".parse().unwrap();
        let one = MoveReview {
            before: Position::start(),
            mv,
            best_value: value,
            played_value: value,
            loss: 0.0,
            forced: false,
            mark: None,
            best: Some(mv),
            line: vec![mv],
            played_line: vec![mv],
            note: None,
            why: None,
        };
        let mut moves = vec![one.clone(); 1001];
        moves[1000].mark = Some(Mark::Blunder);
        let r = CongoReview {
            review: Review {
                moves,
                white: vec![0.5; 1002],
                sides: Default::default(),
                complete: true,
                nodes: 0,
            },
            start: Position::start(),
            total: 1001,
            budget: "1 s".to_string(),
        };
        let text = review_text(&r, 80, false);
        let rows: Vec<&str> = text.lines().filter(|l| l.contains(" White a2a3")).collect();
        assert_eq!(rows.len(), 1001);
        // Every row's move starts in the same column, the widest label's
        // (`501...`, the 1,001st ply from the start: 1., 1..., 2., ...)
        // plus its room: two spaces, six characters of label, a space.
        for row in &rows {
            assert_eq!(row.find("White a2a3"), Some(9), "{row}");
        }
        assert!(rows[0].starts_with("  1.     White"), "{}", rows[0]);
        assert!(rows[1].starts_with("  1...   White"), "{}", rows[1]);
        assert!(rows[999].starts_with("  500... White"), "{}", rows[999]);
        assert!(rows[1000].starts_with("  501.   White"), "{}", rows[1000]);
        // The best move under the marked one lines up under the mover.
        let best = text.lines().find(|l| l.contains("best a2a3")).unwrap();
        assert_eq!(best, "         best a2a3 (line a2a3)");
    }

    #[test]
    fn only_certain_chances_read_100_or_0() {
        assert_eq!(percent(1.0, true), "100%");
        assert_eq!(percent(0.0, true), "0%");
        assert_eq!(percent(0.999, false), "99%");
        assert_eq!(percent(0.001, false), "1%");
        assert_eq!(percent(0.5, false), "50%");
    }
}
