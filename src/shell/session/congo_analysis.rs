//! `hint` and `review` in the session: which game they are about (the one
//! named, else the versus game, else the game the last game command
//! touched), and for Congo the library's analysis (`congo::analysis`)
//! within the budget given or the `hint-time` setting's. Yut's are the
//! session's own (`yut_tables.rs`), called as they always were.

use super::common::Common;
use super::congo_part::CongoPart;
use super::engine::{Tools, no_table};
use super::{ExecError, Session};
use crate::congo::Game;
use crate::congo::analysis::{AnalysisError, Plan, hint, review_planned, review_walk};
use crate::congo::analysis::{Review, key_moments};
use crate::congo::search::{Engine, Limits};
use crate::congo::{Bitboard, Color};
use crate::shell::board::LastMove;
use crate::shell::command::{Command, GameChoice, HintArgs, ReviewArgs, SearchLimit};
use crate::shell::commands::groups::Group;
use crate::shell::error::ErrorKind;
use crate::shell::reply::{CongoHint, CongoKey, CongoReview, Reply, Sink};
use crate::shell::settings::{CongoComputer, YutComputer};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// `review` of a Yut game with no throw yet (a fresh session's `review`).
const NOTHING_YET: &str =
    "nothing to review yet: play first (Yut: `throw`, `move`; Congo: `play`, `go`), then `review`";

/// How many moves a bare Congo `hint` lists.
pub const HINT_MOVES: usize = 3;

/// The budget as the first line names it: `20000 nodes`, `1 s`, `depth 4`.
fn budget_text(limit: SearchLimit, hint_ms: u64) -> String {
    match limit {
        SearchLimit::Default => seconds(hint_ms),
        SearchLimit::Millis(ms) => seconds(ms),
        SearchLimit::Nodes(1) => "1 node".to_string(),
        SearchLimit::Nodes(n) => format!("{n} nodes"),
        SearchLimit::Depth(d) => format!("depth {d}"),
    }
}

/// Milliseconds as seconds: `1 s`, `0.25 s`.
fn seconds(ms: u64) -> String {
    let s = format!("{}.{:03}", ms / 1000, ms % 1000);
    format!("{} s", s.trim_end_matches('0').trim_end_matches('.'))
}

/// The nodes a position of `review` searches when no budget is given: a
/// node budget, so one game gives one review on any machine and under any
/// `threads` (a node-limited search runs on one thread, and the review's
/// positions are shared out to the workers in fixed chunks). Chosen by
/// measurement (lab/NOTES.md, 2026-12-07): a tenth of it marks a
/// different mark on 45% of the moves either marks (20 games), while this
/// budget reviews a 120-ply game in 14 to 18 s on the shared 2-core
/// machine (0.14 s a position). (`hint` keeps the `hint-time` setting.)
pub const REVIEW_NODES: u64 = 200_000;

/// The engine's limits of `review` for `limit`: [`REVIEW_NODES`] when none
/// is given.
fn review_limits(limit: SearchLimit) -> Limits {
    match limit {
        SearchLimit::Default => Limits::nodes(REVIEW_NODES),
        other => other.limits(),
    }
}

/// `review`'s budget as its first line names it.
fn review_budget_text(limit: SearchLimit) -> String {
    match limit {
        SearchLimit::Default => format!("{REVIEW_NODES} nodes"),
        other => budget_text(other, 0),
    }
}

/// Whether `review` (complete) is of `game`: the same start and moves.
fn same_game(review: &Review, game: &Game) -> bool {
    review.complete
        && review.moves.len() == game.moves().len()
        && review
            .moves
            .iter()
            .zip(game.moves())
            .all(|(m, mv)| m.mv == mv)
        && review
            .moves
            .first()
            .is_some_and(|m| &m.before == game.start())
}

/// The engine's limits for `limit`, the setting's time when none is given.
fn limits_of(limit: SearchLimit, hint_ms: u64) -> Limits {
    match limit {
        SearchLimit::Default => Limits::time(Duration::from_millis(hint_ms)),
        other => other.limits(),
    }
}

impl Session {
    /// Note the game a game command touched (`hint` and `review` touch
    /// none: asking twice asks about the same game).
    pub(super) fn touched(&mut self, cmd: &Command) {
        use crate::shell::command::{NewGame, ResetTarget};
        self.last_game = match cmd {
            Command::Hint(_) | Command::Review(_) | Command::ReviewKey => return,
            Command::New(NewGame::Congo(_)) | Command::Reset(ResetTarget::Congo) => {
                Some(GameChoice::Congo)
            }
            Command::New(NewGame::Yut(_)) | Command::Reset(ResetTarget::Yut) => {
                Some(GameChoice::Yut)
            }
            _ => match cmd.keyword().group() {
                Group::Congo => Some(GameChoice::Congo),
                Group::Yut => Some(GameChoice::Yut),
                Group::Session => return,
            },
        };
    }

