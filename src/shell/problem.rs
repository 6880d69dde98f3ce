//! Problem-format replay: a count `N`, then N FENs (each listed at once)
//! or N Yut turns (the final board printed) — the original problems'
//! inputs, byte for byte their expected output.

use super::command::{Command, Span};
use super::error::{ErrorKind, ShellError};
use super::lines::LineReader;
use super::output::Output;
use super::parse::parse_turn;
use super::replay::{End, Kind, blank_prefix, readable};
use super::session::Session;
use crate::congo::{Position, fen, write_listing};
use crate::yut::{Game, write_board};
use std::io::{self, BufRead};

/// What a problem-format replay needs from whoever runs it.
pub(super) trait Host {
    /// Whether to go on after an error.
    fn keep_going(&self) -> bool;

    /// Flush `out`, then report a located error.
    ///
    /// # Errors
    ///
    /// When flushing `out` fails.
    fn report<O: Output + ?Sized>(
        &mut self,
        out: &mut O,
        origin: &str,
        line_no: usize,
        line: &str,
        error: &ShellError,
    ) -> io::Result<()>;

    /// The session the replay changes (once, at its end).
    fn session(&mut self) -> &mut Session;

    /// Whether Ctrl-C asks the replay to stop (checked before each line).
    fn interrupted(&self) -> bool;
}

/// Replay the N counted lines after `count`, then check none follow.
pub(super) fn run_problem<H: Host + ?Sized, O: Output + ?Sized>(
    host: &mut H,
    name: &str,
    kind: Kind,
    count: &Count<'_>,
    lines: &mut LineReader<&mut dyn BufRead>,
    out: &mut O,
) -> io::Result<End> {
    let Some(n) = count.value else {
        let e = problem_error(count.span, "the count is too large".to_string());
        host.report(out, name, count.line_no, count.line, &e)?;
        return Ok(End::Failed);
    };
    let mut problem = Problem {
        kind,
        position: None,
        game: Game::new(),
        listed: 0,
        buf: Vec::with_capacity(1024),
        failed: false,
    };
    let mut seen: u64 = 0;
    while let Some(raw) = lines.next_raw()? {
        if host.interrupted() {
            // Stopped: the listings so far stay printed, the session is
            // left as it was.
            problem.flush(out)?;
            return Ok(End::Interrupted);
        }
        // The common case: a well-formed FEN, listed straight from its
        // bytes (what the fast parser accepts is ASCII and not blank).
        if seen < n
            && problem.kind == Kind::Congo
            && let Some(pos) = raw.bytes().and_then(fen::parse_fast)
        {
            problem.list(pos, out)?;
            seen += 1;
            continue;
        }
        let line_no = raw.line_no;
        let (text, bad) = match readable(raw.text()) {
            Ok(t) => (std::borrow::Cow::Borrowed(t), None),
            Err((shown, e)) => (std::borrow::Cow::Owned(shown), Some(e)),
        };
        let trimmed = text.trim_matches([' ', '\t']);
        if trimmed.is_empty() {
            continue;
        }
        let result = if seen >= n {
            let msg = format!(
                "more lines than the count {n} on line {}: this line is not counted",
                count.line_no
            );
            Err(problem_error(
                Span::new(blank_prefix(&text), trimmed.len()),
                msg,
            ))
        } else if let Some(e) = bad {
            Err(e)
        } else {
            problem.line(&text, out)?
        };
        seen += 1;
        if let Err(e) = result {
            problem.failed = true;
            problem.flush(out)?;
            host.report(out, name, line_no, &text, &e)?;
            if !host.keep_going() {
                return Ok(End::Failed);
            }
        }
    }
    problem.flush(out)?;
    if seen < n {
        let msg = match seen {
            0 => format!("the count says {n} lines but none follow"),
            1 => format!("the count says {n} lines but only 1 follows"),
            _ => format!("the count says {n} lines but only {seen} follow"),
        };
        let e = problem_error(count.span, msg);
        host.report(out, name, count.line_no, count.line, &e)?;
        if !host.keep_going() {
            return Ok(End::Failed);
        }
        problem.failed = true;
    }
    let end = if problem.failed {
        End::Failed
    } else {
        End::Done
    };
    if problem.kind == Kind::Yut && (!problem.failed || host.keep_going()) {
        write_board(&problem.game, &mut problem.buf);
        out.raw(&problem.buf)?;
    }
    let (position, game) = match problem.kind {
        Kind::Congo => (problem.position, None),
        Kind::Yut => (None, Some(problem.game)),
        Kind::Detect => (None, None),
    };
    if position.is_some() || game.is_some() {
        let what = Command::Source(name.to_string());
        host.session().replace(what, position, game);
    }
    Ok(if end == End::Failed {
        End::Failed
    } else {
        End::Done
    })
}

