//! The nom grammar of the command language: a line to [`Located`] commands.
//!
//! A line is commands separated by `;`, optionally followed by a `#`
//! comment. After a keyword the grammar `cut`s, so an error points at the
//! argument that is wrong, not at the keyword.

pub(crate) mod grammar;

use super::command::{Command, Located, Span};
use super::commands::yut::{throw, token};
use super::commands::{Keyword, suggest};
use super::error::{ErrorKind, Found, ShellError};
use super::words;
use crate::yut::{Throw, Token};
use grammar::{Res, end, fail, is_space, word};
use nom::Parser;
use nom::combinator::cut;

/// One command: a keyword, then (cut) its arguments by the registry's grammar.
fn command(input: &str) -> Res<'_, (Command, &str, &str)> {
    let (rest, kw) = word(input)?;
    let Some((keyword, _)) = Keyword::find(kw) else {
        // A Congo move alone (`e2e3`, `b1-d3-f5`) is `play` it.
        if rest.trim_matches(is_space).is_empty()
            && let Ok(mv) = crate::congo::moves::parse_move(kw)
        {
            return Ok(("", (Command::BarePlay(mv), kw, "")));
        }
        return fail(
            kw,
            kw.len(),
            ErrorKind::UnknownCommand {
                word: kw.to_string(),
                suggestion: suggest(kw),
            },
        );
    };
    let args = rest.trim_start_matches(is_space);
    let (rest, cmd) = cut(keyword.spec().parse).parse(rest)?;
    Ok((rest, (cmd, kw, args)))
}

/// Byte offset of `part` within `whole` (`part` is a sub-slice of it).
fn offset(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

/// Parse one `;`-free segment of `line` into a command, or `None` if blank.
///
/// # Errors
///
/// A [`ShellError`] whose span is relative to `line`.
pub fn parse_segment(line: &str, segment: &str) -> Result<Option<Located>, ShellError> {
    if let Some(located) = fast_move(line, segment) {
        return Ok(Some(located));
    }
    parse_segment_nom(line, segment)
}

/// The hot path of long Yut scripts: a segment that is exactly
/// `move <token> <throw>` (single spaces, no padding) is recognised from its
/// bytes. It yields exactly what the grammar would (a test checks every
/// such segment); anything else goes to the grammar.
fn fast_move(line: &str, segment: &str) -> Option<Located> {
    let b = segment.as_bytes();
    if b.len() != 11 || !b.get(..5)?.eq_ignore_ascii_case(b"move ") || b.get(6) != Some(&b' ') {
        return None;
    }
    let token = Token::from_char(char::from(*b.get(5)?))?;
    let mut faces = [false; 4];
    for (face, byte) in faces.iter_mut().zip(b.get(7..)?) {
        *face = match byte {
            b'F' | b'f' => true,
            b'B' | b'b' => false,
            _ => return None,
        };
    }
    let throw = Throw::from_faces(faces);
    let start = offset(line, segment);
    Some(Located {
        command: Command::Move(token, throw),
        span: Span::new(start, 11),
        arg: Span::new(start + 5, 1),
        last: Span::new(start + 7, 4),
    })
}

/// [`parse_segment`] through the nom grammar alone.
fn parse_segment_nom(line: &str, segment: &str) -> Result<Option<Located>, ShellError> {
    let trimmed = segment.trim_matches(is_space);
    if trimmed.is_empty() {
        return Ok(None);
    }
    match command(segment) {
        Ok((_, (command, kw, args))) => {
            let start = offset(line, kw);
            let span = Span::new(start, offset(line, trimmed) + trimmed.len() - start);
            let arg_text = args.trim_end_matches(is_space);
            let (arg, last) = if arg_text.is_empty() {
                let kw = Span::new(start, kw.len());
                (kw, kw)
            } else {
                let first = arg_text.split(is_space).next().unwrap_or(arg_text);
                let last = arg_text.rsplit(is_space).next().unwrap_or(arg_text);
                (
                    Span::new(offset(line, args), first.len()),
                    Span::new(offset(line, last), last.len()),
                )
            };
            Ok(Some(Located {
                command,
                span,
                arg,
                last,
            }))
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(ShellError::new(
            Span::new(offset(line, e.at), e.len),
            e.kind,
        )),
        Err(nom::Err::Incomplete(_)) => Err(ShellError::new(
            Span::new(offset(line, segment), segment.len()),
            ErrorKind::Expected {
                what: "a complete command",
                found: Found::End,
            },
        )),
    }
}

/// The `;`-separated segments of a line, without its `#` comment; `;` and
/// `#` inside quotes or after a backslash are text ([`words::split_point`]).
pub fn segments(line: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(line);
    std::iter::from_fn(move || {
        let text = rest?;
        match words::split_point(text) {
            Some((i, b';')) => {
                rest = text.get(i + 1..);
                text.get(..i)
            }
            Some((i, _)) => {
                rest = None;
                text.get(..i)
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// Parse a whole line (all of its commands).
///
/// # Errors
///
/// The first segment's error; commands before it are not returned.
pub fn parse_line(line: &str) -> Result<Vec<Located>, ShellError> {
    let mut out = Vec::new();
    for seg in segments(line) {
        if let Some(cmd) = parse_segment(line, seg)? {
            out.push(cmd);
        }
    }
    Ok(out)
}

/// Parse a single command from `text` (blank text is an error).
///
/// # Errors
///
/// As [`parse_segment`], plus "expected a command" for blank text.
pub fn parse_command(text: &str) -> Result<Located, ShellError> {
    parse_segment(text, text)?.ok_or_else(|| {
        ShellError::new(
            Span::new(text.len(), 0),
            ErrorKind::Expected {
                what: "a command",
                found: Found::End,
            },
        )
    })
}

/// Parse a Yut turn of a problem-format input: `<token> <throw>`.
///
/// # Errors
///
/// A [`ShellError`] locating the bad token, throw or extra text.
pub fn parse_turn(line: &str) -> Result<(Token, Throw), ShellError> {
    let parsed = (token, throw, end("a turn", "a token and a throw")).parse(line);
    match parsed {
        Ok((_, (t, th, ()))) => Ok((t, th)),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(ShellError::new(
            Span::new(offset(line, e.at), e.len),
            e.kind,
        )),
        Err(nom::Err::Incomplete(_)) => Err(ShellError::new(
            Span::new(0, line.len()),
            ErrorKind::Expected {
                what: "a turn like `A FBFB`",
                found: Found::Text(line.to_string()),
            },
        )),
    }
}

#[cfg(test)]
mod tests;
