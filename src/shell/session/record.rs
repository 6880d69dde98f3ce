//! The session's record, generic over a snapshot `S` of the parts a change
//! replaced: the undo history (at most [`UNDO_LIMIT`] changes), the open
//! groups (running `source`s, each one change once closed), what `redo`
//! can make again, and the transcript (every change as the command that
//! redoes it). The session supplies the snapshots; the record only keeps
//! them in order.

use super::transcript::{Entry, Transcript};
use crate::shell::command::Command;
use crate::shell::reply::{Changed, FIRST_FEW, Made};
use std::collections::VecDeque;

/// How many changes `undo` can take back.
pub const UNDO_LIMIT: usize = 1000;

/// One undoable change: the command (named by `undo`) and what it replaced.
/// The command is kept as data and only formatted when undone.
#[derive(Clone, Debug)]
struct Change<S> {
    what: Changed,
    before: S,
    /// The transcript's length before the change (`undo` cuts it back).
    transcript_len: usize,
}

/// A change `undo` took back, kept for `redo`: the state after it, and
/// the commands it had added to the transcript.
#[derive(Clone, Debug)]
struct Redo<S> {
    what: Changed,
    after: S,
    transcript: Vec<Entry>,
}

/// An open group of changes (a running `source`): its own changes, the
/// whole state before it, whether anything changed since it opened, and
/// what it made (counted apart from `changes`, which keeps only the last
/// [`UNDO_LIMIT`]).
#[derive(Clone, Debug)]
struct Group<S> {
    changes: VecDeque<Change<S>>,
    before: S,
    touched: bool,
    transcript_len: usize,
    made: Made,
}

/// The record of a session whose changes replace snapshots `S`.
#[derive(Clone, Debug)]
pub(super) struct Record<S> {
    changes: VecDeque<Change<S>>,
    /// Open groups, innermost last.
    groups: Vec<Group<S>>,
    /// What `undo` took back, newest last (cleared by a new change).
    redo: Vec<Redo<S>>,
    /// Every change as the command that redoes it (`history`, `save`).
    pub(super) transcript: Transcript,
}

impl<S> Default for Record<S> {
    fn default() -> Record<S> {
        Record {
            changes: VecDeque::new(),
            groups: Vec::new(),
            redo: Vec::new(),
            transcript: Transcript::default(),
        }
    }
}

impl<S> Record<S> {
    /// Remember a change so `undo` can take it back: in the innermost open
    /// group, else in the history (each keeps at most [`UNDO_LIMIT`]).
    /// A new change ends what `redo` could make again.
    pub(super) fn record(&mut self, what: Command, before: S) {
        let len = self.transcript.commands.len();
        self.redo.clear();
        self.record_at(what.into(), before, len);
    }