/// The count line of a problem-format input.
pub(super) struct Count<'a> {
    pub(super) line_no: usize,
    pub(super) line: &'a str,
    pub(super) span: Span,
    pub(super) value: Option<u64>,
}

fn problem_error(span: Span, msg: String) -> ShellError {
    ShellError::new(span, ErrorKind::Problem(msg))
}

/// Gathered listings go out once they pass this many bytes: a write this
/// large skips the output's own buffer.
const FLUSH_AT: usize = 64 * 1024;

/// The state of one problem-format replay.
struct Problem {
    kind: Kind,
    position: Option<Position>,
    game: Game,
    listed: u64,
    buf: Vec<u8>,
    failed: bool,
}

impl Problem {
    /// One counted line: a FEN (listed at once) or a Yut turn (applied).
    fn line<O: Output + ?Sized>(
        &mut self,
        text: &str,
        out: &mut O,
    ) -> io::Result<Result<(), ShellError>> {
        if self.kind == Kind::Detect {
            let mut words = text.split_ascii_whitespace();
            let first = words.next().unwrap_or("");
            self.kind = if first.chars().count() == 1 && words.next().is_some() {
                Kind::Yut
            } else {
                Kind::Congo
            };
        }
        match self.kind {
            Kind::Yut => {
                let (token, throw) = match parse_turn(text) {
                    Ok(turn) => turn,
                    Err(e) => return Ok(Err(e)),
                };
                if let Err(e) = self.game.apply(token, throw) {
                    let span = turn_token_span(text);
                    return Ok(Err(ShellError::new(span, ErrorKind::Yut(e))));
                }
            }
            _ => {
                let pos = match fen::parse(text) {
                    Ok(pos) => pos,
                    Err(e) => {
                        let span = Span::new(e.offset, e.len);
                        return Ok(Err(ShellError::new(span, ErrorKind::Fen(e.kind))));
                    }
                };
                self.list(pos, out)?;
            }
        }
        Ok(Ok(()))
    }

    /// List a position, a blank line before all but the first. Listings
    /// gather in `buf` and go out in large writes (see [`Problem::flush`]).
    fn list<O: Output + ?Sized>(&mut self, pos: Position, out: &mut O) -> io::Result<()> {
        if self.listed > 0 {
            self.buf.push(b'\n');
        }
        write_listing(&pos, &mut self.buf);
        self.listed += 1;
        self.position = Some(pos);
        if self.buf.len() >= FLUSH_AT {
            self.flush(out)?;
        }
        Ok(())
    }

    /// Write out the gathered listings: before an error is reported (so
    /// output and errors keep their order) and at the end.
    fn flush<O: Output + ?Sized>(&mut self, out: &mut O) -> io::Result<()> {
        if !self.buf.is_empty() {
            out.raw(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }
}

/// The span of the token letter in a turn line.
fn turn_token_span(text: &str) -> Span {
    let start = blank_prefix(text);
    let first = text.get(start..).and_then(|t| t.chars().next());
    Span::new(start, first.map_or(0, char::len_utf8))
}
