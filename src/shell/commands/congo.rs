//! The Congo commands' registry entries and argument grammars: `fen`,
//! `list`, `board`, `moves`, `play`, `status`, `perft`, `divide`.

use super::session::file_name;
use super::{ArgSpec, Complete, Spec};
use crate::congo::moves::{MoveParseErrorKind, parse_move};
use crate::congo::{Piece, PieceKind, Square, fen};
use crate::shell::command::{Command, MovesFilter, SvgFile};
use crate::shell::error::ErrorKind;
use crate::shell::parse::grammar::{Res, arg, bare, end, expected_word, fail, is_space, word};

/// The deepest `perft`/`divide` accepted (depth 7 already takes minutes).
pub const MAX_DEPTH: u32 = 12;

/// `fen [<placement> [<side> [<move>]]]`.
pub const FEN: Spec = Spec {
    name: "fen",
    aliases: &[],
    usage: "[<placement> [<side> [<move>]]]",
    summary: "set the Congo position, or print its FEN when given nothing",
    example: "fen 2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23",
    args: &[
        ArgSpec {
            hint: "[<placement> [<side> [<move>]]]",
            complete: Complete::Nothing,
        },
        ArgSpec {
            hint: "[<side> [<move>]]",
            complete: Complete::Words(&["w", "b"]),
        },
        ArgSpec {
            hint: "[<move>]",
            complete: Complete::Nothing,
        },
    ],
    errors: &[
        "fen-rank-count-few",
        "fen-rank-count-many",
        "fen-rank-width",
        "fen-unknown-piece",
        "fen-bad-digit",
        "fen-invalid-side",
        "fen-move-number-text",
        "fen-move-number-negative",
        "fen-move-number-overflow",
        "fen-trailing-text",
    ],
    parse: fen_args,
};

/// `list`.
pub const LIST: Spec = Spec {
    name: "list",
    aliases: &[],
    usage: "",
    summary: "print the 17-line piece listing of the Congo position",
    example: "list",
    args: &[],
    errors: &["extra-argument-none"],
    parse: |i| bare(i, "list", Command::List),
};

/// `board`.
pub const BOARD: Spec = Spec {
    name: "board",
    aliases: &[],
    usage: "[legend|svg[!] <file>]",
    summary: "draw the Congo position as a 7x7 grid (the river is rank 4); `svg <file>` writes it as SVG (`svg!` overwrites)",
    example: "board legend",
    args: &[
        ArgSpec {
            hint: "[legend|svg[!] <file>]",
            complete: Complete::Words(&["legend", "svg", "svg!"]),
        },
        ArgSpec {
            hint: "<file>",
            complete: Complete::Path,
        },
    ],
    errors: &[
        "expected-board-extra",
        "extra-argument-board",
        "expected-file-name",
        "expected-matching-quotes",
        "svg-exists",
        "svg-unwritable",
    ],
    parse: board_args,
};

/// `board [legend]`, or `board svg[!] <file>` (the rest of the command is
/// the file name, as for `source`).
fn board_args(input: &str) -> Res<'_, Command> {
    let (rest, legend) = match word(input) {
        Err(_) => (input, false),
        Ok((rest, w)) if w == "svg" || w == "svg!" => {
            let (rest, path) = file_name(rest)?;
            let force = w == "svg!";
            return Ok((rest, Command::BoardSvg(SvgFile { path, force })));
        }
        Ok((rest, w)) if w.eq_ignore_ascii_case("legend") => (rest, true),
        Ok((_, w)) => return expected_word(w, "`legend`, `svg <file>` or nothing"),
    };
    let (rest, ()) = end("board", "at most `legend`")(rest)?;
    Ok((
        rest,
        if legend {
            Command::BoardLegend
        } else {
            Command::Board
        },
    ))
}

/// `moves [<kind>|<square>]`.
pub const MOVES: Spec = Spec {
    name: "moves",
    aliases: &[],
    usage: "[<kind>|<square>]",
    summary: "list the legal Congo moves, optionally of one piece kind or square",
    example: "moves monkey",
    args: &[ArgSpec {
        hint: "[<kind>|<square>]",
        complete: Complete::KindsAndSquares,
    }],
    errors: &[
        "expected-moves-filter",
        "extra-argument-moves",
        "illegal-too-many-moves",
    ],
    parse: moves_args,
};

