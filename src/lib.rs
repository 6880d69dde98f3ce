//! boardsh: a command-line shell for Congo positions and Yut Nori games.
//!
//! The library holds the games ([`congo`], [`yut`]: the crate
//! `boardsh-games`, re-exported) and the command layer ([`shell`]);
//! `cli` is the thin terminal front end used by the binary, private to
//! the crate: [`front`] lists the entry points the binary, the
//! integration tests and the fuzz targets may call.

// Nothing reachable from input may panic: the workspace's lints
// (`Cargo.toml`) deny the obvious ways.

pub(crate) mod cli;
pub mod front;
pub mod shell;

// The games, a crate of their own (`games/`), under the paths they have
// always had here.
pub use boardsh_games::{congo, interrupt, limits, mark, rng, stats, yut};
pub(crate) use boardsh_games::{fnv, quote};
