//! Running one case: replay its script in-process, then compare what it
//! did with the expected files, or write them (`--bless`).

use super::discover::Case;
use crate::cli::{Options, replay_files};
use std::cell::RefCell;
use std::fs;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// What a script did: its standard output, standard error and exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Actual {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
}

/// Check the expected files, or rewrite them from the actual run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Check,
    Bless,
}

/// What `--bless` did to a case's expected files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blessed {
    /// The `.out` did not exist.
    Created,
    /// Some expected file was written or removed.
    Updated,
    /// The expected files already matched.
    Unchanged,
}

/// One reason a case failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The script has no `.out` (and this is not `--bless`).
    NoExpected(PathBuf),
    /// An expected file could not be read, written or removed.
    File {
        path: PathBuf,
        doing: &'static str,
        reason: String,
    },
    /// A `.status` file that does not hold a number.
    BadStatusFile { path: PathBuf, text: String },
    /// Standard output differs from `.out`.
    Stdout {
        path: PathBuf,
        expected: Vec<u8>,
        actual: Vec<u8>,
    },
    /// Standard error differs from `.err` (`exists`: whether there is one;
    /// without it, none is expected).
    Stderr {
        path: PathBuf,
        exists: bool,
        expected: Vec<u8>,
        actual: Vec<u8>,
    },
    /// The exit status differs from `.status` (0 without one).
    Status { expected: i32, actual: i32 },
    /// Running the script panicked: the message and where.
    Panicked(String),
}

/// How a case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    Blessed(Blessed),
    Failed(Vec<Problem>),
}

impl Outcome {
    /// Whether the case counts as passed (blessing makes it pass).
    pub fn passed(&self) -> bool {
        !matches!(self, Outcome::Failed(_))
    }
}

/// The options every case is replayed with: like `boardsh FILE`, no colour.
pub const OPTIONS: Options = Options {
    keep_going: false,
    quiet: false,
    color_err: false,
};

/// Replay `script` in a fresh session, like `boardsh SCRIPT`, in-process.
///
/// In the standard error, the script's directory is taken off the start of
/// each line, so a diagnostic reads `name.bsh:3:8: error: ...` (and a
/// sourced sibling `lib/x.bsh:1:1: ...`) whatever directory the suite is
/// run from and however its path was written.
pub fn replay(script: &Path) -> Actual {
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let status = replay_files(&[script.to_path_buf()], OPTIONS, &mut stdout, &mut stderr);
    let stderr = match script.parent().map(|p| p.to_string_lossy()) {
        Some(dir) if !dir.is_empty() => {
            let sep = if dir.ends_with(std::path::MAIN_SEPARATOR) {
                ""
            } else {
                std::path::MAIN_SEPARATOR_STR
            };
            strip_line_prefix(&stderr, format!("{dir}{sep}").as_bytes())
        }
        _ => stderr,
    };
    Actual {
        stdout,
        stderr,
        status,
    }
}

/// `text` with `prefix` removed from the start of every line that has it.
fn strip_line_prefix(text: &[u8], prefix: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for line in text.split_inclusive(|&b| b == b'\n') {
        out.extend_from_slice(line.strip_prefix(prefix).unwrap_or(line));
    }
    out
}

/// Run `case` with the real replay and check it.
pub fn run_case(case: &Case) -> Outcome {
    run_case_with(case, Mode::Check, &mut replay)
}

thread_local! {
    /// Where the last panic on this thread happened, when the quiet hook
    /// of [`super::quiet_panics`] recorded it.
    pub(super) static PANIC_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Run `case` with `runner` (normally [`replay`]) and check or bless it.
/// A panic in `runner` is a failure of this case, not of the run.
pub fn run_case_with(case: &Case, mode: Mode, runner: &mut dyn FnMut(&Path) -> Actual) -> Outcome {
    let expected = match mode {
        Mode::Check => match Expected::read(case) {
            Ok(e) => Some(e),
            Err(problem) => return Outcome::Failed(vec![problem]),
        },
        Mode::Bless => None,
    };
    let actual = match panic::catch_unwind(AssertUnwindSafe(|| runner(case.script()))) {
        Ok(actual) => actual,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".to_string());
            let message = match PANIC_AT.with(|at| at.borrow_mut().take()) {
                Some(at) => format!("{message} (at {at})"),
                None => message,
            };
            return Outcome::Failed(vec![Problem::Panicked(message)]);
        }
    };
    match expected {
        Some(expected) => expected.check(case, actual),
        None => bless(case, &actual),
    }
}

/// The expected files of a case, read.
struct Expected {
    stdout: Vec<u8>,
    /// `None` when there is no `.err`.
    stderr: Option<Vec<u8>>,
    status: i32,
}

