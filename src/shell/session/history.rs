//! The session's side of the undo history: the snapshot of its parts a
//! change replaced ([`Before`]), and `undo`, `redo`, `reset` and groups
//! over the generic [`Record`](super::record::Record).
//!
//! A move played keeps only the game's length and last move before it
//! ([`CongoBefore::Cut`]), not a copy of the game: a copy a move made a
//! long game's replay quadratic in time and memory (the record keeps
//! 1,000 changes). Going back cuts the game to that length; what `redo`
//! keeps is the moves taken back ([`CongoBefore::Ahead`]). Undo and redo
//! follow the record's order, so the game they apply to is the one the
//! change left.

use super::Session;
use super::common::Common;
use super::congo_part::CongoPart;
use crate::congo::moves::Move;
use crate::congo::{Position, Rules};
use crate::shell::board::LastMove;
use crate::shell::command::{Command, ResetTarget};
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::yut::{Game, Record, Snapshot};

/// The Congo part of a session: the game (its position and the positions
/// before it, for repetitions) and the last move (drawn by `board`).
#[derive(Clone, Debug, Default)]
pub(super) struct CongoState {
    pub(super) game: Box<crate::congo::Game>,
    pub(super) last_move: Option<LastMove>,
}

impl CongoState {
    /// A new game from `position`.
    pub(super) fn new(position: Position) -> CongoState {
        CongoState {
            game: Box::new(crate::congo::Game::new(position)),
            last_move: None,
        }
    }
}

/// The Congo part as a change found it, to go back to.
#[derive(Clone, Debug)]
pub(super) enum CongoBefore {
    /// All of it (a new game, a group's start, a replay).
    Whole(CongoState),
    /// The same game when it was `plies` moves long: the moves played
    /// since are taken back.
    Cut {
        plies: usize,
        last_move: Option<LastMove>,
    },
    /// The same game with `moves` played on (each under its rules).
    Ahead {
        moves: Vec<(Move, Rules)>,
        last_move: Option<LastMove>,
    },
}

impl CongoBefore {
    /// `part` as it is now, in the form that takes back going to `self`.
    fn now(&self, part: &CongoState) -> CongoBefore {
        let last_move = part.last_move.clone();
        match self {
            CongoBefore::Whole(_) => CongoBefore::Whole(part.clone()),
            CongoBefore::Cut { plies, .. } => CongoBefore::Ahead {
                moves: part.game.moves_after(*plies).collect(),
                last_move,
            },
            CongoBefore::Ahead { .. } => CongoBefore::Cut {
                plies: part.game.plies(),
                last_move,
            },
        }
    }

    /// Make `part` what `self` says.
    fn restore(self, part: &mut CongoState) {
        match self {
            CongoBefore::Whole(c) => *part = c,
            CongoBefore::Cut { plies, last_move } => {
                while part.game.plies() > plies && part.game.undo().is_some() {}
                part.last_move = last_move;
            }
            CongoBefore::Ahead { moves, last_move } => {
                for (mv, rules) in moves {
                    // Each move was legal here when it was played: the
                    // record's order brings back the game it was played in.
                    if part.game.play_under(rules, mv).is_err() {
                        break;
                    }
                }
                part.last_move = last_move;
            }
        }
    }
}

impl CongoPart {
    /// Run `change` on the Congo part and, when it succeeds, record it as
    /// `what` with the part as it was (a refused change leaves it alone).
    pub(super) fn change_congo(
        &mut self,
        c: &mut Common,
        what: &Command,
        change: impl FnOnce(&mut CongoState) -> Result<Reply, ErrorKind>,
    ) -> Result<Reply, ErrorKind> {
        let before = Before {
            congo: Some(CongoBefore::Whole(self.state.clone())),
            yut: None,
        };
        let reply = change(&mut self.state)?;
        c.record(what.clone(), before);
        Ok(reply)
    }

    /// Play `mv` under `rules` and, when it is legal, record it as `what`
    /// with the game's length and last move before it (not a copy).
    pub(super) fn play_congo(
        &mut self,
        c: &mut Common,
        what: &Command,
        mv: Move,
        rules: Rules,
    ) -> Result<Reply, ErrorKind> {
        let before = Before {
            congo: Some(CongoBefore::Cut {
                plies: self.game.plies(),
                last_move: self.last_move.clone(),
            }),
            yut: None,
        };
        let reply = self.state.play(mv, rules)?;
        c.record(what.clone(), before);
        Ok(reply)
    }
}

/// What a change replaced: any of the parts (`None`: left alone).
#[derive(Clone, Debug, Default)]
pub(super) struct Before {
    pub(super) congo: Option<CongoBefore>,
    pub(super) yut: Option<Snapshot>,
}

impl Session {
    /// The Congo part as it is now, whole (to keep before changing it).
    fn congo_part(&self) -> CongoBefore {
        CongoBefore::Whole(self.congo.state.clone())
    }

