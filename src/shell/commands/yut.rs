//! The Yut commands' registry entries and argument grammars: `move`,
//! `show`, `where` (and the token and throw grammar problem-format turns
//! share).

use super::{ArgSpec, Complete, Spec};
use crate::shell::command::Command;
use crate::shell::parse::grammar::{Res, arg, bare, end, expected_word};
use crate::yut::{Throw, Token};
use nom::Parser;

/// The token letters, as completion offers them.
pub const TOKEN_LETTERS: &[&str] = &["A", "B", "C", "D", "a", "b", "c", "d"];

/// `move <token> <throw>`.
pub const MOVE: Spec = Spec {
    name: "move",
    aliases: &[],
    usage: "<token> <throw>",
    summary: "one Yut turn: a token A-D or a-d and four F/B yuts",
    example: "move A FBFB",
    args: &[
        ArgSpec {
            hint: "<token> <throw>",
            complete: Complete::ExactWords(TOKEN_LETTERS),
        },
        ArgSpec {
            hint: "<throw>",
            complete: Complete::Throws,
        },
    ],
    errors: &[
        "expected-token",
        "expected-throw",
        "expected-throw-missing",
        "extra-argument-move",
        "yut-escaped",
    ],
    parse: |i| {
        let (rest, (t, th)) = (token, throw).parse(i)?;
        let (rest, ()) = end("move", "a token and a throw")(rest)?;
        Ok((rest, Command::Move(t, th)))
    },
};

/// `show`.
pub const SHOW: Spec = Spec {
    name: "show",
    aliases: &[],
    usage: super::svg::USAGE,
    summary: "draw the 32x32 Yut board, or as SVG into <file> (`svg!` overwrites)",
    example: "show svg yut.svg",
    args: super::svg::ARGS,
    errors: &[
        "extra-argument-none",
        "expected-file-name",
        "expected-matching-quotes",
        "svg-exists",
        "svg-unwritable",
    ],
    parse: |i| super::svg::svg_or_bare(i, "show", Command::Show, Command::ShowSvg),
};

/// `where`.
pub const WHERE: Spec = Spec {
    name: "where",
    aliases: &[],
    usage: "",
    summary: "list each Yut token's station, home or escaped",
    example: "where",
    args: &[],
    errors: &["extra-argument-none"],
    parse: |i| bare(i, "where", Command::Where),
};

/// A token letter.
pub(crate) fn token(input: &str) -> Res<'_, Token> {
    let (rest, w) = arg("a token letter A-D or a-d")(input)?;
    let mut chars = w.chars();
    match (chars.next().and_then(Token::from_char), chars.next()) {
        (Some(t), None) => Ok((rest, t)),
        _ => expected_word(w, "a token letter A-D or a-d"),
    }
}

/// Four F/B letters.
pub(crate) fn throw(input: &str) -> Res<'_, Throw> {
    const WHAT: &str = "a throw of four F/B letters";
    let (rest, w) = arg(WHAT)(input)?;
    match w.parse::<Throw>() {
        Ok(t) => Ok((rest, t)),
        Err(_) => expected_word(w, WHAT),
    }
}
