//! The engine: one search thread, or a lazy SMP search on several.
//!
//! Lazy SMP: every thread runs the same iterative deepening from the root
//! on the one shared transposition table (lock-free, see `tt`), so what one
//! thread finds orders and cuts the others' trees. Helpers with an odd
//! number search each iteration a ply deeper, which spreads the threads
//! over different depths. The main thread decides: its limits, its time
//! rules and its answer are the search's; once it is done the helpers stop.
//! On one thread nothing of this runs and the search is the plain one.

use super::config::EngineConfig;
use super::engine::{Ctx, Worker};
use super::past::PastKeys;
use super::tt::{HashAllocError, Table};
use super::types::{Limits, SearchInfo};
use crate::congo::eval::Evaluator;
use crate::congo::nnue::Network;
use crate::congo::tablebase::Tablebase;
use crate::congo::{Move, Position};
use crate::interrupt::Interrupt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A Congo engine: settings plus the tables it keeps between searches.
pub struct Engine {
    config: EngineConfig,
    tt: Table,
    main: Worker,
    /// Helper threads' state, kept between searches (killers, history).
    helpers: Vec<Worker>,
    tablebase: Option<Arc<Tablebase>>,
    /// The evaluation (a network every thread shares, or the hand-written
    /// terms of the settings).
    eval: Evaluator,
    /// The game's quiet plies before the next root, for `progress`.
    quiet_plies: u32,
}

