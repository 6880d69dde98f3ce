//! `retry`'s registry entry and argument grammar: after a Congo `review`,
//! the positions before the mistakes to find a better move in.

use super::{ArgSpec, Complete, Spec};
use crate::congo::moves::parse_move;
use crate::shell::command::{Command, RetryArgs};
use crate::shell::error::ErrorKind;
use crate::shell::parse::grammar::{Res, end, fail, word};

/// `retry [<move>|stop]`.
pub const RETRY: Spec = Spec {
    name: "retry",
    aliases: &[],
    usage: "[<move>|stop]",
    summary: "after a Congo `review`, each position where you played a mistake (? or ??; both sides' with no computer), to find a better move: `retry <move>` (not `play`: the game is untouched), `retry` skips, `retry stop` ends",
    example: "retry d1d7",
    args: &[ArgSpec {
        hint: "[<move>|stop]",
        complete: Complete::RetryMoves,
    }],
    errors: &[
        "retry-no-review",
        "retry-not-started",
        "extra-argument-retry",
        "move-expected-square",
        "move-missing-square",
        "move-not-a-jump",
        "move-too-many-jumps",
        "illegal-empty-square",
        "illegal-enemy-piece",
        "illegal-move-of-a-piece",
        "illegal-piece-without-moves",
    ],
    parse: retry_args,
};

/// Nothing, `stop`, or one move.
fn retry_args(input: &str) -> Res<'_, Command> {
    let (rest, args) = match word(input) {
        Err(_) => (input, RetryArgs::Next),
        Ok((rest, w)) if w.eq_ignore_ascii_case("stop") => (rest, RetryArgs::Stop),
        Ok((rest, w)) => match parse_move(w) {
            Ok(mv) => (rest, RetryArgs::Answer(mv)),
            Err(e) => {
                let at = w.get(e.offset..).unwrap_or("");
                return fail(at, e.len, ErrorKind::Move(e.kind));
            }
        },
    };
    let (rest, ()) = end("retry", "one move or `stop`")(rest)?;
    Ok((rest, Command::Retry(args)))
}

#[cfg(test)]
mod tests {
    use crate::congo::moves::parse_move;
    use crate::shell::command::{Command, RetryArgs};
    use crate::shell::parse::parse_command;

    fn parsed(text: &str) -> Command {
        parse_command(text).unwrap().command
    }

    #[test]
    fn retry_takes_nothing_stop_or_a_move() {
        assert_eq!(parsed("retry"), Command::Retry(RetryArgs::Next));
        assert_eq!(parsed("retry  "), Command::Retry(RetryArgs::Next));
        assert_eq!(parsed("retry STOP"), Command::Retry(RetryArgs::Stop));
        let mv = parse_move("b1d3f5").unwrap();
        assert_eq!(
            parsed("retry b1-d3-f5"),
            Command::Retry(RetryArgs::Answer(mv))
        );
        // Canonical forms parse back.
        for text in ["retry", "retry stop", "retry e2e3"] {
            assert_eq!(parsed(text).to_string(), text);
        }
        // Not a move: the square is named; one argument only.
        let e = parse_command("retry zz").unwrap_err().to_string();
        assert!(e.contains("expected a square a1..g7, found `zz`"), "{e}");
        let e = parse_command("retry e2e3 now").unwrap_err().to_string();
        assert!(e.contains("`retry` takes one move or `stop`"), "{e}");
    }
}
