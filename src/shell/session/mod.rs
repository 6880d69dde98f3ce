//! The session: one Congo position and one Yut game, changed by commands,
//! with an undo history and the settings. No terminal, no files.
//!
//! [`Session::execute`] runs one command and returns what it produced as a
//! [`Reply`] (streamed replies go to a [`Sink`] while it runs). The session
//! is a few typed parts: the Congo part (a `congo::Game` and its last
//! move), the Yut part (`yut::Record`, the game and its record), the record (undo history, groups,
//! redo and transcript: `record::Record`, generic over a snapshot of the
//! parts) and the typed `Settings`. A command's handler is a method of
//! the part it changes (the Congo commands, the engine's and the course's
//! are `CongoPart`'s, taking the settings and the engine as parameters;
//! the Yut commands are `YutPart`'s);
//! [`Session::execute`] dispatches and records changes for `undo`.

mod congo;
mod congo_analysis;
mod course;
mod drill;
mod engine;
mod engine_cache;
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
use history::Before;
use std::io;
use std::sync::Arc;

pub(in crate::shell) use congo::play_checked;
pub use congo_analysis::{REVIEW_NODES, ReviewError};
pub use net::{NetReader, load_net};
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
    /// The Congo game and its last move.
    congo: history::CongoPart,
    /// The Yut game under the rules.
    yut: yut_game::YutPart,
    /// Undo history, groups, redo and the transcript, over snapshots of
    /// the parts above.
    record: record::Record<Before>,
    settings: Settings,
    live: Arc<Live>,
    /// The engine kept between searches (its table allocated once).
    engine: engine_cache::EngineCache,
    /// Where the endgame tables come from.
    tables: tablebase::TableSource,
    /// Whether a person types at a terminal (`show auto` then draws the
    /// board in versus mode).
    at_prompt: bool,
    /// Where the solved Yut tables come from.
    yut_tables: yut_tables::YutTableSource,
    /// The game the last game command touched (`hint` and `review` with
    /// no game named, outside versus mode).
    last_game: Option<super::command::GameChoice>,
    /// The computer's Yut turn played by the command running, in one
    /// line, for the status block drawn after it (at the prompt).
    computer_turn: Option<String>,
    /// The computer's Yut turns' lines, by the game they led to, so a
    /// `redo` that makes such a turn again sums it up as it was.
    turn_lines: std::collections::HashMap<u64, String>,
    /// The last Congo review, and the `retry` through its mistakes.
    retry: retry::RetryPart,
    /// The cards the last review found, and the `drill` under way.
    drill: drill::DrillPart,
    /// Where `set net FILE` reads network files (the network in use is
    /// the engine cache's).
    net_source: net::NetSource,
    /// The tutor's memory: the move it stopped, a forced `play`.
    tutor: tutor::TutorPart,
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
        self.settings.quiet = quiet;
    }

    /// The session's settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Change a setting, with its effect on the games (`seed` restarts
    /// the Yut throws, `sticks` changes them, ...): what `set` and the
    /// command-line flags do.
    /// A network that cannot be read changes nothing ([`Session::set_net`]
    /// says why).
    pub fn apply(&mut self, change: Change) {
        if let Change::Net(choice) = change {
            let _ = self.set_net(choice);
            return;
        }
        self.settings.apply(change.clone());
        match change {
            Change::Seed { seed, draws: None } => self.yut.0.set_seed(seed),
            Change::Seed {
                seed,
                draws: Some(draws),
            } => self.yut.0.set_rng(crate::yut::Rng::at(seed, draws)),
            Change::Sticks(s) => self.yut.0.set_sticks(s),
            Change::First(team) => self.yut.0.set_first(team),
            Change::Tokens(_) | Change::BackDo(_) | Change::CatchBonus(_) => {
                self.yut.0.set_house(self.settings.house());
            }
            // The others are read where they are used.
            Change::Timer(_)
            | Change::Quiet(_)
            | Change::KeepGoing(_)
            | Change::Threads(_)
            | Change::Hash(_)
            | Change::Rules(_)
            | Change::Tablebase(_)
            | Change::Contempt(_)
            | Change::HintTime(_)
            | Change::Level(_)
            | Change::Computer(_)
            | Change::Draw(_)
            | Change::Show(_)
            | Change::Flip(_)
            | Change::Theme(_)
            | Change::Tutor(_) => {}
            // Made above, with the network read.
            Change::Net(_) => {}
        }
    }

    /// The game a command touched last, if any (what `review` and
    /// `hint` ask about when no game is named).
    pub fn last_game(&self) -> Option<super::command::GameChoice> {
        self.last_game
    }

    /// Say that a person types at a terminal (the prompt): `show auto`
    /// then draws the board after each change in versus mode.
    pub fn set_at_prompt(&mut self, at_prompt: bool) {
        self.at_prompt = at_prompt;
    }

    /// The session's settings, to change (the command-line flags).
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The interrupt flag and live counters of the running command, shared
    /// with the front end (its signal handler and progress line).
    pub fn live(&self) -> Arc<Live> {
        Arc::clone(&self.live)
    }

    /// The shared [`Live`] without touching its count (for the runner).
    pub(in crate::shell) fn live_ref(&self) -> &Live {
        &self.live
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
        self.yut.0.play()
    }

    /// The Yut game's record: where it started and every event since
    /// (`review` reads its decisions).
    pub fn yut_record(&self) -> &crate::yut::Record {
        &self.yut.0
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
        self.computer_turn = None;
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
            self.tutor.forced = true;
            let done = self.execute(&play, sink);
            self.tutor.forced = false;
            return done;
        }
        let tutor = self.tutor_turn();
        self.refuse_on_computers_turn(&cmd.command).map_err(fail)?;
        let reply = match &cmd.command {
            Command::ShowFen => self.congo.show_fen(),
            Command::SetFen(pos) if **pos != *self.position() => self
                .change_congo(&cmd.command, |congo| Ok(congo.set_fen(pos)))
                .map_err(fail)?,
            Command::SetFen(_) => Reply::Nothing,
            Command::List => self.congo.list(),
            Command::Board => self.congo.board(self.congo_drawn(), self.flipped()),
            Command::BoardLegend => Reply::BoardLegend(Box::new(
                self.congo.board(self.congo_drawn(), self.flipped()),
            )),
            Command::BoardSvg(file) => {
                let last = self.congo.last_move.as_ref().map(|m| m.squares);
                let text = crate::congo::svg::render(self.position(), last);
                Reply::WriteFile(Box::new((file.path.clone(), text, file.force)))
            }
            Command::Moves(filter) => self.congo.moves(*filter).map_err(fail)?,
            // (A bare move was run as `play` above.)
            Command::Play(mv) | Command::BarePlay(mv) | Command::PlayForced(mv) => {
                self.tutor_congo(*mv, tutor).map_err(fail)?;
                let rules = self.rules();
                self.play_congo(&cmd.command, *mv, rules).map_err(fail)?
            }
            Command::Status => self.congo.status(self.congo_drawn()),
            Command::Perft(depth) => {
                let threads = self.settings.threads();
                self.congo
                    .perft(*depth, threads, &self.live)
                    .map_err(fail)?
            }
            Command::Divide(depth) => {
                let threads = self.settings.threads();
                self.congo.divide(*depth, threads, &self.live, sink, fail)?
            }
            Command::Eval => self.congo.eval(self.engine.net().map(|n| &**n)),
            Command::Best(limit) => self.congo.best(&self.tools(), *limit).map_err(fail)?,
            Command::Go(limit) => self.go(*limit).map_err(fail)?,
            Command::Analyze => self.congo.analyze(&self.tools(), sink, fail)?,
            Command::Tb => self.congo.tb(&self.tools()).map_err(fail)?,
            Command::CourseEval(eval) => {
                let rules = self.rules();
                self.congo
                    .course_eval(rules, &self.live, *eval)
                    .map_err(fail)?
            }
            Command::Minimax(depth) => {
                let rules = self.rules();
                (self.congo)
                    .course_search(rules, &self.live, false, *depth)
                    .map_err(fail)?
            }
            Command::Alphabeta(depth) => {
                let rules = self.rules();
                (self.congo)
                    .course_search(rules, &self.live, true, *depth)
                    .map_err(fail)?
            }
            // Recorded as built afresh (two bytes), cheaper than cloning.
            Command::Move(token, throw) => self
                .change_yut(Command::Move(*token, *throw), |yut, _| {
                    yut.move_token(*token, *throw)
                })
                .map_err(on_throw)?,
            Command::MoveBy(token, roll) => {
                self.tutor_yut(*token, *roll, tutor).map_err(fail)?;
                self.change_yut(cmd.command.clone(), |yut, _| yut.move_by(*token, *roll))
                    .map_err(on_throw)?
            }
            Command::Throw(sticks) => self
                .change_yut(cmd.command.clone(), |yut, _| yut.throw(*sticks))
                .map_err(fail)?,
            Command::Turn => Reply::TurnState(*self.yut),
            Command::Options(roll) => self.yut.options(*roll).map_err(fail)?,
            Command::Auto => {
                // `auto` on the computer's own turn (resumed after
                // Ctrl-C) is its turn: the status block sums it up.
                let computers = self.yut_computer_to_move().is_some();
                let reply = self.auto(&cmd.command).map_err(fail)?;
                if let (true, Reply::Auto(steps)) = (computers, &reply) {
                    self.computer_turn = super::yut_status::turn_summary(steps);
                    self.remember_turn();
                }
                reply
            }
            Command::Odds(games, upper, lower) => (self.yut)
                .odds(&self.live, *games, *upper, *lower, sink)?
                .map_err(fail)?,
            Command::Hint(args) => self.hint_for(args).map_err(fail)?,
            Command::Review(args) => self.review_for(args, sink, &fail)?,
            Command::ReviewKey => self.review_key(sink).map_err(|e| match e {
                ReviewError::Command(kind) => fail(kind),
                ReviewError::Io(e) => ExecError::Io(e),
            })?,
            Command::Retry(args) => self.retry(*args, sink, &fail)?,
            // The runner reads the deck and calls `Session::drill`.
            Command::Drill(args) => Reply::DrillDeck(*args),
            Command::Show => self.yut_board(),
            Command::ShowSvg(file) => {
                let text = crate::yut::text::svg::render(self.yut.game());
                Reply::WriteFile(Box::new((file.path.clone(), text, file.force)))
            }
            Command::Stations => Reply::Stations,
            Command::Where => Reply::Where(*self.yut.game()),
            Command::Reset(target) => self.reset(*target, &cmd.command),
            Command::Undo if !self.settings.computer.is_off() => {
                self.undo_versus().map_err(fail)?
            }
            Command::Undo => self.undo().map_err(fail)?,
            Command::New(game) => self.new_game(*game),
            Command::UndoMany(n) => self.undo_many(*n).map_err(fail)?,
            Command::Redo if !self.settings.computer.is_off() => {
                let reply = self.redo_versus().map_err(fail)?;
                self.recall_turn();
                reply
            }
            Command::Redo => self.redo().map_err(fail)?,
            Command::RedoMany(n) => self.redo_many(*n).map_err(fail)?,
            Command::Source(path) => Reply::Source(path.clone()),
            Command::Set(None) => Reply::Settings(Box::new(self.settings.clone())),
            Command::ShowSetting(setting) => {
                Reply::Setting(Box::new(self.settings.clone()), *setting)
            }
            Command::Set(Some(Change::Net(choice))) => {
                // The caret stands on the file's name.
                self.set_net(choice.clone())
                    .map_err(|kind| ExecError::from(ShellError::new(cmd.last, kind)))?;
                Reply::Nothing
            }
            Command::Set(Some(change)) => {
                self.apply(change.clone());
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
        self.transcribe(&cmd.command, &reply);
        self.touched(&cmd.command);
        let sink = &mut prompt::PromptSink {
            inner: sink,
            on: self.at_prompt,
        };
        let reply = self.answer(&cmd.command, reply, sink)?;
        // The move that ended the Congo game (the person's or the
        // computer's): at the prompt, who won and what next, last.
        // The same for the move that ended the Yut game.
        let result = self.congo_result(&cmd.command, &reply);
        let yut_result = self.yut_result(&cmd.command);
        let reply = self.at_prompt_reply(&cmd.command, reply);
        let reply = self.show_after(&cmd.command, reply, sink)?;
        match (result, yut_result) {
            (Some(result), _) => {
                sink.reply(reply)?;
                Ok(Reply::CongoResult(Box::new(result)))
            }
            (None, Some(result)) => {
                sink.reply(reply)?;
                Ok(Reply::YutResult(result))
            }
            (None, None) => Ok(reply),
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
        let quiet = self.settings.quiet;
        out.set_theme(self.settings.theme);
        let reply = self.execute(
            cmd,
            &mut Rendering {
                out: &mut *out,
                quiet,
            },
        )?;
        // `set theme` itself applies from its own answer on.
        out.set_theme(self.settings.theme);
        render(&reply, quiet, out)?;
        Ok(Flow::of(&reply))
    }
}

/// The error of a stopped command.
fn interrupted<T>(_: T) -> ErrorKind {
    ErrorKind::Interrupted
}
