//! Writing a whole file atomically, refusing to replace an existing one
//! unless told to: what `board svg FILE` and `show svg FILE` use.
//!
//! The text goes to a temporary file in the same directory, which is then
//! renamed over the target (`force`) or hard-linked to it (no `force`: the
//! link fails if the target exists, so the check and the write are one
//! step and an existing file is never touched). A reader never sees half
//! a file.

use crate::shell::script::WriteError;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process;

/// An I/O error as a short lower-case reason.
fn reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such directory".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "is a directory".to_string(),
        _ => e.to_string(),
    }
}

/// A temporary name beside `path`, unique to this process and call.
fn temp_beside(path: &Path, n: u32) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.{n}.tmp", process::id()))
}

/// Write `text` to `path` atomically; without `force`, an existing `path`
/// is left as it was and [`WriteError::Exists`] returned.
///
/// # Errors
///
/// [`WriteError::Exists`], or [`WriteError::Failed`] with a reason.
pub fn write_new(target: &Path, text: &str, force: bool) -> Result<(), WriteError> {
    if target.is_dir() {
        return Err(WriteError::Failed("is a directory".to_string()));
    }
    if !force && fs::symlink_metadata(target).is_ok() {
        return Err(WriteError::Exists);
    }
    let mut n = 0;
    let (tmp, mut file) = loop {
        let tmp = temp_beside(target, n);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(WriteError::Failed(reason(&e))),
        }
    };
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all());
    drop(file);
    let placed = written.and_then(|()| {
        if force {
            fs::rename(&tmp, target)
        } else {
            fs::hard_link(&tmp, target)
        }
    });
    // After a rename the temporary name is gone; after a link (or a
    // failure) it is removed here. Nothing to report if that fails.
    let _ = fs::remove_file(&tmp);
    match placed {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(WriteError::Exists),
        Err(e) => Err(WriteError::Failed(reason(&e))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_an_existing_file_and_leaves_it_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.svg");
        fs::write(&path, b"old\xff bytes").unwrap();
        let p = &path;
        assert_eq!(write_new(p, "new", false), Err(WriteError::Exists));
        assert_eq!(fs::read(&path).unwrap(), b"old\xff bytes");
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        write_new(p, "new", true).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn writes_a_new_file_and_reports_a_missing_directory() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.svg");
        write_new(&path, "<svg/>", false).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "<svg/>");
        let missing = dir.path().join("no/such/n.svg");
        assert_eq!(
            write_new(&missing, "x", false),
            Err(WriteError::Failed("no such directory".to_string()))
        );
        assert_eq!(
            write_new(dir.path(), "x", true),
            Err(WriteError::Failed("is a directory".to_string()))
        );
    }
}
