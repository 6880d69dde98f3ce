//! The sticks' generator is the crate's one SplitMix64 ([`crate::rng`]).

pub use crate::rng::Rng;
