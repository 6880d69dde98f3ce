//! Reading a source line by line into one reused buffer, tolerating the
//! quirks of real files: CRLF endings, a UTF-8 byte-order mark, a last line
//! without a newline.

use std::io::{self, BufRead};

/// A line reader over any `BufRead`.
pub struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    line_no: usize,
}

/// One line: its 1-based number and its text (`Err` holds the raw bytes
/// when the line is not valid UTF-8).
pub type Line<'a> = (usize, Result<&'a str, &'a [u8]>);

impl<R: BufRead> LineReader<R> {
    /// A reader starting at line 1.
    pub fn new(reader: R) -> LineReader<R> {
        LineReader {
            reader,
            buf: Vec::with_capacity(256),
            line_no: 0,
        }
    }

    /// The next line without its `\n` / `\r\n`, or `None` at the end.
    ///
    /// # Errors
    ///
    /// When reading fails.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buf.clear();
        if self.reader.read_until(b'\n', &mut self.buf)? == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        let mut bytes: &[u8] = &self.buf;
        if let Some(rest) = bytes.strip_suffix(b"\n") {
            bytes = rest;
        }
        if let Some(rest) = bytes.strip_suffix(b"\r") {
            bytes = rest;
        }
        if self.line_no == 1
            && let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF")
        {
            bytes = rest;
        }
        Ok(Some((
            self.line_no,
            std::str::from_utf8(bytes).map_err(|_| bytes),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<(usize, Result<String, Vec<u8>>)> {
        let mut r = LineReader::new(input);
        let mut out = Vec::new();
        while let Some((n, l)) = r.next_line().unwrap() {
            out.push((n, l.map(str::to_string).map_err(<[u8]>::to_vec)));
        }
        out
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
}