    /// The game `hint` or `review` is about: the one named (or implied by
    /// an argument only Congo's takes), else the game
    /// the computer plays in versus mode, else the one the last game
    /// command touched, else Yut (what a bare `hint` always meant).
    fn game_for(&self, named: Option<GameChoice>) -> GameChoice {
        if let Some(g) = named {
            return g;
        }
        // One game against the computer (the other for two people):
        // that game; both or neither: the last one touched.
        let congo = matches!(
            self.common.settings.computer.congo,
            CongoComputer::White | CongoComputer::Black
        );
        let yut = matches!(
            self.common.settings.computer.yut,
            YutComputer::Upper | YutComputer::Lower
        );
        match (congo, yut) {
            (true, false) => GameChoice::Congo,
            (false, true) => GameChoice::Yut,
            _ => self.last_game.unwrap_or(GameChoice::Yut),
        }
    }

    /// `hint`: Congo's best moves, or Yut's hint as it always was.
    pub(super) fn hint_for(&mut self, args: &HintArgs) -> Result<Reply, ErrorKind> {
        // A count or a budget is Congo's: it names the game.
        let congo_only = args.count.is_some() || args.limit != SearchLimit::Default;
        let named = args.game.or(congo_only.then_some(GameChoice::Congo));
        if self.game_for(named) == GameChoice::Yut {
            if congo_only {
                return Err(yut_takes_nothing("hint"));
            }
            return self.yut.hint(&self.common);
        }
        self.congo.hint(&self.common, args)
    }

    /// `review`: the Congo game in play from its first position, or
    /// (a file named) a game the runner reads; or Yut's review as it
    /// always was.
    pub(super) fn review_for(
        &mut self,
        args: &ReviewArgs,
        sink: &mut dyn Sink,
        fail: &dyn Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        // A budget or a game file is Congo's: it names the game; so does
        // a chart when no game is named (as before Yut's review drew one).
        let congo_only = args.limit != SearchLimit::Default || args.file.is_some();
        let implies_congo = congo_only || (args.svg.is_some() && args.game.is_none());
        let named = args.game.or(implies_congo.then_some(GameChoice::Congo));
        if self.game_for(named) == GameChoice::Yut {
            if congo_only {
                return Err(fail(yut_takes_nothing("review")));
            }
            // A bare `review` (a fresh session's) or a chart of nothing:
            // not a review of no decision (`review yut` still gives one).
            let bare_or_svg = args.game.is_none() || args.svg.is_some();
            if bare_or_svg && self.yut.game.0.events().is_empty() {
                return Err(fail(ErrorKind::Problem(NOTHING_YET.to_string())));
            }
            let reply = self.yut.review(&self.common).map_err(fail)?;
            let (Some(svg), Reply::Review(report)) = (&args.svg, &reply) else {
                return Ok(reply);
            };
            let text = crate::shell::render_yut_solve::review_svg(report);
            let path = svg.path.clone();
            sink.reply(reply).map_err(ExecError::Io)?;
            return Ok(Reply::WriteFile(Box::new((path, text, svg.force))));
        }
        // A game file to read, or a chart's path to check before any
        // work: the runner's (it has the files).
        if args.file.is_some() || args.svg.is_some() {
            return Ok(Reply::ReviewFile(Box::new(args.clone())));
        }
        let game = (*self.congo.game).clone();
        (self.congo)
            .review_game(&self.common, &game, args, sink)
            .map_err(|e| match e {
                ReviewError::Command(kind) => fail(kind),
                ReviewError::Io(e) => ExecError::Io(e),
            })
    }

    /// Review `game` (the game in play, or one read from a file) within
    /// `args`' budget: stopped by Ctrl-C, the moves done; its chart
    /// written when `args` asks (the runner writes the file). The review
    /// is kept for `retry`.
    ///
    /// # Errors
    ///
    /// A game without moves, a game with a position over the move budget
    /// (refused as `go` refuses it, before any search), an engine table
    /// the memory cannot hold, or `sink`'s I/O error.
    pub fn review_game(
        &mut self,
        game: &Game,
        args: &ReviewArgs,
        sink: &mut dyn Sink,
    ) -> Result<Reply, ReviewError> {
        self.congo.review_game(&self.common, game, args, sink)
    }

