//! Drawing diagnostics: `path:line:col: error: message`, the line, a caret.
//!
//! Control characters in echoed text are shown escaped (`\x1b`), never sent
//! raw to the terminal.

use super::theme::{error_paint, warning_paint};
use crate::shell::script::{Diagnostic, Reporter};
use owo_colors::OwoColorize;
use std::io::Write;
use unicode_width::UnicodeWidthStr;

/// Where prompt errors come from; they are shown without a location.
pub const PROMPT: &str = "<prompt>";

/// Invisible characters that reorder or hide text (bidirectional
/// overrides and isolates, zero-width characters, a stray byte-order mark):
/// echoed escaped like control characters, so what is shown is what was read.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// `c` as it should be echoed: itself, or an escape for control characters.
fn visible(c: char) -> String {
    match c {
        '\t' => "\t".to_string(),
        c if c.is_control() || is_invisible(c) => {
            let n = u32::from(c);
            if n <= 0xff {
                format!("\\x{n:02x}")
            } else {
                format!("\\u{{{n:x}}}")
            }
        }
        c => c.to_string(),
    }
}

/// `text` with its control characters escaped.
pub fn escape(text: &str) -> String {
    text.chars().map(visible).collect()
}

/// Longest message shown whole, in characters. Messages quote user text
/// already cut short; this bounds any message, whatever it quotes.
pub const MESSAGE_WIDTH: usize = 400;

/// `message` escaped and cut to [`MESSAGE_WIDTH`] characters.
fn shown_message(message: &str) -> String {
    let mut shown = escape(message);
    if let Some((cut, _)) = shown.char_indices().nth(MESSAGE_WIDTH) {
        shown.truncate(cut);
        shown.push_str("...");
    }
    shown
}

/// The echoed line, the caret line under bytes `start..start+len`, and the
/// 1-based column (in characters) of `start`.
pub fn caret(line: &str, start: usize, len: usize) -> (String, String, usize) {
    let mut shown = String::with_capacity(line.len());
    let mut marks = String::new();
    let mut col = 1;
    let mut width = 0;
    for (i, c) in line.char_indices() {
        let v = visible(c);
        if i < start {
            col += 1;
            if c == '\t' {
                marks.push('\t');
            } else {
                // Display columns, not characters: a Korean or other wide
                // character takes two, so the caret stays under its target.
                marks.extend(std::iter::repeat_n(' ', v.width()));
            }
        } else if i < start + len {
            width += v.width();
        }
        shown.push_str(&v);
    }
    marks.extend(std::iter::repeat_n('^', width.max(1)));
    (shown, marks, col)
}

/// Longest line echoed whole; a longer one is cut to a window around the error.
pub const ECHO_WIDTH: usize = 160;

