//! Word wrapping for `help`: text fitted to the terminal's width, never
//! cut inside a word (a word longer than the line stands alone on one).
//!
//! By hand, not `textwrap`: these functions split on any white space
//! and join words with one space (help texts are written across lines of
//! the source), where `textwrap` keeps a newline as a hard break and a
//! run of blanks or a tab as it stands, and by default breaks after a
//! hyphen (`well-known`) and cuts words longer than the line; configured
//! away from all that, it would do what the twenty lines of [`lines`] do,
//! behind a dependency and a second width table.

use unicode_width::UnicodeWidthStr;

/// The width help is wrapped to when the output is not a terminal.
pub const DEFAULT_WIDTH: usize = 80;

/// The narrowest column a hanging row's text (`set`'s listing) or a long
/// line of `history` is wrapped into; a narrower window is overrun.
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

/// The narrowest column `help`'s table wraps a description into beside
/// its usage (the same as clap's and man's later lines of an option give
/// at 60 columns: a 20-column strip read as a list of words).
const MIN_DESCRIPTION: usize = 30;

/// The narrowest usage column worth keeping beside the descriptions: below
/// it too few usages fit, and every description goes under its usage.
const MIN_USAGE: usize = 12;

/// Rows of `usage  description`, the usage column as wide as the widest
/// usage (each row indented by two spaces), descriptions wrapped in their
/// column. When that would leave a description fewer than
/// [`MIN_DESCRIPTION`] columns, the usage column shrinks to leave it
/// exactly that many, and a usage wider than the column stands on a line
/// of its own, its description starting under it in the column (as man
/// sets a tag wider than its indent). When even that column would be
/// narrower than [`MIN_USAGE`], each description goes under its usage,
/// indented by six.
pub fn table(rows: &[(String, String)], width: usize) -> String {
    let widest = rows.iter().map(|(u, _)| u.width()).max().unwrap_or(0);
    let usage_width = widest.min(width.saturating_sub(2 + 2 + MIN_DESCRIPTION));
    let column = width.saturating_sub(2 + usage_width + 2);
    let mut out = String::new();
    if usage_width < MIN_USAGE.min(widest) {
        for (usage, text) in rows {
            out.push_str(&format!("  {usage}\n"));
            out.push_str(&paragraph(text, 6, width));
        }
        return out;
    }
    let indent = " ".repeat(2 + usage_width + 2);
    for (usage, text) in rows {
        let lines = lines(text, column);
        let mut lines = lines.iter();
        if usage.width() > usage_width {
            out.push_str(&format!("  {usage}\n"));
        } else if let Some(first) = lines.next() {
            let pad = " ".repeat(usage_width - usage.width());
            out.push_str(&format!("  {usage}{pad}  {first}\n"));
        }
        for line in lines {
            out.push_str(&format!("{indent}{line}\n"));
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
        // 46 columns: 46 - 4 - 30 = 12 columns are left for the usages, as
        // wide as `move <t> <x>`; a usage wider than that stands alone, its
        // description under it in the column (at 2 + 12 + 2 = 16).
        let mut long = rows.clone();
        long.push(("a-very-long-usage <x>".to_string(), "desc".to_string()));
        assert_eq!(
            table(&long, 46),
            "  fen           print the FEN of the position\n  move <t> <x>  one Yut turn\n  a-very-long-usage <x>\n                desc\n"
        );
        // 45 columns: the usage column would be 11, narrower than 12 (and
        // than `move <t> <x>`), so every description goes under its usage.
        assert!(table(&long, 45).starts_with("  fen\n      print the FEN of the position\n"));
        // 30 columns: no room beside the usages, so descriptions stack.
        assert_eq!(
            table(&rows, 30),
            "  fen\n      print the FEN of the\n      position\n  move <t> <x>\n      one Yut turn\n"
        );
    }
}
