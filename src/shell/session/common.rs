//! What both games' parts of a session share: the settings, the running
//! command's interrupt and counters, whether a person types at the prompt,
//! and the record (undo history, groups, redo and the transcript). A
//! game's part takes it lent (`&Common`, `&mut Common`) beside itself, so
//! a Congo command reaches the settings and the record but never the Yut
//! part, nor a Yut command the Congo part.

use super::history::Before;
use super::record::Record;
use crate::shell::command::Command;
use crate::shell::live::Live;
use crate::shell::settings::Settings;
use std::sync::Arc;

/// The common part of a session.
#[derive(Clone, Debug, Default)]
pub(super) struct Common {
    pub(super) settings: Settings,
    /// The interrupt flag and live counters of the running command.
    pub(super) live: Arc<Live>,
    /// Whether a person types at a terminal (`show auto` then draws the
    /// board in versus mode, and some replies say more).
    pub(super) at_prompt: bool,
    /// Undo history, groups, redo and the transcript, over snapshots of
    /// the games' states.
    pub(super) record: Record<Before>,
}

impl Common {
    /// Remember a change so `undo` can take it back (see [`Record`]).
    pub(super) fn record(&mut self, what: Command, before: Before) {
        self.record.record(what, before);
    }
}
