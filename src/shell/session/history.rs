//! The undo history, generic over the games: each change keeps the
//! command (named by `undo`) and the parts of the session it replaced.

use super::Session;
use crate::congo::Position;
use crate::shell::board::LastMove;
use crate::shell::command::{Command, ResetTarget};
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::yut::{Game, Play};
use std::collections::VecDeque;

/// How many changes `undo` can take back.
pub const UNDO_LIMIT: usize = 1000;

/// The Congo part of a session: the game (its position and the positions
/// before it, for repetitions) and the last move (drawn by `board`).
#[derive(Clone, Debug, Default)]
pub(super) struct CongoPart {
    pub(super) game: Box<crate::congo::Game>,
    pub(super) last_move: Option<LastMove>,
}

impl CongoPart {
    /// A new game from `position`.
    pub(super) fn new(position: Position) -> CongoPart {
        CongoPart {
            game: Box::new(crate::congo::Game::new(position)),
            last_move: None,
        }
    }
}

/// What a change replaced: any of the parts (`None`: left alone).
#[derive(Clone, Debug, Default)]
pub(super) struct Before {
    pub(super) congo: Option<CongoPart>,
    pub(super) yut: Option<Play>,
}

/// One undoable change: the command (named by `undo`) and what it replaced.
/// The command is kept as data and only formatted when undone.
#[derive(Clone, Debug)]
pub(super) struct Change {
    what: Command,
    before: Before,
    /// The transcript's length before the change (`undo` cuts it back).
    transcript_len: usize,
}

/// A change `undo` took back, kept for `redo`: the state after it, and
/// the commands it had added to the transcript.
#[derive(Clone, Debug)]
pub(super) struct Redo {
    what: Command,
    after: Before,
    transcript: Vec<Command>,
}

/// An open group of changes (a running `source`): its own changes, the
/// whole state before it, and whether anything changed since it opened.
#[derive(Clone, Debug)]
pub(super) struct Group {
    changes: VecDeque<Change>,
    before: Before,
    touched: bool,
    transcript_len: usize,
}

impl Session {
    /// The Congo part as it is now (to keep before changing it).
    pub(super) fn congo_part(&self) -> CongoPart {
        self.congo.clone()
    }

    /// Remember a change so `undo` can take it back: in the innermost open
    /// group, else in the history (each keeps at most [`UNDO_LIMIT`]).
    pub(super) fn record(&mut self, what: Command, before: Before) {
        let len = self.transcript_len();
        self.record_at(what, before, len);
    }

    /// [`Session::record`], the transcript having been `transcript_len` long before it.
    fn record_at(&mut self, what: Command, before: Before, transcript_len: usize) {
        // A new change ends what `redo` could make again.
        self.redo.clear();
        for g in &mut self.groups {
            g.touched = true;
        }
        let changes = match self.groups.last_mut() {
            Some(g) => &mut g.changes,
            None => &mut self.history,
        };
        if changes.len() >= UNDO_LIMIT {
            changes.pop_front();
        }
        changes.push_back(Change {
            what,
            before,
            transcript_len,
        });
    }

    /// Open a group: every change until [`Session::end_group`] becomes one
    /// (`source` is one change). Inside, `undo` still takes back single
    /// changes. Groups nest.
    pub fn begin_group(&mut self) {
        let before = Before {
            congo: Some(self.congo_part()),
            yut: Some(self.yut),
        };
        self.groups.push(Group {
            changes: VecDeque::new(),
            before,
            touched: false,
            transcript_len: self.transcript_len(),
        });
    }

    /// Close the innermost group: if anything changed while it was open
    /// (however it ended: failed and interrupted sources too), record one
    /// change named `what` that restores the state from before it.
    pub fn end_group(&mut self, what: Command) {
        if let Some(group) = self.groups.pop()
            && group.touched
        {
            self.record_at(what, group.before, group.transcript_len);
        }
    }

    /// Replace both games at once (a problem-format replay), as one undoable change.
    pub fn replace(&mut self, what: Command, position: Option<Position>, game: Option<Game>) {
        let before = Before {
            congo: Some(self.congo_part()),
            yut: Some(self.yut),
        };
        self.record(what, before);
        self.transcribe_replace(position.as_ref(), game.is_some());
        if let Some(p) = position {
            self.congo = CongoPart::new(p);
        }
        if let Some(g) = game {
            self.yut.set_board(g);
        }
    }

    /// `undo`: restore what the last change replaced.
    /// Inside a group, the group's own changes go first, then those from
    /// before it.
    pub(super) fn undo(&mut self) -> Result<Reply, ErrorKind> {
        let change = self
            .groups
            .iter_mut()
            .rev()
            .find_map(|g| g.changes.pop_back())
            .or_else(|| self.history.pop_back())
            .ok_or(ErrorKind::NothingToUndo)?;
        for g in &mut self.groups {
            g.touched = true;
        }
        let after = Before {
            congo: change.before.congo.as_ref().map(|_| self.congo_part()),
            yut: change.before.yut.map(|_| self.yut),
        };
        let transcript = self.transcript_cut(change.transcript_len);
        self.redo.push(Redo {
            what: change.what.clone(),
            after,
            transcript,
        });
        if let Some(c) = change.before.congo {
            self.congo = c;
        }
        if let Some(g) = change.before.yut {
            self.yut = g;
        }
        Ok(Reply::Undid(change.what))
    }

    /// How many changes `undo` can take back now.
    pub(super) fn undoable(&self) -> usize {
        self.history.len() + self.groups.iter().map(|g| g.changes.len()).sum::<usize>()
    }

    /// `undo N`: take back the last `n` changes, or none when there are fewer.
    pub(super) fn undo_many(&mut self, n: u32) -> Result<Reply, ErrorKind> {
        let have = self.undoable();
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
        let redo = self.redo.pop().ok_or(ErrorKind::NothingToRedo)?;
        let before = Before {
            congo: redo.after.congo.as_ref().map(|_| self.congo_part()),
            yut: redo.after.yut.map(|_| self.yut),
        };
        let len = self.transcript_len();
        // Recorded like any change (so `undo` takes it back again), without
        // ending the rest of the redo stack.
        let stack = std::mem::take(&mut self.redo);
        self.record_at(redo.what.clone(), before, len);
        self.redo = stack;
        if let Some(c) = redo.after.congo {
            self.congo = c;
        }
        if let Some(g) = redo.after.yut {
            self.yut = g;
        }
        self.transcript_extend(redo.transcript);
        Ok(Reply::Redid(redo.what))
    }

    /// `reset [congo|yut]`: recorded only when it changes something.
    pub(super) fn reset(&mut self, target: ResetTarget, cmd: &Command) -> Reply {
        let congo = matches!(target, ResetTarget::Both | ResetTarget::Congo)
            && (*self.position() != Position::start()
                || self.congo.last_move.is_some()
                || self.congo.game.plies() > 0);
        let yut = matches!(target, ResetTarget::Both | ResetTarget::Yut)
            && self.yut != self.yut.restart();
        if !congo && !yut {
            return Reply::Nothing;
        }
        let before = Before {
            congo: congo.then(|| self.congo_part()),
            yut: yut.then_some(self.yut),
        };
        if congo {
            self.congo = CongoPart::new(Position::start());
        }
        if yut {
            self.yut = self.yut.restart();
        }
        self.record(cmd.clone(), before);
        Reply::Nothing
    }
}
