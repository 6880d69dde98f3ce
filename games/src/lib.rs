//! The games of boardsh: [`congo`] (the 7x7 chess variant: rules, FEN,
//! engine, analysis) and [`yut`] (Yut Nori: rules, record, players,
//! solver, text), pure functions and plain data with no terminal code.
//! The `boardsh` crate re-exports every public module here.

// Nothing reachable from input may panic: the workspace's lints
// (`Cargo.toml`) deny the obvious ways.

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