impl Engine {
    /// An engine with `config` and empty tables.
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            config,
            tt: Table::new(config.hash_mb),
            main: Worker::new(config),
            helpers: Vec::new(),
            tablebase: None,
            eval: Evaluator::Hand,
            quiet_plies: 0,
        }
    }

    /// As [`Engine::new`], but a transposition table that cannot be
    /// allocated is an error rather than an abort: what the front ends
    /// use, where the size is the user's.
    ///
    /// # Errors
    ///
    /// [`HashAllocError`] when the table's memory cannot be had.
    pub fn try_new(config: EngineConfig) -> Result<Engine, HashAllocError> {
        Ok(Engine {
            config,
            tt: Table::try_new(config.hash_mb)?,
            main: Worker::new(config),
            helpers: Vec::new(),
            tablebase: None,
            eval: Evaluator::Hand,
            quiet_plies: 0,
        })
    }

    /// The plies without a capture, drowning or pawn move that the game
    /// had before the next search's root ([`super::progress`]; only
    /// `progress` reads it): for that search alone, then 0 again, so a
    /// later search of another position never inherits it
    /// (the game's [`Game::quiet_plies`](crate::congo::Game::quiet_plies)).
    pub fn quiet_plies_from(&mut self, game: &crate::congo::Game) {
        // Walked only when the term is on: off, the count is never read.
        if self.config.progress != 0 {
            self.quiet_plies = game.quiet_plies();
        }
    }

    /// The count itself, as [`Engine::quiet_plies_from`] takes it from a
    /// game.
    pub fn set_quiet_plies(&mut self, plies: u32) {
        self.quiet_plies = plies;
    }

    /// The settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Resize the transposition table (clearing it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.config.hash_mb = mb;
        self.tt = Table::new(mb);
    }

    /// Set the number of search threads (see [`EngineConfig::threads`]).
    pub fn set_threads(&mut self, n: usize) {
        self.config.threads = n.max(1);
    }

    /// Set the contempt (see [`EngineConfig::contempt`]).
    pub fn set_contempt(&mut self, centipawns: i32) {
        self.config.contempt = centipawns;
    }

    /// Probe these endgame tables in the search (`None`: no tables).
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.tablebase = tablebase;
    }

    /// Evaluate with `eval` ([`Evaluator::Hand`]: with the settings'
    /// weights, exactly as an engine never given a network). Every search
    /// thread shares a network; the table is kept, so call
    /// [`Engine::new_game`] too for a search that does not see the other
    /// evaluation's scores.
    pub fn set_evaluator(&mut self, eval: Evaluator) {
        self.main.set_net(eval.net().cloned());
        for h in &mut self.helpers {
            h.set_net(eval.net().cloned());
        }
        self.eval = eval;
    }

    /// The evaluation searches use.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// The network that evaluates, if one was given.
    pub fn net(&self) -> Option<&Arc<Network>> {
        self.eval.net()
    }

    /// Forget everything learnt: table, killers, history. After this, a
    /// search at fixed depth or nodes on one thread gives the same answer
    /// every time.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.main.new_game();
        for h in &mut self.helpers {
            h.new_game();
        }
    }

    /// The static evaluation of `pos` for its side to move, as the search
    /// stands on it: the network's score when one is set, else the
    /// hand-written evaluation of the settings.
    pub fn static_eval(&self, pos: &Position) -> i32 {
        match &self.eval {
            Evaluator::Net(net) => crate::congo::nnue::evaluate_fresh(net, pos),
            Evaluator::Hand => super::evaluate_with(pos, &self.config.eval),
        }
    }

    /// The quiescence value of `pos` (side to move's view): the
    /// evaluation after the captures that pay, as at the search's leaves.
    pub fn quiescence(&mut self, pos: &Position) -> i32 {
        let done = AtomicBool::new(false);
        let ctx = Ctx {
            stop: &crate::interrupt::Never,
            done: &done,
            history: PastKeys::Slice(&[]),
            tt: &self.tt,
            tablebase: None,
            exclude: &[],
        };
        self.main.set_config(self.config);
        self.main
            .set_quiet_root(std::mem::take(&mut self.quiet_plies));
        self.main.quiescence(pos, &ctx)
    }

    /// Search `pos` within `limits`, calling `on_depth` after each finished
    /// depth of the main thread. `history` holds the Zobrist keys of the
    /// game's positions before `pos` (for repetitions): oldest first, or
    /// counted ([`Game::seen`](crate::congo::Game::seen)). The
    /// answer's node count is every thread's; the counts given to
    /// `on_depth` are the main thread's.
    pub fn search<'h>(
        &mut self,
        pos: &Position,
        history: impl Into<PastKeys<'h>>,
        limits: &Limits,
        stop: &dyn Interrupt,
        on_depth: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        self.search_excluding(pos, history, limits, &[], stop, on_depth)
    }

    /// [`Engine::search`] among the root moves other than `exclude`: the
    /// best of the rest (a review's second-best move). Its root value is
    /// kept out of the table and the endgame tables' verdict (both are the
    /// whole position's); with every move excluded, the answer has no
    /// move (`best` none).
    pub fn search_excluding<'h>(
        &mut self,
        pos: &Position,
        history: impl Into<PastKeys<'h>>,
        limits: &Limits,
        exclude: &[Move],
        stop: &dyn Interrupt,
        on_depth: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        self.tt.next_generation();
        let helpers = self.config.threads.max(1) - 1;
        while self.helpers.len() < helpers {
            let mut h = Worker::new(self.config);
            h.set_net(self.eval.net().cloned());
            self.helpers.push(h);
        }
        let quiet = std::mem::take(&mut self.quiet_plies);
        self.main.set_config(self.config);
        self.main.set_quiet_root(quiet);
        for h in &mut self.helpers {
            h.set_config(self.config);
            h.set_quiet_root(quiet);
        }
        let done = AtomicBool::new(false);
        let tables = self.tablebase.as_deref().filter(|_| self.config.tablebase);
        let ctx = Ctx {
            stop,
            done: &done,
            history: history.into(),
            tt: &self.tt,
            tablebase: tables,
            exclude,
        };
        let main = &mut self.main;
        let mut info = if helpers == 0 {
            main.run(pos, limits, &ctx, 0, on_depth)
        } else {
            std::thread::scope(|scope| {
                let ctx = &ctx;
                let handles: Vec<_> = self
                    .helpers
                    .iter_mut()
                    .take(helpers)
                    .zip(1u32..)
                    .filter_map(|(h, n)| {
                        std::thread::Builder::new()
                            .name(format!("search {n}"))
                            .spawn_scoped(scope, move || {
                                h.run(pos, limits, ctx, n, &mut |_| {});
                                h.nodes()
                            })
                            .ok()
                    })
                    .collect();
                let mut info = main.run(pos, limits, ctx, 0, on_depth);
                done.store(true, Ordering::Relaxed);
                for handle in handles {
                    let nodes = handle.join().unwrap_or(0);
                    info.nodes = info.nodes.saturating_add(nodes);
                }
                info
            })
        };
        if let Some(tb) = tables.filter(|_| exclude.is_empty())
            && let Some(verdict) = tb.verdict(pos)
        {
            info.tablebase = Some(verdict);
            // The search stops at the tables: the line is theirs.
            if let Some(first) = info.best {
                info.pv = tb.line(pos, first, 128);
            }
        }
        info
    }
}

#[cfg(test)]
mod tests;
