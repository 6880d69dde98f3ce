//! The session: one Congo position and one Yut game, changed by commands,
//! with an undo history. No terminal, no files.

use super::board::{self, LastMove};
use super::command::{Command, Located, ResetTarget};
use super::error::{ErrorKind, ShellError};
use super::help;
use super::live::Live;
use super::output::{Output, Style};
use super::play;
use crate::congo::moves::{
    Counting, divide_with, legal_moves, move_count_up_to, perft_with, status,
};
use crate::congo::{Bitboard, Position, write_listing};
use crate::interrupt::Interrupted;
use crate::yut::{Game, Token, write_board};
use std::collections::VecDeque;
use std::io;
use std::sync::Arc;

/// How many changes `undo` can take back.
pub const UNDO_LIMIT: usize = 1000;

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

/// The state a change replaced, so `undo` can restore it.
#[derive(Clone, Debug)]
enum Before {
    Congo(Box<Position>, Option<LastMove>),
    Yut(Game),
    Both(Box<Position>, Option<LastMove>, Game),
}

/// One undoable change: the command (named by `undo`) and what it replaced.
/// The command is kept as data and only formatted when undone.
#[derive(Clone, Debug)]
struct Change {
    what: Command,
    before: Before,
}

/// A shell session.
#[derive(Clone, Debug, Default)]
pub struct Session {
    position: Position,
    last_move: Option<LastMove>,
    game: Game,
    history: VecDeque<Change>,
    quiet: bool,
    /// The interrupt flag and live counters shared with the front end.
    live: Arc<Live>,
}

