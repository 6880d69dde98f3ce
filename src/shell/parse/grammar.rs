//! The pieces the command grammars are built from (nom parsers over one
//! `;`-free segment): words, required arguments, the end of a command, and
//! located failures. Each command's own argument grammar lives with its
//! registry entry in `shell::commands`.

use crate::shell::command::Command;
use crate::shell::error::{ErrorKind, Found};
use nom::bytes::complete::take_till1;
use nom::character::complete::space0;
use nom::error::{ErrorKind as NomKind, ParseError};
use nom::{IResult, Parser};

/// The grammar's error: where (a suffix of the input) and what.
#[derive(Debug)]
pub(crate) struct PErr<'a> {
    pub(crate) at: &'a str,
    pub(crate) len: usize,
    pub(crate) kind: ErrorKind,
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

/// A grammar's result.
pub(crate) type Res<'a, T> = IResult<&'a str, T, PErr<'a>>;

/// A command's argument grammar: everything after the keyword to a command.
pub(crate) type ArgsParser = for<'a> fn(&'a str) -> Res<'a, Command>;

/// The blanks of the grammar: spaces and tabs.
pub(crate) fn is_space(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The first word of `input`, or end of command.
pub(crate) fn found(input: &str) -> Found {
    match input.trim_start_matches(is_space).split(is_space).next() {
        Some(w) if !w.is_empty() => Found::Text(w.to_string()),
        _ => Found::End,
    }
}

/// Fail (without backtracking) at `at`, covering `len` bytes.
pub(crate) fn fail<T>(at: &str, len: usize, kind: ErrorKind) -> Res<'_, T> {
    Err(nom::Err::Failure(PErr { at, len, kind }))
}

/// "expected `what`, found `w`", located on the word `w`.
pub(crate) fn expected_word<'a, T>(w: &'a str, what: &'static str) -> Res<'a, T> {
    fail(
        w,
        w.len(),
        ErrorKind::Expected {
            what,
            found: Found::Text(w.to_string()),
        },
    )
}

/// "expected `what`, found end of command", at the end of `input`'s blanks.
pub(crate) fn expected_end<'a, T>(input: &'a str, what: &'static str) -> Res<'a, T> {
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

/// A word: a run of non-blank characters after optional blanks.
pub(crate) fn word(input: &str) -> Res<'_, &str> {
    let (input, _) = space0(input)?;
    take_till1(is_space).parse(input)
}

/// A required argument word; its absence is "expected `what`".
pub(crate) fn arg<'a>(what: &'static str) -> impl FnMut(&'a str) -> Res<'a, &'a str> {
    move |input: &'a str| match word(input) {
        Ok(ok) => Ok(ok),
        Err(_) => expected_end(input, what),
    }
}

/// The end of a command: anything left over is an unexpected argument.
pub(crate) fn end<'a>(
    command: &'static str,
    takes: &'static str,
) -> impl FnMut(&'a str) -> Res<'a, ()> {
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

/// A command with no arguments: `command` when nothing follows `name`.
pub(crate) fn bare<'a>(input: &'a str, name: &'static str, command: Command) -> Res<'a, Command> {
    let (rest, ()) = end(name, "no arguments")(input)?;
    Ok((rest, command))
}
