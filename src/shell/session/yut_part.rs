//! The Yut part of a session: the game under the rules with its record,
//! where its solved tables come from, the computer's turns' lines, and
//! the use the tutor stopped. Its commands (`throw`, `move`, `options`,
//! `auto`, `odds`, `hint`, `review` of a Yut game, `show`, ...) are its
//! methods, taking the session's [`Common`] part lent beside it: a Yut
//! command reaches the settings and the record, never the Congo part.

use super::ExecError;
use super::common::Common;
use super::yut_game::YutGame;
use super::yut_tables::YutTableSource;
use crate::shell::command::{Command, Located};
use crate::shell::drill::Card;
use crate::shell::error::ErrorKind;
use crate::shell::reply::{Reply, Sink};
use crate::yut::{Play, Use};
use std::collections::HashMap;
use std::ops::Deref;

/// The Yut part of a session.
#[derive(Clone, Debug, Default)]
pub(super) struct YutPart {
    /// The game under the rules with its record (what `undo` restores).
    pub(super) game: YutGame,
    /// Where the solved Yut tables come from.
    pub(super) tables: YutTableSource,
    /// The computer's Yut turn played by the command running, in one
    /// line, for the status block drawn after it (at the prompt).
    pub(super) computer_turn: Option<String>,
    /// The computer's Yut turns' lines, by the game they led to, so a
    /// `redo` that makes such a turn again sums it up as it was.
    pub(super) turn_lines: HashMap<u64, String>,
    /// The use the tutor stopped, in the game of this key (its events):
    /// typed again by the next command, it is made.
    pub(super) stopped: Option<(u64, Use)>,
    /// The cards of the person's mistakes the last review found, not yet
    /// saved to the drill deck.
    pub(super) found_cards: Vec<Card>,
}

impl Deref for YutPart {
    type Target = Play;
    fn deref(&self) -> &Play {
        self.game.0.play()
    }
}

impl YutPart {
    /// Run one of the Yut game's commands (`move`, `throw`, `turn`,
    /// `options`, `auto`, `odds`); `stopped` is what [`YutPart::begin`]
    /// took, `fail` and `on_throw` locate an error (`on_throw` on the
    /// throw a `move` names).
    pub(super) fn execute(
        &mut self,
        c: &mut Common,
        cmd: &Located,
        stopped: Option<(u64, Use)>,
        sink: &mut dyn Sink,
        fail: &dyn Fn(ErrorKind) -> ExecError,
        on_throw: &dyn Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        self.refuse_on_computers_turn(c, &cmd.command)
            .map_err(fail)?;
        Ok(match &cmd.command {
            // Recorded as built afresh (two bytes), cheaper than cloning.
            Command::Move(token, throw) => self
                .change(c, Command::Move(*token, *throw), |yut, _| {
                    yut.move_token(*token, *throw)
                })
                .map_err(on_throw)?,
            Command::MoveBy(token, roll) => {
                self.tutor(c, *token, *roll, stopped).map_err(fail)?;
                self.change(c, cmd.command.clone(), |yut, _| yut.move_by(*token, *roll))
                    .map_err(on_throw)?
            }
            Command::Throw(sticks) => self
                .change(c, cmd.command.clone(), |yut, _| yut.throw(*sticks))
                .map_err(fail)?,
            Command::Turn => Reply::TurnState(**self),
            Command::Options(roll) => self.game.options(*roll).map_err(fail)?,
            Command::Auto => {
                // `auto` on the computer's own turn (resumed after
                // Ctrl-C) is its turn: the status block sums it up.
                let computers = self.computer_to_move(c).is_some();
                let reply = self.auto(c, &cmd.command).map_err(fail)?;
                if let (true, Reply::Auto(steps)) = (computers, &reply) {
                    self.computer_turn = crate::shell::yut_status::turn_summary(steps);
                    self.remember_turn();
                }
                reply
            }
            Command::Odds(games, upper, lower) => (self.game)
                .odds(&c.live, *games, *upper, *lower, sink)?
                .map_err(fail)?,
            // The session sends only the commands above here.
            _ => Reply::Nothing,
        })
    }

    /// A command begins: no computer's turn played yet; the use the
    /// tutor stopped, taken (the next command starts afresh: a use stopped
    /// is made only when typed again right after).
    pub(super) fn begin(&mut self) -> Option<(u64, Use)> {
        self.computer_turn = None;
        self.stopped.take()
    }

    /// The setting `change` made, applied to the game: `seed` restarts
    /// the throws, `sticks` changes them, `first` the team to start, the
    /// house rules the game's rules.
    pub(super) fn follow(&mut self, change: &crate::shell::settings::Change, c: &Common) {
        use crate::shell::settings::Change;
        let record = &mut self.game.0;
        match *change {
            Change::Seed { seed, draws: None } => record.set_seed(seed),
            Change::Seed {
                seed,
                draws: Some(draws),
            } => record.set_rng(crate::yut::Rng::at(seed, draws)),
            Change::Sticks(s) => record.set_sticks(s),
            Change::First(team) => record.set_first(team),
            Change::Tokens(_) | Change::BackDo(_) | Change::CatchBonus(_) => {
                record.set_house(c.settings.house());
            }
            // The others are not the game's.
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
            | Change::Tutor(_)
            | Change::Net(_) => {}
        }
    }

    /// A Yut game put back by `undo` or `redo` keeps the settings in force
    /// (they are not undone): the sticks, the first team (which, on a
    /// game not begun, is also the team to move) and the house rules, as
    /// `set` would apply them. The random state is the game's own and
    /// comes back with it.
    pub(super) fn restore(&mut self, snapshot: crate::yut::Snapshot, c: &Common) {
        let record = &mut self.game.0;
        record.restore(snapshot);
        record.set_sticks(c.settings.sticks);
        record.set_first(c.settings.first);
        record.set_house(c.settings.house());
    }
}
