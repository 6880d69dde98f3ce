//! Versus mode: the computer answers for the side named by the `computer`
//! setting. After the person's change (`play`, `move`, `throw`) or a
//! `go`/`auto`, while the computer is to move it plays (printed as `go`
//! and `auto` print), so `computer both` plays a game to its end (with
//! boards shown, the board after each of its moves); on its
//! turn the person's moves are refused; `undo` takes back its reply and
//! the person's move together, `redo` makes both again (and a redo that
//! leaves it to move has it answer); Ctrl-C leaves its turn pending.
//! Here: each part's side of it (whose move, the refusal, the result,
//! what `finish.rs` asks of it) and the session's `new`, `undo` and `redo`
//! over both; the answering loop itself is `finish.rs`.

use super::Session;
use super::common::Common;
use super::congo_part::CongoPart;
use super::finish::{MOST_REPLIES, Part, Which, move_of};
use super::transcript::Context;
use super::yut_part::YutPart;
use crate::congo::Color;
use crate::congo::moves::status;
use crate::shell::command::{Command, NewGame, ResetTarget, SearchLimit};
use crate::shell::error::ErrorKind;
use crate::shell::reply::{CongoResult, Reply, YutResult};
use crate::shell::settings::{Change, ComputerChange, CongoComputer, Draw, Flip, YutComputer};
use crate::yut::{Phase, Team};

/// What `status` and a move say when the house rule draws the game.
pub(super) use crate::shell::board::DRAWN;

impl Session {
    /// `new congo|yut [side]`: the computer takes the other side (none
    /// named: two people), the game starts afresh, and the computer moves
    /// at once if it has the first move.
    pub(super) fn new_game(&mut self, game: NewGame) -> Reply {
        // The game's own computer side; the other game's stays.
        let (congo, yut) = match game {
            NewGame::Congo(None) => (Some(CongoComputer::None), None),
            NewGame::Yut(None) => (None, Some(YutComputer::None)),
            NewGame::Congo(Some(Color::White)) => (Some(CongoComputer::Black), None),
            NewGame::Congo(Some(Color::Black)) => (Some(CongoComputer::White), None),
            NewGame::Yut(Some(Team::Upper)) => (None, Some(YutComputer::Lower)),
            NewGame::Yut(Some(Team::Lower)) => (None, Some(YutComputer::Upper)),
        };
        let target = match game {
            NewGame::Congo(_) => ResetTarget::Congo,
            NewGame::Yut(_) => ResetTarget::Yut,
        };
        self.apply_infallible(Change::Computer(ComputerChange { congo, yut }));
        if matches!(game, NewGame::Congo(Some(_))) {
            self.apply_infallible(Change::Draw(Draw::Repetition));
        }
        self.reset(target, &Command::Reset(target));
        Reply::Nothing
    }

    /// `undo` in versus mode: take back the last change, then, while the
    /// computer is to move in that game, the one before (its reply and the
    /// person's move go together).
    pub(super) fn undo_versus(&mut self) -> Result<Reply, ErrorKind> {
        let mut undone = Vec::new();
        let mut last = self.undo()?;
        for _ in 0..MOST_REPLIES {
            let Reply::Undid(cmd) = last else { break };
            let Some(which) = move_of(&cmd.command) else {
                undone.push(cmd);
                break;
            };
            undone.push(cmd);
            let computers = match which {
                Which::Congo => self.congo.computer_to_move(&self.common).is_some(),
                Which::Yut => self.yut.computer_to_move(&self.common).is_some(),
            };
            if !computers || self.common.record.undoable() == 0 {
                break;
            }
            last = self.undo()?;
        }
        Ok(match undone.len() {
            1 => Reply::Undid(undone.remove(0)),
            _ => Reply::UndidMany(undone),
        })
    }

    /// `redo` in versus mode: make again the last change taken back, then,
    /// while the computer is to move in that game and a move of it is
    /// there to make again, that one too: what one `undo` took back
    /// together (the person's move and the computer's reply) comes back
    /// together. If the computer is still to move, it answers (`finish.rs`).
    pub(super) fn redo_versus(&mut self) -> Result<Reply, ErrorKind> {
        let mut redone = Vec::new();
        let mut last = self.redo()?;
        for _ in 0..MOST_REPLIES {
            let Reply::Redid(cmd) = last else { break };
            let which = move_of(&cmd.command);
            redone.push(cmd);
            let computers = match which {
                Some(Which::Congo) => self.congo.computer_to_move(&self.common).is_some(),
                Some(Which::Yut) => self.yut.computer_to_move(&self.common).is_some(),
                None => false,
            };
            if !computers || self.common.record.redoable() == 0 {
                break;
            }
            last = self.redo()?;
        }
        Ok(match redone.len() {
            1 => Reply::Redid(redone.remove(0)),
            _ => Reply::RedidMany(redone),
        })
    }
}