/// A window of at most about [`ECHO_WIDTH`] bytes of `line` around the span,
/// on char boundaries: (text, new span start, span len, bytes cut before).
fn window(line: &str, start: usize, len: usize) -> (String, usize, usize, usize) {
    if line.len() <= ECHO_WIDTH {
        return (line.to_string(), start, len, 0);
    }
    let boundary = |mut i: usize| {
        i = i.min(line.len());
        while !line.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let from = boundary(start.saturating_sub(ECHO_WIDTH / 4));
    let len = len.min(ECHO_WIDTH / 2);
    let to = boundary((start + len + ECHO_WIDTH / 4).max(from + ECHO_WIDTH / 2));
    let mut text = String::new();
    let lead = if from > 0 { "..." } else { "" };
    text.push_str(lead);
    text.push_str(line.get(from..to).unwrap_or(""));
    if to < line.len() {
        text.push_str("...");
    }
    (text, start - from + lead.len(), len, from)
}

/// Format one diagnostic (without colour codes when `color` is false).
pub fn format(d: &Diagnostic<'_>, color: bool) -> String {
    format_within(d, color, None)
}

/// Closing punctuation a line never starts with (a break before it would
/// leave `, found ...` hanging at the start of a line).
fn closes(c: char) -> bool {
    matches!(
        c,
        ',' | '.' | ';' | ':' | ')' | ']' | '}' | '!' | '?' | '\''
    )
}

/// `message` broken at spaces into lines that fit `width` columns: the
/// first after a label `first` columns wide, later ones indented by
/// `indent` spaces (under the message's first word). A break is made only
/// at a space followed by a word that does not start with closing
/// punctuation, and a word wider than its line overruns it rather than be
/// cut. At least 20 columns are kept for the message, so a very narrow
/// window is overrun.
pub fn wrap_message(message: &str, first: usize, indent: usize, width: usize) -> String {
    const MIN: usize = 20;
    let mut out = String::with_capacity(message.len() + 16);
    let mut rest = message;
    let mut avail = width.saturating_sub(first).max(MIN);
    loop {
        if rest.width() <= avail {
            out.push_str(rest);
            return out;
        }
        // The spaces a line may end at: followed by a word that does not
        // start with closing punctuation.
        let breaks = rest.char_indices().filter(|&(i, c)| {
            c == ' '
                && i > 0
                && rest
                    .get(i + 1..)
                    .and_then(|after| after.chars().next())
                    .is_some_and(|n| n != ' ' && !closes(n))
        });
        let mut fit = None;
        let mut over = None;
        for (i, _) in breaks {
            if rest.get(..i).map_or(usize::MAX, |l| l.trim_end().width()) <= avail {
                fit = Some(i);
            } else {
                over = Some(i);
                break;
            }
        }
        let Some(at) = fit.or(over) else {
            out.push_str(rest);
            return out;
        };
        out.push_str(rest.get(..at).unwrap_or("").trim_end());
        out.push('\n');
        out.push_str(&" ".repeat(indent));
        rest = rest.get(at + 1..).unwrap_or("");
        avail = width.saturating_sub(indent).max(MIN);
    }
}

/// [`format`], the message wrapped to `width` columns when one is given
/// (at the prompt, the terminal's width: the terminal's own wrap would cut
/// a word, or start a line with `, found ...`).
pub fn format_within(d: &Diagnostic<'_>, color: bool, width: Option<usize>) -> String {
    let (line, start, len, cut) = window(d.line, d.error.span.start, d.error.span.len);
    let (shown, marks, col) = caret(&line, start, len);
    // The column counts characters of the whole line, not of the window.
    let col = if cut > 0 {
        d.line
            .get(..d.error.span.start)
            .map_or(col, |before| before.chars().count() + 1)
    } else {
        col
    };
    let label = if color {
        format!("{}", "error:".style(error_paint()))
    } else {
        "error:".to_string()
    };
    let message = shown_message(&d.error.to_string());
    let head = if d.origin == PROMPT {
        // `error: ` is 7 columns; later lines stand under the message.
        let message = match width {
            Some(w) => wrap_message(&message, 7, 7, w),
            None => message,
        };
        format!("{label} {message}")
    } else {
        format!(
            "{}:{}:{col}: {label} {message}",
            escape(d.origin),
            d.line_no
        )
    };
    let marks = if color {
        format!("{}", marks.style(error_paint()))
    } else {
        marks
    };
    format!("{head}\n    {shown}\n    {marks}\n")
}

/// A reporter writing to a stream (stderr in the binary).
pub struct StreamReporter<W: Write> {
    pub out: W,
    pub color: bool,
}

impl<W: Write> Reporter for StreamReporter<W> {
    fn report(&mut self, d: &Diagnostic<'_>) {
        // A failing stderr leaves nothing better to do than carry on.
        // At the prompt the message is wrapped to the terminal (stderr's).
        let width = (d.origin == PROMPT)
            .then(super::stderr_term::size)
            .flatten()
            .map(|(cols, _)| usize::from(cols));
        let _ = self
            .out
            .write_all(format_within(d, self.color, width).as_bytes());
        let _ = self.out.flush();
    }

    fn message(&mut self, message: &str) {
        self.labelled("error:", error_paint(), message);
    }

    fn warning(&mut self, message: &str) {
        self.labelled("warning:", warning_paint(), message);
    }

    fn note(&mut self, message: &str) {
        self.labelled("note:", owo_colors::Style::new().dimmed(), message);
    }

    fn timing(&mut self, elapsed: std::time::Duration, nodes: u64) {
        let _ = writeln!(self.out, "{}", super::progress::timer_text(elapsed, nodes));
        let _ = self.out.flush();
    }
}

impl<W: Write> StreamReporter<W> {
    /// `boardsh: <label> <message>` on one line.
    fn labelled(&mut self, label: &str, paint: owo_colors::Style, message: &str) {
        let label = if self.color {
            format!("{}", label.style(paint))
        } else {
            label.to_string()
        };
        let _ = writeln!(self.out, "boardsh: {label} {}", shown_message(message));
        let _ = self.out.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::{ErrorKind, ShellError, Span};

    #[test]
    fn caret_under_the_argument() {
        // `FXFB` starts at byte 7 of "move A FXFB": column 8, four carets.
        let (shown, marks, col) = caret("move A FXFB", 7, 4);
        assert_eq!(shown, "move A FXFB");
        assert_eq!(marks, "       ^^^^");
        assert_eq!(col, 8);
    }

    #[test]
    fn carets_count_display_columns() {
        // `한국` is two characters of two columns each: the error on `x`
        // after `source 한국.bsh ` is at column 8 + 2 + 4 + 1 = 15 of the
        // characters, but its caret goes 7 + 4 + 5 = 16 columns in.
        let line = "source 한국.bsh x";
        let start = line.find('x').unwrap();
        let (_, marks, col) = caret(line, start, 1);
        assert_eq!(col, 15);
        assert_eq!(marks, format!("{}^", " ".repeat(16)));
        // A wide character under the span gets two carets.
        let (_, marks, _) = caret("source 한", 7, "한".len());
        assert_eq!(marks, "       ^^");
    }

    #[test]
    fn control_characters_are_escaped() {
        // ESC (1 byte) is echoed as 4 characters: `x` at byte 4 (column 5)
        // gets its caret after 4 + 3 = 7 spaces.
        let (shown, marks, col) = caret("\u{1b}[2Jx y", 4, 1);
        assert_eq!(shown, "\\x1b[2Jx y");
        assert_eq!(marks, "       ^");
        assert_eq!(col, 5);
    }

    #[test]
    fn invisible_characters_are_escaped() {
        // A right-to-left override and a zero-width space would make the
        // echoed line read differently from what was typed.
        assert_eq!(escape("a\u{202e}b\u{200b}c"), "a\\u{202e}b\\u{200b}c");
    }

    #[test]
    fn long_messages_are_cut() {
        let long = "x".repeat(10 * MESSAGE_WIDTH);
        let shown = shown_message(&long);
        assert_eq!(shown, format!("{}...", "x".repeat(MESSAGE_WIDTH)));
        // Escapes count after expansion: 400 characters of `\x1b...`.
        let esc = shown_message(&"\u{1b}".repeat(MESSAGE_WIDTH));
        assert_eq!(esc.chars().count(), MESSAGE_WIDTH + 3);
        assert!(!esc.contains('\u{1b}'));
    }

    #[test]
    fn long_lines_are_cut_around_the_error() {
        let line = format!("move A {}", "F".repeat(100_000));
        let e = ShellError::new(Span::new(7, 100_000), ErrorKind::NothingToUndo);
        let d = Diagnostic {
            origin: "big",
            line_no: 1,
            line: &line,
            error: &e,
        };
        let text = format(&d, false);
        assert!(text.len() < 3 * ECHO_WIDTH, "{} bytes", text.len());
        assert!(text.starts_with("big:1:8: error: nothing to undo\n    move A FFF"));
        // The caret starts under column 8 and is cut to half the width.
        let carets = text.lines().nth(2).unwrap();
        assert_eq!(
            carets,
            format!("{}{}", " ".repeat(4 + 7), "^".repeat(ECHO_WIDTH / 2))
        );
    }

    /// `set level x` at the prompt: the terminal broke the long message
    /// at column 60 mid-word. It is now broken at a space, later lines
    /// under the message's first word (column 8).
    #[test]
    fn prompt_errors_wrap_at_spaces_to_the_window() {
        let e = crate::shell::parse::parse_command("set level x").expect_err("not a level");
        let d = Diagnostic {
            origin: PROMPT,
            line_no: 1,
            line: "set level x",
            error: &e,
        };
        let message = e.to_string();
        assert_eq!(
            message,
            "expected a level 1 to 12 (1 weakest, 12 full strength), found `x`"
        );
        // 60 columns: 53 after `error: `. Up to `full` is 44 letters;
        // with ` strength),` it would be 55, two too many.
        assert_eq!(
            format_within(&d, false, Some(60)),
            "error: expected a level 1 to 12 (1 weakest, 12 full\n\
             \x20      strength), found `x`\n    set level x\n              ^\n"
        );
        // 40 columns: 33 a line. `expected a level 1 to 12 (1` is 27, and
        // ` weakest,` would make 36; then `weakest, ... found` is 33.
        assert_eq!(
            format_within(&d, false, Some(40)),
            "error: expected a level 1 to 12 (1\n\
             \x20      weakest, 12 full strength), found\n\
             \x20      `x`\n    set level x\n              ^\n"
        );
        // Wide enough, or no window (a pipe): one line, as before.
        assert_eq!(format_within(&d, false, Some(120)), format(&d, false));
        assert!(format(&d, false).starts_with(&format!("error: {message}\n")));
    }

    #[test]
    fn wrapped_messages_keep_every_word_and_never_start_with_punctuation() {
        let text = "expected `none`, `both`, a side (`white`, `black`) , or a game and its side (`congo black`, `yut none`)";
        for width in 30..100 {
            let wrapped = wrap_message(text, 7, 7, width);
            // Every word survives in order (a break eats one space).
            assert_eq!(wrapped.replace("\n       ", " "), text, "width {width}");
            for (i, line) in wrapped.lines().enumerate() {
                let used = if i == 0 { 7 } else { 0 };
                assert!(line.width() + used <= width, "{line:?} at {width}");
                let start = line.trim_start().chars().next().unwrap_or('x');
                assert!(
                    !closes(start),
                    "{line:?} starts with punctuation at {width}"
                );
            }
        }
        // A word wider than the line overruns it rather than be cut.
        assert_eq!(
            wrap_message("see aaaaaaaaaaaaaaaaaaaaaaaaa b", 0, 2, 20),
            "see\n  aaaaaaaaaaaaaaaaaaaaaaaaa\n  b"
        );
    }

    #[test]
    fn full_format() {
        let e = ShellError::new(Span::new(7, 4), ErrorKind::NothingToUndo);
        let d = Diagnostic {
            origin: "a.bsh",
            line_no: 3,
            line: "move A FXFB",
            error: &e,
        };
        assert_eq!(
            format(&d, false),
            "a.bsh:3:8: error: nothing to undo\n    move A FXFB\n           ^^^^\n"
        );
    }
}
