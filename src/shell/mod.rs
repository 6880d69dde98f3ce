//! The command language and the session: the command registry, parsing,
//! executing (replies as data), rendering, replaying scripts. Still no
//! terminal: everything writes to an [`Output`].
//!
//! What outside users (integration tests, benchmarks, fuzz targets,
//! examples) may touch is the list of `pub use` below: the session and
//! its commands, replies and settings, the parser's entry points, the
//! script runner and its line reader, and the renderer. Every module is
//! private to the crate: the front end (`cli`) reaches deeper, nobody
//! else.

pub(crate) mod board;
pub(crate) mod command;
pub(crate) mod commands;
pub(crate) mod drill;
pub(crate) mod error;
pub(crate) mod game_file;
pub(crate) mod lines;
pub(crate) mod live;
pub(crate) mod move_number;
pub(crate) mod net_path;
pub(crate) mod output;
pub(crate) mod parse;
mod problem;
pub(crate) mod render;
mod render_congo_analysis;
pub(crate) mod render_congo_retry;
pub(crate) mod render_drill;
mod render_prompt;
mod render_yut_solve;
pub(crate) mod replay;
pub(crate) mod reply;
pub(crate) mod script;
pub(crate) mod session;
pub(crate) mod settings;
pub(crate) mod white_view;
pub(crate) mod words;
pub(crate) mod wrap;
pub(crate) mod yut_status;

pub use command::{Command, Located, Span};
pub use commands::Keyword;
pub use error::{ErrorKind, ShellError};
pub use lines::{LineReader, Text};
pub use live::Live;
pub use output::{Output, Plain, Style};
pub use parse::{parse_command, parse_line};
pub use render::render;
pub use reply::{Reply, Sink};
pub use script::{
    Diagnostic, End, Kind as ScriptKind, Loader, NoFiles, Opened, Reporter, Runner, WriteError,
};
pub use session::{ExecError, Flow, Session, TableLoader, YutTableLoader};
pub use settings::{Change, Flag, Setting, SettingSpec, Settings, ValueKind};
