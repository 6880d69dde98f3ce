//! Colour, decided once per stream, and the named styles of the theme.

use super::args::ColorChoice;
use crate::shell::{Output, Style};
use owo_colors::{OwoColorize, Style as Paint};
use std::io::{self, IsTerminal, Write};

/// Whether to colour a stream: the flag, then `NO_COLOR`, then
/// `CLICOLOR_FORCE` / `FORCE_COLOR`, then `TERM=dumb` and `CLICOLOR=0`
/// (both off), then whether the stream is a terminal.
pub fn use_color(choice: ColorChoice, is_terminal: bool) -> bool {
    let var = |k: &str| std::env::var_os(k);
    let set = |k: &str| var(k).is_some_and(|v| !v.is_empty());
    let forced = |k: &str| var(k).is_some_and(|v| !v.is_empty() && v != "0");
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR") => false,
        ColorChoice::Auto if forced("CLICOLOR_FORCE") || forced("FORCE_COLOR") => true,
        ColorChoice::Auto if var("TERM").is_some_and(|t| t == "dumb") => false,
        ColorChoice::Auto if var("CLICOLOR").is_some_and(|v| v == "0") => false,
        ColorChoice::Auto => is_terminal,
    }
}

/// Colour stdout?
pub fn stdout_color(choice: ColorChoice) -> bool {
    use_color(choice, io::stdout().is_terminal())
}

/// Colour stderr?
pub fn stderr_color(choice: ColorChoice) -> bool {
    use_color(choice, io::stderr().is_terminal())
}

/// The theme: one paint per style. Every style reads on a dark and on a
/// light background alike: mid colours (never bright white or bright
/// yellow text), bold for one side, reverse video for the last move.
pub fn paint(style: Style) -> Paint {
    match style {
        Style::Plain => Paint::new(),
        Style::UpperTeam => Paint::new().red().bold(),
        Style::LowerTeam => Paint::new().blue().bold(),
        Style::WhitePiece => Paint::new().magenta().bold(),
        Style::BlackPiece => Paint::new().green(),
        Style::River => Paint::new().cyan(),
        Style::LastMove => Paint::new().reversed(),
        Style::Label => Paint::new().dimmed(),
    }
}

/// The style of `error:`.
pub fn error_paint() -> Paint {
    Paint::new().red().bold()
}

/// The style of `warning:`.
pub fn warning_paint() -> Paint {
    Paint::new().yellow().bold()
}

/// An output that colours styled text when `color` is set.
pub struct Themed<W: Write> {
    pub inner: W,
    pub color: bool,
    /// The columns text is wrapped to; 0: the terminal's width at the time
    /// of writing ([`stdout_width`]), so a resized window is followed.
    pub width: usize,
}

/// The width of stdout when it is a terminal, else 80.
pub fn stdout_width() -> usize {
    stdout_size().map_or(crate::shell::wrap::DEFAULT_WIDTH, |(cols, _)| cols)
}

/// The height of stdout in rows when it is a terminal.
pub fn stdout_height() -> Option<usize> {
    stdout_size().map(|(_, rows)| rows).filter(|&rows| rows > 0)
}

/// Columns and rows of stdout when it is a terminal that gives its
/// width (the rows may be 0: unknown).
fn stdout_size() -> Option<(usize, usize)> {
    let mut ws = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `winsize` through the pointer, which
    // points to a live, writable `winsize`.
    let ok = io::stdout().is_terminal()
        && unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &raw mut ws) } == 0;
    (ok && ws.ws_col > 0).then(|| (usize::from(ws.ws_col), usize::from(ws.ws_row)))
}

impl<W: Write> Output for Themed<W> {
    fn styled(&mut self, style: Style, text: &str) -> io::Result<()> {
        if self.color && style != Style::Plain {
            write!(self.inner, "{}", text.style(paint(style)))
        } else {
            self.inner.write_all(text.as_bytes())
        }
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }

    fn width(&self) -> usize {
        if self.width == 0 {
            stdout_width()
        } else {
            self.width
        }
    }

    fn height(&self) -> Option<usize> {
        // Only a terminal's own size (a fixed width is a test's or a
        // pipe's, which never pages or shrinks the board).
        if self.width == 0 {
            stdout_height()
        } else {
            None
        }
    }

    fn page(&mut self, text: &str) -> io::Result<()> {
        // Taller than the window (the prompt's line included): through
        // the pager, or as it is when none runs.
        if self
            .height()
            .is_some_and(|rows| text.lines().count() >= rows)
        {
            self.inner.flush()?;
            if super::pager::page(text) {
                return Ok(());
            }
        }
        self.text(text)
    }
}
