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
