//! `boardsh-train`: the NNUE trainer for Congo (issue 40).
//!
//! It reads `FEN;R;S` lines ([`data`]), fits the float network
//! `784 → H → 1` of `boardsh::congo::nnue` (`3136 → H → 1` in lion
//! buckets, with a factoriser) ([`model`]) with AdamW
//! ([`train`]), and writes the best network on the validation set,
//! quantized, as a net file ([`output`]).
//!
//! Hand-written on purpose: the network is one sparse layer (about 28 of
//! 784 inputs active) and a dot product, so its forward and backward
//! passes are a few hundred lines of plain loops the compiler vectorises.
//! On the project's 2-CPU machine that is faster than a machine-learning
//! framework (whose dense kernels would waste the sparsity and whose
//! build alone takes longer than a training run), adds no large
//! dependency, and quantizes with the library's own [`Network`].
//!
//! [`Network`]: boardsh::congo::nnue::Network

pub mod best;
pub mod data;
pub mod model;
pub mod output;
pub mod say;
#[cfg(test)]
mod tests;
pub mod train;
