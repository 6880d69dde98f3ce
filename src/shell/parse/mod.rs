//! The nom grammar of the command language: a line to [`Located`] commands.
//!
//! A line is commands separated by `;`, optionally followed by a `#`
//! comment. After a keyword the grammar `cut`s, so an error points at the
//! argument that is wrong, not at the keyword.

use super::command::{Command, Located, MovesFilter, ResetTarget, Span};
use super::error::{ErrorKind, Found, ShellError};
use super::help;
use crate::congo::moves::parse_move;
use crate::congo::{PieceKind, Square, fen};
use crate::yut::{Throw, Token};
use nom::bytes::complete::take_till1;
use nom::character::complete::space0;
use nom::combinator::cut;
use nom::error::{ErrorKind as NomKind, ParseError};
use nom::{IResult, Parser};

/// The grammar's error: where (a suffix of the input) and what.
#[derive(Debug)]
struct PErr<'a> {
    at: &'a str,
    len: usize,
    kind: ErrorKind,
}

impl<'a> ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, _: NomKind) -> PErr<'a> {
        PErr {
            at: input,
            len: 0,
            kind: ErrorKind::Expected {
                what: "a command",
                found: found(input),
            },
        }
    }

    fn append(_: &'a str, _: NomKind, other: PErr<'a>) -> PErr<'a> {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, PErr<'a>>;

fn is_space(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The first word of `input`, or end of command.
fn found(input: &str) -> Found {
    match input.trim_start_matches(is_space).split(is_space).next() {
        Some(w) if !w.is_empty() => Found::Text(w.to_string()),
        _ => Found::End,
    }
}

fn fail<T>(at: &str, len: usize, kind: ErrorKind) -> Res<'_, T> {
    Err(nom::Err::Failure(PErr { at, len, kind }))
}

/// "expected `what`, found `w`", located on the word `w`.
fn expected_word<'a, T>(w: &'a str, what: &'static str) -> Res<'a, T> {
    fail(
        w,
        w.len(),
        ErrorKind::Expected {
            what,
            found: Found::Text(w.to_string()),
        },
    )
}

/// A word: a run of non-blank characters after optional blanks.
fn word(input: &str) -> Res<'_, &str> {
    let (input, _) = space0(input)?;
    take_till1(is_space).parse(input)
}

/// A required argument word; its absence is "expected `what`".
fn arg<'a>(what: &'static str) -> impl FnMut(&'a str) -> Res<'a, &'a str> {
    move |input: &'a str| match word(input) {
        Ok(ok) => Ok(ok),
        Err(_) => {
            let at = input.trim_start_matches(is_space);
            fail(
                at,
                0,
                ErrorKind::Expected {
                    what,
                    found: Found::End,
                },
            )
        }
    }
}

/// The end of a command: anything left over is an unexpected argument.
fn end<'a>(command: &'static str, takes: &'static str) -> impl FnMut(&'a str) -> Res<'a, ()> {
    move |input: &'a str| {
        let (rest, _) = space0(input)?;
        if rest.is_empty() {
            Ok((rest, ()))
        } else {
            let text = rest.trim_end_matches(is_space);
            fail(
                rest,
                text.len(),
                ErrorKind::UnexpectedArgument {
                    command,
                    takes,
                    found: Found::Text(text.to_string()),
                },
            )
        }
    }
}

fn token(input: &str) -> Res<'_, Token> {
    let (rest, w) = arg("a token letter A-D or a-d")(input)?;
    let mut chars = w.chars();
    match (chars.next().and_then(Token::from_char), chars.next()) {
        (Some(t), None) => Ok((rest, t)),
        _ => expected_word(w, "a token letter A-D or a-d"),
    }
}

fn throw(input: &str) -> Res<'_, Throw> {
    const WHAT: &str = "a throw of four F/B letters";
    let (rest, w) = arg(WHAT)(input)?;
    match w.parse::<Throw>() {
        Ok(t) => Ok((rest, t)),
        Err(_) => expected_word(w, WHAT),
    }
}

/// The deepest `perft`/`divide` accepted (depth 7 already takes minutes).
pub const MAX_DEPTH: u32 = 12;

fn depth(input: &str) -> Res<'_, u32> {
    const WHAT: &str = "a depth 0..=12";
    let (rest, w) = arg(WHAT)(input)?;
    match w.parse::<u32>() {
        Ok(n) if n <= MAX_DEPTH => Ok((rest, n)),
        _ => expected_word(w, WHAT),
    }
}

/// `fen` with everything after the keyword: nothing, or a FEN.
fn fen_args(input: &str) -> Res<'_, Command> {
    if input.trim_matches(is_space).is_empty() {
        return Ok(("", Command::ShowFen));
    }
    match fen::parse(input) {
        Ok(pos) => Ok(("", Command::SetFen(Box::new(pos)))),
        Err(e) => {
            let at = input.get(e.offset..).unwrap_or("");
            fail(at, e.len, ErrorKind::Fen(e.kind))
        }
    }
}

fn reset_args(input: &str) -> Res<'_, Command> {
    let (rest, target) = match word(input) {
        Err(_) => (input, ResetTarget::Both),
        Ok((rest, w)) if w.eq_ignore_ascii_case("congo") => (rest, ResetTarget::Congo),
        Ok((rest, w)) if w.eq_ignore_ascii_case("yut") => (rest, ResetTarget::Yut),
        Ok((_, w)) => {
            return expected_word(w, "`congo`, `yut` or nothing");
        }
    };
    let (rest, ()) = end("reset", "at most one argument, `congo` or `yut`")(rest)?;
    Ok((rest, Command::Reset(target)))
}

