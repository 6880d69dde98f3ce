//! Yut Nori solved exactly for K tokens a side, where it fits.
//!
//! The game's state at a turn start is both teams' tokens and the team to
//! throw; `board` keeps it from the side of the team to move, tokens of
//! a team as a sorted multiset. `turn` solves one turn exactly (throws,
//! extra throws, the order the pending throws are used in); `solver`
//! runs value iteration over the turn-start positions, layer by layer by
//! escaped tokens from the end (`index`); `table` holds the values in
//! fixed point and turns them into bytes and back; `partial` keeps a
//! stopped layer's values, so it resumes where it was. The rules are the
//! game's: moves use its route table, and the tests check the values
//! against a brute force that plays through [`Play`](crate::yut::Play).

pub(crate) mod analysis;
pub(crate) mod board;
pub(crate) mod bounded;
pub(crate) mod dense;
pub(crate) mod hint;
pub(crate) mod index;
pub(crate) mod luck;
pub(crate) mod partial;
pub(crate) mod plans;
pub(crate) mod player;
pub(crate) mod race;
pub(crate) mod review;
pub(crate) mod solver;
pub(crate) mod table;
pub(crate) mod totals;
pub(crate) mod turn;
pub(crate) mod tutor;
pub(crate) mod whole;

pub use analysis::{
    Analysis, AnalysisError, GameHint, GameReview, hint_game, hint_team, review_game,
};
pub use board::{Board, Side};
pub use bounded::Bounded;
pub use dense::CachePrecision;
pub use hint::{HintLine, HintReport, Players, hint, hint_within};
pub use index::{Index, Layer, Place};
pub use luck::{Happened, Luck, LuckError, Point, ThrowLuck, luck};
pub use partial::Partial;
pub use plans::{Ending, Landing, MAX_PLANS, Moved, Plan, exact_chance, landing, plans};
pub use player::{Exact, board_of, covers, exact_choices};
pub use race::{PlayerPair, RaceCut, RaceSetup, Raced, race};
pub use review::{BLUNDER, INACCURACY, MISTAKE, Mark, Reviewed, THRESHOLDS, review};
pub use solver::{
    LayerJob, LayerReport, Progress, TOLERANCE, converged, layer_memory, layer_states,
};
pub use table::{Roles, Table, TableError};
pub use totals::{Total, loss_totals, luck_totals};
pub use turn::{Mode, Pend, Turn};
pub use whole::{EXACT_TIE, TurnHint, TurnLine, hint_turns, hint_turns_raced, indistinct};

/// The default cap on yuts and mos pending in a turn: a run that long
/// has probability (1/8)^10, below 1e-9.
pub const DEFAULT_CAP: u8 = 10;
