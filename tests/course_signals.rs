//! `boardsh course` under signals, like the shell's batch mode: SIGINT or
//! SIGTERM stops the search, the answers already found are printed, and
//! the exit status is 128 + the signal. `--depth` has the shell's bound.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Two cases: lone lions (answered at once), then the start position at
/// depth 12 (hours of search).
const TWO: &str = "2\n3l3/7/7/7/7/7/2L4 w 0\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";

/// The first case's answer, from a run of that case alone to its end.
fn first_answer() -> String {
    let mut child = crate::common::command()
        .args(["course", "alphabeta", "--depth", "12"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let case = TWO.lines().nth(1).unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("1\n{case}\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn stopped_by(signal: &str) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("two.in");
    std::fs::File::create(&input)
        .unwrap()
        .write_all(TWO.as_bytes())
        .unwrap();
    let child = crate::common::command()
        .args(["course", "alphabeta", "--depth", "12"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Signalled once it has thought for 0.2 s of CPU time: the first case
    // (and the start before it) takes under 10 ms, the second hours.
    crate::common::cpu::wait_for_cpu(child.id(), Duration::from_millis(200));
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn sigint_keeps_the_answers_found_and_exits_130() {
    let (code, out, err) = stopped_by("-INT");
    assert_eq!(code, Some(130), "{err}");
    assert_eq!(out, first_answer());
    assert!(err.contains("two.in:3:1: error: interrupted"), "{err}");
}

#[test]
fn sigterm_exits_143() {
    let (code, out, _) = stopped_by("-TERM");
    assert_eq!(code, Some(143));
    assert_eq!(out, first_answer());
}

#[test]
fn depth_has_the_shells_bound() {
    crate::common::Test::new()
        .args(["course", "alphabeta", "--depth", "13"])
        .stdin_from(Stdio::null())
        .status(2)
        .stderr_contains("--depth")
        .run();
}
