//! `retry` in the session: learn from the mistakes of the last Congo
//! review (of the game in play or of a file). The session keeps that
//! review and the budget it searched with; `retry` walks the positions
//! before its mistakes and blunders (the person's in versus mode, both
//! sides' otherwise) in game order, shows each as a board, and judges a
//! `retry <move>` answer by the library's [`judge`] within the same
//! budget. Nothing here touches the games, the undo history or the
//! transcript: a retry is a look at positions past.

use super::common::Common;
use super::congo_part::CongoPart;
use super::engine::no_table;
use super::{ExecError, Session};
use crate::congo::analysis::{Puzzle, RetryError, Review, judge, puzzles};
use crate::congo::moves::Move;
use crate::congo::search::Limits;
use crate::congo::{Bitboard, Color};
use crate::shell::board::LastMove;
use crate::shell::command::RetryArgs;
use crate::shell::error::ErrorKind;
use crate::shell::render_congo_retry::{RetryReply, Tally};
use crate::shell::reply::{Reply, Sink};
use std::sync::Arc;

/// `retry` with no Congo review kept.
const NO_REVIEW: &str = "no review to retry: `review` a Congo game first, then `retry`";

/// `retry <move>` or `retry stop` with no retry under way.
const NOT_STARTED: &str = "no retry under way: `retry` shows the first position (after `review`)";

/// The last Congo review and the retry through it, if one is under way.
#[derive(Clone, Debug, Default)]
pub(super) struct RetryPart {
    /// The review and the limits it searched each position with.
    reviewed: Option<Arc<(Review, Limits)>>,
    /// The retry under way.
    queue: Option<Queue>,
}

/// A retry under way: its positions, the one shown, and the tally.
#[derive(Clone, Debug)]
struct Queue {
    puzzles: Arc<[Puzzle]>,
    at: usize,
    tally: Tally,
}

impl RetryPart {
    /// Keep `review` (searched within `limits`) for `retry`; a retry of
    /// an earlier review ends.
    pub(super) fn reviewed(&mut self, review: Review, limits: Limits) {
        self.reviewed = Some(Arc::new((review, limits)));
        self.queue = None;
    }

    /// The last Congo review and its limits, if any.
    pub(super) fn last_review(&self) -> Option<Arc<(Review, Limits)>> {
        self.reviewed.clone()
    }
}

/// The board of a puzzle: its position, the move before it marked,
/// turned for Black as `board` is (`set flip`).
fn board(p: &Puzzle, flipped: bool) -> Reply {
    let last = p.previous.map(|m: Move| LastMove {
        text: m.to_string(),
        squares: m.squares().fold(Bitboard::EMPTY, Bitboard::with),
    });
    Reply::Board(Box::new((p.before.clone(), last, false, flipped)))
}

impl Session {
    /// The position of the retry's puzzle shown now (what `retry <move>`
    /// answers in), while a retry is under way: Tab after `retry ` offers
    /// its legal moves.
    pub fn retry_position(&self) -> Option<&crate::congo::Position> {
        self.congo.retry_position()
    }
}

impl CongoPart {
    /// Judge `mv` as the answer to `puzzle` within `limits`: `retry`'s
    /// and `drill`'s one judge (the engine with its tables, Ctrl-C
    /// stopping it).
    ///
    /// # Errors
    ///
    /// An engine table the memory cannot hold, a position over the move
    /// budget, or an interrupt.
    pub(super) fn judge_answer(
        &mut self,
        c: &mut Common,
        puzzle: &Puzzle,
        mv: Move,
        limits: &Limits,
    ) -> Result<crate::congo::analysis::Answer, ErrorKind> {
        let tools = self.tools(c);
        tools.live.reset_counters();
        let tables = tools.tables();
        let stop = &tools.live.interrupt;
        tools
            .engine
            .with(tools.engine_config(limits), |engine| {
                engine.set_tablebase(tables);
                judge(engine, puzzle, mv, limits, stop)
            })
            .map_err(no_table)?
            .map_err(|e| match e {
                RetryError::Illegal(why) => ErrorKind::Illegal(why),
                RetryError::Interrupted => ErrorKind::Interrupted,
            })
    }

