//! `--bless`: writing what a case did into its expected files, all of them
//! or none, and only regular files of the tree.
//!
//! The files are written all at once or not at all ([`super::commit`]).
//! Writing is refused, before anything is written, when an expected file is
//! a symbolic link (it would reach outside the tree), not a regular file,
//! or the same file as the script or another case's file (`x.out` linked
//! to `x.bsh` would overwrite the script with its own output).

use super::case::{Actual, Blessed, Outcome, Problem};
use super::commit::{Create, Write, commit, create_new};
use super::discover::Case;
use super::expected::{file_problem, kind_name, over_limit, parse_status, read_optional};
use std::collections::HashMap;
use std::fs::{self, Metadata};
use std::io;
use std::path::{Path, PathBuf};

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

/// Write what the script did into its expected files: stdout into `.out`,
/// stderr into `.err` (removed when empty), the status into `.status`
/// (removed when 0).
pub fn bless(case: &Case, actual: &Actual, claims: &Claims) -> Outcome {
    bless_with(case, actual, claims, &create_new)
}

/// `bless`, creating temporary files with `create` (a test makes it fail
/// like a full disk).
pub fn bless_with(case: &Case, actual: &Actual, claims: &Claims, create: Create) -> Outcome {
    // Output cut at the limit is not what the script does: keep the files.
    let over = over_limit(actual);
    if !over.is_empty() {
        return Outcome::Failed(over);
    }
    match plan(case, actual, claims).and_then(|plan| {
        let blessed = plan.blessed();
        commit(&plan.writes, &plan.removes, create).map(|()| blessed)
    }) {
        Ok(blessed) => Outcome::Blessed(blessed),
        Err(problem) => Outcome::Failed(vec![problem]),
    }
}

/// What blessing a case will do.
struct Plan {
    /// Files to write, with the permissions of the file they replace.
    writes: Vec<Write>,
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
        let full = |_: &Path| fs::OpenOptions::new().write(true).open("/dev/full");
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
}
