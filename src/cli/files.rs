//! The file system behind `source` and file arguments.

use crate::shell::script::{Loader, Opened, WriteError};
use std::fs::{File, FileType};
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// Read buffer size for script and problem-format files.
pub const READ_BUFFER: usize = 64 * 1024;

/// Open `path` for reading, with a reason fit for an error message.
///
/// # Errors
///
/// The reason: missing, a directory, unreadable.
pub fn open(path: &Path) -> Result<(String, BufReader<File>), String> {
    open_checked(path, false)
}

/// [`open`], refusing anything but a regular file when `regular_only`
/// (a FIFO would wait for a writer, a device never end).
pub fn open_checked(path: &Path, regular_only: bool) -> Result<(String, BufReader<File>), String> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err("it is a directory".to_string()),
        Ok(m) if regular_only && !m.is_file() => {
            return Err(format!("it is {}", kind_name(m.file_type())));
        }
        Ok(_) => {}
        Err(e) => return Err(reason(&e)),
    }
    let file = File::open(path).map_err(|e| reason(&e))?;
    let identity = std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned();
    Ok((identity, BufReader::with_capacity(READ_BUFFER, file)))
}

/// What a file that is not a regular one is, for a message: `a FIFO`, `a
/// character device`...
pub fn kind_name(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// An I/O error as a short lower-case reason.
fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

/// Opens sourced files, relative to the directory of the file that sources them.
pub struct FsLoader;

/// Like [`FsLoader`], but opens only regular files: what `boardsh test`
/// replays with, so a case that sources a FIFO or a device fails instead
/// of waiting or reading without end.
pub struct RegularFiles;

impl Loader for RegularFiles {
    fn identify(&mut self, from: Option<&str>, path: &str) -> Option<String> {
        FsLoader.identify(from, path)
    }

    fn write(
        &mut self,
        from: Option<&str>,
        path: &str,
        text: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        crate::cli::write::write_new(&resolve(from, path), text, force)
    }

    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String> {
        let full = resolve(from, path);
        let (identity, reader) = open_checked(&full, true)?;
        Ok(Opened {
            name: full.to_string_lossy().into_owned(),
            identity,
            reader: Box::new(reader),
        })
    }
}

/// `path` as sourced from the file `from`: relative to its directory.
fn resolve(from: Option<&str>, path: &str) -> PathBuf {
    let full = PathBuf::from(path);
    match from.and_then(|f| Path::new(f).parent()) {
        Some(dir) if full.is_relative() => dir.join(path),
        _ => full,
    }
}

impl Loader for FsLoader {
    fn write(
        &mut self,
        from: Option<&str>,
        path: &str,
        text: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        crate::cli::write::write_new(&resolve(from, path), text, force)
    }

    fn identify(&mut self, from: Option<&str>, path: &str) -> Option<String> {
        std::fs::canonicalize(resolve(from, path))
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
    }

    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String> {
        let full = resolve(from, path);
        let (identity, reader) = open(&full)?;
        Ok(Opened {
            name: full.to_string_lossy().into_owned(),
            identity,
            reader: Box::new(reader),
        })
    }
}
