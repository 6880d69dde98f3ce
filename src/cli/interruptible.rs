//! Reading that stops at Ctrl-C: a long `source`, a file argument or piped
//! stdin ends at its next read once the session's interrupt flag is set,
//! with an I/O error carrying [`Interrupted`] (see [`is_interrupted`]).

use crate::interrupt::Interrupted;
use crate::shell::Live;
use crate::shell::script::{Loader, Opened, WriteError};
use std::io::{self, BufRead, Read};
use std::sync::Arc;

/// Whether `e` is an interruption (of a command or of reading), not a fault.
pub fn is_interrupted(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Interrupted>())
}

/// The error an interrupted read or command gives.
pub fn interrupted() -> io::Error {
    io::Error::other(Interrupted)
}

/// A reader that fails with [`interrupted`] once `live` is interrupted.
/// Checked at each refill of the line reader (a relaxed atomic load).
pub struct Checked<R> {
    inner: R,
    live: Arc<Live>,
}

impl<R> Checked<R> {
    /// Wrap `inner`.
    pub fn new(inner: R, live: Arc<Live>) -> Checked<R> {
        Checked { inner, live }
    }

    fn check(&self) -> io::Result<()> {
        if self.live.interrupted() {
            Err(interrupted())
        } else {
            Ok(())
        }
    }
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.check()?;
        self.inner.read(buf)
    }
}

impl<R: BufRead> BufRead for Checked<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.check()?;
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

/// A loader whose files stop being read once `live` is interrupted.
pub struct CheckedLoader<L> {
    pub inner: L,
    pub live: Arc<Live>,
}

impl<L: Loader> Loader for CheckedLoader<L> {
    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String> {
        let opened = self.inner.open(from, path)?;
        Ok(Opened {
            reader: Box::new(Checked::new(opened.reader, Arc::clone(&self.live))),
            ..opened
        })
    }

    fn identify(&mut self, from: Option<&str>, path: &str) -> Option<String> {
        self.inner.identify(from, path)
    }

    fn write(
        &mut self,
        from: Option<&str>,
        path: &str,
        text: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        self.inner.write(from, path, text, force)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn reading_stops_once_interrupted() {
        let live = Arc::new(Live::default());
        let mut r = Checked::new(&b"fen\nwhere\n"[..], Arc::clone(&live));
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        assert_eq!(line, "fen\n");
        live.interrupt.store(true, Ordering::Relaxed);
        let e = r.read_line(&mut line).unwrap_err();
        assert!(is_interrupted(&e));
        assert!(!is_interrupted(&io::Error::other("disk on fire")));
        assert!(!is_interrupted(&io::Error::from(
            io::ErrorKind::Interrupted
        )));
    }
}
