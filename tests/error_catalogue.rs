//! The error catalogue: `docs/errors.md` quotes an example of every error
//! boardsh prints, with its exact standard error. This test keeps the two in
//! step:
//!
//! - every example of [`EXAMPLES`] (and [`COURSE_EXAMPLES`]) runs through the binary, and its standard
//!   error must be the block quoted for it in `docs/errors.md`, its status
//!   the one in the table, and its message the one reasoned out here;
//! - `docs/errors.md` quotes exactly the examples of the table (same ids,
//!   same commands shown);
//! - every variant of the error enums (read from their source files) has
//!   an example, or is listed as unreachable in [`UNREACHABLE`] and in the
//!   document.
//!
//! When a check fails, it prints the block to put in the document; read it
//! against the rules before pasting it.

use crate::common::files::NoDeck;
use boardsh::shell::{
    Diagnostic, ErrorKind, Keyword, Reporter, Runner, ScriptKind as Kind, Session,
};
use clap::Parser;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// How an example is run.
#[derive(Clone, Copy, Debug)]
enum Input {
    /// `boardsh -c '<commands>'`.
    Command(&'static str),
    /// `printf '<bytes>' | boardsh`.
    Stdin(&'static [u8]),
    /// Files (and directories) made in an empty directory, then
    /// `boardsh <arg>` run there.
    Files {
        files: &'static [(&'static str, &'static [u8])],
        dirs: &'static [&'static str],
        arg: &'static str,
    },
    /// `f0.bsh` sources `f1.bsh`, ..., up to `f64.bsh`; run `boardsh f0.bsh`.
    SourceChain,
    /// `long.bsh`: one line of 16 MiB + 1 bytes; run `boardsh long.bsh`.
    LongLine,
    /// `printf '<bytes>' | boardsh course <args>`.
    Course {
        args: &'static [&'static str],
        stdin: &'static [u8],
    },
    /// Files, directories and symbolic links (name, target) made in an
    /// empty directory, then `boardsh <args>` (a subcommand) run there.
    /// Its errors are the front end's, `boardsh SUBCOMMAND: MESSAGE`.
    Sub {
        files: &'static [(&'static str, &'static [u8])],
        dirs: &'static [&'static str],
        links: &'static [(&'static str, &'static str)],
        args: &'static [&'static str],
    },
}

/// One example: an id (as in `<!-- example: id -->`), how to run it, the
/// exit status, and the message of the first stderr line (after `error: `).
struct Example {
    id: &'static str,
    input: Input,
    status: i32,
    message: &'static str,
}

const fn command(id: &'static str, text: &'static str, message: &'static str) -> Example {
    Example {
        id,
        input: Input::Command(text),
        status: 1,
        message,
    }
}

const fn stdin(id: &'static str, bytes: &'static [u8], message: &'static str) -> Example {
    Example {
        id,
        input: Input::Stdin(bytes),
        status: 1,
        message,
    }
}

