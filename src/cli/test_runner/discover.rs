//! Finding test cases: scripts with an expected `.out` beside them, under
//! the paths given, in a deterministic (sorted) order.

use super::render::shown_path;
use crate::cli::report::escape;
use std::collections::HashSet;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The extensions of scripts a case can be made of.
pub const SCRIPT_EXTENSIONS: [&str; 4] = ["bsh", "fen", "in", "yut"];

/// One regression test: a script and, beside it, the files that hold what
/// it should print (`.out`), report on stderr (`.err`) and exit with
/// (`.status`).
///
/// A directory that cannot be listed during a run is a case too, one that
/// fails with the reason (so the rest of the run goes on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    script: PathBuf,
    unreadable: Option<String>,
}

impl Case {
    /// The case of `script` (whether or not its expected files exist).
    pub fn new(script: impl Into<PathBuf>) -> Case {
        Case {
            script: script.into(),
            unreadable: None,
        }
    }

    /// A path found in the tree that cannot be read, and why: a case that
    /// fails.
    pub fn unreadable(&self) -> Option<&str> {
        self.unreadable.as_deref()
    }

    fn failing(path: PathBuf, e: &io::Error) -> Case {
        Case {
            script: path,
            unreadable: Some(reason(e)),
        }
    }

    /// The script, as found from the path the run was given.
    pub fn script(&self) -> &Path {
        &self.script
    }

    /// The name shown for the case: the script's path.
    pub fn name(&self) -> String {
        self.script.to_string_lossy().into_owned()
    }

    /// The expected standard output, `name.out`.
    pub fn out_path(&self) -> PathBuf {
        self.script.with_extension("out")
    }

    /// The expected standard error, `name.err` (absent: none expected).
    pub fn err_path(&self) -> PathBuf {
        self.script.with_extension("err")
    }

    /// The expected exit status, `name.status` (absent: 0).
    pub fn status_path(&self) -> PathBuf {
        self.script.with_extension("status")
    }
}

/// Why the paths of a run cannot be turned into cases (exit status 2).
#[derive(Debug, PartialEq, Eq)]
pub enum DiscoverError {
    /// A path that does not exist or cannot be listed.
    Unreadable { path: PathBuf, reason: String },
    /// A directory with no case in it.
    NoCases(PathBuf),
    /// A file named directly that is not a script.
    NotAScript(PathBuf),
    /// Two scripts that would share one `.out`.
    SameStem { first: PathBuf, second: PathBuf },
}

impl fmt::Display for DiscoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiscoverError::Unreadable { path, reason } => {
                write!(f, "cannot read `{}`: {}", shown_path(path), escape(reason))
            }
            DiscoverError::NoCases(path) => write!(
                f,
                "`{}` holds no test cases (a script .bsh, .fen, .in or .yut with a .out beside it)",
                shown_path(path)
            ),
            DiscoverError::NotAScript(path) => write!(
                f,
                "`{}` is not a test script (expected .bsh, .fen, .in or .yut)",
                shown_path(path)
            ),
            DiscoverError::SameStem { first, second } => write!(
                f,
                "`{}` and `{}` would share the expected output `{}`: rename one",
                shown_path(first),
                shown_path(second),
                shown_path(&first.with_extension("out"))
            ),
        }
    }
}

/// Whether `path` names a script by its extension.
pub fn is_script(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| SCRIPT_EXTENSIONS.contains(&e))
}

