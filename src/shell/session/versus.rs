//! Versus mode: the computer answers for the side named by the `computer`
//! setting. After the person's change (`play`, `move`, `throw`) or a
//! `go`/`auto`, while the computer is to move it plays (printed as `go`
//! and `auto` print), so `computer both` plays a game to its end (with
//! boards shown, the board after each of its moves); on its
//! turn the person's moves are refused; `undo` takes back its reply and
//! the person's move together; Ctrl-C leaves its turn pending.

use super::{ExecError, Session};
use crate::congo::Color;
use crate::congo::moves::status;
use crate::shell::command::{Command, NewGame, ResetTarget, SearchLimit};
use crate::shell::error::ErrorKind;
use crate::shell::reply::{Reply, Sink};
use crate::shell::settings::{Change, Computer, Draw, Show};
use crate::yut::{Phase, Team};

/// The most moves the computer makes for one command (a `computer both`
/// Congo game with draws off could otherwise go on for ever).
const MOST_REPLIES: usize = 2_000;

/// What `status` and a move say when the house rule draws the game.
pub(super) use crate::shell::board::DRAWN;

/// Which game a command changed, for the computer's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Congo,
    Yut,
}

impl Session {
    /// The `computer` setting.
    fn computer(&self) -> Computer {
        self.settings.computer
    }

    /// Whether the computer plays Congo's `side`.
    pub(super) fn computer_plays(&self, side: Color) -> bool {
        match self.computer() {
            Computer::Both => true,
            Computer::White => side == Color::White,
            Computer::Black => side == Color::Black,
            Computer::None | Computer::Upper | Computer::Lower => false,
        }
    }

    /// Whether the computer plays the Yut `team`.
    fn computer_plays_team(&self, team: Team) -> bool {
        match self.computer() {
            Computer::Both => true,
            Computer::Upper => team == Team::Upper,
            Computer::Lower => team == Team::Lower,
            Computer::None | Computer::White | Computer::Black => false,
        }
    }

    /// Whether the Congo game is drawn by the `draw repetition` house
    /// rule: its position has occurred a third time.
    pub(super) fn congo_drawn(&self) -> bool {
        self.settings.draw == Draw::Repetition
            && !status(self.position()).is_over()
            && self.congo.game.repetitions() >= 3
    }

    /// The Congo side to move, if the game goes on and the computer plays it.
    fn congo_computer_to_move(&self) -> Option<Color> {
        let side = self.position().side_to_move();
        (!status(self.position()).is_over() && !self.congo_drawn() && self.computer_plays(side))
            .then_some(side)
    }

    /// The Yut team to act, if the game goes on and the computer plays it.
    fn yut_computer_to_move(&self) -> Option<Team> {
        match self.yut.phase() {
            Phase::Throw(t) | Phase::Move(t) if self.computer_plays_team(t) => Some(t),
            _ => None,
        }
    }

