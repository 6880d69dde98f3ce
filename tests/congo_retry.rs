//! Congo's `retry` through the binary (issue 38 item 3, "learn from your
//! mistakes"): after `review`, the position before each mistake and
//! blunder in game order (both sides' in a two-person game, the person's
//! against the computer), an answer found or shown the better move, an
//! illegal answer refused with the same position kept, skipping, `retry
//! stop`, a review of a game file, and the game itself untouched. (The
//! judging is the library's, checked in `congo::analysis::retry`.)

use crate::common::{Test, boardsh};

/// Facing lions on the open d file, a white pawn on a2 and b2, a black
/// pawn on a6. Whoever moves can take the other lion along the file (the
/// rules' "facing lions"); a pawn move keeps the file open. So each pawn
/// move below throws away a win in one and hands the opponent one:
/// - move 1, White a2a3: before it White won in 1 (100%), after it Black
///   wins in 1 (0%): 100 points lost, a blunder (`??`, 15 or more); best
///   d1d7;
/// - move 2, Black a6a5: the same for Black (best d7d1);
/// - move 3, White b2b3: the same again (best d1d7);
/// - move 4, Black d7d1 takes the lion: the best move, unmarked.
const GAME: &str = "set quiet on; fen 3l3/p6/7/7/7/PP5/3L3 w 0; \
                    play a2a3; play a6a5; play b2b3; play d7d1";

/// The review every test retries (20000 nodes a position: the same marks
/// every run; a win in one is found at depth 1 whatever the budget).
const REVIEW: &str = "review nodes 20000";

