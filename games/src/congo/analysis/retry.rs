//! `retry` for Congo: learn from the mistakes a review found, as lichess's
//! "learn from your mistakes" does. The positions before the marked moves
//! become puzzles ([`puzzles`]): the person looks for a better move, and
//! [`judge`] values the answer as the review valued the move played, by a
//! search of the position after it within the review's budget a position.
//!
//! Only mistakes and blunders (`?` and `??`) are retried: an inaccuracy's
//! better move is often a matter of taste. An answer is found when it
//! loses less than [`INACCURACY`] against the best move the review found
//! (so it would not have been marked at all); otherwise the better move is
//! shown. Nothing here changes a game: a puzzle holds its own position and
//! the keys of the positions before it (the search's history, so a return
//! to an earlier position scores as the review scored it).

use super::budget::checked_count;
use super::chance::Value;
use super::hint::value_of;
use super::review::{INACCURACY, Mark, Review};
use crate::congo::moves::{Illegal, why_illegal};
use crate::congo::search::{Engine, Limits};
use crate::congo::{Color, Move, Position};
use crate::interrupt::{Interrupt, Interrupted};

/// One position to retry: the position before a mistake or blunder of the
/// review, with what the review found there.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The move's index in [`Review::moves`] (its number in the game is
    /// one more).
    pub index: usize,
    /// The position the move was played in.
    pub before: Position,
    /// The Zobrist keys of the game's positions before `before`, oldest
    /// first (the history the search takes).
    pub history: Vec<u64>,
    /// The move that led to `before` (the other side's), if any: the
    /// board marks it.
    pub previous: Option<Move>,
    /// The move played, its mark, the win chance it lost and its value
    /// (the mover's view).
    pub played: Move,
    pub mark: Mark,
    pub loss: f64,
    pub played_value: Value,
    /// The review's best move there, its value and its line.
    pub best: Option<Move>,
    pub best_value: Value,
    pub line: Vec<Move>,
}

impl Puzzle {
    /// The side to find a better move for.
    pub fn mover(&self) -> Color {
        self.before.side_to_move()
    }
}

/// The positions to retry: the review's mistakes and blunders played by
/// one of `sides`, in the order of the game.
pub fn puzzles(review: &Review, sides: &[Color]) -> Vec<Puzzle> {
    let mut out = Vec::new();
    let mut history = Vec::with_capacity(review.moves.len());
    let mut previous = None;
    for (index, m) in review.moves.iter().enumerate() {
        if let Some(mark @ (Mark::Mistake | Mark::Blunder)) = m.mark
            && sides.contains(&m.mover())
        {
            out.push(Puzzle {
                index,
                before: m.before.clone(),
                history: history.clone(),
                previous,
                played: m.mv,
                mark,
                loss: m.loss,
                played_value: m.played_value,
                best: m.best,
                best_value: m.best_value,
                line: m.line.clone(),
            });
        }
        // The review replays the game from its first position: the
        // positions before this one are the earlier moves' `before`.
        history.push(m.before.zobrist());
        previous = Some(m.mv);
    }
    out
}

/// How an answer compares with the review's best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The review's best move itself.
    Best,
    /// Another move within [`INACCURACY`] of the best.
    Found,
    /// The move the game played.
    Played,
    /// A move that loses [`INACCURACY`] or more against the best.
    Missed,
}

impl Verdict {
    /// Whether the answer counts as found.
    pub fn found(self) -> bool {
        matches!(self, Verdict::Best | Verdict::Found)
    }
}

/// An answer to a puzzle, valued.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub mv: Move,
    /// Its value from the mover's view.
    pub value: Value,
    /// The line the search expects: the answer, then the best replies.
    pub line: Vec<Move>,
    /// The win chance it loses against the review's best move (0 when it
    /// does as well or better).
    pub loss: f64,
    pub verdict: Verdict,
}

/// Why an answer could not be judged.
#[derive(Clone, Debug, PartialEq)]
pub enum RetryError {
    /// The move is not legal in the puzzle's position.
    Illegal(Illegal),
    /// `stop` was set before the search ended.
    Interrupted,
}

impl From<Interrupted> for RetryError {
    fn from(_: Interrupted) -> RetryError {
        RetryError::Interrupted
    }
}

