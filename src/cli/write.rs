//! Writing a whole file atomically, refusing to replace an existing one
//! unless told to: what `board svg FILE` and `show svg FILE` use, and the
//! one staged writer ([`Staged`]) behind every atomic write of the front
//! end and the trainer (tables, records, the history's compaction,
//! `selfplay`'s data, the trainer's network).
//!
//! The text goes to a temporary file in the same directory, made by
//! `tempfile` (a short random name, whatever the target's: a name of 255
//! bytes still works; removed when dropped, so on every failure), synced,
//! then renamed over the target (`force`) or placed only where nothing is
//! (no `force`: `persist_noclobber`, so the check and the write are one
//! step and an existing file is never touched). A reader never sees half
//! a file.
//!
//! Only a regular file is ever replaced: a device, a FIFO, a socket or a
//! symbolic link (`/dev/null`, a link to `/proc/self/fd/1`) is refused,
//! as `boardsh test --bless` refuses them, rather than renamed over.

use crate::shell::script::WriteError;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// An I/O error as a short lower-case reason.
fn reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such directory".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "is a directory".to_string(),
        _ => e.to_string(),
    }
}

/// The mode a file shared like any other gets (less the umask).
pub const SHARED: u32 = 0o666;

/// The mode of a file only its owner reads (the history).
pub const PRIVATE: u32 = 0o600;

/// A file being written beside its target, to be placed over it whole
/// ([`Staged::replace`]) or only where nothing is ([`Staged::place_new`]).
/// Dropped unplaced, the temporary file is removed.
pub struct Staged {
    file: NamedTempFile,
}

impl Staged {
    /// A new temporary file in `target`'s directory, created with `mode`
    /// ([`SHARED`] or [`PRIVATE`]; the umask applies). Its errors are the
    /// system's own, without the temporary name (messages quote them).
    ///
    /// # Errors
    ///
    /// The I/O error of making it (a missing or unwritable directory).
    pub fn beside(target: &Path, mode: u32) -> io::Result<Staged> {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let file = tempfile::Builder::new()
            .prefix(".boardsh-")
            .suffix(".tmp")
            .make_in(dir, |path| open_new(path, mode))?;
        Ok(Staged { file })
    }

    /// Sync the contents, then rename the file over `target`.
    ///
    /// # Errors
    ///
    /// The I/O error; the temporary file is removed.
    pub fn replace(self, target: &Path) -> io::Result<()> {
        self.file.as_file().sync_all()?;
        self.file.persist(target).map(drop).map_err(|e| e.error)
    }

    /// Sync the contents, then place the file at `target` only if nothing
    /// is there.
    ///
    /// # Errors
    ///
    /// The I/O error (`AlreadyExists` when something is there) with the
    /// staged file back, still whole, for the caller to keep or drop.
    pub fn place_new(self, target: &Path) -> Result<(), (io::Error, Staged)> {
        if let Err(e) = self.file.as_file().sync_all() {
            return Err((e, self));
        }
        self.file
            .persist_noclobber(target)
            .map(drop)
            .map_err(|e| (e.error, Staged { file: e.file }))
    }

    /// Keep the temporary file where it is (it is not removed on drop).
    ///
    /// # Errors
    ///
    /// The I/O error of keeping it.
    pub fn keep(self) -> io::Result<PathBuf> {
        self.file.keep().map(|(_, path)| path).map_err(|e| e.error)
    }
}

impl Write for Staged {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Open a new file at `path` with `mode` (unix; elsewhere the default).
fn open_new(path: &Path, mode: u32) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(mode);
    }
    #[cfg(not(unix))]
    let _ = mode;
    options.open(path)
}

/// Refuse to replace anything but a regular file.
fn refuse_special(target: &Path) -> Result<(), WriteError> {
    match fs::symlink_metadata(target) {
        Ok(m) if !m.is_file() => Err(WriteError::Failed(format!(
            "it is {}; not replaced",
            crate::cli::files::kind_name(m.file_type())
        ))),
        _ => Ok(()),
    }
}

/// Replace `target` with `bytes` atomically: a temporary file beside it,
/// renamed over it. Only a regular file (or nothing) is replaced; a
/// device, FIFO, socket or link is refused (`InvalidInput`), so a results
/// or table path of `/dev/null` can never turn the device into a file.
/// Every atomic writer of the front end (game records, solver and endgame
/// tables) goes through here.
///
/// # Errors
///
/// A refused target or the I/O error; the temporary file is removed.
pub fn replace(target: &Path, bytes: &[u8]) -> io::Result<()> {
    replace_with(target, |file| file.write_all(bytes))
}

