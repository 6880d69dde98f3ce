//! The session: one Congo position and one Yut game, changed by commands,
//! with an undo history and the settings. No terminal, no files.
//!
//! [`Session::execute`] runs one command and returns what it produced as a
//! [`Reply`] (streamed replies go to a [`Sink`] while it runs). The session
//! is three typed parts and what spans both games:
//!
//! - the common part (`common.rs`): the typed `Settings`, the running
//!   command's interrupt and counters, whether at the prompt, and the
//!   record (undo history, groups, redo and transcript: `record::Record`,
//!   generic over a snapshot of the games' states);
//! - the Congo part (`congo_part.rs`): the game and its last move (its
//!   `CongoState`), the engine, its tables and network, the last review
//!   with its `retry`, the tutor's memory;
//! - the Yut part (`yut_part.rs`): the game with its record (its
//!   `YutGame`), its solved tables, the computer's turns' lines, the
//!   tutor's stopped use;
//! - and the session's own: `undo`/`redo`/`reset`/`new` over both games,
//!   `set`, `history`/`save`, which game `hint` and `review` are about,
//!   and the drill (its deck holds both games' cards).
//!
//! A game's commands are its part's methods, lent the common part
//! (`&Common`, `&mut Common`) and never the session, so a Congo command
//! cannot reach the Yut part nor a Yut command the Congo part. After a
//! command, the part of the game it changed finishes it (`finish.rs`: the
//! computer's answer, the prompt's dress, the board, the game's end).

mod common;
mod congo;
mod congo_analysis;
mod congo_part;
mod course;
mod drill;
mod engine;
mod engine_cache;
mod finish;
mod history;
mod net;
mod prompt;
mod record;
mod retry;
mod tablebase;
mod transcript;
mod tutor;
mod versus;
mod yut;
mod yut_game;
mod yut_part;
mod yut_tables;

use super::command::{Command, Located};
use super::error::{ErrorKind, ShellError};
use super::live::Live;
use super::output::Output;
use super::render::{Rendering, render};
use super::reply::{Reply, Sink};
use super::settings::{Change, Settings};
use crate::congo::Position;
use crate::congo::moves::{legal_moves, move_count_up_to};
use crate::yut::{Game, Play, PlayError};
use std::io;
use std::sync::Arc;

pub(in crate::shell) use congo::play_checked;
pub use congo_analysis::{REVIEW_NODES, ReviewError};

pub use tablebase::TableLoader;
pub use yut_tables::YutTableLoader;

/// What a command asks of whoever runs it, beyond its output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on with the next command.
    Continue,
    /// End the session.
    Quit,
    /// Replay this file inside the session (the runner opens it).
    Source(String),
}

impl Flow {
    /// The flow a reply asks for.
    pub fn of(reply: &Reply) -> Flow {
        match reply {
            Reply::Quit(_) => Flow::Quit,
            Reply::Source(path) => Flow::Source(path.clone()),
            _ => Flow::Continue,
        }
    }
}

/// A shell session.
#[derive(Clone, Debug, Default)]
pub struct Session {
    /// The settings, the live counters, the prompt's flag and the record
    /// (undo history and transcript): what both games share.
    common: common::Common,
    /// The Congo game, its engine, tables, reviews and tutor.
    congo: congo_part::CongoPart,
    /// The Yut game under the rules, its tables, the computer's turns'
    /// lines and the tutor's stopped use.
    yut: yut_part::YutPart,
    /// The game the last game command touched (`hint` and `review` with
    /// no game named, outside versus mode).
    last_game: Option<super::command::GameChoice>,
    /// The drill under way, over both games' cards.
    drill: drill::DrillPart,
}

/// A failure while executing: either the command was rejected, or output
/// failed. The error is boxed: rare, and it keeps the result of every
/// command small on the replay hot path.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    #[error(transparent)]
    Command(Box<ShellError>),
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl From<ShellError> for ExecError {
    fn from(e: ShellError) -> ExecError {
        ExecError::Command(Box::new(e))
    }
}

impl Session {
    /// A fresh session: the Congo start position, all Yut tokens home.
    pub fn new() -> Session {
        Session::default()
    }

    /// Silence (or not) the change summaries of `move`, `play` and `undo`
    /// (the `quiet` setting).
    pub fn set_quiet(&mut self, quiet: bool) {
        self.common.settings.quiet = quiet;
    }

    /// The session's settings.
    pub fn settings(&self) -> &Settings {
        &self.common.settings
    }

    /// Change a setting, with its effect on the games (`seed` restarts
    /// the Yut throws, `sticks` changes them, ...): what `set` and the
    /// command-line flags do.
    /// A network that cannot be read changes nothing and is the error
    /// returned ([`Session::set_net`]); no other change fails.
    ///
    /// # Errors
    ///
    /// `set net`'s: the file unreadable or not a usable network file.
    pub fn apply(&mut self, change: Change) -> Result<(), ErrorKind> {
        if let Change::Net(choice) = change {
            return self.set_net(choice);
        }
        self.apply_infallible(change);
        Ok(())
    }

