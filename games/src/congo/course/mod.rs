//! The Wits COMS3005A Congo course (2021 and 2022): its rules, its two
//! evaluations and its two searches, exactly as the hand-outs define them.
//!
//! - [`Rules`] (at the Congo root, as the move maker takes them): the
//!   year's piece set and promotion ([`Rules::Full`] is boardsh's own
//!   game).
//! - [`evaluate`] (Part 4): material after the end-of-game rules;
//!   [`evaluate_advanced`] (Part 5): material + mobility + attack.
//! - [`minimax`] (Part 4, plain negamax) and [`alphabeta`] (Part 5,
//!   fail-hard alpha-beta, fast); either takes either [`Evaluation`].
//!
//! The hand-outs are in `spec/course/`; the front end is `boardsh course`.

pub(crate) mod advanced;
pub(crate) mod alphabeta;
#[doc(hidden)]
pub mod material;
pub(crate) mod minimax;

use crate::congo::{Color, Position};
pub use advanced::{Activity, Terms, activity, evaluate_advanced, terms};
pub use alphabeta::alphabeta;
pub use material::{WIN, evaluate, material, value};
pub use minimax::{Evaluation, MAX_MOVES, NO_MOVE, START, SearchError, Searched, minimax};

/// Whether the game is over in the course's sense: a lion has been
/// captured (either lion is missing). Two bare lions are not over: they
/// may still take each other.
pub fn game_over(pos: &Position) -> bool {
    pos.lion(Color::White).is_none() || pos.lion(Color::Black).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn bare_lions_are_not_over() {
        assert!(!game_over(&fen("3l3/7/7/7/7/7/3L3 w 0")));
        assert!(game_over(&fen("7/7/7/7/7/7/3L3 b 3")));
        assert!(game_over(&fen("3l3/7/7/7/7/7/7 w 3")));
    }
}
