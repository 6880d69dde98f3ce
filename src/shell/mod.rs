//! The command language and the session: parsing, executing, replaying
//! scripts. Still no terminal: everything writes to an [`Output`].

pub mod board;
pub mod command;
pub mod error;
pub mod help;
pub mod lines;
pub mod live;
pub mod output;
pub mod parse;
pub mod play;
mod problem;
pub mod script;
pub mod session;

pub use command::{Command, Located, Span};
pub use error::{ErrorKind, ShellError};
pub use live::Live;
pub use output::{Output, Plain, Style};
pub use session::{ExecError, Flow, Session};