/// The examples. Messages are worked out from the rules (comments say how
/// the columns are counted where it is not obvious); `docs/errors.md` holds
/// the full standard error of each.
const EXAMPLES: &[Example] = &[
    // ---- commands: ErrorKind::UnknownCommand ----
    // `shwo` is one transposition (2 edits) from `show`.
    command(
        "unknown-command-suggestion",
        "shwo",
        "unknown command `shwo` (did you mean `show`?)",
    ),
    command(
        "unknown-command",
        "frobnicate",
        "unknown command `frobnicate` (try `help`)",
    ),
    // ---- ErrorKind::Expected: one per kind of argument ----
    // The token is at byte 5: column 6.
    command(
        "expected-token",
        "move Q FFFF",
        "expected a token letter A-D or a-d, found `Q`",
    ),
    command(
        "expected-throw",
        "move A FXFB",
        "expected a throw of four F/B letters, found `FXFB`",
    ),
    // `options` takes a result by name, steps or sticks.
    command(
        "expected-roll",
        "options x",
        "expected a throw: do, gae, geol, yut, mo, 1-5 or four F/B letters, found `x`",
    ),
    command(
        "expected-games",
        "odds 0",
        "expected a number of games 1 to 10000000, found `0`",
    ),
    command(
        "expected-player",
        "odds 10 x",
        "expected a player: random, greedy, ai or ai1-ai4, found `x`",
    ),
    command(
        "expected-reset-target",
        "reset all",
        "expected `congo`, `yut` or nothing, found `all`",
    ),
    // `new` takes `congo` or `yut` (byte 4: column 5), then the person's
    // side of that game (byte 10: column 11).
    command(
        "expected-new-game",
        "new chess",
        "expected `congo` or `yut`, found `chess`",
    ),
    command(
        "expected-new-side",
        "new congo red",
        "expected `white`, `black` or nothing, found `red`",
    ),
    command(
        "expected-help-topic",
        "help me",
        "expected a command name, `congo` or `yut`, found `me`",
    ),
    // `colour` starts at byte 4 (column 5); settings are listed by `set`.
    command(
        "expected-setting",
        "set colour on",
        "expected a setting name (`set` lists them), found `colour`",
    ),
    // `levle` is two letters from `level`.
    command(
        "expected-setting-suggestion",
        "set levle 3",
        "expected a setting name (`set` lists them), found `levle` (did you mean `level`?)",
    ),
    // `quiet` is an on/off setting; `yes` starts at byte 10.
    command(
        "expected-setting-value",
        "set quiet yes",
        "expected `on` or `off`, found `yes`",
    ),
    command(
        "expected-file-name",
        "source",
        "expected a file name, found end of command",
    ),
    command(
        "expected-matching-quotes",
        "source \"my file.bsh",
        "expected a file name in matching quotes, found `\"my file.bsh`",
    ),
    command(
        "expected-depth",
        "perft 13",
        "expected a depth 0 to 12, found `13`",
    ),
    command(
        "expected-search-limit",
        "best 5",
        "expected `depth`, `time` or `nodes`, found `5`",
    ),
    command(
        "expected-search-depth",
        "best depth 0",
        "expected a depth 1 to 64, found `0`",
    ),
    command(
        "expected-search-time",
        "go time 1s",
        "expected a time in seconds, e.g. 2 or 0.5, found `1s`",
    ),
    command(
        "expected-search-nodes",
        "best nodes -5",
        "expected a node count 1 or more, found `-5`",
    ),
    command(
        "extra-argument-best",
        "best depth 2 3",
        "unexpected argument `3`: `best` takes one limit",
    ),
    command(
        "extra-argument-go",
        "go nodes 100 now",
        "unexpected argument `now`: `go` takes one limit",
    ),
    command(
        "search-game-over",
        "fen 7/7/7/7/7/7/3L3; best",
        "the game is over: White wins",
    ),
    command(
        "expected-moves-filter",
        "moves e9",
        "expected a piece kind (pawn, superpawn, giraffe, monkey, elephant, lion, crocodile, zebra) or a square a1..g7, found `e9`",
    ),
    command(
        "expected-move",
        "play",
        "expected a move like e2e3 or b1-d3-f5, found end of command",
    ),
    // ---- ErrorKind::OtherGame: the other game's word, the command meant ----
    // `e2e3` reads as a Congo move, not a token: `play` is meant.
    command(
        "move-congo-move",
        "move e2e3",
        "expected a token letter A-D or a-d, found `e2e3` (a Congo move: try `play e2e3`)",
    ),
    // `A` is a Yut token letter, not a move: `move` is meant.
    command(
        "play-yut-token",
        "play A",
        "expected a move like e2e3 or b1-d3-f5, found `A` (a Yut token: try `move A`)",
    ),
    // ---- ErrorKind::UnexpectedArgument: one per command shape ----
    command(
        "extra-argument-none",
        "where now",
        "unexpected argument `now`: `where` takes no arguments",
    ),
    command(
        "extra-argument-move",
        "move A FFFF B",
        "unexpected argument `B`: `move` takes a token and a throw",
    ),
    command(
        "extra-argument-throw",
        "throw FFFF B",
        "unexpected argument `B`: `throw` takes at most four F/B letters",
    ),
    command(
        "extra-argument-options",
        "options geol 1",
        "unexpected argument `1`: `options` takes at most one throw",
    ),
    command(
        "extra-argument-odds",
        "odds 10 ai ai x",
        "unexpected argument `x`: `odds` takes a number of games and two players",
    ),
    command(
        "extra-argument-reset",
        "reset yut congo",
        "unexpected argument `congo`: `reset` takes at most one argument, `congo` or `yut`",
    ),
    command(
        "extra-argument-new",
        "new congo white now",
        "unexpected argument `now`: `new` takes a game and at most one side",
    ),
    // Versus mode: the person's move on the computer's turn is refused
    // (the caret under the move, byte 25 / the keyword at byte 20).
    command(
        "computers-move",
        "set computer white; play e2e3",
        "it is the computer's move (white): `go` lets it play, `set computer none` lets you move both sides",
    ),
    command(
        "computers-turn",
        "set computer upper; throw",
        "it is the computer's turn (upper): `auto` lets it play, `set computer none` lets you play both teams",
    ),
    // The tutor stops a move that hangs the lion: d2c3 opens the d file
    // between the lions and Black's takes White's (0% left).
    command(
        "tutor-stops",
        "set tutor ?; new congo white; fen 3l3/7/p5p/7/P5P/3P3/3L3 w 0; play d2c3",
        "the tutor stops d2c3 (??): it loses 98.6 points of your chance to win (0% against 99% after d2d3, line d2d3 d7c7 d3e4); type d2c3 again, or `play d2c3!`, to play it anyway",
    ),
    command(
        "extra-argument-board",
        "board legend now",
        "unexpected argument `now`: `board` takes at most `legend`",
    ),
    command(
        "expected-board-extra",
        "board key",
        "expected `legend`, `svg <file>` or nothing, found `key`",
    ),
    command(
        "nothing-to-redo",
        "redo",
        "nothing to redo (only right after `undo`)",
    ),
    command(
        "too-few-to-undo",
        "play c2c3; undo 2",
        "only 1 change to undo, not 2",
    ),
    command(
        "expected-undo-count",
        "undo 0",
        "expected a number of changes 1 to 1000, found `0`",
    ),
    command(
        "extra-argument-undo",
        "undo 2 now",
        "unexpected argument `now`: `undo` takes at most one count",
    ),
    // `undo` left one change to redo; the caret is on the count.
    command(
        "too-few-to-redo",
        "play c2c3; undo; redo 2",
        "only 1 change to redo, not 2",
    ),
    command(
        "expected-redo-count",
        "redo 0",
        "expected a number of changes 1 to 1000, found `0`",
    ),
    command(
        "extra-argument-redo",
        "redo 2 now",
        "unexpected argument `now`: `redo` takes at most one count",
    ),
    command(
        "extra-argument-quit",
        "quit 2 now",
        "unexpected argument `now`: `quit` takes at most one exit status",
    ),
    command(
        "expected-exit-status",
        "exit 256",
        "expected an exit status 0 to 255, found `256`",
    ),
    command(
        "extra-argument-help",
        "help move now",
        "unexpected argument `now`: `help` takes at most one command name",
    ),
    command(
        "extra-argument-moves",
        "moves pawn e2",
        "unexpected argument `e2`: `moves` takes at most one piece kind or square",
    ),
    command(
        "extra-argument-perft",
        "perft 1 2",
        "unexpected argument `2`: `perft` takes one depth",
    ),
    command(
        "extra-argument-divide",
        "divide 1 2",
        "unexpected argument `2`: `divide` takes one depth",
    ),
    // ---- the Congo course at the prompt ----
    command(
        "expected-evaluation",
        "eval materials",
        "expected `material` or `advanced`, found `materials`",
    ),
    command(
        "extra-argument-eval",
        "eval material now",
        "unexpected argument `now`: `eval` takes one evaluation",
    ),
    command(
        "course-expected-depth",
        "minimax 13",
        "expected a search depth 0 to 12, found `13`",
    ),
    command(
        "extra-argument-minimax",
        "minimax 2 3",
        "unexpected argument `3`: `minimax` takes at most one depth",
    ),
    command(
        "extra-argument-alphabeta",
        "alphabeta 4 x",
        "unexpected argument `x`: `alphabeta` takes at most one depth",
    ),
    // The start position has giraffes, monkeys and crocodiles: the 2021
    // course has none, and the first in square order is the giraffe a1.
    command(
        "course-piece-not-in-rules",
        "set rules 2021; eval material",
        "`G` on a1 is a white giraffe: the 2021 course has no giraffe",
    ),
    command(
        "extra-argument-set",
        "set quiet on now",
        "unexpected argument `now`: `set` takes a setting name and a value",
    ),
    command(
        "extra-argument-play",
        "play e2e3 now",
        "unexpected argument `now`: `play` takes one move",
    ),
    // A Yut problem-format turn with a third word, on line 2.
    stdin(
        "extra-argument-turn",
        b"1\nA FFFF B\n",
        "unexpected argument `B`: `a turn` takes a token and a throw",
    ),
    // ---- FenErrorKind, through `fen` (4 bytes before the FEN) ----
    // 6 ranks: the caret is just past the placement, byte 4 + 11 = 15.
    command(
        "fen-rank-count-few",
        "fen 7/7/7/7/7/7",
        "expected 7 ranks separated by `/`, found 6",
    ),
    // 8 ranks: from the 7th `/` (byte 4 + 13 = 17), covering `/7`.
    command(
        "fen-rank-count-many",
        "fen 7/7/7/7/7/7/7/7",
        "expected 7 ranks separated by `/`, found 8",
    ),
    // `61P` is 6 + 1 + 1 = 8 squares.
    command(
        "fen-rank-width",
        "fen 7/61P/7/7/7/7/7",
        "rank 6 covers 8 squares, expected 7",
    ),
    command(
        "fen-unknown-piece",
        "fen 7/7/7/3x3/7/7/7",
        "unknown piece letter `x` (pieces are PSGMELCZ, lower case for black)",
    ),
    command(
        "fen-bad-digit",
        "fen 7/7/7/7/7/7/9",
        "digit `9` cannot count empty squares (use 1..7)",
    ),
    command(
        "fen-invalid-side",
        "fen 7/7/7/7/7/7/7 white",
        "expected side to move `w` or `b`, found `white`",
    ),
    command(
        "fen-move-number-text",
        "fen 7/7/7/7/7/7/7 w abc",
        "expected a move number, found `abc`",
    ),
    command(
        "fen-move-number-negative",
        "fen 7/7/7/7/7/7/7 w -3",
        "move number must not be negative, found `-3`",
    ),
    // 2^64 is one more than the largest move number.
    command(
        "fen-move-number-overflow",
        "fen 7/7/7/7/7/7/7 w 18446744073709551616",
        "move number `18446744073709551616` is too large (at most 18446744073709551615)",
    ),
    command(
        "fen-trailing-text",
        "fen 7/7/7/7/7/7/7 w 0 extra",
        "unexpected text after the FEN: `extra`",
    ),
    // A FEN line of a problem-format file: line 3, the rank at byte 2.
    Example {
        id: "fen-in-problem-input",
        input: Input::Files {
            files: &[("bad.in", b"2\n7/7/7/7/7/7/7 w 0\n7/61P/7/7/7/7/7 w 0\n")],
            dirs: &[],
            arg: "bad.in",
        },
        status: 1,
        message: "rank 6 covers 8 squares, expected 7",
    },
    // ---- hint and review (issue 38) ----
    // A hint lists 1 to 99 moves: 0 is refused at the word.
    command(
        "expected-hint-count",
        "hint congo 0",
        "expected a number of moves 1 to 99, found `0`",
    ),
    // After the game, the count and one limit, nothing more.
    command(
        "extra-argument-hint",
        "hint congo 2 nodes 500 more",
        "unexpected argument `more`: `hint` takes a game, a count and one limit",
    ),
    // Yut's hint has no count or budget (the throws decide the choices).
    command(
        "yut-hint-arguments",
        "hint yut 3",
        "Yut's `hint` takes no count, budget or file: `hint yut`, or `hint congo ...` for Congo",
    ),
    // A number is no limit and no file name (issue 50: it was read as a
    // file): a count is `hint`'s.
    command(
        "review-count",
        "review 3",
        "unexpected argument `3`: `review` takes a game, one limit (depth N, time S or nodes N) and svg FILE or a game file, and no count (a game file named by digits is written with `./`, as `./3`)",
    ),
    // One limit: a second was read as a file name before.
    command(
        "review-two-limits",
        "review nodes 1 time 1",
        "unexpected argument `time`: `review` takes a game, one limit (depth N, time S or nodes N) and svg FILE or a game file",
    ),
    command(
        "yut-review-arguments",
        "review yut nodes 100",
        "Yut's `review` takes no count, budget or file: `review yut`, or `review congo ...` for Congo",
    ),
    // ---- the engine's network (issue 40) ----
    // Five bytes are not the 8-byte magic a network file starts with.
    Example {
        id: "net-file",
        input: Input::Files {
            files: &[("bad.nnue", b"hello"), ("a.bsh", b"set net bad.nnue\n")],
            dirs: &[],
            arg: "a.bsh",
        },
        status: 1,
        message: "cannot use `bad.nnue` as a network: not a boardsh network file (bytes 0..8 are not \"BSHNNUE\\0\")",
    },
    // A fresh Congo game has no move to review.
    command(
        "review-nothing",
        "review congo",
        "no Congo moves to review: `play` or `go` some, or `new congo`",
    ),
    // A fresh session's `review` is Yut's, of a game with no throw yet.
    command(
        "review-nothing-yet",
        "review",
        "nothing to review yet: play first (Yut: `throw`, `move`; Congo: `play`, `go`), then `review`",
    ),
    // `review key` shows the last review's key moments: a fresh session
    // has reviewed nothing.
    command(
        "review-key-nothing",
        "review key",
        "nothing reviewed yet: `review`",
    ),
    // The lion on d1 moves one square (or flies at the other lion on its
    // file): d1d5 is not a move, refused with the file's line.
    Example {
        id: "review-not-a-game",
        input: Input::Files {
            files: &[
                ("game.bsh", b"fen 3l3/7/7/7/7/7/3L3 w 0\nplay d1d5\n"),
                ("a.bsh", b"review game.bsh\n"),
            ],
            dirs: &[],
            arg: "a.bsh",
        },
        status: 1,
        message: "cannot read `game.bsh`: not a Congo game: line 2: `d1d5` is not a legal move here",
    },
    // `retry` walks the last Congo review's mistakes: a fresh session has
    // none kept (the caret on the keyword: `retry` has no argument).
    command(
        "retry-no-review",
        "retry",
        "no review to retry: `review` a Congo game first, then `retry`",
    ),
    // An answer or `stop` needs a retry under way (`retry` starts one).
    command(
        "retry-not-started",
        "retry stop",
        "no retry under way: `retry` shows the first position (after `review`)",
    ),
    command(
        "extra-argument-retry",
        "retry e2e3 now",
        "unexpected argument `now`: `retry` takes one move or `stop`",
    ),
    // `drill`: an answer or `stop` needs a drill under way; the deck
    // needs a data directory (the tests' does not exist).
    command(
        "drill-not-started",
        "drill stop",
        "no drill under way: `drill` shows the first position due",
    ),
    command(
        "drill-no-deck",
        "drill stats",
        "no drill deck: the directory `/nonexistent/boardsh-test-data` does not exist",
    ),
    command(
        "drill-forget-number",
        "drill forget x",
        "`drill forget` takes a card's number from `drill stats` (1, 2, ...)",
    ),
    // A Yut use answering a Congo drill (or a move a Yut one): the
    // drill says which answer it takes. The deck in the data directory
    // holds one Congo card, due since 2020.
    Example {
        id: "drill-other-game",
        input: Input::Files {
            files: &[
                (
                    "boardsh/drills.jsonl",
                    br#"{"v":1,"kind":"add","id":"1","fen":"3l3/7/7/7/7/7/3L3 w 0","side":"white","played":"d1d2","mark":"??","played_chance":0.0,"good":[{"move":"d1d7","chance":1.0}],"budget":"nodes 100","date":"2020-01-01"}
"#,
                ),
                ("d.bsh", b"drill\ndrill A do\n"),
            ],
            dirs: &["boardsh"],
            arg: "d.bsh",
        },
        status: 1,
        message: "this drill is a Congo position: answer with a move (`drill d1d7`)",
    },
    // `drill A` at a Yut decision with a yut and a do pending: which
    // throw is not told. The deck holds that one Yut card.
    Example {
        id: "drill-name-the-throw",
        input: Input::Files {
            files: &[
                (
                    "boardsh/drills.jsonl",
                    br#"{"v":1,"kind":"add","id":"2","game":"yut","side":"upper","played":"A yut","mark":"??","played_chance":0.0,"good":[{"move":"A do","chance":1.0}],"budget":"positions 100","date":"2020-01-01","yut":{"format":1,"tokens":1,"board":"A mo-gae, a cham-meoki","first":"upper","to_move":"upper","pending":["yut","do"],"sticks":"0.5","back_do":false,"catch_bonus":true,"seed":7,"exact":true}}
"#,
                ),
                ("d.bsh", b"drill\ndrill A\n"),
            ],
            dirs: &["boardsh"],
            arg: "d.bsh",
        },
        status: 1,
        message: "name the throw to use: yut (4), do (1) pending (`drill A yut`)",
    },
    command(
        "extra-argument-drill",
        "drill stats now",
        "unexpected argument `now`: `drill` takes one move, `stop`, `stats` or `forget <n>`",
    ),
    // ---- YutError ----
    // BBBB takes A home -> mo (5); from mo, FFFB (3) takes the shortcut to
    // bang; FFFB (3) again reaches cham-meoki; FBBB (1) escapes. A sixth
    // move of A is refused, at its token: 4 commands of 13 bytes
    // ("move A BBBB; ") and "move " before it, byte 57.
    command(
        "yut-escaped",
        "move A BBBB; move A FFFB; move A FFFB; move A FBBB; move A FBBB",
        "token A has already escaped and cannot move",
    ),
    // Two tokens a side (`set tokens 2`, a fresh game takes it at once):
    // C is not in the game. "set tokens 2; move " is 19 bytes, so C is
    // column 20.
    command(
        "yut-not-in-play",
        "set tokens 2; move C FBBB",
        "token C is not in this game: 2 tokens a side (`set tokens`)",
    ),
    // Back-do on: yut (throw again), then BBBF, the marked stick alone, a
    // back-do. A is at home, with no station to go back from.
    command(
        "yut-back-from-home",
        "set back-do on; throw FFFF; throw BBBF; move A back-do",
        "token A is at home: back-do moves only a token on the board",
    ),
    // ---- Yut games under the rules: ErrorKind::Play, WhichThrow ----
    // A fresh game waits for upper's first throw; `move A` has none to use.
    command("yut-must-throw", "move A", "upper has to throw first"),
    // gae (2) ends upper's throwing: it must move before throwing again.
    command(
        "yut-must-move",
        "throw FFBB; throw",
        "upper has throws to use first: gae (2)",
    ),
    // The only pending throw is upper's: lower's a cannot use it.
    command(
        "yut-not-your-turn",
        "throw FFBB; move a",
        "a is not upper's token: upper to move",
    ),
    // The caret stands on the throw named (`geol`, column 20).
    command(
        "yut-not-pending",
        "throw FFBB; move A geol",
        "no geol (3) pending: gae (2)",
    ),
    // yut throws again; with yut and gae pending, `move A` must say which.
    command(
        "yut-which-throw",
        "throw FFFF; throw FFBB; move A",
        "several throws pending (yut (4), gae (2)): name one, e.g. `move A yut`",
    ),
    // Free turns take each upper token out (mo, bang, cham-meoki, out, as
    // in yut-escaped): upper has won, and the next throw is refused.
    command(
        "yut-game-over",
        "move A BBBB; move A FFFB; move A FFFB; move A FBBB; move B BBBB; move B FFFB; move B FFFB; move B FBBB; move C BBBB; move C FFFB; move C FFFB; move C FBBB; move D BBBB; move D FFFB; move D FFFB; move D FBBB; throw",
        "the game is over: upper won",
    ),
    // A out by free turns, then do thrown: A cannot use it.
    command(
        "yut-play-escaped",
        "move A BBBB; move A FFFB; move A FFFB; move A FBBB; throw FBBB; move A",
        "token A has already escaped and cannot move",
    ),
    // 256 yuts in a row, each earning another throw: four throws in a.bsh,
    // sourced four times by b.bsh (16), four b's in c.bsh (64), four c's in
    // d.bsh (256). The 256th, the last line of a.bsh, is one too many of a
    // kind to keep pending.
    Example {
        id: "yut-too-many",
        input: Input::Files {
            files: &[
                ("a.bsh", b"throw FFFF\nthrow FFFF\nthrow FFFF\nthrow FFFF\n"),
                (
                    "b.bsh",
                    b"source a.bsh\nsource a.bsh\nsource a.bsh\nsource a.bsh\n",
                ),
                (
                    "c.bsh",
                    b"source b.bsh\nsource b.bsh\nsource b.bsh\nsource b.bsh\n",
                ),
                (
                    "d.bsh",
                    b"source c.bsh\nsource c.bsh\nsource c.bsh\nsource c.bsh\n",
                ),
            ],
            dirs: &[],
            arg: "d.bsh",
        },
        status: 1,
        message: "too many yut (4) throws pending (at most 255)",
    },
    // ---- the session ----
    command("nothing-to-undo", "undo", "nothing to undo"),
    // ---- Congo moves: ErrorKind::Move (the notation) ----
    // `zz` is not a square: the error covers the two characters.
    command(
        "move-expected-square",
        "play zz",
        "expected a square a1..g7, found `zz`",
    ),
    // One square only: the caret stands just past it.
    command(
        "move-missing-square",
        "play a2",
        "a move needs a second square, as in `e1d3`",
    ),
    // Three squares are a monkey path; a2-a3 is a step, not a jump.
    // Two squares as two words: the joined move is named, the caret
    // covers both words.
    command(
        "move-split-words",
        "play e2 e3",
        "a move is one word: did you mean `play e2e3`?",
    ),
    command(
        "move-not-a-jump",
        "play a2a3a4",
        "`a2a3` is not a monkey jump (two squares in a line)",
    ),
    // 50 squares, each leg a jump a1-c1 or back: 49 jumps, one too many.
    command(
        "move-too-many-jumps",
        "play a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1a1c1",
        "a monkey path has at most 48 jumps",
    ),
    // ---- Congo moves: ErrorKind::Illegal (against the position) ----
    command(
        "illegal-empty-square",
        "play d4d5",
        "there is no piece on d4",
    ),
    command(
        "illegal-enemy-piece",
        "play a6a5",
        "a6 holds a black pawn, and it is white to move",
    ),
    // The zebra on g1 leaps like a knight: e2 holds its own pawn, so f3 only.
    command(
        "illegal-move-of-a-piece",
        "play g1g3",
        "`g1g3` is not legal: the white zebra on g1 can play g1f3",
    ),
    // At the start the lion is boxed in by its own pawns and elephants.
    command(
        "illegal-piece-without-moves",
        "play d1d2",
        "`d1d2` is not legal: the white lion on d1 has no legal move",
    ),
    // No black lion: the game is over, White has won.
    command(
        "illegal-game-over",
        "fen 7/7/7/7/7/7/3L3; play d1d2",
        "the game is over: White wins",
    ),
    // A bare move (no `play`) is played as `play` would; refused, the
    // message is `play`'s (a pawn on e2 steps to d3, e3 or f3) and says
    // how the line was read. The caret is on the move, at byte 1.
    command(
        "bare-move-illegal",
        "e2e5",
        "`e2e5` is not legal: the white pawn on e2 can play e2d3 e2e3 e2f3 (the line was read as `play e2e5`: a Congo move alone on a line plays it)",
    ),
    // A monkey in a lattice of enemy pawns has astronomically many jump
    // paths; the move commands refuse rather than hang.
    command(
        "illegal-too-many-moves",
        "fen 1p1p1pL/ppppppp/1p1p1p1/ppplppp/1p1p1p1/ppppppp/Mp1p1p1 w 0; moves",
        "this position has over 1000000 legal moves (monkey jump paths); boardsh will not list or search them",
    ),
    // ---- files and `source` ----
    command(
        "source-missing",
        "source nosuch.bsh",
        "cannot read `nosuch.bsh`: no such file",
    ),
    Example {
        id: "source-directory",
        input: Input::Files {
            files: &[("s.bsh", b"source d\n")],
            dirs: &["d"],
            arg: "s.bsh",
        },
        status: 1,
        message: "cannot read `d`: it is a directory",
    },
    Example {
        id: "source-cycle",
        input: Input::Files {
            files: &[("self.bsh", b"source self.bsh\n")],
            dirs: &[],
            arg: "self.bsh",
        },
        status: 1,
        message: "`self.bsh` is already being sourced (a file may not source itself)",
    },
    // ---- writing pictures: `board svg FILE`, `show svg FILE` ----
    // b.svg exists, so `svg` (not `svg!`) refuses it; the error spans
    // `svg b.svg` (columns 7-15).
    Example {
        id: "svg-exists",
        input: Input::Files {
            files: &[("b.svg", b"keep\n"), ("s.bsh", b"board svg b.svg\n")],
            dirs: &[],
            arg: "s.bsh",
        },
        status: 1,
        message: "`b.svg` already exists (`svg!` or `save!` overwrites it)",
    },
    // The directory `no/such` does not exist.
    command(
        "svg-unwritable",
        "show svg no/such/y.svg",
        "cannot write `no/such/y.svg`: no such directory",
    ),
    // f0.bsh is the first of 64 nested files: f63.bsh may not source f64.
    Example {
        id: "source-depth",
        input: Input::SourceChain,
        status: 1,
        message: "sources nested more than 64 deep",
    },
    // Latin-1 `é` is the byte E9 after 17 good bytes: column 18.
    Example {
        id: "invalid-utf8",
        input: Input::Files {
            files: &[("latin1.bsh", b"move A FFFF # caf\xe9\n")],
            dirs: &[],
            arg: "latin1.bsh",
        },
        status: 1,
        message: "line is not valid UTF-8",
    },
    Example {
        id: "line-too-long",
        input: Input::LongLine,
        status: 1,
        message: "line is longer than 16777216 bytes",
    },
    // ---- problem-format inputs: ErrorKind::Problem ----
    // 2^64 + 3 does not fit in 64 bits.
    stdin(
        "problem-count-too-large",
        b"18446744073709551619\n",
        "the count is too large",
    ),
    stdin(
        "problem-none-follow",
        b"2\n",
        "the count says 2 lines but none follow",
    ),
    stdin(
        "problem-one-follows",
        b"3\nA FFFF\n",
        "the count says 3 lines but only 1 follows",
    ),
    stdin(
        "problem-some-follow",
        b"3\nA FFFF\nB FFFF\n",
        "the count says 3 lines but only 2 follow",
    ),
    stdin(
        "problem-extra-line",
        b"1\nA FFFF\nB FFFF\n",
        "more lines than the count 1 on line 1: this line is not counted",
    ),
    stdin(
        "problem-bad-token",
        b"1\nQ FFFF\n",
        "expected a token letter A-D or a-d, found `Q`",
    ),
    // ---- file arguments (status 2, no location) ----
    Example {
        id: "file-missing",
        input: Input::Files {
            files: &[],
            dirs: &[],
            arg: "nosuch.bsh",
        },
        status: 2,
        message: "cannot read `nosuch.bsh`: no such file",
    },
    Example {
        id: "file-directory",
        input: Input::Files {
            files: &[],
            dirs: &["d.bsh"],
            arg: "d.bsh",
        },
        status: 2,
        message: "cannot read `d.bsh`: it is a directory",
    },
];

