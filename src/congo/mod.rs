//! The Congo game: squares, pieces, positions, FEN, the piece listing and
//! the moves.

pub mod bitboard;
pub mod course;
pub mod fen;
pub mod game;
pub mod guide;
pub mod listing;
pub mod moves;
pub mod openings;
pub mod piece;
pub mod position;
pub mod search;
pub mod square;
pub mod svg;
pub mod tablebase;
pub mod tally;
mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, FenErrorKind};
pub use game::{Ending, Game, Outcome, Repetition};
pub use listing::{listing, write_listing};
pub use moves::{
    IllegalMove, Move, MoveOutcome, MoveParseError, MoveParseErrorKind, Status, divide, is_legal,
    legal_moves, move_count, move_count_up_to, parse_move, perft, status,
};
pub use piece::{Color, Piece, PieceKind};
pub use position::{Position, START_FEN};
pub use square::{File, Rank, Square};
pub use tally::{Elo, Tally};
