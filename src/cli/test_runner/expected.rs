//! The expected files of a case, read safely, and the comparison with what
//! the case did.
//!
//! An expected file is read only when it is a regular file (following
//! symbolic links) of at most [`OUTPUT_LIMIT`] bytes: `x.out` pointing at
//! `/dev/full` or `/dev/zero` would never end, and a FIFO `x.status` would
//! wait for a writer; both are reported as a failure of the case instead.

use super::capture::OUTPUT_LIMIT;
use super::case::{Actual, Outcome, Problem};
use super::discover::Case;
pub(super) use crate::cli::files::kind_name;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

pub(super) fn file_problem(path: &Path, doing: &'static str, e: &io::Error) -> Problem {
    Problem::File {
        path: path.to_path_buf(),
        doing,
        reason: e.to_string(),
    }
}

/// Read the expected file `path`: `Ok(None)` when it does not exist.
///
/// # Errors
///
/// A problem when it is not a regular file, is larger than
/// [`OUTPUT_LIMIT`], or cannot be read.
pub(super) fn read_optional(path: &Path) -> Result<Option<Vec<u8>>, Problem> {
    read_bounded(path, OUTPUT_LIMIT)
}

/// [`read_optional`] with a size limit of `limit` bytes.
pub(super) fn read_bounded(path: &Path, limit: usize) -> Result<Option<Vec<u8>>, Problem> {
    let not_regular = |kind| Problem::NotAFile {
        path: path.to_path_buf(),
        kind: kind_name(kind),
    };
    let too_large = || Problem::TooLarge {
        path: path.to_path_buf(),
        limit,
    };
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(file_problem(path, "read", &e)),
    };
    if !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    if meta.len() > u64::try_from(limit).unwrap_or(u64::MAX) {
        return Err(too_large());
    }
    let file = File::open(path).map_err(|e| file_problem(path, "read", &e))?;
    // It may have been replaced between the look and the open.
    let meta = file
        .metadata()
        .map_err(|e| file_problem(path, "read", &e))?;
    if !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    let mut bytes = Vec::new();
    // One byte more than the limit tells a file that grew past it.
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    file.take(cap)
        .read_to_end(&mut bytes)
        .map_err(|e| file_problem(path, "read", &e))?;
    if bytes.len() > limit {
        return Err(too_large());
    }
    Ok(Some(bytes))
}

/// Longest `.status` text shown in a message, in characters.
const STATUS_SHOWN: usize = 40;

/// Parse the text of a `.status` file: a number, white space around allowed.
pub(super) fn parse_status(path: &Path, bytes: &[u8]) -> Result<i32, Problem> {
    let text = String::from_utf8_lossy(bytes);
    text.trim()
        .parse::<i32>()
        .map_err(|_| Problem::BadStatusFile {
            path: path.to_path_buf(),
            text: text.trim().chars().take(STATUS_SHOWN + 1).collect(),
        })
}

/// The expected files of a case, read.
pub(super) struct Expected {
    stdout: Vec<u8>,
    /// `None` when there is no `.err`.
    stderr: Option<Vec<u8>>,
    status: i32,
}

impl Expected {
    pub(super) fn read(case: &Case) -> Result<Expected, Problem> {
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
    /// Output past the limit is the only failure shown then (the rest
    /// follows from the replay having been stopped).
    pub(super) fn check(self, case: &Case, actual: Actual) -> Outcome {
        let over = over_limit(&actual);
        if !over.is_empty() {
            return Outcome::Failed(over);
        }
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

/// The problems of output that passed the limit (none when it did not).
pub(super) fn over_limit(actual: &Actual) -> Vec<Problem> {
    let mut problems = Vec::new();
    if actual.stdout_over {
        problems.push(Problem::OutputTooLarge {
            stream: "standard output",
            limit: OUTPUT_LIMIT,
        });
    }
    if actual.stderr_over {
        problems.push(Problem::OutputTooLarge {
            stream: "standard error",
            limit: OUTPUT_LIMIT,
        });
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_files_allow_white_space() {
        let p = Path::new("x.status");
        assert_eq!(parse_status(p, b"1\n"), Ok(1));
        assert_eq!(parse_status(p, b" 2 \r\n"), Ok(2));
        assert!(parse_status(p, b"one").is_err());
    }

    #[test]
    fn only_regular_files_of_sane_size_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.out");
        fs::write(&file, b"12345").unwrap();
        assert_eq!(read_bounded(&file, 5), Ok(Some(b"12345".to_vec())));
        // One byte over the limit.
        assert!(matches!(
            read_bounded(&file, 4),
            Err(Problem::TooLarge { limit: 4, .. })
        ));
        assert_eq!(read_bounded(&dir.path().join("none"), 5), Ok(None));
        assert!(matches!(
            read_bounded(dir.path(), 5),
            Err(Problem::NotAFile {
                kind: "a directory",
                ..
            })
        ));
        // A device never ends: it is not read at all.
        assert!(matches!(
            read_bounded(Path::new("/dev/zero"), 5),
            Err(Problem::NotAFile {
                kind: "a character device",
                ..
            })
        ));
    }
}
