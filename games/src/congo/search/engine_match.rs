//! Engine-against-engine games in process (named apart from `boardsh
//! selfplay`, the training-data job: `cli::selfplay`, `search::datagen`):
//! two engine settings play games from seeded
//! random openings, each opening twice with colours swapped, and the
//! result is summed up as wins, draws, losses and an Elo difference with a
//! 95% interval. Pure computation: the caller prints.
//!
//! A game is a [`Game`]: it ends at a lion capture (or a side with no
//! move: it loses), at a threefold repetition (draw) or at the ply limit
//! (draw). The openings, the [`Outcome`] and the [`Tally`] are the ones
//! `boardsh match` uses.

use super::{Engine, EngineConfig, Limits};
use crate::congo::moves::Move;
use crate::congo::{Color, Game, Position, Repetition};
use crate::interrupt::{Interrupt, Interrupted};

pub use crate::congo::Outcome;
pub use crate::stats::Tally;

/// One game: `white` and `black` engines from the start after `opening`,
/// each move searched within `limits`, drawn at `max_plies` plies.
///
/// # Errors
///
/// [`Interrupted`] once `stop` is set.
pub fn play_game(
    white: &mut Engine,
    black: &mut Engine,
    opening: &[Move],
    limits: &Limits,
    max_plies: usize,
    stop: &dyn Interrupt,
) -> Result<Outcome, Interrupted> {
    white.new_game();
    black.new_game();
    let mut game = Game::new(Position::start());
    for &mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    // The side to move loses when its engine has no move or a bad one
    // (cannot happen: the game goes on, so there is a legal move).
    let loss = |game: &Game| Outcome::win_for(!game.position().side_to_move());
    loop {
        if let Some(outcome) = game.outcome(Repetition::ThreefoldDraw) {
            return Ok(outcome);
        }
        if game.plies() >= max_plies {
            return Ok(Outcome::Draw);
        }
        if stop.interrupted() {
            return Err(Interrupted);
        }
        let engine = if game.position().side_to_move() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        engine.quiet_plies_from(&game);
        let info = engine.search(game.position(), game.keys(), limits, stop, &mut |_| {});
        let Some(mv) = info.best else {
            return Ok(loss(&game));
        };
        if game.play(mv).is_err() {
            return Ok(loss(&game));
        }
    }
}

/// A match of `a` against `b`: every opening twice, `a` White first.
/// `on_game` sees each game's index, the opening index, whether `a` had
/// White, and the outcome, with the tally so far.
///
/// # Errors
///
/// [`Interrupted`] once `stop` is set (the tally so far went to `on_game`).
pub fn run_match(
    a: EngineConfig,
    b: EngineConfig,
    openings: &[Vec<Move>],
    limits: &Limits,
    max_plies: usize,
    stop: &dyn Interrupt,
    on_game: &mut dyn FnMut(usize, bool, Outcome, &Tally),
) -> Result<Tally, Interrupted> {
    let mut ea = Engine::new(a);
    let mut eb = Engine::new(b);
    let mut tally = Tally::default();
    for (i, opening) in openings.iter().enumerate() {
        for a_white in [true, false] {
            let outcome = if a_white {
                play_game(&mut ea, &mut eb, opening, limits, max_plies, stop)?
            } else {
                play_game(&mut eb, &mut ea, opening, limits, max_plies, stop)?
            };
            let a_side = if a_white { Color::White } else { Color::Black };
            tally.add(outcome.result_for(a_side));
            on_game(i, a_white, outcome, &tally);
        }
    }
    Ok(tally)
}
