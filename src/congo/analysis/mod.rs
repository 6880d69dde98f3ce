//! Analysis of Congo positions and games for a person: `hint` (the best
//! few moves with their win chances) and `review` (every move of a game
//! against the engine, marked, with each side's accuracy), both on win
//! chances from one curve ([`chance`]), and the advantage chart
//! ([`chart`]).

pub mod chance;
pub mod chart;
pub mod hint;
pub mod review;

pub use chance::{CHANCE_K, Value, chance_of};
pub use chart::{svg_chart, terminal_chart};
pub use hint::{Candidate, hint};
pub use review::{
    BLUNDER, INACCURACY, MISTAKE, Mark, MoveReview, Review, SideSummary, move_accuracy, review,
};
