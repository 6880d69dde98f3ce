//! Versus mode (`new`, `set computer`, `set level`): the computer answers
//! the person's moves, refuses them on its turn, and `undo` takes back a
//! full move. Expected results come from the rules (a lion capture is the
//! only sensible reply; a do ends a Yut turn) or are checked move by move
//! against the library's move generator.

use crate::common::Test;
use boardsh::congo::Position;
use boardsh::congo::{legal_moves, status};

fn run(script: &str) -> (String, String, Option<i32>) {
    run_to(script, 0)
}

/// `script` run with `--keep-going`, ending with exit status `status`.
fn run_to(script: &str, status: i32) -> (String, String, Option<i32>) {
    let out = Test::new()
        .args(["--keep-going", "-c", script])
        .status(status)
        .any_stdout()
        .any_stderr()
        .run();
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
        out.status.code(),
    )
}

/// Replays the `move: summary` lines of `out` from `start`, checking each
/// move is legal where it is played; the position reached.
fn replay(start: &str, out: &str) -> Position {
    let mut pos: Position = start.parse().expect("fen");
    for line in out.lines() {
        let Some((text, _)) = line.split_once(": ") else {
            continue;
        };
        if text.contains(' ') || text.len() < 4 {
            continue;
        }
        let mv = legal_moves(&pos)
            .into_iter()
            .find(|m| m.to_string() == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {pos}"));
        pos.play(mv).expect("legal");
    }
    pos
}

const START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0";

#[test]
fn the_computer_answers_and_takes_the_lion() {
    // Lions d1 and d7 face on the open d-file; the person (White) plays
    // the pawn a3a4 instead of taking. Black's capture d7d1 wins at once,
    // a million above any other move: even level 1 plays it (see
    // congo::search::skill).
    let (out, _, _) = run("set level 1; set computer black; fen 3l3/7/7/7/P6/7/3L3 w 0; play a3a4");
    assert_eq!(
        out,
        "a3a4: white pawn\nd7d1: black lion, captures white lion on d1; Black wins\n"
    );
}

#[test]
fn the_persons_move_on_the_computers_turn_is_refused_and_changes_nothing() {
    let (out, err, _) = run_to(
        "set computer white; fen 3l3/7/7/7/P6/7/3L3 w 0; play d1d7; fen; set computer upper; throw; turn",
        1,
    );
    assert!(
        err.contains("it is the computer's move (white): `go` lets it play, `set computer none` lets you move both sides"),
        "{err}"
    );
    assert!(
        err.contains("it is the computer's turn (upper): `auto` lets it play"),
        "{err}"
    );
    // Nothing moved: the position and the Yut turn are as they were.
    assert_eq!(out, "3l3/7/7/7/P6/7/3L3 w 0\nupper to throw\n");
}

#[test]
fn undo_takes_back_the_reply_and_the_persons_move() {
    let (out, _, _) = run("set level 1; new congo white; play c2c3; undo; fen; history");
    let lines: Vec<&str> = out.lines().collect();
    // c2c3, the reply, then both undone (the reply first), and the start.
    assert_eq!(lines[0], "c2c3: white pawn");
    let reply = lines[1].split(':').next().expect("a move");
    assert_eq!(lines[2], format!("undid: play {reply}"));
    assert_eq!(lines[3], "undid: play c2c3");
    assert_eq!(lines[4], START);
    // The reply was legal after c2c3.
    replay(START, &lines[..2].join("\n"));
}

#[test]
fn the_computer_moves_first_when_it_has_white() {
    let (out, _, _) = run("set level 1; new congo black; fen");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let pos = replay(START, lines[0]);
    assert_eq!(lines[1], pos.to_string());
    assert!(lines[1].ends_with(" b 0"), "{out}");
}

#[test]
fn computer_both_plays_a_legal_game_to_its_end_and_a_seed_replays_it() {
    let script = "set seed 5; set level 1; set computer both; go; status";
    let (out, _, _) = run(script);
    let (again, _, _) = run(script);
    assert_eq!(out, again, "the same seed and level replay the same game");
    let end = replay(START, &out);
    let st = status(&end);
    assert!(st.is_over(), "{out}");
    assert_eq!(out.lines().last(), Some(st.to_string().as_str()));
}

#[test]
fn the_yut_computer_plays_its_whole_turn_and_undo_returns_to_the_person() {
    // BBBF is a do: it gives no extra throw, so after `move A` the turn
    // passes to lower, the computer, which throws and moves until upper
    // is to throw again.
    let (out, _, _) = run("set level 2; new yut upper; throw BBBF; move A; turn");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "BBBF: do (1)");
    assert_eq!(lines[1], "A: home -> do (1); lower to throw");
    // Lower's turn: throws (`FBBB: do (1)`) and lower-case token moves.
    for line in &lines[2..lines.len() - 1] {
        let first = line.chars().next().expect("a line");
        assert!(
            line.starts_with('F') || line.starts_with('B') || first.is_ascii_lowercase(),
            "{line} is not lower's"
        );
    }
    assert!(lines.len() > 3, "lower played: {out}");
    assert_eq!(lines.last(), Some(&"upper to throw"));
    // Undo takes back lower's turn and the move of A together: the do
    // is pending again for upper.
    let (out, _, _) = run("set level 2; new yut upper; throw BBBF; move A; undo; turn");
    let tail: Vec<&str> = out.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        ["upper to move: do (1)", "undid: move A", "undid: auto"]
    );
}

