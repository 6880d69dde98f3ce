//! Words of the other game: a Congo move after `move` (`move e2e3`), a
//! Yut token after `play` (`play A`). The error names the command meant.

use crate::congo::moves::parse_move;
use crate::shell::error::{ErrorKind, Found};
use crate::shell::parse::grammar::{Res, fail};
use crate::yut::Token;

/// `move W` where `W` is no token but reads as a Congo move: the error
/// suggests `play W`.
pub(crate) fn congo_move_after_move<'a, T>(w: &'a str, what: &'static str) -> Option<Res<'a, T>> {
    parse_move(w).ok()?;
    Some(fail(
        w,
        w.len(),
        ErrorKind::OtherGame {
            what,
            found: Found::Text(w.to_string()),
            instead: format!("a Congo move: try `play {w}`"),
        },
    ))
}

/// `play W` where `W` is a Yut token letter: the error suggests `move W`.
pub(crate) fn token_after_play<'a, T>(w: &'a str, what: &'static str) -> Option<Res<'a, T>> {
    let mut chars = w.chars();
    chars.next().and_then(Token::from_char)?;
    if chars.next().is_some() {
        return None;
    }
    Some(fail(
        w,
        w.len(),
        ErrorKind::OtherGame {
            what,
            found: Found::Text(w.to_string()),
            instead: format!("a Yut token: try `move {w}`"),
        },
    ))
}