impl CongoPart {
    /// On the computer's turn the person's `play` is refused, naming the
    /// fix; so are `play` and `go` in a game drawn by repetition.
    pub(super) fn refuse_on_computers_turn(
        &self,
        c: &Common,
        cmd: &Command,
    ) -> Result<(), ErrorKind> {
        match cmd {
            Command::Play(_) | Command::Go(_) if self.congo_drawn(c) => {
                Err(ErrorKind::Problem(format!(
                    "the game is over: {DRAWN} (`undo` takes the last move back, `set draw off` plays on)"
                )))
            }
            Command::Play(_) => match self.computer_to_move(c) {
                Some(side) => Err(ErrorKind::Problem(format!(
                    "it is the computer's move ({}): `go` lets it play, `set computer none` lets you move both sides",
                    side_name(side)
                ))),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// Whether the computer plays Congo's `side`.
    pub(super) fn computer_plays(&self, c: &Common, side: Color) -> bool {
        c.settings.computer.plays_congo(side)
    }

    /// Whether the Congo game is drawn by the `draw repetition` house
    /// rule: its position has occurred a third time.
    pub(super) fn congo_drawn(&self, c: &Common) -> bool {
        c.settings.draw == Draw::Repetition
            && !status(self.position()).is_over()
            && self.game.repetitions() >= 3
    }

    /// The Congo side to move, if the game goes on and the computer plays it.
    /// (Whether the computer plays it is asked first: it costs nothing,
    /// where the status looks for a legal move.)
    pub(super) fn computer_to_move(&self, c: &Common) -> Option<Color> {
        let side = self.position().side_to_move();
        (self.computer_plays(c, side) && !status(self.position()).is_over() && !self.congo_drawn(c))
            .then_some(side)
    }

    /// Whether the Congo board is drawn from Black's side: `set flip on`,
    /// or `auto` when the person plays Black against the computer.
    pub(super) fn flipped(&self, c: &Common) -> bool {
        match c.settings.flip {
            Flip::On => true,
            Flip::Off => false,
            Flip::Auto => c.settings.computer.congo == CongoComputer::White,
        }
    }

    /// At the prompt, after `cmd` gave `reply` (a move that ended the
    /// Congo game, or drew it by repetition): how it ended, from the
    /// person's side in versus mode.
    pub(super) fn result(&self, c: &Common, cmd: &Command, reply: &Reply) -> Option<CongoResult> {
        if !c.at_prompt {
            return None;
        }
        let person = match c.settings.computer.congo {
            CongoComputer::White => Some(Color::Black),
            CongoComputer::Black => Some(Color::White),
            CongoComputer::None | CongoComputer::Both => None,
        };
        // A move (the person's, or the computer's reply) drew the game;
        // `status` of a drawn game only reports it.
        if matches!(reply, Reply::Drawn) && !matches!(cmd, Command::Status) {
            let mover = !self.position().side_to_move();
            return Some(CongoResult {
                status: status(self.position()),
                drawn: true,
                person,
                how: format!(
                    "{} repeated a position for the third time (threefold repetition)",
                    title(mover)
                ),
            });
        }
        let Reply::Played(outcome, st) = reply else {
            return None;
        };
        if !st.is_over() {
            return None;
        }
        let mover = outcome.piece.color;
        let lion = |list: &[(crate::congo::Square, crate::congo::Piece)]| {
            list.iter()
                .find(|(_, p)| p.kind == crate::congo::PieceKind::Lion)
                .map(|(sq, p)| (*sq, p.color))
        };
        let how = if let Some((sq, _)) = lion(&outcome.captured) {
            format!("{} captured the lion on {sq}", title(mover))
        } else if let Some((sq, color)) = lion(&outcome.drowned) {
            format!("the {} lion drowned on {sq}", side_name(color))
        } else {
            // The side to move has no move (it loses).
            format!(
                "{} has no legal move",
                title(self.position().side_to_move())
            )
        };
        Some(CongoResult {
            status: *st,
            drawn: false,
            person,
            how,
        })
    }
}

impl YutPart {
    /// On the computer's turn the person's `throw` and `move` are
    /// refused, naming the fix.
    pub(super) fn refuse_on_computers_turn(
        &self,
        c: &Common,
        cmd: &Command,
    ) -> Result<(), ErrorKind> {
        match cmd {
            Command::Throw(_) | Command::MoveBy(..) => match self.computer_to_move(c) {
                Some(team) => Err(ErrorKind::Problem(format!(
                    "it is the computer's turn ({team}): `auto` lets it play, `set computer none` lets you play both teams"
                ))),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// The Yut team to act, if the game goes on and the computer plays it.
    pub(super) fn computer_to_move(&self, c: &Common) -> Option<Team> {
        match self.phase() {
            Phase::Throw(t) | Phase::Move(t) if c.settings.computer.plays_yut(t) => Some(t),
            _ => None,
        }
    }

    /// At the prompt, after `cmd` (a Yut move, or one the computer
    /// answered) ended the Yut game: who won, from the person's side in
    /// versus mode.
    pub(super) fn result(&self, c: &Common, cmd: &Command) -> Option<YutResult> {
        let yut_move = move_of(cmd) == Some(Which::Yut) || matches!(cmd, Command::Move(..));
        if !c.at_prompt || !yut_move {
            return None;
        }
        let Phase::Over(winner) = self.phase() else {
            return None;
        };
        let person = match c.settings.computer.yut {
            YutComputer::Upper => Some(Team::Lower),
            YutComputer::Lower => Some(Team::Upper),
            YutComputer::None | YutComputer::Both => None,
        };
        Some(YutResult { winner, person })
    }

    /// The Yut game's events as one key (the game a turn led to).
    pub(super) fn key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game.0.events().hash(&mut h);
        h.finish()
    }

    /// Keep the line of the computer's Yut turn just played, for a `redo`
    /// that makes it again.
    pub(super) fn remember_turn(&mut self) {
        /// At most this many lines kept (a session's turns; a longer
        /// session starts the memory again).
        const MOST: usize = 10_000;
        let Some(line) = self.computer_turn.clone() else {
            return;
        };
        if self.turn_lines.len() >= MOST {
            self.turn_lines.clear();
        }
        let key = self.key();
        self.turn_lines.insert(key, line);
    }

    /// After a `redo`: when the Yut game is again as a computer's turn
    /// left it, that turn's line, as the status block showed it then.
    pub(super) fn recall_turn(&mut self) {
        if self.computer_turn.is_none() {
            self.computer_turn = self.turn_lines.get(&self.key()).cloned();
        }
    }
}

impl Part for CongoPart {
    const WHICH: Which = Which::Congo;
    const RESUME: &'static str = "go";
    fn computer_due(&self, c: &Common) -> bool {
        self.computer_to_move(c).is_some()
    }
    fn computer_plays_both(&self, c: &Common) -> bool {
        c.settings.computer.congo == CongoComputer::Both
    }
    fn shown_board(&self, c: &Common) -> Reply {
        self.board(self.congo_drawn(c), self.flipped(c))
    }
    fn computer_move(&mut self, c: &mut Common) -> (Result<Reply, ErrorKind>, Command) {
        let limit = SearchLimit::Default;
        (self.go(c, limit), Command::Go(limit))
    }
    fn drawn(&self, c: &Common) -> bool {
        self.congo_drawn(c)
    }
    fn ending(&self, c: &Common, cmd: &Command, reply: &Reply) -> Option<Reply> {
        self.result(c, cmd, reply)
            .map(|r| Reply::CongoResult(Box::new(r)))
    }
    fn context(&self, c: &Common) -> Context {
        Context::congo(&c.settings)
    }
}

impl Part for YutPart {
    const WHICH: Which = Which::Yut;
    const RESUME: &'static str = "auto";
    fn computer_due(&self, c: &Common) -> bool {
        self.computer_to_move(c).is_some()
    }
    fn computer_plays_both(&self, c: &Common) -> bool {
        c.settings.computer.yut == YutComputer::Both
    }
    fn shown_board(&self, c: &Common) -> Reply {
        self.board(c)
    }
    /// (Its turn in one line is kept for the status block, and for a
    /// `redo` that makes it again.)
    fn computer_move(&mut self, c: &mut Common) -> (Result<Reply, ErrorKind>, Command) {
        let next = self.auto(c, &Command::Auto);
        if let Ok(Reply::Auto(steps)) = &next {
            self.computer_turn = crate::shell::yut_status::turn_summary(steps);
            self.remember_turn();
        }
        (next, Command::Auto)
    }
    fn drawn(&self, _: &Common) -> bool {
        false
    }
    fn ending(&self, c: &Common, cmd: &Command, _: &Reply) -> Option<Reply> {
        self.result(c, cmd).map(Reply::YutResult)
    }
    fn context(&self, c: &Common) -> Context {
        Context::yut(&c.settings, self)
    }
}

/// `White`, `Black`.
fn title(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Congo's side names.
fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}
