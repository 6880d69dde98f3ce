//! The engine commands' registry entries and argument grammars: `best`,
//! `go`, `analyze` (`eval` alone, the engine's evaluation, shares the
//! course's `eval` entry).

use super::{ArgSpec, Complete, Spec};
use crate::shell::command::{Command, SearchLimit};
use crate::shell::parse::grammar::{Res, arg, bare, end, expected_word, word};

/// The deepest `best depth N` accepted.
pub const MAX_SEARCH_DEPTH: u32 = 64;

/// The longest `best time S` accepted, in seconds (a day).
const MAX_SEARCH_SECONDS: f64 = 86_400.0;

const LIMIT_ARGS: &[ArgSpec] = &[
    ArgSpec {
        hint: "[depth <n>|time <s>|nodes <n>]",
        complete: Complete::Words(&["depth", "time", "nodes"]),
    },
    ArgSpec {
        hint: "<n>",
        complete: Complete::Nothing,
    },
];

/// A command that searches within one limit: `NAME [depth N | time S |
/// nodes N]`, its errors named after it.
macro_rules! limit_command {
    ($name:literal, $summary:literal, $example:literal, $variant:ident) => {
        Spec {
            name: $name,
            aliases: &[],
            usage: "[depth <n>|time <s>|nodes <n>]",
            summary: $summary,
            example: $example,
            args: LIMIT_ARGS,
            errors: &[
                "expected-search-limit",
                "expected-search-depth",
                "expected-search-time",
                "expected-search-nodes",
                concat!("extra-argument-", $name),
                "search-game-over",
            ],
            parse: |i| {
                let (rest, limit) = limit(i)?;
                let (rest, ()) = end($name, "one limit")(rest)?;
                Ok((rest, Command::$variant(limit)))
            },
        }
    };
}

/// `best [depth N | time S | nodes N]`.
pub const BEST: Spec = limit_command!(
    "best",
    "search the best Congo move (default 3 seconds): move, score from White's side (+ good for White), depth, nodes, line",
    "best depth 4",
    Best
);

/// `go [depth N | time S | nodes N]`.
pub const GO: Spec = limit_command!(
    "go",
    "let the engine play the side to move (undoable, shown like play)",
    "go depth 3",
    Go
);

/// `analyze`.
pub const ANALYZE: Spec = Spec {
    name: "analyze",
    aliases: &[],
    usage: "",
    summary: "search until Ctrl-C, showing each depth (scores from White's side); the position is unchanged",
    example: "analyze",
    args: &[],
    errors: &["extra-argument-none", "search-game-over"],
    parse: |i| bare(i, "analyze", Command::Analyze),
};

/// `tb`.
pub const TB: Spec = Spec {
    name: "tb",
    aliases: &[],
    usage: "",
    summary: "win, draw or loss in N plies, from the endgame tables",
    example: "tb",
    args: &[],
    errors: &["extra-argument-none", "search-game-over"],
    parse: |i| bare(i, "tb", Command::Tb),
};

/// `[depth N | time S | nodes N]`.
pub(crate) fn limit(input: &str) -> Res<'_, SearchLimit> {
    let Ok((rest, w)) = word(input) else {
        return Ok((input, SearchLimit::Default));
    };
    const DEPTH: &str = "a depth 1 to 64";
    const TIME: &str = "a time in seconds, e.g. 2 or 0.5";
    const NODES: &str = "a node count 1 or more";
    if w.eq_ignore_ascii_case("depth") {
        let (rest, n) = arg(DEPTH)(rest)?;
        match n.parse::<u32>() {
            Ok(d) if (1..=MAX_SEARCH_DEPTH).contains(&d) => Ok((rest, SearchLimit::Depth(d))),
            _ => expected_word(n, DEPTH),
        }
    } else if w.eq_ignore_ascii_case("time") {
        let (rest, t) = arg(TIME)(rest)?;
        let ok = t.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        match t.parse::<f64>() {
            Ok(s) if ok && s > 0.0 && s <= MAX_SEARCH_SECONDS => Ok((
                rest,
                SearchLimit::Millis(((s * 1000.0).round() as u64).max(1)),
            )),
            _ => expected_word(t, TIME),
        }
    } else if w.eq_ignore_ascii_case("nodes") {
        let (rest, n) = arg(NODES)(rest)?;
        match n.parse::<u64>() {
            Ok(k) if k >= 1 => Ok((rest, SearchLimit::Nodes(k))),
            _ => expected_word(n, NODES),
        }
    } else {
        expected_word(w, "`depth`, `time` or `nodes`")
    }
}
