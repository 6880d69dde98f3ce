//! The move budgets (`congo::moves::budget`): the engine searches at most
//! 1,024 moves of a node and says so when it had to cut.

use crate::common::Test;

/// A white monkey on a1 under three ranks of black pawns (rows 2 and 4
/// full, row 3 on the b, d, f files): every chain of jumps over a pawn to
/// an empty square is a move, tens of thousands of them, but fewer than the
/// million past which `best` refuses.
const LATTICE: &str = "3l3/7/7/ppppppp/1p1p1p1/ppppppp/M2L3 w 0";

fn stdout(script: &str) -> String {
    String::from_utf8(Test::new().args(["-c", script]).any_stdout().run().stdout).expect("utf-8")
}

#[test]
fn a_cut_move_list_is_reported_never_silent() {
    let count: u64 = stdout(&format!("fen {LATTICE}; perft 1"))
        .trim()
        .parse()
        .expect("a count");
    assert!((1025..1_000_000).contains(&count), "{count}");
    let best = stdout(&format!("fen {LATTICE}; best depth 2"));
    assert!(best.starts_with("best "), "{best}");
    assert!(best.ends_with(" (truncated at 1024 moves)\n"), "{best}");
    // The start position's 24 moves are all searched: no notice.
    let start = stdout("best depth 3");
    assert!(!start.contains("truncated"), "{start}");
}

/// Issue 50's position: White's monkey on a1 under a lattice of black
/// pawns has over a million jump paths (`moves` and `go` refuse it).
const HUGE: &str = "1plp1pL/pppppp1/1p1p1pp/ccccccc/1p1p1p1/ppppppp/Mp1p1p1";

/// What `go`, `moves` and `play` say of such a position.
const TOO_MANY: &str = "this position has over 1000000 legal moves (monkey jump paths); boardsh will not list or search them";

/// `boardsh ARGS` in `dir` under a 300 MB address-space limit (`ulimit
/// -v`, in KiB): boardsh and its engine's table fit, a list of a million
/// moves and more does not. Killed (and the test failed) after 120 s.
fn limited(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = crate::common::test::isolate(&mut Command::new("sh"))
        .arg("-c")
        .arg("ulimit -v 300000 || exit 99; exec \"$0\" \"$@\"")
        .arg(crate::common::test::BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: still running after 120 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

/// Run `script` under [`limited`]; it must fail (status 1) with `error`
/// as its only error, located on `at` (the command's first word or file).
#[track_caller]
fn refused(dir: &std::path::Path, script: &str, error: &str) {
    let out = limited(dir, &["-c", script]);
    if out.status.code() == Some(99) {
        crate::common::required_missing("ulimit -v");
        eprintln!("ulimit -v is not available here: skipped");
        return;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{script}: {stderr}");
    let first = stderr.lines().next().unwrap_or("");
    assert!(
        first.ends_with(&format!(": error: {error}")),
        "{script}: {stderr}"
    );
    assert_eq!(stderr.matches("error:").count(), 1, "{script}: {stderr}");
}

#[test]
fn hint_review_and_retry_refuse_a_position_over_the_move_budget() {
    // Issue 50: `hint` and `review` listed every move of such a position
    // (7.2 GB for this one; an abort, status 134). Now each refuses it as
    // `go` does, before any list is built, well inside 300 MB.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // `go` itself, for the message every analysis must give.
    refused(d, &format!("fen {HUGE} w 1; go nodes 1000"), TOO_MANY);
    refused(d, &format!("fen {HUGE} w 1; hint"), TOO_MANY);
    refused(
        d,
        &format!("fen {HUGE} w 1; hint congo 5 nodes 1000"),
        TOO_MANY,
    );
    // The game in play reaches it: Black's pawn f7g6 (far from the
    // lattice) hands White the position; `review` of that game is refused
    // as a whole, before any search (it searched the position before),
    // and so is `hint` there.
    let reached = format!("fen {HUGE} b 1; play f7g6");
    refused(d, &format!("{reached}; review nodes 1000"), TOO_MANY);
    refused(d, &format!("{reached}; review"), TOO_MANY);
    refused(d, &format!("{reached}; hint"), TOO_MANY);
    // A refused review keeps nothing for `retry` (`--keep-going` runs
    // it after the refusal).
    let out = limited(
        d,
        &[
            "--keep-going",
            "-c",
            &format!("{reached}; review nodes 1000; retry"),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.matches(": error: ").count(), 2, "{stderr}");
    assert!(
        stderr.contains(&format!(": error: {TOO_MANY}\n")),
        "{stderr}"
    );
    assert!(
        stderr.contains(": error: no review to retry: `review` a Congo game first, then `retry`\n"),
        "{stderr}"
    );
    // A three-line record playing a move from the position: the reader
    // refuses that move as `play` does (the old reader played it and the
    // review listed the position's moves), naming the line.
    std::fs::write(
        d.join("huge.bsh"),
        format!("fen {HUGE} w 1\nplay a1a3\nplay f7g6\n"),
    )
    .unwrap();
    refused(
        d,
        "review nodes 1000 huge.bsh",
        &format!("cannot read `huge.bsh`: not a Congo game: line 2: {TOO_MANY}"),
    );
    // `play` refuses the same move with the same words.
    refused(d, &format!("fen {HUGE} w 1; play a1a3"), TOO_MANY);
}

#[test]
fn a_time_budget_bounds_a_hint_of_tens_of_thousands_of_moves() {
    // Issue 50: at a position of ~95,000 legal moves `hint congo 3 time 1`
    // took 181 s, each move's share held at 1 ms at least. Now half the
    // time goes to the first pass over the moves, best first by a static
    // look, and the hint says how many it searched: fewer than all, as no
    // build searches 95,000 positions in half a second (2 µs each). No
    // clock is asserted: the count is.
    let count: usize = stdout(&format!("fen {LATTICE}; perft 1"))
        .trim()
        .parse()
        .expect("a count");
    let out = Test::new()
        .args(["-c", &format!("fen {LATTICE}; hint congo 3 time 1")])
        .timeout(90)
        .any_stdout()
        .run()
        .stdout;
    let out = String::from_utf8(out).expect("utf-8");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("Congo hint (White to move), 1 s:"),
        "{out}"
    );
    // The moves ranked (the best three of those searched), then the note.
    let note = lines.last().copied().unwrap_or("");
    let searched: usize = note
        .strip_prefix("  (the time searched ")
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        note.ends_with(&format!(
            " of the {count} legal moves, taken best first by a static look; the others are not ranked)"
        )),
        "{out}"
    );
    assert!((1..count).contains(&searched), "{searched} of {count}");
    assert_eq!(lines.len(), 2 + searched.min(3), "{out}");
    assert!(lines[1].starts_with("  1. "), "{out}");
}

#[test]
fn the_tutor_meets_the_budget_before_any_search() {
    // Issue 50: the tutor goes through the same gate. In versus mode
    // with the tutor on, a move from the position is refused with `go`'s
    // message (as `play` refuses it) before the tutor lists any move,
    // well inside 300 MB.
    let dir = tempfile::tempdir().unwrap();
    refused(
        dir.path(),
        &format!("set tutor ?; set computer black; fen {HUGE} w 1; play a1a3"),
        TOO_MANY,
    );
}
