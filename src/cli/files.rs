//! The file system behind `source` and file arguments, and the readers of
//! the files of a fixed format (tables, weights, results, openings).
//!
//! Two ways of reading, by what a file is for:
//!
//! - Scripts (`source`, file arguments, `-i`, `course` inputs) may be a
//!   FIFO, a pipe (`source <(...)`, `/dev/stdin`) or a terminal: they are
//!   opened without blocking (`O_NONBLOCK`: opening a FIFO otherwise
//!   waits for a writer in open(2), where no signal handler can reach)
//!   and read through [`Checked::file`], which waits for input in poll(2)
//!   slices of 100 ms, so an interrupt (Ctrl-C at the prompt; SIGINT,
//!   SIGTERM, SIGHUP in a batch run) ends the wait within a slice.
//! - Files of a fixed format ([`read_regular`]) must be regular files of
//!   at most the format's size: a FIFO, a device, a socket or a directory
//!   is refused before anything is read, and so is a file larger than the
//!   limit (checked again while reading, for a file that grows).

use crate::cli::interruptible::{Checked, is_regular};
use crate::congo::eval::{Evaluator, NetChoice};
use crate::shell::Live;
use crate::shell::script::{Loader, Opened, WriteError};
use std::fs::{File, FileType};
use std::io::{self, BufReader, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Read buffer size for script and problem-format files.
pub const READ_BUFFER: usize = 64 * 1024;

/// The most bytes of a weights file (`--weights`; `boardsh tune` writes
/// a few hundred).
pub const WEIGHTS_LIMIT: u64 = 1 << 20;
/// The most bytes of `boardsh tune --data` (one position a line, about 60
/// bytes: some 17 million positions).
pub const TUNE_DATA_LIMIT: u64 = 1 << 30;
/// The most bytes of `boardsh match --openings` (a FEN or a move list a
/// line).
pub const OPENINGS_LIMIT: u64 = 64 << 20;
/// The most bytes of a results file (`boardsh match --json`, `--merge`;
/// a few hundred bytes a pair of games).
pub const RESULTS_LIMIT: u64 = 256 << 20;

/// The most bytes of a `selfplay --out-dir` job's `job.txt` (its settings,
/// a few hundred bytes).
pub const JOB_LIMIT: u64 = 1 << 20;

/// A script file as opened: its identity (canonical path) and a reader
/// that stops once the interrupt flag it was opened with is set.
pub type Script = (String, BufReader<Checked<File>>);

/// Open `path` for reading, with a reason fit for an error message. A
/// FIFO or terminal is waited on for as long as it takes (nothing
/// interrupts this reader: see [`open_live`]).
///
/// # Errors
///
/// The reason: missing, a directory, unreadable.
pub fn open(path: &Path) -> Result<Script, String> {
    open_live(path, false, Arc::new(Live::default()))
}

/// [`open`], refusing anything but a regular file when `regular_only`
/// (a FIFO would wait for a writer, a device never end); reading stops
/// once `live` is interrupted, a wait for input included.
///
/// # Errors
///
/// The reason: missing, a directory, not a regular file (when
/// `regular_only`), unreadable.
pub fn open_live(path: &Path, regular_only: bool, live: Arc<Live>) -> Result<Script, String> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err("it is a directory".to_string()),
        Ok(m) if regular_only && !m.is_file() => {
            return Err(format!("it is {}", kind_name(m.file_type())));
        }
        Ok(_) => {}
        Err(e) => return Err(reason(&e)),
    }
    let file = open_nonblocking(path).map_err(|e| reason(&e))?;
    // It may have been replaced between the look and the open.
    if regular_only && !is_regular(&file) {
        return Err(match file.metadata() {
            Ok(m) => format!("it is {}", kind_name(m.file_type())),
            Err(e) => reason(&e),
        });
    }
    let identity = std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned();
    Ok((
        identity,
        BufReader::with_capacity(READ_BUFFER, Checked::file(file, live)),
    ))
}

