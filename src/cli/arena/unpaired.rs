//! A resumed match's record file (`--pgn FILE` with `--json`): the
//! records of games the results file does not hold are dropped before
//! the first new game, since those games are played again.
//!
//! A game is recorded when it ends, its pair's results line when both
//! games have; a match stopped in between (a signal, `kill -9`, a full
//! disk, the unread-output watchdog) leaves records of an unfinished pair
//! (or one cut off mid-write), and a resume appending the replayed games
//! after them recorded those games twice. Kept: each record whose game is
//! in a finished pair of the results file and that is whole (its last
//! line the `# result` line), the last one of a game number recorded
//! twice (by an older boardsh: the later one is the game the results
//! file counts), and whatever precedes the first record. The file is
//! rewritten atomically (a temporary file renamed over it) and only when
//! something goes; it is read twice in a stream (the first pass finds
//! each game's last whole record, the second copies the kept ones), so
//! memory is bounded by the results file, not by the records.

use crate::cli::files::READ_BUFFER;
use std::collections::HashMap;
use std::fs;
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::os::unix::fs::{FileExt, OpenOptionsExt as _};
use std::path::Path;

/// The bytes of a line looked at: enough for `# game N of M` with any
/// two `u64`s, and for the `# result ` prefix.
const HEAD: usize = 64;

/// One record found in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    /// Its place in the file (0 for the first record).
    index: u64,
    /// The offset of its `# game` line.
    start: u64,
    /// The offset after its last non-blank line (trailing blank lines,
    /// the separator before the next record, are not its own).
    end: u64,
    /// The game number of its `# game N of M` line.
    number: u64,
    /// Whether its last non-blank line is a whole `# result` line.
    whole: bool,
}

/// The game number of a `# game N of M` line (`line` without its end).
fn game_line(line: &[u8]) -> Option<u64> {
    let rest = line.strip_prefix(b"# game ")?;
    let text = std::str::from_utf8(rest).ok()?;
    let (n, of) = text.split_once(" of ")?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(n) || !digits(of) {
        return None;
    }
    of.parse::<u64>().ok()?;
    n.parse().ok()
}

/// The records of `file`, in order, each given to `each`; the offset of
/// the first record's line (the file's length if it has none).
fn scan(file: &fs::File, mut each: impl FnMut(&Record) -> io::Result<()>) -> io::Result<u64> {
    let mut file = file;
    file.seek(SeekFrom::Start(0))?;
    let mut reader = BufReader::with_capacity(READ_BUFFER, file);
    let mut pos: u64 = 0;
    // The line being read: where it starts, its first bytes, and whether
    // it is longer than those.
    let mut start: u64 = 0;
    let mut head: Vec<u8> = Vec::with_capacity(HEAD);
    let mut long = false;
    let mut current: Option<Record> = None;
    let mut first: Option<u64> = None;
    let mut count: u64 = 0;
    loop {
        let buf = reader.fill_buf()?;
        let ended = if buf.is_empty() {
            if pos == start {
                break;
            }
            false
        } else {
            let (take, ended) = match memchr::memchr(b'\n', buf) {
                Some(i) => (i, true),
                None => (buf.len(), false),
            };
            let room = HEAD.saturating_sub(head.len());
            let part = buf.get(..take).unwrap_or_default();
            head.extend_from_slice(part.get(..room.min(part.len())).unwrap_or_default());
            long |= part.len() > room;
            let used = take + usize::from(ended);
            reader.consume(used);
            pos += used as u64;
            if !ended {
                continue;
            }
            true
        };
        // A whole line (or the last one, without its end).
        let number = if ended && !long {
            game_line(&head)
        } else {
            None
        };
        if let Some(number) = number {
            if let Some(done) = current.take() {
                each(&done)?;
            }
            first.get_or_insert(start);
            current = Some(Record {
                index: count,
                start,
                end: pos,
                number,
                whole: false,
            });
            count += 1;
        } else if let Some(rec) = &mut current
            && (long || !head.iter().all(u8::is_ascii_whitespace))
        {
            rec.end = pos;
            rec.whole = ended && head.starts_with(b"# result ");
        }
        if !ended {
            break;
        }
        start = pos;
        head.clear();
        long = false;
    }
    if let Some(done) = current {
        each(&done)?;
    }
    Ok(first.unwrap_or(pos))
}

/// Copy bytes `from..to` of `file` to `out`.
fn copy_range(file: &fs::File, from: u64, to: u64, out: &mut impl Write) -> io::Result<()> {
    let mut buf = vec![0_u8; READ_BUFFER];
    let mut at = from;
    while at < to {
        let want = usize::try_from(to - at)
            .unwrap_or(usize::MAX)
            .min(buf.len());
        let chunk = buf.get_mut(..want).unwrap_or_default();
        file.read_exact_at(chunk, at)?;
        out.write_all(chunk)?;
        at += want as u64;
    }
    Ok(())
}