/// The board as `board` draws it: `rows` from rank 7 down to rank 1, one
/// character a square (`.` empty), the river rank 4 drawn `~`, then the
/// footer.
fn board(rows: [&str; 7], footer: &str) -> String {
    let mut s = String::from("  a b c d e f g\n");
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i;
        let squares: Vec<String> = row
            .chars()
            .map(|c| {
                if rank == 4 && c == '.' {
                    "~".to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let river = if rank == 4 { " river" } else { "" };
        s.push_str(&format!("{rank} {} {rank}{river}\n", squares.join(" ")));
    }
    s.push_str("  a b c d e f g\n");
    s.push_str(footer);
    s.push('\n');
    s
}

/// The position before move 1: the game's start.
fn before_1() -> String {
    board(
        [
            "...l...", "p......", ".......", ".......", ".......", "PP.....", "...L...",
        ],
        "white to move, move 1.",
    )
}

/// Before move 2: White's a2a3 played (and marked as the last move).
fn before_2() -> String {
    board(
        [
            "...l...", "p......", ".......", ".......", "P......", ".P.....", "...L...",
        ],
        "black to move, move 1..., last move 1. a2a3",
    )
}

/// Before move 3: Black's a6a5 played; Congo's move number counts up
/// after Black's move.
fn before_3() -> String {
    board(
        [
            "...l...", ".......", "p......", ".......", "P......", ".P.....", "...L...",
        ],
        "white to move, move 2., last move 1... a6a5",
    )
}

/// The two lines under a position: which of how many, the move played
/// there numbered as `history` and the review number it (`1.` White's
/// first, `1...` Black's, from the FEN's `w 0`) with its mark and loss,
/// and how to answer.
fn puzzle(n: usize, of: usize, mv: &str, side: &str, played: &str) -> String {
    format!(
        "retry {n} of {of}: {side} played {mv} {played} ?? here (100.0 points lost)\n\
         find a better move for {side}: `retry <move>` (`retry` skips it, `retry stop` ends)\n"
    )
}

/// Run `commands` after the game and its review with `-c` (`--keep-going`
/// when `keep_going`); stdout after the review's chart, stderr, status.
fn retry(commands: &str, keep_going: bool) -> (String, String, i32) {
    let mut args = Vec::new();
    if keep_going {
        args.push("--keep-going".to_string());
    }
    args.push("-c".to_string());
    args.push(format!("{GAME}; {REVIEW}; {commands}"));
    let out = Test::new()
        .args(args)
        .any_stdout()
        .any_stderr()
        .any_status()
        .output();
    let stdout = String::from_utf8(out.stdout).unwrap();
    // The review ends with its three-row chart.
    let (review, after) = stdout
        .split_once("White's chance, a column a position (top 100%, bottom 0%):\n")
        .expect("the review");
    assert!(review.contains("  1.   White a2a3 ??"), "{review}");
    let rest: String = after.lines().skip(3).map(|l| format!("{l}\n")).collect();
    (
        rest,
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn retry_walks_both_sides_blunders_in_game_order() {
    let (out, err, status) = retry("retry; retry d1d7; retry a6a5; retry b2c3", false);
    assert_eq!((err.as_str(), status), ("", 0));
    // A two-person game (no computer): White's and Black's blunders, in
    // the order played.
    // - d1d7 is the review's best move: found, valued as the review did.
    // - a6a5 is the move the game played: said so, with its loss, and
    //   the better move with its line.
    // - b2c3 keeps the d file open: Black takes the lion at once (a
    //   certain 0%), 100 points below d1d7; its line is that capture.
    let expected = [
        before_1(),
        puzzle(1, 3, "1.", "White", "a2a3"),
        "d1d7: found, the best move (White's chance 100%)\n".to_string(),
        before_2(),
        puzzle(2, 3, "1...", "Black", "a6a5"),
        "a6a5: the move played, Black's chance 0%, 100.0 points lost\n\
         the better move: d7d1, Black's chance 100% (line d7d1)\n"
            .to_string(),
        before_3(),
        puzzle(3, 3, "2.", "White", "b2b3"),
        "b2c3: White's chance 0%, 100.0 points below the best (line b2c3 d7d1)\n\
         the better move: d1d7, White's chance 100% (line d1d7)\n"
            .to_string(),
        "no more mistakes to retry: 1 found, 2 shown, 0 skipped of 3\n".to_string(),
    ]
    .concat();
    assert_eq!(out, expected);
}

#[test]
fn an_illegal_answer_is_refused_and_the_position_stays() {
    let (out, err, status) = retry("retry; retry d1d5; retry d1d7", true);
    // The lion keeps to its castle (c1-e3) but for the capture along the
    // file: the refusal lists its moves, as `play d1d5` would.
    assert!(
        err.contains(
            "error: `d1d5` is not legal: the white lion on d1 can play d1c1 d1c2 d1d2 d1d7 d1e1 d1e2"
        ),
        "{err}"
    );
    assert_eq!(status, 1);
    // The same position was still the one to answer: d1d7 is found there,
    // then the second comes.
    let expected = [
        before_1(),
        puzzle(1, 3, "1.", "White", "a2a3"),
        "d1d7: found, the best move (White's chance 100%)\n".to_string(),
        before_2(),
        puzzle(2, 3, "1...", "Black", "a6a5"),
    ]
    .concat();
    assert_eq!(out, expected);
}

#[test]
fn retry_skips_and_stop_ends_it() {
    let (out, err, status) = retry("retry; retry; retry stop; retry d1d7", true);
    // A bare `retry` skips the position shown, naming its better move.
    // `stop` counts what was done; afterwards an answer has nothing to
    // answer.
    let expected = [
        before_1(),
        puzzle(1, 3, "1.", "White", "a2a3"),
        "skipped 1. a2a3\nthe better move: d1d7, White's chance 100% (line d1d7)\n".to_string(),
        before_2(),
        puzzle(2, 3, "1...", "Black", "a6a5"),
        "retry stopped: 0 found, 0 shown, 1 skipped of 3, 2 left (`retry` starts again)\n"
            .to_string(),
    ]
    .concat();
    assert_eq!(out, expected);
    assert!(
        err.contains(
            "error: no retry under way: `retry` shows the first position (after `review`)"
        ),
        "{err}"
    );
    assert_eq!(status, 1);
    // After the last position, `retry` starts again from the first.
    let (out, _, _) = retry("retry; retry; retry; retry; retry", false);
    assert!(
        out.ends_with(&format!(
            "no more mistakes to retry: 0 found, 0 shown, 3 skipped of 3\n{}{}",
            before_1(),
            puzzle(1, 3, "1.", "White", "a2a3")
        )),
        "{out}"
    );
}

#[test]
fn the_game_is_untouched_by_a_retry() {
    // What the game shows before and after a whole retry (answers, a
    // skip, a stop) is the same; `undo` then takes back the game's last
    // move, and `redo` makes it again, as if no retry had been.
    let look = "fen; history; board";
    let (before, _, _) = retry(look, false);
    let (after, err, status) = retry(
        &format!(
            "{look}; retry; retry d1d7; retry; retry stop; retry; retry d1c1; {look}; \
             set quiet off; undo; fen; redo; fen"
        ),
        false,
    );
    assert_eq!((err.as_str(), status), ("", 0));
    // The game's last position: the black lion on d1, the pawns on a5,
    // a3 and b3, White to move at move 2 (after Black's second move).
    let last = "7/7/p6/7/PP5/7/3l3 w 2\n";
    assert!(before.starts_with(last), "{before}");
    let second = after.rsplit_once(&before).map(|(_, tail)| tail);
    let tail = second.unwrap_or_else(|| panic!("the game looks the same: {after}"));
    assert!(after.starts_with(&before), "{after}");
    assert_eq!(
        tail,
        format!("undid: play d7d1\n3l3/7/p6/7/PP5/7/3L3 b 1\nredid: play d7d1\n{last}")
    );
}

#[test]
fn against_the_computer_only_the_persons_moves_are_retried() {
    // The game is over (Black has won), so naming a computer side plays
    // no move. The computer playing Black, the person is White: moves 1
    // and 3; the computer playing White: Black's move 2.
    let (out, _, _) = retry("set computer black; retry; retry", false);
    let expected = [
        before_1(),
        puzzle(1, 2, "1.", "White", "a2a3"),
        "skipped 1. a2a3\nthe better move: d1d7, White's chance 100% (line d1d7)\n".to_string(),
        before_3(),
        puzzle(2, 2, "2.", "White", "b2b3"),
    ]
    .concat();
    assert_eq!(out, expected);
    let (out, _, _) = retry("set computer white; set flip off; retry", false);
    assert_eq!(
        out,
        [before_2(), puzzle(1, 1, "1...", "Black", "a6a5")].concat()
    );
    // Under `set flip auto` (the default) the person playing Black sees
    // the puzzle's board from Black's side, as `board` draws it: files g
    // to a, rank 1 on top; the lines under the board are the same.
    let (flipped, _, _) = retry("set computer white; retry", false);
    assert!(flipped.starts_with("  g f e d c b a\n1 "), "{flipped}");
    let tail = |t: &str| t.lines().skip(9).collect::<Vec<_>>().join("\n");
    assert_eq!(tail(&flipped), tail(&out));
}

#[test]
fn a_reviewed_game_file_is_retried() {
    // `save` writes the game; a fresh session reviews the file and
    // retries it as it would the game in play.
    let t = Test::new();
    let dir = t.dir().to_path_buf();
    boardsh()
        .current_dir(&dir)
        .args(["-c", &format!("{GAME}; save game.bsh")])
        .assert()
        .success();
    let out = boardsh()
        .current_dir(&dir)
        .args([
            "-c",
            "set quiet on; review nodes 20000 game.bsh; retry; retry d1d7",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let expected = [
        before_1(),
        puzzle(1, 3, "1.", "White", "a2a3"),
        "d1d7: found, the best move (White's chance 100%)\n".to_string(),
        before_2(),
        puzzle(2, 3, "1...", "Black", "a6a5"),
    ]
    .concat();
    assert!(stdout.ends_with(&expected), "{stdout}");
    // The fresh session's own Congo game is the start position still.
    let out = boardsh()
        .current_dir(&dir)
        .args(["-c", "review nodes 2000 game.bsh; retry; retry d1d7; fen"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.ends_with("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n"),
        "{stdout}"
    );
}

#[test]
fn a_clean_review_has_nothing_to_retry_and_a_new_review_ends_a_retry() {
    // d1d7 takes the lion at once: the review's best, unmarked.
    Test::new()
        .args([
            "-c",
            "set quiet on; fen 3l3/7/7/7/7/7/3L3 w 0; play d1d7; review nodes 2000; retry",
        ])
        .stdout_with(|out| {
            out.ends_with(
                "no mistakes or blunders by White or Black to retry: the review of 1 move marks none\n",
            )
        })
        .run();
    // A new review replaces the one retried: the retry under way ends.
    let (_, err, status) = retry(&format!("retry; {REVIEW}; retry d1d7"), false);
    assert!(err.contains("error: no retry under way"), "{err}");
    assert_eq!(status, 1);
    // Without a Congo review there is nothing to retry (a Yut review is
    // not one).
    Test::new()
        .args(["-c", "throw FBBB; review yut; retry d1d7"])
        .any_stdout()
        .stderr_contains("error: no review to retry: `review` a Congo game first")
        .status(1)
        .run();
}

#[test]
fn a_bare_move_during_a_retry_answers_it_and_leaves_the_game() {
    // The quick start teaches a move alone on a line (`d1d7`); while a
    // retry is under way that line is the retry's answer, as `retry
    // d1d7` is, never a move of the game. Without the retry the same
    // line would be `play d1d7` in the game as it ended (the black lion
    // on d1), refused.
    let (out, err, status) = retry("retry; d1d7; a6a5; fen", false);
    assert_eq!((err.as_str(), status), ("", 0));
    let expected = [
        before_1(),
        puzzle(1, 3, "1.", "White", "a2a3"),
        "d1d7: found, the best move (White's chance 100%)\n".to_string(),
        before_2(),
        puzzle(2, 3, "1...", "Black", "a6a5"),
        "a6a5: the move played, Black's chance 0%, 100.0 points lost\n\
         the better move: d7d1, Black's chance 100% (line d7d1)\n"
            .to_string(),
        before_3(),
        puzzle(3, 3, "2.", "White", "b2b3"),
        // The game is as it ended.
        "7/7/p6/7/PP5/7/3l3 w 2\n".to_string(),
    ]
    .concat();
    assert_eq!(out, expected);
}