const fn course(
    id: &'static str,
    args: &'static [&'static str],
    stdin: &'static [u8],
    message: &'static str,
) -> Example {
    Example {
        id,
        input: Input::Course { args, stdin },
        status: 1,
        message,
    }
}

/// The examples of `boardsh course` (reading the course's test files).
const COURSE_EXAMPLES: &[Example] = &[
    // The first line must be the count: here it is a FEN (column 1).
    course(
        "course-count-expected",
        &["eval", "--year", "2021"],
        b"3l3/7/7/7/7/7/3L3 w 0\n",
        "expected the count of cases (a file without one needs --no-count), found `3l3/7/7/7/7/7/3L3 w 0`",
    ),
    course(
        "course-empty",
        &["eval"],
        b"",
        "the input is empty: expected the count of cases",
    ),
    // `G` is byte 15 of its line: "3l3/" and five "7/" are 14 bytes, then
    // "2" (a1 and b1 empty): column 16.
    course(
        "course-foreign-piece",
        &["eval", "--year", "2021"],
        b"1\n3l3/7/7/7/7/7/2GL3 w 0\n",
        "`G` on c1 is a white giraffe: the 2021 course has no giraffe",
    ),
    course(
        "course-none-follow",
        &["eval"],
        b"2\n",
        "the count says 2 cases but none follow",
    ),
    course(
        "course-more-lines",
        &["eval"],
        b"1\n3l3/7/7/7/7/7/3L3 w 0\n3l3/7/7/7/7/7/3L3 b 0\n",
        "more lines than the count 1 on line 1: this line is not counted",
    ),
    course(
        "course-no-move-line",
        &["make"],
        b"1\n3l3/7/7/7/7/7/3L3 w 0\n",
        "this FEN has no move line after it (make reads a FEN line, then a move line)",
    ),
    // The lion steps one square: d1d4 is not among its moves.
    course(
        "course-illegal-move",
        &["make"],
        b"1\n3l3/7/7/7/7/7/3L3 w 0\nd1d4\n",
        "`d1d4` is not legal: the white lion on d1 can play d1c1 d1c2 d1d2 d1d7 d1e1 d1e2",
    ),
    // The monkey lattice of `illegal-too-many-moves`, under full rules.
    course(
        "course-too-many-moves",
        &["eval-advanced"],
        b"1\n1p1p1pL/ppppppp/1p1p1p1/ppplppp/1p1p1p1/ppppppp/Mp1p1p1 w 0\n",
        "a position in the search has over 10000 legal moves (monkey jump paths); the course's searches refuse it",
    ),
    // A usage error (status 2): the 2021 course has no giraffe to list.
    Example {
        id: "course-no-such-kind",
        input: Input::Course {
            args: &["giraffe", "--year", "2021"],
            stdin: b"",
        },
        status: 2,
        message: "the 2021 course has no giraffe: no giraffe moves to list",
    },
];