/// Drop from the record file at `path` every record whose game `paired`
/// does not hold, every record cut off, and the earlier records of a game
/// recorded twice. A missing file is left missing.
///
/// # Errors
///
/// The file cannot be read, or its replacement written (it is then left
/// as it was).
///
/// Returns how many records were dropped.
pub fn drop_unpaired(path: &Path, paired: impl Fn(u64) -> bool) -> io::Result<u64> {
    // Non-blocking, then a regular file only: a FIFO or a device put in
    // the record file's place is refused, never waited on or read.
    let opened = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path);
    let file = match opened {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    let len = meta.len();
    // Each game's last whole record, for the paired games only (so this
    // holds at most the results file's games).
    let mut last: HashMap<u64, u64> = HashMap::new();
    let mut records: u64 = 0;
    let first = scan(&file, |r| {
        records += 1;
        if r.whole && paired(r.number) {
            last.insert(r.number, r.index);
        }
        Ok(())
    })?;
    let kept = last.len() as u64;
    let dropped = records - kept;
    if dropped == 0 {
        return Ok(0);
    }
    crate::cli::write::replace_with(path, |out| {
        let mut out = io::BufWriter::with_capacity(READ_BUFFER, out);
        // What precedes the first record is not a record: kept as it is
        // (with the blank line the sink wrote before the first record).
        copy_range(&file, 0, first, &mut out)?;
        let mut written = false;
        scan(&file, |r| {
            if last.get(&r.number) != Some(&r.index) {
                return Ok(());
            }
            if written {
                // The blank line between two games, as the sink writes it.
                out.write_all(b"\n")?;
            }
            copy_range(&file, r.start, r.end, &mut out)?;
            written = true;
            Ok(())
        })?;
        // Nothing may have been appended between the two reads.
        if file.metadata()?.len() != len {
            return Err(io::Error::other("it changed while it was read"));
        }
        out.flush()
    })?;
    Ok(dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record as the sink writes it: game `n`, one move, a result.
    fn record(n: u64, mv: &str) -> String {
        format!(
            "# game {n} of 6\n# white: a\n# black: b\n\
             fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nplay {mv}\n# result 1-0 (why)\n"
        )
    }

    #[test]
    fn game_lines_are_read_exactly() {
        assert_eq!(game_line(b"# game 12 of 40"), Some(12));
        assert_eq!(game_line(b"# game 0 of 0"), Some(0));
        for bad in [
            &b"# game x of 4"[..],
            b"# game 1 of",
            b"# game 1 of 4 ",
            b"# game -1 of 4",
            b"# game 99999999999999999999 of 4",
            b"## game 1 of 4",
            b"# white: # game 1 of 4",
        ] {
            assert_eq!(game_line(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn unpaired_torn_and_earlier_duplicate_records_go() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.bsh");
        // Notes before the first record, then: game 1 (paired), game 3
        // (its pair unfinished), game 2 (paired) twice with different
        // moves, and game 4 cut off mid-write (no result line).
        let text = format!(
            "my notes\n\n{}\n{}\n{}\n{}\n# game 4 of 6\nfen 7/7/7/7/7/7/7 w 0\nplay c2",
            record(1, "a2a3"),
            record(3, "b2b3"),
            record(2, "c2c3"),
            record(2, "d2d3"),
        );
        std::fs::write(&path, &text).unwrap();
        let paired = |n: u64| matches!(n, 1 | 2 | 4);
        // Five records, two kept (game 1, the later game 2): three go.
        assert_eq!(drop_unpaired(&path, paired).unwrap(), 3);
        let expected = format!("my notes\n\n{}\n{}", record(1, "a2a3"), record(2, "d2d3"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), expected);
        // Nothing else left beside it (the temporary file is renamed).
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // A second pass finds nothing to drop and leaves the file alone.
        assert_eq!(drop_unpaired(&path, paired).unwrap(), 0);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), expected);
    }

    #[test]
    fn a_fifo_in_the_records_place_is_refused_at_once() {
        // Opened blocking, a FIFO nobody writes would hang the resume in
        // `open`; now it is refused as not a regular file.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.bsh");
        nix::unistd::mkfifo(&path, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
        let e = drop_unpaired(&path, |_| true).unwrap_err();
        assert_eq!(e.to_string(), "not a regular file");
    }

    #[test]
    fn a_file_of_paired_games_is_not_rewritten() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.bsh");
        let text = format!("{}\n{}", record(1, "a2a3"), record(2, "b2b3"));
        std::fs::write(&path, &text).unwrap();
        let inode = std::fs::metadata(&path).unwrap().ino();
        assert_eq!(drop_unpaired(&path, |_| true).unwrap(), 0);
        // The same file (not a copy renamed over it), the same bytes.
        assert_eq!(std::fs::metadata(&path).unwrap().ino(), inode);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        // A missing file stays missing.
        let none = dir.path().join("none.bsh");
        assert_eq!(drop_unpaired(&none, |_| true).unwrap(), 0);
        assert!(!none.exists());
    }

    #[test]
    fn lines_longer_than_a_read_buffer_are_streamed() {
        // A record line of 200 KiB (over three read buffers) is carried
        // whole; a `# game` line that long is no record line.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.bsh");
        let long = "x".repeat(200 << 10);
        let text = format!(
            "{}\n{}# {long}\n# game 2 of 6{long}\n# result 0-1 (long)\n",
            record(3, "a2a3"),
            record(1, "b2b3"),
        );
        std::fs::write(&path, &text).unwrap();
        // Game 3 goes; game 1 stays, its two long lines with it (its last
        // line is a result line again).
        assert_eq!(drop_unpaired(&path, |n| n == 1).unwrap(), 1);
        let kept = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            kept,
            format!(
                "{}# {long}\n# game 2 of 6{long}\n# result 0-1 (long)\n",
                record(1, "b2b3")
            )
        );
    }
}
