//! Congo's `hint` and `review` through the binary (issue 38 items 1 and
//! 2): the routing to the game in play, the lion capture first at 100%, a
//! planted blunder marked `??` with the best move and a flawless side near
//! 100%, a review from a FEN start, from a `save` file and from a
//! `match --pgn` record, the SVG chart with one point a position, and the
//! refusals. (The chances themselves are the library's, checked in
//! `congo_analysis.rs`.)

use crate::common::matches::run_match_within;
use crate::common::{Test, boardsh};

/// Facing lions on the open d file, White to move: d1d7 takes the black
/// lion (the rules' "facing lions"), a win in one.
const FACING: &str = "3l3/7/7/7/7/7/3L3 w 0";

/// Run `commands` with `-c`, in `dir` when given; stdout (status 0).
fn run(commands: &str) -> String {
    let out = Test::new().args(["-c", commands]).any_stdout().run();
    String::from_utf8(out.stdout).unwrap()
}

/// The percentages of a hint's rows, in order.
fn chances(hint: &str) -> Vec<u32> {
    hint.lines()
        .skip(1)
        .filter_map(|l| {
            l.split_whitespace()
                .find(|w| w.ends_with('%'))
                .and_then(|w| w.trim_end_matches('%').parse().ok())
        })
        .collect()
}

#[test]
fn hint_puts_the_lion_capture_first_at_100() {
    let out = run(&format!("fen {FACING}; hint nodes 20000"));
    let lines: Vec<&str> = out.lines().collect();
    // The first line names the game, the side to move and the budget.
    assert_eq!(
        lines[0],
        "Congo hint (White to move), 20000 nodes: score from White's side, White's chance to win"
    );
    // The capture ends the game: a win in 1, certain, its line the move.
    assert_eq!(
        lines[1],
        "  1. d1d7  White wins in 1  100% (exact)  line d1d7"
    );
    // Three moves by default; no other move wins at once (only d1d7
    // reaches the black lion), so none of them is at 100%.
    assert_eq!(lines.len(), 4, "{out}");
    let p = chances(&out);
    assert_eq!(p.len(), 3, "{out}");
    assert!(p[1] < 100 && p[2] < 100, "{out}");
    // Best first: the chances never rise down the list.
    assert!(p.windows(2).all(|w| w[0] >= w[1]), "{out}");
}

#[test]
fn hint_from_blacks_side_and_its_count() {
    // The same facing lions with Black to move: d7d1 takes White's lion.
    // The score is from White's side ("Black wins in 1"), the chance the
    // mover's (Black's 100%); `1` lists one move.
    let out = run("fen 3l3/7/7/7/7/7/3L3 b 0; hint congo 1 nodes 5000");
    assert_eq!(
        out,
        "Congo hint (Black to move), 5000 nodes: score from White's side, Black's chance to win\n\
         \x20 1. d7d1  Black wins in 1  100% (exact)  line d7d1\n"
    );
}

#[test]
fn bare_hint_follows_the_last_game_touched() {
    // After a Congo command, a bare `hint` is Congo's, within the
    // `hint-time` setting (here 200 ms: "0.2 s").
    let out = run(&format!("set hint-time 200; fen {FACING}; hint"));
    assert!(
        out.starts_with("Congo hint (White to move), 0.2 s: "),
        "{out}"
    );
    assert!(
        out.contains("  1. d1d7  White wins in 1  100% (exact)"),
        "{out}"
    );
    // After a Yut throw it is Yut's, as it always was (its own heading).
    let out = run(&format!("fen {FACING}; throw FBBB; hint"));
    assert!(!out.contains("Congo hint"), "{out}");
    assert!(out.contains("upper"), "{out}");
    // Named, the game is the one named whatever came last.
    let out = run(&format!("fen {FACING}; throw FBBB; hint congo nodes 2000"));
    assert!(
        out.contains("Congo hint (White to move), 2000 nodes"),
        "{out}"
    );
}

/// The planted blunder: White plays d1d2 (keeping the d file open) when
/// d1d7 won at once, and Black takes the lion with d7d2.
const BLUNDER_GAME: &str = "fen 3l3/7/7/7/7/7/3L3 w 0; play d1d2; play d7d2";

