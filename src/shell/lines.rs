//! Reading a source line by line into one reused buffer, tolerating the
//! quirks of real files: CRLF endings, a UTF-8 byte-order mark, a last line
//! without a newline. Lines that are not UTF-8 or too long to hold are
//! handed over as such, for the runner to report with their line number.

use super::command::Span;
use std::io::{self, BufRead, Read};

/// Longest line read: the one cap of [`crate::limits`].
pub use crate::limits::MAX_LINE;

/// How many bytes of a too-long line are kept to show where it starts.
const TOO_LONG_SHOWN: usize = 80;

/// How many bytes past the limit the rest of a too-long line may run: it
/// is skipped (so the next line can be read) only if its newline comes
/// within this; a longer line, like the endless one of `/dev/zero`, ends
/// the file instead.
pub const SKIP_LIMIT: u64 = 64 * 1024 * 1024;

/// A failure to read a source (not to write output): what
/// [`LineReader`] wraps its read errors in, so a runner can tell them
/// from output errors and report them at the place of the file.
#[derive(Debug)]
pub struct ReadFault(pub io::Error);

/// The system's reason, except a directory (read as a file), said as
/// for a named file: `it is a directory`.
impl std::fmt::Display for ReadFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.kind() == io::ErrorKind::IsADirectory {
            return f.write_str("it is a directory");
        }
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for ReadFault {}

impl ReadFault {
    /// `e` as a read fault, keeping its kind.
    pub fn wrap(e: io::Error) -> io::Error {
        // An interruption (Ctrl-C while a file is read) is no fault of the file.
        let interrupted = e
            .get_ref()
            .is_some_and(|inner| inner.is::<crate::interrupt::Interrupted>());
        if interrupted || ReadFault::of(&e).is_some() {
            return e;
        }
        io::Error::new(e.kind(), ReadFault(e))
    }

    /// The read fault inside `e`, if `e` is one.
    pub fn of(e: &io::Error) -> Option<&ReadFault> {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<ReadFault>())
    }
}

/// A line reader over any `BufRead`.
pub struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    line_no: usize,
    limit: usize,
    /// Bytes of the reader's buffer lent out as the last line, to consume
    /// before reading the next.
    lent: usize,
    /// The last line was too long: its rest is to be skipped before the
    /// next line (lazily, so the line is reported at once).
    skip: bool,
    /// The file was given up (a too-long line without an end in sight).
    abandoned: bool,
    /// How far the rest of a too-long line is skipped ([`SKIP_LIMIT`]).
    skip_limit: u64,
}

