//! Helpers shared by the test modules.

#![allow(dead_code)]

pub mod cpu;
pub mod fast_hash;
pub mod files;
pub mod matches;
pub mod prover;
pub mod test;
pub mod tmux;

pub use test::{Test, command};
// The assert_cmd form, for a module that still builds its run by hand
// (none here does; modules in other branches may): prefer `Test`.
#[allow(unused_imports)]
pub use test::boardsh;

/// A test found `program` missing. Where `BOARDSH_REQUIRE_TOOLS` is set
/// (CI sets it, after installing them), that fails the test: a check
/// that cannot run there must not pass silently. Elsewhere the caller
/// skips its check and says so.
pub fn required_missing(program: &str) {
    if std::env::var_os("BOARDSH_REQUIRE_TOOLS").is_some() {
        panic!(
            "{program} is not installed, and BOARDSH_REQUIRE_TOOLS says the tests that need it must run"
        );
    }
}

/// Make a FIFO at `path` (mkfifo(1)); the test fails if it cannot.
pub fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}