const fn sub(
    id: &'static str,
    files: &'static [(&'static str, &'static [u8])],
    args: &'static [&'static str],
    message: &'static str,
) -> Example {
    Example {
        id,
        input: Input::Sub {
            files,
            dirs: &[],
            links: &[],
            args,
        },
        status: 2,
        message,
    }
}

/// The examples of the subcommands' options: output files checked up
/// front (`write::check_target`), and `match --sprt`. All usage errors
/// (status 2), printed before any work.
const SUB_EXAMPLES: &[Example] = &[
    // The same file as --data: always refused, --force or not.
    sub(
        "out-is-input",
        &[("d.txt", b"data\n")],
        &["tune", "--data", "d.txt", "--out", "d.txt", "--force"],
        "--out `d.txt` is also --data: writing it would destroy the input (name another file)",
    ),
    sub(
        "out-exists",
        &[("d.txt", b"data\n"), ("w.txt", b"pawn 100\n")],
        &["tune", "--data", "d.txt", "--out", "w.txt"],
        "--out `w.txt` already exists (`--force` overwrites it)",
    ),
    // A link, here to nothing: writing through it would make a file
    // elsewhere, and replacing it would lose the link.
    Example {
        id: "out-link",
        input: Input::Sub {
            files: &[],
            dirs: &[],
            links: &[("elsewhere.txt", "data.txt")],
            args: &["selfplay", "--out", "data.txt", "--force"],
        },
        status: 2,
        message: "--out `data.txt`: it is a symbolic link; not replaced",
    },
    sub(
        "out-device",
        &[],
        &["selfplay", "--out", "/dev/null", "--force"],
        "--out `/dev/null`: it is a character device; not replaced",
    ),
    Example {
        id: "out-directory",
        input: Input::Sub {
            files: &[("d.txt", b"data\n")],
            dirs: &["sub"],
            links: &[],
            args: &["tune", "--data", "d.txt", "--out", "sub", "--force"],
        },
        status: 2,
        message: "--out `sub`: it is a directory",
    },
    // A data directory of another selfplay job (here one of 1 node a
    // move): its shards would be mixed with these, so it is refused.
    Example {
        id: "selfplay-other-job",
        input: Input::Sub {
            files: &[("gen/job.txt", b"boardsh selfplay job\nnodes 1\n")],
            dirs: &["gen"],
            links: &[],
            args: &["selfplay", "--out-dir", "gen"],
        },
        status: 2,
        message: "--out-dir `gen`: its job.txt is another job's (other settings); give another directory, or the same settings to go on with it",
    },
    // A job's settings file that is a link (here to /dev/zero, endless):
    // never read, nor taken for the job's, nor is a linked shard taken
    // for a finished one.
    Example {
        id: "selfplay-job-link",
        input: Input::Sub {
            files: &[],
            dirs: &["gen"],
            links: &[("/dev/zero", "gen/job.txt")],
            args: &["selfplay", "--out-dir", "gen"],
        },
        status: 2,
        message: "--out-dir `gen/job.txt`: it is a symbolic link; not replaced",
    },
    // A slice of a job's shards that is not K of N (here 3 of 2):
    // refused before the directory is made or a game played.
    sub(
        "selfplay-bad-shard",
        &[],
        &["selfplay", "--out-dir", "gen", "--shard", "3/2"],
        "--shard `3/2`: expected K/N with 1 <= K <= N <= 1000000",
    ),
    // Weights of the hand-written evaluation with a network, which
    // replaces that evaluation: refused rather than ignored.
    sub(
        "weights-with-net",
        &[("w.txt", b"pawn 100\n")],
        &["agent", "--weights", "w.txt", "--net", "default"],
        "--weights with --net `default`: the weights are the hand-written evaluation's, which a network replaces; give --net off, or no --weights",
    ),
    // A level plays the engine (`set level N`'s searches and blunders):
    // the random mover has no strength to set.
    sub(
        "agent-level-random",
        &[],
        &["agent", "--level", "3", "--engine", "random"],
        "--level plays the engine at a strength: give it without `--engine random`",
    ),
    // Not a table: the file is not the solve's to resume.
    sub(
        "yut-solve-not-a-table",
        &[("t.bin", b"my notes\n")],
        &["yut", "solve", "--tokens", "1", "--out", "t.bin"],
        "t.bin: not a boardsh yut solve table (bad magic): remove it, give another --out, or `--force` to start afresh over it",
    ),
    // A merge of a values-only sweep before its parts are all there:
    // each missing one named, nothing merged (status 1, not a usage
    // error: the parts are run and the merge again).
    Example {
        id: "yut-solve-part-missing",
        input: Input::Sub {
            files: &[],
            dirs: &[],
            links: &[],
            args: &[
                "yut", "solve", "--tokens", "1", "--cap", "1", "--out", "t.bin", "--merge", "2",
            ],
        },
        status: 1,
        message: "part 1/2 (t.bin.part-1-of-2) is missing",
    },
    sub(
        "tablebase-not-a-directory",
        &[],
        &["tablebase", "build", "/dev/null"],
        "/dev/null: it is a character device, not a directory",
    ),
    // ±1e308 are scores of exactly 0 and 1: any tally "accepted" H1.
    sub(
        "sprt-range",
        &[],
        &["match", "--sprt", "elo0=-1e308", "elo1=1e308", "a", "b"],
        "--sprt: elo0 and elo1 must be numbers from -1000 to 1000",
    ),
    sub(
        "sprt-order",
        &[],
        &["match", "--sprt", "elo0=5", "elo1=5", "a", "b"],
        "--sprt: elo0 must be less than elo1",
    ),
    sub(
        "sprt-rates",
        &[],
        &["match", "--sprt", "elo0=0", "elo1=5", "alpha=0.5", "a", "b"],
        "--sprt: alpha and beta must each be above 0 and below 0.5",
    ),
];

