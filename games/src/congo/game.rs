//! A Congo game: the position now, the Zobrist keys of every earlier
//! position and the moves played. The prompt's session, `boardsh agent`,
//! the referee of `boardsh match` and in-process self-play all keep their
//! game in one [`Game`], so repetition and the result are decided once.
//!
//! Repetition: a position repeats when its board and side to move (its
//! Zobrist key, not the move number) occurred before. Its third occurrence
//! ends the game in a draw only where the caller's rules say so
//! ([`Repetition::ThreefoldDraw`]: the referee and self-play); the prompt
//! goes on ([`Repetition::Continues`]).

use super::key_counts::KeyCounts;
#[cfg(doc)]
use super::moves::check_move;
use super::moves::{IllegalMove, Legal, Move, MoveOutcome, Status, status};
use super::piece::Color;
use super::position::Position;
use super::rules::Rules;
use super::search::progress::Shape;
use crate::stats::GameResult;
use std::fmt;

/// The result of a finished game, from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

impl Outcome {
    /// A win for `color`.
    pub const fn win_for(color: Color) -> Outcome {
        match color {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// The winner, if it is not a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::WhiteWins => Some(Color::White),
            Outcome::BlackWins => Some(Color::Black),
            Outcome::Draw => None,
        }
    }

    /// The result for the player of `side` (what a match's tally counts).
    pub fn result_for(self, side: Color) -> GameResult {
        match self.winner() {
            None => GameResult::Draw,
            Some(c) if c == side => GameResult::Win,
            Some(_) => GameResult::Loss,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn notation(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// How a game ended: the [`Outcome`] and its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The winner captured the other lion.
    LionCaptured(Color),
    /// This side was to move and had no legal move: it lost.
    NoMove(Color),
    /// Neither lion stands (only in a set-up position): a draw.
    NoLions,
    /// The position occurred a third time: a draw (where the rules say so).
    Repetition,
}

impl Ending {
    /// The result this ending gives.
    pub fn outcome(self) -> Outcome {
        match self {
            Ending::LionCaptured(winner) => Outcome::win_for(winner),
            Ending::NoMove(loser) => Outcome::win_for(!loser),
            Ending::NoLions | Ending::Repetition => Outcome::Draw,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::LionCaptured(winner) => write!(f, "{winner} captured the lion"),
            Ending::NoMove(loser) => write!(f, "{loser} has no legal move"),
            Ending::NoLions => f.write_str("no lions"),
            Ending::Repetition => f.write_str("threefold repetition"),
        }
    }
}

/// Whether the third occurrence of a position ends the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// Play goes on (the prompt: a set-up study is never cut short).
    #[default]
    Continues,
    /// The third occurrence is a draw (matches and self-play).
    ThreefoldDraw,
}

/// A Congo game from some start position.
///
/// Each ply keeps the position it was played in, so `undo` is one step
/// back (not a replay from the start), and the keys of the earlier
/// positions are also counted ([`KeyCounts`]), so a repetition count and
/// the search's history lookups cost the same at ply 10 and ply 100,000.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    position: Position,
    /// The Zobrist key of each position before `position`, oldest first.
    keys: Vec<u64>,
    /// The same keys, counted.
    seen: KeyCounts,
    /// The moves played from `start`, oldest first.
    plies: Vec<Ply>,
}

/// One move of a game: the move, the rules it was played under and the
/// position it was played in (what `undo` puts back).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ply {
    mv: Move,
    rules: Rules,
    before: Position,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::start())
    }
}

impl Game {
    /// A game from `start`, no move played yet.
    pub fn new(start: Position) -> Game {
        Game {
            position: start.clone(),
            start,
            keys: Vec::new(),
            seen: KeyCounts::default(),
            plies: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The Zobrist keys of the positions before the current one, oldest
    /// first: the history the engine's search takes.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The same keys, counted: the history a search takes in one lookup
    /// a node (see [`crate::congo::search::PastKeys`]).
    pub fn seen(&self) -> &KeyCounts {
        &self.seen
    }

    /// The moves played, first first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The moves played after the first `from`, each with the rules it was
    /// played under (what replays them with [`Game::play_under`]).
    pub fn moves_after(&self, from: usize) -> impl ExactSizeIterator<Item = (Move, Rules)> + '_ {
        self.plies
            .get(from..)
            .unwrap_or_default()
            .iter()
            .map(|p| (p.mv, p.rules))
    }

    /// How many moves were played.
    pub fn plies(&self) -> usize {
        self.plies.len()
    }

    /// Play `mv` under the full rules.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] when `mv` is not legal here; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, IllegalMove> {
        self.play_under(Rules::Full, mv)
    }

    /// Play `mv` under `rules` (under the 2021 course rules a pawn on the
    /// far rank stays a pawn).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] when `mv` is not legal here; the game is unchanged.
    pub fn play_under(&mut self, rules: Rules, mv: Move) -> Result<MoveOutcome, IllegalMove> {
        self.make(rules, mv, Position::play_under)
    }