/// What `review nodes 20000` of [`BLUNDER_GAME`] prints, worked out:
/// - before d1d2 White won in 1 (100%); after it Black wins in 1 (White's
///   chance 0%): White lost 100 points, a blunder (15 or more), and the
///   best move was d1d7, its line the capture alone; a forced win turned
///   into none, it is also a missed win (issue 51), and its why-line is
///   the capture: d7 holds Black's lion;
/// - d7d2 is Black's best (it wins at once): no loss, no mark; the game is
///   over, Black has won (White's chance 0%); a move that takes the lion
///   is the win, never an only move (`!`);
/// - accuracy: lichess's 103.1668·e^(-0.04354·loss) - 3.1669 is 99.9999
///   at no loss (Black: 100.0%) and below 0 at 100 points (White: held to
///   0.0%); the biggest swing is White's move 1 (`1.`, as `history`
///   numbers it from the FEN's `w 0`; Black's answer is `1...`), Black
///   has none;
/// - the chart: three positions, White at 100%, 0%, 0%: the first column
///   full in all three rows, the others empty (not shown: lines are not
///   padded), in ASCII as the output is not a terminal.
const BLUNDER_REVIEW: &str = "\
Congo review, 20000 nodes a position: score and chance after each move from White's side, loss in points of the mover's chance
  1.   White d1d2 ??  Black wins in 1    0%  loss 100.0  missed win
       best d1d7 (line d1d7)
       missed d1d7, taking the lion
  1... Black d7d2     Black has won      0%  loss   0.0
White: accuracy 0.0%, 0 ?!, 0 ?, 1 ??; biggest swing: 1. d1d2, 100.0 points
Black: accuracy 100.0%, 0 ?!, 0 ?, 0 ??; biggest swing: none
White's chance, a column a position (top 100%, bottom 0%):
|#
|#
|#
";

#[test]
fn review_marks_the_planted_blunder_from_a_fen_start() {
    let out = run(&format!("set quiet on; {BLUNDER_GAME}; review nodes 20000"));
    assert_eq!(out, BLUNDER_REVIEW);
}

#[test]
fn review_of_a_saved_game_file_is_the_same() {
    // `save` writes the game as a script (`reset`, `fen`, `play` lines
    // among settings and the Yut game's): `review FILE` reads its one
    // Congo game, in a fresh session, with the same table.
    let t = Test::new();
    let dir = t.dir().to_path_buf();
    boardsh()
        .current_dir(&dir)
        .args([
            "-c",
            &format!("set quiet on; {BLUNDER_GAME}; throw FBBB; save game.bsh"),
        ])
        .assert()
        .success();
    let out = boardsh()
        .current_dir(&dir)
        .args(["-c", "review nodes 20000 game.bsh"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), BLUNDER_REVIEW);
}

