//! The Yut commands' registry entries and argument grammars: `move`,
//! `show`, `where` (and the token and throw grammar problem-format turns
//! share).

use super::{ArgSpec, Complete, Spec};
use crate::shell::command::{Command, GameChoice, HintArgs, ReviewArgs, SearchLimit, SvgFile};
use crate::shell::error::{ErrorKind, Found};
use crate::shell::parse::grammar::{
    Res, arg, bare, end, expected_end, expected_word, fail, is_space, word,
};
use crate::shell::words;
use crate::yut::{Kind, Roll, Throw, Token};

/// `move <token> [<throw>]`.
pub const MOVE: Spec = Spec {
    name: "move",
    aliases: &[],
    usage: "<token> [<throw>]",
    summary: "move a Yut token by a pending throw (`move A`, `move A geol`), or a free turn (`move A FBFB`)",
    example: "move A FBFB",
    args: &[
        ArgSpec {
            hint: "<token> [<throw>]",
            complete: Complete::TokensToMove,
        },
        ArgSpec {
            hint: "[<throw>]",
            complete: Complete::PendingOrThrows,
        },
    ],
    errors: &[
        "expected-token",
        "move-congo-move",
        "expected-throw",
        "extra-argument-move",
        "yut-escaped",
        "yut-not-in-play",
        "yut-back-from-home",
        "yut-must-throw",
        "yut-not-your-turn",
        "yut-not-pending",
        "yut-which-throw",
        "yut-play-escaped",
    ],
    parse: move_args,
};

/// `throw [<sticks>]`.
pub const THROW: Spec = Spec {
    name: "throw",
    aliases: &[],
    usage: "[<sticks>]",
    summary: "throw the Yut sticks for the team to move, or record sticks thrown by hand",
    example: "throw FBFF",
    args: &[ArgSpec {
        hint: "[<sticks>]",
        complete: Complete::Throws,
    }],
    errors: &[
        "expected-throw",
        "extra-argument-throw",
        "yut-must-move",
        "yut-game-over",
        "yut-too-many",
        "computers-turn",
    ],
    parse: |i| {
        if word(i).is_err() {
            return Ok((i, Command::Throw(None)));
        }
        let (rest, t) = throw_or_back_do(i)?;
        let (rest, ()) = end("throw", "at most four F/B letters")(rest)?;
        Ok((rest, Command::Throw(Some(t))))
    },
};

/// `turn`.
pub const TURN: Spec = Spec {
    name: "turn",
    aliases: &[],
    usage: "",
    summary: "whose Yut turn it is, the pending throws, or the winner",
    example: "turn",
    args: &[],
    errors: &["extra-argument-none"],
    parse: |i| bare(i, "turn", Command::Turn),
};

/// `options [<throw>]`.
pub const OPTIONS: Spec = Spec {
    name: "options",
    aliases: &[],
    usage: "[<throw>]",
    summary: "what-if: where each Yut token or stack would land, and what it would catch",
    example: "options geol",
    args: &[ArgSpec {
        hint: "[<throw>]",
        complete: Complete::Words(ROLL_NAMES),
    }],
    errors: &["expected-roll", "extra-argument-options"],
    parse: |i| {
        let Ok((rest, w)) = word(i) else {
            return Ok((i, Command::Options(None)));
        };
        let Ok(roll) = w.parse::<Roll>() else {
            return expected_word(w, ROLL_WHAT);
        };
        let (rest, ()) = end("options", "at most one throw")(rest)?;
        Ok((rest, Command::Options(Some(roll))))
    },
};

/// `auto`.
pub const AUTO: Spec = Spec {
    name: "auto",
    aliases: &[],
    usage: "",
    summary: "the computer plays the Yut turn of the team to move (only picks if throws wait to be used)",
    example: "auto",
    args: &[],
    errors: &["extra-argument-none", "yut-game-over"],
    parse: |i| bare(i, "auto", Command::Auto),
};

/// `odds [<games> [<upper> <lower>]]`.
pub const ODDS: Spec = Spec {
    name: "odds",
    aliases: &[],
    usage: "[<games> [<upper> <lower>]]",
    summary: "each Yut team's chance to win from here, by simulated games (players: random, greedy, ai, ai1-ai4)",
    example: "odds 1000 ai greedy",
    args: &[
        ArgSpec {
            hint: "[<games> [<upper> <lower>]]",
            complete: Complete::Nothing,
        },
        ArgSpec {
            hint: "[<upper> <lower>]",
            complete: Complete::Words(PLAYERS),
        },
        ArgSpec {
            hint: "<lower>",
            complete: Complete::Words(PLAYERS),
        },
    ],
    errors: &["expected-games", "expected-player", "extra-argument-odds"],
    parse: odds_args,
};

