//! The history file, never lost: read once when the prompt starts, each
//! entered line appended at once.
//!
//! Appending (`O_APPEND`, one `write` per entry, under an exclusive `flock`)
//! never truncates the file, so a hang-up, a closed terminal, SIGTERM or a
//! crash loses at most the line being typed, and two sessions at once keep
//! both their lines. The file only shrinks by compaction when it has grown
//! well past [`HISTORY_SIZE`] entries: the last entries are written to a
//! temporary file beside it, which is renamed over it, under the same lock;
//! an appender that opened the old file re-opens the new one (it checks the
//! inode after taking the lock). A file that does not start with the
//! header is not one boardsh wrote, and is never rewritten (a warning says
//! so; entries are still read from it and appended to it).
//!
//! The format is rustyline's: a first line `#V2`, then one entry per line
//! with `\n` and `\` escaped as `\\n` and `\\\\`. Only a regular file is used
//! (a device, FIFO or directory gives one warning and the session goes on
//! without saved history), at most [`MAX_READ`] bytes of it are read (the
//! end, where the newest entries are), and a line that is not UTF-8 costs
//! only that entry.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{FileExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

mod format;
#[cfg(test)]
mod tests;

pub use format::{HEADER, escape, parse};

/// How many entries the prompt keeps and a compaction leaves in the file.
pub const HISTORY_SIZE: usize = 1000;

/// The most bytes read from the history file (its end).
pub const MAX_READ: u64 = 4 * 1024 * 1024;

/// The file is compacted when it holds more than this many entries.
pub const COMPACT_AT: usize = 2 * HISTORY_SIZE;

/// The history file: `$BOARDSH_HISTORY`, else `$XDG_DATA_HOME/boardsh/history`
/// (only when that is an absolute path, as the XDG spec says), else
/// `~/.local/share/boardsh/history`.
pub fn history_path() -> Option<PathBuf> {
    path_from(|k| std::env::var_os(k))
}

/// [`history_path`] with the environment read through `env`.
fn path_from(env: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    let var = |k: &str| env(k).filter(|v| !v.is_empty());
    if let Some(p) = var("BOARDSH_HISTORY") {
        return Some(PathBuf::from(p));
    }
    let data = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("boardsh").join("history"))
}

/// The session's history file; [`History::record`] saves an entry at once.
#[derive(Debug)]
pub struct History {
    /// `None` when there is no saved history (no path, or not a regular file).
    path: Option<PathBuf>,
    /// Whether a warning was given (there is only ever one).
    warned: bool,
}

/// What opening the history gave.
#[derive(Debug)]
pub struct Opened {
    pub history: History,
    /// The saved entries, oldest first (at most [`HISTORY_SIZE`]).
    pub entries: Vec<String>,
    /// The one warning to show, if reading failed.
    pub warning: Option<String>,
}

impl History {
    /// Open the history at `path` (none: no saved history) and read it.
    pub fn open(path: Option<PathBuf>) -> Opened {
        let mut history = History {
            path,
            warned: false,
        };
        let Some(path) = history.path.clone() else {
            return Opened {
                history,
                entries: Vec::new(),
                warning: None,
            };
        };
        let (entries, warning) = match read(&path) {
            Ok((entries, total)) => {
                let warning = if total > COMPACT_AT || file_len(&path) > MAX_READ {
                    compact(&path)
                        .err()
                        .map(|e| format!("cannot compact history `{}`: {e}", path.display()))
                } else {
                    None
                };
                (entries, warning)
            }
            Err(Unusable::Missing) => (Vec::new(), None),
            Err(Unusable::Kind(kind)) => {
                history.path = None;
                let what = format!(
                    "history `{}` is {kind}, not a regular file: this session's lines are not saved",
                    path.display()
                );
                (Vec::new(), Some(what))
            }
            Err(Unusable::Io(e)) => (
                Vec::new(),
                Some(format!("cannot read history `{}`: {e}", path.display())),
            ),
        };
        history.warned = warning.is_some();
        Opened {
            history,
            entries,
            warning,
        }
    }

    /// Append `entry` to the file now. The first failure gives a warning
    /// (`None` afterwards: one warning per session).
    pub fn record(&mut self, entry: &str) -> Option<String> {
        let path = self.path.as_ref()?;
        match append(path, entry) {
            Ok(()) => None,
            Err(e) if !self.warned => {
                self.warned = true;
                Some(format!("cannot write history `{}`: {e}", path.display()))
            }
            Err(_) => None,
        }
    }
}

/// Why a history file cannot be read.
enum Unusable {
    /// It does not exist yet (it is created by the first entry).
    Missing,
    /// It is not a regular file: what it is.
    Kind(&'static str),
    /// Reading failed.
    Io(io::Error),
}

/// What kind of file `meta` describes, when it is not a regular file.
fn odd_kind(meta: &fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some("a directory")
    } else if t.is_fifo() {
        Some("a FIFO")
    } else if t.is_char_device() || t.is_block_device() {
        Some("a device")
    } else if t.is_socket() {
        Some("a socket")
    } else {
        Some("not a file")
    }
}