#[test]
fn review_of_a_match_pgn_record() {
    // A short match of two random movers, its game recorded by `--pgn`:
    // `review FILE` reviews every move of it.
    let dir = tempfile::tempdir().unwrap();
    let pgn = format!("{}/", dir.path().join("games").display());
    let (_, err, code) = run_match_within(
        120,
        &[
            "--games",
            "1",
            "--time",
            "5",
            "--max-plies",
            "10",
            "--seed",
            "7",
            "--pgn",
            &pgn,
            "boardsh agent --engine random --seed 3",
            "boardsh agent --engine random --seed 4",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    let record = dir.path().join("games").join("game-001.bsh");
    let text = std::fs::read_to_string(&record).unwrap();
    let plays: Vec<&str> = (text.lines())
        .filter_map(|l| l.strip_prefix("play "))
        .collect();
    assert!(!plays.is_empty(), "{text}");
    let out = boardsh()
        .args(["-c", &format!("review nodes 1000 '{}'", record.display())])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = String::from_utf8(out.stdout).unwrap();
    // One row a move of the record, numbered, with its mover and move.
    for (i, mv) in plays.iter().enumerate() {
        let mover = if i % 2 == 0 { "White" } else { "Black" };
        // Numbered as `history` numbers a game from the start: `1.`
        // White's first move, `1...` Black's answer.
        let label = if i % 2 == 0 {
            format!("{}.", i / 2 + 1)
        } else {
            format!("{}...", i / 2 + 1)
        };
        let row = format!("  {label} ");
        let rest = format!(" {mover} {mv} ");
        assert!(
            out.lines()
                .any(|l| l.starts_with(&row) && format!("{l} ").contains(&rest)),
            "{row}{rest}:\n{out}"
        );
    }
    // Each side's summary, with an accuracy from 0 to 100.
    for side in ["White", "Black"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{side}: accuracy ")))
            .unwrap_or_else(|| panic!("{out}"));
        let pct: f64 = line["White: accuracy ".len()..]
            .split('%')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((0.0..=100.0).contains(&pct), "{line}");
    }
}

#[test]
fn review_svg_writes_one_point_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let run_in = |commands: &str| {
        boardsh()
            .current_dir(dir.path())
            .args(["-c", commands])
            .output()
            .unwrap()
    };
    let out = run_in(&format!(
        "set quiet on; {BLUNDER_GAME}; review nodes 5000 svg chart.svg"
    ));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    // The table first, then the file written.
    assert!(stdout.contains("  1.   White d1d2 ??"), "{stdout}");
    assert!(stdout.ends_with("wrote `chart.svg`\n"), "{stdout}");
    let svg = std::fs::read_to_string(dir.path().join("chart.svg")).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    // Tags balance: every element opened is closed or self-closing.
    let opened = svg.matches('<').count();
    let closing = svg.matches("</").count();
    let selfclosed = svg.matches("/>").count();
    assert_eq!(opened, 2 * closing + selfclosed, "{svg}");
    // One point a position: the start and after each of the two moves.
    let points = svg
        .split("points=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap();
    assert_eq!(points.split_whitespace().count(), 3, "{points}");
    // The blunder is marked on the chart.
    assert!(svg.contains("move 1: ??"), "{svg}");
    // Again without `!`: refused, the file kept; with `svg!` replaced.
    let again = run_in(&format!(
        "set quiet on; {BLUNDER_GAME}; review nodes 5000 svg chart.svg"
    ));
    assert_eq!(again.status.code(), Some(1));
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(err.contains("already exists"), "{err}");
    let forced = run_in(&format!(
        "set quiet on; {BLUNDER_GAME}; review nodes 5000 svg! chart.svg"
    ));
    assert!(forced.status.success());
}

#[test]
fn refusals_change_nothing() {
    // No move yet: nothing to review; a bad game file names its line.
    Test::new()
        .args(["-c", "review congo"])
        .status(1)
        .stderr(
            "<command line>:1:8: error: no Congo moves to review: `play` or `go` some, or `new congo`\n    review congo\n           ^^^^^\n",
        )
        .run();
    let out = Test::new()
        .file(
            "two.bsh",
            format!("fen {FACING}\nplay d1d2\nfen {FACING}\nplay d1c1\n"),
        )
        .args(["-c", "review two.bsh"])
        .status(1)
        .any_stderr()
        .run();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("more than one Congo game (moves from line 2, then from line 4)"),
        "{err}"
    );
    // A finished game has no hint: the capture is played (its summary is
    // `play`'s), then `hint congo` fails.
    let out = Test::new()
        .args(["-c", &format!("fen {FACING}; play d1d7; hint congo")])
        .stdout("d1d7: white lion, captures black lion on d7; White wins\n")
        .any_stderr()
        .status(1)
        .run();
    assert!(!out.stderr.is_empty());
}

#[test]
fn ctrl_c_keeps_the_moves_reviewed() {
    use crate::common::tmux::{Tmux, have_tmux, prompt_limit};
    use std::time::{Duration, Instant};
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shell = format!(
        "env BOARDSH_HISTORY='{}' XDG_DATA_HOME=/nonexistent/boardsh-test-data '{}' --color never; sleep 30",
        dir.path().join("history").display(),
        env!("CARGO_BIN_EXE_boardsh")
    );
    let tmux = Tmux::new("review", &shell);
    tmux.prompts(1);
    // Twelve moves by the engine (a node budget: the same every run).
    let moves = ["go nodes 300"; 12].join("; ");
    tmux.keys(&[&format!("set quiet on; {moves}"), "Enter"]);
    tmux.prompts(2);
    // Two seconds a position: 13 positions would take 26 s.
    tmux.keys(&["review time 2", "Enter"]);
    // The progress line counts the positions (of 13: the start and after
    // each move) once a few are done.
    tmux.wait_for("the progress line", |s| {
        s.contains("review time 2: ") && (2..13).any(|k| s.contains(&format!("positions {k}/13")))
    });
    let pressed = Instant::now();
    tmux.keys(&["C-c"]);
    let screen = tmux.prompts(3);
    assert!(
        pressed.elapsed() < prompt_limit() + Duration::from_secs(2),
        "{screen}"
    );
    // The moves reviewed are shown, with what was left out.
    assert!(screen.contains("  1.   White "), "{screen}");
    let stopped = screen
        .lines()
        .find(|l| l.starts_with("(stopped: "))
        .unwrap_or_else(|| panic!("{screen}"));
    let done: usize = stopped["(stopped: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..12).contains(&done), "{stopped}");
    assert!(stopped.ends_with(" of 12 moves reviewed)"), "{stopped}");
    // Each side's summary and the chart follow.
    assert!(screen.contains("White: accuracy "), "{screen}");
    assert!(
        screen.contains("White's chance, a column a position"),
        "{screen}"
    );
    tmux.keys(&["C-d"]);
}

#[test]
fn hint_is_exact_where_the_tables_hold_every_move() {
    // The three-piece tables (bare lions and one more piece) in a data
    // directory of the test's own.
    let data = tempfile::tempdir().unwrap();
    let with_tables = |args: &[&str]| {
        let out = crate::common::command()
            .args(args)
            .env("XDG_DATA_HOME", data.path())
            .env("HOME", data.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    with_tables(&["tablebase", "build", "--pieces", "3"]);
    // Lions and a white zebra on the river (a4): every move leads to a
    // position the tables hold (three pieces, or two once the zebra
    // drowns, when a lion move leaves it in the river).
    let fen = "4l2/7/7/Z6/7/7/2L4 w 0";
    let hint = with_tables(&["-c", &format!("fen {fen}; hint 99 nodes 2000")]);
    let rows: Vec<&str> = hint.lines().skip(1).collect();
    let legal = with_tables(&["-c", &format!("fen {fen}; moves")]);
    // Every legal move is listed (99 is more than there are).
    assert_eq!(rows.len(), legal.split_whitespace().count(), "{hint}");
    let p = chances(&hint);
    assert!(p.windows(2).all(|w| w[0] >= w[1]), "best first: {hint}");
    for row in &rows {
        // Each row is exact, and its chance is what the tables say of the
        // position after the move: a White win 100%, a draw 50%, a Black
        // win 0% (White is the mover).
        assert!(row.contains("(exact)"), "{row}");
        let mv = row.split_whitespace().nth(1).unwrap();
        let tb = with_tables(&["-c", &format!("set quiet on; fen {fen}; play {mv}; tb")]);
        let want = if tb.contains("White wins") {
            "100%"
        } else if tb.contains("Black wins") {
            "0%"
        } else {
            assert!(tb.starts_with("draw"), "{tb}");
            "50%"
        };
        assert!(
            row.split_whitespace().any(|w| w == want),
            "{row} after {mv}: {tb}"
        );
    }
    // The first move wins as fast as the tables say the position does.
    let tb = with_tables(&["-c", &format!("fen {fen}; tb")]);
    let fastest = tb.split(": ").nth(1).unwrap().trim();
    assert!(rows[0].contains(fastest), "{} vs {tb}", rows[0]);
}

/// A position where White has exactly one legal move (Congo has no check,
/// so every move that the pieces allow counts), found by hand from the
/// rules (congo-rules.md):
///
/// ```text
/// 7 . . . . . . .      White: lion c1, monkeys d1, c2, d2.
/// 6 . . . . l . .      Black: lion e6, giraffes g, crocodiles c
/// 5 . . . . . . .      (in the river, where they never drown).
/// 4 c c c c c c ~
/// 3 . g g g g g .
/// 2 g g M M g g .
/// 1 . . L M g g .
///   a b c d e f g
/// ```
///
/// - The lion steps only inside its castle (c1-e3): its castle neighbours
///   d1, c2 and d2 are its own monkeys; no file or diagonal from c1 is
///   open to the black lion (c2 and d2 stand in the way). No move.
/// - A monkey steps to an empty neighbour only, and captures only by
///   jumping an adjacent enemy to the empty square beyond it. d1's
///   neighbours are c1, c2, d2 (own) and e1, e2 (black), beyond them f1
///   and f3 (taken). d2's are c1, d1, c2 (own) and e1, e2, c3, d3, e3
///   (black), beyond them off the board, f2, b4, d4 and f4 (taken). c2's
///   are c1, d1, d2 (own), b2, b3, c3, d3 (black, beyond them a2, a4, c4
///   and e4, taken) and b1, empty: the one move, the step c2b1.
///
/// After it Black wins at once: the giraffe on c3 jumps two squares onto
/// c1 (over c2, now empty) and takes the lion.
const FORCED: &str = "7/4l2/7/cccccc1/1ggggg1/ggMMgg1/2LMgg1 w 0";

/// The issue's "a forced move is unmarked": c2b1 walks into a lost
/// position (White's chance 0%), but it was the only legal move, so it
/// gets no mark and the row says `forced`; its loss is 0 (the only move is
/// the best there is), so White's accuracy is 100%. Black's c3c1 takes
/// the lion, its best: no mark either. The chart: White's chance 0% at all
/// three positions (lost before the forced move too), so its rows are
/// empty.
#[test]
fn a_forced_move_is_unmarked() {
    // Exactly one legal move, and the game goes on.
    assert_eq!(
        run(&format!("fen {FORCED}; moves; status")),
        "c2b1\nContinue\n"
    );
    let out = run(&format!(
        "set quiet on; fen {FORCED}; play c2b1; play c3c1; review nodes 20000"
    ));
    assert_eq!(
        out,
        "\
Congo review, 20000 nodes a position: score and chance after each move from White's side, loss in points of the mover's chance
  1.   White c2b1     Black wins in 1    0%  loss   0.0  forced
  1... Black c3c1     Black has won      0%  loss   0.0
White: accuracy 100.0%, 0 ?!, 0 ?, 0 ??; biggest swing: none
Black: accuracy 100.0%, 0 ?!, 0 ?, 0 ??; biggest swing: none
White's chance, a column a position (top 100%, bottom 0%):
|
|
|
"
    );
}

#[test]
fn a_number_or_a_second_limit_is_no_file_name() {
    // Issue 50: `review 3` and `review nodes 1 time 1` looked for files
    // named `3` and `time 1`. The grammar refuses both, at the word, with
    // what `review` takes; a file named by digits is still `./3`.
    let t = Test::new().file("3", format!("{BLUNDER_GAME}\n").replace("; ", "\n"));
    let dir = t.dir().to_path_buf();
    for (script, word, at) in [
        ("review 3", "3", 8),
        ("review congo 3", "3", 14),
        ("review nodes 1 time 1", "time", 16),
        ("review depth 2 nodes 5 ./3", "nodes", 16),
    ] {
        let out = boardsh()
            .current_dir(&dir)
            .args(["-c", script])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{script}: {err}");
        assert!(
            err.starts_with(&format!(
                "<command line>:1:{at}: error: unexpected argument `{word}`: `review` takes a game, one limit (depth N, time S or nodes N) and svg FILE or a game file"
            )),
            "{script}: {err}"
        );
    }
    let out = boardsh()
        .current_dir(&dir)
        .args(["-c", "review nodes 20000 ./3"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), BLUNDER_REVIEW);
}