    /// Play a move [`check_move`] found legal in this position, under
    /// `rules`, without looking for it among the legal moves again (a
    /// move found legal in another position is checked afresh).
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] when the move is not legal here after all; the game
    /// is unchanged.
    pub fn play_legal(&mut self, rules: Rules, legal: Legal) -> Result<MoveOutcome, IllegalMove> {
        if legal.key() != self.position.zobrist() {
            return self.play_under(rules, legal.mv());
        }
        self.make(rules, legal.mv(), Position::play_legal_under)
    }

    /// Make `mv` with `play` (which checks it or not), keeping the
    /// position it was played in (its one copy) for `undo`.
    fn make(
        &mut self,
        rules: Rules,
        mv: Move,
        play: fn(&mut Position, Move, Rules) -> Result<MoveOutcome, IllegalMove>,
    ) -> Result<MoveOutcome, IllegalMove> {
        let before = self.position.clone();
        let outcome = match play(&mut self.position, mv, rules) {
            Ok(o) => o,
            Err(e) => {
                self.position = before;
                return Err(e);
            }
        };
        let key = before.zobrist();
        self.keys.push(key);
        self.seen.add(key);
        self.plies.push(Ply { mv, rules, before });
        Ok(outcome)
    }

    /// The plies since the last capture, drowning or pawn move (all of
    /// them when there was none): what the engine's progress term counts
    /// from ([`crate::congo::search::progress`]).
    pub fn quiet_plies(&self) -> u32 {
        let mut after = Shape::of(&self.position);
        let mut quiet = 0u32;
        for ply in self.plies.iter().rev() {
            let before = Shape::of(&ply.before);
            if before != after {
                break;
            }
            quiet = quiet.saturating_add(1);
            after = before;
        }
        quiet
    }

    /// Take back the last move (the position it was played in comes back
    /// as it was); `None` (and no change) at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop()?;
        if let Some(key) = self.keys.pop() {
            self.seen.remove(key);
        }
        self.position = ply.before;
        Some(ply.mv)
    }

    /// How often the current position has occurred in this game, itself
    /// included (1 for a new position).
    pub fn repetitions(&self) -> usize {
        1 + self.seen.count(self.position.zobrist())
    }

    /// The status of the position by Congo's own rules (no repetition).
    pub fn status(&self) -> Status {
        status(&self.position)
    }

    /// How the game ended, or `None` while it goes on: a lion captured, a
    /// side to move without a move, no lions, and (under
    /// [`Repetition::ThreefoldDraw`]) the third occurrence of a position.
    pub fn ending(&self, repetition: Repetition) -> Option<Ending> {
        let side = self.position.side_to_move();
        match self.status() {
            Status::Continue => {}
            Status::GameOver => return Some(Ending::NoLions),
            s => {
                let winner = s.winner().unwrap_or(!side);
                return Some(if self.position.lion(!winner).is_none() {
                    Ending::LionCaptured(winner)
                } else {
                    Ending::NoMove(!winner)
                });
            }
        }
        (repetition == Repetition::ThreefoldDraw && self.repetitions() >= 3)
            .then_some(Ending::Repetition)
    }

    /// The result, or `None` while the game goes on (see [`Game::ending`]).
    pub fn outcome(&self, repetition: Repetition) -> Option<Outcome> {
        self.ending(repetition).map(Ending::outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_found_legal_elsewhere_is_checked_afresh() {
        // c2c3 is legal at the start; after it Black is to move, and the
        // same `Legal` (the start's key) is refused rather than made.
        let start = Position::start();
        let c2c3 = "c2c3".parse().expect("a move");
        let legal = crate::congo::moves::check_move(&start, c2c3).expect("legal");
        let mut game = Game::new(start);
        assert!(game.play_legal(Rules::Full, legal).is_ok());
        let after = game.clone();
        assert_eq!(game.play_legal(Rules::Full, legal), Err(IllegalMove(c2c3)));
        assert_eq!(game, after, "refused: unchanged");
        // Taken back, the game is in the start position again: made.
        assert_eq!(game.undo(), Some(c2c3));
        assert!(game.play_legal(Rules::Full, legal).is_ok());
        assert_eq!(game, after);
    }

    #[test]
    fn results_count_from_the_players_side() {
        // White's win is White's win and Black's loss; a draw is either's.
        assert_eq!(Outcome::WhiteWins.result_for(Color::White), GameResult::Win);
        assert_eq!(
            Outcome::WhiteWins.result_for(Color::Black),
            GameResult::Loss
        );
        assert_eq!(Outcome::BlackWins.result_for(Color::Black), GameResult::Win);
        assert_eq!(Outcome::Draw.result_for(Color::White), GameResult::Draw);
        assert_eq!(Outcome::Draw.result_for(Color::Black), GameResult::Draw);
    }

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn shuffling_zebras_repeat_the_start_three_times() {
        // Both zebras go out and back twice: the start position (White to
        // move) occurs for the third time after ply 8, not before.
        let mut g = Game::default();
        for (i, m) in [
            "g1f3", "g7f5", "f3g1", "f5g7", "g1f3", "g7f5", "f3g1", "f5g7",
        ]
        .into_iter()
        .enumerate()
        {
            assert_eq!(g.outcome(Repetition::ThreefoldDraw), None, "ply {i}");
            g.play(mv(m)).unwrap();
        }
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.keys().len(), 8);
        assert_eq!(
            g.ending(Repetition::ThreefoldDraw),
            Some(Ending::Repetition)
        );
        assert_eq!(g.outcome(Repetition::ThreefoldDraw), Some(Outcome::Draw));
        // At the prompt's rules the game goes on.
        assert_eq!(g.outcome(Repetition::Continues), None);
        // Undo: the position after ply 7 (Black to move) occurred twice.
        assert_eq!(g.undo(), Some(mv("f5g7")));
        assert_eq!(g.repetitions(), 2);
        assert_eq!(g.position().to_string(), {
            let mut p = Position::start();
            for m in ["g1f3", "g7f5", "f3g1", "f5g7", "g1f3", "g7f5", "f3g1"] {
                p.play(mv(m)).unwrap();
            }
            p.to_string()
        });
    }

    #[test]
    fn lion_capture_and_no_move_and_no_lions() {
        // Facing lions on d2 and d5, d3 and d4 empty: d2xd5 takes the lion.
        let mut g = Game::new("7/7/3l3/7/7/3L3/7 w 0".parse().unwrap());
        assert_eq!(g.ending(Repetition::ThreefoldDraw), None);
        g.play(mv("d2d5")).unwrap();
        assert_eq!(
            g.ending(Repetition::Continues),
            Some(Ending::LionCaptured(Color::White))
        );
        assert_eq!(
            g.ending(Repetition::Continues).unwrap().to_string(),
            "white captured the lion"
        );
        let none = Game::new("7/7/7/7/7/7/7 w 0".parse().unwrap());
        assert_eq!(none.outcome(Repetition::Continues), Some(Outcome::Draw));
    }

    #[test]
    fn an_illegal_move_changes_nothing() {
        let mut g = Game::default();
        let before = g.clone();
        assert!(g.play(mv("a1a5")).is_err());
        assert_eq!(g, before);
        assert_eq!(g.undo(), None);
    }

    #[test]
    fn undo_replays_under_the_rules_of_each_move() {
        // White pawn on b6 steps to b7 under 2021 rules (stays a pawn),
        // then Black and White shuffle lions; undoing the last move must
        // keep the pawn a pawn.
        let start: Position = "3l3/1P5/7/7/7/7/3L3 w 0".parse().unwrap();
        let mut g = Game::new(start);
        g.play_under(Rules::Course2021, mv("b6b7")).unwrap();
        g.play(mv("d7c7")).unwrap();
        let pawn_kept = g.position().clone();
        g.play(mv("d1d2")).unwrap();
        g.undo();
        assert_eq!(g.position(), &pawn_kept);
        let b7 = "b7".parse().unwrap();
        assert_eq!(
            g.position().piece_at(b7),
            Some(crate::congo::Piece::new(
                Color::White,
                crate::congo::PieceKind::Pawn
            ))
        );
    }

    /// A small deterministic generator for the random games below.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn undo_after_n_plies_is_a_replay_of_n_minus_1() {
        // Random games (random rules a move too): after each ply, one
        // undo must give exactly the game replayed fresh up to the ply
        // before (position, keys, their counts, moves), and playing the
        // move again the game before the undo.
        use crate::congo::moves::legal_moves;
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20 {
            let mut g = Game::default();
            let mut played: Vec<(Move, Rules)> = Vec::new();
            for _ in 0..80 {
                let moves = legal_moves(g.position());
                if moves.is_empty() || g.status() != Status::Continue {
                    break;
                }
                let mv = moves[next(&mut state) as usize % moves.len()];
                let rules = [Rules::Full, Rules::Course2021, Rules::Course2022]
                    [next(&mut state) as usize % 3];
                g.play_under(rules, mv).unwrap();
                played.push((mv, rules));
                let mut fresh = Game::default();
                for &(m, r) in &played[..played.len() - 1] {
                    fresh.play_under(r, m).unwrap();
                }
                let whole = g.clone();
                assert_eq!(g.undo(), Some(mv));
                assert_eq!(g, fresh);
                assert_eq!(g.keys(), fresh.keys());
                assert_eq!(g.repetitions(), fresh.repetitions());
                g.play_under(rules, mv).unwrap();
                assert_eq!(g, whole);
            }
        }
    }

    #[test]
    fn moves_after_a_length_are_the_tail() {
        let mut g = Game::default();
        for m in ["g1f3", "g7f5", "f3g1"] {
            g.play(mv(m)).unwrap();
        }
        let tail: Vec<_> = g.moves_after(1).collect();
        assert_eq!(tail, [(mv("g7f5"), Rules::Full), (mv("f3g1"), Rules::Full)]);
        assert_eq!(g.moves_after(3).len(), 0);
        assert_eq!(g.moves_after(9).len(), 0);
    }
}
