//! The script suite: every case under `tests/scripts/` and `scripts/`,
//! run by the same code as `boardsh test` (so `cargo test` and
//! `boardsh test tests/scripts scripts` agree). One test runs them all and
//! reports every failing case; `BOARDSH_CASES=yut/` runs only the cases
//! whose name contains `yut/` (or run `boardsh test tests/scripts/yut`).

use boardsh::front::test_runner::{describe, discover, run_case};
use std::path::PathBuf;

/// Where the suites live, relative to the package root (cargo's directory
/// for tests).
const SUITES: [&str; 2] = ["tests/scripts", "scripts"];

/// The suite must not shrink by accident.
const AT_LEAST: usize = 60;

#[test]
fn every_script_case_passes() {
    let paths: Vec<PathBuf> = SUITES.iter().map(PathBuf::from).collect();
    let cases = match discover(&paths) {
        Ok(cases) => cases,
        Err(errors) => {
            let message: Vec<String> = errors.iter().map(ToString::to_string).collect();
            panic!("cannot discover the suites:\n{}", message.join("\n"));
        }
    };
    assert!(
        cases.len() >= AT_LEAST,
        "{} cases, expected at least {AT_LEAST}",
        cases.len()
    );
    let only = std::env::var("BOARDSH_CASES").unwrap_or_default();
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases.iter().filter(|c| c.name().contains(only.as_str())) {
        ran += 1;
        let outcome = run_case(case);
        if !outcome.passed() {
            failures.push(describe(case, &outcome));
        }
    }
    assert!(ran > 0, "no case name contains `{only}`");
    assert!(
        failures.is_empty(),
        "{} of {ran} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
