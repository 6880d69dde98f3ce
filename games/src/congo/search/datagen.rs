//! Training data from self-play, for tuning the evaluation (Texel's
//! method): the engine plays itself from an opening, every move searched
//! within the same limits, and the quiet positions of the game are kept
//! with its result.
//!
//! Quiet: the side to move's lion is not attacked, the quiescence value
//! equals the engine's static evaluation (the network's when it has one):
//! no capture pays at once, the search's move takes nothing, and the
//! search sees no forced win. There the
//! evaluation alone should predict the result, which is what the tuner
//! fits.
//!
//! A data line is `FEN;R;S` with `R` the result for White (`1`, `0.5`,
//! `0`) and `S` the search's score of the position in centipawns, from
//! White's point of view: the tuner fits `R`, the network's trainer a
//! blend of both.

use super::threat::lion_attacked;
use super::{Engine, Limits, Score};
use crate::congo::data::DataRecord;
use crate::congo::moves::{Move, Silent, apply};
use crate::congo::{Color, Game, Outcome, Position, Repetition};
use crate::interrupt::{Interrupt, Interrupted};

/// One game of self-play: its quiet positions and its result.
#[derive(Clone, Debug)]
pub struct Record {
    pub positions: Vec<Position>,
    /// The search's score of each kept position, in centipawns for White.
    pub scores: Vec<i32>,
    pub outcome: Outcome,
    /// The moves played, the opening's included.
    pub moves: Vec<Move>,
}

/// The training record of `pos`, scored `score` centipawns for White by
/// the search, in a game that ended in `outcome`.
pub fn data_record(pos: &Position, score: i32, outcome: Outcome) -> DataRecord {
    DataRecord::new(pos.clone(), outcome, score)
}

/// The data line of `pos` (its record's text form, [`data_record`]).
pub fn data_line(pos: &Position, score: i32, outcome: Outcome) -> String {
    data_record(pos, score, outcome).to_text()
}

/// Whether `mv` takes an enemy piece in `pos`.
fn captures(pos: &Position, mv: &Move) -> bool {
    let them = !pos.side_to_move();
    let mut next = pos.clone();
    apply(&mut next, mv, &mut Silent);
    next.by_color(them).count() < pos.by_color(them).count()
}

/// One self-play game of `engine` against itself from the start after
/// `opening` (moves that are not legal end it early), each move searched
/// within `limits`, drawn at a threefold repetition or at `max_plies`.
/// The quiet positions after the opening are kept.
///
/// # Errors
///
/// [`Interrupted`] once `stop` is set.
pub fn play(
    engine: &mut Engine,
    opening: &[Move],
    limits: &Limits,
    max_plies: usize,
    stop: &dyn Interrupt,
) -> Result<Record, Interrupted> {
    engine.new_game();
    let mut game = Game::new(Position::start());
    for &mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    let mut positions = Vec::new();
    let mut scores = Vec::new();
    let outcome = loop {
        if let Some(outcome) = game.outcome(Repetition::ThreefoldDraw) {
            break outcome;
        }
        if game.plies() >= max_plies {
            break Outcome::Draw;
        }
        if stop.interrupted() {
            return Err(Interrupted);
        }
        let pos = game.position().clone();
        engine.quiet_plies_from(&game);
        let info = engine.search(&pos, game.keys(), limits, stop, &mut |_| {});
        if stop.interrupted() {
            return Err(Interrupted);
        }
        let Some(mv) = info.best else {
            // No move: the side to move loses (the game's own rule).
            break Outcome::win_for(!pos.side_to_move());
        };
        let quiet = matches!(info.score, Score::Cp(_))
            && !lion_attacked(&pos, pos.side_to_move())
            && !captures(&pos, &mv)
            && engine.quiescence(&pos) == engine.static_eval(&pos);
        if let (true, Score::Cp(cp)) = (quiet, info.score) {
            scores.push(for_white(cp, pos.side_to_move()));
            positions.push(pos);
        }
        if game.play(mv).is_err() {
            break Outcome::win_for(!game.position().side_to_move());
        }
    };
    Ok(Record {
        positions,
        scores,
        outcome,
        moves: game.moves().collect(),
    })
}