#[test]
fn new_games_for_two_people_answer_nothing() {
    // `new congo` alone: nobody answers the move.
    let (out, _, _) = run("set computer black; new congo; play c2c3; set");
    assert!(out.starts_with("c2c3: white pawn\n"), "{out}");
    assert!(out.contains("\ncomputer    none "), "{out}");
    assert_eq!(
        out.matches(": white ").count() + out.matches(": black ").count(),
        1
    );
}

#[test]
fn after_a_draw_by_repetition_go_and_play_are_refused() {
    // The zebras out and back twice: the start position a third time.
    let shuffle = "set draw repetition; play g1f3; play g7f5; play f3g1; play f5g7; \
                   play g1f3; play g7f5; play f3g1; play f5g7";
    let (out, err, _) = run_to(&format!("{shuffle}; go; play a2a3; fen"), 1);
    assert_eq!(
        err.matches("error: the game is over: Draw (threefold repetition)")
            .count(),
        2,
        "{err}"
    );
    // Nothing moved: the start position after 8 plies (the FEN counts 4
    // full moves), after the draw's note.
    assert!(
        out.ends_with("Draw (threefold repetition)\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 4\n"),
        "{out}"
    );
    // `new congo white` turns the house rule on.
    let (out, _, _) = run("new congo white; set");
    // (`repetition` is wider than the listing's 5-letter value column,
    // so it ends its row and the summary starts the next line.)
    assert!(out.contains("\ndraw        repetition\n"), "{out}");
}

#[test]
fn a_saved_versus_game_replays_whatever_the_computer_setting() {
    // Both games played against the computer, saved, then sourced in a
    // session where the computer plays every side: the replay neither
    // refuses the recorded moves nor answers them, and ends where the
    // game was (the computer's own moves are in the record as played).
    let (out, err, _) = run(
        "set level 2; new congo black; play e6e5; new yut upper; throw; fen; where; \
         save g.bsh; reset; set computer both; source g.bsh; fen; where",
    );
    assert_eq!(err, "");
    let (before, after) = out.split_once("wrote `g.bsh`\n").expect("saved");
    assert_eq!(before, after);
    assert!(before.contains("e6e5: black pawn\n"), "{before}");
}

/// Issue 38: `redo` after a versus `undo` made the person's move again and
/// left the computer idle with its side to move. What one `undo` took back
/// together comes back together: the person's move, then the computer's
/// reply (the same one, not a new search), and the person is to move.
#[test]
fn redo_brings_back_the_persons_move_and_the_reply_together() {
    let (out, _, _) = run("set level 1; new congo white; play c2c3; undo; redo; fen");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert_eq!(lines[0], "c2c3: white pawn");
    let reply = lines[1].split(':').next().expect("a move");
    assert_eq!(
        lines[2..4],
        [format!("undid: play {reply}"), "undid: play c2c3".into()]
    );
    // Redone in the order they were first made; the computer plays no
    // new move (no move line follows).
    assert_eq!(
        lines[4..6],
        [
            "redid: play c2c3".to_string(),
            format!("redid: play {reply}")
        ]
    );
    // The position after both plies: White to move, one full move made.
    let pos = replay(START, &lines[..2].join("\n"));
    assert_eq!(lines[6], pos.to_string());
    assert!(lines[6].ends_with(" w 1"), "{out}");
}

/// A redo that leaves the computer to move with nothing more to make again
/// (here the person's move was undone before the computer took Black)
/// lets the computer answer at once, as after a move typed; with boards
/// shown, the board follows its reply once.
#[test]
fn a_redo_that_leaves_the_computer_to_move_is_answered() {
    let (out, _, _) = run("set level 1; play c2c3; undo; set computer black; redo; fen");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..3],
        ["c2c3: white pawn", "undid: play c2c3", "redid: play c2c3"]
    );
    assert_eq!(lines.len(), 5, "a reply and the FEN: {out}");
    // The reply (a black move, legal after c2c3), then White to move.
    let pos = replay(START, &format!("{}\n{}", lines[0], lines[3]));
    assert!(lines[3].contains(": black "), "{out}");
    assert_eq!(lines[4], pos.to_string());
    assert!(lines[4].ends_with(" w 1"), "{out}");
    // Shown: the board once, after the reply, with White to move.
    let (shown, _, _) = run("set show on; set level 1; play c2c3; undo; set computer black; redo");
    let tail: Vec<&str> = shown.lines().rev().take(12).collect();
    assert!(
        tail[0].starts_with("white to move, move 2., last move 1... "),
        "{shown}"
    );
    assert!(tail[11].starts_with("redid: play c2c3"), "{shown}");
    assert!(tail[10].contains(": black "), "{shown}");
}

