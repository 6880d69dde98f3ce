//! Reading that stops at Ctrl-C: a long `source`, a file argument or piped
//! stdin ends at its next read once the session's interrupt flag is set,
//! with an I/O error carrying [`Interrupted`] (see [`is_interrupted`]).
//!
//! A read that would wait (a FIFO nobody writes, a pipe from `sleep`, a
//! terminal) waits in poll(2) in slices of [`POLL_SLICE_MS`], checking the
//! flag between them, so Ctrl-C, SIGTERM or SIGHUP (which set it) end it
//! within a slice. A FIFO is opened with `O_NONBLOCK` for the same reason
//! (see [`crate::cli::files`]): opening one blocks until a writer comes.

use crate::interrupt::Interrupted;
use crate::shell::Live;
use std::fs::File;
use std::io::{self, BufRead, Read};
use std::os::fd::{AsFd, OwnedFd};
use std::sync::Arc;

/// How long one wait for input lasts before the interrupt flag is looked
/// at again, in milliseconds.
pub const POLL_SLICE_MS: u16 = 100;

/// Whether `e` is an interruption (of a command or of reading), not a fault.
pub fn is_interrupted(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Interrupted>())
}

/// The error an interrupted read or command gives.
pub fn interrupted() -> io::Error {
    io::Error::other(Interrupted)
}

/// A reader that fails with [`interrupted`] once `live` is interrupted.
/// Checked at each refill of the line reader (a relaxed atomic load), and,
/// for a descriptor that is not a regular file, while waiting for input.
pub struct Checked<R> {
    inner: R,
    live: Arc<Live>,
    /// The descriptor to wait on with poll(2) before each read: a FIFO,
    /// pipe, terminal, device or socket (`None`: a regular file or memory,
    /// whose reads never wait for a writer). A duplicate of the reader's
    /// own, so the wait borrows it safely whatever the reader is.
    poll: Option<OwnedFd>,
}

impl<R> Checked<R> {
    /// Wrap `inner`, read as it is (memory, or a reader that never waits).
    pub fn new(inner: R, live: Arc<Live>) -> Checked<R> {
        Checked {
            inner,
            live,
            poll: None,
        }
    }

    fn check(&self) -> io::Result<()> {
        if self.live.interrupted() {
            Err(interrupted())
        } else {
            Ok(())
        }
    }

    /// Wait until `fd` has input (or an end, or an error), looking at the
    /// interrupt flag every [`POLL_SLICE_MS`].
    fn wait(&self, fd: &OwnedFd) -> io::Result<()> {
        use nix::poll::{PollFd, PollFlags, poll};
        loop {
            self.check()?;
            let mut p = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
            match poll(&mut p, POLL_SLICE_MS) {
                Ok(0) | Err(nix::errno::Errno::EINTR) => {}
                Ok(_) => return Ok(()),
                Err(e) => return Err(e.into()),
            }
        }
    }
}

impl Checked<File> {
    /// Wrap an open file: one that is not a regular file (a FIFO, a pipe,
    /// a terminal, a device) is waited on with poll(2), so an interrupt
    /// ends a read that waits for input that never comes.
    pub fn file(file: File, live: Arc<Live>) -> Checked<File> {
        let poll = polled(&file);
        Checked {
            inner: file,
            live,
            poll,
        }
    }
}

/// The descriptor to wait on before reading `file`: a duplicate of its
/// own unless it is a regular file (or none if it cannot be duplicated:
/// then the reads are checked between reads only, as memory's).
fn polled(file: &File) -> Option<OwnedFd> {
    if is_regular(file) {
        None
    } else {
        file.as_fd().try_clone_to_owned().ok()
    }
}

/// Whether `f` is a regular file (an error counts as not: it is polled).
pub fn is_regular(f: &File) -> bool {
    f.metadata().is_ok_and(|m| m.is_file())
}

/// Standard input, read so that an interrupt ends a read waiting on it
/// (`sleep 20 | boardsh`): a duplicate of descriptor 0 read directly (no
/// buffer of the standard library's in between, so poll(2) sees all that
/// is unread), or, if it cannot be duplicated, the locked standard input
/// checked between reads only.
pub fn stdin(live: Arc<Live>) -> Checked<Stdin> {
    match io::stdin().as_fd().try_clone_to_owned() {
        Ok(fd) => {
            let file = File::from(fd);
            let poll = polled(&file);
            Checked {
                inner: Stdin::Dup(file),
                live,
                poll,
            }
        }
        Err(_) => Checked::new(Stdin::Locked(io::stdin().lock()), live),
    }
}

/// Standard input as [`stdin`] reads it.
pub enum Stdin {
    /// A duplicate of descriptor 0.
    Dup(File),
    /// The process's standard input, locked.
    Locked(io::StdinLock<'static>),
}

impl Read for Stdin {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stdin::Dup(f) => f.read(buf),
            Stdin::Locked(l) => l.read(buf),
        }
    }
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(fd) = &self.poll else {
            self.check()?;
            return self.inner.read(buf);
        };
        loop {
            self.wait(fd)?;
            match self.inner.read(buf) {
                // A FIFO opened without blocking, or a terminal: the input
                // poll(2) saw was taken by another reader.
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                other => return other,
            }
        }
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

    #[test]
    fn a_wait_on_a_pipe_nobody_writes_ends_at_the_interrupt() {
        let (read, _write) = io::pipe().unwrap();
        let read = File::from(OwnedFd::from(read));
        let live = Arc::new(Live::default());
        let mut r = Checked::file(read, Arc::clone(&live));
        assert!(r.poll.is_some(), "a pipe is waited on with poll(2)");
        let setter = Arc::clone(&live);
        let started = std::time::Instant::now();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            setter.interrupt.store(true, Ordering::Relaxed);
        });
        let mut buf = [0; 8];
        let e = r.read(&mut buf).unwrap_err();
        t.join().unwrap();
        assert!(is_interrupted(&e));
        // The flag is looked at every 100 ms: well within 5 s, even loaded.
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }
}