/// What one line holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text<'a> {
    /// The line's text.
    Utf8(&'a str),
    /// A line that is not valid UTF-8: its bytes.
    Invalid(&'a [u8]),
    /// A line longer than the limit: its first bytes (the rest was skipped).
    TooLong(&'a [u8]),
}

/// One line: its 1-based number and what it holds.
pub type Line<'a> = (usize, Text<'a>);

impl<R: BufRead> LineReader<R> {
    /// A reader starting at line 1, with lines of at most [`MAX_LINE`] bytes.
    pub fn new(reader: R) -> LineReader<R> {
        LineReader::with_limit(reader, MAX_LINE)
    }

    /// A reader whose lines may hold at most `limit` bytes.
    pub fn with_limit(reader: R, limit: usize) -> LineReader<R> {
        LineReader::with_limits(reader, limit, SKIP_LIMIT)
    }

    /// A reader whose lines may hold at most `limit` bytes, the rest of a
    /// longer line skipped if it ends within `skip_limit` more bytes (else
    /// the reader ends there).
    pub fn with_limits(reader: R, limit: usize, skip_limit: u64) -> LineReader<R> {
        LineReader {
            reader,
            buf: Vec::with_capacity(256),
            line_no: 0,
            limit,
            lent: 0,
            skip: false,
            abandoned: false,
            skip_limit,
        }
    }

    /// Whether the input was given up at a too-long line with no end in
    /// sight (rather than read to its end).
    pub fn abandoned(&self) -> bool {
        self.abandoned
    }

    /// The next line without its `\n` / `\r\n`, or `None` at the end.
    ///
    /// # Errors
    ///
    /// When reading fails.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        Ok(self.next_raw()?.map(|raw| (raw.line_no, raw.text())))
    }

    /// The next line as bytes, not yet checked to be UTF-8: for a caller
    /// that can use bytes directly (the FEN fast path) and only looks at
    /// [`Raw::text`] when it cannot.
    ///
    /// # Errors
    ///
    /// When reading fails: a [`ReadFault`].
    pub fn next_raw(&mut self) -> io::Result<Option<Raw<'_>>> {
        self.read_raw().map_err(ReadFault::wrap)
    }

    fn read_raw(&mut self) -> io::Result<Option<Raw<'_>>> {
        if self.skip {
            self.skip = false;
            self.abandoned = !self.skip_line()?;
        }
        if self.abandoned {
            return Ok(None);
        }
        if self.lent > 0 {
            self.reader.consume(self.lent);
            self.lent = 0;
        }
        // Room for the longest line plus a byte-order mark and `\r\n`, and
        // one byte more: a buffer this full without a newline holds a line
        // that is too long, whose rest is skipped.
        let room = self.limit.saturating_add(6);
        // Fast path: the whole line is in the reader's buffer already, so it
        // is lent from there without a copy.
        let newline = {
            let available = self.reader.fill_buf()?;
            memchr::memchr(b'\n', available)
        };
        if let Some(end) = newline.filter(|&end| end < room) {
            self.lent = end + 1;
            self.line_no += 1;
            let available = self.reader.fill_buf()?;
            let bytes = available.get(..end).unwrap_or_default();
            return Ok(Some(Raw {
                line_no: self.line_no,
                bytes,
                limit: self.limit,
                cut_off: false,
            }));
        }
        self.buf.clear();
        let read = (&mut self.reader)
            .take(u64::try_from(room).unwrap_or(u64::MAX))
            .read_until(b'\n', &mut self.buf)?;
        if read == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        let cut_off = !self.buf.ends_with(b"\n") && self.buf.len() >= room;
        self.skip = cut_off;
        let bytes = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
        Ok(Some(Raw {
            line_no: self.line_no,
            bytes,
            limit: self.limit,
            cut_off,
        }))
    }
}

impl<R: BufRead> LineReader<R> {
    /// Skip the rest of a too-long line, up to `skip_limit` bytes:
    /// `true` when its end (a newline or the end of the file) came within
    /// them.
    fn skip_line(&mut self) -> io::Result<bool> {
        let mut skipped = 0u64;
        loop {
            let (used, found) = {
                let available = match self.reader.fill_buf() {
                    Ok(a) => a,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if available.is_empty() {
                    return Ok(true);
                }
                let left = usize::try_from(self.skip_limit - skipped).unwrap_or(usize::MAX);
                let window = available.get(..left).unwrap_or(available);
                match memchr::memchr(b'\n', window) {
                    Some(i) => (i + 1, true),
                    None => (window.len(), false),
                }
            };
            self.reader.consume(used);
            if found {
                return Ok(true);
            }
            skipped = skipped.saturating_add(u64::try_from(used).unwrap_or(u64::MAX));
            if skipped >= self.skip_limit {
                return Ok(false);
            }
        }
    }
}

/// A line as read: its number and bytes (without `\n`), not yet checked.
pub struct Raw<'a> {
    /// 1-based line number.
    pub line_no: usize,
    bytes: &'a [u8],
    limit: usize,
    cut_off: bool,
}