    /// `review key`: the last review's key moments, biggest first, each
    /// as its board from the mover's side (the move before it marked),
    /// then the move, the better one and the why-line. No search.
    ///
    /// # Errors
    ///
    /// No review kept, or `sink`'s I/O error.
    pub fn review_key(&mut self, sink: &mut dyn Sink) -> Result<Reply, ReviewError> {
        self.congo.review_key(sink)
    }
}

impl CongoPart {
    /// Congo's `hint`: the best moves within the budget given or the
    /// `hint-time` setting's.
    fn hint(&self, c: &Common, args: &HintArgs) -> Result<Reply, ErrorKind> {
        self.refuse_finished()?;
        let hint_ms = c.settings.hint_ms;
        let limits = limits_of(args.limit, hint_ms);
        let n = args
            .count
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(HINT_MOVES);
        let tools = self.tools(c);
        tools.live.reset_counters();
        let game = &self.game;
        let tables = tools.tables();
        let stop = &tools.live.interrupt;
        let found = tools
            .engine
            .with(tools.engine_config(&limits), |engine| {
                engine.set_tablebase(tables);
                hint(engine, game.position(), game.keys(), n, &limits, stop)
            })
            .map_err(no_table)?
            .map_err(|e| match e {
                AnalysisError::Illegal(why) => ErrorKind::Illegal(why),
                AnalysisError::Interrupted => ErrorKind::Interrupted,
            })?;
        Ok(Reply::CongoHint(Box::new(CongoHint {
            to_move: game.position().side_to_move(),
            budget: budget_text(args.limit, hint_ms),
            searched: (found.searched < found.legal).then_some((found.searched, found.legal)),
            moves: found.moves,
        })))
    }

    /// Review `game` (the game in play, or one read from a file) within
    /// `args`' budget: stopped by Ctrl-C, the moves done; its chart
    /// written when `args` asks (the runner writes the file). The review
    /// is kept for `retry`.
    ///
    /// # Errors
    ///
    /// A game without moves, a game with a position over the move budget
    /// (refused as `go` refuses it, before any search), an engine table
    /// the memory cannot hold, or `sink`'s I/O error.
    pub(super) fn review_game(
        &mut self,
        c: &Common,
        game: &Game,
        args: &ReviewArgs,
        sink: &mut dyn Sink,
    ) -> Result<Reply, ReviewError> {
        if game.moves().len() == 0 {
            return Err(ReviewError::Command(ErrorKind::Problem(
                "no Congo moves to review: `play` or `go` some, or `new congo`".to_string(),
            )));
        }
        let limits = review_limits(args.limit);
        // `review svg FILE` right after the review of the same game and
        // budget draws that review again: nothing is searched.
        let kept = (self.retry.last_review())
            .filter(|k| args.svg.is_some() && k.1 == limits && same_game(&k.0, game));
        let tools: Tools<'_> = self.tools(c);
        tools.live.reset_counters();
        let report = match kept {
            Some(k) => k.0.clone(),
            None => self.search_review(c, game, &limits)?,
        };
        let reply = CongoReview {
            review: report,
            start: game.start().clone(),
            total: game.moves().len(),
            budget: review_budget_text(args.limit),
        };
        let Some(svg) = &args.svg else {
            return Ok(Reply::CongoReview(Box::new(reply)));
        };
        let text = reply.svg();
        sink.reply(Reply::CongoReview(Box::new(reply)))
            .map_err(ReviewError::Io)?;
        Ok(Reply::WriteFile(Box::new((
            svg.path.clone(),
            text,
            svg.force,
        ))))
    }

