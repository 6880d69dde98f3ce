//! `.ci/cpu-budget`, the target runner with which `.ci/run` runs the
//! README's test command (issue 49 item 1): it fails the run when the
//! integration tests' binary (`main-<hash>`) used more CPU seconds than
//! the budget, and passes a binary within it. The "binary" here is `sh`
//! under the name `main-ci-budget`, made to spin a counted loop: its CPU
//! time (about 0.3 s on this machine) is far over a budget of 0.01 s and
//! far under one of 1,000 s, whatever the load (CPU time, not wall time).

use std::path::Path;
use std::process::Command;

/// A shell loop of a fixed number of steps: CPU time, not sleeping.
const SPIN: &str = "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done";

/// Run `.ci/cpu-budget` on `sh` named `name`, with `budget` seconds.
fn run(name: &str, budget: &str, script: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join(name);
    std::os::unix::fs::symlink("/bin/sh", &fake).unwrap();
    let out = Command::new("bash")
        .arg(Path::new(".ci").join("cpu-budget"))
        .arg(&fake)
        .args(["-c", script])
        .env("CPU_BUDGET_SECONDS", budget)
        .env_remove("CPU_BUDGET_MATCH")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), err)
}

#[test]
fn the_integration_binary_over_its_budget_fails_the_run() {
    let (status, err) = run("main-ci-budget", "0.01", SPIN);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("FAILED: the integration tests took"), "{err}");
    assert!(err.contains("over the budget of 0.01 s"), "{err}");
}

#[test]
fn the_integration_binary_within_its_budget_passes() {
    let (status, err) = run("main-ci-budget", "1000", SPIN);
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("main-ci-budget used"), "{err}");
    assert!(!err.contains("FAILED"), "{err}");
}

#[test]
fn a_failing_test_binary_keeps_its_own_status() {
    let (status, err) = run("main-ci-budget", "1000", "exit 101");
    assert_eq!(status, 101, "{err}");
}

#[test]
fn other_binaries_are_not_held_to_the_budget() {
    // The library's unit tests (`boardsh-<hash>`): CPU printed, no limit.
    let (status, err) = run("boardsh-ci-budget", "0.01", SPIN);
    assert_eq!(status, 0, "{err}");
    assert!(!err.contains("FAILED"), "{err}");
}