fn moves_args(input: &str) -> Res<'_, Command> {
    let (rest, filter) = match word(input) {
        Err(_) => (input, MovesFilter::All),
        Ok((rest, w)) => {
            if let Some(kind) = PieceKind::from_name(w) {
                (rest, MovesFilter::Kind(kind))
            } else if let Ok(sq) = w.parse::<Square>() {
                (rest, MovesFilter::From(sq))
            } else {
                return expected_word(
                    w,
                    "a piece kind (pawn, superpawn, giraffe, monkey, elephant, lion, crocodile, zebra) or a square a1..g7",
                );
            }
        }
    };
    let (rest, ()) = end("moves", "at most one piece kind or square")(rest)?;
    Ok((rest, Command::Moves(filter)))
}

fn help_args(input: &str) -> Res<'_, Command> {
    match word(input) {
        Err(_) => Ok((input, Command::Help(None))),
        Ok((rest, w)) => match help::find(w) {
            Some(doc) => {
                let (rest, ()) = end("help", "at most one command name")(rest)?;
                Ok((rest, Command::Help(Some(doc.name))))
            }
            None => expected_word(w, "a command name"),
        },
    }
}

/// `source <file>`: the rest of the command, trimmed; quotes allow spaces.
fn source_args(input: &str) -> Res<'_, Command> {
    let text = input.trim_matches(is_space);
    let at = input.trim_start_matches(is_space);
    if text.is_empty() {
        return fail(
            at,
            0,
            ErrorKind::Expected {
                what: "a file name",
                found: Found::End,
            },
        );
    }
    let path = match text.strip_prefix('"') {
        Some(inner) => match inner.strip_suffix('"') {
            Some(p) if !p.is_empty() => p,
            _ => {
                return fail(
                    at,
                    text.len(),
                    ErrorKind::Expected {
                        what: "a file name in matching quotes",
                        found: Found::Text(text.to_string()),
                    },
                );
            }
        },
        None => text,
    };
    Ok(("", Command::Source(path.to_string())))
}

/// A command with no arguments.
fn bare<'a>(name: &'static str, command: Command) -> impl FnMut(&'a str) -> Res<'a, Command> {
    move |input: &'a str| {
        let (rest, ()) = end(name, "no arguments")(input)?;
        Ok((rest, command.clone()))
    }
}

/// The arguments of the command `name` (a keyword from the table).
fn arguments<'a>(name: &'static str, input: &'a str) -> Res<'a, Command> {
    match name {
        "fen" => fen_args(input),
        "list" => bare("list", Command::List)(input),
        "board" => bare("board", Command::Board)(input),
        "moves" => moves_args(input),
        "play" => {
            let (rest, m) = arg("a move like e2e3 or b1-d3-f5")(input)?;
            let mv = match parse_move(m) {
                Ok(mv) => mv,
                Err(e) => {
                    let at = m.get(e.offset..).unwrap_or("");
                    return fail(at, e.len, ErrorKind::Move(e.kind));
                }
            };
            let (rest, ()) = end("play", "one move")(rest)?;
            Ok((rest, Command::Play(mv)))
        }
        "status" => bare("status", Command::Status)(input),
        "perft" => {
            let (rest, n) = depth(input)?;
            let (rest, ()) = end("perft", "one depth")(rest)?;
            Ok((rest, Command::Perft(n)))
        }
        "divide" => {
            let (rest, n) = depth(input)?;
            let (rest, ()) = end("divide", "one depth")(rest)?;
            Ok((rest, Command::Divide(n)))
        }
        "move" => {
            let (rest, (t, th)) = (token, throw).parse(input)?;
            let (rest, ()) = end("move", "a token and a throw")(rest)?;
            Ok((rest, Command::Move(t, th)))
        }
        "show" => bare("show", Command::Show)(input),
        "where" => bare("where", Command::Where)(input),
        "reset" => reset_args(input),
        "undo" => bare("undo", Command::Undo)(input),
        "source" => source_args(input),
        "help" => help_args(input),
        _ => bare("quit", Command::Quit)(input),
    }
}

/// One command: a keyword, then (cut) its arguments.
fn command(input: &str) -> Res<'_, (Command, &str, &str)> {
    let (rest, kw) = word(input)?;
    let Some(doc) = help::find(kw) else {
        return fail(
            kw,
            kw.len(),
            ErrorKind::UnknownCommand {
                word: kw.to_string(),
                suggestion: help::suggest(kw),
            },
        );
    };
    let args = rest.trim_start_matches(is_space);
    let (rest, cmd) = cut(|i| arguments(doc.name, i)).parse(rest)?;
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
            let arg = if arg_text.is_empty() {
                Span::new(start, kw.len())
            } else {
                let first = arg_text.split(is_space).next().unwrap_or(arg_text);
                Span::new(offset(line, args), first.len())
            };
            Ok(Some(Located { command, span, arg }))
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

/// The `;`-separated segments of a line, without its `#` comment.
pub fn segments(line: &str) -> impl Iterator<Item = &str> {
    // One byte scan finds the comment; most lines hold neither `;` nor `#`
    // and come back as a single segment without a searcher.
    let mut rest = Some(line);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.bytes().position(|b| b == b';' || b == b'#') {
            Some(i) if text.as_bytes().get(i) == Some(&b';') => {
                rest = text.get(i + 1..);
                text.get(..i)
            }
            Some(i) => {
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
