//! Where the progress line is drawn: stderr, as an `indicatif` terminal.
//!
//! indicatif pads each line it draws with spaces to the full width, which
//! leaves the cursor in the last column; anything echoed there (a key typed
//! ahead, `^C`) then wraps to a new line, and the next redraw or clear hits
//! the wrong line. This target drops that padding, so the cursor stays just
//! after the text and an echo stays on the line the clear wipes.

use indicatif::TermLike;
use std::io::{self, Write};

/// stderr as a terminal for indicatif.
#[derive(Debug, Default)]
pub struct StderrTerm;

/// The terminal's size (columns, rows) from stderr, if it is a terminal.
pub fn size() -> Option<(u16, u16)> {
    // `console` (already built for indicatif) asks the terminal; it gives
    // rows first, and nothing when either is 0.
    console::Term::stderr()
        .size_checked()
        .map(|(rows, cols)| (cols, rows))
}

fn put(s: &str) -> io::Result<()> {
    io::stderr().write_all(s.as_bytes())
}

impl TermLike for StderrTerm {
    fn width(&self) -> u16 {
        size().map_or(80, |(w, _)| w)
    }

    fn height(&self) -> u16 {
        size().map_or(24, |(_, h)| h)
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        if n == 0 {
            Ok(())
        } else {
            put(&format!("\x1b[{n}A"))
        }
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        if n == 0 {
            Ok(())
        } else {
            put(&format!("\x1b[{n}B"))
        }
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        if n == 0 {
            Ok(())
        } else {
            put(&format!("\x1b[{n}C"))
        }
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        if n == 0 {
            Ok(())
        } else {
            put(&format!("\x1b[{n}D"))
        }
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        put(s)?;
        put("\n")
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        // The padding to the full width comes as a write of spaces alone.
        if !s.is_empty() && s.bytes().all(|b| b == b' ') {
            return Ok(());
        }
        put(s)
    }

    fn clear_line(&self) -> io::Result<()> {
        put("\r\x1b[2K")
    }

    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}
