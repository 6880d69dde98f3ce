//! Reading a source line by line into one reused buffer, tolerating the
//! quirks of real files: CRLF endings, a UTF-8 byte-order mark, a last line
//! without a newline. Lines that are not UTF-8 or too long to hold are
//! handed over as such, for the runner to report with their line number.

use super::command::Span;
use std::io::{self, BufRead, Read};

/// Longest line read, in bytes without its line ending. A longer line is
/// reported, not stored, so no input can make the reader hold more.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// How many bytes of a too-long line are kept to show where it starts.
const TOO_LONG_SHOWN: usize = 80;

/// A line reader over any `BufRead`.
pub struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    line_no: usize,
    limit: usize,
    /// Bytes of the reader's buffer lent out as the last line, to consume
    /// before reading the next.
    lent: usize,
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
        LineReader {
            reader,
            buf: Vec::with_capacity(256),
            line_no: 0,
            limit,
            lent: 0,
        }
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
    /// When reading fails.
    pub fn next_raw(&mut self) -> io::Result<Option<Raw<'_>>> {
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
        if cut_off {
            self.reader.skip_until(b'\n')?;
        }
        let bytes = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
        Ok(Some(Raw {
            line_no: self.line_no,
            bytes,
            limit: self.limit,
            cut_off,
        }))
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
        let mut r = LineReader::with_limit(input, limit);
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
