//! `review` for Congo: every move of a game against the engine, as GNU
//! Backgammon's analysis walks a match's record and lichess marks a game.
//!
//! Each position of the game is searched once, within the same budget,
//! on as many cores as engines are given ([`review_on`]), the same review
//! on any number ([`review_walk`](super::review_walk)); a timed review
//! ([`review`]) on one engine with one table for the game.
//! A move's loss is the mover's win chance before it (the best the search
//! found) minus its chance after it (the next position's value, turned);
//! the engine's own choice loses nothing, and neither does a forced move
//! (the only legal one), which is never marked. Marks by the loss:
//! [`INACCURACY`], [`MISTAKE`], [`BLUNDER`]. A side's accuracy is the mean
//! of lichess's per-move formula on the loss in percent,
//! `103.1668·e^(-0.04354·loss) - 3.1669`, held to 0-100.
//!
//! Before any search every position of the game passes the analysis' move
//! budget ([`checked_game`]): a game with a position of too many legal
//! moves is refused as a whole, in the time it takes to count them.

use super::budget::{OverBudget, checked_game};
use super::chance::{Value, chance_of};
use super::review_walk::{self, Plan};
use super::why::{Note, why_bad, why_only};
use crate::congo::search::{Engine, Limits, Score};
use crate::congo::{Color, Game, Move, Position};
use crate::interrupt::Interrupt;

/// The second best move of an only move (`!`) loses at least this much
/// (so no other move is within [`INACCURACY`] of the best).
pub const ONLY_GAP: f64 = 0.15;

/// A loss of at least this much win chance is an inaccuracy (`?!`).
pub const INACCURACY: f64 = 0.05;
/// ... a mistake (`?`).
pub const MISTAKE: f64 = 0.10;
/// ... a blunder (`??`).
pub const BLUNDER: f64 = 0.15;

pub use crate::mark::Mark;

/// Congo's marks by the win chance lost.
pub const THRESHOLDS: crate::mark::Thresholds = crate::mark::Thresholds {
    inaccuracy: INACCURACY,
    mistake: MISTAKE,
    blunder: BLUNDER,
};

/// Congo's thresholds on the shared [`Mark`].
impl Mark {
    /// The mark for a loss of win chance, if it earns one (by Congo's
    /// [`THRESHOLDS`]).
    pub fn for_loss(loss: f64) -> Option<Mark> {
        THRESHOLDS.mark(loss)
    }
}

/// Lichess's accuracy of one move from its loss of win chance (0 to 1).
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss * 100.0).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The position the move was played in.
    pub before: Position,
    pub mv: Move,
    /// The value before the move (the best the search found) and after
    /// it, both from the mover's view.
    pub best_value: Value,
    pub played_value: Value,
    /// The mover's win chance lost (0 when the move was the best found).
    pub loss: f64,
    /// The only legal move: never marked.
    pub forced: bool,
    pub mark: Option<Mark>,
    /// The engine's move there and its line.
    pub best: Option<Move>,
    pub line: Vec<Move>,
    /// The move played, then the search's line after it (its refutation).
    pub played_line: Vec<Move>,
    /// A missed win, a walk into a forced loss, or an only move.
    pub note: Option<Note>,
    /// Why it is marked (a marked move or an only move), from the lines.
    pub why: Option<String>,
}

impl MoveReview {
    /// Who played it.
    pub fn mover(&self) -> Color {
        self.before.side_to_move()
    }
}

/// One side's summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    pub moves: usize,
    /// Mean [`move_accuracy`] of the side's moves, in percent.
    pub accuracy: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The side's move (index into [`Review::moves`]) that lost most.
    pub biggest: Option<usize>,
}

/// A game reviewed (all of it, or the moves done before an interrupt).
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub moves: Vec<MoveReview>,
    /// White's win chance at each position reviewed: the start, then after
    /// each move (one more than the moves once complete).
    pub white: Vec<f64>,
    /// White's and Black's summaries.
    pub sides: [SideSummary; 2],
    /// Whether every move was reviewed.
    pub complete: bool,
    /// Nodes searched to make it (every search, the only-move ones too).
    pub nodes: u64,
}

