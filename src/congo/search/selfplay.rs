//! In-process self-play: two engine settings play games from seeded
//! random openings, each opening twice with colours swapped, and the
//! result is summed up as wins, draws, losses and an Elo difference with a
//! 95% interval. Pure computation: the caller prints.
//!
//! A game ends at a lion capture (or a side with no move: it loses), at a
//! threefold repetition (draw) or at the ply limit (draw).

use super::{Engine, EngineConfig, Limits};
use crate::congo::moves::{Move, legal_moves, status};
use crate::congo::{Color, Position};
use crate::interrupt::{Interrupt, Interrupted};

/// How a game ended, from White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction: wins plus half the draws, over the games.
    pub fn score(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
    }

    /// The Elo difference with its 95% interval `(elo, low, high)`, from
    /// the score and its standard error over the games (the usual normal
    /// approximation; a score of 0 or 1 is clamped to 1/(2n) from the edge).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let w = f64::from(self.wins) / n;
        let d = f64::from(self.draws) / n;
        let l = f64::from(self.losses) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let se = var.sqrt();
        let edge = 0.5 / n;
        let elo_of = |p: f64| {
            let p = p.clamp(edge, 1.0 - edge);
            -400.0 * (1.0 / p - 1.0).log10()
        };
        (elo_of(s), elo_of(s - 1.96 * se), elo_of(s + 1.96 * se))
    }
}

/// A small seeded generator (xorshift64) for the openings.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `count` openings of `plies` random moves from the start, from `seed`;
/// an opening that would end the game is drawn again.
pub fn openings(seed: u64, count: usize, plies: usize) -> Vec<Vec<Move>> {
    let mut rng = Rng(seed.max(1));
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Position::start();
        let mut line = Vec::with_capacity(plies);
        for _ in 0..plies {
            let moves = legal_moves(&pos);
            let Some(&mv) = moves.get((rng.next() % moves.len().max(1) as u64) as usize) else {
                break;
            };
            if pos.play(mv).is_err() {
                break;
            }
            line.push(mv);
        }
        if line.len() == plies && !status(&pos).is_over() {
            out.push(line);
        }
    }
    out
}

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
    let mut pos = Position::start();
    let mut history: Vec<u64> = Vec::new();
    for &mv in opening {
        history.push(pos.zobrist());
        if pos.play(mv).is_err() {
            break;
        }
    }
    let mut plies = opening.len();
    loop {
        let st = status(&pos);
        if st.is_over() {
            return Ok(match st.winner() {
                Some(Color::White) => Outcome::WhiteWins,
                Some(Color::Black) => Outcome::BlackWins,
                None => Outcome::Draw,
            });
        }
        let key = pos.zobrist();
        if history.iter().filter(|&&k| k == key).count() >= 2 || plies >= max_plies {
            return Ok(Outcome::Draw);
        }
        if stop.interrupted() {
            return Err(Interrupted);
        }
        let engine = if pos.side_to_move() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let info = engine.search(&pos, &history, limits, stop, &mut |_| {});
        let Some(mv) = info.best else {
            // No move although the status said the game goes on: cannot
            // happen; count it as a loss for the side to move.
            return Ok(if pos.side_to_move() == Color::White {
                Outcome::BlackWins
            } else {
                Outcome::WhiteWins
            });
        };
        history.push(key);
        if pos.play(mv).is_err() {
            return Ok(if pos.side_to_move() == Color::White {
                Outcome::BlackWins
            } else {
                Outcome::WhiteWins
            });
        }
        plies += 1;
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
            let a_color_wins = match outcome {
                Outcome::WhiteWins => Some(a_white),
                Outcome::BlackWins => Some(!a_white),
                Outcome::Draw => None,
            };
            match a_color_wins {
                Some(true) => tally.wins += 1,
                Some(false) => tally.losses += 1,
                None => tally.draws += 1,
            }
            on_game(i, a_white, outcome, &tally);
        }
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, lo, hi) = even.elo();
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0);
        // 75% is +190.8 Elo: -400 log10(1/0.75 - 1).
        let good = Tally {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        assert!((good.elo().0 - 190.85).abs() < 0.1);
    }

    #[test]
    fn openings_are_seeded_and_playable() {
        let a = openings(7, 5, 4);
        assert_eq!(a, openings(7, 5, 4));
        assert_eq!(a.len(), 5);
        assert!(a.iter().all(|o| o.len() == 4));
    }
}
