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

impl Loader for FsLoader {
    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String> {
        let mut full = PathBuf::from(path);
        if let Some(dir) = from.and_then(|f| Path::new(f).parent())
            && full.is_relative()
        {
            full = dir.join(path);
        }
        let (identity, reader) = open(&full)?;
        Ok(Opened {
            name: full.to_string_lossy().into_owned(),
            identity,
            reader: Box::new(reader),
        })
    }
}
