//! Why a typed move cannot be played: a reason as data, whose `Display`
//! gives the words that help fix it (the shell shows them as the error).

use super::make::IllegalMove;
use super::movegen::{legal_moves, move_count_up_to};
use super::mv::Move;
use super::status::{Status, status};
use crate::congo::piece::{Color, Piece};
use crate::congo::position::Position;
use crate::congo::square::Square;
use std::fmt;

use super::budget::MOVE_LIMIT;

/// Why a move (or a move command) is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game has ended (a lion is gone).
    GameOver(Status),
    /// The move starts on an empty square.
    NoPiece(Square),
    /// The move starts on a piece of the side not to move.
    NotToMove {
        square: Square,
        piece: Piece,
        side: Color,
    },
    /// The position has more than [`MOVE_LIMIT`] legal moves.
    TooManyMoves,
    /// The piece on the move's square has no legal move at all.
    NoMoveForPiece { mv: Move, piece: Piece },
    /// The piece has legal moves, but not this one: `legal` lists them
    /// (sorted).
    NotAmong {
        mv: Move,
        piece: Piece,
        legal: Vec<Move>,
    },
    /// Making the move failed (the generator and the mover disagree).
    Rejected(IllegalMove),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver(Status::GameOver) => {
                f.write_str("the game is over: there are no lions")
            }
            Illegal::GameOver(st) => write!(f, "the game is over: {st}"),
            Illegal::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            Illegal::NotToMove {
                square,
                piece,
                side,
            } => write!(f, "{square} holds a {piece}, and it is {side} to move"),
            Illegal::TooManyMoves => write!(
                f,
                "this position has over {MOVE_LIMIT} legal moves (monkey jump paths); \
                 boardsh will not list or search them"
            ),
            Illegal::NoMoveForPiece { mv, piece } => write!(
                f,
                "`{mv}` is not legal: the {piece} on {} has no legal move",
                mv.from()
            ),
            Illegal::NotAmong { mv, piece, legal } => {
                write!(
                    f,
                    "`{mv}` is not legal: the {piece} on {} can play",
                    mv.from()
                )?;
                for m in legal {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            Illegal::Rejected(e) => write!(f, "{e}"),
        }
    }
}

/// [`Illegal::TooManyMoves`] when `pos` has more than [`MOVE_LIMIT`] legal moves.
pub fn too_many_moves(pos: &Position) -> Option<Illegal> {
    (move_count_up_to(pos, MOVE_LIMIT) >= MOVE_LIMIT).then_some(Illegal::TooManyMoves)
}

/// A move found legal in a position by [`check_move`]: what
/// [`Game::play_legal`](crate::congo::Game::play_legal) makes without
/// looking for it among the legal moves again. It holds the position's
/// key, so a game in another position checks the move afresh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legal {
    mv: Move,
    key: u64,
}

impl Legal {
    /// The move.
    pub fn mv(self) -> Move {
        self.mv
    }

    /// The key ([`Position::zobrist`]) of the position it is legal in.
    pub(crate) fn key(self) -> u64 {
        self.key
    }
}

/// Why `mv` cannot be played in `pos`, or `None` when it is legal.
pub fn why_illegal(pos: &Position, mv: Move) -> Option<Illegal> {
    check_move(pos, mv).err()
}

/// `mv` as a move legal in `pos`, or why it cannot be played there: the
/// game is over, the from-square holds no piece of the side to move, the
/// position has too many moves to tell, or the piece has other moves (or
/// none). One look among the legal moves.
///
/// # Errors
///
/// Why the move is refused.
pub fn check_move(pos: &Position, mv: Move) -> Result<Legal, Illegal> {
    let st = status(pos);
    if st.is_over() {
        return Err(Illegal::GameOver(st));
    }
    let side = pos.side_to_move();
    let from = mv.from();
    let piece = match pos.piece_at(from) {
        None => return Err(Illegal::NoPiece(from)),
        Some(p) if p.color != side => {
            return Err(Illegal::NotToMove {
                square: from,
                piece: p,
                side,
            });
        }
        Some(p) => p,
    };
    if let Some(why) = too_many_moves(pos) {
        return Err(why);
    }
    let legal = legal_moves(pos);
    #[cfg(any(test, feature = "tally"))]
    crate::congo::tally::checked();
    if legal.contains(&mv) {
        return Ok(Legal {
            mv,
            key: pos.zobrist(),
        });
    }
    // `legal_moves` is sorted by notation, so this sublist is too.
    let own: Vec<Move> = legal.into_iter().filter(|m| m.from() == from).collect();
    Err(if own.is_empty() {
        Illegal::NoMoveForPiece { mv, piece }
    } else {
        Illegal::NotAmong {
            mv,
            piece,
            legal: own,
        }
    })
}
