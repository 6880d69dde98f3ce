//! The Yut Nori game: stations, routes, throws, tokens, and the board.
//!
//! Pure data and rules, no I/O (work in progress).

pub mod station;

pub use station::{ParseStationError, Station};
