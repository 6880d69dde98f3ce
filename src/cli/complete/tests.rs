//! Tests of the prompt's completion and hints.

use super::path::complete_path;
use super::*;

fn words(line: &str) -> (usize, Vec<String>) {
    match complete(line, line.len(), &Position::start()) {
        Completion::Words(s, w) => (s, w),
        Completion::Path(_) => panic!("unexpected path completion"),
    }
}

#[test]
fn command_names() {
    assert_eq!(words("sh"), (0, vec!["show".to_string()]));
    // Every keyword starting with `re`, in registry order (`review`
    // comes with the Yut commands, then `retry`, before the session's).
    assert_eq!(
        words("RE"),
        (
            0,
            vec![
                "review".to_string(),
                "retry".to_string(),
                "reset".to_string(),
                "redo".to_string()
            ]
        )
    );
    let (_, all) = words("mo");
    assert_eq!(all, ["moves", "move"]);
    // After a `;`, a new command starts at byte 6.
    assert_eq!(words("show; un"), (6, vec!["undo".to_string()]));
}

#[test]
fn arguments() {
    // A fresh Yut game: upper throws first, so `move` offers A-D only.
    assert_eq!(words("move ").1, ["A", "B", "C", "D"]);
    assert_eq!(
        words("move a").1,
        Vec::<String>::new(),
        "lower is not to move"
    );
    assert_eq!(words("move A FFB").1, ["FFBF", "FFBB"]);
    assert_eq!(words("reset y").1, ["yut"]);
    assert_eq!(
        complete("source sc", 9, &Position::start()),
        Completion::Path(7)
    );
    assert_eq!(words("set ke").1, ["keep-going"]);
    assert_eq!(words("set quiet o").1, ["on", "off"]);
    assert_eq!(words("help ex").1, ["exit"]);
    // `help` takes the games' rule topics first, then the commands.
    let (_, topics) = words("help ");
    assert_eq!(
        topics.get(..2),
        Some(&["congo".to_string(), "yut".to_string()][..])
    );
    assert!(topics.contains(&"move".to_string()) && topics.contains(&"quit".to_string()));
    assert_eq!(words("help y").1, ["yut"]);
    // The rules' topics first, then the commands (`clear` since issue 51).
    assert_eq!(words("help c").1, ["congo", "clear"]);
    assert_eq!(words("help co").1, ["congo"]);
}

fn hint(line: &str, pos: usize) -> Option<String> {
    super::hint(line, pos, &Position::start())
}

#[test]
fn hints() {
    assert_eq!(hint("move", 4).as_deref(), Some(" <token> [<throw>]"));
    assert_eq!(hint("move ", 5).as_deref(), Some("<token> [<throw>]"));
    // The rest of the keyword, then its usage (as for `move`).
    assert_eq!(hint("sh", 2).as_deref(), Some("ow [svg[!] <file>]"));
    assert_eq!(hint("mov", 3), None, "move and moves both match");
    assert_eq!(hint("move A", 6), None);
    // Steps count the fronts, four backs give 5 (yut-nori.md).
    assert_eq!(
        hint("move A ", 7).as_deref(),
        Some("[<throw>]: FBBB=1 FFBB=2 FFFB=3 FFFF=4 BBBB=5")
    );
    // Inside an argument: the rest of the only word that fits.
    assert_eq!(hint("move A FFFB", 11), None, "already whole");
    assert_eq!(hint("move A FF", 9), None, "four throws fit");
    assert_eq!(hint("set keep", 8).as_deref(), Some("-going"));
    // Black's c6 pawn after e2e3: of c6b5, c6c5, c6d5 only c6c5 fits.
    assert_eq!(hint("play e2e3; play c6c", 19).as_deref(), Some("5"));
    assert_eq!(hint("play e2e3; play c6", 18), None, "three fit");
    assert_eq!(hint("move A FFFF ", 12), None, "nothing after the throw");
    assert_eq!(hint("set ", 4).as_deref(), Some("[<name> <value>]"));
    assert_eq!(hint("xyz", 3), None);
}

