//! The engine commands' handlers: `eval`, `best`, `go`, `analyze`.
//!
//! Each search uses an emptied engine (table size and threads from the
//! settings; the table allocated once per size and emptied in O(1)), so
//! `best depth N` and `best nodes N` answer the same on every run for the
//! same game. The search is given the game's earlier positions
//! (since the last `fen` or `reset`): a return to one of them scores as a
//! draw, as in `boardsh match`. The session's position is never changed by
//! a search; `go` then plays the move as `play` would (undo takes it back).

use super::common::Common;
use super::congo_part::CongoPart;
use super::engine_cache::EngineCache;
use super::history::CongoState;
use super::tablebase::TableSource;
use super::{ExecError, interrupted};
use crate::congo::moves::Move;
use crate::congo::moves::{Illegal, status};
use crate::congo::search::{
    EngineConfig, HashAllocError, Limits, SearchInfo, evaluate_terms, skill,
};
use crate::congo::tablebase::Tablebase;
use crate::interrupt::{Either, Interrupt};
use crate::shell::command::{Command, SearchLimit};
use crate::shell::error::ErrorKind;
use crate::shell::live::Live;
use crate::shell::reply::{Reply, Sink};
use crate::shell::settings::Settings;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// `best` and `go` without a limit think this long.
const DEFAULT_TIME: Duration = Duration::from_secs(3);

impl SearchLimit {
    /// The engine's limits for this command limit.
    pub(super) fn limits(self) -> Limits {
        match self {
            SearchLimit::Default => Limits::time(DEFAULT_TIME),
            SearchLimit::Depth(d) => Limits::depth(d),
            SearchLimit::Millis(ms) => Limits::time(Duration::from_millis(ms)),
            SearchLimit::Nodes(n) => Limits::nodes(n),
        }
    }
}

/// What a Congo search needs besides the game: the settings, the live
/// counters and interrupt, the engine kept between searches and where the
/// endgame tables come from (the session's other parts, lent).
pub(super) struct Tools<'a> {
    pub(super) settings: &'a Settings,
    pub(super) live: &'a Live,
    pub(super) engine: &'a EngineCache,
    pub(super) tables: &'a TableSource,
}

impl Tools<'_> {
    /// The tables, if the `tablebase` setting is on and there are some.
    pub(super) fn tables(&self) -> Option<Arc<Tablebase>> {
        self.tables.get(self.settings)
    }

    /// The engine's settings, from the session's. A search to a fixed
    /// depth or node count runs on one thread (the same answer every run);
    /// a timed one on the `threads` setting's.
    pub(super) fn engine_config(&self, limits: &Limits) -> EngineConfig {
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
}

impl CongoPart {
    /// The parts a Congo search borrows.
    pub(super) fn tools<'a>(&'a self, c: &'a Common) -> Tools<'a> {
        Tools {
            settings: &c.settings,
            live: &c.live,
            engine: &self.engine,
            tables: &self.tables,
        }
    }

    /// `go`: the engine's move (or the `level` setting's), played as
    /// `play` would play it and recorded as that move, so `undo` names it.
    pub(super) fn go(&mut self, c: &mut Common, limit: SearchLimit) -> Result<Reply, ErrorKind> {
        let mv = self.go_move(&self.tools(c), limit)?;
        let rules = c.settings.rules;
        self.play_congo(c, &Command::Play(mv), mv, rules)
    }
}