/// Every example: the shell's, the course's, then the subcommands'.
fn examples() -> impl Iterator<Item = &'static Example> {
    EXAMPLES.iter().chain(COURSE_EXAMPLES).chain(SUB_EXAMPLES)
}

/// Variants no input can reach, with why; `docs/errors.md` lists them too.
const UNREACHABLE: &[(&str, &str)] = &[
    (
        "FenErrorKind::Empty",
        "a blank FEN line is skipped, and `fen` alone prints the FEN",
    ),
    (
        "ErrorKind::Interrupted",
        "only Ctrl-C during a command raises it, and the runner does not report it",
    ),
    (
        "MoveParseErrorKind::Empty",
        "`play` without a move is caught by the grammar (`expected a move ...`)",
    ),
];

/// The error enums whose every variant needs an example: (name, source
/// file, the `ErrorKind` variant that wraps it, if any). Add the Congo move
/// errors here when the move generator lands.
const ENUMS: &[(&str, &str, Option<&str>)] = &[
    ("ErrorKind", "src/shell/error.rs", None),
    ("FenErrorKind", "games/src/congo/fen/mod.rs", Some("Fen")),
    ("YutError", "games/src/yut/rules/game.rs", Some("Yut")),
    ("PlayError", "games/src/yut/rules/play.rs", Some("Play")),
    (
        "MoveParseErrorKind",
        "games/src/congo/moves/notation.rs",
        Some("Move"),
    ),
];

