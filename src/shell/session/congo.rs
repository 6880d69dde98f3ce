//! The Congo commands' handlers: `fen`, `list`, `board`, `moves`, `play`,
//! `status`, `perft`, `divide`.

use super::history::CongoState;
use super::{ExecError, interrupted};
use crate::congo::moves::{
    Counting, Illegal, Move, check_move, divide_with, legal_moves, perft_with, status,
    too_many_moves,
};
use crate::congo::{Bitboard, Position};
use crate::congo::{Game, MoveOutcome, Rules};
use crate::interrupt::Either;
use crate::shell::board::LastMove;
use crate::shell::command::MovesFilter;
use crate::shell::error::ErrorKind;
use crate::shell::live::Live;
use crate::shell::reply::{Reply, Sink};
use std::sync::atomic::{AtomicBool, Ordering};

impl CongoState {
    /// The position.
    pub(super) fn position(&self) -> &Position {
        self.game.position()
    }

    pub(super) fn show_fen(&self) -> Reply {
        Reply::Fen(Box::new(self.position().clone()))
    }

    /// `fen <FEN>`: a new game from `pos` (the session records it only
    /// when `pos` differs from the position).
    pub(super) fn set_fen(&mut self, pos: &Position) -> Reply {
        *self = CongoState::new(pos.clone());
        Reply::Nothing
    }

    pub(super) fn list(&self) -> Reply {
        Reply::Listing(Box::new(self.position().clone()))
    }

    /// `board`; `drawn`: the game is drawn by the `draw repetition` rule.
    pub(super) fn board(&self, drawn: bool, flipped: bool) -> Reply {
        Reply::Board(Box::new((
            self.position().clone(),
            self.last_move.clone(),
            drawn,
            flipped,
        )))
    }

    /// `status`; `drawn` as for [`CongoState::board`].
    pub(super) fn status(&self, drawn: bool) -> Reply {
        if drawn {
            return Reply::Drawn;
        }
        Reply::Status(status(self.position()))
    }

    /// The legal moves passing `filter`, sorted by notation.
    pub(super) fn moves(&self, filter: MovesFilter) -> Result<Reply, ErrorKind> {
        let pos = self.position();
        refuse_huge(pos)?;
        let moves: Vec<Move> = legal_moves(pos)
            .into_iter()
            .filter(|mv| match filter {
                MovesFilter::All => true,
                MovesFilter::From(sq) => mv.from() == sq,
                MovesFilter::Kind(kind) => pos.piece_at(mv.from()).is_some_and(|p| p.kind == kind),
            })
            .collect();
        Ok(Reply::Moves(moves))
    }

    /// `play <move>` under `rules` (the `rules` setting: under 2021 a
    /// pawn on the far rank stays a pawn); a refused move changes nothing.
    pub(super) fn play(&mut self, mv: Move, rules: Rules) -> Result<Reply, ErrorKind> {
        // A refused move leaves the game as it was: no copy needed.
        let outcome = play_checked(&mut self.game, rules, mv).map_err(ErrorKind::Illegal)?;
        self.last_move = Some(LastMove {
            text: mv.to_string(),
            squares: mv.squares().fold(Bitboard::EMPTY, Bitboard::with),
        });
        Ok(Reply::Played(Box::new(outcome), status(self.position())))
    }

    /// `perft N` on `threads` threads, counting into `live`.
    pub(super) fn perft(
        &self,
        depth: u32,
        threads: usize,
        live: &Live,
    ) -> Result<Reply, ErrorKind> {
        refuse_huge(self.position())?;
        live.reset_counters();
        let counting = Counting {
            threads,
            stop: &live.interrupt,
            progress: &live.perft,
        };
        let n = perft_with(self.position(), depth, &counting).map_err(interrupted)?;
        Ok(Reply::Count(n))
    }

    /// `divide`: each root move's line goes to `sink` as soon as it is
    /// counted; the total is the reply.
    pub(super) fn divide(
        &self,
        depth: u32,
        threads: usize,
        live: &Live,
        sink: &mut dyn Sink,
        fail: impl Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        refuse_huge(self.position()).map_err(&fail)?;
        // Depth 0 has no root moves to split by; its one node is the
        // position itself, as `perft 0` says.
        if depth == 0 {
            return Ok(Reply::DivideTotal(1));
        }
        // A failed write stops the count too: nothing more can be shown.
        let write_failed = AtomicBool::new(false);
        let stop = Either(&live.interrupt, &write_failed);
        live.reset_counters();
        let counting = Counting {
            threads,
            stop: &stop,
            progress: &live.perft,
        };
        let mut io_error = None;
        let counted = divide_with(self.position(), depth, &counting, &mut |mv, n| {
            if io_error.is_none()
                && let Err(e) = sink.reply(Reply::DivideMove(mv, n))
            {
                write_failed.store(true, Ordering::Relaxed);
                io_error = Some(e);
            }
        });
        if let Some(e) = io_error {
            return Err(ExecError::Io(e));
        }
        let total = counted.map_err(|i| fail(interrupted(i)))?;
        Ok(Reply::DivideTotal(total))
    }
}

/// Play `mv` in `game` under `rules` as `play` does: refused (the game
/// unchanged) when the game is over, the move is not legal, or the
/// position has too many legal moves to tell ([`check_move`]). What
/// `play`, `go` and the game-file reader of `review FILE` share.
///
/// # Errors
///
/// Why the move is refused.
pub(in crate::shell) fn play_checked(
    game: &mut Game,
    rules: Rules,
    mv: Move,
) -> Result<MoveOutcome, Illegal> {
    // One look among the legal moves: the game makes the move found
    // legal without looking again.
    let legal = check_move(game.position(), mv)?;
    game.play_legal(rules, legal).map_err(Illegal::Rejected)
}

/// The move commands refuse a position with too many legal moves.
fn refuse_huge(pos: &Position) -> Result<(), ErrorKind> {
    match too_many_moves(pos) {
        Some(why) => Err(ErrorKind::Illegal(why)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Session;
    use crate::congo::tally;
    use crate::shell::parse::parse_command;
    use crate::shell::reply::Reply;

    /// What running `line` in `s` costs: (legality checks, position copies).
    fn cost(s: &mut Session, line: &str) -> ((u64, u64), bool) {
        let cmd = parse_command(line).expect("parses");
        let (checks, copies) = tally::now();
        let done = s.execute(&cmd, &mut Vec::<Reply>::new()).is_ok();
        let (c, p) = tally::now();
        ((c - checks, p - copies), done)
    }

    /// A move is looked for among the legal moves once (the check that
    /// names why a move is refused) and the position copied once (the one
    /// the game keeps for `undo`): the reply carries what the move did and
    /// the status, not a position. It was checked twice (`play_checked`'s
    /// diagnosis, then the game's own check before making it).
    #[test]
    fn a_move_is_checked_once_and_copied_once() {
        let mut s = Session::new();
        assert_eq!(cost(&mut s, "play c2c3"), ((1, 1), true));
        assert_eq!(cost(&mut s, "play e6e5"), ((1, 1), true));
        // A bare move is the same `play`.
        assert_eq!(cost(&mut s, "d2d3"), ((1, 1), true));
        // A refused move: checked once, nothing copied.
        assert_eq!(cost(&mut s, "play c7c4"), ((1, 0), false));
        // Its undo record keeps the game's length, not a copy.
        assert_eq!(cost(&mut s, "undo"), ((0, 0), true));
    }
}
