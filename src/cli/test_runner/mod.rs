//! `boardsh test`: regression tests, each a script with its expected
//! output beside it, replayed in-process (one fresh session per case).
//!
//! A case is `name.bsh`, `name.fen`, `name.in` or `name.yut` with
//! `name.out` (expected stdout) beside it, and optionally `name.err`
//! (expected stderr; without it stderr must be empty) and `name.status`
//! (expected exit status; without it 0). In `.err`, paths are relative to
//! the case's directory (see [`replay`]).

mod bless;
mod capture;
mod case;
mod commit;
mod discover;
mod expected;
mod render;

pub use bless::{Claims, bless_with};
pub use capture::OUTPUT_LIMIT;
pub use case::{Actual, Mode, Outcome, Problem, replay, run_case, run_case_in};
pub use discover::{Case, discover};
pub use render::{describe, write_outcome};

use super::args::TestArgs;
use super::theme::{self, error_paint};
use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use owo_colors::OwoColorize;
use std::io::{self, BufWriter, Write};
use std::panic;
use std::path::{Path, PathBuf};

/// How a run shows its results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// Rewrite the expected files instead of checking them.
    pub bless: bool,
    /// Colour the results (stdout).
    pub color: bool,
    /// Colour `error:` (stderr).
    pub color_err: bool,
}

/// Run the regression tests named by `args`; returns the exit status.
pub fn run(args: &TestArgs) -> i32 {
    let config = Config {
        bless: args.bless,
        color: theme::stdout_color(args.color),
        color_err: theme::stderr_color(args.color),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut err = io::stderr();
    let paths = if args.paths.is_empty() {
        default_paths()
    } else {
        args.paths.clone()
    };
    quiet_panics(|| run_paths(&paths, config, &mut out, &mut err, &mut replay))
}

/// Run `f` with the panic hook replaced by one that only records where a
/// panic happened (a failing case reports it), then restore the old hook.
pub fn quiet_panics<T>(f: impl FnOnce() -> T) -> T {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|info| {
        let at = info.location().map(ToString::to_string);
        case::PANIC_AT.with(|cell| *cell.borrow_mut() = at);
    }));
    let result = panic::catch_unwind(panic::AssertUnwindSafe(f));
    panic::set_hook(previous);
    match result {
        Ok(value) => value,
        Err(payload) => panic::resume_unwind(payload),
    }
}

/// Discover the cases under `paths` and run each with `runner`, writing
/// results to `out` and path errors to `err`; returns the exit status:
/// 0 all passed, 1 some failed, 2 a bad path (nothing is run then).
pub fn run_paths(
    paths: &[PathBuf],
    config: Config,
    out: &mut dyn Write,
    err: &mut dyn Write,
    runner: &mut dyn FnMut(&Path) -> Actual,
) -> i32 {
    let cases = match discover(paths) {
        Ok(cases) => cases,
        Err(errors) => {
            for e in errors {
                let label = if config.color_err {
                    format!("{}", "error:".style(error_paint()))
                } else {
                    "error:".to_string()
                };
                let _ = writeln!(err, "boardsh: {label} {e}");
            }
            return EXIT_USAGE;
        }
    };
    let mode = if config.bless {
        Mode::Bless
    } else {
        Mode::Check
    };
    // Under `--bless`, which files belong to which case: none is written
    // over a file that is also another case's.
    let claims = match mode {
        Mode::Bless => Claims::of(&cases),
        Mode::Check => Claims::default(),
    };
    let mut failed = 0usize;
    let result = (|| {
        for case in &cases {
            let outcome = run_case_in(case, mode, runner, &claims);
            if !outcome.passed() {
                failed += 1;
            }
            write_outcome(out, case, &outcome, config.color)?;
        }
        writeln!(out, "{} passed, {failed} failed", cases.len() - failed)?;
        out.flush()
    })();
    match result {
        // A closed pipe ends quietly, the run unfinished.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::EXIT_CLOSED_PIPE,
        Err(e) => {
            let _ = writeln!(err, "boardsh: error: cannot write the results: {e}");
            EXIT_FAILED
        }
        _ if failed > 0 => EXIT_FAILED,
        _ => EXIT_OK,
    }
}

/// What `boardsh test` runs without a PATH: `tests/` if it is a directory
/// here, else the current directory.
pub fn default_paths() -> Vec<PathBuf> {
    let tests = PathBuf::from("tests");
    if tests.is_dir() {
        vec![tests]
    } else {
        vec![PathBuf::from(".")]
    }
}
