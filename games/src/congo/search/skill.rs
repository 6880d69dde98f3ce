//! Levels people can beat (`set level N`): below the top level the engine
//! searches to a fixed depth (or node count) and, a share of its moves set
//! per level, blunders: it plays a near-random move instead, as a
//! beginner misses what is attacked. Level 1 plays near-random moves
//! only, yet even it takes a lion it is offered; the same seed replays the
//! same game. The steps between levels are measured by
//! `lab/level-ladder.sh` (the table is in docs/engine.md, "Levels").
//!
//! A near-random move follows Stockfish's skill rule: every root move is
//! scored (here by the static evaluation after it, or a search of
//! `depth` plies for [`Style::Weak`]); with `top` the best score, each
//! move `s` gets `s + (w (top - s) + d r) / 128`, `r` random in `0..w` and
//! `d` the spread of the scores capped at 100, and the largest wins:
//! weakness `w` near 128 is almost a random mover (only a lion capture
//! still stands out), `w` near 0 plays the best move.

use super::{Engine, Limits, Score};
use crate::congo::moves::{Move, legal_moves};
use crate::congo::{Game, Outcome, Repetition};
use crate::interrupt::{Interrupt, Interrupted};
use crate::rng::Rng;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The top level: full strength (the session's own search limits).
pub const TOP_LEVEL: u8 = 12;

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
    /// The engine's best move at this fixed depth, except that `blunder`
    /// moves in 1000 are picked with the widest weakness (127).
    Depth { depth: u32, blunder: u32 },
    /// The engine's best move within this many nodes (one thread: the
    /// same move every run), with blunders as [`Style::Depth`].
    Nodes { nodes: u64, blunder: u32 },
    /// Full strength: the limits the caller gives.
    Full,
}

