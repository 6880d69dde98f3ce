//! Levels people can beat (`set level N`): below the top level the engine
//! searches shallowly and picks among the moves by score plus a seeded
//! random push, as Stockfish's skill level does, and now and then (a
//! blunder rate per level) picks almost at random: a weak level makes
//! human-like mistakes, yet even level 1 takes a lion it is offered, and
//! the same seed replays the same game. The steps between levels are
//! measured by `scripts/level-ladder.sh` (the table is in the README).
//!
//! Every root move is scored by a search of the position after it (depth
//! from the level); with `top` the best score, each move `s` gets `s +
//! (w (top - s) + d r) / 128`, `r` random in `0..w` and `d` the spread of
//! the scores capped at 100, and the largest wins: weakness `w` near 128
//! is almost a random mover (only a lion capture still stands out), `w`
//! near 0 plays the best move.

use super::{Engine, Limits, Score};
use crate::congo::moves::{Move, legal_moves};
use crate::congo::{Game, Outcome, Repetition};
use crate::interrupt::{Interrupt, Interrupted};
use crate::rng::Rng;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The top level: full strength (the session's own search limits).
pub const TOP_LEVEL: u8 = 7;

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Score every move by a `depth`-ply search after it (0: the static
    /// evaluation, blind to any reply), then pick with weakness
    /// `weakness` (1..=127), except that `blunder` moves in 1000 are
    /// picked with the widest weakness (127).
    Weak {
        depth: u32,
        weakness: u32,
        blunder: u32,
    },
    /// The engine's best move at this fixed depth.
    Depth(u32),
    /// The engine's best move within this many nodes (one thread: the
    /// same move every run).
    Nodes(u64),
    /// Full strength: the limits the caller gives.
    Full,
}

/// How `level` plays (levels outside `MIN_LEVEL..=TOP_LEVEL` are clamped).
pub fn style(level: u8) -> Style {
    let weak = |depth, weakness, blunder| Style::Weak {
        depth,
        weakness,
        blunder,
    };
    match level.clamp(MIN_LEVEL, TOP_LEVEL) {
        1 => weak(0, 127, 0),
        2 => weak(0, 48, 0),
        3 => weak(1, 120, 0),
        4 => weak(1, 48, 0),
        5 => weak(2, 24, 0),
        6 => Style::Depth(4),
        _ => Style::Full,
    }
}

/// A score as one number, wins beyond any material.
fn centipawns(score: Score) -> i64 {
    match score {
        Score::Cp(c) => i64::from(c),
        Score::WinIn(n) => 1_000_000 - i64::from(n),
        Score::LossIn(n) => -1_000_000 + i64::from(n),
    }
}

/// Each legal move with its score (side to move's view) from a
/// `depth`-ply search of the position after it (0: its static
/// evaluation); a move that ends the game scores its result.
///
/// # Errors
///
/// [`Interrupted`] once `stop` is set.
pub fn scored_moves(
    engine: &mut Engine,
    game: &Game,
    depth: u32,
    stop: &dyn Interrupt,
) -> Result<Vec<(Move, i64)>, Interrupted> {
    let mover = game.position().side_to_move();
    let mut scored = Vec::new();
    for mv in legal_moves(game.position()) {
        if stop.interrupted() {
            return Err(Interrupted);
        }
        let mut next = game.clone();
        if next.play(mv).is_err() {
            continue;
        }
        let score = match next.outcome(Repetition::ThreefoldDraw) {
            Some(Outcome::Draw) => 0,
            Some(o) if o.winner() == Some(mover) => 1_000_000,
            Some(_) => -1_000_000,
            None if depth == 0 => -i64::from(super::evaluate(next.position())),
            None => {
                let info = engine.search(
                    next.position(),
                    next.keys(),
                    &Limits::depth(depth),
                    stop,
                    &mut |_| {},
                );
                if stop.interrupted() {
                    return Err(Interrupted);
                }
                -centipawns(info.score)
            }
        };
        scored.push((mv, score));
    }
    Ok(scored)
}

/// The move a weak level picks among `scored` (Stockfish's rule, see the
/// module text), drawing from `rng`; `None` when there is no move.
pub fn pick(scored: &[(Move, i64)], weakness: u32, rng: &mut Rng) -> Option<Move> {
    let top = scored.iter().map(|&(_, s)| s).max()?;
    let bottom = scored.iter().map(|&(_, s)| s).min()?;
    let delta = (top - bottom).min(100);
    let w = i64::from(weakness.clamp(1, 127));
    let mut best: Option<(Move, i64)> = None;
    for &(mv, s) in scored {
        let r = i64::try_from(rng.below(usize::try_from(w).unwrap_or(1))).unwrap_or(0);
        let push = (w * (top - s) + delta * r) / 128;
        let value = s + push;
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((mv, value));
        }
    }
    best.map(|(mv, _)| mv)
}

/// The seeded stream for the move at the game's current ply: the same
/// seed and game give the same choice (scripts can pin a game).
pub fn rng_for(seed: u64, game: &Game) -> Rng {
    let mut base = Rng::new(seed);
    let mut rng = base.split();
    for _ in 0..game.plies() {
        rng = base.split();
    }
    rng
}

