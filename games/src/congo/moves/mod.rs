//! Congo moves: generation, notation, making moves, game status and perft.
//!
//! - [`Move`] is the notation (`e1d3`, monkey paths `b1d3f5`), parsed by
//!   [`parse_move`] / `FromStr`.
//! - [`legal_moves`] lists the side to move's moves (there is no check).
//! - [`Position::play`](crate::congo::Position::play) makes one and returns a
//!   [`MoveOutcome`] (captures, promotion, drowning).
//! - [`status`] says whether the game goes on; [`perft`] and [`divide`]
//!   count the move tree.

pub(crate) mod attacks;
pub mod budget;
mod follow;
mod illegal;
mod make;
mod monkey;
mod movegen;
mod mv;
mod notation;
mod perft;
mod sink;
mod status;

pub use budget::MOVE_LIMIT;
pub use follow::continue_game;
pub use illegal::{Illegal, Legal, check_move, too_many_moves, why_illegal};
pub use make::{IllegalMove, MoveOutcome};
// The course's searches (`congo::course`) and the engine make and count
// moves the fast way.
pub(crate) use make::{Silent, apply, apply_under};
pub(crate) use movegen::generate;
pub use movegen::{is_legal, legal_moves, move_count, move_count_up_to};
pub use mv::{MAX_JUMPS, Move};
pub use notation::{MoveParseError, MoveParseErrorKind, parse_move};
pub use perft::{Counting, PerftProgress, divide, divide_with, perft, perft_with};
pub(crate) use sink::{List, Sink};
pub use status::{Status, status};

// The search also needs the monkey's jumped square.
pub(crate) use mv::jumped_square;
