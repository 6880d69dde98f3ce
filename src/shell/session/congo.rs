//! The Congo commands' handlers: `fen`, `list`, `board`, `moves`, `play`,
//! `status`, `perft`, `divide`.

use super::history::{Before, CongoPart};
use super::{ExecError, Session, interrupted};
use crate::congo::moves::{
    Counting, Illegal, Move, divide_with, legal_moves, perft_with, status, too_many_moves,
    why_illegal,
};
use crate::congo::{Bitboard, Position};
use crate::interrupt::Either;
use crate::shell::board::LastMove;
use crate::shell::command::{Command, MovesFilter};
use crate::shell::error::ErrorKind;
use crate::shell::reply::{Reply, Sink};
use std::sync::atomic::{AtomicBool, Ordering};

impl Session {
    pub(super) fn show_fen(&self) -> Reply {
        Reply::Fen(Box::new(self.position().clone()))
    }

    pub(super) fn set_fen(&mut self, pos: &Position, cmd: &Command) -> Reply {
        if pos != self.position() {
            let before = Before {
                congo: Some(self.congo_part()),
                yut: None,
            };
            self.congo = CongoPart::new(pos.clone());
            self.record(cmd.clone(), before);
        }
        Reply::Nothing
    }

    pub(super) fn list(&self) -> Reply {
        Reply::Listing(Box::new(self.position().clone()))
    }

    pub(super) fn board(&self) -> Reply {
        Reply::Board(Box::new((
            self.position().clone(),
            self.congo.last_move.clone(),
            self.congo_drawn(),
        )))
    }

    pub(super) fn status(&self) -> Reply {
        if self.congo_drawn() {
            return Reply::Text(format!("{}\n", super::versus::DRAWN));
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

    pub(super) fn play(&mut self, mv: Move, cmd: &Command) -> Result<Reply, ErrorKind> {
        if let Some(why) = why_illegal(self.position(), mv) {
            return Err(ErrorKind::Illegal(why));
        }
        let mut after = self.congo.clone();
        // The `rules` setting: under 2021 a pawn on the far rank stays a pawn.
        let outcome = after
            .game
            .play_under(self.rules(), mv)
            .map_err(|e| ErrorKind::Illegal(Illegal::Rejected(e)))?;
        let last = LastMove {
            text: mv.to_string(),
            squares: mv.squares().fold(Bitboard::EMPTY, Bitboard::with),
        };
        let before = Before {
            congo: Some(self.congo_part()),
            yut: None,
        };
        after.last_move = Some(last);
        self.congo = after;
        self.record(cmd.clone(), before);
        Ok(Reply::Played(Box::new(outcome), status(self.position())))
    }

    pub(super) fn perft(&self, depth: u32) -> Result<Reply, ErrorKind> {
        refuse_huge(self.position())?;
        self.live.reset_counters();
        let counting = Counting {
            threads: self.settings().threads(),
            stop: &self.live.interrupt,
            progress: &self.live.perft,
        };
        let n = perft_with(self.position(), depth, &counting).map_err(interrupted)?;
        Ok(Reply::Count(n))
    }

    /// `divide`: each root move's line goes to `sink` as soon as it is
    /// counted; the total is the reply.
    pub(super) fn divide(
        &self,
        depth: u32,
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
        let stop = Either(&self.live.interrupt, &write_failed);
        self.live.reset_counters();
        let counting = Counting {
            threads: self.settings().threads(),
            stop: &stop,
            progress: &self.live.perft,
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

/// The move commands refuse a position with too many legal moves.
fn refuse_huge(pos: &Position) -> Result<(), ErrorKind> {
    match too_many_moves(pos) {
        Some(why) => Err(ErrorKind::Illegal(why)),
        None => Ok(()),
    }
}
