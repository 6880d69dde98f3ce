//! Running one case: replay its script in-process, then compare what it
//! did with the expected files, or write them (`--bless`).

use super::bless::{Claims, bless};
use super::capture::{Capture, OUTPUT_LIMIT};
use super::discover::Case;
use super::expected::{Expected, kind_name};
use crate::cli::{Options, replay_files};
use std::cell::RefCell;
use std::fs;
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// What a script did: its standard output, standard error and exit status,
/// and whether either output passed [`OUTPUT_LIMIT`] (the replay stopped
/// there and the output is not kept).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Actual {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
    pub stdout_over: bool,
    pub stderr_over: bool,
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
    /// A script or expected file that is not a regular file (a FIFO, a
    /// device, a directory): never read.
    NotAFile { path: PathBuf, kind: &'static str },
    /// An expected file larger than the output limit: never read.
    TooLarge { path: PathBuf, limit: usize },
    /// The script printed more than the limit on one stream; it was
    /// stopped there.
    OutputTooLarge { stream: &'static str, limit: usize },
    /// `--bless` would not write this file (nothing was written).
    Refused { path: PathBuf, reason: String },
    /// `--bless` failed writing or removing this file; `restored`: every
    /// file of the case was then put back as it was.
    BlessFailed {
        path: PathBuf,
        doing: &'static str,
        reason: String,
        restored: bool,
    },
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
    /// Blessed, with the status recorded in `.status` (0: none).
    Blessed(Blessed, i32),
    Failed(Vec<Problem>),
}

impl Outcome {
    /// Whether the case counts as passed (blessing makes it pass).
    pub fn passed(&self) -> bool {
        !matches!(self, Outcome::Failed(_))
    }
}

/// The options every case is replayed with: like `boardsh FILE`, no colour,
/// but only regular files are read (a case that sources a FIFO or a device
/// fails, as with an unreadable file, instead of waiting or never ending).
pub const OPTIONS: Options = Options {
    keep_going: false,
    quiet: false,
    color_err: false,
    regular_only: true,
};

/// Replay `script` in a fresh session, like `boardsh SCRIPT`, in-process.
///
/// In the standard error, the script's directory is taken off the start of
/// each line, so a diagnostic reads `name.bsh:3:8: error: ...` (and a
/// sourced sibling `lib/x.bsh:1:1: ...`) whatever directory the suite is
/// run from and however its path was written.
pub fn replay(script: &Path) -> Actual {
    let mut stdout = Capture::new(OUTPUT_LIMIT);
    let mut stderr = Capture::new(OUTPUT_LIMIT);
    let status = match case_args(script) {
        Ok(None) => replay_files(&[script.to_path_buf()], OPTIONS, &mut stdout, &mut stderr),
        Ok(Some(words)) => replay_with_args(script, &words, &mut stdout, &mut stderr),
        Err(message) => {
            let _ = writeln!(stderr, "boardsh: error: {message}");
            2
        }
    };
    let (stdout, stdout_over) = stdout.finish();
    let (stderr, stderr_over) = stderr.finish();
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
        stdout_over,
        stderr_over,
    }
}

/// The largest `.args` file read.
const ARGS_LIMIT: u64 = 4096;

/// The flags of a case, from `name.args` beside its script (words split at
/// white space; `'...'` and `"..."` group words), or `None` without one.
fn case_args(script: &Path) -> Result<Option<Vec<String>>, String> {
    let path = script.with_extension("args");
    let meta = match std::fs::symlink_metadata(&path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    if !meta.is_file() || meta.len() > ARGS_LIMIT {
        return Err(format!(
            "{} is not a regular file of at most {ARGS_LIMIT} bytes",
            path.display()
        ));
    }
    // Read without waiting, should it have become a FIFO since the look.
    let text = crate::cli::files::read_regular_text(&path, ARGS_LIMIT, "an .args file")
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    split_words(&text)
        .map(Some)
        .ok_or_else(|| format!("{}: a quote is not closed", path.display()))
}

/// Shell-like words: white space separates, quotes group (no escapes).
fn split_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.get_or_insert_with(String::new).push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            None if c.is_whitespace() => words.extend(word.take()),
            None => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return None;
    }
    words.extend(word);
    Some(words)
}

/// Replay `script` as `boardsh ARGS... SCRIPT` would, in-process (stdin
/// empty; only regular files are read).
fn replay_with_args(
    script: &Path,
    words: &[String],
    stdout: &mut Capture,
    stderr: &mut Capture,
) -> i32 {
    let mut argv: Vec<std::ffi::OsString> = vec!["boardsh".into()];
    argv.extend(words.iter().map(Into::into));
    argv.push(script.as_os_str().to_owned());
    let mut cli = match crate::cli::args::Cli::parse_ordered(argv) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = write!(stderr, "{}", e.render());
            return 2;
        }
    };
    if cli.command.is_some() {
        let _ = writeln!(stderr, "boardsh: error: a case's .args may hold only flags");
        return 2;
    }
    cli.run.regular_only = true;
    cli.run.settings.color = crate::cli::args::ColorChoice::Never;
    let mut stdin = std::io::empty();
    crate::cli::streams::run_parsed(cli, &mut stdin, stdout, stderr)
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
    let claims = match mode {
        Mode::Bless => Claims::of(std::slice::from_ref(case)),
        Mode::Check => Claims::default(),
    };
    run_case_in(case, mode, runner, &claims)
}

/// [`run_case_with`], blessing only files that no other case of `claims`
/// owns.
pub fn run_case_in(
    case: &Case,
    mode: Mode,
    runner: &mut dyn FnMut(&Path) -> Actual,
    claims: &Claims,
) -> Outcome {
    if let Some(reason) = case.unreadable() {
        return Outcome::Failed(vec![Problem::File {
            path: case.script().to_path_buf(),
            doing: "read",
            reason: reason.to_string(),
        }]);
    }
    // A FIFO or a device named as a script would wait or never end.
    match fs::metadata(case.script()) {
        Ok(meta) if !meta.is_file() => {
            return Outcome::Failed(vec![Problem::NotAFile {
                path: case.script().to_path_buf(),
                kind: kind_name(meta.file_type()),
            }]);
        }
        _ => {}
    }
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
        None => bless(case, &actual, claims),
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
}
