//! Analysis of Congo positions and games for a person: `hint` (the best
//! few moves with their win chances) and `review` (every move of a game
//! against the engine, marked, with each side's accuracy), both on win
//! chances from one curve ([`chance`]), the advantage chart ([`chart`]),
//! and `retry` (the positions before a review's mistakes, to find a better
//! move: [`retry`]). Every position they list the moves of passes one move
//! budget first, the one the move commands and `go` keep ([`budget`]).

pub mod budget;
pub mod chance;
pub mod chart;
pub mod hint;
pub mod key;
pub mod retry;
pub mod review;
pub mod review_walk;
pub mod tutor;
pub mod why;

pub use budget::{AnalysisError, OverBudget, checked_count, checked_game, checked_moves};
pub use chance::{CHANCE_K, Value, chance_of};
pub use chart::{svg_chart, terminal_chart};
pub use hint::{Candidate, Hint, hint};
pub use key::{KEY_MOMENTS, key_moments};
pub use retry::{Answer, Puzzle, RetryError, Verdict, judge, puzzles};
pub use review::{
    BLUNDER, INACCURACY, MISTAKE, Mark, MoveReview, ONLY_GAP, Review, SideSummary, move_accuracy,
    review, review_on, review_planned,
};
pub use review_walk::{CHUNK, Plan, WALK, Walk};
pub use why::Note;
