//! `drill`'s registry entry and argument grammar: the positions of the
//! person's own mistakes, kept across games, served by spaced repetition.

use super::{ArgSpec, Complete, Spec};
use crate::congo::moves::parse_move;
use crate::shell::command::{Command, DrillArgs};
use crate::shell::error::ErrorKind;
use crate::shell::parse::grammar::{Res, end, fail, word};
use crate::yut::{Roll, Token};

/// `drill [<move>|<token> [<throw>]|stop|stats|forget <n>]`.
pub const DRILL: Spec = Spec {
    name: "drill",
    aliases: &[],
    usage: "[<move>|stats|forget <n>]",
    summary: "your mistakes from reviews of both games, when due: `drill <move>` answers (Yut: `drill <token> [<throw>]`), `drill` skips; also `stop`, `stats`, `forget <n>`",
    example: "drill stats",
    args: &[
        ArgSpec {
            hint: "[<move>|stats|forget <n>]",
            complete: Complete::DrillMoves,
        },
        ArgSpec {
            hint: "<n>",
            complete: Complete::Nothing,
        },
    ],
    errors: &[
        "drill-not-started",
        "drill-no-deck",
        "drill-forget-number",
        "drill-other-game",
        "drill-name-the-throw",
        "extra-argument-drill",
    ],
    parse: drill_args,
};

/// Nothing, `stop`, `stats`, `forget <n>`, one move, or a Yut token
/// with its throw (`A do`; the throw left out when one kind is pending).
fn drill_args(input: &str) -> Res<'_, Command> {
    let (rest, args) = match word(input) {
        Err(_) => (input, DrillArgs::Next),
        Ok((rest, w)) if w.eq_ignore_ascii_case("stop") => (rest, DrillArgs::Stop),
        Ok((rest, w)) if w.eq_ignore_ascii_case("stats") => (rest, DrillArgs::Stats),
        Ok((rest, w)) if w.eq_ignore_ascii_case("forget") => {
            let n = match word(rest) {
                Ok((after, n)) => match n.parse::<u64>() {
                    Ok(k) if k > 0 => Ok((after, k)),
                    _ => Err(n),
                },
                Err(_) => Err(rest),
            };
            match n {
                Ok((after, k)) => (after, DrillArgs::Forget(k)),
                Err(at) => {
                    let why = "`drill forget` takes a card's number from `drill stats` (1, 2, ...)";
                    return fail(at, at.len(), ErrorKind::Problem(why.to_string()));
                }
            }
        }
        Ok((rest, w)) if w.parse::<Token>().is_ok() => yut_answer(w, rest)?,
        Ok((rest, w)) => match parse_move(w) {
            Ok(mv) => (rest, DrillArgs::Answer(mv)),
            Err(e) => {
                let at = w.get(e.offset..).unwrap_or("");
                return fail(at, e.len, ErrorKind::Move(e.kind));
            }
        },
    };
    let (rest, ()) = end("drill", "one move, `stop`, `stats` or `forget <n>`")(rest)?;
    Ok((rest, Command::Drill(args)))
}

/// A Yut token (`w`) and, in `rest`, its throw if named.
fn yut_answer<'a>(w: &'a str, rest: &'a str) -> Res<'a, DrillArgs> {
    let Ok(token) = w.parse::<Token>() else {
        return fail(
            w,
            w.len(),
            ErrorKind::Problem(format!("`{w}` is not a token")),
        );
    };
    match word(rest) {
        Ok((after, r)) => match r.parse::<Roll>() {
            Ok(roll) => Ok((after, DrillArgs::YutAnswer(token, Some(roll)))),
            Err(e) => fail(r, r.len(), ErrorKind::Problem(e.to_string())),
        },
        Err(_) => Ok((rest, DrillArgs::YutAnswer(token, None))),
    }
}

#[cfg(test)]
mod tests {
    use crate::congo::moves::parse_move;
    use crate::shell::command::{Command, DrillArgs};
    use crate::shell::parse::parse_command;

    fn parsed(line: &str) -> Command {
        parse_command(line).unwrap().command
    }

    #[test]
    fn the_forms_of_drill() {
        assert_eq!(parsed("drill"), Command::Drill(DrillArgs::Next));
        assert_eq!(parsed("drill STOP"), Command::Drill(DrillArgs::Stop));
        assert_eq!(parsed("drill stats"), Command::Drill(DrillArgs::Stats));
        assert_eq!(
            parsed("drill forget 3"),
            Command::Drill(DrillArgs::Forget(3))
        );
        assert_eq!(
            parsed("drill d1d7"),
            Command::Drill(DrillArgs::Answer(parse_move("d1d7").unwrap()))
        );
        for bad in [
            "drill forget",
            "drill forget 0",
            "drill forget x",
            "drill stats 2",
            "drill d9d1",
        ] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
        assert_eq!(parsed("drill forget 3").to_string(), "drill forget 3");
        // A Yut use: a token and a throw (by name, steps or sticks), or
        // the token alone.
        use crate::yut::{Roll, Token};
        assert_eq!(
            parsed("drill A do"),
            Command::Drill(DrillArgs::YutAnswer(Token::A, Some(Roll::Do)))
        );
        assert_eq!(
            parsed("drill b 3"),
            Command::Drill(DrillArgs::YutAnswer(Token::b, Some(Roll::Geol)))
        );
        assert_eq!(
            parsed("drill a"),
            Command::Drill(DrillArgs::YutAnswer(Token::a, None))
        );
        assert_eq!(parsed("drill A FFFB").to_string(), "drill A geol");
        for bad in ["drill A seven", "drill A do do", "drill F do"] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
    }
}
