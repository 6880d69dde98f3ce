//! The command language and the session: the command registry, parsing,
//! executing (replies as data), rendering, replaying scripts. Still no
//! terminal: everything writes to an [`Output`].

pub mod board;
pub mod command;
pub mod commands;
pub mod error;
pub mod lines;
pub mod live;
pub mod output;
pub mod parse;
mod problem;
pub mod render;
mod render_prompt;
mod render_yut_solve;
pub mod replay;
pub mod reply;
pub mod script;
pub mod session;
pub mod settings;
pub mod white_view;
pub mod words;
pub mod wrap;
pub mod yut_status;

pub use command::{Command, Located, Span};
pub use commands::Keyword;
pub use error::{ErrorKind, ShellError};
pub use live::Live;
pub use output::{Output, Plain, Style};
pub use reply::{Reply, Sink};
pub use session::{ExecError, Flow, Session};
pub use settings::{Change, Setting, Settings};
