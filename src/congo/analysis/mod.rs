//! Analysis of Congo positions and games for a person: `hint` (the best
//! few moves with their win chances) and `review` (every move of a game
//! against the engine, marked, with each side's accuracy), both on win
//! chances from one curve ([`chance`]), the advantage chart ([`chart`]),
//! and `retry` (the positions before a review's mistakes, to find a better
//! move: [`retry`]).

pub mod chance;
pub mod chart;
pub mod hint;
pub mod retry;
pub mod review;

pub use chance::{CHANCE_K, Value, chance_of};
pub use chart::{svg_chart, terminal_chart};
pub use hint::{Candidate, hint};
pub use retry::{Answer, Puzzle, RetryError, Verdict, judge, puzzles};
pub use review::{
    BLUNDER, INACCURACY, MISTAKE, Mark, MoveReview, Review, SideSummary, move_accuracy, review,
};