/// [`replace`] with the contents written by `fill` into the temporary
/// file, for contents too large to hold in memory (a resumed match's
/// record file, copied a record at a time).
///
/// # Errors
///
/// A refused target, `fill`'s error or the I/O error; the temporary file
/// is removed and the target left as it was.
pub fn replace_with(
    target: &Path,
    fill: impl FnOnce(&mut fs::File) -> io::Result<()>,
) -> io::Result<()> {
    if let Err(WriteError::Failed(why)) = refuse_special(target) {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, why));
    }
    let mut staged = Staged::beside(target, SHARED)?;
    fill(staged.file.as_file_mut())?;
    staged.replace(target)
}

/// Write `text` (UTF-8 text or any bytes) to `path` atomically; without
/// `force`, an existing `path` is left as it was and
/// [`WriteError::Exists`] returned.
///
/// # Errors
///
/// [`WriteError::Exists`], or [`WriteError::Failed`] with a reason.
pub fn write_new(target: &Path, text: impl AsRef<[u8]>, force: bool) -> Result<(), WriteError> {
    if target.is_dir() {
        return Err(WriteError::Failed("is a directory".to_string()));
    }
    if !force && fs::symlink_metadata(target).is_ok() {
        return Err(WriteError::Exists);
    }
    refuse_special(target)?;
    let mut staged = Staged::beside(target, SHARED).map_err(|e| WriteError::Failed(reason(&e)))?;
    let placed = staged.write_all(text.as_ref()).and_then(|()| {
        if force {
            staged.replace(target)
        } else {
            // Something there: the staged file is dropped, so removed.
            staged.place_new(target).map_err(|(e, _)| e)
        }
    });
    match placed {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(WriteError::Exists),
        Err(e) => Err(WriteError::Failed(reason(&e))),
    }
}

/// Whether [`write_new`] could write `target` now (not a directory, not
/// an existing file without `force`, not a device, a temporary file can
/// be made beside it): checked before long work whose result goes there,
/// so a bad path is refused first. Nothing is left behind.
///
/// # Errors
///
/// As [`write_new`]'s.
pub fn check_new(target: &Path, force: bool) -> Result<(), WriteError> {
    if target.is_dir() {
        return Err(WriteError::Failed("is a directory".to_string()));
    }
    if !force && fs::symlink_metadata(target).is_ok() {
        return Err(WriteError::Exists);
    }
    refuse_special(target)?;
    Staged::beside(target, SHARED)
        .map(drop)
        .map_err(|e| WriteError::Failed(reason(&e)))
}

/// A path as a message quotes it: control characters escaped, in
/// backticks, cut to [`crate::quote::PATH_WIDTH`] characters.
fn shown(path: &Path) -> String {
    let text = crate::cli::report::escape(&path.to_string_lossy());
    crate::quote::quoted_path(&text).to_string()
}

/// Whether `a` and `b` name the same existing file (through links, and
/// hard links: the same device and inode; elsewhere the same canonical
/// path). A path that does not exist is no file's.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (fs::canonicalize(a), fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// Check an output target up front, before any work: the rules every
/// subcommand that writes a file (`tune --out`, `selfplay --out`, `yut
/// solve --out`, `tablebase build DIR`'s tables) applies, with the same
/// messages. `option` names the target in them (`--out`); `inputs` are the
/// files the same command reads, named by their options.
///
/// Refused, whatever `force` says: a target that is one of the `inputs`
/// (the same file, also through a link or a hard link), a symbolic link, a
/// directory, a device, FIFO or socket. Refused unless `force`: an
/// existing regular file. A target that does not exist passes (its
/// directory is made or reported by the writer).
///
/// # Errors
///
/// The message to print after `boardsh SUBCOMMAND: ` (a usage error,
/// status 2); nothing has been written.
pub fn check_target(
    option: &str,
    path: &Path,
    force: bool,
    inputs: &[(&str, &Path)],
) -> Result<(), String> {
    let target = shown(path);
    for (name, input) in inputs {
        if same_file(path, input) {
            return Err(format!(
                "{option} {target} is also {name}: writing it would destroy the input (name another file)"
            ));
        }
    }
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => Err(format!("{option} {target}: it is a directory")),
        Ok(m) if !m.is_file() => Err(format!(
            "{option} {target}: it is {}; not replaced",
            crate::cli::files::kind_name(m.file_type())
        )),
        Ok(_) if !force => Err(format!(
            "{option} {target} already exists (`--force` overwrites it)"
        )),
        _ => Ok(()),
    }
}

