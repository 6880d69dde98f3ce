//! `boardsh match` as the referee tests run it: never hanging, and with
//! no tables from the user's data directory (see [`super::Test`]).

use super::Test;

/// `boardsh match ARGS`, failing the test if it runs past `seconds` (a
/// match that stops answering fails the test instead of hanging it):
/// stdout, stderr and the status.
pub fn run_match_within(seconds: u64, args: &[&str]) -> (String, String, Option<i32>) {
    let out = Test::new()
        .arg("match")
        .args(args)
        .timeout(seconds)
        .output();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// Whether `record` (one game of a `--pgn FILE`, between blank lines) is
/// whole: it opens with its `# game` line and ends with its `# result`
/// line.
pub fn is_whole_record(record: &str) -> bool {
    record.starts_with("# game ")
        && record
            .trim_end()
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("# result "))
}