    /// The position of the retry's puzzle shown now (what `retry <move>`
    /// answers in), while a retry is under way: Tab after `retry ` offers
    /// its legal moves.
    pub(super) fn retry_position(&self) -> Option<&crate::congo::Position> {
        let q = self.retry.queue.as_ref()?;
        q.puzzles.get(q.at).map(|p| &p.before)
    }

    /// The sides whose mistakes are retried: the person's (the sides the
    /// computer does not play), or both when no side or every side is
    /// the computer's.
    pub(super) fn retry_sides(&self, c: &Common) -> Vec<Color> {
        let sides: Vec<Color> = [Color::White, Color::Black]
            .into_iter()
            .filter(|&side| !self.computer_plays(c, side))
            .collect();
        if sides.is_empty() {
            vec![Color::White, Color::Black]
        } else {
            sides
        }
    }

    /// `retry`, `retry <move>`, `retry stop`.
    pub(super) fn retry(
        &mut self,
        c: &mut Common,
        args: RetryArgs,
        sink: &mut dyn Sink,
        fail: &dyn Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        let problem = |why: &str| fail(ErrorKind::Problem(why.to_string()));
        match args {
            RetryArgs::Stop => {
                let Some(q) = self.retry.queue.take() else {
                    return Err(problem(NOT_STARTED));
                };
                Ok(Reply::Retry(Box::new(RetryReply::Stopped {
                    tally: q.tally,
                    left: q.puzzles.len().saturating_sub(q.at),
                })))
            }
            RetryArgs::Next => {
                if let Some(q) = &mut self.retry.queue {
                    // Skip the position shown: its better move, then the next.
                    let skipped = q.puzzles.get(q.at).cloned();
                    q.tally.skipped += 1;
                    q.at += 1;
                    if let Some(p) = skipped {
                        sink.reply(Reply::Retry(Box::new(RetryReply::Skipped(Box::new(p)))))?;
                    }
                    return self.retry_next(c, sink);
                }
                let Some(reviewed) = self.retry.reviewed.clone() else {
                    return Err(problem(NO_REVIEW));
                };
                let sides = self.retry_sides(c);
                let list = puzzles(&reviewed.0, &sides);
                if list.is_empty() {
                    return Ok(Reply::Retry(Box::new(RetryReply::Nothing {
                        sides,
                        moves: reviewed.0.moves.len(),
                    })));
                }
                self.retry.queue = Some(Queue {
                    tally: Tally {
                        total: list.len(),
                        ..Tally::default()
                    },
                    puzzles: list.into(),
                    at: 0,
                });
                self.retry_next(c, sink)
            }
            RetryArgs::Answer(mv) => {
                let Some(q) = &self.retry.queue else {
                    let why = if self.retry.reviewed.is_some() {
                        NOT_STARTED
                    } else {
                        NO_REVIEW
                    };
                    return Err(problem(why));
                };
                let Some(puzzle) = q.puzzles.get(q.at).cloned() else {
                    // Not reached: a queue ends when its last position is done.
                    self.retry.queue = None;
                    return Err(problem(NOT_STARTED));
                };
                let Some(reviewed) = self.retry.reviewed.clone() else {
                    return Err(problem(NO_REVIEW));
                };
                let limits = reviewed.1;
                let answer = self.judge_answer(c, &puzzle, mv, &limits).map_err(fail)?;
                if let Some(q) = &mut self.retry.queue {
                    if answer.verdict.found() {
                        q.tally.found += 1;
                    } else {
                        q.tally.shown += 1;
                    }
                    q.at += 1;
                }
                sink.reply(Reply::Retry(Box::new(RetryReply::Judged(Box::new((
                    answer, puzzle,
                ))))))?;
                self.retry_next(c, sink)
            }
        }
    }

    /// Show the retry's next position (its board first), or end it.
    fn retry_next(&mut self, c: &mut Common, sink: &mut dyn Sink) -> Result<Reply, ExecError> {
        let Some(q) = &self.retry.queue else {
            return Ok(Reply::Nothing);
        };
        let Some(p) = q.puzzles.get(q.at) else {
            let tally = q.tally;
            self.retry.queue = None;
            return Ok(Reply::Retry(Box::new(RetryReply::Done(tally))));
        };
        sink.reply(board(p, self.flipped(c)))?;
        Ok(Reply::Retry(Box::new(RetryReply::Puzzle {
            number: q.at + 1,
            of: q.puzzles.len(),
            puzzle: Box::new(p.clone()),
        })))
    }
}