/// `play <move>`.
pub const PLAY: Spec = Spec {
    name: "play",
    aliases: &[],
    usage: "<move>",
    summary: "make a Congo move, e.g. e2e3, b1-d3-f5 or e1xd3; a line that is only a move (`e2e3`) plays it too",
    example: "play c2c3",
    args: &[ArgSpec {
        hint: "<move>",
        complete: Complete::LegalMoves,
    }],
    errors: &[
        "expected-move",
        "play-yut-token",
        "extra-argument-play",
        "move-expected-square",
        "move-missing-square",
        "move-split-words",
        "move-not-a-jump",
        "move-too-many-jumps",
        "illegal-empty-square",
        "illegal-enemy-piece",
        "illegal-move-of-a-piece",
        "illegal-piece-without-moves",
        "illegal-game-over",
        "computers-move",
        "tutor-stops",
    ],
    parse: play_args,
};

/// `status`.
pub const STATUS: Spec = Spec {
    name: "status",
    aliases: &[],
    usage: "",
    summary: "print Continue, White wins, Black wins or Game over",
    example: "status",
    args: &[],
    errors: &["extra-argument-none"],
    parse: |i| bare(i, "status", Command::Status),
};

/// `perft <depth>`.
pub const PERFT: Spec = Spec {
    name: "perft",
    aliases: &[],
    usage: "<depth>",
    summary: "count the leaf nodes of the Congo move tree to a depth",
    example: "perft 3",
    args: &[ArgSpec {
        hint: "<depth>",
        complete: Complete::Nothing,
    }],
    errors: &["expected-depth", "extra-argument-perft"],
    parse: |i| {
        let (rest, n) = depth(i)?;
        let (rest, ()) = end("perft", "one depth")(rest)?;
        Ok((rest, Command::Perft(n)))
    },
};

/// `divide <depth>`.
pub const DIVIDE: Spec = Spec {
    name: "divide",
    aliases: &[],
    usage: "<depth>",
    summary: "perft split by root move, then the total",
    example: "divide 2",
    args: &[ArgSpec {
        hint: "<depth>",
        complete: Complete::Nothing,
    }],
    errors: &["expected-depth", "extra-argument-divide"],
    parse: |i| {
        let (rest, n) = depth(i)?;
        let (rest, ()) = end("divide", "one depth")(rest)?;
        Ok((rest, Command::Divide(n)))
    },
};

fn depth(input: &str) -> Res<'_, u32> {
    const WHAT: &str = "a depth 0 to 12";
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

fn moves_args(input: &str) -> Res<'_, Command> {
    let (rest, filter) = match word(input) {
        Err(_) => (input, MovesFilter::All),
        Ok((rest, w)) => {
            // A name (`zebra`) or a letter of either side (`Z`, `z`).
            let letter = || {
                let mut chars = w.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Piece::from_char(c).map(|p| p.kind),
                    _ => None,
                }
            };
            if let Some(kind) = PieceKind::from_name(w).or_else(letter) {
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

/// `play e2 e3`: a move typed as two words whose join is a move; the
/// error names the joined move (`play e2e3`), located on both words.
fn split_move<'a>(first: &'a str, rest: &'a str) -> Option<Res<'a, Command>> {
    let (_, second) = word(rest).ok()?;
    let joined = format!("{first}{second}");
    parse_move(&joined).ok()?;
    let len = second.as_ptr() as usize + second.len() - first.as_ptr() as usize;
    Some(fail(first, len, ErrorKind::SplitMove(joined)))
}

fn play_args(input: &str) -> Res<'_, Command> {
    let (rest, m) = arg("a move like e2e3 or b1-d3-f5")(input)?;
    // `play MOVE!`: past the tutor.
    let (m, forced) = match m.strip_suffix('!') {
        Some(bare) if !bare.is_empty() => (bare, true),
        _ => (m, false),
    };
    if let Some(yut_token) = super::other_game::token_after_play(m, "a move like e2e3 or b1-d3-f5")
    {
        return yut_token;
    }
    let mv = match parse_move(m) {
        Ok(mv) => mv,
        Err(e) if e.kind == MoveParseErrorKind::MissingSquare => {
            return split_move(m, rest).unwrap_or_else(|| {
                let at = m.get(e.offset..).unwrap_or("");
                fail(at, e.len, ErrorKind::Move(e.kind))
            });
        }
        Err(e) => {
            let at = m.get(e.offset..).unwrap_or("");
            return fail(at, e.len, ErrorKind::Move(e.kind));
        }
    };
    let (rest, ()) = end("play", "one move")(rest)?;
    if forced {
        return Ok((rest, Command::PlayForced(mv)));
    }
    Ok((rest, Command::Play(mv)))
}