/// Check up front that a file can be made beside `path` (its directory
/// exists and is writable): a temporary file is made there and removed at
/// once, so a run that writes only at its end (`boardsh-train --out`
/// after its first epoch) learns before any work that it could not.
/// `option` names the target in the message, as [`check_target`].
///
/// # Errors
///
/// The message to print after the program's name (a usage error,
/// status 2); nothing is left behind.
pub fn check_writable(option: &str, path: &Path) -> Result<(), String> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match Staged::beside(path, SHARED) {
        Ok(staged) => {
            drop(staged);
            Ok(())
        }
        Err(e) => Err(format!(
            "{option} {}: cannot write in {}: {}",
            shown(path),
            shown(dir),
            reason(&e)
        )),
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

    #[cfg(unix)]
    #[test]
    fn refuses_to_replace_special_files() {
        let dir = tempfile::tempdir().unwrap();
        // A link to stdout, and the null device: each stays what it is.
        let link = dir.path().join("out");
        std::os::unix::fs::symlink("/proc/self/fd/1", &link).unwrap();
        let err = write_new(&link, "x", true).unwrap_err();
        assert_eq!(
            err,
            WriteError::Failed("it is a symbolic link; not replaced".to_string())
        );
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let null = Path::new("/dev/null");
        assert!(
            matches!(write_new(null, "x", true), Err(WriteError::Failed(r)) if r.contains("character device"))
        );
        // Nothing but the link in the directory: no temporary file.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn replace_never_turns_a_device_into_a_file() {
        // The null device must stay a character device; a regular file is
        // replaced whole and no temporary file is left beside it.
        use std::os::unix::fs::FileTypeExt;
        let err = replace(Path::new("/dev/null"), b"x").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(err.to_string().contains("character device"), "{err}");
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.bin");
        fs::write(&path, b"old").unwrap();
        replace(&path, b"new bytes").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new bytes");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn check_target_refuses_inputs_and_existing_files_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("d.txt");
        let out = dir.path().join("o.txt");
        fs::write(&data, "x").unwrap();
        let inputs = [("--data", data.as_path())];
        // A new file passes, with or without force.
        assert_eq!(check_target("--out", &out, false, &inputs), Ok(()));
        // The input itself: refused even with force.
        let err = check_target("--out", &data, true, &inputs).unwrap_err();
        assert!(err.contains("is also --data"), "{err}");
        // An existing other file: refused, then allowed with force.
        fs::write(&out, "y").unwrap();
        let err = check_target("--out", &out, false, &inputs).unwrap_err();
        assert!(
            err.ends_with("already exists (`--force` overwrites it)"),
            "{err}"
        );
        assert_eq!(check_target("--out", &out, true, &inputs), Ok(()));
        // Nothing was written by the checks.
        assert_eq!(fs::read_to_string(&out).unwrap(), "y");
        assert_eq!(fs::read_to_string(&data).unwrap(), "x");
    }

    #[cfg(unix)]
    #[test]
    fn check_target_sees_an_input_through_links_and_escapes_names() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("d.txt");
        fs::write(&data, "x").unwrap();
        // The input named through a link, the output by its own name.
        let link = dir.path().join("l.txt");
        std::os::unix::fs::symlink(&data, &link).unwrap();
        let hard = dir.path().join("h.txt");
        fs::hard_link(&data, &hard).unwrap();
        let err = check_target("--out", &data, true, &[("--data", &link)]).unwrap_err();
        assert!(err.contains("is also --data"), "{err}");
        let err = check_target("--out", &hard, true, &[("--data", &data)]).unwrap_err();
        assert!(err.contains("is also --data"), "{err}");
        // The link itself as the output: refused as a link.
        let err = check_target("--out", &link, true, &[]).unwrap_err();
        assert!(
            err.ends_with("it is a symbolic link; not replaced"),
            "{err}"
        );
        // A control character in the name is shown escaped.
        let odd = dir.path().join("a\u{1b}b");
        fs::write(&odd, "z").unwrap();
        let err = check_target("--out", &odd, false, &[]).unwrap_err();
        assert!(err.contains("a\\x1bb") && !err.contains('\u{1b}'), "{err}");
    }

    #[test]
    fn check_writable_finds_a_missing_directory_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(check_writable("--out", &dir.path().join("n.nnue")), Ok(()));
        // The probe's temporary file is gone.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
        let err = check_writable("--out", &dir.path().join("no/n.nnue")).unwrap_err();
        assert!(err.ends_with(": no such directory"), "{err}");
        assert!(err.starts_with("--out `"), "{err}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_name_at_the_length_limit_works() {
        // 244 characters (the issue's), and 255, the most a name may have:
        // the temporary name must not be built from it.
        let dir = tempfile::tempdir().unwrap();
        for len in [244, 255] {
            let path = dir.path().join("s".repeat(len));
            write_new(&path, "reset\n", false).unwrap();
            assert_eq!(fs::read_to_string(&path).unwrap(), "reset\n");
        }
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