/// Limit of `line-too-long` (the example's line is one byte longer).
const MAX_LINE: usize = 16 * 1024 * 1024;

// ---- running the examples ----

/// Make the example's files in `dir`; returns the arguments to run with
/// (besides `-c` or stdin) and the bytes for stdin.
fn set_up(input: Input, dir: &Path) -> (Vec<String>, Vec<u8>) {
    match input {
        Input::Command(text) => (vec!["-c".into(), text.into()], Vec::new()),
        Input::Stdin(bytes) => (Vec::new(), bytes.to_vec()),
        Input::Files { files, dirs, arg } => {
            // The directories first, as the document shows them.
            for d in dirs {
                fs::create_dir(dir.join(d)).unwrap();
            }
            for (name, bytes) in files {
                fs::write(dir.join(name), bytes).unwrap();
            }
            (vec![arg.into()], Vec::new())
        }
        Input::SourceChain => {
            for i in 0..=64 {
                let text = format!("source f{}.bsh\n", i + 1);
                fs::write(dir.join(format!("f{i}.bsh")), text).unwrap();
            }
            (vec!["f0.bsh".into()], Vec::new())
        }
        Input::LongLine => {
            let mut bytes = b"move A ".to_vec();
            bytes.resize(MAX_LINE + 1, b'F');
            bytes.push(b'\n');
            fs::write(dir.join("long.bsh"), bytes).unwrap();
            (vec!["long.bsh".into()], Vec::new())
        }
        Input::Course { args, stdin } => {
            let mut all = vec!["course".to_string()];
            all.extend(args.iter().map(|a| a.to_string()));
            (all, stdin.to_vec())
        }
        Input::Sub {
            files,
            dirs,
            links,
            args,
        } => {
            for d in dirs {
                fs::create_dir(dir.join(d)).unwrap();
            }
            for (name, bytes) in files {
                fs::write(dir.join(name), bytes).unwrap();
            }
            #[cfg(unix)]
            for (target, name) in links {
                std::os::unix::fs::symlink(target, dir.join(name)).unwrap();
            }
            #[cfg(not(unix))]
            assert!(links.is_empty(), "links need unix");
            (args.iter().map(|a| a.to_string()).collect(), Vec::new())
        }
    }
}

