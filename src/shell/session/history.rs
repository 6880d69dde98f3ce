//! The undo history, generic over the games: each change keeps the
//! command (named by `undo`) and the parts of the session it replaced.

use super::Session;
use crate::congo::Position;
use crate::shell::board::LastMove;
use crate::shell::command::{Command, ResetTarget};
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::yut::Game;

/// How many changes `undo` can take back.
pub const UNDO_LIMIT: usize = 1000;

/// The Congo part of a session.
#[derive(Clone, Debug)]
pub(super) struct CongoPart {
    pub(super) position: Box<Position>,
    pub(super) last_move: Option<LastMove>,
}

/// What a change replaced: any of the parts (`None`: left alone).
#[derive(Clone, Debug, Default)]
pub(super) struct Before {
    pub(super) congo: Option<CongoPart>,
    pub(super) yut: Option<Game>,
}

/// One undoable change: the command (named by `undo`) and what it replaced.
/// The command is kept as data and only formatted when undone.
#[derive(Clone, Debug)]
pub(super) struct Change {
    what: Command,
    before: Before,
}

impl Session {
    /// The Congo part as it is now (to keep before changing it).
    pub(super) fn congo_part(&self) -> CongoPart {
        CongoPart {
            position: Box::new(self.position.clone()),
            last_move: self.last_move.clone(),
        }
    }

    /// Remember a change so `undo` can take it back.
    pub(super) fn record(&mut self, what: Command, before: Before) {
        if self.history.len() >= UNDO_LIMIT {
            self.history.pop_front();
        }
        self.history.push_back(Change { what, before });
    }

    /// Replace both games at once (a problem-format replay), as one undoable change.
    pub fn replace(&mut self, what: Command, position: Option<Position>, game: Option<Game>) {
        let before = Before {
            congo: Some(self.congo_part()),
            yut: Some(self.game),
        };
        if let Some(p) = position {
            self.position = p;
            self.last_move = None;
        }
        if let Some(g) = game {
            self.game = g;
        }
        self.record(what, before);
    }

    /// How many changes `undo` can take back now (a mark for
    /// [`Session::squash_since`]).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Merge every change recorded since `mark` (a [`Session::history_len`])
    /// into one, named `what`: one `undo` then takes them all back. Nothing
    /// happens when no change was recorded since.
    pub fn squash_since(&mut self, mark: usize, what: Command) {
        if self.history.len() <= mark {
            return;
        }
        let mut before = Before::default();
        // The oldest change since the mark holds the state before them all;
        // a part no change touched stays `None`.
        for change in self.history.drain(mark..).rev() {
            if let Some(c) = change.before.congo {
                before.congo = Some(c);
            }
            if let Some(g) = change.before.yut {
                before.yut = Some(g);
            }
        }
        self.record(what, before);
    }

    /// `undo`: restore what the last change replaced.
    pub(super) fn undo(&mut self) -> Result<Reply, ErrorKind> {
        let change = self.history.pop_back().ok_or(ErrorKind::NothingToUndo)?;
        if let Some(c) = change.before.congo {
            self.position = *c.position;
            self.last_move = c.last_move;
        }
        if let Some(g) = change.before.yut {
            self.game = g;
        }
        Ok(Reply::Undid(change.what))
    }

    /// `reset [congo|yut]`: recorded only when it changes something.
    pub(super) fn reset(&mut self, target: ResetTarget, cmd: &Command) -> Reply {
        let congo = matches!(target, ResetTarget::Both | ResetTarget::Congo)
            && (self.position != Position::start() || self.last_move.is_some());
        let yut =
            matches!(target, ResetTarget::Both | ResetTarget::Yut) && self.game != Game::new();
        if !congo && !yut {
            return Reply::Nothing;
        }
        let before = Before {
            congo: congo.then(|| self.congo_part()),
            yut: yut.then_some(self.game),
        };
        if congo {
            self.position = Position::start();
            self.last_move = None;
        }
        if yut {
            self.game = Game::new();
        }
        self.record(cmd.clone(), before);
        Reply::Nothing
    }
}
