//! An efficiently updatable neural network (NNUE) evaluation for Congo
//! (issue 40). The engine evaluates with one when given it
//! ([`Engine::set_net`](super::search::Engine::set_net)), by hand
//! otherwise.
//!
//! - features ([`feature_index`]): one input for each (piece kind, own or
//!   the opponent's, square) in each side's view, Black's turned over;
//! - [`Network`]: the shape `N_FEATURES → H → 1` and its quantized weights
//!   (`i16` hidden layer, clipped ReLU to `[0, QA]`, squared or not
//!   ([`Activation`]), output scaled to centipawns); [`Network::random`] gives a
//!   seeded one for tests;
//! - [`Accumulators`]: the hidden layer of both views (the one
//!   accumulator type), built from scratch or followed from the
//!   positions before and after a move;
//! - [`Network::evaluate`]: the score for the side to move;
//! - the network file ([`Network::to_bytes`], [`Network::from_bytes`],
//!   [`NetFileError`]): the weights and their provenance, checksummed;
//! - [`AccStack`]: the search's [`Accumulators`], one per ply, allocated
//!   once, followed lazily from the parent's; a view a lion-bucket net
//!   must build again starts from its refresh cache (`cache`);
//! - `simd`: the inner loops, on AVX2 where the CPU has it, scalar
//!   otherwise, with the same integer results: a table of kernels chosen
//!   once, when a network is made or read ([`Network::with_simd`]).

mod accumulator;
mod cache;
mod default;
mod eval;
mod features;
mod file;
mod network;
mod simd;
mod stack;
#[cfg(test)]
mod tests;

pub use accumulator::Accumulators;
pub use default::{default_description, default_net};
pub use features::{FeatureSet, LION_BUCKETS, N_FEATURES, View, feature_index, oriented};
pub use file::{FEATURE_SET, MAGIC, MAX_DESCRIPTION, MAX_FILE_BYTES, NetFileError, VERSION};
pub use network::{
    Activation, MAX_BUCKETS, MAX_EVAL, MAX_HIDDEN, Network, QA, QB, SCALE, SQ_SHIFT, output_bucket,
};
pub use simd::simd_in_use;
pub use stack::{AccStack, evaluate_fresh};
