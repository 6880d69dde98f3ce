//! `--bless`: writing what a case did into its expected files, all of them
//! or none, and only regular files of the tree.
//!
//! Every new file is first written whole to a temporary file in its own
//! directory (so a full disk fails there, before anything is touched), then
//! renamed into place; an old file is kept under a hidden name until all
//! steps succeeded, so a failed step puts every file back as it was.
//! Writing is refused, before anything is written, when an expected file is
//! a symbolic link (it would reach outside the tree), not a regular file,
//! or the same file as the script or another case's file (`x.out` linked
//! to `x.bsh` would overwrite the script with its own output).

use super::case::{Actual, Blessed, Outcome, Problem};
use super::discover::Case;
use super::expected::{file_problem, kind_name, over_limit, parse_status, read_optional};
use std::collections::HashMap;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where a file lives: its device and inode (on Unix; elsewhere files
/// are told apart by path only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct FileId(u64, u64);

fn file_id(meta: &Metadata) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(FileId(meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// The files the cases of a run own (scripts and expected files), by
/// identity, so blessing one case never writes over a file that is also
/// something else.
#[derive(Debug, Default)]
pub struct Claims {
    files: HashMap<FileId, Vec<PathBuf>>,
}

impl Claims {
    /// The files of `cases` that exist.
    pub fn of(cases: &[Case]) -> Claims {
        let mut claims = Claims::default();
        for case in cases.iter().filter(|c| c.unreadable().is_none()) {
            let paths = [
                case.script().to_path_buf(),
                case.out_path(),
                case.err_path(),
                case.status_path(),
            ];
            for path in paths {
                if let Some(id) = fs::metadata(&path).ok().as_ref().and_then(file_id) {
                    claims.files.entry(id).or_default().push(path);
                }
            }
        }
        claims
    }

    /// A path other than `path` that names the file `id`.
    fn other(&self, id: FileId, path: &Path) -> Option<&Path> {
        self.files
            .get(&id)
            .and_then(|paths| paths.iter().find(|p| p.as_path() != path))
            .map(PathBuf::as_path)
    }
}

/// How a temporary file is created (a test makes it fail like a full disk).
pub type Create<'a> = &'a dyn Fn(&Path) -> io::Result<File>;

/// Create a new file for writing; never an existing one.
fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

/// Write what the script did into its expected files: stdout into `.out`,
/// stderr into `.err` (removed when empty), the status into `.status`
/// (removed when 0).
pub fn bless(case: &Case, actual: &Actual, claims: &Claims) -> Outcome {
    bless_with(case, actual, claims, &create_new)
}

/// [`bless`], creating temporary files with `create` (a test makes it fail
/// like a full disk).
pub fn bless_with(case: &Case, actual: &Actual, claims: &Claims, create: Create) -> Outcome {
    // Output cut at the limit is not what the script does: keep the files.
    let over = over_limit(actual);
    if !over.is_empty() {
        return Outcome::Failed(over);
    }
    match plan(case, actual, claims).and_then(|plan| {
        let blessed = plan.blessed();
        commit(plan, create).map(|()| blessed)
    }) {
        Ok(blessed) => Outcome::Blessed(blessed),
        Err(problem) => Outcome::Failed(vec![problem]),
    }
}

/// What blessing a case will do.
struct Plan {
    /// Files to write, with the permissions of the file they replace.
    writes: Vec<(PathBuf, Vec<u8>, Option<fs::Permissions>)>,
    /// Files to remove.
    removes: Vec<PathBuf>,
    /// Whether the `.out` is new.
    created: bool,
}

impl Plan {
    fn blessed(&self) -> Blessed {
        if self.created {
            Blessed::Created
        } else if self.writes.is_empty() && self.removes.is_empty() {
            Blessed::Unchanged
        } else {
            Blessed::Updated
        }
    }
}

/// The expected file `path`, if it exists, after checking it may be
/// written: a regular file, not a link, owned by nothing else.
fn writable(path: &Path, claims: &Claims) -> Result<Option<Metadata>, Problem> {
    let refuse = |reason: String| Problem::Refused {
        path: path.to_path_buf(),
        reason,
    };
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(file_problem(path, "read", &e)),
    };
    if meta.file_type().is_symlink() {
        return Err(refuse("it is a symbolic link".to_string()));
    }
    if !meta.is_file() {
        return Err(refuse(format!("it is {}", kind_name(meta.file_type()))));
    }
    if let Some(other) = file_id(&meta).and_then(|id| claims.other(id, path)) {
        return Err(refuse(format!(
            "it is the same file as `{}`",
            other.display()
        )));
    }
    Ok(Some(meta))
}

fn plan(case: &Case, actual: &Actual, claims: &Claims) -> Result<Plan, Problem> {
    let status_path = case.status_path();
    let status_text = format!("{}\n", actual.status);
    let wants: [(PathBuf, Option<&[u8]>); 3] = [
        (case.out_path(), Some(&actual.stdout)),
        (
            case.err_path(),
            (!actual.stderr.is_empty()).then_some(actual.stderr.as_slice()),
        ),
        (
            status_path.clone(),
            (actual.status != 0).then_some(status_text.as_bytes()),
        ),
    ];
    // Check every file before reading or writing any.
    let mut metas = Vec::new();
    for (path, _) in &wants {
        metas.push(writable(path, claims)?);
    }
    let mut plan = Plan {
        writes: Vec::new(),
        removes: Vec::new(),
        created: metas.first().is_some_and(Option::is_none),
    };
    for ((path, want), meta) in wants.into_iter().zip(metas) {
        let Some(meta) = meta else {
            if let Some(want) = want {
                plan.writes.push((path, want.to_vec(), None));
            }
            continue;
        };
        let Some(want) = want else {
            plan.removes.push(path);
            continue;
        };
        // An old file too large to read differs from anything blessed.
        let have = read_optional(&path).ok().flatten();
        let same = have.is_some_and(|have| {
            have == want
                || (path == status_path
                    && parse_status(&path, &have).is_ok_and(|s| s == actual.status))
        });
        if !same {
            plan.writes
                .push((path, want.to_vec(), Some(meta.permissions())));
        }
    }
    Ok(plan)
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

/// Carry out `plan`: every file or none.
fn commit(plan: Plan, create: Create) -> Result<(), Problem> {
    let mut temps: Vec<(PathBuf, PathBuf, bool)> = Vec::new();
    for (target, bytes, permissions) in &plan.writes {
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
        for target in &plan.removes {
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

    fn case_in(dir: &Path) -> Case {
        Case::new(dir.join("x.bsh"))
    }

    #[test]
    fn a_full_disk_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let case = case_in(dir.path());
        fs::write(case.script(), "fen\n").unwrap();
        fs::write(case.out_path(), "old out\n").unwrap();
        fs::write(case.status_path(), "1\n").unwrap();
        let actual = Actual {
            stdout: b"new out\n".to_vec(),
            stderr: b"new err\n".to_vec(),
            ..Actual::default()
        };
        // Every temporary file is /dev/full: writing it fails with ENOSPC.
        let full = |_: &Path| OpenOptions::new().write(true).open("/dev/full");
        let claims = Claims::of(std::slice::from_ref(&case));
        let outcome = bless_with(&case, &actual, &claims, &full);
        let Outcome::Failed(problems) = outcome else {
            panic!("{outcome:?}")
        };
        assert!(
            matches!(
                &problems[..],
                [Problem::BlessFailed {
                    doing: "write",
                    restored: true,
                    ..
                }]
            ),
            "{problems:?}"
        );
        assert_eq!(fs::read(case.out_path()).unwrap(), b"old out\n");
        assert_eq!(fs::read(case.status_path()).unwrap(), b"1\n");
        assert!(!case.err_path().exists());
        // Nothing is left behind: the script, .out and .status only.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 3);
    }

    #[test]
    fn a_failed_rename_puts_every_file_back() {
        let dir = tempfile::tempdir().unwrap();
        let case = case_in(dir.path());
        fs::write(case.script(), "fen\n").unwrap();
        fs::write(case.out_path(), "old out\n").unwrap();
        fs::write(case.err_path(), "old err\n").unwrap();
        // A non-empty directory where `.status` should go: renaming a file
        // onto it fails after `.out` and `.err` were already replaced.
        let keep = |p: PathBuf| {
            let perms = fs::metadata(&p).unwrap().permissions();
            Some(perms)
        };
        let plan = Plan {
            writes: vec![
                (
                    case.out_path(),
                    b"new out\n".to_vec(),
                    keep(case.out_path()),
                ),
                (
                    case.err_path(),
                    b"new err\n".to_vec(),
                    keep(case.err_path()),
                ),
                (case.status_path(), b"1\n".to_vec(), None),
            ],
            removes: Vec::new(),
            created: false,
        };
        fs::create_dir(case.status_path()).unwrap();
        fs::write(case.status_path().join("keep"), "").unwrap();
        let e = commit(plan, &create_new).unwrap_err();
        assert!(
            matches!(e, Problem::BlessFailed { restored: true, .. }),
            "{e:?}"
        );
        assert_eq!(fs::read(case.out_path()).unwrap(), b"old out\n");
        assert_eq!(fs::read(case.err_path()).unwrap(), b"old err\n");
        // Script, .out, .err and the directory: no temporary file is left.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 4);
    }
}