/// Review `game` from its first position on one engine with one table
/// for the whole game ([`Plan::WHOLE`]: what a timed review takes), each
/// position searched within `limits`; `progress(done, total)` after each
/// position. Stopped by `stop`, the moves reviewed so far are kept
/// (`complete` false).
///
/// # Errors
///
/// [`OverBudget`] when a position of the game has too many legal moves
/// (nothing is searched).
pub fn review(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, OverBudget> {
    review_planned(&mut [engine], game, limits, Plan::WHOLE, stop, progress)
}

/// Review `game` with one worker an engine of `engines` (the same
/// settings each), the positions in chunks ([`Plan::CHUNKED`]): the same
/// review on any number of engines (see
/// [`review_walk`](super::review_walk)). Every position is searched
/// within `limits`; stopped by `stop`, the longest prefix of the game
/// whose positions were searched is kept (`complete` false).
///
/// # Errors
///
/// [`OverBudget`] when a position of the game has too many legal moves
/// (nothing is searched).
pub fn review_on(
    engines: &mut [&mut Engine],
    game: &Game,
    limits: &Limits,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, OverBudget> {
    review_planned(engines, game, limits, Plan::CHUNKED, stop, progress)
}

/// Review `game` by `plan` (the lab compares plans).
///
/// # Errors
///
/// As [`review_on`].
pub fn review_planned(
    engines: &mut [&mut Engine],
    game: &Game,
    limits: &Limits,
    plan: Plan,
    stop: &dyn Interrupt,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, OverBudget> {
    let counts = checked_game(game)?;
    let walked = review_walk::walk(engines, game, &counts, limits, plan, stop, progress);
    let moves: Vec<Move> = game.moves().collect();
    let mut out = Review {
        moves: Vec::with_capacity(moves.len()),
        white: Vec::with_capacity(moves.len() + 1),
        sides: Default::default(),
        complete: false,
        nodes: walked.nodes,
    };
    let mut found = walked.positions.into_iter();
    let mut replay = Game::new(game.start().clone());
    let Some(Some(mut here)) = found.next() else {
        return Ok(out);
    };
    out.white
        .push(here.found.0.white_chance(replay.position().side_to_move()));
    for (i, &mv) in moves.iter().enumerate() {
        let Some(Some(next)) = found.next() else {
            break;
        };
        let before = replay.position().clone();
        if replay.play(mv).is_err() {
            // Not reached: the game's own moves replay.
            break;
        }
        let forced = counts.get(i) == Some(&1);
        let (best_value, best, line) = here.found;
        let played_value = next.found.0.for_mover();
        let loss = if forced || best == Some(mv) {
            0.0
        } else {
            (best_value.chance - played_value.chance).max(0.0)
        };
        let mut played_line = vec![mv];
        played_line.extend(next.found.2.iter().copied());
        let mut note = None;
        let mut mark = None;
        if !forced {
            note = classify(best_value, played_value, best == Some(mv));
            mark = match note {
                Some(Note::MissedWin) => Some(lost_win_mark(played_value)),
                Some(Note::AllowsLoss) => Some(lost_win_mark(best_value.for_mover())),
                _ => Mark::for_loss(loss),
            };
        }
        let mut why =
            mark.map(|_| why_bad(&before, note, &played_line, &line, played_value, best_value));
        if let Some((second_value, Some(_), second_line)) = &here.second
            && mark.is_none()
            && best_value.chance - second_value.chance >= ONLY_GAP
        {
            note = Some(Note::OnlyMove);
            why = Some(why_only(&before, second_line, *second_value, best_value));
        }
        out.moves.push(MoveReview {
            mark,
            before,
            mv,
            best_value,
            played_value,
            loss,
            forced,
            best,
            line,
            played_line,
            note,
            why,
        });
        out.white
            .push(next.found.0.white_chance(replay.position().side_to_move()));
        here = next;
    }
    out.complete = out.moves.len() == moves.len();
    Ok(summed(out))
}

/// A missed win or a walk into a forced loss, whatever the points: a
/// certain win before (a found lion capture or a table's win) and none
/// after; a certain loss after and none before. The engine's own move is
/// neither (two searches may disagree by a horizon).
fn classify(best: Value, played: Value, was_best: bool) -> Option<Note> {
    let won = |v: Value| v.exact && v.chance >= 1.0;
    let lost = |v: Value| v.exact && v.chance <= 0.0;
    if was_best {
        None
    } else if won(best) && !won(played) {
        Some(Note::MissedWin)
    } else if lost(played) && !lost(best) {
        Some(Note::AllowsLoss)
    } else {
        None
    }
}

/// The mark of a lost forced win, graded as lichess grades a lost mate
/// by what remains: `??` unless the side that had (or, for a walk into a
/// loss, now has) the win keeps an estimate of at least +7.00 (`?`) or
/// +9.99 (`?!`) in `kept` (its view): a win the search no longer sees
/// but an overwhelming lead is a horizon's doubt, not a thrown game.
fn lost_win_mark(kept: Value) -> Mark {
    let c = kept.chance;
    if c >= chance_of(Score::Cp(999)) {
        Mark::Inaccuracy
    } else if c >= chance_of(Score::Cp(700)) {
        Mark::Mistake
    } else {
        Mark::Blunder
    }
}

/// Fill in each side's summary from the moves.
fn summed(mut r: Review) -> Review {
    let mut sums = [0.0; 2];
    for (i, m) in r.moves.iter().enumerate() {
        let side = usize::from(m.mover() == Color::Black);
        let Some(s) = r.sides.get_mut(side) else {
            continue;
        };
        s.moves += 1;
        if let Some(sum) = sums.get_mut(side) {
            *sum += move_accuracy(m.loss);
        }
        match m.mark {
            Some(Mark::Inaccuracy) => s.inaccuracies += 1,
            Some(Mark::Mistake) => s.mistakes += 1,
            Some(Mark::Blunder) => s.blunders += 1,
            None => {}
        }
        let worse = s
            .biggest
            .and_then(|b| r.moves.get(b))
            .is_none_or(|b| m.loss > b.loss);
        if m.loss > 0.0 && worse {
            s.biggest = Some(i);
        }
    }
    for (s, sum) in r.sides.iter_mut().zip(sums) {
        if s.moves > 0 {
            s.accuracy = sum / s.moves as f64;
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::for_loss(0.0), None);
        assert_eq!(Mark::for_loss(0.049), None);
        assert_eq!(Mark::for_loss(0.05), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(0.10), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(0.15), Some(Mark::Blunder));
        assert_eq!(Mark::for_loss(1.0), Some(Mark::Blunder));
    }

    #[test]
    fn accuracy_is_lichess_formula() {
        // No loss: 103.1668 - 3.1669 = 99.9999.
        assert!((move_accuracy(0.0) - 99.9999).abs() < 1e-9);
        // A loss of 10 points of win chance: 103.1668·e^(-0.4354) - 3.1669.
        let ten = 103.1668 * (-0.4354f64).exp() - 3.1669;
        assert!((move_accuracy(0.10) - ten).abs() < 1e-9);
        // Losing everything is held at 0 (the formula gives about -2.8).
        assert_eq!(move_accuracy(1.0), 0.0);
        assert!(move_accuracy(0.3) < move_accuracy(0.2));
    }
}