/// The registry walked from the prompt's side: every keyword and alias
/// completes to itself, is highlighted as known, shows its usage as a
/// hint, and each argument position has a completion entry and a hint.
#[test]
fn every_registry_entry_completes_and_hints() {
    for &kw in Keyword::ALL {
        let spec = kw.spec();
        for name in std::iter::once(spec.name).chain(spec.aliases.iter().copied()) {
            assert!(words(name).1.contains(&name.to_string()), "{name}");
            assert_eq!(keywords(name), [(0, name.len(), true)], "{name}");
            let typed = format!("{name} ");
            let hint = hint(&typed, typed.len());
            if spec.usage.is_empty() {
                assert_eq!(hint, None, "{name}");
            } else {
                // The usage, then possibly what the values mean.
                let hint = hint.unwrap_or_default();
                assert!(hint.starts_with(spec.usage), "{name}: {hint}");
            }
            for (i, a) in spec.args.iter().enumerate() {
                assert_eq!(arg_completion(name, i), Some(a.complete), "{name} arg {i}");
            }
        }
    }
}

/// A fake file system: `sub dir/` holding `my file.bsh`, plus `plain.bsh`.
fn fake(dir: &str) -> Vec<(String, bool)> {
    match dir {
        "" => vec![("sub dir".into(), true), ("plain.bsh".into(), false)],
        "sub dir/" | "/h/sub dir/" => vec![("my file.bsh".into(), false)],
        "/h/" => vec![("sub dir".into(), true)],
        _ => Vec::new(),
    }
}

/// What `source <replacement>` parses to.
fn sourced(replacement: &str) -> Option<String> {
    match crate::shell::parse::parse_line(&format!("source {replacement}")) {
        Ok(cmds) => match cmds.as_slice() {
            [one] => match &one.command {
                crate::shell::command::Command::Source(p) => Some(p.clone()),
                _ => None,
            },
            _ => None,
        },
        Err(_) => None,
    }
}

#[test]
fn paths_complete_to_what_the_parser_reads() {
    let start = Position::start();
    assert_eq!(complete("source sub", 10, &start), Completion::Path(7));
    assert_eq!(complete("show svg a b", 12, &start), Completion::Path(9));
    assert_eq!(
        complete("show; source \"a;b", 17, &start),
        Completion::Path(13)
    );
    let dir = complete_path("sub", None, fake);
    assert_eq!(dir, [("sub dir/".to_string(), "\"sub dir/\"".to_string())]);
    // Into the directory, whether typed quoted, escaped or plain.
    for typed in ["\"sub dir/\"", "sub\\ dir/my", "'sub dir/'m", "\"sub dir/m"] {
        let got = complete_path(typed, None, fake);
        assert_eq!(got.len(), 1, "{typed}");
        let (_, r) = &got[0];
        assert_eq!(
            sourced(r).as_deref(),
            Some("sub dir/my file.bsh"),
            "{typed}"
        );
    }
    // The old rustyline escaping also reads back now.
    assert_eq!(
        sourced("sub\\ dir/my\\ file.bsh").as_deref(),
        Some("sub dir/my file.bsh")
    );
    // `~/` stays as typed and still names the file under the home.
    let got = complete_path("~/sub dir/", Some("/h"), fake);
    assert_eq!(got[0].1, "~/\"sub dir/my file.bsh\"");
    assert_eq!(
        words::read(&got[0].1, Some("/h")).as_deref(),
        Ok("/h/sub dir/my file.bsh")
    );
    assert_eq!(complete_path("pl", None, fake)[0].1, "plain.bsh");
}

proptest::proptest! {
    /// Any file name: typing a prefix of it (plainly when it is plain,
    /// else as an open double quote), completing, and parsing the line
    /// yields the file.
    #[test]
    fn completing_then_parsing_yields_the_file(
        name in "[^\n\r/]{1,16}",
        cut in 0usize..16,
        in_dir in proptest::bool::ANY,
    ) {
        let dir = if in_dir { "d; #x/" } else { "" };
        let prefix: String = name.chars().take(cut).collect();
        let quoted = words::quote(&format!("{dir}{prefix}"));
        let typed = if quoted.ends_with('"') && !quoted.is_empty() {
            quoted.get(..quoted.len() - 1).unwrap_or("").to_string()
        } else {
            quoted
        };
        let line = format!("source {typed}");
        proptest::prop_assert_eq!(complete(&line, line.len(), &Position::start()), Completion::Path(7));
        let list = |d: &str| {
            if d == dir { vec![(name.clone(), false)] } else { Vec::new() }
        };
        let got = complete_path(&typed, None, list);
        proptest::prop_assert_eq!(got.len(), 1);
        let want = format!("{dir}{name}");
        proptest::prop_assert_eq!(sourced(&got[0].1), Some(want));
    }
}

/// Sorted, for comparing sets of words.
fn sorted(line: &str) -> Vec<String> {
    let mut w = words(line).1;
    w.sort();
    w
}

