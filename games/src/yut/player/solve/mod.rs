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
pub(crate) mod ends;
#[doc(hidden)]
pub mod hint;
pub(crate) mod index;
pub(crate) mod jacobi;
pub(crate) mod luck;
pub(crate) mod partial;
pub(crate) mod plans;
#[doc(hidden)]
pub mod player;
pub(crate) mod race;
#[doc(hidden)]
pub mod review;
pub(crate) mod solver;
pub(crate) mod sweep_files;
pub(crate) mod table;
pub(crate) mod totals;
pub(crate) mod turn;
#[doc(hidden)]
pub mod tutor;
#[doc(hidden)]
pub mod whole;

// The solver's face: what the tests, the lab, the fuzz targets and the
// benchmarks call, and the types those calls take and give back.
pub use analysis::{Analysis, AnalysisError, GameHint, GameReview, review_game};
pub use board::{Board, Side};
pub use bounded::Bounded;
pub use dense::CachePrecision;
pub use hint::{HintLine, Players, hint};
pub use index::Layer;
pub use jacobi::{
    How, Jacobi, Prev, RangeSwept, SweepPlan, VALUES_TOLERANCE, ValuesReport, copy, error_bound,
    fresh, merge, next_rate, place, solve_values,
};
pub use luck::{Happened, Luck, Point, ThrowLuck};
pub use partial::Partial;
pub use plans::{Ending, Plan, plans};
pub use player::{Exact, board_of, exact_choices};
pub use review::{BLUNDER, INACCURACY, MISTAKE, Mark, Reviewed, THRESHOLDS, review};
pub use solver::{LayerJob, LayerReport, Progress};
pub use sweep_files::{
    PartHead, SweepId, ValuesHead, part_bytes, read_part, read_values_file, values_bytes,
};
pub use table::{Roles, Table, TableError};
pub use turn::{Mode, Turn};
pub use whole::{TurnHint, TurnLine, hint_turns};

// What only the crate's own front end uses (the shell's `hint`, `review`
// and renderings, `boardsh yut solve`'s budgets): not public.
// For the shell (crate `boardsh`), not the face.
#[doc(hidden)]
pub use analysis::{hint_game, hint_team};
#[doc(hidden)]
pub use index::Index;
#[doc(hidden)]
pub use plans::landing;
#[doc(hidden)]
pub use solver::{TOLERANCE, layer_memory, layer_states};
#[doc(hidden)]
pub use totals::{loss_totals, luck_totals};

/// The default cap on yuts and mos pending in a turn: a run that long
/// has probability (1/8)^10, below 1e-9.
pub const DEFAULT_CAP: u8 = 10;
