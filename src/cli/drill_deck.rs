//! The drill deck's file and today's date, for the loader: the deck is
//! `drills.jsonl` in boardsh's data directory (`$XDG_DATA_HOME/boardsh`,
//! else `~/.local/share/boardsh`), kept only when the directory above it
//! (`$XDG_DATA_HOME`, `~/.local/share`) exists. Entries are appended
//! under an exclusive lock, each batch with one write, flushed to the
//! disk; a line cut short by a crash is ended first, so it spoils only
//! itself. Today is the UTC day of the clock, or `BOARDSH_TODAY`
//! (`YYYY-MM-DD`, for tests and to replay a day).

use crate::shell::drill::Day;
use std::fs::{self, OpenOptions};
use std::io::{self, Read as _, Write as _};
use std::os::unix::fs::{FileExt as _, MetadataExt as _, OpenOptionsExt as _};
use std::path::{Path, PathBuf};

/// The deck's file name in the data directory.
pub const FILE: &str = "drills.jsonl";

/// The most bytes of the deck read (a card is about 300 bytes).
pub const MAX_DECK: u64 = 32 << 20;

/// The deck's path and whether the directory above the data directory
/// exists (else no deck is kept), or why there is none.
fn place() -> Result<(PathBuf, bool), String> {
    let dir = super::tablebase::data_dir().ok_or_else(|| {
        "no drill deck: no data directory (set HOME or an absolute XDG_DATA_HOME)".to_string()
    })?;
    let base = dir.parent().map(Path::is_dir).unwrap_or(false);
    Ok((dir.join(FILE), base))
}

/// Whether a review's cards are saved: the data directory's parent exists.
pub fn kept() -> bool {
    place().is_ok_and(|(_, base)| base)
}

/// The deck's path as shown, and its text (empty when there is no file
/// yet); invalid UTF-8 is read as replacement characters (its lines are
/// then named damaged).
pub fn read() -> Result<(String, String), String> {
    let (path, base) = place()?;
    let name = path.to_string_lossy().into_owned();
    if !base {
        let above = path.parent().and_then(Path::parent).unwrap_or(&path);
        return Err(format!(
            "no drill deck: the directory {} does not exist",
            crate::quote::quoted_path(&above.to_string_lossy())
        ));
    }
    // Non-blocking: a FIFO in the deck's place would block the open
    // itself; it is refused just below, as anything but a regular file.
    let opened = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&path);
    let file = match opened {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((name, String::new())),
        Err(e) => {
            return Err(format!(
                "cannot read the drill deck {}: {e}",
                crate::quote::quoted_path(&name)
            ));
        }
    };
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(format!(
            "the drill deck {} is not a regular file",
            crate::quote::quoted_path(&name)
        ));
    }
    let mut bytes = Vec::new();
    (&file)
        .take(MAX_DECK + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            format!(
                "cannot read the drill deck {}: {e}",
                crate::quote::quoted_path(&name)
            )
        })?;
    if bytes.len() as u64 > MAX_DECK {
        return Err(format!(
            "the drill deck {} is more than {MAX_DECK} bytes",
            crate::quote::quoted_path(&name)
        ));
    }
    Ok((name, String::from_utf8_lossy(&bytes).into_owned()))
}

/// Append `text` (whole lines) to the deck.
pub fn append(text: &str) -> Result<(), String> {
    let (path, base) = place()?;
    if !base {
        return Err("the data directory's parent does not exist".to_string());
    }
    append_to(&path, text).map_err(|e| e.to_string())
}

/// Append `text` to `path` with one write, under an exclusive lock (the
/// file created, mode 0600, with its directory); a last line cut short is
/// ended first so `text` starts a line of its own.
pub fn append_to(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        fs::create_dir_all(dir)?;
    }
    for _ in 0..8 {
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .mode(0o600)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?;
        if !file.metadata()?.is_file() {
            return Err(io::Error::other("it is not a regular file"));
        }
        file.lock()?;
        // Replaced while waiting for the lock: open the new one.
        let open = file.metadata()?;
        if !fs::metadata(path).is_ok_and(|m| m.ino() == open.ino() && m.dev() == open.dev()) {
            continue;
        }
        let len = open.len();
        let mut record = Vec::with_capacity(text.len() + 1);
        let mut last = [0];
        if len > 0 && file.read_at(&mut last, len - 1)? == 1 && last[0] != b'\n' {
            record.push(b'\n');
        }
        record.extend_from_slice(text.as_bytes());
        (&file).write_all(&record)?;
        file.sync_data()?;
        return Ok(());
    }
    Err(io::Error::other("the file keeps being replaced"))
}

/// Today: `BOARDSH_TODAY` when set, else the clock's UTC day.
pub fn today() -> Result<Day, String> {
    match std::env::var("BOARDSH_TODAY") {
        Ok(text) if !text.is_empty() => Day::parse(&text).ok_or_else(|| {
            format!(
                "BOARDSH_TODAY={}: not a date YYYY-MM-DD (1970 to 9999)",
                crate::quote::quoted(&text)
            )
        }),
        _ => {
            let secs = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            Ok(Day::of_unix_seconds(secs))
        }
    }
}
