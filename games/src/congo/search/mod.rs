//! The Congo engine: evaluation and search (no I/O).
//!
//! - [`Engine::search`] finds the best move within [`Limits`] (depth,
//!   nodes, time) and an [`Interrupt`](crate::interrupt::Interrupt),
//!   reporting each finished depth as a [`SearchInfo`]; on
//!   [`EngineConfig::threads`] threads (lazy SMP) and probing the endgame
//!   tables given with [`Engine::set_tablebase`].
//! - [`EngineConfig`] holds the table size and a switch per feature;
//!   [`EngineConfig::strongest`] is the engine, [`EngineConfig::material_depth4`]
//!   the baseline of the matches.
//! - [`evaluate_terms`] lists the evaluation's named terms for `eval`.
//! - [`run_match`] (`selfplay`) plays engine settings against each other in-process.
//! - [`datagen`] makes training data from self-play, [`tune`] fits the
//!   evaluation's [`weights`] to it (Texel's method).

mod config;
#[doc(hidden)]
pub mod datagen;
mod engine;
pub(crate) mod engine_match;
mod eval;
mod ordering;
mod past;
pub mod progress;
pub(crate) mod safe;
#[doc(hidden)]
pub mod skill;
mod spec;
mod threads;
mod threat;
mod tt;
#[doc(hidden)]
pub mod tune;
mod types;
pub mod weights;

pub use config::EngineConfig;
pub use engine_match::{play_game, run_match};
pub use eval::{DEFAULT_VALUES, EvalWeights, Terms as EvalTerms, evaluate_terms, evaluate_with};
pub use past::PastKeys;
pub use safe::safe_move;
pub use skill::{MIN_LEVEL, Style, TOP_LEVEL, choose, choose_style, style};
pub use spec::parse_config;
pub use threads::Engine;
pub use tt::HashAllocError;
pub use types::{Limits, Score, SearchInfo};

/// The evaluation of `pos` with the default weights, side to move's view.
pub fn evaluate(pos: &crate::congo::Position) -> i32 {
    evaluate_with(pos, &EvalWeights::default())
}
