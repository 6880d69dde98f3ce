//! The session as a record: every change, as the command that redoes it
//! (`play e2e3`, `throw FBFF`, `move A geol`, `fen ...`, `reset yut`), in
//! order. `history` shows it as a Congo game score and a list of Yut turns;
//! `save` writes it as a script that rebuilds the session from scratch.
//! `undo` cuts it back to where the undone change began.

use super::Session;
use crate::congo::moves::Move;
use crate::congo::{Color, Position};
use crate::shell::command::{Command, NewGame, ResetTarget};
use crate::shell::reply::Reply;
use crate::shell::settings::Setting;
use crate::yut::Step;
use std::fmt::Write as _;

/// The most changes the transcript keeps; past it (a replay of millions of
/// Yut turns, say) it stops growing and `history`/`save` refuse, so memory
/// stays flat whatever the input.
pub const TRANSCRIPT_LIMIT: usize = 100_000;

/// What the transcript holds.
#[derive(Clone, Debug, Default)]
pub(super) struct Transcript {
    /// The commands that redo every change so far.
    pub(super) commands: Vec<Command>,
    /// Why the session can no longer be rebuilt from its commands, if so.
    pub(super) broken: Option<&'static str>,
}

impl Transcript {
    fn push(&mut self, cmd: Command) {
        if self.broken.is_some() {
            return;
        }
        if self.commands.len() >= TRANSCRIPT_LIMIT {
            self.broken = Some("the session has more changes than `save` keeps (100000)");
            self.commands.clear();
            return;
        }
        self.commands.push(cmd);
    }
}

impl Session {
    /// Note what a successful command changed, from the command and its reply.
    pub(super) fn transcribe(&mut self, cmd: &Command, reply: &Reply) {
        let t = &mut self.transcript;
        match (cmd, reply) {
            (Command::SetFen(_) | Command::Reset(_) | Command::Move(..), _) => t.push(cmd.clone()),
            // `new`: a reset (the moves that follow are transcribed as played).
            (Command::New(NewGame::Congo(_)), _) => t.push(Command::Reset(ResetTarget::Congo)),
            (Command::New(NewGame::Yut(_)), _) => t.push(Command::Reset(ResetTarget::Yut)),
            (_, Reply::Played(outcome, _)) => t.push(Command::Play(outcome.mv)),
            (_, Reply::Threw(r)) => t.push(Command::Throw(Some(r.throw))),
            (_, Reply::MovedBy(r)) => t.push(Command::MoveBy(r.report.token, Some(r.roll))),
            (_, Reply::Auto(steps)) => {
                for step in steps {
                    t.push(match step {
                        Step::Threw(r) => Command::Throw(Some(r.throw)),
                        Step::Moved(r) => Command::MoveBy(r.report.token, Some(r.roll)),
                    });
                }
            }
            (
                Command::Set(Some((
                    Setting::Rules | Setting::Seed | Setting::Sticks | Setting::First,
                    _,
                ))),
                _,
            ) => t.push(cmd.clone()),
            _ => {}
        }
    }

    /// A problem-format replay replaced the games: a Congo position can be
    /// set again by `fen`, a Yut board cannot be rebuilt by commands.
    pub(super) fn transcribe_replace(&mut self, position: Option<&Position>, yut: bool) {
        if let Some(p) = position {
            self.transcript.push(Command::SetFen(Box::new(p.clone())));
        }
        if yut {
            self.transcript.broken =
                Some("a problem-format Yut replay cannot be saved as commands");
        }
    }

    /// How long the transcript is (kept by each change, for `undo`).
    pub(super) fn transcript_len(&self) -> usize {
        self.transcript.commands.len()
    }

    /// Cut the transcript back to `len` commands (`undo`); returns what was cut.
    pub(super) fn transcript_cut(&mut self, len: usize) -> Vec<Command> {
        if len >= self.transcript.commands.len() {
            return Vec::new();
        }
        self.transcript.commands.split_off(len)
    }

