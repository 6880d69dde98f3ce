//! The Wits COMS3005A Congo course (2021 and 2022): its rules, its two
//! evaluations and its two searches, exactly as the hand-outs define them.
//!
//! - [`Rules`]: the year's piece set and promotion ([`Rules::Full`] is
//!   boardsh's own game), laid over boardsh's move maker.
//! - [`evaluate`] (Part 4): material after the end-of-game rules;
//!   [`evaluate_advanced`] (Part 5): material + mobility + attack.
//! - [`minimax`] (Part 4, plain negamax) and [`alphabeta`] (Part 5,
//!   fail-hard alpha-beta, fast); either takes either [`Evaluation`].
//!
//! The hand-outs are in `spec/course/`; the front end is `boardsh course`.

pub(crate) mod advanced;
pub(crate) mod alphabeta;
pub(crate) mod material;
pub(crate) mod minimax;
pub(crate) mod rules;

pub use advanced::{Activity, Terms, activity, evaluate_advanced, terms};
pub use alphabeta::alphabeta;
pub use material::{WIN, evaluate, material, value};
pub use minimax::{Evaluation, MAX_MOVES, NO_MOVE, START, SearchError, Searched, minimax};
pub use rules::{Rules, game_over};