/// Read `path`, `Ok(None)` when it does not exist.
fn read_optional(path: &Path) -> Result<Option<Vec<u8>>, Problem> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(file_problem(path, "read", &e)),
    }
}

fn file_problem(path: &Path, doing: &'static str, e: &io::Error) -> Problem {
    Problem::File {
        path: path.to_path_buf(),
        doing,
        reason: e.to_string(),
    }
}

/// Parse the text of a `.status` file: a number, white space around allowed.
fn parse_status(path: &Path, bytes: &[u8]) -> Result<i32, Problem> {
    let text = String::from_utf8_lossy(bytes);
    text.trim()
        .parse::<i32>()
        .map_err(|_| Problem::BadStatusFile {
            path: path.to_path_buf(),
            text: text.trim().to_string(),
        })
}

impl Expected {
    fn read(case: &Case) -> Result<Expected, Problem> {
        let out_path = case.out_path();
        let stdout = read_optional(&out_path)?.ok_or(Problem::NoExpected(out_path))?;
        let stderr = read_optional(&case.err_path())?;
        let status_path = case.status_path();
        let status = match read_optional(&status_path)? {
            Some(bytes) => parse_status(&status_path, &bytes)?,
            None => 0,
        };
        Ok(Expected {
            stdout,
            stderr,
            status,
        })
    }

    /// Compare: stdout with `.out`, stderr with `.err` (empty without one),
    /// the status with `.status` (0 without one). Every mismatch is listed.
    fn check(self, case: &Case, actual: Actual) -> Outcome {
        let mut problems = Vec::new();
        if self.stdout != actual.stdout {
            problems.push(Problem::Stdout {
                path: case.out_path(),
                expected: self.stdout,
                actual: actual.stdout,
            });
        }
        let exists = self.stderr.is_some();
        let expected_err = self.stderr.unwrap_or_default();
        if expected_err != actual.stderr {
            problems.push(Problem::Stderr {
                path: case.err_path(),
                exists,
                expected: expected_err,
                actual: actual.stderr,
            });
        }
        if self.status != actual.status {
            problems.push(Problem::Status {
                expected: self.status,
                actual: actual.status,
            });
        }
        if problems.is_empty() {
            Outcome::Passed
        } else {
            Outcome::Failed(problems)
        }
    }
}

/// Make `path` hold `want` (`None`: not exist); `Ok(true)` if it changed.
/// `same` says whether existing contents already count as `want`.
fn settle(path: &Path, want: Option<&[u8]>, same: impl Fn(&[u8]) -> bool) -> Result<bool, Problem> {
    let have = read_optional(path)?;
    match (have, want) {
        (None, None) => Ok(false),
        (Some(have), Some(want)) if same(&have) || have == want => Ok(false),
        (_, Some(want)) => fs::write(path, want)
            .map(|()| true)
            .map_err(|e| file_problem(path, "write", &e)),
        (Some(_), None) => fs::remove_file(path)
            .map(|()| true)
            .map_err(|e| file_problem(path, "remove", &e)),
    }
}

/// Write what the script did into its expected files.
fn bless(case: &Case, actual: &Actual) -> Outcome {
    let out_path = case.out_path();
    let status_path = case.status_path();
    let result = (|| {
        let created = !out_path.exists();
        let status_text = format!("{}\n", actual.status);
        let mut changed = settle(&out_path, Some(&actual.stdout), |_| false)?;
        let err = (!actual.stderr.is_empty()).then_some(actual.stderr.as_slice());
        changed |= settle(&case.err_path(), err, |_| false)?;
        let status = (actual.status != 0).then_some(status_text.as_bytes());
        changed |= settle(&status_path, status, |have| {
            parse_status(&status_path, have).is_ok_and(|s| s == actual.status)
        })?;
        Ok(if created {
            Blessed::Created
        } else if changed {
            Blessed::Updated
        } else {
            Blessed::Unchanged
        })
    })();
    match result {
        Ok(blessed) => Outcome::Blessed(blessed),
        Err(problem) => Outcome::Failed(vec![problem]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_directory_is_taken_off_line_starts_only() {
        let text = b"d/x.bsh:1:1: error: e\n    source d/y.bsh\n    ^\nd/lib/y.bsh:2:1: e\n";
        assert_eq!(
            strip_line_prefix(text, b"d/"),
            b"x.bsh:1:1: error: e\n    source d/y.bsh\n    ^\nlib/y.bsh:2:1: e\n"
        );
    }

    #[test]
    fn status_files_allow_white_space() {
        let p = Path::new("x.status");
        assert_eq!(parse_status(p, b"1\n"), Ok(1));
        assert_eq!(parse_status(p, b" 2 \r\n"), Ok(2));
        assert!(parse_status(p, b"one").is_err());
    }
}
