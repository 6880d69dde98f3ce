//! The Congo engine's evaluation and its one owner: which evaluation
//! plays ([`Evaluator`]: the hand-written terms or a network), how a
//! choice (`off`, `default`, a network file: [`NetChoice`]) is resolved,
//! read and checked ([`load`], one function for `set net`, `agent --net`,
//! `selfplay --net` and the lab), and the curve that turns a score into a
//! win chance ([`win_chance`]) for analysis, `tune`, datagen and the
//! trainer alike.
//!
//! The network's arithmetic (features, weights, accumulators, the file
//! format, the SIMD kernels) stays in [`nnue`](super::nnue); the
//! hand-written terms in [`search`](super::search). The search, the
//! analysis, the levels and the agents all receive an [`Evaluator`]
//! ([`Engine::set_evaluator`](super::search::Engine::set_evaluator)).

mod chance;
mod choice;
mod evaluator;
mod load;

pub use chance::{win_chance, win_chance_f32};
pub use choice::{NetChoice, STARTUP_NET};
pub use evaluator::Evaluator;
pub use load::{LoadError, NetReader, ReadNet, load, resolve};