    /// [`Session::apply`] of a change the session makes itself (never
    /// `net`, which reads a file: [`Session::set_net`]).
    fn apply_infallible(&mut self, change: Change) {
        self.common.settings.apply(change.clone());
        self.yut.follow(&change, &self.common);
    }

    /// The game a command touched last, if any (what `review` and
    /// `hint` ask about when no game is named).
    pub fn last_game(&self) -> Option<super::command::GameChoice> {
        self.last_game
    }

    /// Say that a person types at a terminal (the prompt): `show auto`
    /// then draws the board after each change in versus mode.
    pub fn set_at_prompt(&mut self, at_prompt: bool) {
        self.common.at_prompt = at_prompt;
    }

    /// The session's settings, to change (the command-line flags).
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.common.settings
    }

    /// The interrupt flag and live counters of the running command, shared
    /// with the front end (its signal handler and progress line).
    pub fn live(&self) -> Arc<Live> {
        Arc::clone(&self.common.live)
    }

    /// The shared [`Live`] without touching its count (for the runner).
    pub(in crate::shell) fn live_ref(&self) -> &Live {
        &self.common.live
    }

    /// The Congo game: the position and the positions before it.
    pub fn congo_game(&self) -> &crate::congo::Game {
        &self.congo.game
    }

    /// The Congo position.
    pub fn position(&self) -> &Position {
        self.congo.game.position()
    }

    /// The Yut game.
    pub fn game(&self) -> &Game {
        self.yut.game()
    }

    /// The Yut game under the rules: the board, whose turn, the throws.
    pub fn yut(&self) -> &Play {
        &self.yut
    }

    /// The Yut game's record: where it started and every event since
    /// (`review` reads its decisions).
    pub fn yut_record(&self) -> &crate::yut::Record {
        &self.yut.game.0
    }

    /// The legal Congo moves in notation (for completing `play`).
    pub fn legal_move_names(&self) -> Vec<String> {
        const LIMIT: u64 = crate::congo::moves::budget::LISTED_MOVES;
        if move_count_up_to(self.position(), LIMIT) >= LIMIT {
            return Vec::new();
        }
        // Sorted by notation already.
        legal_moves(self.position())
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Run one command; streamed replies go to `sink` as they come, the
    /// final one is returned.
    ///
    /// # Errors
    ///
    /// A located [`ShellError`] when the command is rejected or interrupted
    /// (the session is then unchanged), or an I/O error from `sink`.
    pub fn execute(&mut self, cmd: &Located, sink: &mut dyn Sink) -> Result<Reply, ExecError> {
        let fail = |kind| ExecError::from(ShellError::new(cmd.arg, kind));
        // `move A mo` with no mo pending: the caret stands on `mo`.
        let on_throw = |kind| match kind {
            ErrorKind::Play(PlayError::NotPending { .. }) => {
                ExecError::from(ShellError::new(cmd.last, kind))
            }
            kind => fail(kind),
        };
        // While a retry is under way, a move alone on a line answers it
        // (`retry <move>`): the game in play is not touched.
        if let (Command::BarePlay(mv), Some(_)) = (&cmd.command, self.retry_position()) {
            let answer = Located {
                command: Command::Retry(crate::shell::command::RetryArgs::Answer(*mv)),
                ..cmd.clone()
            };
            return self.execute(&answer, sink);
        }
        if let Command::BarePlay(mv) = &cmd.command {
            let play = Located {
                command: Command::Play(*mv),
                ..cmd.clone()
            };
            return self.execute(&play, sink).map_err(|e| match e {
                ExecError::Command(mut e) if e.kind != ErrorKind::Interrupted => {
                    e.kind = ErrorKind::BareMove {
                        error: Box::new(e.kind),
                        mv: mv.to_string(),
                    };
                    ExecError::Command(e)
                }
                e => e,
            });
        }
        if let Command::PlayForced(mv) = &cmd.command {
            // `play MOVE!`: played as `play MOVE`, past the tutor.
            let play = Located {
                command: Command::Play(*mv),
                ..cmd.clone()
            };
            self.congo.tutor.forced = true;
            let done = self.execute(&play, sink);
            self.congo.tutor.forced = false;
            return done;
        }
        let tutor = self.congo.tutor_turn();
        let yut_stopped = self.yut.begin();
        let reply = match &cmd.command {
            Command::ShowFen
            | Command::SetFen(_)
            | Command::List
            | Command::Board
            | Command::BoardLegend
            | Command::BoardSvg(_)
            | Command::Moves(_)
            | Command::Play(_)
            | Command::BarePlay(_)
            | Command::PlayForced(_)
            | Command::Status
            | Command::Perft(_)
            | Command::Divide(_)
            | Command::Eval
            | Command::Best(_)
            | Command::Go(_)
            | Command::Analyze
            | Command::Tb
            | Command::CourseEval(_)
            | Command::Minimax(_)
            | Command::Alphabeta(_)
            | Command::Retry(_) => {
                (self.congo).execute(&mut self.common, cmd, tutor, sink, &fail)?
            }
            Command::Move(..)
            | Command::MoveBy(..)
            | Command::Throw(_)
            | Command::Turn
            | Command::Options(_)
            | Command::Auto
            | Command::Odds(..) => {
                (self.yut).execute(&mut self.common, cmd, yut_stopped, sink, &fail, &on_throw)?
            }
            Command::Hint(args) => self.hint_for(args).map_err(fail)?,
            Command::Review(args) => self.review_for(args, sink, &fail)?,
            Command::ReviewKey => self.congo.review_key(sink).map_err(|e| match e {
                ReviewError::Command(kind) => fail(kind),
                ReviewError::Io(e) => ExecError::Io(e),
            })?,
            // The runner reads the deck and calls `Session::drill`.
            Command::Drill(args) => Reply::DrillDeck(*args),
            Command::Show => self.yut.board(&self.common),
            Command::ShowSvg(file) => {
                let text = crate::yut::text::svg::render(self.yut.game());
                Reply::WriteFile(Box::new((file.path.clone(), text, file.force)))
            }
            Command::Stations => Reply::Stations,
            Command::Where => Reply::Where(*self.yut.game()),
            Command::Reset(target) => self.reset(*target, &cmd.command),
            Command::Undo if !self.common.settings.computer.is_off() => {
                self.undo_versus().map_err(fail)?
            }
            Command::Undo => self.undo().map_err(fail)?,
            Command::New(game) => self.new_game(*game),
            Command::UndoMany(n) => self.undo_many(*n).map_err(fail)?,
            Command::Redo if !self.common.settings.computer.is_off() => {
                let reply = self.redo_versus().map_err(fail)?;
                self.yut.recall_turn();
                reply
            }
            Command::Redo => self.redo().map_err(fail)?,
            Command::RedoMany(n) => self.redo_many(*n).map_err(fail)?,
            Command::Source(path) => Reply::Source(path.clone()),
            Command::Set(None) => Reply::Settings(Box::new(self.common.settings.clone())),
            Command::ShowSetting(setting) => {
                Reply::Setting(Box::new(self.common.settings.clone()), *setting)
            }
            Command::Set(Some(Change::Net(choice))) => {
                // The caret stands on the file's name.
                self.set_net(choice.clone())
                    .map_err(|kind| ExecError::from(ShellError::new(cmd.last, kind)))?;
                Reply::Nothing
            }
            Command::Set(Some(change)) => {
                self.apply(change.clone())
                    .map_err(|kind| ExecError::from(ShellError::new(cmd.last, kind)))?;
                Reply::Nothing
            }
            Command::Help(topic) => Reply::Help(*topic),
            Command::Clear => Reply::Clear,
            Command::History => Reply::History(
                self.history_text()
                    .map_err(|why| fail(ErrorKind::Problem(why.to_string())))?,
            ),
            Command::Save(path, force) => {
                let text = self
                    .save_text()
                    .map_err(|why| fail(ErrorKind::Problem(why.to_string())))?;
                Reply::WriteFile(Box::new((path.clone(), text, *force)))
            }
            Command::Quit(code) => Reply::Quit(*code),
        };
        let ctx = self.context();
        self.common.transcribe(&cmd.command, &reply, ctx);
        self.touched(&cmd.command);
        let sink = &mut prompt::PromptSink {
            inner: sink,
            on: self.common.at_prompt,
        };
        // The game the command changed finishes it (the computer's
        // answer, the prompt's dress, the board shown, the game's end).
        let c = &mut self.common;
        match finish::Which::of(&cmd.command, &reply) {
            Some(finish::Which::Congo) => {
                finish::finish(&mut self.congo, c, &cmd.command, reply, sink)
            }
            Some(finish::Which::Yut) => finish::finish(&mut self.yut, c, &cmd.command, reply, sink),
            None => Ok(prompt::at_prompt_reply(c, &cmd.command, reply)),
        }
    }

    /// Run one command and render what it produced to `out` (honouring
    /// the `quiet` setting).
    ///
    /// # Errors
    ///
    /// As [`Session::execute`], plus errors of `out`.
    pub fn run<O: Output + ?Sized>(
        &mut self,
        cmd: &Located,
        out: &mut O,
    ) -> Result<Flow, ExecError> {
        let quiet = self.common.settings.quiet;
        out.set_theme(self.common.settings.theme);
        let reply = self.execute(
            cmd,
            &mut Rendering {
                out: &mut *out,
                quiet,
            },
        )?;
        // `set theme` itself applies from its own answer on.
        out.set_theme(self.common.settings.theme);
        render(&reply, quiet, out)?;
        Ok(Flow::of(&reply))
    }
}

/// The error of a stopped command.
fn interrupted<T>(_: T) -> ErrorKind {
    ErrorKind::Interrupted
}
