//! Reading an agent's output in bounded memory: lines of at most
//! [`MAX_LINE`] bytes (a longer line is cut there and the rest of it
//! skipped, so `cat /dev/zero` costs a fixed buffer, not the machine), and
//! answers shown in messages and records escaped and cut short.

use std::io::{self, BufRead};

/// The longest line kept from an agent (the one cap of every reader) and
/// the lines queued from it: the crate's one input policy
/// ([`crate::limits`]).
pub use crate::limits::{ANSWER_QUEUE as QUEUE, MAX_LINE};

/// The mark after a line cut at [`MAX_LINE`] bytes (never part of a move).
pub const CUT: &str = "…";

/// One line read by [`read_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line's bytes, end of line removed, at most `cap` of them.
    pub bytes: Vec<u8>,
    /// Whether the line was longer than `cap` (the rest was skipped).
    pub cut: bool,
}

impl Line {
    /// The text, trimmed; invalid UTF-8 replaced; [`CUT`] after a cut line.
    pub fn text(&self) -> String {
        let mut s = String::from_utf8_lossy(&self.bytes).trim().to_string();
        if self.cut {
            s.push_str(CUT);
        }
        s
    }
}

/// Lines of at most `cap` bytes from `input`. A longer line is handed
/// out as soon as `cap` bytes of it are read (marked cut), and its rest is
/// read and dropped up to its end before the next line: memory stays
/// bounded by `cap` whatever the input, and an endless line still gives
/// an answer at once.
#[derive(Debug)]
pub struct CappedLines<R> {
    input: R,
    cap: usize,
    /// Inside the rest of a cut line.
    skipping: bool,
}

impl<R: BufRead> CappedLines<R> {
    /// Lines of at most `cap` bytes from `input`.
    pub fn new(input: R, cap: usize) -> CappedLines<R> {
        CappedLines {
            input,
            cap,
            skipping: false,
        }
    }

    /// The next line; `None` at end of input.
    ///
    /// # Errors
    ///
    /// A read error of the input.
    pub fn read_line(&mut self) -> io::Result<Option<Line>> {
        let mut bytes = Vec::new();
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any.then_some(Line { bytes, cut: false }));
            }
            let (chunk, used, done) = match memchr::memchr(b'\n', buf) {
                Some(i) => (buf.get(..i).unwrap_or_default(), i + 1, true),
                None => (buf, buf.len(), false),
            };
            if self.skipping {
                self.skipping = !done;
                self.input.consume(used);
                continue;
            }
            any = true;
            let room = self.cap.saturating_sub(bytes.len());
            if chunk.len() > room {
                bytes.extend_from_slice(chunk.get(..room).unwrap_or_default());
                // The rest of this chunk is dropped with the line's rest.
                self.skipping = !done;
                self.input.consume(used);
                return Ok(Some(Line { bytes, cut: true }));
            }
            bytes.extend_from_slice(chunk);
            self.input.consume(used);
            if done {
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                return Ok(Some(Line { bytes, cut: false }));
            }
        }
    }
}

/// How many characters of an answer a message or a record shows.
pub const SHOWN: usize = 60;

/// `text` made safe to print on one line: control characters (ESC,
/// carriage return, ...) and backslashes escaped, cut after [`SHOWN`]
/// characters with [`CUT`].
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == SHOWN {
            out.push_str(CUT);
            break;
        }
        if c.is_control() || c == '\\' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    fn lines(input: &[u8], cap: usize) -> Vec<Line> {
        // A small buffer, so lines span several fills.
        let mut r = CappedLines::new(BufReader::with_capacity(3, input), cap);
        let mut out = Vec::new();
        while let Some(l) = r.read_line().unwrap() {
            out.push(l);
        }
        out
    }

    fn line(s: &str, cut: bool) -> Line {
        Line {
            bytes: s.as_bytes().to_vec(),
            cut,
        }
    }

    #[test]
    fn lines_are_split_cut_and_ended() {
        assert_eq!(
            lines(b"c2c3\r\nabcdefgh\nxy", 5),
            [line("c2c3", false), line("abcde", true), line("xy", false)]
        );
        assert_eq!(lines(b"", 5), []);
        assert_eq!(lines(b"\n\n", 5), [line("", false), line("", false)]);
        assert_eq!(line("abcde", true).text(), "abcde…");
    }

    #[test]
    fn an_endless_line_is_read_in_bounded_memory() {
        // 64 MiB of zero bytes, then a line: one cut line of `cap` bytes,
        // handed out at once, then the next line.
        let zeros = std::io::repeat(0).take(64 << 20).chain(&b"\nc2c3\n"[..]);
        let mut r = CappedLines::new(BufReader::new(zeros), 10);
        let l = r.read_line().unwrap().unwrap();
        assert_eq!(l.bytes, [0; 10]);
        assert!(l.cut);
        assert!(l.bytes.capacity() < 1 << 20);
        assert_eq!(r.read_line().unwrap(), Some(line("c2c3", false)));
        assert_eq!(r.read_line().unwrap(), None);
        // An endless line gives its first `cap` bytes without waiting for
        // its end.
        let mut r = CappedLines::new(BufReader::new(std::io::repeat(b'x')), 4);
        assert_eq!(r.read_line().unwrap(), Some(line("xxxx", true)));
    }

    #[test]
    fn shown_escapes_and_cuts() {
        assert_eq!(shown("c2c3"), "c2c3");
        assert_eq!(shown("a\x1b[2Jb\r\\"), "a\\u{1b}[2Jb\\r\\\\");
        let long = "x".repeat(100);
        assert_eq!(shown(&long), format!("{}…", "x".repeat(SHOWN)));
        assert_eq!(shown(&"é".repeat(SHOWN)), "é".repeat(SHOWN));
    }
}