/// The start position (START_FEN): White pawns on a2..g2, pieces on
/// rank 1, Black's pawns on rank 6; a pawn steps straight or
/// diagonally forward, so the e2 pawn has d3, e3 and f3.
#[test]
fn play_completes_moves_dashes_and_replies() {
    assert_eq!(sorted("play e2"), ["e2d3", "e2e3", "e2f3"]);
    assert_eq!(sorted("play e2-"), ["e2-d3", "e2-e3", "e2-f3"]);
    assert_eq!(
        sorted("play E2-"),
        ["e2-d3", "e2-e3", "e2-f3"],
        "case folds"
    );
    // White to move: nothing from Black's c6 pawn...
    assert_eq!(sorted("play c6"), Vec::<String>::new());
    // ...but after `play e2e3` on the same line it is Black's reply.
    assert_eq!(sorted("play e2e3; play c6"), ["c6b5", "c6c5", "c6d5"]);
    assert_eq!(sorted("play e2e3; play c6-"), ["c6-b5", "c6-c5", "c6-d5"]);
    assert_eq!(
        sorted("play e2e3;play e3"),
        Vec::<String>::new(),
        "not White's turn"
    );
    // An illegal earlier move stops the replay: White is still to move.
    assert_eq!(sorted("play e2e5; play e2"), ["e2d3", "e2e3", "e2f3"]);
    // Every reply is legal in the position after e2e3, and vice versa.
    let after = Position::start()
        .after(crate::congo::parse_move("e2e3").unwrap())
        .unwrap();
    let mut want: Vec<String> = legal_moves(&after)
        .iter()
        .map(ToString::to_string)
        .collect();
    want.sort();
    assert_eq!(sorted("play e2e3; play "), want);
}

#[test]
fn moves_completes_kinds_and_own_squares() {
    // `e`: the elephant kind, and White's e1 (elephant) and e2 (pawn).
    assert_eq!(sorted("moves e"), ["e1", "e2", "elephant"]);
    // 8 kinds plus White's 14 pieces (7 on rank 1, 7 pawns).
    assert_eq!(words("moves ").1.len(), 8 + 14);
    // Black to move after e2e3: Black's squares, not White's.
    assert_eq!(sorted("play e2e3; moves e"), ["e6", "e7", "elephant"]);
}

#[test]
fn keyword_ranges() {
    assert_eq!(keywords("show; bogus x # c"), [(0, 4, true), (6, 5, false)]);
    // A move alone is a command (it plays); with more after it, or not a
    // move (no square e9), it is not.
    assert_eq!(
        keywords("e2e3; b1-d3-f5; e2e3 x; e2e9"),
        [(0, 4, true), (6, 8, true), (16, 4, false), (24, 4, false)]
    );
}

/// Completion in a Yut game under way: `move` offers the tokens of the
/// team to move that can still move, `move A` the pending throws.
#[test]
fn yut_tokens_and_pending_throws() {
    use crate::yut::{Play, Team, Token};
    let t = |s: &str| s.parse::<crate::yut::Throw>().expect("throw");
    let mut yut = Play::new(Team::Upper, 0);
    // Upper throws a yut (4, throw again) and a do (1): both pending.
    yut.throw(t("FFFF")).expect("yut");
    yut.throw(t("FBBB")).expect("do");
    let start = Position::start();
    let games = Games {
        position: &start,
        yut: &yut,
        retry: None,
    };
    let words_in = |line: &str| match complete_in(line, line.len(), games) {
        Completion::Words(_, w) => w,
        Completion::Path(_) => panic!("path"),
    };
    assert_eq!(words_in("move "), ["A", "B", "C", "D"]);
    // Pending largest first (as `turn` lists them): yut, then do.
    assert_eq!(words_in("move A "), ["yut", "do"]);
    assert_eq!(words_in("move A d"), ["do"]);
    assert_eq!(
        hint_in("move A ", 7, games).as_deref(),
        Some("[<throw>]: pending yut (4), do (1)")
    );
    // A uses the yut and the do: lower's turn; lower's a is offered.
    yut.play(Token::A, crate::yut::Roll::Yut).expect("A yut");
    yut.play(Token::A, crate::yut::Roll::Do).expect("A do");
    let games = Games {
        position: &start,
        yut: &yut,
        retry: None,
    };
    let offered = match complete_in("move ", 5, games) {
        Completion::Words(_, w) => w,
        Completion::Path(_) => panic!("path"),
    };
    assert_eq!(offered, ["a", "b", "c", "d"]);
    // Nothing pending at the start of a turn: the 16 throws of a free turn.
    let free = match complete_in("move a ", 7, games) {
        Completion::Words(_, w) => w,
        Completion::Path(_) => panic!("path"),
    };
    assert_eq!(free.len(), 16);
}