/// How `level` plays (levels outside `MIN_LEVEL..=TOP_LEVEL` are clamped).
///
/// Level 1 picks almost at random (it loses most games to a player that
/// never leaves a piece en prise); levels 2-8 are the engine at depth 3
/// blundering (a near-random move) 740, 560, 350, 225, 130, 66 and 30
/// times in 1000; 9 is depth 4 blundering 25 in 1000; 10 a 50,000-node
/// search blundering 20 in 1000; 11 a 100,000-node search blundering 6
/// in 1000 (between 10 and full strength, a step of about +340 Elo
/// without it); the top is full strength. The rates were interpolated
/// from a first measured ladder (the Elo of depth 3 grows about as the
/// log of the blunder rate falls) so that each step is about 200 Elo;
/// docs/engine.md has the ladder as `lab/level-ladder.sh` measured it.
pub fn style(level: u8) -> Style {
    let depth = |depth, blunder| Style::Depth { depth, blunder };
    match level.clamp(MIN_LEVEL, TOP_LEVEL) {
        1 => Style::Weak {
            depth: 0,
            weakness: 127,
            blunder: 0,
        },
        2 => depth(3, 740),
        3 => depth(3, 560),
        4 => depth(3, 350),
        5 => depth(3, 225),
        6 => depth(3, 130),
        7 => depth(3, 66),
        8 => depth(3, 30),
        9 => depth(4, 25),
        10 => Style::Nodes {
            nodes: 50_000,
            blunder: 20,
        },
        11 => Style::Nodes {
            nodes: 100_000,
            blunder: 6,
        },
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
                engine.quiet_plies_from(&next);
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

/// Whether this move is a blunder, `blunder` in 1000: drawn first from
/// the move's stream whatever the rate, so the rest of the stream does not
/// depend on it.
fn blundering(rng: &mut Rng, blunder: u32) -> bool {
    u32::try_from(rng.below(1000)).unwrap_or(u32::MAX) < blunder
}

/// A blunder: a pick with the widest weakness among the moves scored by
/// the static evaluation (a lion capture still stands out).
fn blunder_move(
    engine: &mut Engine,
    game: &Game,
    rng: &mut Rng,
    stop: &dyn Interrupt,
) -> Result<Option<Move>, Interrupted> {
    let scored = scored_moves(engine, game, 0, stop)?;
    Ok(pick(&scored, 127, rng))
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
        engine.quiet_plies_from(game);
        let info = engine.search(game.position(), game.keys(), limits, stop, &mut |_| {});
        if stop.interrupted() {
            Err(Interrupted)
        } else {
            Ok(info.best)
        }
    };
    match style {
        Style::Full => search(engine, full),
        Style::Depth { depth, blunder } => {
            let mut rng = rng_for(seed, game);
            if blundering(&mut rng, blunder) {
                blunder_move(engine, game, &mut rng, stop)
            } else {
                search(engine, &Limits::depth(depth))
            }
        }
        Style::Nodes { nodes, blunder } => {
            let mut rng = rng_for(seed, game);
            if blundering(&mut rng, blunder) {
                blunder_move(engine, game, &mut rng, stop)
            } else {
                search(engine, &Limits::nodes(nodes))
            }
        }
        Style::Weak {
            depth,
            weakness,
            blunder,
        } => {
            let mut rng = rng_for(seed, game);
            let weakness = if blundering(&mut rng, blunder) {
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
        assert!(matches!(style(1), Style::Weak { weakness: 127, .. }));
        // Level by level: deeper (or more nodes), or as deep with fewer
        // blunders; never the same style twice.
        let key = |s: Style| match s {
            Style::Weak { .. } => (0, 0, 1000),
            Style::Depth { depth, blunder } => (1, u64::from(depth), blunder),
            Style::Nodes { nodes, blunder } => (2, nodes, blunder),
            Style::Full => (3, 0, 0),
        };
        for level in MIN_LEVEL..TOP_LEVEL {
            let (a, b) = (key(style(level)), key(style(level + 1)));
            assert!(
                (b.0, b.1) > (a.0, a.1) || ((b.0, b.1) == (a.0, a.1) && b.2 < a.2),
                "level {level}: {a:?} then {b:?}"
            );
        }
    }

    #[test]
    fn blunders_come_at_their_rate_and_the_seed_pins_them() {
        // 300 in 1000 over 2000 streams: expected 600, sd ~20.5; 500 and
        // 700 are ~5 sd away.
        let start = Game::new(Position::start());
        let n = (0..2000)
            .filter(|&seed| blundering(&mut rng_for(seed, &start), 300))
            .count();
        assert!((500..700).contains(&n), "{n}");
        assert!(!(0..200).any(|seed| blundering(&mut rng_for(seed, &start), 0)));
        assert!((0..200).all(|seed| blundering(&mut rng_for(seed, &start), 1000)));
    }

    #[test]
    fn every_level_plays_a_legal_move_and_repeats_it_for_a_seed() {
        // Cheap levels only (the top searches for seconds): from the start
        // and after one move each, the choice is legal and the same for the
        // same seed on a fresh engine.
        let mut game = Game::new(Position::start());
        let never = std::sync::atomic::AtomicBool::new(false);
        for level in MIN_LEVEL..=9 {
            for seed in [1, 2] {
                let mut a = Engine::new(EngineConfig::strongest());
                let mut b = Engine::new(EngineConfig::strongest());
                let full = Limits::depth(1);
                let m = choose(&mut a, &game, level, seed, &full, &never);
                let again = choose(&mut b, &game, level, seed, &full, &never);
                assert_eq!(m, again, "level {level}");
                let Ok(Some(m)) = m else {
                    panic!("level {level}: {m:?}");
                };
                assert!(legal_moves(game.position()).contains(&m), "level {level}");
            }
        }
        game.play(mv(game.position(), "c2c3")).expect("legal");
        let mut e = Engine::new(EngineConfig::strongest());
        let m = choose(&mut e, &game, 2, 3, &Limits::depth(1), &never);
        assert!(matches!(m, Ok(Some(m)) if legal_moves(game.position()).contains(&m)));
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
