//! Issue 41's low items: meaningless SPRT bounds refused, `history`'s move
//! number at its largest, a transposition table the memory cannot hold
//! reported as an error (not an abort), and `hint` bounded by a budget.

use crate::common::Test;
use crate::common::test::{BIN, isolate};
use std::process::{Command, Output};

/// `boardsh ARGS`; its output, not checked (the tests check it).
fn boardsh(args: &[&str]) -> Output {
    Test::new()
        .args(args)
        .env("HOME", "/nonexistent-not-used")
        .output()
}

/// The binary under a 1 GB address-space limit (`ulimit -v`, in KiB):
/// enough for boardsh and a small table, not for a 4096 MB one.
fn limited(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = isolate(&mut Command::new("sh"))
        .arg("-c")
        .arg("ulimit -v 1000000 || exit 99; exec \"$0\" \"$@\"")
        .arg(BIN)
        .args(args)
        .env("HOME", "/nonexistent-not-used")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn meaningless_sprt_bounds_are_refused_before_a_game() {
    // Each is refused as a usage error (status 2) before any agent starts:
    // the agents here are commands that do not exist, so a game would
    // fail differently.
    let cases = [
        // The issue's: ±1e308 are scores 0 and 1, and two identical
        // agents "accepted" H1.
        (
            vec!["elo0=-1e308", "elo1=1e308"],
            "--sprt: elo0 and elo1 must be numbers from -1000 to 1000",
        ),
        (
            vec!["elo0=0", "elo1=inf"],
            "--sprt: elo0 and elo1 must be numbers from -1000 to 1000",
        ),
        (
            vec!["elo0=nan", "elo1=5"],
            "--sprt: elo0 and elo1 must be numbers from -1000 to 1000",
        ),
        (
            vec!["elo0=5", "elo1=5"],
            "--sprt: elo0 must be less than elo1",
        ),
        (
            vec!["elo0=0", "elo1=5", "alpha=0.5"],
            "--sprt: alpha and beta must each be above 0 and below 0.5",
        ),
        (
            vec!["elo0=0", "elo1=5", "beta=0"],
            "--sprt: alpha and beta must each be above 0 and below 0.5",
        ),
    ];
    for (words, message) in cases {
        let mut args = vec!["match", "--sprt"];
        args.extend(&words);
        args.extend(["/nonexistent/agent-a", "/nonexistent/agent-b"]);
        let out = boardsh(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{words:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(
            text(&out.stderr),
            format!("boardsh match: {message}\n"),
            "{words:?}"
        );
        assert_eq!(text(&out.stdout), "", "{words:?}");
    }
}

#[test]
fn history_keeps_the_largest_move_number() {
    // Black to move at move 2^64-1: after Black's move the board's number
    // stays there (the position saturates), and so does the score's,
    // where it used to wrap to 0 (and a debug build panicked).
    let out = boardsh(&[
        "-c",
        "fen 3l3/7/7/7/7/7/3L3 b 18446744073709551615; play d7d6; play d1d2; play d6d7; history",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("  18446744073709551615... d7d6 18446744073709551615. d1d2 d6d7\n"),
        "{stdout}"
    );
    assert!(!stdout.contains(" 0."), "{stdout}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_table_too_big_for_the_memory_is_an_error_not_an_abort() {
    // 4096 MB is allowed by every option, but not within 1 GB of address
    // space: each front end says so and exits with a status of its own
    // (an abort would be killed by SIGABRT, with no status).
    let shell = limited(&["-c", "set hash 4096; best depth 1"], "");
    if shell.status.code() == Some(99) {
        eprintln!("ulimit -v is not available here: skipped");
        return;
    }
    assert_eq!(shell.status.code(), Some(1), "{}", text(&shell.stderr));
    assert!(
        text(&shell.stderr).starts_with(
            "<command line>:1:21: error: cannot allocate a transposition table of 4096 MB (out of memory): `set hash` a smaller size\n"
        ),
        "{}",
        text(&shell.stderr)
    );
    // The same session goes on with a table that fits.
    let fits = limited(&["-c", "set hash 64; best depth 1"], "");
    assert!(fits.status.success(), "{}", text(&fits.stderr));
    assert!(
        text(&fits.stdout).starts_with("best "),
        "{}",
        text(&fits.stdout)
    );

    let agent = limited(&["agent", "--hash", "4096"], "go 1\nquit\n");
    assert_eq!(agent.status.code(), Some(2), "{}", text(&agent.stderr));
    assert_eq!(
        text(&agent.stderr),
        "boardsh agent: cannot allocate a transposition table of 4096 MB (out of memory): give a smaller --hash\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d.txt");
    let selfplay = limited(
        &[
            "selfplay",
            "--engine",
            "strongest,hash=4096",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        selfplay.status.code(),
        Some(1),
        "{}",
        text(&selfplay.stderr)
    );
    assert!(
        text(&selfplay.stderr).contains("cannot allocate a transposition table of 4096 MB"),
        "{}",
        text(&selfplay.stderr)
    );
    // Nothing left behind: no data file, no temporary one.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