/// Issue 38: Tab added no blank after a completed command, so what was
/// typed next ran into it (`thr`, Tab, `FFFF` read `throwFFFF`). A word
/// completed uniquely is now followed by one; several words are inserted
/// only as far as they agree, so they get none.
#[test]
fn a_unique_completion_ends_with_a_blank() {
    let tab = |line: &str, pos: usize| match complete(line, pos, &Position::start()) {
        Completion::Words(start, words) => (start, with_blank(line, pos, words)),
        Completion::Path(_) => panic!("unexpected path completion"),
    };
    let pair = |show: &str, insert: &str| (show.to_string(), insert.to_string());
    // `throw` is the only command starting with `thr`.
    assert_eq!(tab("thr", 3), (0, vec![pair("throw", "throw ")]));
    // An argument too: `level` is the only setting starting with `le`.
    assert_eq!(tab("set le", 6), (4, vec![pair("level", "level ")]));
    // `mo` starts `moves` and `move`: neither gets a blank.
    assert_eq!(
        tab("mo", 2).1,
        [pair("moves", "moves"), pair("move", "move")]
    );
    // A blank already follows the cursor: none is added.
    assert_eq!(tab("wh A", 2).1, [pair("where", "where")]);
}

/// Tab after `retry ` offered only `stop`; while a retry is under way it
/// offers the legal moves of the position shown, as `play ` does for the
/// game's position.
#[test]
fn retry_completes_the_puzzles_moves() {
    use crate::shell::Session;
    use crate::shell::parse::parse_command;
    // The guide's game: 1. a2a3?? (d1d7 took the lion), a6a5??, b2b3,
    // d7d1. Its first retry position is the start: White's pawns a2 and
    // b2, lions d1 and d7 on the open d-file, Black's pawn a6.
    let fen = "3l3/p6/7/7/7/PP5/3L3 w 0";
    let mut session = Session::new();
    let mut run = |line: &str| {
        let cmd = parse_command(line).expect("parses");
        session.execute(&cmd, &mut Vec::new()).expect("runs");
    };
    run(&format!("fen {fen}"));
    for mv in ["a2a3", "a6a5", "b2b3", "d7d1"] {
        run(&format!("play {mv}"));
    }
    run("review nodes 20000");
    assert!(session.retry_position().is_none(), "no retry yet");
    let cmd = parse_command("retry").expect("parses");
    session.execute(&cmd, &mut Vec::new()).expect("runs");
    let puzzle = session
        .retry_position()
        .cloned()
        .expect("a retry under way");
    assert_eq!(puzzle, crate::congo::fen::parse(fen).expect("fen"));
    // The game's position (after d7d1, White to move with no lion) is
    // not what `retry` answers in.
    let game = session.position().clone();
    let offered = |line: &str, retry: Option<&Position>| {
        let games = Games {
            position: &game,
            yut: &Play::default(),
            retry,
        };
        match complete_in(line, line.len(), games) {
            Completion::Words(_, w) => w,
            Completion::Path(_) => panic!("path"),
        }
    };
    // By hand: the pawns step straight or diagonally forward (a2: a3, b3;
    // b2: a3, b3, c3); the lion steps inside its castle (c1, e1, c2, d2,
    // e2) and takes the lion on d7 up the empty d-file.
    let mut moves = offered("retry ", Some(&puzzle));
    assert_eq!(moves.first().map(String::as_str), Some("stop"));
    moves.sort();
    assert_eq!(
        moves,
        [
            "a2a3", "a2b3", "b2a3", "b2b3", "b2c3", "d1c1", "d1c2", "d1d2", "d1d7", "d1e1", "d1e2",
            "stop"
        ]
    );
    assert_eq!(offered("retry d1", Some(&puzzle)).len(), 6);
    assert_eq!(offered("retry d1-d", Some(&puzzle)), ["d1-d2", "d1-d7"]);
    assert_eq!(offered("retry s", Some(&puzzle)), ["stop"]);
    // No retry under way: `stop` alone, as before.
    assert_eq!(offered("retry ", None), ["stop"]);
    // After `retry stop` the session has no retry position to offer.
    let cmd = parse_command("retry stop").expect("parses");
    session.execute(&cmd, &mut Vec::new()).expect("runs");
    assert!(session.retry_position().is_none());
}
