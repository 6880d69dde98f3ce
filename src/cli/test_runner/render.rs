//! Showing results: one line per case, a reason and a unified diff for
//! each mismatch, coloured (red `-`, green `+`) when asked.
//!
//! Names, file contents and diff lines come from the files under test, so
//! everything shown is escaped for the terminal (`\x1b`, as diagnostics
//! are) and cut to a readable length; a diff shows at most
//! [`DIFF_LINES`] lines, and texts too large to diff quickly are shown by
//! their first differing line.

use super::case::{Blessed, Outcome, Problem};
use super::discover::Case;
use crate::cli::report::escape;
use owo_colors::{OwoColorize, Style};
use similar::TextDiff;
use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

/// Longest name or path shown whole, in characters.
pub const NAME_WIDTH: usize = 400;

/// Longest diff line shown whole, in characters.
pub const LINE_WIDTH: usize = 400;

/// Most lines of one diff shown; the rest are counted.
pub const DIFF_LINES: usize = 500;

/// Largest text (each side) diffed line by line; larger ones are shown by
/// their first differing line.
pub const DIFF_BYTES: usize = 4 * 1024 * 1024;

/// `text` escaped for the terminal and cut to `max` characters (then `...`).
pub fn shown(text: &str, max: usize) -> String {
    let mut shown = escape(text);
    if let Some((cut, _)) = shown.char_indices().nth(max) {
        shown.truncate(cut);
        shown.push_str("...");
    }
    shown
}

/// A path as shown: escaped, cut to [`NAME_WIDTH`].
pub fn shown_path(path: &Path) -> String {
    shown(&path.to_string_lossy(), NAME_WIDTH)
}

/// The paints of the runner's output.
fn ok_paint() -> Style {
    Style::new().green()
}
fn fail_paint() -> Style {
    Style::new().red().bold()
}
fn removed_paint() -> Style {
    Style::new().red()
}
fn added_paint() -> Style {
    Style::new().green()
}
fn hunk_paint() -> Style {
    Style::new().cyan()
}
fn header_paint() -> Style {
    Style::new().bold()
}

/// Write `text` in `style` when `color` is set.
fn paint(w: &mut dyn Write, color: bool, style: Style, text: &str) -> io::Result<()> {
    if color {
        write!(w, "{}", text.style(style))
    } else {
        w.write_all(text.as_bytes())
    }
}

/// Write the result of one case: `ok   path`, `blessed path (how)`, or
/// `FAIL path` followed by an indented reason per problem (and a diff).
///
/// # Errors
///
/// When writing fails.
pub fn write_outcome(
    w: &mut dyn Write,
    case: &Case,
    outcome: &Outcome,
    color: bool,
) -> io::Result<()> {
    let name = shown(&case.name(), NAME_WIDTH);
    match outcome {
        Outcome::Passed => {
            paint(w, color, ok_paint(), "ok")?;
            writeln!(w, "   {name}")
        }
        Outcome::Blessed(how, status) => {
            let how = match how {
                Blessed::Created => "created",
                Blessed::Updated => "updated",
                Blessed::Unchanged => "unchanged",
            };
            paint(w, color, ok_paint(), "blessed")?;
            // A failing script blessed as it is: say so, it may be a slip.
            if *status == 0 {
                writeln!(w, " {name} ({how})")
            } else {
                writeln!(w, " {name} ({how}, status {status} recorded)")
            }
        }
        Outcome::Failed(problems) => {
            paint(w, color, fail_paint(), "FAIL")?;
            writeln!(w, " {name}")?;
            for problem in problems {
                write_problem(w, case, problem, color)?;
            }
            Ok(())
        }
    }
}

/// The failure report of a case as plain text (for test harnesses).
pub fn describe(case: &Case, outcome: &Outcome) -> String {
    let mut buf = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_outcome(&mut buf, case, outcome, false);
    String::from_utf8_lossy(&buf).into_owned()
}