impl CongoState {
    /// `eval`: the hand-written terms, and `net`'s score when one is set.
    pub(super) fn eval(&self, net: Option<&crate::congo::nnue::Network>) -> Reply {
        let pos = self.position();
        let network = net.map(|net| {
            let acc = crate::congo::nnue::Accumulators::refresh(net, pos);
            net.evaluate(&acc, pos.side_to_move())
        });
        Reply::Eval(pos.side_to_move(), evaluate_terms(pos), network)
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
        tools: &Tools<'_>,
        limits: &Limits,
        stop: &dyn Interrupt,
        on_depth: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchInfo, ErrorKind> {
        tools.live.reset_counters();
        let live = tools.live;
        // The game's earlier positions: the engine scores a return to one
        // of them as a draw, as it does in matches.
        let game = &self.game;
        let tables = tools.tables();
        tools
            .engine
            .with(tools.engine_config(limits), |engine| {
                engine.set_tablebase(tables);
                engine.quiet_plies_from(game);
                engine.search(game.position(), game.seen(), limits, stop, &mut |info| {
                    live.work.store(info.nodes, Ordering::Relaxed);
                    on_depth(info);
                })
            })
            .map_err(no_table)
    }

    pub(super) fn best(&self, tools: &Tools<'_>, limit: SearchLimit) -> Result<Reply, ErrorKind> {
        self.refuse_finished()?;
        let info = self.think(tools, &limit.limits(), &tools.live.interrupt, &mut |_| {})?;
        if tools.live.interrupted() {
            return Err(interrupted(()));
        }
        Ok(Reply::Search(
            Box::new(info),
            self.position().side_to_move(),
        ))
    }

    /// The move `go` plays (the game must go on).
    fn go_move(&self, tools: &Tools<'_>, limit: SearchLimit) -> Result<Move, ErrorKind> {
        self.refuse_finished()?;
        self.computer_move(tools, limit)?
            .ok_or_else(|| ErrorKind::Illegal(Illegal::GameOver(status(self.position()))))
    }

    /// The move `go` plays: at the `level` setting when no limit is
    /// given (the top level searches as `best` does), else the engine's
    /// best within the limit.
    fn computer_move(
        &self,
        tools: &Tools<'_>,
        limit: SearchLimit,
    ) -> Result<Option<Move>, ErrorKind> {
        let level = u8::try_from(tools.settings.level).unwrap_or(skill::TOP_LEVEL);
        if limit == SearchLimit::Default && level < skill::TOP_LEVEL {
            tools.live.reset_counters();
            let seed = tools.settings.seed;
            let limits = limit.limits();
            // The weak levels search to fixed depths: one thread (the same
            // seed replays the same game) and no endgame tables (they
            // would play endgames perfectly).
            let config = EngineConfig {
                threads: 1,
                ..tools.engine_config(&limits)
            };
            let game = &self.game;
            let stop = &tools.live.interrupt;
            return tools
                .engine
                .with(config, |engine| {
                    engine.set_tablebase(None);
                    skill::choose(engine, game, level, seed, &limits, stop)
                })
                .map_err(no_table)?
                .map_err(interrupted);
        }
        let info = self.think(tools, &limit.limits(), &tools.live.interrupt, &mut |_| {})?;
        if tools.live.interrupted() {
            return Err(interrupted(()));
        }
        Ok(info.best)
    }

    /// Search until interrupted (or the deepest depth), streaming each
    /// finished depth; the interrupt is the normal end and prints the best
    /// line found.
    pub(super) fn analyze(
        &self,
        tools: &Tools<'_>,
        sink: &mut dyn Sink,
        fail: impl Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        self.refuse_finished().map_err(&fail)?;
        let to_move = self.position().side_to_move();
        let write_failed = AtomicBool::new(false);
        let stop = Either(&tools.live.interrupt, &write_failed);
        let mut io_error = None;
        let info = self
            .think(tools, &Limits::default(), &stop, &mut |info| {
                if io_error.is_none()
                    && let Err(e) = sink.reply(Reply::Search(Box::new(info.clone()), to_move))
                {
                    write_failed.store(true, Ordering::Relaxed);
                    io_error = Some(e);
                }
            })
            .map_err(&fail)?;
        if let Some(e) = io_error {
            return Err(ExecError::Io(e));
        }
        // Stopped by Ctrl-C (the normal end): the line says it is partial.
        if tools.live.interrupted() {
            return Ok(Reply::SearchStopped(Box::new(info), to_move));
        }
        Ok(Reply::Search(Box::new(info), to_move))
    }
}

/// A transposition table of the `hash` setting's size that the memory
/// cannot hold: the command fails, saying what to change.
pub(super) fn no_table(e: HashAllocError) -> ErrorKind {
    ErrorKind::Problem(format!("{e}: `set hash` a smaller size"))
}
