//! Match statistics, with no I/O: what a referee needs to judge a match.

pub mod pentanomial;