    /// Add commands back to the transcript (`redo`).
    pub(super) fn transcript_extend(&mut self, commands: Vec<Command>) {
        for cmd in commands {
            self.transcript.push(cmd);
        }
    }

    /// `history`: the Congo game score since its start position, and the
    /// Yut turns since the last `reset yut`.
    pub(super) fn history_text(&self) -> Result<String, &'static str> {
        if let Some(why) = self.transcript.broken {
            return Err(why);
        }
        let mut start = Position::start();
        let mut moves: Vec<Move> = Vec::new();
        let mut yut: Vec<&Command> = Vec::new();
        for cmd in &self.transcript.commands {
            match cmd {
                Command::SetFen(p) => {
                    start = (**p).clone();
                    moves.clear();
                }
                Command::Reset(target) => {
                    if matches!(target, ResetTarget::Both | ResetTarget::Congo) {
                        start = Position::start();
                        moves.clear();
                    }
                    if matches!(target, ResetTarget::Both | ResetTarget::Yut) {
                        yut.clear();
                    }
                }
                Command::Play(mv) => moves.push(*mv),
                Command::Move(..) | Command::MoveBy(..) | Command::Throw(_) => yut.push(cmd),
                _ => {}
            }
        }
        let mut out = format!("congo from {start}:\n");
        out.push_str(&game_score(&start, &moves));
        out.push_str("yut:\n");
        if yut.is_empty() {
            out.push_str("  (no turns)\n");
        }
        for cmd in yut {
            let _ = writeln!(out, "  {cmd}");
        }
        Ok(out)
    }

    /// `save`: a command script that rebuilds this session from scratch.
    pub(super) fn save_text(&self) -> Result<String, &'static str> {
        if let Some(why) = self.transcript.broken {
            return Err(why);
        }
        let mut out = String::from(
            "# A boardsh session, written by `save`: `boardsh FILE` (or `source FILE`)\n\
             # rebuilds it from the start.\nreset\n",
        );
        for cmd in &self.transcript.commands {
            let _ = writeln!(out, "{cmd}");
        }
        Ok(out)
    }
}

/// `0. c2c3 e6e5 1. d2d3` from `start`, wrapped after every ten moves;
/// `(no moves)` when there are none. Each move pair carries the number the
/// board's footer (and the FEN) shows while it is played: the full moves
/// already made, 0 at the start, growing after Black's move.
fn game_score(start: &Position, moves: &[Move]) -> String {
    if moves.is_empty() {
        return "  (no moves)\n".to_string();
    }
    let mut number = start.move_number();
    let mut side = start.side_to_move();
    let mut out = String::from(" ");
    let mut on_line = 0;
    for (i, mv) in moves.iter().enumerate() {
        if side == Color::White {
            let _ = write!(out, " {number}.");
        } else if i == 0 {
            let _ = write!(out, " {number}...");
        }
        let _ = write!(out, " {mv}");
        if side == Color::Black {
            number += 1;
            on_line += 1;
            if on_line == 10 && i + 1 < moves.len() {
                out.push_str("\n ");
                on_line = 0;
            }
        }
        side = !side;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_score_numbers_full_moves() {
        // From the start (White to move, the footer's move 0): White's and
        // Black's first moves are 0., then the footer says move 1: 1.
        let mv = |s: &str| s.parse::<Move>().unwrap();
        let score = game_score(&Position::start(), &[mv("c2c3"), mv("e6e5"), mv("d2d3")]);
        assert_eq!(score, "  0. c2c3 e6e5 1. d2d3\n");
        // Black to move at move 4: the first move is `4... x`, then 5.
        let black: Position = "3l3/7/7/7/7/7/3L3 b 4".parse().unwrap();
        assert_eq!(
            game_score(&black, &[mv("d7d6"), mv("d1d2")]),
            "  4... d7d6 5. d1d2\n"
        );
    }
}
