//! The forms a command takes at the shell: `redo N`, `moves Z` (a piece
//! letter of either case), `play e2 e3` (one move typed as two words).
//! Expected results come from the library's move generator and the
//! rules, not from boardsh's own output.

use crate::common::Test;
use boardsh::congo::legal_moves;
use boardsh::congo::{PieceKind, Position};

/// `script` under `-c`, expecting exit status `status`: stdout, stderr.
fn run(script: &str, status: i32) -> (String, String) {
    let out = Test::new()
        .args(["-c", script])
        .status(status)
        .any_stdout()
        .any_stderr()
        .run();
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

/// The FEN after `moves` from the start, by the library.
fn fen_after(moves: &[&str]) -> String {
    let mut pos = Position::start();
    for text in moves {
        let mv = legal_moves(&pos)
            .into_iter()
            .find(|m| m.to_string() == *text)
            .expect("legal");
        pos.play(mv).expect("plays");
    }
    pos.to_string()
}

#[test]
fn redo_n_makes_again_the_last_n_changes_taken_back() {
    // Three moves, all three taken back, two made again: the position
    // after the first two moves, each named oldest first.
    let (out, _) = run("play c2c3; play e6e5; play d2d3; undo 3; redo 2; fen", 0);
    let tail: Vec<&str> = out.lines().rev().take(3).collect();
    assert_eq!(tail[0], fen_after(&["c2c3", "e6e5"]));
    assert_eq!(tail[1], "redid: play e6e5");
    assert_eq!(tail[2], "redid: play c2c3");
    // One more than there is: nothing is redone, the board stays.
    let (out, err) = run("play c2c3; play e6e5; undo 2; redo 3; fen", 1);
    assert!(err.contains("only 2 changes to redo, not 3"), "{err}");
    assert!(!out.contains("redid"), "{out}");
    let (out, _) = run("play c2c3; play e6e5; undo 2; redo 2; undo 2; fen", 0);
    assert_eq!(out.lines().last(), Some(fen_after(&[]).as_str()));
}

#[test]
fn moves_takes_a_piece_letter_of_either_case() {
    // From the start the side to move is White: its moves from the
    // squares holding a piece of that kind, by the library.
    let pos = Position::start();
    // (The monkey has none: b1's neighbours are its own pieces.)
    for (letter, kind) in [
        ("Z", PieceKind::Zebra),
        ("z", PieceKind::Zebra),
        ("M", PieceKind::Monkey),
        ("p", PieceKind::Pawn),
    ] {
        let mut want: Vec<String> = legal_moves(&pos)
            .into_iter()
            .filter(|m| pos.piece_at(m.from()).is_some_and(|p| p.kind == kind))
            .map(|m| m.to_string())
            .collect();
        want.sort();
        let (out, _) = run(&format!("moves {letter}"), 0);
        let mut got: Vec<String> = out.split_whitespace().map(str::to_string).collect();
        got.sort();
        assert!(!want.is_empty() || kind == PieceKind::Monkey);
        assert_eq!(got, want, "moves {letter}");
    }
    // A letter that is no piece is still refused.
    let (_, err) = run("moves Q", 1);
    assert!(err.contains("found `Q`"), "{err}");
}

#[test]
fn a_move_typed_as_two_words_names_the_joined_move() {
    let (out, err) = run("play e2 e3; fen", 1);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("a move is one word: did you mean `play e2e3`?"),
        "{err}"
    );
    // Two words that do not join into a move keep the old message.
    let (_, err) = run("play e2 now", 1);
    assert!(err.contains("a move needs a second square"), "{err}");
}

#[test]
fn a_congo_move_alone_on_a_line_is_played() {
    // `e2e3` alone is `play e2e3`: the same summary, position and record.
    let (bare, err) = run("e2e3; fen; history", 0);
    assert_eq!(err, "");
    let (play, _) = run("play e2e3; fen; history", 0);
    assert_eq!(bare, play);
    assert!(
        bare.starts_with(&format!("e2e3: white pawn\n{}\n", fen_after(&["e2e3"]))),
        "{bare}"
    );
    // In a script file too (stdin here), a monkey's jump path among them:
    // the white monkey on b1 jumps the black pawns on c2 and e4 (set up
    // below, nothing beyond them), so b1-d3-f5 is legal.
    let pos = "3l3/7/7/4p2/7/2p4/1M1L3 w 0";
    let out = Test::new()
        .stdin(format!("fen {pos}\nb1-d3-f5\nfen\n"))
        .any_stdout()
        .run();
    let mut expected: Position = pos.parse().expect("fen");
    let mv = legal_moves(&expected)
        .into_iter()
        .find(|m| m.to_string() == "b1d3f5")
        .expect("the double jump is legal");
    expected.play(mv).expect("plays");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.ends_with(&format!("{expected}\n")), "{text}");
    // Illegal: `play`'s error plus how the line was read, nothing moved.
    let (out, err) = run("e2e5", 1);
    assert_eq!(out, "");
    assert!(
        err.contains("error: `e2e5` is not legal: the white pawn on e2 can play e2d3 e2e3 e2f3 (the line was read as `play e2e5`"),
        "{err}"
    );
    // A word that is not a move, or a move with more after it, is still
    // an unknown command.
    let (_, err) = run("e2e9", 1);
    assert!(err.contains("unknown command `e2e9`"), "{err}");
    let (_, err) = run("e2e3 now", 1);
    assert!(err.contains("unknown command `e2e3`"), "{err}");
    // The computer answers a bare move as it answers `play`.
    let (out, _) = run("set level 1; set computer black; e2e3", 0);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.lines().nth(1).is_some_and(|l| l.contains(": black ")),
        "{out}"
    );
}
