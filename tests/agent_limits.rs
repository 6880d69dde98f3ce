//! `boardsh agent`'s numeric flags have documented ranges (docs/agent.md):
//! a value outside is a usage error (status 2) before anything is
//! allocated or read, not a panic or an abort.

use crate::common::Test;
use std::process::Stdio;

/// `boardsh agent ARGS` with nothing on stdin, expecting `status`; its
/// stderr must hold `says` (stdout is empty: no move was asked for).
#[track_caller]
fn agent(args: &[&str], status: i32, says: &str) {
    Test::new()
        .arg("agent")
        .args(args)
        .stdin_from(Stdio::null())
        .status(status)
        .stderr_contains(says)
        .run();
}

#[test]
fn out_of_range_flags_are_usage_errors() {
    for args in [
        ["--hash", "18446744073709551615"],
        ["--hash", "100000"],
        ["--hash", "0"],
        ["--threads", "0"],
        ["--threads", "257"],
        ["--depth", "0"],
        ["--depth", "65"],
        ["--nodes", "0"],
    ] {
        agent(&args, 2, args[0]);
    }
}

#[test]
fn in_range_flags_are_taken() {
    // Stdin is empty: the agent starts and ends at EOF with status 0.
    for args in [["--hash", "1"], ["--threads", "256"], ["--depth", "64"]] {
        agent(&args, 0, "");
    }
}

#[test]
fn engine_spec_sizes_have_the_same_ranges() {
    agent(&["--engine", "strongest,hash=100000"], 2, "out of range");
}

/// Issue 41: a referee that sends each position as a bare FEN. After a
/// position with 96,900 legal moves (a white monkey's jump paths), the
/// agent tested whether `startpos` continued that game by making every
/// one of them and checking each again (97 s, then 161 s here). The test
/// is now bounded by a move budget, so the answer comes at once; 10 s
/// allows for a loaded machine and is still far below the old cost.
#[test]
fn a_bare_position_after_a_huge_one_is_answered_at_once() {
    let p = "3p2L/ppp1ppp/1p1p1p1/pppl1p1/1p3p1/pppp3/M2p1p1 w 0";
    let started = std::time::Instant::now();
    let out = Test::new()
        .args(["agent", "--engine", "random"])
        .stdin(format!("position {p}\nposition startpos\ngo 0.05\n"))
        .output();
    assert_eq!(out.status.code(), Some(0));
    let took = started.elapsed();
    assert!(took.as_secs_f64() < 10.0, "took {took:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // One move, and a legal one from the start (it is played in the start
    // position the agent now holds).
    let mv = stdout.trim();
    let start = boardsh::congo::Position::start();
    let legal = boardsh::congo::legal_moves(&start);
    assert!(
        legal.iter().any(|m| m.to_string() == mv),
        "{mv:?} is not a move of the start; stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