/// An I/O error as a short lower-case reason.
fn reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// The cases under `paths`, in order: each path's cases sorted by path,
/// a case found twice kept once.
///
/// A directory is searched recursively (entries whose name starts with `.`
/// are skipped) for scripts with a `.out` beside them; scripts without one
/// are not cases (they may be files that cases `source`). A subdirectory
/// that cannot be listed is a failing case (the run goes on); a `.out`
/// that is not a regular file still makes a case, which reports it. A script named
/// directly is a case even without a `.out` (running it then fails with
/// "no expected output"; `--bless` creates it).
///
/// # Errors
///
/// Every bad path: missing, not a script, holding no case, or two scripts
/// with the same stem (`x.fen` and `x.yut` would share `x.out`).
pub fn discover(paths: &[PathBuf]) -> Result<Vec<Case>, Vec<DiscoverError>> {
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    for path in paths {
        let mut found = Vec::new();
        let result = match fs::metadata(path) {
            Err(e) => Err(DiscoverError::Unreadable {
                path: path.clone(),
                reason: reason(&e),
            }),
            Ok(m) if m.is_dir() => walk(path, &mut found, true).and_then(|()| {
                if found.is_empty() {
                    Err(DiscoverError::NoCases(path.clone()))
                } else {
                    Ok(())
                }
            }),
            Ok(_) if !is_script(path) => Err(DiscoverError::NotAScript(path.clone())),
            Ok(_) => same_stem(path).map(|()| found.push(Case::new(path))),
        };
        if let Err(e) = result {
            errors.push(e);
            continue;
        }
        for case in found {
            let key = fs::canonicalize(case.script()).unwrap_or_else(|_| case.script.clone());
            if seen.insert(key) {
                cases.push(case);
            }
        }
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

/// The file that keeps a directory out of a recursive search.
pub const NO_TEST: &str = ".notest";

/// Collect the cases under `dir` in sorted order. `top`: `dir` was named
/// by the run, so failing to list it is a bad path; below it, a failing
/// case.
fn walk(dir: &Path, cases: &mut Vec<Case>, top: bool) -> Result<(), DiscoverError> {
    let listed = fs::read_dir(dir).and_then(|entries| {
        let mut listed = Vec::new();
        for entry in entries {
            let entry = entry?;
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            // Follow links to files, never links to directories (no loops).
            let kind = entry.file_type()?;
            let path = entry.path();
            let is_dir = kind.is_dir();
            let is_file = kind.is_file() || (kind.is_symlink() && path.is_file());
            listed.push((entry.file_name(), path, is_dir, is_file));
        }
        Ok(listed)
    });
    let mut entries = match listed {
        Ok(entries) => entries,
        Err(e) if top => {
            return Err(DiscoverError::Unreadable {
                path: dir.to_path_buf(),
                reason: reason(&e),
            });
        }
        Err(e) => {
            cases.push(Case::failing(dir.to_path_buf(), &e));
            return Ok(());
        }
    };
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    // The scripts of this directory that are cases, by stem.
    let mut stems: Vec<(PathBuf, PathBuf)> = Vec::new();
    for (_, path, is_dir, is_file) in entries {
        if is_dir {
            // A directory holding a `.notest` file keeps data, not cases
            // (inputs of other tools, deliberately failing runner cases):
            // a search passes it by; naming it directly still runs it.
            if !path.join(NO_TEST).exists() {
                walk(&path, cases, false)?;
            }
        } else if is_file
            && is_script(&path)
            && fs::symlink_metadata(path.with_extension("out")).is_ok()
        {
            let stem = path.with_extension("");
            if let Some((_, first)) = stems.iter().find(|(s, _)| *s == stem) {
                return Err(DiscoverError::SameStem {
                    first: first.clone(),
                    second: path,
                });
            }
            stems.push((stem, path.clone()));
            cases.push(Case::new(path));
        }
    }
    Ok(())
}

/// A script named directly must not share its stem with another script.
fn same_stem(script: &Path) -> Result<(), DiscoverError> {
    for ext in SCRIPT_EXTENSIONS {
        let other = script.with_extension(ext);
        if other != script && other.is_file() {
            let (first, second) = if other < script.to_path_buf() {
                (other, script.to_path_buf())
            } else {
                (script.to_path_buf(), other)
            };
            return Err(DiscoverError::SameStem { first, second });
        }
    }
    Ok(())
}
