//! Helpers shared by the test modules.

#![allow(dead_code)]

pub mod fast_hash;
pub mod matches;
pub mod prover;
pub mod test;
pub mod tmux;

pub use test::{Test, boardsh};