    /// Search the review of `game` within `limits` on the `threads`
    /// setting's workers (one engine each, the session's evaluation
    /// shared; the review is the same on any number), kept for `retry`,
    /// `review key` and `review svg`; its nodes counted in the live
    /// counters.
    fn search_review(
        &mut self,
        c: &Common,
        game: &Game,
        limits: &Limits,
    ) -> Result<Review, ReviewError> {
        let limits = *limits;
        let tools: Tools<'_> = self.tools(c);
        let live = tools.live;
        let tables = tools.tables();
        let config = tools.engine_config(&limits);
        // A timed search takes the cores itself (the `threads` setting's
        // search threads): one worker, one table for the game, as ever;
        // a fixed budget searches on one thread: one worker a core, the
        // positions in chunks.
        let timed = limits.time.is_some();
        let workers = if timed {
            1
        } else {
            (tools.settings.threads()).min(review_walk::chunks(game.moves().len()))
        };
        let plan = if timed { Plan::WHOLE } else { Plan::CHUNKED };
        let eval = tools.engine.evaluator().clone();
        let report = tools
            .engine
            .with(config, |engine| {
                engine.set_tablebase(tables.clone());
                // A worker's table that cannot be had leaves fewer
                // workers: the same review, slower.
                let mut more: Vec<Engine> = (1..workers)
                    .map_while(|_| Engine::try_new(config).ok())
                    .collect();
                for e in &mut more {
                    e.set_evaluator(eval.clone());
                    e.set_tablebase(tables.clone());
                }
                let mut engines: Vec<&mut Engine> =
                    std::iter::once(engine).chain(more.iter_mut()).collect();
                review_planned(
                    &mut engines,
                    game,
                    &limits,
                    plan,
                    &live.interrupt,
                    &mut |done, total| {
                        let [d, t] = &live.games;
                        d.store(u64::try_from(done).unwrap_or(0), Ordering::Relaxed);
                        t.store(u64::try_from(total).unwrap_or(0), Ordering::Relaxed);
                    },
                )
            })
            .map_err(|e| ReviewError::Command(no_table(e)))?
            .map_err(|over| ReviewError::Command(ErrorKind::Illegal(over.illegal())))?;
        live.work.store(report.nodes, Ordering::Relaxed);
        // Kept for `retry` (a stopped review's moves too), and the
        // person's mistakes noted for the drill deck.
        self.retry.reviewed(report.clone(), limits);
        self.found_drills(c, &report, &limits);
        Ok(report)
    }
}

/// `review key` with no Congo review kept.
pub const NOTHING_REVIEWED: &str = "nothing reviewed yet: `review`";

impl CongoPart {
    /// `review key`: the last review's key moments, biggest first, each
    /// as its board from the mover's side (the move before it marked),
    /// then the move, the better one and the why-line. No search.
    ///
    /// # Errors
    ///
    /// No review kept, or `sink`'s I/O error.
    pub(super) fn review_key(&mut self, sink: &mut dyn Sink) -> Result<Reply, ReviewError> {
        let Some(kept) = self.retry.last_review() else {
            return Err(ReviewError::Command(ErrorKind::Problem(
                NOTHING_REVIEWED.to_string(),
            )));
        };
        let review = &kept.0;
        let keys = key_moments(review);
        let of = keys.len();
        let mut last = Reply::CongoKeyNone;
        for (nth, &i) in keys.iter().enumerate() {
            let Some(m) = review.moves.get(i) else {
                continue;
            };
            if nth > 0 {
                sink.reply(last).map_err(ReviewError::Io)?;
            }
            let previous = i.checked_sub(1).and_then(|p| review.moves.get(p));
            let shown = previous.map(|p| LastMove {
                text: p.mv.to_string(),
                squares: p.mv.squares().fold(Bitboard::EMPTY, Bitboard::with),
            });
            let black = m.mover() == Color::Black;
            sink.reply(Reply::Board(Box::new((
                m.before.clone(),
                shown,
                false,
                black,
            ))))
            .map_err(ReviewError::Io)?;
            last = Reply::CongoKey(Box::new(CongoKey {
                nth: nth + 1,
                of,
                number: i + 1,
                moment: m.clone(),
            }));
        }
        Ok(last)
    }
}

/// Why [`Session::review_game`] failed: the review was refused, or
/// showing its table failed.
#[derive(Debug)]
pub enum ReviewError {
    Command(ErrorKind),
    Io(std::io::Error),
}

/// Yut's `hint` and `review` take no arguments but the game's name.
fn yut_takes_nothing(command: &str) -> ErrorKind {
    ErrorKind::Problem(format!(
        "Yut's `{command}` takes no count, budget or file: `{command} yut`, or `{command} congo ...` for Congo"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_read_as_typed() {
        assert_eq!(budget_text(SearchLimit::Default, 1000), "1 s");
        assert_eq!(budget_text(SearchLimit::Millis(250), 1000), "0.25 s");
        assert_eq!(budget_text(SearchLimit::Millis(1500), 1000), "1.5 s");
        assert_eq!(budget_text(SearchLimit::Nodes(20000), 1000), "20000 nodes");
        // One node is singular (`hint nodes 1`).
        assert_eq!(budget_text(SearchLimit::Nodes(1), 1000), "1 node");
        assert_eq!(budget_text(SearchLimit::Depth(4), 1000), "depth 4");
    }
}