/// Judge `mv` as the answer to `puzzle`: the review's best move and the
/// move played are valued as the review valued them; any other legal move
/// by a search of the position after it within `limits` (the review's
/// budget a position), the engine's table emptied first so a node budget
/// gives the same verdict every run.
///
/// # Errors
///
/// [`RetryError::Illegal`] when `mv` is not legal there or the position
/// has too many legal moves (nothing is searched), [`RetryError::Interrupted`] when `stop` is set.
pub fn judge(
    engine: &mut Engine,
    puzzle: &Puzzle,
    mv: Move,
    limits: &Limits,
    stop: &dyn Interrupt,
) -> Result<Answer, RetryError> {
    // The analysis' move budget first, as every analysis takes it.
    checked_count(&puzzle.before).map_err(RetryError::Illegal)?;
    if let Some(why) = why_illegal(&puzzle.before, mv) {
        return Err(RetryError::Illegal(why));
    }
    if puzzle.best == Some(mv) {
        return Ok(Answer {
            mv,
            value: puzzle.best_value,
            line: puzzle.line.clone(),
            loss: 0.0,
            verdict: Verdict::Best,
        });
    }
    if mv == puzzle.played {
        return Ok(Answer {
            mv,
            value: puzzle.played_value,
            line: vec![mv],
            loss: puzzle.loss,
            verdict: Verdict::Played,
        });
    }
    engine.new_game();
    let c = value_of(engine, &puzzle.before, &puzzle.history, mv, limits, stop)?;
    let loss = (puzzle.best_value.chance - c.value.chance).max(0.0);
    Ok(Answer {
        mv,
        value: c.value,
        line: c.line,
        loss,
        verdict: if loss < INACCURACY {
            Verdict::Found
        } else {
            Verdict::Missed
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::analysis::MoveReview;
    use crate::congo::moves::{legal_moves, parse_move};
    use crate::congo::search::{EngineConfig, Score};
    use crate::interrupt::Never;

    fn mv(text: &str) -> Move {
        parse_move(text).unwrap()
    }

    fn value(chance: f64) -> Value {
        Value {
            score: Score::Cp(0),
            chance,
            exact: false,
        }
    }

    /// A review of `marks.len()` moves from the start position (each the
    /// first legal move, so White and Black alternate), marked as given.
    fn review_marked(marks: &[Option<Mark>]) -> Review {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for (i, &mark) in marks.iter().enumerate() {
            let m = legal_moves(&pos)[0];
            moves.push(MoveReview {
                before: pos.clone(),
                mv: m,
                best_value: value(0.6),
                played_value: value(0.3),
                loss: 0.3,
                forced: false,
                mark,
                best: Some(legal_moves(&pos)[1]),
                line: vec![legal_moves(&pos)[1]],
                played_line: vec![m],
                note: None,
                why: None,
            });
            pos = pos.after(m).unwrap();
            assert_eq!(moves[i].mover() == Color::White, i % 2 == 0);
        }
        Review {
            moves,
            white: Vec::new(),
            sides: Default::default(),
            complete: true,
            nodes: 0,
        }
    }

    fn indices(p: &[Puzzle]) -> Vec<usize> {
        p.iter().map(|p| p.index).collect()
    }

    #[test]
    fn only_mistakes_and_blunders_of_the_sides_asked_become_puzzles() {
        use Mark::{Blunder, Inaccuracy, Mistake};
        // Movers: 0 White, 1 Black, 2 White, 3 Black, 4 White, 5 Black.
        let r = review_marked(&[
            None,
            Some(Mistake),
            Some(Inaccuracy),
            Some(Blunder),
            Some(Blunder),
            Some(Inaccuracy),
        ]);
        // Both sides: the ? and ?? moves in game order; ?! never.
        let both = puzzles(&r, &[Color::White, Color::Black]);
        assert_eq!(indices(&both), [1, 3, 4]);
        assert_eq!(
            both.iter().map(|p| p.mark).collect::<Vec<_>>(),
            [Mistake, Blunder, Blunder]
        );
        // One side: its own moves only.
        assert_eq!(indices(&puzzles(&r, &[Color::White])), [4]);
        assert_eq!(indices(&puzzles(&r, &[Color::Black])), [1, 3]);
        assert!(puzzles(&r, &[]).is_empty());
        // A clean review has none.
        assert!(
            puzzles(
                &review_marked(&[None, None, Some(Inaccuracy)]),
                &[Color::White, Color::Black]
            )
            .is_empty()
        );
    }

    #[test]
    fn a_puzzle_holds_its_position_history_and_the_move_before() {
        let r = review_marked(&[None, None, None, Some(Mark::Blunder)]);
        let p = &puzzles(&r, &[Color::Black])[0];
        let m = &r.moves[3];
        assert_eq!(p.index, 3);
        assert_eq!(p.before, m.before);
        assert_eq!(p.mover(), Color::Black);
        assert_eq!(p.played, m.mv);
        assert_eq!(p.best, m.best);
        assert_eq!(p.line, m.line);
        // The three positions before it, oldest first (the first is the
        // start position), and the move that led to it: move 3's.
        let keys: Vec<u64> = r.moves[..3].iter().map(|m| m.before.zobrist()).collect();
        assert_eq!(p.history, keys);
        assert_eq!(p.history[0], Position::start().zobrist());
        assert_eq!(p.previous, Some(r.moves[2].mv));
        // The first move has no move before it and no history.
        let r = review_marked(&[Some(Mark::Mistake)]);
        let p = &puzzles(&r, &[Color::White])[0];
        assert_eq!((p.previous, p.history.len()), (None, 0));
    }

    /// A puzzle on `fen` (no history): the review's best move `best`
    /// winning at once (a certain 100%), the move played `played` having
    /// lost everything.
    fn won_puzzle(fen: &str, best: &str, played: &str) -> Puzzle {
        let win = Value {
            score: Score::WinIn(1),
            chance: 1.0,
            exact: true,
        };
        let lost = Value {
            score: Score::LossIn(1),
            chance: 0.0,
            exact: true,
        };
        Puzzle {
            index: 0,
            before: fen.parse().unwrap(),
            history: Vec::new(),
            previous: None,
            played: mv(played),
            mark: Mark::Blunder,
            loss: 1.0,
            played_value: lost,
            best: Some(mv(best)),
            best_value: win,
            line: vec![mv(best)],
        }
    }

    fn engine() -> Engine {
        Engine::new(EngineConfig {
            hash_mb: 1,
            threads: 1,
            ..EngineConfig::strongest()
        })
    }

    /// Facing lions on the open d file, two black pawns on c3 and e3:
    /// White's d1d7 takes the black lion (a win in one). A black pawn
    /// moves and captures one square forward (down the board), straight or
    /// diagonally: the c3 pawn reaches b2, c2 and d2, the e3 pawn d2, e2
    /// and f2. So the lion's steps to c2 and e2 are taken at once (d2 too,
    /// and it keeps the file open to the black lion's own capture).
    const PAWNS: &str = "3l3/7/7/7/2p1p2/7/3L3 w 0";

    #[test]
    fn the_lion_capture_is_found_and_a_losing_move_is_shown_the_better() {
        let p = won_puzzle(PAWNS, "d1d7", "d1d2");
        let limits = Limits::nodes(20_000);
        let mut e = engine();
        // The review's best move: found, valued as the review valued it.
        let a = judge(&mut e, &p, mv("d1d7"), &limits, &Never).unwrap();
        assert_eq!(a.verdict, Verdict::Best);
        assert_eq!((a.value.chance, a.loss), (1.0, 0.0));
        assert!(a.verdict.found());
        // d1c2: c3xc2 takes the lion, Black wins in one: the search sees
        // it (a certain 0% for White), 100 points below the best.
        let a = judge(&mut e, &p, mv("d1c2"), &limits, &Never).unwrap();
        assert_eq!(a.verdict, Verdict::Missed);
        assert_eq!(a.value.score, Score::LossIn(1));
        assert_eq!(a.value.chance, 0.0);
        assert!(a.value.exact);
        assert_eq!(a.loss, 1.0);
        assert!(!a.verdict.found());
        assert_eq!(a.line.first(), Some(&mv("d1c2")));
        // The move played: said so, with the review's loss.
        let a = judge(&mut e, &p, mv("d1d2"), &limits, &Never).unwrap();
        assert_eq!(a.verdict, Verdict::Played);
        assert_eq!(a.loss, 1.0);
    }

    #[test]
    fn another_winning_move_is_found_too() {
        // A white pawn on c6 also takes the black lion on d7 (a white pawn
        // moves up, diagonally included): both win at once, so either is
        // found, the one the review did not pick with no loss.
        let p = won_puzzle("3l3/2P4/7/7/7/7/3L3 w 0", "d1d7", "d1c1");
        let a = judge(&mut engine(), &p, mv("c6d7"), &Limits::nodes(5_000), &Never).unwrap();
        assert_eq!(a.verdict, Verdict::Found);
        assert_eq!(a.value.score, Score::WinIn(1));
        assert_eq!((a.value.chance, a.loss), (1.0, 0.0));
        assert_eq!(a.line, [mv("c6d7")]);
    }

    #[test]
    fn an_illegal_answer_is_refused_unsearched() {
        let p = won_puzzle(PAWNS, "d1d7", "d1d2");
        let limits = Limits::nodes(1_000);
        // The lion keeps to its castle: d1d5 is no move of it.
        let e = judge(&mut engine(), &p, mv("d1d5"), &limits, &Never).unwrap_err();
        assert!(matches!(e, RetryError::Illegal(_)), "{e:?}");
        // A black pawn is not White's to move; a1 is empty.
        let e = judge(&mut engine(), &p, mv("c3c2"), &limits, &Never).unwrap_err();
        assert!(
            matches!(e, RetryError::Illegal(Illegal::NotToMove { .. })),
            "{e:?}"
        );
        let e = judge(&mut engine(), &p, mv("a1a2"), &limits, &Never).unwrap_err();
        assert!(
            matches!(e, RetryError::Illegal(Illegal::NoPiece(_))),
            "{e:?}"
        );
    }

    #[test]
    fn a_stopped_search_is_interrupted() {
        let p = won_puzzle(PAWNS, "d1d7", "d1d2");
        let stop = std::sync::atomic::AtomicBool::new(true);
        let e = judge(&mut engine(), &p, mv("d1c1"), &Limits::nodes(1_000), &stop).unwrap_err();
        assert_eq!(e, RetryError::Interrupted);
    }
}
