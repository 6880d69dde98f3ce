//! The Yut commands' handlers that change the game: `move`. (`show` and
//! `where` reply with the game itself.)

use super::yut_game::YutGame;
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::yut::{Throw, Token};

impl YutGame {
    /// `move <token> <throw>`: one turn (a refused turn changes nothing).
    pub(super) fn move_token(&mut self, token: Token, throw: Throw) -> Result<Reply, ErrorKind> {
        let report = self.0.replay(token, throw).map_err(ErrorKind::Yut)?;
        Ok(Reply::Turn(report))
    }
}
