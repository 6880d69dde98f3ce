//! What follows a command that changed a game, one step each game's part
//! performs ([`finish`]): in versus mode the computer answers while it is
//! to move (printed as `go` and `auto` print; Ctrl-C leaves its turn
//! pending), at the prompt the reply is dressed for it, with boards shown
//! the changed game's board is drawn, and a move that ended the game says
//! who won, last. [`Part`] is what the step asks of the part; the part is
//! picked once, by [`Which::of`] the command and its reply.

use super::ExecError;
use super::common::Common;
use super::prompt::at_prompt_reply;
use super::transcript::Context;
use crate::shell::command::{Command, NewGame, ResetTarget};
use crate::shell::error::ErrorKind;
use crate::shell::reply::{Reply, Sink};
use crate::shell::settings::Show;

/// The most moves the computer makes for one command (a `computer both`
/// Congo game with draws off could otherwise go on for ever).
pub(super) const MOST_REPLIES: usize = 2_000;

/// Which game a command changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Which {
    Congo,
    Yut,
}

impl Which {
    /// The game whose part finishes `cmd`, given its `reply`: the game it
    /// changed (for `undo` and `redo`, the game of the change taken back
    /// or made again), if any.
    pub(super) fn of(cmd: &Command, reply: &Reply) -> Option<Which> {
        match (cmd, reply) {
            (Command::Undo | Command::UndoMany(_), Reply::Undid(c))
            | (Command::Redo | Command::RedoMany(_), Reply::Redid(c)) => changed(&c.command),
            (Command::Undo | Command::UndoMany(_), Reply::UndidMany(cs)) => {
                cs.first().and_then(|c| changed(&c.command))
            }
            (Command::Redo | Command::RedoMany(_), Reply::RedidMany(cs)) => {
                cs.last().and_then(|c| changed(&c.command))
            }
            (Command::Undo | Command::UndoMany(_) | Command::Redo | Command::RedoMany(_), _) => {
                None
            }
            (c, _) => changed(c),
        }
    }
}

/// The game a change is a move of (`play`, `go`; `throw`, `move`, `auto`).
pub(super) fn move_of(cmd: &Command) -> Option<Which> {
    match cmd {
        Command::Play(_) | Command::Go(_) => Some(Which::Congo),
        Command::Throw(_) | Command::MoveBy(..) | Command::Auto => Some(Which::Yut),
        _ => None,
    }
}

/// The game a command changes, if any.
fn changed(c: &Command) -> Option<Which> {
    match c {
        Command::Play(_) | Command::Go(_) | Command::SetFen(_) => Some(Which::Congo),
        Command::New(NewGame::Congo(_)) | Command::Reset(ResetTarget::Congo) => Some(Which::Congo),
        Command::Move(..) | Command::MoveBy(..) | Command::Throw(_) | Command::Auto => {
            Some(Which::Yut)
        }
        Command::New(NewGame::Yut(_)) | Command::Reset(ResetTarget::Yut) => Some(Which::Yut),
        _ => None,
    }
}

/// What [`finish`] asks of a game's part.
pub(super) trait Part {
    /// The part's game.
    const WHICH: Which;
    /// The command the computer's move is transcribed as, and the command
    /// that resumes it after Ctrl-C (`go`, `auto`).
    const RESUME: &'static str;
    /// Whether the computer is to move in the game.
    fn computer_due(&self, c: &Common) -> bool;
    /// Whether the computer plays both sides of the game.
    fn computer_plays_both(&self, c: &Common) -> bool;
    /// The game's board as drawn after a change.
    fn shown_board(&self, c: &Common) -> Reply;
    /// The computer's move (recorded for `undo`), and the command it is
    /// transcribed as.
    fn computer_move(&mut self, c: &mut Common) -> (Result<Reply, ErrorKind>, Command);
    /// Whether the game is drawn by the `draw repetition` house rule.
    fn drawn(&self, c: &Common) -> bool;
    /// At the prompt, after `cmd` gave `reply`: how the game ended, if
    /// that command ended it.
    fn ending(&self, c: &Common, cmd: &Command, reply: &Reply) -> Option<Reply>;
    /// What the game's commands run under, for the transcript.
    fn context(&self, c: &Common) -> Context;
}

/// The step after `cmd` changed `part`'s game and gave `reply`: the
/// computer's answer, the prompt's dress, the board shown and the game's
/// end, in that order; the replies before the last go to `sink`.
pub(super) fn finish<P: Part>(
    part: &mut P,
    c: &mut Common,
    cmd: &Command,
    reply: Reply,
    sink: &mut dyn Sink,
) -> Result<Reply, ExecError> {
    let reply = answer(part, c, cmd, reply, sink)?;
    // The move that ended the game (the person's or the computer's): at
    // the prompt, who won and what next, last.
    let ending = part.ending(c, cmd, &reply);
    let reply = at_prompt_reply(c, cmd, reply);
    let reply = show_after(part, c, cmd, reply, sink)?;
    match ending {
        Some(ending) => {
            sink.reply(reply)?;
            Ok(ending)
        }
        None => Ok(reply),
    }
}

