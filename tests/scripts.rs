//! The script suite: every case under `tests/scripts/` and `scripts/` is
//! one test, run by the same code as `boardsh test` (so `cargo test` and
//! `boardsh test tests/scripts scripts` agree).
//!
//! Filter like any test: `cargo test --test scripts -- yut/`.

use boardsh::cli::test_runner::{describe, discover, run_case};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::PathBuf;

/// Where the suites live, relative to the package root (cargo's directory
/// for tests).
const SUITES: [&str; 2] = ["tests/scripts", "scripts"];

/// The suite must not shrink by accident.
const AT_LEAST: usize = 60;

fn main() {
    let args = Arguments::from_args();
    let paths: Vec<PathBuf> = SUITES.iter().map(PathBuf::from).collect();
    let trials = match discover(&paths) {
        Ok(cases) => {
            let count = cases.len();
            let mut trials: Vec<Trial> = cases
                .into_iter()
                .map(|case| {
                    Trial::test(case.name(), move || {
                        let outcome = run_case(&case);
                        if outcome.passed() {
                            Ok(())
                        } else {
                            Err(Failed::from(describe(&case, &outcome)))
                        }
                    })
                })
                .collect();
            trials.push(Trial::test("suite has enough cases", move || {
                if count >= AT_LEAST {
                    Ok(())
                } else {
                    Err(format!("{count} cases, expected at least {AT_LEAST}").into())
                }
            }));
            trials
        }
        Err(errors) => {
            let message: Vec<String> = errors.iter().map(ToString::to_string).collect();
            vec![Trial::test("discover the suites", move || {
                Err(message.join("\n").into())
            })]
        }
    };
    libtest_mimic::run(&args, trials).exit();
}
