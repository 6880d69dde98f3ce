//! Word wrapping for `help`: text fitted to the terminal's width, never
//! cut inside a word (a word longer than the line stands alone on one).

use unicode_width::UnicodeWidthStr;

/// The width help is wrapped to when the output is not a terminal.
pub const DEFAULT_WIDTH: usize = 80;

/// The narrowest column a description is wrapped into beside its usage;
/// below it the description goes under the usage instead.
const MIN_COLUMN: usize = 20;

/// `text` broken into lines of at most `width` display columns (words are
/// separated by single spaces; a word wider than `width` is one line).
pub fn lines(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let needed = if line.is_empty() {
            word.width()
        } else {
            line.width() + 1 + word.width()
        };
        if needed > width && !line.is_empty() {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// A paragraph wrapped to `width`, each line indented by `indent` spaces,
/// with a final newline.
pub fn paragraph(text: &str, indent: usize, width: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    for line in lines(text, width.saturating_sub(indent)) {
        out.push_str(&pad);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `prefix` then `text` wrapped to `width`, its later lines indented to
/// stand under the text's first word (at least [`MIN_COLUMN`] columns are
/// kept for the text, so a narrow window may be overrun), with a final
/// newline: a row of `set`, a line of `history`.
pub fn hanging(prefix: &str, text: &str, width: usize) -> String {
    let indent = prefix.width();
    let column = width.saturating_sub(indent).max(MIN_COLUMN);
    let mut out = String::new();
    for (i, line) in lines(text, column).iter().enumerate() {
        if i == 0 {
            out.push_str(prefix);
        } else {
            out.push_str(&" ".repeat(indent));
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Each line of `text` that is wider than `width` wrapped under its own
/// indentation plus two (a move list of `history`); the other lines as
/// they are.
pub fn long_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.width() <= width {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        let first = " ".repeat(indent);
        let column = width.saturating_sub(indent + 2).max(MIN_COLUMN);
        for (i, l) in lines(body, column).iter().enumerate() {
            out.push_str(&first);
            if i > 0 {
                out.push_str("  ");
            }
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// Rows of `usage  description`, the usage column as wide as the widest
/// usage (each row indented by two spaces), descriptions wrapped in their
/// column; when the column would be narrower than [`MIN_COLUMN`], each
/// description goes under its usage, indented by six.
pub fn table(rows: &[(String, String)], width: usize) -> String {
    let usage_width = rows.iter().map(|(u, _)| u.width()).max().unwrap_or(0);
    let column = width.saturating_sub(2 + usage_width + 2);
    let mut out = String::new();
    for (usage, text) in rows {
        let pad = usage_width.saturating_sub(usage.width());
        if column >= MIN_COLUMN {
            for (i, line) in lines(text, column).iter().enumerate() {
                if i == 0 {
                    out.push_str(&format!("  {usage}{}  {line}\n", " ".repeat(pad)));
                } else {
                    out.push_str(&format!("{}{line}\n", " ".repeat(2 + usage_width + 2)));
                }
            }
        } else {
            out.push_str(&format!("  {usage}\n"));
            out.push_str(&paragraph(text, 6, width));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hanging_rows_and_long_lines_fit_and_keep_every_word() {
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let summary = "the side the computer answers for by itself: white|black (Congo), upper|lower (Yut), both, none";
        let row = hanging("computer    none   ", summary, 60);
        for line in row.lines() {
            assert!(line.width() <= 60, "{line:?}");
        }
        // Later lines start under the summary's first word (column 19).
        assert!(
            row.lines()
                .skip(1)
                .all(|l| l.starts_with(&" ".repeat(19)) && !l.starts_with(&" ".repeat(20)))
        );
        assert!(row.lines().count() > 1);
        assert_eq!(words(&row), words(&format!("computer none {summary}")));
        // A history line of 20 moves at 40 columns: its indent plus two.
        let moves = format!("  0. {}", "c2c3 e6e5 ".repeat(10).trim_end());
        let wrapped = long_lines(&format!("congo:\n{moves}\n"), 40);
        let mut it = wrapped.lines();
        assert_eq!(it.next(), Some("congo:"));
        for line in it {
            assert!(line.width() <= 40 && line.starts_with("  "), "{line:?}");
        }
        assert_eq!(words(&wrapped), words(&format!("congo: {moves}")));
        // Short lines stay as they are.
        assert_eq!(long_lines("a\n  b c\n", 40), "a\n  b c\n");
    }

    #[test]
    fn words_are_never_cut_and_lines_fit() {
        let text = "list the legal Congo moves, optionally of one piece kind or square";
        for width in 10..90 {
            let got = lines(text, width);
            // Every word survives whole and in order.
            assert_eq!(got.join(" "), text, "width {width}");
            for line in &got {
                assert!(line.width() <= width, "{line:?} wider than {width}");
            }
        }
        // A word longer than the line stands alone.
        assert_eq!(lines("a verylongword b", 4), ["a", "verylongword", "b"]);
    }

    #[test]
    fn a_table_keeps_its_usage_column_or_stacks_when_narrow() {
        let rows = vec![
            (
                "fen".to_string(),
                "print the FEN of the position".to_string(),
            ),
            ("move <t> <x>".to_string(), "one Yut turn".to_string()),
        ];
        // 80 columns: the usage column is 12 wide, descriptions start at 16.
        assert_eq!(
            table(&rows, 80),
            "  fen           print the FEN of the position\n  move <t> <x>  one Yut turn\n"
        );
        // 30 columns: the column would be 14 (< 20), so descriptions stack.
        assert_eq!(
            table(&rows, 30),
            "  fen\n      print the FEN of the\n      position\n  move <t> <x>\n      one Yut turn\n"
        );
    }
}