/// Open `path` for reading without waiting for a FIFO's writer. The flag
/// stays on the open file (ours alone): a read that finds nothing says
/// so at once, and [`Checked::file`] waits for input with poll(2).
pub fn open_nonblocking(path: &Path) -> io::Result<File> {
    File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// The error for a file of `size` bytes, over the `limit` of its format
/// (`what`: `"a weights file"`).
fn too_large(size: u64, limit: u64, what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("it is {size} bytes, more than the {limit} bytes {what} may be"),
    )
}

/// The bytes of `path`, a file of a fixed format (`what`, e.g.
/// `"a weights file"`, for the message) of at most `limit` bytes.
///
/// # Errors
///
/// `NotFound` as from the file system (callers that allow a missing file
/// test its kind); a directory, FIFO, device or socket, refused before
/// anything is read (`InvalidInput`, "it is a FIFO, not a regular
/// file"); a file over `limit` (`InvalidData`, naming its size and the
/// limit); any other error of the open or the reads.
pub fn read_regular(path: &Path, limit: u64, what: &str) -> io::Result<Vec<u8>> {
    let not_regular = |kind: FileType| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {}, not a regular file", kind_name(kind)),
        )
    };
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    if meta.len() > limit {
        return Err(too_large(meta.len(), limit, what));
    }
    let file = open_nonblocking(path)?;
    // It may have been replaced between the look and the open.
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    let mut bytes = Vec::new();
    // A large table may not fit: say so rather than abort.
    bytes
        .try_reserve_exact(usize::try_from(meta.len()).unwrap_or(usize::MAX))
        .map_err(|_| {
            io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!("not enough memory to read its {} bytes", meta.len()),
            )
        })?;
    // One byte more than the limit tells a file that grew past it.
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    let read = bytes.len() as u64;
    if read > limit {
        return Err(too_large(read, limit, what));
    }
    Ok(bytes)
}

/// [`read_regular`] for a text format: the bytes must be UTF-8.
///
/// # Errors
///
/// As [`read_regular`], and `InvalidData` for text that is not UTF-8.
pub fn read_regular_text(path: &Path, limit: u64, what: &str) -> io::Result<String> {
    utf8_text(read_regular(path, limit, what)?)
}

/// `bytes` as text, or an error naming the first byte that is not UTF-8.
pub fn utf8_text(bytes: Vec<u8>) -> io::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it is not UTF-8 text (byte {} is not)",
                e.utf8_error().valid_up_to()
            ),
        )
    })
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

/// The bytes of the network file `path` (`set net FILE`, `--net FILE`),
/// or why it cannot be read: a regular file of at most
/// [`MAX_FILE_BYTES`](crate::congo::nnue::MAX_FILE_BYTES).
pub fn read_net(path: &str) -> Result<Vec<u8>, String> {
    let limit = crate::congo::nnue::MAX_FILE_BYTES as u64;
    read_regular(Path::new(path), limit, "a network file").map_err(|e| reason(&e))
}

/// The evaluation of a `--net` option (`agent`, `selfplay`, the lab):
/// `off`, `default` or a network file's name; without the option, the
/// one [`STARTUP_NET`](crate::congo::eval::STARTUP_NET) names. Resolved
/// by the evaluation's one loader ([`crate::congo::eval::resolve`]) with
/// this front end's file reader ([`read_net`]).
///
/// # Errors
///
/// `--net: ` and why the file cannot be read or used (a usage error).
pub fn net_option(text: Option<&str>) -> Result<Evaluator, String> {
    crate::congo::eval::resolve(text, Some(&read_net)).map_err(|e| format!("--net: {e}"))
}

