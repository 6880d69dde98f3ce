//! The Congo game: squares, pieces, positions, FEN, the piece listing and
//! the moves.
//!
//! What outside users (integration tests, benchmarks, fuzz targets,
//! examples) may touch is the list of `pub use` below, plus five
//! subsystems that keep their own curated list: [`fen`] (reading and
//! writing positions), [`search`] (the engine), [`course`] (the course's
//! own rules and searches), [`tablebase`] (endgame tables), [`eval`] (the
//! evaluation's one owner: the [`eval::Evaluator`] every engine receives,
//! the one loader of `off`, `default` or a network file, the win-chance
//! curve) and [`nnue`] (the network's arithmetic). The engine evaluates
//! with the built-in network in every session, `boardsh agent` and
//! `selfplay` unless `set net off` or `--net off` asks for the
//! hand-written terms. Every other
//! module is private to the crate: the shell reaches deeper, nobody else.

pub mod analysis;
pub(crate) mod bitboard;
pub mod course;
pub mod data;
pub mod eval;
pub mod fen;
pub(crate) mod game;
#[doc(hidden)]
pub mod guide;
pub(crate) mod key_counts;
pub(crate) mod listing;
pub(crate) mod mirror;
#[doc(hidden)]
pub mod moves;
pub mod nnue;
#[doc(hidden)]
pub mod openings;
#[doc(hidden)]
pub mod passive;
pub(crate) mod piece;
pub(crate) mod position;
#[doc(hidden)]
pub(crate) mod rules;
pub mod search;
pub(crate) mod square;
#[doc(hidden)]
pub mod svg;
pub mod tablebase;
#[cfg(any(test, feature = "tally"))]
#[doc(hidden)]
pub mod tally;
mod zobrist;

// The face.
pub use bitboard::Bitboard;
pub use fen::{FenError, FenErrorKind};
pub use game::{Ending, Game, Outcome, Repetition};
pub use key_counts::KeyCounts;
pub use listing::{listing, write_listing};
pub use mirror::mirror_square;
pub use moves::{
    Counting, IllegalMove, MAX_JUMPS, Move, MoveOutcome, MoveParseError, MoveParseErrorKind,
    PerftProgress, Status, divide, divide_with, is_legal, legal_moves, move_count,
    move_count_up_to, parse_move, perft, perft_with, status,
};
pub use openings::{Openings, openings};
pub use piece::{Color, Piece, PieceKind};
pub use position::{Position, START_FEN};
pub use rules::Rules;
pub use square::{File, Rank, Square};
