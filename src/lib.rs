//! boardsh: a command-line shell for Congo positions and Yut Nori games.
//!
//! The library holds the games ([`congo`], [`yut`]) and the command layer
//! ([`shell`]); `cli` is the thin terminal front end used by the binary,
//! private to the crate: [`front`] lists the entry points the binary, the
//! integration tests and the fuzz targets may call.

// Nothing reachable from input may panic: the obvious ways are denied in
// the library (tests may use them).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic,
        clippy::string_slice
    )
)]

pub(crate) mod cli;
pub mod congo;
mod fnv;
pub mod front;
pub mod interrupt;
pub mod limits;
pub mod mark;
pub(crate) mod quote;
pub mod rng;
pub mod shell;
pub mod stats;
#[cfg(test)]
mod svg_check;
mod table;
pub mod yut;