/// `hint [congo|yut] [<n>] [<limit>]`.
pub const HINT: Spec = Spec {
    name: "hint",
    aliases: &[],
    usage: "[<game>] [<n>] [<limit>]",
    summary: "the best moves of the game in play or <game> (congo, yut): Congo's best n (3) with score, win chance and line (<limit>: depth N, time S or nodes N); Yut's every way to use the pending throws (orders that end alike as one) with where tokens land, what they catch or stack with, and the mover's chance to win",
    example: "hint congo 3 nodes 20000",
    args: &[
        ArgSpec {
            hint: "[<game>] [<n>] [<limit>]",
            complete: Complete::Words(&["congo", "yut", "depth", "time", "nodes"]),
        },
        ArgSpec {
            hint: "[<n>] [<limit>]",
            complete: Complete::Words(&["depth", "time", "nodes"]),
        },
    ],
    errors: &[
        "expected-hint-count",
        "extra-argument-hint",
        "expected-search-nodes",
        "yut-hint-arguments",
        "yut-must-throw",
        "yut-game-over",
        "search-game-over",
    ],
    parse: hint_args,
};

/// `review [congo|yut] [<limit>] [<game file>] [svg[!] <file>]`.
pub const REVIEW: Spec = Spec {
    name: "review",
    aliases: &[],
    usage: "[<game>] [<limit>] [<file>]",
    summary: "every move of the game in play or <game> (or a game <file>: `save`, `match --pgn`) against the engine: Congo's marked ?! ? ?? ! with why, each side's accuracy and a chart (`svg <file>` writes it, after a game <file> too; `key`: the last review's biggest turning points, each with its board); Yut's decisions since `reset yut`, each throw's luck and a chart (`review yut svg <file>`)",
    example: "review congo nodes 20000",
    args: &[
        ArgSpec {
            hint: "[<game>] [<limit>] [<file>]",
            complete: Complete::Words(&[
                "congo", "yut", "key", "depth", "time", "nodes", "svg", "svg!",
            ]),
        },
        ArgSpec {
            hint: "[<limit>] [<file>]",
            complete: Complete::Words(&["depth", "time", "nodes", "svg", "svg!"]),
        },
        ArgSpec {
            hint: "[<file>]",
            complete: Complete::Path,
        },
    ],
    errors: &[
        "expected-search-nodes",
        "review-count",
        "review-two-limits",
        "yut-review-arguments",
        "review-nothing",
        "review-nothing-yet",
        "review-key-nothing",
        "review-not-a-game",
    ],
    parse: review_args,
};

/// The most moves `hint N` lists.
pub const MAX_HINT_MOVES: u32 = 99;

/// An optional `congo` or `yut`.
fn game_choice(input: &str) -> (&str, Option<GameChoice>) {
    match word(input) {
        Ok((rest, w)) if w.eq_ignore_ascii_case("congo") => (rest, Some(GameChoice::Congo)),
        Ok((rest, w)) if w.eq_ignore_ascii_case("yut") => (rest, Some(GameChoice::Yut)),
        _ => (input, None),
    }
}

/// `[congo|yut] [<n>] [<limit>]`.
fn hint_args(input: &str) -> Res<'_, Command> {
    let (rest, game) = game_choice(input);
    const COUNT: &str = "a number of moves 1 to 99";
    let (rest, count) = match word(rest) {
        Ok((after, w)) if w.bytes().all(|b| b.is_ascii_digit()) => match w.parse::<u32>() {
            Ok(n) if (1..=MAX_HINT_MOVES).contains(&n) => (after, Some(n)),
            _ => return expected_word(w, COUNT),
        },
        _ => (rest, None),
    };
    let (rest, limit) = super::engine::limit(rest)?;
    let (rest, ()) = end("hint", "a game, a count and one limit")(rest)?;
    Ok((rest, Command::Hint(HintArgs { game, count, limit })))
}

/// What `review` takes, as its error for a second limit says.
const REVIEW_TAKES: &str =
    "a game, one limit (depth N, time S or nodes N) and svg FILE or a game file";
/// ... and for a number (a count is `hint`'s, not `review`'s).
const REVIEW_TAKES_NUMBER: &str = "a game, one limit (depth N, time S or nodes N) and svg FILE or a game file, and no count (a game file named by digits is written with `./`, as `./3`)";

