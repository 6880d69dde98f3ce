//! The Congo course's commands: `eval material|advanced`, `minimax [N]`,
//! `alphabeta [N]` (the course's evaluations and searches of the session's
//! position, under the `rules` setting).

use super::{ArgSpec, Complete, Spec};
use crate::congo::course::Evaluation;
use crate::shell::command::Command;
use crate::shell::parse::grammar::{Res, arg, end, expected_word, word};

/// The deepest course search accepted (the plain minimax at depth 6 already
/// takes long; a search can be interrupted).
pub const MAX_SEARCH_DEPTH: u32 = 12;

/// `eval material|advanced`.
pub const EVAL: Spec = Spec {
    name: "eval",
    aliases: &[],
    usage: "[material|advanced]",
    summary: "the engine's evaluation term by term, from White's side (+ good for White), or the course's material (Part 4) or advanced (Part 5)",
    example: "eval advanced",
    args: &[ArgSpec {
        hint: "[material|advanced]",
        complete: Complete::Words(&["material", "advanced"]),
    }],
    errors: &[
        "expected-evaluation",
        "extra-argument-eval",
        "course-piece-not-in-rules",
    ],
    parse: eval_args,
};

/// `minimax [<depth>]`.
pub const MINIMAX: Spec = Spec {
    name: "minimax",
    aliases: &[],
    usage: "[<depth>]",
    summary: "the course's minimax value and best move (material; depth 2)",
    example: "minimax 2",
    args: &[ArgSpec {
        hint: "[<depth>]",
        complete: Complete::Nothing,
    }],
    errors: &["course-expected-depth", "extra-argument-minimax"],
    parse: |i| {
        let (rest, n) = optional_depth(i, 2)?;
        let (rest, ()) = end("minimax", "at most one depth")(rest)?;
        Ok((rest, Command::Minimax(n)))
    },
};

/// `alphabeta [<depth>]`.
pub const ALPHABETA: Spec = Spec {
    name: "alphabeta",
    aliases: &[],
    usage: "[<depth>]",
    summary: "the course's alpha-beta value and best move (advanced; depth 4)",
    example: "alphabeta 4",
    args: &[ArgSpec {
        hint: "[<depth>]",
        complete: Complete::Nothing,
    }],
    errors: &["course-expected-depth", "extra-argument-alphabeta"],
    parse: |i| {
        let (rest, n) = optional_depth(i, 4)?;
        let (rest, ()) = end("alphabeta", "at most one depth")(rest)?;
        Ok((rest, Command::Alphabeta(n)))
    },
};

const EVAL_WHAT: &str = "`material` or `advanced`";

fn eval_args(input: &str) -> Res<'_, Command> {
    // Nothing after `eval`: the engine's evaluation.
    if word(input).is_err() {
        return Ok((input, Command::Eval));
    }
    let (rest, w) = arg(EVAL_WHAT)(input)?;
    let eval = if w.eq_ignore_ascii_case("material") {
        Evaluation::Material
    } else if w.eq_ignore_ascii_case("advanced") {
        Evaluation::Advanced
    } else {
        return expected_word(w, EVAL_WHAT);
    };
    let (rest, ()) = end("eval", "one evaluation")(rest)?;
    Ok((rest, Command::CourseEval(eval)))
}

/// A depth 0..=[`MAX_SEARCH_DEPTH`], or `default` when none is given.
fn optional_depth(input: &str, default: u32) -> Res<'_, u32> {
    const WHAT: &str = "a search depth 0 to 12";
    match word(input) {
        Err(_) => Ok((input, default)),
        Ok((rest, w)) => match w.parse::<u32>() {
            Ok(n) if n <= MAX_SEARCH_DEPTH => Ok((rest, n)),
            _ => expected_word(w, WHAT),
        },
    }
}