    /// On the computer's turn the person's `play`, `throw` and `move` are
    /// refused, naming the fix.
    pub(super) fn refuse_on_computers_turn(&self, cmd: &Command) -> Result<(), ErrorKind> {
        match cmd {
            Command::Play(_) | Command::Go(_) if self.congo_drawn() => {
                Err(ErrorKind::Problem(format!(
                    "the game is over: {DRAWN} (`undo` takes the last move back, `set draw off` plays on)"
                )))
            }
            Command::Play(_) => match self.congo_computer_to_move() {
                Some(side) => Err(ErrorKind::Problem(format!(
                    "it is the computer's move ({}): `go` lets it play, `set computer none` lets you move both sides",
                    side_name(side)
                ))),
                None => Ok(()),
            },
            Command::Throw(_) | Command::MoveBy(..) => match self.yut_computer_to_move() {
                Some(team) => Err(ErrorKind::Problem(format!(
                    "it is the computer's turn ({team}): `auto` lets it play, `set computer none` lets you play both teams"
                ))),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// `new congo|yut [side]`: the computer takes the other side (none
    /// named: two people), the game starts afresh, and the computer moves
    /// at once if it has the first move.
    pub(super) fn new_game(&mut self, game: NewGame) -> Reply {
        let (computer, target) = match game {
            NewGame::Congo(None) | NewGame::Yut(None) => (Computer::None, None),
            NewGame::Congo(Some(Color::White)) => (Computer::Black, Some(ResetTarget::Congo)),
            NewGame::Congo(Some(Color::Black)) => (Computer::White, Some(ResetTarget::Congo)),
            NewGame::Yut(Some(Team::Upper)) => (Computer::Lower, Some(ResetTarget::Yut)),
            NewGame::Yut(Some(Team::Lower)) => (Computer::Upper, Some(ResetTarget::Yut)),
        };
        let target = target.unwrap_or(match game {
            NewGame::Congo(_) => ResetTarget::Congo,
            NewGame::Yut(_) => ResetTarget::Yut,
        });
        self.apply(Change::Computer(computer));
        if matches!(game, NewGame::Congo(Some(_))) {
            self.apply(Change::Draw(Draw::Repetition));
        }
        self.reset(target, &Command::Reset(target));
        Reply::Nothing
    }

    /// After `cmd` gave `reply`: while the computer is to move in the game
    /// `cmd` changed, `reply` goes to `sink` and the computer plays; the
    /// last reply is returned. Ctrl-C stops its thinking and leaves its
    /// turn pending (a note says so).
    pub(super) fn answer(
        &mut self,
        cmd: &Command,
        mut reply: Reply,
        sink: &mut dyn Sink,
    ) -> Result<Reply, ExecError> {
        if matches!(cmd, Command::Play(_) | Command::Go(_)) && self.congo_drawn() {
            sink.reply(reply)?;
            return Ok(Reply::Drawn);
        }
        if self.computer() == Computer::None {
            return Ok(reply);
        }
        let which = match cmd {
            Command::Play(_) | Command::Go(_) | Command::New(NewGame::Congo(_)) => Which::Congo,
            Command::Throw(_) | Command::MoveBy(..) | Command::Auto => Which::Yut,
            Command::New(NewGame::Yut(_)) => Which::Yut,
            _ => return Ok(reply),
        };
        // Whether `reply` is the computer's move (`go`/`auto` typed, or a
        // reply made in this loop): when it plays both sides with boards
        // shown, its board is drawn before it moves again (against a
        // person the board comes once, after the computer's reply).
        let mut computers_reply = matches!(cmd, Command::Go(_) | Command::Auto);
        for _ in 0..MOST_REPLIES {
            let due = match which {
                Which::Congo => self.congo_computer_to_move().is_some(),
                Which::Yut => self.yut_computer_to_move().is_some(),
            };
            if !due {
                break;
            }
            if computers_reply && self.computer() == Computer::Both && self.showing() {
                let board = self.board_of(which);
                sink.reply(std::mem::replace(&mut reply, board))?;
            }
            computers_reply = true;
            let (next, as_cmd) = match which {
                Which::Congo => (
                    self.go(SearchLimit::Default),
                    Command::Go(SearchLimit::Default),
                ),
                Which::Yut => (self.auto(&Command::Auto), Command::Auto),
            };
            match next {
                Ok(next) => {
                    sink.reply(std::mem::replace(&mut reply, next))?;
                    self.transcribe(&as_cmd, &reply);
                    if which == Which::Congo && self.congo_drawn() {
                        sink.reply(reply)?;
                        return Ok(Reply::Drawn);
                    }
                }
                Err(ErrorKind::Interrupted) => {
                    sink.reply(reply)?;
                    let resume = match which {
                        Which::Congo => "go",
                        Which::Yut => "auto",
                    };
                    return Ok(Reply::ComputerStopped(resume));
                }
                Err(e) => {
                    sink.reply(reply)?;
                    return Ok(Reply::ComputerCannotMove(Box::new(e)));
                }
            }
        }
        Ok(reply)
    }

    /// Whether boards are drawn after changes: `show on`, or `show auto`
    /// at the prompt against the computer.
    fn showing(&self) -> bool {
        match self.settings.show {
            Show::On => true,
            Show::Auto => self.at_prompt && self.computer() != Computer::None,
            Show::Off => false,
        }
    }

    /// With boards shown: after a change, `reply` goes to `sink` and the
    /// changed game's board is the reply.
    pub(super) fn show_after(
        &mut self,
        cmd: &Command,
        reply: Reply,
        sink: &mut dyn Sink,
    ) -> Result<Reply, ExecError> {
        if !self.showing() {
            return Ok(reply);
        }
        let changed = |c: &Command| match c {
            Command::Play(_) | Command::Go(_) | Command::SetFen(_) => Some(Which::Congo),
            Command::New(NewGame::Congo(_)) | Command::Reset(ResetTarget::Congo) => {
                Some(Which::Congo)
            }
            Command::Move(..) | Command::MoveBy(..) | Command::Throw(_) | Command::Auto => {
                Some(Which::Yut)
            }
            Command::New(NewGame::Yut(_)) | Command::Reset(ResetTarget::Yut) => Some(Which::Yut),
            _ => None,
        };
        let which = match (cmd, &reply) {
            (Command::Undo | Command::UndoMany(_), Reply::Undid(c)) => changed(&c.command),
            (Command::Redo, Reply::Redid(c)) => changed(&c.command),
            (Command::RedoMany(_), Reply::RedidMany(cs)) => {
                cs.last().and_then(|c| changed(&c.command))
            }
            (Command::Undo | Command::UndoMany(_), Reply::UndidMany(cs)) => {
                cs.first().and_then(|c| changed(&c.command))
            }
            (Command::Undo | Command::UndoMany(_) | Command::Redo | Command::RedoMany(_), _) => {
                None
            }
            (c, _) => changed(c),
        };
        let Some(which) = which else {
            return Ok(reply);
        };
        let board = self.board_of(which);
        sink.reply(reply)?;
        Ok(board)
    }

    /// The board of the game `which` as it is drawn after a change.
    fn board_of(&self, which: Which) -> Reply {
        match which {
            Which::Congo => self.congo.board(self.congo_drawn()),
            Which::Yut => self.yut_board(),
        }
    }

    /// `undo` in versus mode: take back the last change, then, while the
    /// computer is to move in that game, the one before (its reply and the
    /// person's move go together).
    pub(super) fn undo_versus(&mut self) -> Result<Reply, ErrorKind> {
        let mut undone = Vec::new();
        let mut last = self.undo()?;
        for _ in 0..MOST_REPLIES {
            let Reply::Undid(cmd) = last else { break };
            let which = match &cmd.command {
                Command::Play(_) | Command::Go(_) => Which::Congo,
                Command::Throw(_) | Command::MoveBy(..) | Command::Auto => Which::Yut,
                _ => {
                    undone.push(cmd);
                    break;
                }
            };
            undone.push(cmd);
            let computers = match which {
                Which::Congo => self.congo_computer_to_move().is_some(),
                Which::Yut => self.yut_computer_to_move().is_some(),
            };
            if !computers || self.record.undoable() == 0 {
                break;
            }
            last = self.undo()?;
        }
        Ok(match undone.len() {
            1 => Reply::Undid(undone.remove(0)),
            _ => Reply::UndidMany(undone),
        })
    }
}

/// Congo's side names.
fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}