/// `[congo|yut] [<limit>] [<game file>] [svg[!] <file>]`.
fn review_args(input: &str) -> Res<'_, Command> {
    // `review key` (or `review congo key`): the last review's key
    // moments; a game file so named is written `./key`.
    let (after_game, game) = game_choice(input);
    if game != Some(GameChoice::Yut)
        && let Ok((rest, w)) = word(after_game)
        && w.eq_ignore_ascii_case("key")
    {
        let (rest, ()) = end("review key", "nothing more")(rest)?;
        return Ok((rest, Command::ReviewKey));
    }
    let (rest, game) = game_choice(input);
    let is_limit = |w: &str| {
        ["depth", "time", "nodes"]
            .iter()
            .any(|l| w.eq_ignore_ascii_case(l))
    };
    let (rest, limit) = match word(rest) {
        Ok((_, w)) if is_limit(w) => super::engine::limit(rest)?,
        _ => (rest, SearchLimit::Default),
    };
    let (rest, svg, file) = match word(rest) {
        Ok((after, w)) if w == "svg" || w == "svg!" => {
            let (after, path) = super::session::file_name(after)?;
            let svg = SvgFile {
                path,
                force: w == "svg!",
            };
            (after, Some(svg), None)
        }
        // A second limit, or a number (`review 3`: a count is `hint`'s):
        // never a file name (a file so named is written `./3`).
        Ok((_, w)) if is_limit(w) || w.bytes().all(|b| b.is_ascii_digit()) => {
            return fail(
                rest.trim_start_matches(is_space),
                w.len(),
                ErrorKind::UnexpectedArgument {
                    command: "review",
                    takes: if is_limit(w) {
                        REVIEW_TAKES
                    } else {
                        REVIEW_TAKES_NUMBER
                    },
                    found: Found::Text(w.to_string()),
                },
            );
        }
        // Anything else is the game file (the rest of the command, as
        // every file name is), or the game file, then `svg[!] OUT`: the
        // first `svg` or `svg!` standing alone outside quotes splits them.
        Ok(_) => {
            let split = [("svg", false), ("svg!", true)]
                .into_iter()
                .filter_map(|(w, force)| words::lone_word(rest, w).map(|r| (r, force)))
                .min_by_key(|((start, _), _)| *start);
            match split {
                Some(((start, end), force)) => {
                    let game = rest.get(..start).unwrap_or_default();
                    let (_, file) = super::session::file_name(game)?;
                    let out = rest.get(end..).unwrap_or_default();
                    let (after, path) = super::session::file_name(out)?;
                    (after, Some(SvgFile { path, force }), Some(file))
                }
                None => {
                    let (after, path) = super::session::file_name(rest)?;
                    (after, None, Some(path))
                }
            }
        }
        Err(_) => (rest, None, None),
    };
    let (rest, ()) = end("review", "a game, one limit and svg FILE or a game file")(rest)?;
    Ok((
        rest,
        Command::Review(Box::new(ReviewArgs {
            game,
            limit,
            svg,
            file,
        })),
    ))
}

/// Games played out from each use when `hint` and `review` estimate
/// (no table covers the position), between two [`ODDS_PLAYER`]s; a
/// `hint` plays fewer from a plan clearly below the best (a race).
pub const HINT_GAMES: u64 = 1000;
/// The most games a `hint` plays out in all, every plan together: with
/// the race, about 2 s on two cores of a release build on any 4-token
/// turn (lab/NOTES.md).
pub const HINT_SAMPLES: u64 = 4000;
/// The most positions the players of `hint`'s games may search in all
/// (counted by their searches): past it the games stop at the round
/// finished, and the hint says how many were played. About 6 s of CPU
/// in a release build. Measured (release, one mid-game position): one
/// pending throw and two uses searched 2.4 million positions in 1000
/// games a use (2 s); four pending throws (runs of mo and yut), 19
/// million (14 s); eight ran over five minutes unbounded, and stop now
/// after 49 games a use, 10.0 million positions, 6.1 s of CPU.
pub const HINT_BUDGET: u64 = 10_000_000;
/// The most positions one decision of `hint`'s players searches (the
/// computer's own budget is larger): a run of pending throws is played
/// from a shallower look rather than at length in every game.
pub const HINT_DECISION_BUDGET: u64 = 20_000;
/// Games a use when `review` estimates (many decisions to go over).
pub const REVIEW_GAMES: u64 = 200;

/// The throw results by name, as completion offers them.
pub const ROLL_NAMES: &[&str] = &["do", "gae", "geol", "yut", "mo"];