/// Yut: `undo` took back the computer's turn (`auto`) and the person's
/// `move A`; `redo` makes both again, so upper (the person) is to throw,
/// not lower (the computer) left waiting; the tokens stand where they
/// stood before the undo.
#[test]
fn redo_in_yut_brings_back_the_computers_turn() {
    let played = "set level 2; new yut upper; throw BBBF; move A";
    let (before, _, _) = run(&format!("{played}; where"));
    let (out, _, _) = run(&format!("{played}; undo; redo; turn; where"));
    let tail: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("undid:"))
        .collect();
    assert_eq!(
        tail[..5],
        [
            "undid: auto",
            "undid: move A",
            "redid: move A",
            "redid: auto",
            "upper to throw"
        ]
    );
    let wheres = |text: &str| {
        text.lines()
            .rev()
            .take(8)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(wheres(&out), wheres(&before));
}

#[test]
fn each_game_keeps_its_own_computer() {
    // `new yut upper` after `new congo white` leaves Black to the
    // computer: the Congo move is still answered (two summaries: the
    // person's c2c3 and the computer's reply, checked legal by replay).
    let (out, err, _) = run("set level 1; new congo white; new yut upper; play c2c3; set");
    assert_eq!(err, "");
    let moves: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(": white ") || l.contains(": black "))
        .collect();
    assert_eq!(moves.len(), 2, "{out}");
    assert!(moves[1].contains(": black "), "{out}");
    replay(START, &out);
    // `set` lists both games' sides.
    assert!(
        // (wider than the 5-letter value column: alone on its row)
        out.contains("\ncomputer    congo black, yut lower\n"),
        "{out}"
    );
    // The old form changes its own game: `set computer upper` leaves
    // Congo's Black; `none` turns both off; `yut none` only Yut.
    let listing = |script: &str| {
        let (out, _, _) = run(&format!("{script}; set"));
        out.lines()
            .find(|l| l.starts_with("computer "))
            .and_then(|l| l.strip_prefix("computer"))
            .and_then(|l| l.split("  the side").next())
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        listing("set computer black; set computer upper"),
        "congo black, yut upper"
    );
    assert_eq!(
        listing("new congo white; new yut lower; set computer yut none"),
        "black"
    );
    assert_eq!(
        listing("set computer congo white; set computer yut both"),
        "congo white, yut both"
    );
    assert_eq!(
        listing("new congo white; new yut upper; set computer none"),
        "none"
    );
    // `new congo` alone (two people) ends Congo's computer only: the
    // Yut computer still answers the person's throw.
    let (out, _, _) = run("set level 1; new yut upper; new congo; throw FFFB; move A; turn");
    assert!(
        out.contains("A: home -> geol (3); lower to throw\n"),
        "{out}"
    );
    assert!(
        out.ends_with("upper to throw\n"),
        "the computer played lower's turn: {out}"
    );
}

#[test]
fn the_board_is_drawn_from_the_persons_side() {
    // `new congo black`: the computer (White) moves first; the person
    // plays Black, so `board` is turned half a circle (`set flip auto`):
    // rank 1 on top, files g to a. `set flip off` draws it as always.
    let (out, _, _) = run("set level 1; new congo black; board; set flip off; board");
    let lines: Vec<&str> = out.lines().collect();
    // The computer's move, then two boards of 10 lines.
    assert_eq!(lines.len(), 1 + 10 + 10, "{out}");
    let (flipped, plain) = (&lines[1..11], &lines[11..21]);
    assert_eq!(flipped[0], "  g f e d c b a", "{out}");
    assert_eq!(plain[0], "  a b c d e f g", "{out}");
    // Each flipped rank row is the plain board's row of the same rank
    // with its squares in reverse order; the river mark stays.
    for rank in 1..=7 {
        let row = |board: &[&str]| -> String {
            board
                .iter()
                .find(|l| l.starts_with(&format!("{rank} ")))
                .unwrap_or_else(|| panic!("no rank {rank}: {out}"))
                .to_string()
        };
        let squares = |line: &str| -> Vec<String> {
            line.split_whitespace()
                .skip(1)
                .take(7)
                .map(str::to_string)
                .collect()
        };
        let mut reversed = squares(&row(plain));
        reversed.reverse();
        assert_eq!(squares(&row(flipped)), reversed, "rank {rank}: {out}");
    }
    // Ranks from 1 at the top down to 7.
    let order: Vec<&str> = flipped[1..8].iter().map(|l| &l[..1]).collect();
    assert_eq!(order, ["1", "2", "3", "4", "5", "6", "7"]);
    assert!(flipped[4].ends_with(" 4 river"), "{out}");
    // The footer is the same.
    assert_eq!(flipped[9], plain[9]);
    // Playing White (or two people) the board is as always; `flip on`
    // turns it whoever plays.
    let (out, _, _) = run("new congo white; board; new congo; board; set flip on; board");
    let heads: Vec<&str> = out.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(
        heads,
        [
            "  a b c d e f g",
            "  a b c d e f g",
            "  a b c d e f g",
            "  a b c d e f g",
            "  g f e d c b a",
            "  g f e d c b a"
        ],
        "{out}"
    );
}
