//! The games of boardsh: [`congo`] (the 7x7 chess variant: rules, FEN,
//! engine, analysis) and [`yut`] (Yut Nori: rules, record, players,
//! solver, text), pure functions and plain data with no terminal code.
//! The `boardsh` crate re-exports every public module here.

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

pub mod congo;
#[doc(hidden)]
pub mod fnv;
pub mod interrupt;
pub mod limits;
pub mod mark;
#[doc(hidden)]
pub mod quote;
pub mod rng;
pub mod stats;
mod svg;
#[cfg(test)]
mod svg_check;
#[doc(hidden)]
pub mod table;
pub mod yut;
