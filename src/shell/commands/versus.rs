//! Versus mode's registry entry and grammar: `new congo [white|black]`,
//! `new yut [upper|lower]` start a fresh game against the computer (the
//! person's side named) or for two people.

use super::{ArgSpec, Complete, Spec};
use crate::congo::Color;
use crate::shell::command::{Command, NewGame};
use crate::shell::parse::grammar::{Res, end, expected_end, expected_word, word};
use crate::yut::Team;

/// `new congo [white|black]`, `new yut [upper|lower]`.
pub const NEW: Spec = Spec {
    name: "new",
    aliases: &[],
    usage: "congo|yut [<side>]",
    summary: "a fresh game against the computer, you on the side named (congo white|black, yut upper|lower), or for two people; as Black the board is drawn from your side (`set flip`)",
    example: "new congo white",
    args: &[
        ArgSpec {
            hint: "congo|yut [<side>]",
            complete: Complete::Words(&["congo", "yut"]),
        },
        ArgSpec {
            hint: "[white|black|upper|lower]",
            complete: Complete::Words(&["white", "black", "upper", "lower"]),
        },
    ],
    errors: &[
        "expected-new-game",
        "expected-new-side",
        "extra-argument-new",
    ],
    parse: new_args,
};

/// The command as typed: `new congo white`.
pub fn new_text(game: NewGame) -> String {
    match game {
        NewGame::Congo(None) => "new congo".to_string(),
        NewGame::Congo(Some(Color::White)) => "new congo white".to_string(),
        NewGame::Congo(Some(Color::Black)) => "new congo black".to_string(),
        NewGame::Yut(None) => "new yut".to_string(),
        NewGame::Yut(Some(Team::Upper)) => "new yut upper".to_string(),
        NewGame::Yut(Some(Team::Lower)) => "new yut lower".to_string(),
    }
}

fn new_args(input: &str) -> Res<'_, Command> {
    let (rest, game) = match word(input) {
        Ok((rest, w)) if w.eq_ignore_ascii_case("congo") => (rest, true),
        Ok((rest, w)) if w.eq_ignore_ascii_case("yut") => (rest, false),
        Ok((_, w)) => return expected_word(w, "`congo` or `yut`"),
        Err(_) => return expected_end(input, "`congo` or `yut`"),
    };
    let side = word(rest).ok();
    let (rest, new) = match (game, side) {
        (true, None) => (rest, NewGame::Congo(None)),
        (false, None) => (rest, NewGame::Yut(None)),
        (true, Some((r, w))) if w.eq_ignore_ascii_case("white") => {
            (r, NewGame::Congo(Some(Color::White)))
        }
        (true, Some((r, w))) if w.eq_ignore_ascii_case("black") => {
            (r, NewGame::Congo(Some(Color::Black)))
        }
        (false, Some((r, w))) if w.eq_ignore_ascii_case("upper") => {
            (r, NewGame::Yut(Some(Team::Upper)))
        }
        (false, Some((r, w))) if w.eq_ignore_ascii_case("lower") => {
            (r, NewGame::Yut(Some(Team::Lower)))
        }
        (true, Some((_, w))) => return expected_word(w, "`white`, `black` or nothing"),
        (false, Some((_, w))) => return expected_word(w, "`upper`, `lower` or nothing"),
    };
    let (rest, ()) = end("new", "a game and at most one side")(rest)?;
    Ok((rest, Command::New(new)))
}