fn write_problem(w: &mut dyn Write, case: &Case, problem: &Problem, color: bool) -> io::Result<()> {
    match problem {
        Problem::NoExpected(out) => writeln!(
            w,
            "  no expected output: `{}` does not exist (`boardsh test --bless {}` creates it)",
            shown_path(out),
            shown(&case.name(), NAME_WIDTH)
        ),
        Problem::File {
            path,
            doing,
            reason,
        } => writeln!(
            w,
            "  cannot {doing} `{}`: {}",
            shown_path(path),
            shown(reason, NAME_WIDTH)
        ),
        Problem::BadStatusFile { path, text } => writeln!(
            w,
            "  `{}` should hold an exit status number, found `{}`",
            shown_path(path),
            shown(text, 40)
        ),
        Problem::NotAFile { path, kind } => writeln!(
            w,
            "  `{}` is not a regular file ({kind}): it is not read",
            shown_path(path)
        ),
        Problem::TooLarge { path, limit } => writeln!(
            w,
            "  `{}` is larger than {limit} bytes, the most a case may print: it is not read",
            shown_path(path)
        ),
        Problem::OutputTooLarge { stream, limit } => writeln!(
            w,
            "  the {stream} passed {limit} bytes, the most a case may print: the case was stopped there"
        ),
        Problem::Refused { path, reason } => writeln!(
            w,
            "  refused to bless `{}`: {}; no file of the case was changed",
            shown_path(path),
            shown(reason, NAME_WIDTH)
        ),
        Problem::BlessFailed {
            path,
            doing,
            reason,
            restored,
        } => {
            let after = if *restored {
                "no file of the case was changed"
            } else {
                "restoring the old files failed too: check the case's files"
            };
            writeln!(
                w,
                "  cannot {doing} `{}`: {}; {after}",
                shown_path(path),
                shown(reason, NAME_WIDTH)
            )
        }
        Problem::Stdout {
            path,
            expected,
            actual,
        } => {
            writeln!(w, "  stdout differs from `{}`:", shown_path(path))?;
            write_diff(w, expected, actual, color)
        }
        Problem::Stderr {
            path,
            exists,
            expected,
            actual,
        } => {
            if *exists {
                writeln!(w, "  stderr differs from `{}`:", shown_path(path))?;
            } else {
                writeln!(
                    w,
                    "  stderr is not empty (there is no `{}`):",
                    shown_path(path)
                )?;
            }
            write_diff(w, expected, actual, color)
        }
        Problem::Status { expected, actual } => {
            writeln!(w, "  exit status {actual}, expected {expected}")
        }
        Problem::Panicked(message) => {
            writeln!(w, "  panicked: {}", shown(message, NAME_WIDTH))
        }
    }
}

/// A unified diff of `expected` and `actual` by lines (at most
/// [`DIFF_LINES`] of it, each line escaped and cut to [`LINE_WIDTH`]).
///
/// # Errors
///
/// When writing fails.
pub fn write_diff(
    w: &mut dyn Write,
    expected: &[u8],
    actual: &[u8],
    color: bool,
) -> io::Result<()> {
    if expected.len() > DIFF_BYTES || actual.len() > DIFF_BYTES {
        return write_first_difference(w, expected, actual, color);
    }
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(actual);
    let diff = TextDiff::configure()
        .timeout(Duration::from_secs(2))
        .diff_lines(expected.as_ref(), actual.as_ref());
    let text = diff.unified_diff().header("expected", "actual").to_string();
    if text.is_empty() {
        return writeln!(w, "  (they differ only in bytes that are not UTF-8)");
    }
    let total = text.split_inclusive('\n').count();
    for line in text.split_inclusive('\n').take(DIFF_LINES) {
        let style = if line.starts_with("---") || line.starts_with("+++") {
            Some(header_paint())
        } else if line.starts_with('-') {
            Some(removed_paint())
        } else if line.starts_with('+') {
            Some(added_paint())
        } else if line.starts_with("@@") {
            Some(hunk_paint())
        } else {
            None
        };
        write_line(w, color, style, line.strip_suffix('\n').unwrap_or(line))?;
    }
    if total > DIFF_LINES {
        writeln!(w, "  ... {} more lines of diff", total - DIFF_LINES)?;
    }
    Ok(())
}

/// One line of a diff, escaped, cut and painted.
fn write_line(w: &mut dyn Write, color: bool, style: Option<Style>, body: &str) -> io::Result<()> {
    let body = shown(body, LINE_WIDTH);
    match style {
        Some(style) if color => write!(w, "{}", body.style(style))?,
        _ => w.write_all(body.as_bytes())?,
    }
    w.write_all(b"\n")
}

/// For texts too large to diff: their sizes and the first line where they
/// differ, on each side.
fn write_first_difference(
    w: &mut dyn Write,
    expected: &[u8],
    actual: &[u8],
    color: bool,
) -> io::Result<()> {
    let same = expected
        .iter()
        .zip(actual)
        .take_while(|(a, b)| a == b)
        .count();
    let line_start = expected
        .get(..same)
        .and_then(|common| memchr::memrchr(b'\n', common))
        .map_or(0, |i| i + 1);
    let line_no = expected
        .get(..line_start)
        .map_or(0, |common| memchr::memchr_iter(b'\n', common).count())
        + 1;
    writeln!(
        w,
        "  ({} bytes expected, {} actual: too large to diff; they differ from line {line_no})",
        expected.len(),
        actual.len()
    )?;
    let line_of = |text: &[u8]| -> Option<String> {
        let rest = text.get(line_start..)?;
        if rest.is_empty() {
            return None;
        }
        let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        let line = rest.get(..end.min(4 * LINE_WIDTH)).unwrap_or(rest);
        Some(String::from_utf8_lossy(line).into_owned())
    };
    for (sign, text, style) in [
        ('-', expected, removed_paint()),
        ('+', actual, added_paint()),
    ] {
        if let Some(line) = line_of(text) {
            write_line(w, color, Some(style), &format!("{sign}{line}"))?;
        }
    }
    Ok(())
}
