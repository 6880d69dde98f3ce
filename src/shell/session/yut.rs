//! The Yut commands' handlers that change the game: `move`. (`show` and
//! `where` reply with the game itself.)

use super::yut_game::YutPart;
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::yut::{Throw, Token};

impl YutPart {
    /// `move <token> <throw>`: one turn, on a copy so a refused turn
    /// changes nothing.
    pub(super) fn move_token(&mut self, token: Token, throw: Throw) -> Result<Reply, ErrorKind> {
        let mut yut = self.0;
        let report = yut.replay(token, throw).map_err(ErrorKind::Yut)?;
        self.0 = yut;
        Ok(Reply::Turn(report))
    }
}
