//! `boardsh match` as the referee tests run it: never hanging, and with
//! no tables from the user's data directory (see [`super::boardsh`]).

use assert_cmd::Command;
use std::time::Duration;

/// The binary, stopped after `seconds` (a match that stops answering
/// fails the test instead of hanging it).
pub fn boardsh_within(seconds: u64) -> Command {
    let mut cmd = super::boardsh();
    cmd.timeout(Duration::from_secs(seconds));
    cmd
}

/// `boardsh match ARGS` within `seconds`: stdout, stderr and the status.
pub fn run_match_within(seconds: u64, args: &[&str]) -> (String, String, Option<i32>) {
    let out = boardsh_within(seconds)
        .arg("match")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}