impl<'a> Raw<'a> {
    /// What the line holds: text, invalid UTF-8 or too long.
    pub fn text(&self) -> Text<'a> {
        classify(self.bytes, self.line_no, self.limit, self.cut_off)
    }

    /// The line's bytes without `\r` (and a byte-order mark on line 1),
    /// unless it is too long.
    pub fn bytes(&self) -> Option<&'a [u8]> {
        match self.text_bytes() {
            b if self.cut_off || b.len() > self.limit => None,
            b => Some(b),
        }
    }

    fn text_bytes(&self) -> &'a [u8] {
        let mut bytes = self.bytes;
        if let Some(rest) = bytes.strip_suffix(b"\r") {
            bytes = rest;
        }
        if self.line_no == 1
            && let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF")
        {
            bytes = rest;
        }
        bytes
    }
}

/// A line's bytes (without `\n`) as [`Text`]: `\r` and, on line 1, a
/// byte-order mark dropped; too long or not UTF-8 said so.
fn classify(mut bytes: &[u8], line_no: usize, limit: usize, cut_off: bool) -> Text<'_> {
    if let Some(rest) = bytes.strip_suffix(b"\r") {
        bytes = rest;
    }
    if line_no == 1
        && let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF")
    {
        bytes = rest;
    }
    if cut_off || bytes.len() > limit {
        Text::TooLong(char_prefix(bytes, TOO_LONG_SHOWN))
    } else {
        match std::str::from_utf8(bytes) {
            Ok(text) => Text::Utf8(text),
            Err(_) => Text::Invalid(bytes),
        }
    }
}

/// At most `max` bytes of `bytes`, not ending inside a UTF-8 sequence.
fn char_prefix(bytes: &[u8], max: usize) -> &[u8] {
    if bytes.len() <= max {
        return bytes;
    }
    // Step back over continuation bytes (0b10xxxxxx) to a sequence start.
    let mut cut = max;
    for _ in 0..3 {
        match bytes.get(cut) {
            Some(b) if b & 0xC0 == 0x80 => cut -= 1,
            _ => break,
        }
    }
    bytes.get(..cut).unwrap_or(bytes)
}