/// Run the binary: (status, stderr).
fn run(input: Input) -> (Option<i32>, String) {
    let test = crate::common::Test::new();
    let dir = test.dir().to_path_buf();
    let (args, stdin) = set_up(input, &dir);
    // `--color` belongs to the subcommand under `boardsh course`; the
    // other subcommands have none (their errors are never coloured), and
    // their data directory is the example's, as it is for files (the
    // drill deck's examples keep theirs there).
    let test = match input {
        Input::Course { .. } => test.args(&args).args(["--color", "never"]),
        Input::Sub { .. } => test
            .args(&args)
            .env("XDG_DATA_HOME", &dir)
            .env("HOME", &dir),
        Input::Files { .. } => test
            .args(["--color", "never"])
            .args(&args)
            .env("XDG_DATA_HOME", &dir),
        _ => test.args(["--color", "never"]).args(&args),
    };
    // The catalogue checks the status and stderr of each example itself.
    let out = test.stdin(stdin).output();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

/// Collects the kinds of the errors reported in-process.
#[derive(Default)]
struct Kinds(Vec<ErrorKind>);

impl Reporter for Kinds {
    fn report(&mut self, d: &Diagnostic<'_>) {
        self.0.push(d.error.kind.clone());
    }

    fn message(&mut self, _: &str) {}
}

/// Run the example in-process to learn which error kinds it reports.
fn kinds(input: Input) -> Vec<ErrorKind> {
    let dir = tempfile::tempdir().unwrap();
    let (args, stdin) = set_up(input, dir.path());
    let mut kinds = Kinds::default();
    // A subcommand's errors are the front end's: no error kind.
    if let Input::Sub { .. } = input {
        return kinds.0;
    }
    if let Input::Course { .. } = input {
        let argv = std::iter::once("boardsh".to_string()).chain(args.iter().cloned());
        let cli = boardsh::front::args::Cli::try_parse_from(argv).unwrap();
        let Some(boardsh::front::args::Sub::Course(course_args)) = cli.command else {
            panic!("not a course command");
        };
        if let Ok(cfg) = boardsh::front::course::config(&course_args) {
            let mut report = |d: &Diagnostic<'_>| kinds.0.push(d.error.kind.clone());
            let mut out = Vec::new();
            boardsh::front::course::answer_input(
                &cfg,
                "<stdin>",
                &mut &stdin[..],
                &mut out,
                &mut report,
            )
            .unwrap();
        }
        return kinds.0;
    }
    let mut loader = NoDeck;
    let mut out = Vec::new();
    {
        // `set net FILE` reads its file as the binary does, from the
        // example's directory.
        let mut session = Session::new();
        let base = dir.path().to_owned();
        session.set_net_reader(std::sync::Arc::new(move |p: &str| {
            boardsh::front::files::read_net(&base.join(p).to_string_lossy())
        }));
        let mut runner = Runner::new(session, &mut loader, &mut kinds, false);
        match input {
            Input::Command(text) => {
                runner
                    .run_line("<command line>", 1, text, &mut out)
                    .unwrap();
            }
            Input::Course { .. } | Input::Sub { .. } => unreachable!(),
            Input::Stdin(_) => {
                runner
                    .run_file("<stdin>", None, Kind::Detect, &mut &stdin[..], &mut out)
                    .unwrap();
            }
            _ => {
                let path = dir.path().join(&args[0]);
                if let Ok((identity, mut reader)) = boardsh::front::files::open(&path) {
                    let name = path.to_string_lossy().into_owned();
                    let kind = Kind::from_path(&name);
                    runner
                        .run_file(&name, Some(identity), kind, &mut reader, &mut out)
                        .unwrap();
                }
            }
        }
    }
    kinds.0
}

/// The names an error kind covers, from its `Debug` form: `Fen(RankCount
/// { .. })` covers `ErrorKind::Fen` and `FenErrorKind::RankCount`.
fn covered(kind: &ErrorKind) -> Vec<String> {
    let debug = format!("{kind:?}");
    let name = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let outer = name(&debug);
    let mut names = vec![format!("ErrorKind::{outer}")];
    // Down the wrappers: `Play(Yut(BackFromHome(A)))` is PlayError::Yut
    // and, one level further (YutError is the enum a `Yut` variant
    // wraps), YutError::BackFromHome.
    let (mut wrapper_name, mut rest) = (outer.clone(), debug.as_str());
    for _ in 0..ENUMS.len() {
        let Some((inner_enum, _, _)) = ENUMS
            .iter()
            .find(|(_, _, w)| *w == Some(wrapper_name.as_str()))
        else {
            break;
        };
        rest = rest.get(wrapper_name.len() + 1..).unwrap_or_default();
        let inner = name(rest);
        names.push(format!("{inner_enum}::{inner}"));
        if inner.is_empty() {
            break;
        }
        wrapper_name = inner;
    }
    names
}

/// The variants of `enum_name` in its source file: lines indented by
/// exactly four spaces that start with a capital letter, up to the `}`
/// that closes the enum.
fn variants(enum_name: &str, file: &str) -> Vec<String> {
    let source = fs::read_to_string(file).unwrap();
    let start = source
        .find(&format!("pub enum {enum_name} {{"))
        .unwrap_or_else(|| panic!("`pub enum {enum_name}` in {file}"));
    let mut out = Vec::new();
    for line in source[start..].lines().skip(1) {
        if line.starts_with('}') {
            break;
        }
        if let Some(rest) = line.strip_prefix("    ")
            && rest.starts_with(|c: char| c.is_ascii_uppercase())
        {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            out.push(format!("{enum_name}::{name}"));
        }
    }
    assert!(!out.is_empty(), "no variants found for {enum_name}");
    out
}

// ---- the document ----

const DOC: &str = "docs/errors.md";

/// One quoted example of the document: its id, the console block, the
/// stderr block.
struct Quoted {
    id: String,
    console: String,
    stderr: String,
}

/// The next fenced block of `lang` in `lines`: its content, newline-ended.
fn fenced<'a>(lines: &mut impl Iterator<Item = &'a str>, lang: &str, id: &str) -> String {
    let open = format!("```{lang}");
    loop {
        let Some(line) = lines.next() else {
            panic!("{DOC}: example `{id}`: no ```{lang} block");
        };
        if line == open {
            break;
        }
        assert!(
            line.trim().is_empty(),
            "{DOC}: example `{id}`: expected a ```{lang} block, found {line:?}"
        );
    }
    let mut body = String::new();
    for line in lines.by_ref() {
        if line == "```" {
            return body;
        }
        body.push_str(line);
        body.push('\n');
    }
    panic!("{DOC}: example `{id}`: the ```{lang} block is not closed");
}

fn quoted_examples(doc: &str) -> Vec<Quoted> {
    let mut out = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if let Some(id) = line
            .strip_prefix("<!-- example: ")
            .and_then(|r| r.strip_suffix(" -->"))
        {
            let console = fenced(&mut lines, "console", id);
            let stderr = fenced(&mut lines, "text", id);
            out.push(Quoted {
                id: id.to_string(),
                console,
                stderr,
            });
        }
    }
    out
}

