//! Capturing what a case prints, up to a limit: a case that prints without
//! end (a file that sources two copies of the next one, forty levels deep)
//! fails with a clear message instead of exhausting memory and taking the
//! results of the whole run with it.

use crate::shell::{Output, Style};
use std::io::{self, Write};

/// Most bytes kept of a case's standard output, and of its standard error;
/// also the largest expected file read (a bigger one could never match).
pub const OUTPUT_LIMIT: usize = 64 * 1024 * 1024;

/// A buffer that takes at most `limit` bytes. A write that would pass the
/// limit fails (which stops the replay, like a full disk) and the buffer
/// is emptied: what was captured is no longer needed, only that it was
/// too much.
#[derive(Debug)]
pub struct Capture {
    bytes: Vec<u8>,
    limit: usize,
    over: bool,
}

impl Capture {
    /// An empty buffer for at most `limit` bytes.
    pub fn new(limit: usize) -> Capture {
        Capture {
            bytes: Vec::new(),
            limit,
            over: false,
        }
    }

    /// What was captured (empty when the limit was passed) and whether
    /// the limit was passed.
    pub fn finish(self) -> (Vec<u8>, bool) {
        (self.bytes, self.over)
    }

    fn push(&mut self, bytes: &[u8]) -> io::Result<()> {
        if !self.over && bytes.len() <= self.limit.saturating_sub(self.bytes.len()) {
            self.bytes.extend_from_slice(bytes);
            return Ok(());
        }
        if !self.over {
            self.over = true;
            self.bytes = Vec::new();
        }
        Err(io::Error::other(format!(
            "a test case may print at most {} bytes",
            self.limit
        )))
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.push(buf).map(|()| buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Output for Capture {
    fn styled(&mut self, _: Style, text: &str) -> io::Result<()> {
        self.push(text.as_bytes())
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.push(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_up_to_the_limit_are_kept() {
        let mut c = Capture::new(5);
        c.text("abc").unwrap();
        c.raw(b"de").unwrap();
        assert_eq!(c.finish(), (b"abcde".to_vec(), false));
    }

    #[test]
    fn passing_the_limit_fails_and_keeps_nothing() {
        let mut c = Capture::new(5);
        c.text("abc").unwrap();
        // 3 + 3 > 5: this write fails, and so does every later one.
        assert!(c.text("def").is_err());
        assert!(c.write_all(b"x").is_err());
        assert_eq!(c.finish(), (Vec::new(), true));
    }
}