/// The move `level` plays in `game` (full strength searches within
/// `full`), drawing from `seed`; `None` when there is no move.
///
/// # Errors
///
/// [`Interrupted`] once `stop` is set.
pub fn choose(
    engine: &mut Engine,
    game: &Game,
    level: u8,
    seed: u64,
    full: &Limits,
    stop: &dyn Interrupt,
) -> Result<Option<Move>, Interrupted> {
    choose_style(engine, game, style(level), seed, full, stop)
}

/// The move a player of `style` plays in `game`, as [`choose`] (the
/// ladder script also tries styles between the levels).
///
/// # Errors
///
/// [`Interrupted`] once `stop` is set.
pub fn choose_style(
    engine: &mut Engine,
    game: &Game,
    style: Style,
    seed: u64,
    full: &Limits,
    stop: &dyn Interrupt,
) -> Result<Option<Move>, Interrupted> {
    let search = |engine: &mut Engine, limits: &Limits| {
        let info = engine.search(game.position(), game.keys(), limits, stop, &mut |_| {});
        if stop.interrupted() {
            Err(Interrupted)
        } else {
            Ok(info.best)
        }
    };
    match style {
        Style::Full => search(engine, full),
        Style::Depth(d) => search(engine, &Limits::depth(d)),
        Style::Nodes(n) => search(engine, &Limits::nodes(n)),
        Style::Weak {
            depth,
            weakness,
            blunder,
        } => {
            let mut rng = rng_for(seed, game);
            // Drawn first, whatever the rate, so a level's stream does
            // not depend on its own rate.
            let roll = rng.below(1000);
            let weakness = if u32::try_from(roll).unwrap_or(u32::MAX) < blunder {
                127
            } else {
                weakness
            };
            // A blunder needs no search: the static scores still keep a
            // lion capture on top.
            let depth = if weakness == 127 { 0 } else { depth };
            let scored = scored_moves(engine, game, depth, stop)?;
            Ok(pick(&scored, weakness, &mut rng))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::search::EngineConfig;
    use crate::congo::{Color, Position};

    fn mv(pos: &Position, text: &str) -> Move {
        legal_moves(pos)
            .into_iter()
            .find(|m| m.to_string() == text)
            .expect("a legal move")
    }

    #[test]
    fn levels_run_from_weak_to_full() {
        assert_eq!(style(0), style(1));
        assert_eq!(style(TOP_LEVEL), Style::Full);
        assert_eq!(style(200), Style::Full);
        // Level by level the depth grows, or at the same depth the
        // weakness falls.
        let mut last = (0, 128);
        for level in MIN_LEVEL..6 {
            let Style::Weak {
                depth, weakness, ..
            } = style(level)
            else {
                panic!("level {level} is weak");
            };
            assert!(
                depth > last.0 || (depth == last.0 && weakness < last.1),
                "level {level}"
            );
            last = (depth, weakness);
        }
        assert_eq!(style(6), Style::Depth(4));
    }

    #[test]
    fn weakness_zero_like_picks_the_best_and_full_weakness_spreads() {
        let pos = Position::start();
        let moves = legal_moves(&pos);
        // Scores 0, -10, -20, ...: the first move is the best by 10.
        let scored: Vec<(Move, i64)> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, -10 * i64::try_from(i).unwrap_or(0)))
            .collect();
        // Weakness 1: the push is at most (1 x gap + 100 x 0) / 128 <
        // the gap, so the best move always wins.
        for seed in 0..50 {
            assert_eq!(pick(&scored, 1, &mut Rng::new(seed)), Some(moves[0]));
        }
        // Weakness 127: value = top - gap/128 + up to 99 -- nearly
        // uniform: many different moves over 200 seeds.
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            seen.extend(pick(&scored, 127, &mut Rng::new(seed)));
        }
        assert!(seen.len() > moves.len() / 2, "{} moves", seen.len());
        assert_eq!(pick(&[], 64, &mut Rng::new(0)), None);
    }

    #[test]
    fn even_level_one_takes_the_lion_and_the_seed_pins_the_choice() {
        // The lions face on the open d-file: d1d7 captures the lion and
        // wins, a million above any other move; the widest push, 127 x
        // (gap) / 128 leaves it 1% of the gap (~7800) ahead, far more
        // than the random part (at most 100).
        let pos: Position = "3l3/7/7/7/7/7/3L3 w 0".parse().expect("fen");
        let game = Game::new(pos.clone());
        let mut engine = Engine::new(EngineConfig::strongest());
        let never = std::sync::atomic::AtomicBool::new(false);
        for seed in 0..5 {
            let m = choose(&mut engine, &game, 1, seed, &Limits::depth(1), &never);
            assert_eq!(m, Ok(Some(mv(&pos, "d1d7"))));
        }
        // The same seed and game: the same move; from the start.
        let start = Game::new(Position::start());
        let a = choose(&mut engine, &start, 2, 7, &Limits::depth(1), &never);
        let b = choose(&mut engine, &start, 2, 7, &Limits::depth(1), &never);
        assert_eq!(a, b);
        assert_eq!(start.position().side_to_move(), Color::White);
    }

    #[test]
    fn a_stop_interrupts() {
        let start = Game::new(Position::start());
        let mut engine = Engine::new(EngineConfig::strongest());
        let stop = std::sync::atomic::AtomicBool::new(true);
        assert_eq!(
            choose(&mut engine, &start, 1, 0, &Limits::depth(1), &stop),
            Err(Interrupted)
        );
    }
}
