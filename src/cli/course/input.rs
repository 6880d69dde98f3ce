//! Reading a course input as its files really are: a count line `N`, then
//! N cases (one FEN line, or for `make` a FEN line and a move line). CRLF
//! line ends, a byte-order mark, a missing final newline and blank lines
//! (a trailing one, say) are taken in stride; `--no-count` reads a file
//! without the count line (every non-blank line, or pair, is a case).

use super::answer::{Config, answer_make, answer_within, read_position};
use crate::congo::Position;
use crate::interrupt::{Interrupt, Never};
use crate::shell::error::Found;
use crate::shell::lines::LineReader;
use crate::shell::replay::{blank_prefix, readable};
use crate::shell::script::Diagnostic;
use crate::shell::{ErrorKind, ShellError, Span};
use std::io::{self, BufRead, Write};

/// The count line, once read.
struct Count {
    line_no: usize,
    line: String,
    span: Span,
    value: u64,
}

/// A `make` case's FEN, waiting for its move line.
struct Pending {
    line_no: usize,
    line: String,
    pos: Position,
}

fn problem(span: Span, msg: String) -> ShellError {
    ShellError::new(span, ErrorKind::Problem(msg))
}

/// Answer every case of one input, writing answers to `out` and the first
/// error (if any) to `report`; returns whether all went well.
///
/// # Errors
///
/// When reading the input or writing `out` fails.
pub fn answer_input(
    cfg: &Config,
    name: &str,
    reader: &mut dyn BufRead,
    out: &mut dyn Write,
    report: &mut dyn FnMut(&Diagnostic<'_>),
) -> io::Result<bool> {
    answer_input_within(cfg, name, reader, out, report, &Never)
}

/// As [`answer_input`], the searches stopping when `stop` says so: the
/// case then fails as `interrupted`, after the answers before it.
///
/// # Errors
///
/// When reading the input or writing `out` fails.
pub fn answer_input_within(
    cfg: &Config,
    name: &str,
    reader: &mut dyn BufRead,
    out: &mut dyn Write,
    report: &mut dyn FnMut(&Diagnostic<'_>),
    stop: &dyn Interrupt,
) -> io::Result<bool> {
    let mut lines = LineReader::new(reader);
    let mut count: Option<Count> = None;
    let mut done: u64 = 0;
    let mut pending: Option<Pending> = None;
    let mut fail = |out: &mut dyn Write, line_no: usize, line: &str, error: &ShellError| {
        let flushed = out.flush();
        report(&Diagnostic {
            origin: name,
            line_no,
            line,
            error,
        });
        flushed.map(|()| false)
    };
    while let Some((line_no, text)) = lines.next_line()? {
        let text = match readable(text) {
            Ok(t) => t,
            Err((shown, e)) => return fail(out, line_no, &shown, &e),
        };
        let trimmed = text.trim_matches([' ', '\t']);
        if trimmed.is_empty() {
            continue;
        }
        let span = Span::new(blank_prefix(text), trimmed.len());
        if !cfg.no_count && count.is_none() {
            match read_count(trimmed, span) {
                Ok(value) => {
                    count = Some(Count {
                        line_no,
                        line: text.to_string(),
                        span,
                        value,
                    });
                    continue;
                }
                Err(e) => return fail(out, line_no, text, &e),
            }
        }
        if let Some(c) = &count
            && done >= c.value
            && pending.is_none()
        {
            let msg = format!(
                "more lines than the count {} on line {}: this line is not counted",
                c.value, c.line_no
            );
            return fail(out, line_no, text, &problem(span, msg));
        }
        let result = if cfg.task.takes_move() {
            match pending.take() {
                None => match read_position(text, cfg) {
                    Ok(pos) => {
                        pending = Some(Pending {
                            line_no,
                            line: text.to_string(),
                            pos,
                        });
                        continue;
                    }
                    Err(e) => Err(e),
                },
                Some(p) => answer_make(cfg, &p.pos, text),
            }
        } else {
            read_position(text, cfg).and_then(|pos| answer_within(cfg, &pos, text, done, stop))
        };
        match result {
            Ok(bytes) => {
                out.write_all(&bytes)?;
                done += 1;
            }
            Err(e) => return fail(out, line_no, text, &e),
        }
    }
    if let Some(p) = pending {
        let span = Span::new(blank_prefix(&p.line), p.line.trim().len());
        let msg = "this FEN has no move line after it (make reads a FEN line, then a move line)"
            .to_string();
        return fail(out, p.line_no, &p.line, &problem(span, msg));
    }
    match count {
        Some(c) if done < c.value => {
            let n = c.value;
            let msg = match done {
                0 => format!("the count says {n} cases but none follow"),
                1 => format!("the count says {n} cases but only 1 follows"),
                _ => format!("the count says {n} cases but only {done} follow"),
            };
            fail(out, c.line_no, &c.line, &problem(c.span, msg))
        }
        None if !cfg.no_count => {
            let e = problem(
                Span::new(0, 0),
                "the input is empty: expected the count of cases".to_string(),
            );
            fail(out, 1, "", &e)
        }
        _ => Ok(true),
    }
}

/// The count of cases on the first non-blank line.
fn read_count(trimmed: &str, span: Span) -> Result<u64, ShellError> {
    if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) {
        trimmed
            .parse()
            .map_err(|_| problem(span, "the count is too large".to_string()))
    } else {
        Err(ShellError::new(
            span,
            ErrorKind::Expected {
                what: "the count of cases (a file without one needs --no-count)",
                found: Found::Text(trimmed.to_string()),
            },
        ))
    }
}
