//! Helpers shared by the test modules.

#![allow(dead_code)]

pub mod prover;
pub mod test;

pub use test::{Test, boardsh};