/// A score for `side` (the search's, for the side to move) seen from
/// White's side.
pub fn for_white(cp: i32, side: Color) -> i32 {
    match side {
        Color::White => cp,
        Color::Black => cp.saturating_neg(),
    }
}

/// The result of a data line for the side to move of its position: 1 a
/// win, 0.5 a draw, 0 a loss.
pub fn for_side_to_move(white_result: f64, pos: &Position) -> f64 {
    if pos.side_to_move() == Color::White {
        white_result
    } else {
        1.0 - white_result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::data::GameResult;
    use crate::congo::moves::legal_moves;
    use crate::congo::openings::Openings;
    use crate::congo::search::EngineConfig;
    use crate::interrupt::Never;

    #[test]
    fn a_short_game_gives_legal_quiet_positions_and_its_result() {
        // Tiny searches keep this cheap; the checks are the rules': every
        // kept position occurs in the replayed game (so it is reachable
        // and legal), is not the opening's, and its line parses back.
        let mut engine = Engine::new(EngineConfig {
            hash_mb: 1,
            ..EngineConfig::strongest()
        });
        let opening = Openings::new(7, 4).next().unwrap();
        let limits = Limits {
            nodes: Some(300),
            ..Limits::default()
        };
        let rec = play(&mut engine, &opening, &limits, 40, &Never).unwrap();
        assert!(rec.moves.len() <= 40 && rec.moves.len() >= opening.len());
        assert_eq!(rec.moves.get(..opening.len()), Some(&opening[..]));
        assert!(!rec.positions.is_empty());
        // Replay the moves under the rules: each must be legal, and the
        // kept positions are positions of the game after the opening.
        let mut game = Game::new(Position::start());
        let mut seen = Vec::new();
        for (i, &mv) in rec.moves.iter().enumerate() {
            if i >= opening.len() {
                seen.push(game.position().clone());
            }
            assert!(legal_moves(game.position()).contains(&mv));
            game.play(mv).unwrap();
        }
        assert_eq!(rec.scores.len(), rec.positions.len());
        for (pos, &score) in rec.positions.iter().zip(&rec.scores) {
            assert!(seen.contains(pos));
            assert!(!lion_attacked(pos, pos.side_to_move()));
            let line = data_line(pos, score, rec.outcome);
            let mut parts = line.split(';');
            assert_eq!(parts.next().unwrap().parse::<Position>().unwrap(), *pos);
            assert_eq!(parts.next(), Some(GameResult::of(rec.outcome).text()));
            assert_eq!(parts.next(), Some(score.to_string().as_str()));
            assert_eq!(parts.next(), None);
        }
        // The result is the replayed game's: its ending, or a draw at the
        // ply limit.
        let want = game
            .outcome(Repetition::ThreefoldDraw)
            .unwrap_or(Outcome::Draw);
        assert_eq!(rec.outcome, want);
        // Determinism at fixed nodes: the same game again.
        let again = play(&mut engine, &opening, &limits, 40, &Never).unwrap();
        assert_eq!(again.positions, rec.positions);
        assert_eq!(again.outcome, rec.outcome);
    }

    #[test]
    fn scores_are_written_for_white() {
        assert_eq!(for_white(120, Color::White), 120);
        assert_eq!(for_white(120, Color::Black), -120);
        assert_eq!(for_white(i32::MIN, Color::Black), i32::MAX);
    }

    #[test]
    fn results_flip_with_the_side_to_move() {
        let mut pos = Position::start();
        assert_eq!(for_side_to_move(1.0, &pos), 1.0);
        pos.set_side_to_move(Color::Black);
        assert_eq!(for_side_to_move(1.0, &pos), 0.0);
        assert_eq!(for_side_to_move(0.5, &pos), 0.5);
    }
}
