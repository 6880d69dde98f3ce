//! The Yut Nori game: stations, routes, throws, tokens, and the board.
//!
//! Pure data and rules, no I/O (work in progress).

pub mod route;
pub mod station;
pub mod throw;
pub mod token;

pub use route::{Dest, Start, destination};
pub use station::{ParseStationError, Station};
pub use throw::{ParseThrowError, Throw};
pub use token::{ParseTokenError, Team, Token, TokenSet};
