//! The Congo game: squares, pieces, positions, FEN and the piece listing.

pub mod bitboard;
pub mod fen;
pub mod listing;
pub mod piece;
pub mod position;
pub mod square;

pub use bitboard::Bitboard;
pub use fen::{FenError, FenErrorKind};
pub use listing::{listing, write_listing};
pub use piece::{Color, Piece, PieceKind};
pub use position::{Position, START_FEN};
pub use square::{File, Rank, Square};
