//! The Yut commands' handlers that change the game: `move`. (`show` and
//! `where` reply with the game itself.)

use super::Session;
use super::history::Before;
use crate::shell::command::Command;
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::yut::{Throw, Token};

impl Session {
    /// `move <token> <throw>`: one turn, on a copy so a refused turn
    /// changes nothing.
    pub(super) fn move_token(&mut self, token: Token, throw: Throw) -> Result<Reply, ErrorKind> {
        let mut game = self.game;
        let report = game.apply(token, throw).map_err(ErrorKind::Yut)?;
        let before = Before {
            congo: None,
            yut: Some(std::mem::replace(&mut self.game, game)),
        };
        // Built afresh (two bytes), cheaper than cloning the command.
        self.record(Command::Move(token, throw), before);
        Ok(Reply::Turn(report))
    }
}