/// Bytes as text: valid UTF-8 as it is, each invalid byte as `\xNN`, so the
/// line can be shown as it was read. Also the span, in that text, of the
/// first invalid byte's escape (empty, at the end, when all are valid).
pub fn escape_invalid(bytes: &[u8]) -> (String, Span) {
    let mut text = String::with_capacity(bytes.len() + 16);
    let mut first: Option<Span> = None;
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for b in chunk.invalid() {
            if first.is_none() {
                first = Some(Span::new(text.len(), 4));
            }
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    let span = first.unwrap_or(Span::new(text.len(), 0));
    (text, span)
}

#[cfg(test)]
mod tests {
    use super::*;

    type Owned = (usize, Result<String, Vec<u8>>);

    fn all_with(input: &[u8], limit: usize) -> Vec<Owned> {
        all_skipping(input, limit, SKIP_LIMIT)
    }

    fn all_skipping(input: &[u8], limit: usize, skip: u64) -> Vec<Owned> {
        let mut r = LineReader::with_limits(input, limit, skip);
        let mut out = Vec::new();
        while let Some((n, l)) = r.next_line().unwrap() {
            let l = match l {
                Text::Utf8(t) => Ok(t.to_string()),
                Text::Invalid(b) => Err(b.to_vec()),
                Text::TooLong(b) => Ok(format!("too long: {}", String::from_utf8_lossy(b))),
            };
            out.push((n, l));
        }
        out
    }

    fn all(input: &[u8]) -> Vec<Owned> {
        all_with(input, MAX_LINE)
    }

    #[test]
    fn crlf_bom_and_missing_final_newline() {
        let lines = all(b"\xEF\xBB\xBFfen\r\nlist\r\n\r\nshow");
        let texts: Vec<_> = lines
            .iter()
            .map(|(n, l)| (*n, l.clone().unwrap()))
            .collect();
        assert_eq!(
            texts,
            [
                (1, "fen".into()),
                (2, "list".into()),
                (3, String::new()),
                (4, "show".into())
            ]
        );
    }

    #[test]
    fn invalid_utf8_is_reported_per_line() {
        let lines = all(b"ok\n\xff\xfe\nok\n");
        assert!(lines[0].1.is_ok());
        assert_eq!(lines[1], (2, Err(vec![0xff, 0xfe])));
        assert!(lines[2].1.is_ok());
    }

    #[test]
    fn empty_input_has_no_lines() {
        assert!(all(b"").is_empty());
    }

    #[test]
    fn too_long_lines_are_skipped_to_their_end() {
        // Limit 4: "abcd" (4 bytes, even with \r\n) fits; "abcde" does not,
        // with or without a newline. Reading stops after 4 + 6 = 10 bytes of
        // a line with no newline in them, skips to the newline, and the next
        // line is read normally.
        let ok = |s: &str| Ok(s.to_string());
        assert_eq!(
            all_with(b"\xEF\xBB\xBFabcd\r\nabcdefghijklmn\nxy\nabcde", 4),
            [
                (1, ok("abcd")),
                (2, ok("too long: abcdefghij")),
                (3, ok("xy")),
                (4, ok("too long: abcde")),
            ]
        );
    }

    #[test]
    fn an_endless_line_ends_the_file() {
        // Limit 4: reading stops after 4 + 6 = 10 bytes, the line is
        // reported, and then at most `skip` more bytes are skipped looking
        // for its end. 20 F's: 10 read, 10 left, so a skip of 16 finds the
        // newline and the next line is read; a skip of 8 does not, and the
        // file ends there (`/dev/zero` would never end).
        let input = format!("{}\nxy\n", "F".repeat(20));
        let long = (1, Ok("too long: FFFFFFFFFF".to_string()));
        assert_eq!(
            all_skipping(input.as_bytes(), 4, 16),
            [long.clone(), (2, Ok("xy".to_string()))]
        );
        assert_eq!(all_skipping(input.as_bytes(), 4, 8), [long]);
    }

    #[test]
    fn the_rest_of_a_long_line_is_read_only_when_asked() {
        // An endless reader: the too-long line is handed over after
        // limit + 6 bytes, before any skipping (so it is reported at once).
        let mut r = LineReader::with_limits(io::BufReader::new(io::repeat(b'F')), 4, 1 << 20);
        let (n, text) = r.next_line().unwrap().unwrap();
        assert_eq!((n, text), (1, Text::TooLong(b"FFFFFFFFFF")));
        // Asking for the next line gives up after the skip limit.
        assert!(r.next_line().unwrap().is_none());
        assert!(r.next_line().unwrap().is_none());
    }

    #[test]
    fn read_errors_are_read_faults() {
        struct Broken;
        impl io::Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("bad sector"))
            }
        }
        let mut r = LineReader::new(io::BufReader::new(Broken));
        let e = r.next_line().err().unwrap();
        assert_eq!(ReadFault::of(&e).unwrap().to_string(), "bad sector");
        // A plain error is not one.
        assert!(ReadFault::of(&io::Error::other("x")).is_none());
    }

    #[test]
    fn char_prefix_keeps_whole_characters() {
        // "é" is 2 bytes: cutting "aé" at 2 would split it, so only "a" stays.
        assert_eq!(char_prefix("aé".as_bytes(), 2), b"a");
        assert_eq!(char_prefix("aé".as_bytes(), 3), "aé".as_bytes());
        assert_eq!(char_prefix(b"\x80\x80\x80\x80\x80", 4), b"\x80");
    }

    #[test]
    fn invalid_bytes_are_escaped() {
        // Bytes 0..5 are "move ", then \xff: the escape starts at byte 5.
        let (text, span) = escape_invalid(b"move \xffA\xc3");
        assert_eq!(text, "move \\xffA\\xc3");
        assert_eq!(span, Span::new(5, 4));
        assert_eq!(escape_invalid(b"ok").1, Span::new(2, 0));
    }
}
