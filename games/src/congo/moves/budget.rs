//! How many moves each part of boardsh takes on: one policy, in one place.
//!
//! A set-up position can give a monkey astronomically many jump paths,
//! each a legal move. Every consumer of move lists has a budget, and none
//! cuts a list silently: each either refuses the position with an error
//! naming the limit, or (the engine) searches the first moves generated
//! and says so in its result (`best ... (truncated at 1024 moves)`).
//!
//! | budget | who | past it |
//! |---|---|---|
//! | [`MOVE_LIMIT`] 1,000,000 | `moves`, `play`, `perft`, `divide`, `best`, `go`, `analyze`, the course tasks, `boardsh agent`'s `position` and `moves` (after every move) | refused |
//! | [`SEARCH_NODE_MOVES`] 1,024 | the engine, per node | the first ones searched; the result says so |
//! | [`COURSE_SEARCH_MOVES`] 10,000 | the course's `minimax` and `alphabeta`, per node | refused |
//! | [`LISTED_MOVES`] 10,000 | Tab completion and hints of `play` | nothing offered |
//! | [`CONTINUE_MOVES`] 20,000 | `boardsh agent`'s test whether a bare `position` continues its game (both plies together) | a new game history |

/// The most legal moves the move commands will list, count or search
/// through; past this many they refuse instead of hanging.
#[cfg(not(fuzzing))]
pub const MOVE_LIMIT: u64 = 1_000_000;

/// Under the fuzzer (`--cfg fuzzing`, set by cargo-fuzz) the same guard
/// refuses from 20,000 moves. The guard counts moves up to its limit, so
/// each hostile monkey lattice cost an instrumented build about 2 s at
/// 1,000,000 (the `agent` target ran at 280 inputs a second); at 20,000
/// the same refusal paths run 50 times cheaper, and the limit stays above
/// every other budget below, so their paths are still reached.
#[cfg(fuzzing)]
pub const MOVE_LIMIT: u64 = 20_000;

/// The most moves the engine searches at one node: the first generated
/// (captures and all are then ordered among them). A search that had to
/// cut a node's list says so ([`SearchInfo::truncated`](crate::congo::search::SearchInfo)).
pub const SEARCH_NODE_MOVES: usize = 1024;

/// The most moves of a node in the course's searches (`minimax`,
/// `alphabeta`): past it they stop with an error.
pub const COURSE_SEARCH_MOVES: u64 = 10_000;

/// The most legal moves offered by completion and hints (past it, none).
pub const LISTED_MOVES: u64 = 10_000;

/// The most moves generated, over both plies, to tell whether a position
/// an agent is sent continues its game (one or two plies on): a referee's
/// every `position` is answered in milliseconds, whatever the board held
/// before. Past it the position starts a new history (repetitions before
/// it are then not seen, which no real game comes near: Congo positions
/// of play have a few dozen moves, so two plies cost a few thousand).
pub const CONTINUE_MOVES: u64 = 20_000;
