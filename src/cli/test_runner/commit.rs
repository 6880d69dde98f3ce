//! Updating a set of files all at once or not at all.
//!
//! Every new file is first written whole to a temporary file in its own
//! directory (so a full disk fails there, before anything is touched), then
//! renamed into place; an old file is kept under a hidden name until all
//! steps succeeded, so a failed step puts every file back as it was.

use super::case::Problem;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How a temporary file is created (a test makes it fail like a full disk).
pub type Create<'a> = &'a dyn Fn(&Path) -> io::Result<File>;

/// Create a new file for writing; never an existing one.
pub(super) fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

/// A fresh hidden name beside `path` (discovery skips names starting with
/// `.`): `.NAME.boardsh-TAG-PID-N`.
fn hidden(path: &Path, tag: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.boardsh-{tag}-{}-{n}", std::process::id()))
}

/// Write `bytes` whole to a new temporary file beside `target`.
fn write_temp(
    target: &Path,
    bytes: &[u8],
    permissions: Option<&fs::Permissions>,
    create: Create,
) -> io::Result<PathBuf> {
    let mut attempts = 0;
    let (temp, mut file) = loop {
        let temp = hidden(target, "new");
        match create(&temp) {
            Ok(file) => break (temp, file),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 100 => attempts += 1,
            Err(e) => return Err(e),
        }
    };
    let written = (|| {
        file.write_all(bytes)?;
        if let Some(p) = permissions {
            file.set_permissions(p.clone())?;
        }
        file.sync_all()
    })();
    match written {
        Ok(()) => Ok(temp),
        Err(e) => {
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// One step of a commit, as it can be undone.
enum Step {
    /// `target` was written; its old contents are at `backup` (none: it
    /// did not exist).
    Wrote {
        target: PathBuf,
        backup: Option<PathBuf>,
    },
    /// `target` was moved to `backup`.
    Removed { target: PathBuf, backup: PathBuf },
}

/// A file to write: its path, its new bytes, and the permissions of the
/// file it replaces (`None`: there is none).
pub(super) type Write = (PathBuf, Vec<u8>, Option<fs::Permissions>);

/// Write `writes` and remove `removes`: every one of them, or (when one
/// fails) none, the old files put back.
///
/// # Errors
///
/// The file that failed, and whether the others were put back.
pub(super) fn commit(writes: &[Write], removes: &[PathBuf], create: Create) -> Result<(), Problem> {
    let mut temps: Vec<(PathBuf, PathBuf, bool)> = Vec::new();
    for (target, bytes, permissions) in writes {
        match write_temp(target, bytes, permissions.as_ref(), create) {
            Ok(temp) => temps.push((temp, target.clone(), permissions.is_some())),
            Err(e) => {
                for (temp, _, _) in &temps {
                    let _ = fs::remove_file(temp);
                }
                return Err(failed(target, "write", &e, true));
            }
        }
    }
    let mut steps = Vec::new();
    let result = (|| {
        for (temp, target, existed) in &temps {
            if *existed {
                let backup = hidden(target, "old");
                // A hard link keeps the old file without a moment where
                // `target` is missing; a rename aside does it otherwise.
                if fs::hard_link(target, &backup).is_err() {
                    fs::rename(target, &backup).map_err(|e| (target, "write", e))?;
                }
                steps.push(Step::Wrote {
                    target: target.clone(),
                    backup: Some(backup),
                });
                fs::rename(temp, target).map_err(|e| (target, "write", e))?;
            } else {
                fs::rename(temp, target).map_err(|e| (target, "write", e))?;
                steps.push(Step::Wrote {
                    target: target.clone(),
                    backup: None,
                });
            }
        }
        for target in removes {
            let backup = hidden(target, "old");
            fs::rename(target, &backup).map_err(|e| (target, "remove", e))?;
            steps.push(Step::Removed {
                target: target.clone(),
                backup,
            });
        }
        Ok(())
    })();
    for (temp, _, _) in &temps {
        // Renamed ones are gone already.
        let _ = fs::remove_file(temp);
    }
    match result {
        Ok(()) => {
            for step in steps {
                if let Step::Wrote {
                    backup: Some(backup),
                    ..
                }
                | Step::Removed { backup, .. } = step
                {
                    let _ = fs::remove_file(backup);
                }
            }
            Ok(())
        }
        Err((target, doing, e)) => {
            let restored = undo(steps);
            Err(failed(target, doing, &e, restored))
        }
    }
}

/// Put back what `steps` changed, last first; whether all went back.
fn undo(steps: Vec<Step>) -> bool {
    let mut restored = true;
    for step in steps.into_iter().rev() {
        let back = match step {
            Step::Wrote {
                target,
                backup: Some(backup),
            }
            | Step::Removed { target, backup } => fs::rename(backup, target),
            Step::Wrote {
                target,
                backup: None,
            } => fs::remove_file(target),
        };
        restored &= back.is_ok();
    }
    restored
}

fn failed(path: &Path, doing: &'static str, e: &io::Error, restored: bool) -> Problem {
    Problem::BlessFailed {
        path: path.to_path_buf(),
        doing,
        reason: e.to_string(),
        restored,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_rename_puts_every_file_back() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::write(d.join("x.bsh"), "fen\n").unwrap();
        fs::write(d.join("x.out"), "old out\n").unwrap();
        fs::write(d.join("x.err"), "old err\n").unwrap();
        // A non-empty directory where `.status` should go: renaming a file
        // onto it fails after `.out` and `.err` were already replaced.
        let keep = |p: PathBuf| {
            let perms = fs::metadata(&p).unwrap().permissions();
            Some(perms)
        };
        let (writes, removes): (Vec<Write>, Vec<PathBuf>) = (
            vec![
                (
                    d.join("x.out"),
                    b"new out\n".to_vec(),
                    keep(d.join("x.out")),
                ),
                (
                    d.join("x.err"),
                    b"new err\n".to_vec(),
                    keep(d.join("x.err")),
                ),
                (d.join("x.status"), b"1\n".to_vec(), None),
            ],
            Vec::new(),
        );
        fs::create_dir(d.join("x.status")).unwrap();
        fs::write(d.join("x.status").join("keep"), "").unwrap();
        let e = commit(&writes, &removes, &create_new).unwrap_err();
        assert!(
            matches!(e, Problem::BlessFailed { restored: true, .. }),
            "{e:?}"
        );
        assert_eq!(fs::read(d.join("x.out")).unwrap(), b"old out\n");
        assert_eq!(fs::read(d.join("x.err")).unwrap(), b"old err\n");
        // Script, .out, .err and the directory: no temporary file is left.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 4);
    }
}