/// After `cmd` gave `reply`: while the computer is to move in the game
/// `cmd` changed, `reply` goes to `sink` and the computer plays; the last
/// reply is returned. Ctrl-C stops its thinking and leaves its turn
/// pending (a note says so).
fn answer<P: Part>(
    part: &mut P,
    c: &mut Common,
    cmd: &Command,
    mut reply: Reply,
    sink: &mut dyn Sink,
) -> Result<Reply, ExecError> {
    if matches!(cmd, Command::Play(_) | Command::Go(_)) && part.drawn(c) {
        sink.reply(reply)?;
        return Ok(Reply::Drawn);
    }
    if c.settings.computer.is_off() {
        return Ok(reply);
    }
    let which = match (cmd, &reply) {
        (Command::Play(_) | Command::Go(_) | Command::New(NewGame::Congo(_)), _) => {
            Some(Which::Congo)
        }
        (Command::Throw(_) | Command::MoveBy(..) | Command::Auto, _) => Some(Which::Yut),
        (Command::New(NewGame::Yut(_)), _) => Some(Which::Yut),
        // A redo that leaves the computer to move in the game it
        // changed: the computer answers, as after the person's move.
        (Command::Redo | Command::RedoMany(_), Reply::Redid(c)) => move_of(&c.command),
        (Command::Redo | Command::RedoMany(_), Reply::RedidMany(cs)) => {
            cs.last().and_then(|c| move_of(&c.command))
        }
        _ => None,
    };
    if which != Some(P::WHICH) {
        return Ok(reply);
    }
    // Whether `reply` is the computer's move (`go`/`auto` typed, or a
    // reply made in this loop): when it plays both sides with boards
    // shown, its board is drawn before it moves again (against a person
    // the board comes once, after the computer's reply).
    let mut computers_reply = matches!(cmd, Command::Go(_) | Command::Auto);
    for _ in 0..MOST_REPLIES {
        if !part.computer_due(c) {
            break;
        }
        if computers_reply && part.computer_plays_both(c) && showing(c) {
            let board = part.shown_board(c);
            sink.reply(std::mem::replace(&mut reply, board))?;
        }
        computers_reply = true;
        let (next, as_cmd) = part.computer_move(c);
        match next {
            Ok(next) => {
                sink.reply(std::mem::replace(&mut reply, next))?;
                let ctx = part.context(c);
                c.transcribe(&as_cmd, &reply, ctx);
                if part.drawn(c) {
                    sink.reply(reply)?;
                    return Ok(Reply::Drawn);
                }
            }
            Err(ErrorKind::Interrupted) => {
                sink.reply(reply)?;
                return Ok(Reply::ComputerStopped(P::RESUME));
            }
            Err(e) => {
                sink.reply(reply)?;
                return Ok(Reply::ComputerCannotMove(Box::new(e)));
            }
        }
    }
    Ok(reply)
}

/// Whether boards are drawn after changes: `show on`, or `show auto` at
/// the prompt against the computer.
pub(super) fn showing(c: &Common) -> bool {
    match c.settings.show {
        Show::On => true,
        Show::Auto => c.at_prompt && !c.settings.computer.is_off(),
        Show::Off => false,
    }
}

/// With boards shown: after a change of `part`'s game, `reply` goes to
/// `sink` and the game's board is the reply.
fn show_after<P: Part>(
    part: &P,
    c: &Common,
    cmd: &Command,
    reply: Reply,
    sink: &mut dyn Sink,
) -> Result<Reply, ExecError> {
    if !showing(c) {
        return Ok(reply);
    }
    let which = match (cmd, &reply) {
        (Command::Undo | Command::UndoMany(_), Reply::Undid(c)) => changed(&c.command),
        (Command::Redo, Reply::Redid(c)) => changed(&c.command),
        (Command::RedoMany(_) | Command::Redo, Reply::RedidMany(cs)) => {
            cs.last().and_then(|c| changed(&c.command))
        }
        // The computer answered a redo (see `answer`): its game.
        (
            Command::Redo | Command::RedoMany(_),
            Reply::Played(..) | Reply::Drawn | Reply::ComputerStopped("go"),
        ) => Some(Which::Congo),
        (Command::Redo | Command::RedoMany(_), Reply::Auto(_) | Reply::ComputerStopped(_)) => {
            Some(Which::Yut)
        }
        (Command::Undo | Command::UndoMany(_), Reply::UndidMany(cs)) => {
            cs.first().and_then(|c| changed(&c.command))
        }
        (Command::Undo | Command::UndoMany(_) | Command::Redo | Command::RedoMany(_), _) => None,
        (c, _) => changed(c),
    };
    if which != Some(P::WHICH) {
        return Ok(reply);
    }
    let board = part.shown_board(c);
    sink.reply(reply)?;
    Ok(board)
}
