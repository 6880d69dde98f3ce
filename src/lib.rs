//! boardsh: a command-line shell for Congo positions and Yut Nori games.
//!
//! The library holds the games ([`congo`], [`yut`]) and the command layer
//! ([`shell`]); [`cli`] is the thin terminal front end used by the binary.

pub mod cli;
pub mod congo;
pub(crate) mod quote;
pub mod shell;
pub mod yut;
