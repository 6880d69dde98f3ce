//! Showing results: one line per case, a reason and a unified diff for
//! each mismatch, coloured (red `-`, green `+`) when asked.

use super::case::{Blessed, Outcome, Problem};
use super::discover::Case;
use owo_colors::{OwoColorize, Style};
use similar::TextDiff;
use std::io::{self, Write};

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
    let name = case.name();
    match outcome {
        Outcome::Passed => {
            paint(w, color, ok_paint(), "ok")?;
            writeln!(w, "   {name}")
        }
        Outcome::Blessed(how) => {
            let how = match how {
                Blessed::Created => "created",
                Blessed::Updated => "updated",
                Blessed::Unchanged => "unchanged",
            };
            paint(w, color, ok_paint(), "blessed")?;
            writeln!(w, " {name} ({how})")
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
            out.display(),
            case.name()
        ),
        Problem::File {
            path,
            doing,
            reason,
        } => writeln!(w, "  cannot {doing} `{}`: {reason}", path.display()),
        Problem::BadStatusFile { path, text } => writeln!(
            w,
            "  `{}` should hold an exit status number, found `{text}`",
            path.display()
        ),
        Problem::Stdout {
            path,
            expected,
            actual,
        } => {
            writeln!(w, "  stdout differs from `{}`:", path.display())?;
            write_diff(w, expected, actual, color)
        }
        Problem::Stderr {
            path,
            exists,
            expected,
            actual,
        } => {
            if *exists {
                writeln!(w, "  stderr differs from `{}`:", path.display())?;
            } else {
                writeln!(
                    w,
                    "  stderr is not empty (there is no `{}`):",
                    path.display()
                )?;
            }
            write_diff(w, expected, actual, color)
        }
        Problem::Status { expected, actual } => {
            writeln!(w, "  exit status {actual}, expected {expected}")
        }
        Problem::Panicked(message) => writeln!(w, "  panicked: {message}"),
    }
}

/// A unified diff of `expected` and `actual` by lines.
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
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(actual);
    let diff = TextDiff::from_lines(expected.as_ref(), actual.as_ref());
    let text = diff.unified_diff().header("expected", "actual").to_string();
    if text.is_empty() {
        return writeln!(w, "  (they differ only in bytes that are not UTF-8)");
    }
    for line in text.split_inclusive('\n') {
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
        let body = line.strip_suffix('\n').unwrap_or(line);
        match style {
            Some(style) if color => write!(w, "{}", body.style(style))?,
            _ => w.write_all(body.as_bytes())?,
        }
        w.write_all(b"\n")?;
    }
    Ok(())
}
