//! The engine commands' handlers: `eval`, `best`, `go`, `analyze`.
//!
//! Each search uses an emptied engine (table size and threads from the
//! settings; the table allocated once per size and emptied in O(1)), so
//! `best depth N` and `best nodes N` answer the same on every run for the
//! same game. The search is given the game's earlier positions
//! (since the last `fen` or `reset`): a return to one of them scores as a
//! draw, as in `boardsh match`. The session's position is never changed by
//! a search; `go` then plays the move as `play` would (undo takes it back).

use super::{ExecError, Session, interrupted};
use crate::congo::moves::Move;
use crate::congo::moves::{Illegal, status};
use crate::congo::search::{EngineConfig, Limits, SearchInfo, evaluate_terms, skill};
use crate::interrupt::{Either, Interrupt};
use crate::shell::command::{Command, SearchLimit};
use crate::shell::error::ErrorKind;
use crate::shell::reply::{Reply, Sink};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// `best` and `go` without a limit think this long.
const DEFAULT_TIME: Duration = Duration::from_secs(3);

impl SearchLimit {
    /// The engine's limits for this command limit.
    fn limits(self) -> Limits {
        match self {
            SearchLimit::Default => Limits::time(DEFAULT_TIME),
            SearchLimit::Depth(d) => Limits::depth(d),
            SearchLimit::Millis(ms) => Limits::time(Duration::from_millis(ms)),
            SearchLimit::Nodes(n) => Limits::nodes(n),
        }
    }
}

impl Session {
    pub(super) fn eval(&self) -> Reply {
        Reply::Eval(
            self.position().side_to_move(),
            evaluate_terms(self.position()),
        )
    }

    /// The engine's settings, from the session's. A search to a fixed
    /// depth or node count runs on one thread (the same answer every run);
    /// a timed one on the `threads` setting's.
    fn engine_config(&self, limits: &Limits) -> EngineConfig {
        let hash = usize::try_from(self.settings.hash_mb).unwrap_or(16);
        let fixed = limits.depth.is_some() || limits.nodes.is_some();
        let threads = if fixed { 1 } else { self.settings.threads() };
        let contempt = self.settings.contempt;
        EngineConfig {
            hash_mb: hash.max(1),
            threads: threads.max(1),
            contempt,
            ..EngineConfig::strongest()
        }
    }

    /// The game must go on for a search to have a move to find.
    pub(super) fn refuse_finished(&self) -> Result<(), ErrorKind> {
        let st = status(self.position());
        if st.is_over() {
            return Err(ErrorKind::Illegal(Illegal::GameOver(st)));
        }
        Ok(())
    }

    /// Search the position within `limits`, stopping at `stop`, calling
    /// `on_depth` after each finished depth; publishes nodes as progress.
    fn think(
        &self,
        limits: &Limits,
        stop: &dyn Interrupt,
        on_depth: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        self.live.reset_counters();
        let live = &self.live;
        // The game's earlier positions: the engine scores a return to one
        // of them as a draw, as it does in matches.
        let game = &self.congo.game;
        let tables = self.tables();
        self.engine.with(self.engine_config(limits), |engine| {
            engine.set_tablebase(tables);
            engine.search(game.position(), game.keys(), limits, stop, &mut |info| {
                live.work.store(info.nodes, Ordering::Relaxed);
                on_depth(info);
            })
        })
    }

    pub(super) fn best(&mut self, limit: SearchLimit) -> Result<Reply, ErrorKind> {
        self.refuse_finished()?;
        let info = self.think(&limit.limits(), &self.live.interrupt, &mut |_| {});
        if self.live.interrupted() {
            return Err(interrupted(()));
        }
        Ok(Reply::Search(
            Box::new(info),
            self.position().side_to_move(),
        ))
    }

    pub(super) fn go(&mut self, limit: SearchLimit) -> Result<Reply, ErrorKind> {
        self.refuse_finished()?;
        let mv = self
            .computer_move(limit)?
            .ok_or_else(|| ErrorKind::Illegal(Illegal::GameOver(status(self.position()))))?;
        // Recorded as the move it played, so `undo` names it.
        self.play(mv, &Command::Play(mv))
    }

    /// The move `go` plays: at the `level` setting when no limit is
    /// given (the top level searches as `best` does), else the engine's
    /// best within the limit.
    fn computer_move(&self, limit: SearchLimit) -> Result<Option<Move>, ErrorKind> {
        let level = u8::try_from(self.settings.level).unwrap_or(skill::TOP_LEVEL);
        if limit == SearchLimit::Default && level < skill::TOP_LEVEL {
            self.live.reset_counters();
            let seed = self.settings.seed;
            let limits = limit.limits();
            // The weak levels search to fixed depths: one thread (the same
            // seed replays the same game) and no endgame tables (they
            // would play endgames perfectly).
            let config = EngineConfig {
                threads: 1,
                ..self.engine_config(&limits)
            };
            let game = &self.congo.game;
            let stop = &self.live.interrupt;
            return self
                .engine
                .with(config, |engine| {
                    engine.set_tablebase(None);
                    skill::choose(engine, game, level, seed, &limits, stop)
                })
                .map_err(interrupted);
        }
        let info = self.think(&limit.limits(), &self.live.interrupt, &mut |_| {});
        if self.live.interrupted() {
            return Err(interrupted(()));
        }
        Ok(info.best)
    }

    /// Search until interrupted (or the deepest depth), streaming each
    /// finished depth; the interrupt is the normal end and prints the best
    /// line found.
    pub(super) fn analyze(
        &mut self,
        sink: &mut dyn Sink,
        fail: impl Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        self.refuse_finished().map_err(&fail)?;
        let to_move = self.position().side_to_move();
        let write_failed = AtomicBool::new(false);
        let stop = Either(&self.live.interrupt, &write_failed);
        let mut io_error = None;
        let info = self.think(&Limits::default(), &stop, &mut |info| {
            if io_error.is_none()
                && let Err(e) = sink.reply(Reply::Search(Box::new(info.clone()), to_move))
            {
                write_failed.store(true, Ordering::Relaxed);
                io_error = Some(e);
            }
        });
        if let Some(e) = io_error {
            return Err(ExecError::Io(e));
        }
        // Stopped by Ctrl-C (the normal end): the line says it is partial.
        if self.live.interrupted() {
            return Ok(Reply::SearchStopped(Box::new(info), to_move));
        }
        Ok(Reply::Search(Box::new(info), to_move))
    }
}
