//! The file system behind `source` and file arguments.

use crate::shell::script::{Loader, Opened};
use std::fs::File;
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
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err("it is a directory".to_string()),
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

/// `path` as sourced from the file `from`: relative to its directory.
fn resolve(from: Option<&str>, path: &str) -> PathBuf {
    let full = PathBuf::from(path);
    match from.and_then(|f| Path::new(f).parent()) {
        Some(dir) if full.is_relative() => dir.join(path),
        _ => full,
    }
}

impl Loader for FsLoader {
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
