//! At the prompt (a person at a terminal, never a script or a pipe), some
//! replies say more: Yut moves name the tokens they stack with, `options`
//! after a yut or a mo says a throw comes first, `show` and the board
//! drawn after a Yut change carry the status block, `turn` and `status`
//! name their game, `reset` says what it reset, and `help` may go
//! through a pager. Scripts keep their
//! byte-exact output: nothing here runs unless the session is at the
//! prompt.

use super::Session;
use crate::shell::command::{Command, ResetTarget};
use crate::shell::reply::{Reply, Sink};
use crate::shell::settings::Computer;
use crate::shell::yut_status::YutStatus;
use crate::yut::{Team, TurnView};
use std::io;

impl Session {
    /// `show`, and the board drawn after a Yut change: at the prompt the
    /// board with its status block, else the 32x32 board alone.
    pub(super) fn yut_board(&self) -> Reply {
        if !self.at_prompt {
            return Reply::YutBoard(*self.yut.game());
        }
        let computer = Team::ALL.map(|t| match self.settings.computer {
            Computer::Both => true,
            Computer::Upper => t == Team::Upper,
            Computer::Lower => t == Team::Lower,
            Computer::None | Computer::White | Computer::Black => false,
        });
        Reply::YutStatus(Box::new(YutStatus::of(&self.yut, computer)))
    }

    /// The final reply of `cmd` as the prompt shows it (unchanged when not
    /// at the prompt).
    pub(super) fn at_prompt_reply(&self, cmd: &Command, reply: Reply) -> Reply {
        if !self.at_prompt {
            return reply;
        }
        match (cmd, reply) {
            (Command::Status, Reply::Status(st)) => Reply::Text(format!("Congo: {st}\n")),
            (Command::Status, Reply::Text(t)) => Reply::Text(format!("Congo: {t}")),
            (Command::Turn, Reply::TurnState(p)) => {
                Reply::Text(format!("Yut: {}\n", TurnView(&p)))
            }
            (Command::Reset(ResetTarget::Both), Reply::Nothing) => Reply::Text(
                "reset both games: the Congo start position, every Yut token home\n\
                 (`reset congo` or `reset yut` resets one game)\n"
                    .to_string(),
            ),
            (_, reply) => prompt_view(reply),
        }
    }
}

/// A reply marked to be shown with the prompt's extras, when it has any.
pub(super) fn prompt_view(reply: Reply) -> Reply {
    match reply {
        Reply::Turn(_)
        | Reply::MovedBy(_)
        | Reply::Auto(_)
        | Reply::Options(..)
        | Reply::Help(_) => {
            Reply::Prompt(Box::new(reply))
        }
        other => other,
    }
}

/// A sink that marks what passes through it for the prompt (when `on`).
pub(super) struct PromptSink<'a> {
    /// Where the replies go.
    pub inner: &'a mut dyn Sink,
    /// Whether the session is at the prompt.
    pub on: bool,
}

impl Sink for PromptSink<'_> {
    fn reply(&mut self, reply: Reply) -> io::Result<()> {
        let reply = if self.on { prompt_view(reply) } else { reply };
        self.inner.reply(reply)
    }
}