/// Open `path` for `opts` without blocking on a FIFO, refusing anything
/// but a regular file (checked before and after opening).
fn open_regular(path: &Path, opts: &mut OpenOptions) -> Result<File, Unusable> {
    match fs::metadata(path) {
        Ok(meta) => {
            if let Some(kind) = odd_kind(&meta) {
                return Err(Unusable::Kind(kind));
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(Unusable::Io(e)),
    }
    let file = opts
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => Unusable::Missing,
            _ => Unusable::Io(e),
        })?;
    let meta = file.metadata().map_err(Unusable::Io)?;
    match odd_kind(&meta) {
        Some(kind) => Err(Unusable::Kind(kind)),
        None => Ok(file),
    }
}

fn file_len(path: &Path) -> u64 {
    fs::metadata(path).map_or(0, |m| m.len())
}

/// The last [`HISTORY_SIZE`] entries of the file and how many it holds
/// (in its last [`MAX_READ`] bytes).
fn read(path: &Path) -> Result<(Vec<String>, usize), Unusable> {
    let mut file = open_regular(path, OpenOptions::new().read(true))?;
    file.lock_shared().map_err(Unusable::Io)?;
    let bytes = read_tail(&mut file).map_err(Unusable::Io)?;
    let mut entries = parse(&bytes);
    let total = entries.len();
    entries.drain(..total.saturating_sub(HISTORY_SIZE));
    Ok((entries, total))
}

/// The last [`MAX_READ`] bytes of `file`, starting at a line (a first
/// line cut by the limit is dropped).
fn read_tail(file: &mut File) -> io::Result<Vec<u8>> {
    let len = file.metadata()?.len();
    let start = len.saturating_sub(MAX_READ);
    file.seek(SeekFrom::Start(start))?;
    let mut bytes = Vec::with_capacity(usize::try_from(len - start).unwrap_or(0));
    file.take(MAX_READ).read_to_end(&mut bytes)?;
    if start > 0 {
        let cut = memchr::memchr(b'\n', &bytes).map_or(bytes.len(), |i| i + 1);
        bytes.drain(..cut);
    }
    Ok(bytes)
}

/// Whether `file` (open) is still the file at `path` (not renamed over by
/// a compaction since it was opened).
fn still_at(file: &File, path: &Path) -> io::Result<bool> {
    let open = file.metadata()?;
    Ok(fs::metadata(path).is_ok_and(|m| m.ino() == open.ino() && m.dev() == open.dev()))
}

fn unusable(e: Unusable) -> io::Error {
    match e {
        Unusable::Missing => io::Error::from(io::ErrorKind::NotFound),
        Unusable::Kind(kind) => io::Error::other(format!("it is {kind}")),
        Unusable::Io(e) => e,
    }
}

/// Append one entry with one write, under an exclusive lock.
fn append(path: &Path, entry: &str) -> io::Result<()> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        fs::create_dir_all(dir)?;
    }
    for _ in 0..8 {
        let file = open_regular(
            path,
            OpenOptions::new()
                .read(true)
                .append(true)
                .create(true)
                .mode(0o600),
        )
        .map_err(unusable)?;
        file.lock()?;
        if !still_at(&file, path)? {
            continue;
        }
        let len = file.metadata()?.len();
        let mut record = Vec::with_capacity(entry.len() + 8);
        if len == 0 {
            record.extend_from_slice(HEADER);
            record.push(b'\n');
        } else {
            // A line cut short (a crash mid-write) must not swallow this one.
            let mut last = [0];
            if file.read_at(&mut last, len - 1)? == 1 && last[0] != b'\n' {
                record.push(b'\n');
            }
        }
        escape(entry, &mut record);
        (&file).write_all(&record)?;
        return Ok(());
    }
    Err(io::Error::other("the file keeps being replaced"))
}

/// Whether `file` begins with the [`HEADER`] line (read at its start,
/// whatever part of it was read for the entries).
fn starts_with_header(file: &File) -> io::Result<bool> {
    let mut first = [0; 4];
    let n = file.read_at(&mut first, 0)?;
    let line = first.get(..n).unwrap_or_default();
    Ok(line.strip_suffix(b"\n").unwrap_or(line) == HEADER)
}

/// Rewrite the file with its last [`HISTORY_SIZE`] entries: a temporary
/// file beside it, renamed over it, all under the lock appenders take.
fn compact(path: &Path) -> io::Result<()> {
    let mut file = open_regular(path, OpenOptions::new().read(true)).map_err(unusable)?;
    file.lock()?;
    if !still_at(&file, path)? {
        return Ok(()); // another session compacted it just now
    }
    if !starts_with_header(&file)? {
        // Not a history this boardsh wrote (`BOARDSH_HISTORY` naming some
        // other file, or an old headerless one): never rewritten.
        return Err(io::Error::other(
            "its first line is not `#V2`, so it is not a boardsh history: left as it is",
        ));
    }
    let mut entries = parse(&read_tail(&mut file)?);
    entries.drain(..entries.len().saturating_sub(HISTORY_SIZE));
    let mut text = Vec::with_capacity(64 * entries.len());
    text.extend_from_slice(HEADER);
    text.push(b'\n');
    for e in &entries {
        escape(e, &mut text);
    }
    let mut staged = crate::cli::write::Staged::beside(path, crate::cli::write::PRIVATE)?;
    staged.write_all(&text)?;
    staged.replace(path)
}