/// The simulated players, as completion offers them.
pub const PLAYERS: &[&str] = &["random", "greedy", "ai", "ai1", "ai2", "ai3", "ai4"];

/// What a throw result may be written as.
const ROLL_WHAT: &str = "a throw: do, gae, geol, yut, mo, 1-5 or four F/B letters";

/// Games `odds` plays unless told, and at most.
pub const ODDS_GAMES: u64 = 1000;
const ODDS_MAX: u64 = 10_000_000;

/// The players `odds` uses unless told: the computer at depth 1 on both
/// sides (as strong as depth 2 against simple players, and about 25
/// times faster).
pub const ODDS_PLAYER: Kind = Kind::Ai(1);

fn move_args(input: &str) -> Res<'_, Command> {
    if let Ok((_, w)) = word(input)
        && let Some(congo_move) = super::other_game::congo_move_after_move(w, TOKEN_WHAT)
    {
        return congo_move;
    }
    let (rest, t) = any_token(input)?;
    let Ok((after, w)) = word(rest) else {
        return Ok((rest, Command::MoveBy(t, None)));
    };
    let command = if let Ok(th) = w.parse::<Throw>() {
        Command::Move(t, th)
    } else if let Ok(roll) = w.parse::<Roll>() {
        Command::MoveBy(t, Some(roll))
    } else {
        return expected_word(w, "a throw of four F/B letters");
    };
    let (after, ()) = end("move", "a token and a throw")(after)?;
    Ok((after, command))
}

fn odds_args(input: &str) -> Res<'_, Command> {
    const GAMES: &str = "a number of games 1 to 10000000";
    const PLAYER: &str = "a player: random, greedy, ai or ai1-ai4";
    let Ok((rest, w)) = word(input) else {
        return Ok((input, Command::Odds(ODDS_GAMES, ODDS_PLAYER, ODDS_PLAYER)));
    };
    let games = match w.parse::<u64>() {
        Ok(n) if (1..=ODDS_MAX).contains(&n) => n,
        _ => return expected_word(w, GAMES),
    };
    let Ok((after, u)) = word(rest) else {
        return Ok((rest, Command::Odds(games, ODDS_PLAYER, ODDS_PLAYER)));
    };
    let Ok(upper) = u.parse::<Kind>() else {
        return expected_word(u, PLAYER);
    };
    let (after, l) = match word(after) {
        Ok(ok) => ok,
        Err(_) => return expected_end(after, PLAYER),
    };
    let Ok(lower) = l.parse::<Kind>() else {
        return expected_word(l, PLAYER);
    };
    let (after, ()) = end("odds", "a number of games and two players")(after)?;
    Ok((after, Command::Odds(games, upper, lower)))
}

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

/// `stations`.
pub const STATIONS: Spec = Spec {
    name: "stations",
    aliases: &[],
    usage: "",
    summary: "a map of the 29 Yut stations by name, and the routes in words",
    example: "stations",
    args: &[],
    errors: &["extra-argument-none"],
    parse: |i| bare(i, "stations", Command::Stations),
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

/// Four F/B letters, or back-do by name (`backdo`, `back-do`, `빽도`):
/// the sticks `BBBF`, the marked stick alone, which count as a back-do
/// under the back-do house rule and as a do without it.
fn throw_or_back_do(input: &str) -> Res<'_, Throw> {
    if let Ok((rest, w)) = word(input)
        && crate::yut::rules::roll::is_back_do_name(w)
        && w != "-1"
    {
        return Ok((rest, Throw::BACK_DO));
    }
    throw(input)
}

/// What a token argument is.
const TOKEN_WHAT: &str = "a token letter A-D or a-d";

/// A token letter.
pub(crate) fn token(input: &str) -> Res<'_, Token> {
    let (rest, w) = arg(TOKEN_WHAT)(input)?;
    let mut chars = w.chars();
    match (chars.next().and_then(Token::from_char), chars.next()) {
        (Some(t), None) => Ok((rest, t)),
        _ => expected_word(w, TOKEN_WHAT),
    }
}

/// A token letter of any game, the fifth (`E`/`e`, five a side) included;
/// whether the game plays it is the game's to say. A letter that is no
/// token gets the contest's message.
pub(crate) fn any_token(input: &str) -> Res<'_, Token> {
    let (rest, w) = arg("a token letter A-D or a-d")(input)?;
    let mut chars = w.chars();
    match (chars.next().and_then(Token::from_letter), chars.next()) {
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