    /// [`Record::record`], the transcript having been `transcript_len`
    /// long before it, leaving the redo stack alone.
    fn record_at(&mut self, what: Changed, before: S, transcript_len: usize) {
        for g in &mut self.groups {
            g.touched = true;
        }
        let changes = match self.groups.last_mut() {
            Some(g) => {
                g.made.count = g.made.count.saturating_add(1);
                if g.made.first.len() < FIRST_FEW {
                    g.made.first.push(what.command.clone());
                }
                &mut g.changes
            }
            None => &mut self.changes,
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

    /// Open a group: every change until [`Record::end_group`] becomes one.
    /// Inside, `undo` still takes back single changes. Groups nest.
    pub(super) fn begin_group(&mut self, before: S) {
        self.groups.push(Group {
            changes: VecDeque::new(),
            before,
            touched: false,
            transcript_len: self.transcript.commands.len(),
            made: Made::default(),
        });
    }

    /// Close the innermost group: if anything changed while it was open,
    /// record one change named `what` that restores the state before it,
    /// with what the group made (so `undo` says what it takes back). A
    /// group whose one change is a plain `source` (a problem-format file
    /// replayed as one change named by its file) is named by `what` alone.
    pub(super) fn end_group(&mut self, what: Command) {
        if let Some(group) = self.groups.pop()
            && group.touched
        {
            self.redo.clear();
            let replay = group.made.count == 1
                && group.changes.len() == 1
                && group
                    .changes
                    .iter()
                    .all(|c| matches!(c.what.command, Command::Source(_)) && c.what.made.is_none());
            let made = (!replay).then_some(group.made);
            let what = Changed {
                command: what,
                made,
            };
            self.record_at(what, group.before, group.transcript_len);
        }
    }

    /// How many changes `undo` can take back now.
    pub(super) fn undoable(&self) -> usize {
        self.changes.len() + self.groups.iter().map(|g| g.changes.len()).sum::<usize>()
    }

    /// How many changes `redo` can make again now.
    pub(super) fn redoable(&self) -> usize {
        self.redo.len()
    }

    /// Take back the last change (inside a group, the group's own changes
    /// first): its command and the snapshot to restore. `now` gives the
    /// snapshot of the same parts as they are, kept for `redo`.
    pub(super) fn undo(&mut self, now: impl FnOnce(&S) -> S) -> Option<(Changed, S)> {
        let change = self
            .groups
            .iter_mut()
            .rev()
            .find_map(|g| {
                let change = g.changes.pop_back()?;
                // The group made one change fewer.
                g.made.count = g.made.count.saturating_sub(1);
                g.made.first.truncate(g.made.count);
                Some(change)
            })
            .or_else(|| self.changes.pop_back())?;
        for g in &mut self.groups {
            g.touched = true;
        }
        let after = now(&change.before);
        let transcript = self.transcript.cut(change.transcript_len);
        self.redo.push(Redo {
            what: change.what.clone(),
            after,
            transcript,
        });
        Some((change.what, change.before))
    }

    /// Make again what the last `undo` took back: its command and the
    /// snapshot to restore. `now` gives the snapshot of the same parts as
    /// they are, so `undo` can take it back again.
    pub(super) fn redo(&mut self, now: impl FnOnce(&S) -> S) -> Option<(Changed, S)> {
        let redo = self.redo.pop()?;
        let before = now(&redo.after);
        let len = self.transcript.commands.len();
        self.record_at(redo.what.clone(), before, len);
        for entry in redo.transcript {
            self.transcript.push(entry);
        }
        Some((redo.what, redo.after))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record over plain numbers: the snapshot is the value replaced.
    #[test]
    fn undo_redo_and_groups_over_any_snapshot() {
        let mut r: Record<u32> = Record::default();
        r.record(Command::Status, 1);
        r.record(Command::Board, 2);
        assert_eq!(r.undoable(), 2);
        // Undo gives back the snapshot replaced; `now` is kept for redo.
        assert_eq!(r.undo(|_| 3), Some((Command::Board.into(), 2)));
        assert_eq!(r.redo(|_| 2), Some((Command::Board.into(), 3)));
        assert_eq!(r.undoable(), 2);
        // A group of two changes is one change once closed.
        r.begin_group(10);
        r.record(Command::Status, 11);
        r.record(Command::Status, 12);
        assert_eq!(r.undoable(), 4);
        r.end_group(Command::List);
        assert_eq!(r.undoable(), 3);
        let group = Changed {
            command: Command::List,
            made: Some(Made {
                count: 2,
                first: vec![Command::Status, Command::Status],
            }),
        };
        assert_eq!(r.undo(|_| 0), Some((group, 10)));
        // A new change ends the redo stack.
        r.record(Command::Status, 5);
        assert_eq!(r.redo(|_| 0), None);
        // An untouched group records nothing.
        r.begin_group(20);
        r.end_group(Command::List);
        assert_eq!(r.undoable(), 3);
    }

    /// A group names how many changes it made and kept, and the first
    /// few: one taken back inside it is not counted, and past the undo
    /// limit the count goes on (the first few are the first ever made).
    #[test]
    fn a_group_counts_what_it_made() {
        let mut r: Record<u32> = Record::default();
        r.begin_group(0);
        let total = UNDO_LIMIT + 5;
        for i in 0..total {
            let cmd = if i == 0 {
                Command::Board
            } else {
                Command::Status
            };
            r.record(cmd, 1);
        }
        // One change taken back inside the group: one fewer made.
        assert!(r.undo(|_| 0).is_some());
        r.end_group(Command::List);
        let (what, _) = r.undo(|_| 0).unwrap();
        let made = what.made.unwrap();
        assert_eq!(made.count, total - 1);
        assert_eq!(
            made.first,
            [Command::Board, Command::Status, Command::Status]
        );
        let shown = format!(
            "{}",
            Changed {
                command: Command::List,
                made: Some(made)
            }
        );
        assert_eq!(
            shown,
            format!(
                "list ({} changes: board, status, status and {} more)",
                total - 1,
                total - 4
            )
        );
        // A group that made two and took both back made none.
        r.begin_group(0);
        r.record(Command::Board, 1);
        r.record(Command::Status, 2);
        assert!(r.undo(|_| 0).is_some());
        assert!(r.undo(|_| 0).is_some());
        r.end_group(Command::List);
        let (what, _) = r.undo(|_| 0).unwrap();
        assert_eq!(what.to_string(), "list (0 changes)");
    }
}
