//! The shell layer's one error type: a kind plus where it is in its line.

use super::command::Span;
use crate::congo::Rules;
use crate::congo::course::SearchError;
use crate::congo::moves::{Illegal, MoveParseErrorKind};
use crate::congo::{FenErrorKind, Piece, Square};
use crate::quote::{quoted, quoted_path};
use crate::yut::{Pending, PlayError, Token, YutError};
use std::fmt;

/// What a piece of text was, for "found ..." in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The line (or command) ended.
    End,
    /// This text.
    Text(String),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::End => f.write_str("end of command"),
            // Keep messages readable whatever the input: long text is cut.
            Found::Text(t) => write!(f, "{}", quoted(t)),
        }
    }
}

/// What went wrong with a command or a script line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    #[error("unknown command {}{}", quoted(.word), .suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_else(|| " (try `help`)".to_string()))]
    UnknownCommand {
        word: String,
        suggestion: Option<&'static str>,
    },
    #[error("expected {what}, found {found}")]
    Expected { what: &'static str, found: Found },
    /// `set levle 3`: no setting of that name; the nearest is suggested.
    #[error("expected a setting name (`set` lists them), found {}{}", quoted(.word), .suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    UnknownSetting {
        word: String,
        suggestion: Option<&'static str>,
    },
    /// A word of the other game where one of this game is expected
    /// (`move e2e3`, `play A`): the message names the command to use.
    #[error("expected {what}, found {found} ({instead})")]
    OtherGame {
        what: &'static str,
        found: Found,
        instead: String,
    },
    #[error("unexpected argument {found}: `{command}` takes {takes}")]
    UnexpectedArgument {
        command: &'static str,
        takes: &'static str,
        found: Found,
    },
    #[error("{0}")]
    Fen(FenErrorKind),
    #[error("{0}")]
    Yut(YutError),
    /// A throw or move the Yut rules refuse.
    #[error("{0}")]
    Play(PlayError),
    /// `move TOKEN` with throws of several results pending.
    #[error("several throws pending ({pending}): name one, e.g. `move {token} {}`", .pending.distinct().next().map_or("do", |r| r.name()))]
    WhichThrow { token: Token, pending: Pending },
    #[error("{0}")]
    Move(MoveParseErrorKind),
    /// `play e2 e3`: a move typed as two words.
    #[error("a move is one word: did you mean `play {0}`?")]
    SplitMove(String),
    #[error("{0}")]
    Illegal(Illegal),
    /// A line that is only a Congo move, refused as `play` refuses it.
    #[error("{error} (the line was read as `play {mv}`: a Congo move alone on a line plays it)")]
    BareMove { error: Box<ErrorKind>, mv: String },
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo (only right after `undo`)")]
    NothingToRedo,
    #[error("only {have} {} to undo, not {asked}", changes(*.have))]
    TooFewToUndo { have: usize, asked: u32 },
    #[error("only {have} {} to redo, not {asked}", changes(*.have))]
    TooFewToRedo { have: usize, asked: u32 },
    #[error("cannot read {}: {reason}", quoted_path(.path))]
    Unreadable { path: String, reason: String },
    /// A network file (`set net FILE`) that boardsh cannot use.
    #[error("cannot use {} as a network: {error}", quoted_path(.path))]
    NetFile {
        path: String,
        error: crate::congo::nnue::NetFileError,
    },
    /// `board svg FILE` / `show svg FILE` onto an existing file.
    #[error("{} already exists (`svg!` or `save!` overwrites it)", quoted_path(.0))]
    FileExists(String),
    /// A file that cannot be written.
    #[error("cannot write {}: {reason}", quoted_path(.path))]
    Unwritable { path: String, reason: String },
    #[error("{} is already being sourced (a file may not source itself)", quoted_path(.0))]
    SourceCycle(String),
    #[error("sources nested more than {0} deep")]
    SourceDepth(usize),
    #[error("line is not valid UTF-8")]
    InvalidUtf8,
    #[error("line is longer than {0} bytes")]
    LineTooLong(usize),
    #[error("{0}")]
    Problem(String),
    /// The command was stopped (Ctrl-C) before it finished; it changed nothing.
    #[error("interrupted")]
    Interrupted,
    /// A position holds a piece the chosen course rules do not have.
    #[error("`{}` on {square} is a {piece}: the {rules} course has no {}", piece.char(), piece.kind)]
    NotInRules {
        square: Square,
        piece: Piece,
        rules: Rules,
    },
    /// A course search met a position with too many moves to go through.
    #[error("{}", SearchError::TooManyMoves)]
    SearchTooBig,
}

/// A located error: what, and which bytes of its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct ShellError {
    pub span: Span,
    pub kind: ErrorKind,
}

impl ShellError {
    /// An error of `kind` at `span`.
    pub fn new(span: Span, kind: ErrorKind) -> ShellError {
        ShellError { span, kind }
    }
}

/// "change" or "changes", by count (`only 1 change to undo`).
fn changes(n: usize) -> &'static str {
    if n == 1 { "change" } else { "changes" }
}

/// A network that cannot be used, as the shell reports it (the same
/// words: the kinds below print as [`LoadError`](crate::congo::eval::LoadError) does).
impl From<crate::congo::eval::LoadError> for ErrorKind {
    fn from(e: crate::congo::eval::LoadError) -> ErrorKind {
        use crate::congo::eval::LoadError;
        match e {
            LoadError::Unreadable { path, reason } => ErrorKind::Unreadable { path, reason },
            LoadError::NetFile { path, error } => ErrorKind::NetFile { path, error },
            LoadError::Choice | LoadError::BuiltIn => ErrorKind::Problem(e.to_string()),
        }
    }
}