/// Bytes as a single-quoted `printf` format: `\n`, `\xNN` for other
/// non-printable bytes, `%%`, `\\`, and `'\''` for a quote.
fn printf_text(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        match b {
            b'\n' => s.push_str("\\n"),
            b'\\' => s.push_str("\\\\"),
            b'%' => s.push_str("%%"),
            b'\'' => s.push_str("'\\''"),
            0x20..=0x7e => s.push(char::from(b)),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s
}

/// The console block the document shows for an input.
fn console(input: Input) -> String {
    match input {
        Input::Command(text) => {
            assert!(!text.contains('\''), "quote in {text:?}");
            format!("$ boardsh -c '{text}'\n")
        }
        Input::Stdin(bytes) => format!("$ printf '{}' | boardsh\n", printf_text(bytes)),
        Input::Files { files, dirs, arg } => {
            let mut s = String::new();
            for d in dirs {
                s.push_str(&format!("$ mkdir {d}\n"));
            }
            for (name, bytes) in files {
                s.push_str(&format!("$ printf '{}' > {name}\n", printf_text(bytes)));
            }
            s.push_str(&format!("$ boardsh {arg}\n"));
            s
        }
        Input::SourceChain => "$ for i in $(seq 0 64); do echo \"source f$((i + 1)).bsh\" > f$i.bsh; done\n$ boardsh f0.bsh\n".to_string(),
        Input::Course { args, stdin } => format!(
            "$ printf '{}' | boardsh course {}\n",
            printf_text(stdin),
            args.join(" ")
        ),
        Input::Sub {
            files,
            dirs,
            links,
            args,
        } => {
            let mut s = String::new();
            for d in dirs {
                s.push_str(&format!("$ mkdir {d}\n"));
            }
            for (name, bytes) in files {
                s.push_str(&format!("$ printf '{}' > {name}\n", printf_text(bytes)));
            }
            for (target, name) in links {
                s.push_str(&format!("$ ln -s {target} {name}\n"));
            }
            s.push_str(&format!("$ boardsh {}\n", args.join(" ")));
            s
        }
        Input::LongLine => format!(
            "$ {{ printf 'move A '; head -c {} /dev/zero | tr '\\0' F; echo; }} > long.bsh\n$ boardsh long.bsh\n",
            MAX_LINE + 1 - "move A ".len()
        ),
    }
}

// ---- the tests ----

#[test]
fn ids_are_unique() {
    let ids: BTreeSet<&str> = examples().map(|e| e.id).collect();
    assert_eq!(ids.len(), examples().count());
}

#[test]
fn the_document_quotes_exactly_the_examples() {
    let doc = fs::read_to_string(DOC).unwrap();
    let quoted = quoted_examples(&doc);
    let in_doc: BTreeSet<&str> = quoted.iter().map(|q| q.id.as_str()).collect();
    let in_table: BTreeSet<&str> = examples().map(|e| e.id).collect();
    assert_eq!(quoted.len(), in_doc.len(), "an id quoted twice in {DOC}");
    let only_doc: Vec<_> = in_doc.difference(&in_table).collect();
    let only_table: Vec<_> = in_table.difference(&in_doc).collect();
    assert!(
        only_doc.is_empty() && only_table.is_empty(),
        "{DOC} quotes {only_doc:?} that the table lacks; the table has {only_table:?} that {DOC} lacks"
    );
    for q in &quoted {
        let example = examples().find(|e| e.id == q.id).unwrap();
        let shown = console(example.input);
        assert_eq!(
            q.console, shown,
            "{DOC}: the command shown for `{}` is not the table's; it should be:\n```console\n{shown}```",
            q.id
        );
    }
    for (name, why) in UNREACHABLE {
        assert!(
            doc.contains(&format!("`{name}`")),
            "{DOC} does not list `{name}` as unreachable ({why})"
        );
    }
}

#[test]
fn every_example_prints_what_the_document_quotes() {
    let doc = fs::read_to_string(DOC).unwrap();
    let quoted = quoted_examples(&doc);
    let mut failures = Vec::new();
    for example in examples() {
        let input = example.input;
        let (status, stderr) = run(input);
        let first = stderr.lines().next().unwrap_or("");
        // A subcommand's message follows `boardsh SUBCOMMAND: `.
        let shown = match input {
            Input::Sub { .. } => format!(": {}", example.message),
            _ => format!("error: {}", example.message),
        };
        if !first.contains(&shown) {
            failures.push(format!(
                "`{}`: the first line is {first:?}, expected the message {:?}",
                example.id, example.message
            ));
        }
        if status != Some(example.status) {
            failures.push(format!(
                "`{}`: status {status:?}, expected {}",
                example.id, example.status
            ));
        }
        match quoted.iter().find(|q| q.id == example.id) {
            Some(q) if q.stderr == stderr => {}
            _ => failures.push(format!(
                "`{}`: {DOC} should quote:\n<!-- example: {} -->\n```console\n{}```\n```text\n{stderr}```",
                example.id,
                example.id,
                console(input)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_error_variant_has_an_example() {
    let mut covered_names = BTreeSet::new();
    for example in examples() {
        let input = example.input;
        let kinds = kinds(input);
        // File arguments that cannot be opened are reported by the front
        // end, not as error kinds, as are a subcommand's errors (status 2,
        // or 1 for a failure after the options were read); every other
        // example reports one kind.
        if example.status == 2 || matches!(input, Input::Sub { .. }) {
            assert!(kinds.is_empty(), "`{}`", example.id);
        } else {
            assert_eq!(kinds.len(), 1, "`{}`: {kinds:?}", example.id);
        }
        for kind in &kinds {
            covered_names.extend(covered(kind));
        }
    }
    let unreachable: BTreeSet<String> = UNREACHABLE.iter().map(|(n, _)| n.to_string()).collect();
    let mut missing = Vec::new();
    for (enum_name, file, _) in ENUMS {
        for v in variants(enum_name, file) {
            if !covered_names.contains(&v) && !unreachable.contains(&v) {
                missing.push(v);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no example in {DOC} for {missing:?}: add one to EXAMPLES (or, if no input can reach it, to UNREACHABLE)"
    );
    for name in &unreachable {
        assert!(
            !covered_names.contains(name),
            "{name} is reachable after all"
        );
    }
}

/// The registry's side: every command names the catalogue examples of the
/// errors it gives, each of them is in the table, and each command example
/// of the table belongs to the command that fails in it (its last command).
#[test]
fn every_command_has_catalogued_errors() {
    for &kw in Keyword::ALL {
        let spec = kw.spec();
        assert!(!spec.errors.is_empty(), "`{}` lists no errors", spec.name);
        for id in spec.errors {
            assert!(
                EXAMPLES.iter().any(|e| e.id == *id),
                "`{}` names the example `{id}`, which the table lacks",
                spec.name
            );
        }
    }
    for example in EXAMPLES {
        if let Input::Command(text) = example.input {
            let last = text.rsplit(';').next().unwrap_or(text).trim();
            let word = last.split(' ').next().unwrap_or("");
            // An unknown word (`frobnicate`) belongs to no command.
            if let Some((kw, _)) = Keyword::find(word) {
                assert!(
                    kw.spec().errors.contains(&example.id),
                    "`{}` ({text}) fails in `{word}`, whose registry entry does not list it",
                    example.id
                );
            }
        }
    }
}