/// The evaluation of `agent`'s and `selfplay`'s `--net` beside their
/// `--weights`: the weights are the hand-written evaluation's, which a
/// network replaces, so with `--weights` and no `--net` the hand-written
/// evaluation plays (with those weights), and `--weights` with a network
/// named (`--net FILE` or `default`) is refused rather than ignored.
///
/// # Errors
///
/// The combination refused, or [`net_option`]'s (usage errors).
pub fn net_with_weights(net: Option<&str>, weights: Option<&Path>) -> Result<Evaluator, String> {
    if weights.is_none() {
        return net_option(net);
    }
    match net.map(NetChoice::parse) {
        None | Some(Some(NetChoice::Off)) => Ok(Evaluator::Hand),
        Some(_) => Err(format!(
            "--weights with --net {}: the weights are the hand-written evaluation's, which a network replaces; give --net off, or no --weights",
            crate::quote::quoted_path(&crate::cli::report::escape(net.unwrap_or_default()))
        )),
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

/// Opens sourced files, relative to the directory of the file that sources
/// them. A FIFO or terminal is waited on for as long as it takes: see
/// [`LiveLoader`].
pub struct FsLoader;

/// [`FsLoader`] whose files stop being read once `live` is interrupted,
/// a wait for a FIFO's writer or a terminal's input included: what the
/// binary sources with.
pub struct LiveLoader {
    pub live: Arc<Live>,
}

impl Loader for LiveLoader {
    fn read_deck(&mut self) -> Result<(String, String), String> {
        crate::cli::drill_deck::read()
    }

    fn keeps_drills(&mut self) -> bool {
        crate::cli::drill_deck::kept()
    }

    fn append_deck(&mut self, text: &str) -> Result<(), String> {
        crate::cli::drill_deck::append(text)
    }

    fn today(&mut self) -> Result<crate::shell::drill::Day, String> {
        crate::cli::drill_deck::today()
    }

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
        FsLoader.write(from, path, text, force)
    }

    fn check_write(
        &mut self,
        from: Option<&str>,
        path: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        FsLoader.check_write(from, path, force)
    }

    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String> {
        let full = resolve(from, path);
        let (identity, reader) = open_live(&full, false, Arc::clone(&self.live))?;
        Ok(Opened {
            name: full.to_string_lossy().into_owned(),
            identity,
            reader: Box::new(reader),
        })
    }
}

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

    fn check_write(
        &mut self,
        from: Option<&str>,
        path: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        crate::cli::write::check_new(&resolve(from, path), force)
    }

    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String> {
        let full = resolve(from, path);
        let (identity, reader) = open_live(&full, true, Arc::new(Live::default()))?;
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
    fn read_deck(&mut self) -> Result<(String, String), String> {
        crate::cli::drill_deck::read()
    }

    fn keeps_drills(&mut self) -> bool {
        crate::cli::drill_deck::kept()
    }

    fn append_deck(&mut self, text: &str) -> Result<(), String> {
        crate::cli::drill_deck::append(text)
    }

    fn today(&mut self) -> Result<crate::shell::drill::Day, String> {
        crate::cli::drill_deck::today()
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

    fn check_write(
        &mut self,
        from: Option<&str>,
        path: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        crate::cli::write::check_new(&resolve(from, path), force)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_regular_takes_a_regular_file_up_to_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("w.txt");
        std::fs::write(&p, b"12345").unwrap();
        assert_eq!(read_regular(&p, 5, "a file").unwrap(), b"12345");
        // One byte over: refused, naming the size and the limit.
        let e = read_regular(&p, 4, "a weights file").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            "it is 5 bytes, more than the 4 bytes a weights file may be"
        );
        // Missing: the file system's own error, for callers that allow it.
        let e = read_regular(&dir.path().join("none"), 5, "a file").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn read_regular_refuses_what_is_not_a_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
        // Refused before it is opened: no writer is waited for.
        for (path, kind) in [
            (fifo.as_path(), "a FIFO"),
            (Path::new("/dev/zero"), "a character device"),
            (dir.path(), "a directory"),
        ] {
            let e = read_regular(path, 100, "a file").unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
            assert_eq!(e.to_string(), format!("it is {kind}, not a regular file"));
        }
        let text = dir.path().join("t");
        std::fs::write(&text, b"ok\xff").unwrap();
        assert_eq!(
            read_regular_text(&text, 100, "a file")
                .unwrap_err()
                .to_string(),
            "it is not UTF-8 text (byte 2 is not)"
        );
    }
}
