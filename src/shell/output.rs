//! Structured output: text tagged with a style, so only the front end
//! decides whether and how to colour it.

use std::io::{self, Write};

/// What a piece of output is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Ordinary text.
    Plain,
    /// A token of the upper-case Yut team.
    UpperTeam,
    /// A token of the lower-case Yut team.
    LowerTeam,
    /// A white Congo piece.
    WhitePiece,
    /// A black Congo piece.
    BlackPiece,
    /// The river on the Congo board.
    River,
    /// A square of the last move played.
    LastMove,
    /// Board labels and other secondary text.
    Label,
}

/// A sink for styled text.
pub trait Output {
    /// Write `text` in `style`.
    ///
    /// # Errors
    ///
    /// When the underlying stream fails (e.g. a closed pipe).
    fn styled(&mut self, style: Style, text: &str) -> io::Result<()>;

    /// Write unstyled bytes (already-rendered output such as a listing).
    ///
    /// # Errors
    ///
    /// When the underlying stream fails.
    fn raw(&mut self, bytes: &[u8]) -> io::Result<()>;

    /// Write plain text.
    ///
    /// # Errors
    ///
    /// When the underlying stream fails.
    fn text(&mut self, text: &str) -> io::Result<()> {
        self.styled(Style::Plain, text)
    }

    /// Push buffered output through (before an error is shown elsewhere).
    ///
    /// # Errors
    ///
    /// When the underlying stream fails.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// The `theme` setting in force (a front end that colours picks its
    /// colours by it; the session tells it before each reply).
    fn set_theme(&mut self, _theme: super::settings::Theme) {}

    /// The terminal's width when the output is a terminal: `set` and
    /// `history` wrap to it, and print as they are elsewhere (scripts and
    /// pipes see the same bytes whatever the window).
    fn window(&self) -> Option<usize> {
        None
    }

    /// The width in columns text such as `help` is wrapped to: the
    /// terminal's, or 80 when the output is not a terminal.
    fn width(&self) -> usize {
        super::wrap::DEFAULT_WIDTH
    }

    /// The terminal's height in rows, when the output is a terminal
    /// (the prompt then fits the Yut board and `help` to the window).
    fn height(&self) -> Option<usize> {
        None
    }

    /// Show `text`, a long plain text such as `help` at the prompt: a
    /// terminal may page it when it is taller than the window.
    ///
    /// # Errors
    ///
    /// When the underlying stream fails.
    fn page(&mut self, text: &str) -> io::Result<()> {
        self.text(text)
    }
}

/// Text kept in memory as an output of a given size: what a reply looks
/// like at that width, window and height, without styles. A reply is
/// written into one whole before it is paged, and tests render at a set
/// size with it.
pub struct Sheet {
    /// The text written.
    pub text: Vec<u8>,
    width: usize,
    window: Option<usize>,
    height: Option<usize>,
}

impl Sheet {
    /// An empty sheet `width` columns wide, with a terminal's `window`
    /// width and `height` where it stands for one.
    pub fn new(width: usize, window: Option<usize>, height: Option<usize>) -> Sheet {
        Sheet {
            text: Vec::new(),
            width,
            window,
            height,
        }
    }
}

impl Output for Sheet {
    fn styled(&mut self, _: Style, text: &str) -> io::Result<()> {
        self.text.extend_from_slice(text.as_bytes());
        Ok(())
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.text.extend_from_slice(bytes);
        Ok(())
    }

    fn width(&self) -> usize {
        self.width
    }

    fn window(&self) -> Option<usize> {
        self.window
    }

    fn height(&self) -> Option<usize> {
        self.height
    }
}

/// Any writer is an output that ignores styles.
pub struct Plain<W: Write>(pub W);

impl<W: Write> Output for Plain<W> {
    fn styled(&mut self, _: Style, text: &str) -> io::Result<()> {
        self.0.write_all(text.as_bytes())
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl Output for Vec<u8> {
    fn styled(&mut self, _: Style, text: &str) -> io::Result<()> {
        self.extend_from_slice(text.as_bytes());
        Ok(())
    }

    fn raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.extend_from_slice(bytes);
        Ok(())
    }
}