    /// The parts `shape` holds, as they are now.
    /// (The Yut record's snapshot carries the events past the shape's
    /// length, which going back to the shape cuts off.)
    fn now_like(congo: &CongoState, yut: &Record, shape: &Before) -> Before {
        Before {
            congo: shape.congo.as_ref().map(|c| c.now(congo)),
            yut: shape.yut.as_ref().map(|s| yut.snapshot_over(s)),
        }
    }

    /// Put back the parts `snapshot` holds.
    fn restore(&mut self, snapshot: Before) {
        if let Some(c) = snapshot.congo {
            c.restore(&mut self.congo.state);
        }
        if let Some(g) = snapshot.yut {
            self.yut.restore(g, &self.common);
        }
    }

    /// Open a group: every change until [`Session::end_group`] becomes one
    /// (`source` is one change). Inside, `undo` still takes back single
    /// changes. Groups nest.
    pub fn begin_group(&mut self) {
        let before = Before {
            congo: Some(self.congo_part()),
            yut: Some(self.yut.game.0.snapshot()),
        };
        self.common.record.begin_group(before);
    }

    /// Close the innermost group: if anything changed while it was open
    /// (however it ended: failed and interrupted sources too), record one
    /// change named `what` that restores the state from before it.
    pub fn end_group(&mut self, what: Command) {
        self.common.record.end_group(what);
    }

    /// Replace both games at once (a problem-format replay), as one undoable change.
    pub fn replace(&mut self, what: Command, position: Option<Position>, game: Option<Game>) {
        let before = Before {
            congo: Some(self.congo_part()),
            yut: Some(self.yut.game.0.snapshot()),
        };
        self.common.record(what, before);
        self.transcribe_replace(position.as_ref(), game.is_some());
        if let Some(p) = position {
            self.congo.state = CongoState::new(p);
        }
        if let Some(g) = game {
            self.yut.game.0.set_board(g);
        }
    }

    /// `undo`: restore what the last change replaced.
    /// Inside a group, the group's own changes go first, then those from
    /// before it.
    pub(super) fn undo(&mut self) -> Result<Reply, ErrorKind> {
        let (congo, yut) = (&self.congo.state, &self.yut.game.0);
        let (what, before) = self
            .common
            .record
            .undo(|shape| Session::now_like(congo, yut, shape))
            .ok_or(ErrorKind::NothingToUndo)?;
        self.restore(before);
        Ok(Reply::Undid(what))
    }

    /// `undo N`: take back the last `n` changes, or none when there are fewer.
    pub(super) fn undo_many(&mut self, n: u32) -> Result<Reply, ErrorKind> {
        let have = self.common.record.undoable();
        if have < n as usize {
            return Err(ErrorKind::TooFewToUndo { have, asked: n });
        }
        let mut undone = Vec::new();
        for _ in 0..n {
            if let Reply::Undid(cmd) = self.undo()? {
                undone.push(cmd);
            }
        }
        Ok(Reply::UndidMany(undone))
    }

    /// `redo`: make again the change the last `undo` took back.
    pub(super) fn redo(&mut self) -> Result<Reply, ErrorKind> {
        let (congo, yut) = (&self.congo.state, &self.yut.game.0);
        let (what, after) = self
            .common
            .record
            .redo(|shape| Session::now_like(congo, yut, shape))
            .ok_or(ErrorKind::NothingToRedo)?;
        self.restore(after);
        Ok(Reply::Redid(what))
    }

    /// `redo N`: make again the last `n` changes taken back, or none when
    /// there are fewer.
    pub(super) fn redo_many(&mut self, n: u32) -> Result<Reply, ErrorKind> {
        let have = self.common.record.redoable();
        if have < n as usize {
            return Err(ErrorKind::TooFewToRedo { have, asked: n });
        }
        let mut redone = Vec::new();
        for _ in 0..n {
            if let Reply::Redid(cmd) = self.redo()? {
                redone.push(cmd);
            }
        }
        Ok(Reply::RedidMany(redone))
    }

    /// `reset [congo|yut]`: recorded only when it changes something.
    pub(super) fn reset(&mut self, target: ResetTarget, cmd: &Command) -> Reply {
        let congo = matches!(target, ResetTarget::Both | ResetTarget::Congo)
            && (*self.position() != Position::start()
                || self.congo.last_move.is_some()
                || self.congo.game.plies() > 0);
        let yut = matches!(target, ResetTarget::Both | ResetTarget::Yut)
            && *self.yut != self.yut.restart();
        if !congo && !yut {
            return Reply::Nothing;
        }
        let before = Before {
            congo: congo.then(|| self.congo_part()),
            yut: yut.then(|| self.yut.game.0.snapshot()),
        };
        if congo {
            self.congo.state = CongoState::new(Position::start());
        }
        if yut {
            self.yut.game.0.restart();
        }
        self.common.record(cmd.clone(), before);
        Reply::Nothing
    }
}
