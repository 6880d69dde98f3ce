//! What every replay shares, whatever it reads: the kind a file is
//! expected to hold, how a replay ended, and a read line turned into text
//! or a located error. Both the command-script runner (`script`) and the
//! problem-format replay (`problem`) use these; neither uses the other's.

use super::command::Span;
use super::error::{ErrorKind, ShellError};
use super::lines::{MAX_LINE, Text, escape_invalid};

/// What a file is expected to hold, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `.in`, stdin, anything else: problem format of either game, or commands.
    Detect,
    /// `.fen`: Congo FENs in problem format, or commands.
    Congo,
    /// `.yut`: Yut turns in problem format, or commands.
    Yut,
}

impl Kind {
    /// The kind a file name suggests.
    pub fn from_path(path: &str) -> Kind {
        let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("fen") => Kind::Congo,
            Some("yut") => Kind::Yut,
            _ => Kind::Detect,
        }
    }
}

/// How a replay ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// All lines ran (errors may have been reported under `keep-going`).
    Done,
    /// A `quit`/`exit` ended the session.
    Quit,
    /// An error stopped it.
    Failed,
    /// A command was interrupted (Ctrl-C): the replay stopped there, not
    /// reported as an error. The front end decides what follows (the
    /// prompt goes on, a batch run exits 130).
    Interrupted,
}

/// How many bytes of spaces and tabs start `text` (the blanks of the
/// grammar; not Unicode white space, which the grammar does not skip).
pub fn blank_prefix(text: &str) -> usize {
    text.len() - text.trim_start_matches([' ', '\t']).len()
}

/// A line's text, or why it cannot be run: the text to show for it and the
/// error to report. Invalid UTF-8 is shown with `\xNN` escapes and the
/// error points at the first bad byte; a line too long to read is shown by
/// its start.
pub fn readable(text: Text<'_>) -> Result<&str, (String, ShellError)> {
    match text {
        Text::Utf8(t) => Ok(t),
        Text::Invalid(bytes) => {
            let (shown, span) = escape_invalid(bytes);
            Err((shown, ShellError::new(span, ErrorKind::InvalidUtf8)))
        }
        Text::TooLong(start) => {
            let (mut shown, _) = escape_invalid(start);
            shown.push_str("...");
            let e = ShellError::new(Span::new(0, 0), ErrorKind::LineTooLong(MAX_LINE));
            Err((shown, e))
        }
    }
}
