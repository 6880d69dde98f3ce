//! Whether the game goes on, and who has won.

use super::movegen::{both_lions, has_move};
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
use std::fmt;

/// The state of the game in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Both lions stand and the side to move has a move.
    Continue,
    /// Black's lion is gone, or Black is to move and cannot.
    WhiteWins,
    /// White's lion is gone, or White is to move and cannot.
    BlackWins,
    /// Both lions are gone (only in a set-up position).
    GameOver,
}

impl Status {
    /// The winner, if there is one.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Status::WhiteWins => Some(Color::White),
            Status::BlackWins => Some(Color::Black),
            Status::Continue | Status::GameOver => None,
        }
    }

    /// Whether the game has ended.
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::Continue)
    }

    const fn win_for(color: Color) -> Status {
        match color {
            Color::White => Status::WhiteWins,
            Color::Black => Status::BlackWins,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Continue => "Continue",
            Status::WhiteWins => "White wins",
            Status::BlackWins => "Black wins",
            Status::GameOver => "Game over",
        })
    }
}

/// The status of `pos`: a missing lion decides it; otherwise a side to move
/// without a legal move has lost.
pub fn status(pos: &Position) -> Status {
    let has_lion = |c| pos.pieces(Piece::new(c, PieceKind::Lion)).any();
    match (has_lion(Color::White), has_lion(Color::Black)) {
        (false, false) => Status::GameOver,
        (true, false) => Status::WhiteWins,
        (false, true) => Status::BlackWins,
        (true, true) => {
            debug_assert!(both_lions(pos));
            if has_move(pos) {
                Status::Continue
            } else {
                Status::win_for(!pos.side_to_move())
            }
        }
    }
}
