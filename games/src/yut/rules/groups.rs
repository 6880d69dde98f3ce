//! The groups of a team (what a throw can move) and the what-if view of a
//! throw: where each group would go and whom it would catch.

use super::game::{Game, MoveReport, TokenState};
use super::roll::Roll;
use super::token::{Team, Token};

/// One token for each group of `team` that can still move: the first
/// token of each stack or lone token on the board, and the first home
/// token standing for all of them (home tokens never stack, but any of
/// them entering gives the same board up to names).
pub fn groups(game: &Game, team: Team) -> impl Iterator<Item = Token> + '_ {
    let mine = game.team_tokens(team);
    mine.iter().filter(move |&token| {
        let state = game.state(token);
        state != TokenState::Escaped
            && !mine
                .iter()
                .take_while(|&t| t != token)
                .any(|t| game.state(t) == state)
    })
}

/// What-if: where each group of `team` would go by `roll`, and whom it
/// would catch, without moving anything. The reports are exactly those
/// the move would give (a back-do lists only the groups on the board).
pub fn options(game: &Game, team: Team, roll: Roll) -> impl Iterator<Item = MoveReport> + '_ {
    groups(game, team).filter_map(move |token| {
        let mut g = *game;
        g.apply_roll(token, roll).ok()
    })
}