/// A failure while executing: either the command was rejected, or output failed.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    #[error(transparent)]
    Command(#[from] ShellError),
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl Session {
    /// A fresh session: the Congo start position, all Yut tokens home.
    pub fn new() -> Session {
        Session::default()
    }

    /// Silence (or not) the summary lines of `move`.
    pub fn set_quiet(&mut self, quiet: bool) {
        self.quiet = quiet;
    }

    /// The interrupt flag and live counters of the running command, shared
    /// with the front end (its Ctrl-C handler and progress line).
    pub fn live(&self) -> Arc<Live> {
        Arc::clone(&self.live)
    }

    /// How a long count here runs: on this thread, stopped by the live flag.
    fn counting(&self) -> Counting<'_> {
        Counting {
            threads: 1,
            stop: &self.live.interrupt,
            progress: &self.live.perft,
        }
    }

    /// `perft`'s output, or why it stopped. Kept out of [`Session::execute`]
    /// so that the common commands do not pay for its frame.
    #[inline(never)]
    fn perft_text(&self, depth: u32) -> Result<String, ExecError> {
        let n = perft_with(&self.position, depth, &self.counting()).map_err(interrupted)?;
        Ok(format!("{n}\n"))
    }

    /// `divide`'s output, or why it stopped.
    #[inline(never)]
    fn divide_text(&self, depth: u32) -> Result<String, ExecError> {
        let mut rows = String::new();
        let total = divide_with(&self.position, depth, &self.counting(), &mut |mv, n| {
            rows.push_str(&format!("{mv}: {n}\n"));
        })
        .map_err(interrupted)?;
        rows.push_str(&format!("total: {total}\n"));
        Ok(rows)
    }

    /// The Congo position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The Yut game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The legal Congo moves in notation (for completing `play`).
    pub fn legal_move_names(&self) -> Vec<String> {
        const LIMIT: u64 = 10_000;
        if move_count_up_to(&self.position, LIMIT) >= LIMIT {
            return Vec::new();
        }
        let mut names: Vec<String> = legal_moves(&self.position)
            .iter()
            .map(ToString::to_string)
            .collect();
        names.sort_unstable();
        names
    }

    /// Replace both games at once (a problem-format replay), as one undoable change.
    pub fn replace(&mut self, what: Command, position: Option<Position>, game: Option<Game>) {
        let before = Before::Both(
            Box::new(self.position.clone()),
            self.last_move.clone(),
            self.game,
        );
        if let Some(p) = position {
            self.position = p;
            self.last_move = None;
        }
        if let Some(g) = game {
            self.game = g;
        }
        self.record(what, before);
    }

    fn record(&mut self, what: Command, before: Before) {
        if self.history.len() >= UNDO_LIMIT {
            self.history.pop_front();
        }
        self.history.push_back(Change { what, before });
    }

    /// Run one command, writing what it prints to `out`.
    ///
    /// # Errors
    ///
    /// A located [`ShellError`] when the command is rejected (the session is
    /// then unchanged), or an I/O error from `out`.
    pub fn execute<O: Output + ?Sized>(
        &mut self,
        cmd: &Located,
        out: &mut O,
    ) -> Result<Flow, ExecError> {
        let fail = |kind| ExecError::Command(ShellError::new(cmd.arg, kind));
        if let Command::Moves(_) | Command::Perft(_) | Command::Divide(_) = cmd.command
            && let Some(why) = play::too_many_moves(&self.position)
        {
            return Err(fail(ErrorKind::Illegal(why)));
        }
        match &cmd.command {
            Command::ShowFen => {
                out.text(&format!("{}\n", self.position))?;
            }
            Command::SetFen(pos) => {
                if **pos != self.position {
                    let before = Before::Congo(
                        Box::new(std::mem::replace(&mut self.position, (**pos).clone())),
                        self.last_move.take(),
                    );
                    self.record(cmd.command.clone(), before);
                }
            }
            Command::List => {
                let mut buf = Vec::with_capacity(512);
                write_listing(&self.position, &mut buf);
                out.raw(&buf)?;
            }
            Command::Board => board::draw(&self.position, self.last_move.as_ref(), out)?,
            Command::Moves(filter) => {
                let mut line = play::moves_line(&self.position, *filter);
                line.push('\n');
                out.text(&line)?;
            }
            Command::Play(mv) => {
                if let Some(why) = play::why_illegal(&self.position, *mv) {
                    return Err(fail(ErrorKind::Illegal(why)));
                }
                let mut after = self.position.clone();
                let outcome = after
                    .play(*mv)
                    .map_err(|e| fail(ErrorKind::Illegal(e.to_string())))?;
                let last = LastMove {
                    text: mv.to_string(),
                    squares: mv.squares().fold(Bitboard::EMPTY, Bitboard::with),
                };
                let before = Before::Congo(
                    Box::new(std::mem::replace(&mut self.position, after)),
                    self.last_move.replace(last),
                );
                self.record(cmd.command.clone(), before);
                if !self.quiet {
                    let mut line = play::summary(&outcome, &self.position);
                    line.push('\n');
                    out.text(&line)?;
                }
            }
            Command::Status => {
                out.text(&format!("{}\n", status(&self.position)))?;
            }
            Command::Perft(depth) => out.text(&self.perft_text(*depth)?)?,
            Command::Divide(depth) => out.text(&self.divide_text(*depth)?)?,
            Command::Move(token, throw) => {
                let mut game = self.game;
                let report = game
                    .apply(*token, *throw)
                    .map_err(|e| fail(ErrorKind::Yut(e)))?;
                let before = Before::Yut(std::mem::replace(&mut self.game, game));
                self.record(cmd.command.clone(), before);
                if !self.quiet {
                    out.text(&format!("{report}\n"))?;
                }
            }
            Command::Show => {
                let mut buf = Vec::with_capacity(32 * 33);
                write_board(&self.game, &mut buf);
                write_styled_board(&buf, out)?;
            }
            Command::Where => {
                for token in Token::ALL {
                    let style = team_style(token);
                    out.styled(style, &token.to_string())?;
                    out.text(&format!(": {}\n", self.game.state(token)))?;
                }
            }
            Command::Reset(target) => self.reset(*target, &cmd.command),
            Command::Undo => {
                let change = self
                    .history
                    .pop_back()
                    .ok_or_else(|| fail(ErrorKind::NothingToUndo))?;
                match change.before {
                    Before::Congo(pos, last) => {
                        self.position = *pos;
                        self.last_move = last;
                    }
                    Before::Yut(game) => self.game = game,
                    Before::Both(pos, last, game) => {
                        self.position = *pos;
                        self.last_move = last;
                        self.game = game;
                    }
                }
                out.text(&format!("undid: {}\n", change.what))?;
            }
            Command::Source(path) => return Ok(Flow::Source(path.clone())),
            Command::Help(topic) => write_help(*topic, out)?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    fn reset(&mut self, target: ResetTarget, cmd: &Command) {
        let congo = matches!(target, ResetTarget::Both | ResetTarget::Congo)
            && (self.position != Position::start() || self.last_move.is_some());
        let yut =
            matches!(target, ResetTarget::Both | ResetTarget::Yut) && self.game != Game::new();
        let before = match (congo, yut) {
            (false, false) => return,
            (true, false) => Before::Congo(Box::new(self.position.clone()), self.last_move.clone()),
            (false, true) => Before::Yut(self.game),
            (true, true) => Before::Both(
                Box::new(self.position.clone()),
                self.last_move.clone(),
                self.game,
            ),
        };
        if congo {
            self.position = Position::start();
            self.last_move = None;
        }
        if yut {
            self.game = Game::new();
        }
        self.record(cmd.clone(), before);
    }
}

/// An interrupted computation, until the shell has an error kind for it:
/// an I/O error carrying [`Interrupted`], which the front end recognises.
fn interrupted(e: Interrupted) -> ExecError {
    ExecError::Io(io::Error::other(e))
}

fn team_style(token: Token) -> Style {
    if token.char().is_ascii_uppercase() {
        Style::UpperTeam
    } else {
        Style::LowerTeam
    }
}

/// Write a rendered Yut board, styling the token letters by team.
fn write_styled_board<O: Output + ?Sized>(board: &[u8], out: &mut O) -> io::Result<()> {
    let mut start = 0;
    while let Some((i, style)) = next_token(board, start) {
        out.raw(board.get(start..i).unwrap_or_default())?;
        let letter = board.get(i..=i).unwrap_or_default();
        out.styled(style, std::str::from_utf8(letter).unwrap_or_default())?;
        start = i + 1;
    }
    out.raw(board.get(start..).unwrap_or_default())
}

/// The next token letter of a rendered board at or after `from`, with its
/// style. Not generic, so the scan compiles the same for every output.
fn next_token(board: &[u8], from: usize) -> Option<(usize, Style)> {
    let rest = board.get(from..)?;
    // `A`..=`D` and `a`..=`d` differ only in bit 0x20: one test for both.
    let i = rest
        .iter()
        .position(|&b| (b | 0x20).wrapping_sub(b'a') < 4)?;
    let style = if rest.get(i)?.is_ascii_uppercase() {
        Style::UpperTeam
    } else {
        Style::LowerTeam
    };
    Some((from + i, style))
}

fn write_help<O: Output + ?Sized>(topic: Option<&str>, out: &mut O) -> io::Result<()> {
    match topic.and_then(help::find) {
        Some(doc) => {
            out.text(&format!("usage: {}\n", help::usage(doc)))?;
            out.text(&format!("  {}\n", doc.summary))?;
            out.text(&format!("example: {}\n", doc.example))
        }
        None => {
            out.text("commands (separate several with `;`, comment with `#`):\n")?;
            let width = help::COMMANDS
                .iter()
                .map(|d| help::usage(d).len())
                .max()
                .unwrap_or(0);
            for doc in help::COMMANDS {
                let usage = help::usage(doc);
                out.text(&format!("  {usage:width$}  {}\n", doc.summary))?;
            }
            out.text("`help <command>` shows one command with an example.\n")
        }
    }
}
