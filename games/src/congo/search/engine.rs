//! The search: iterative deepening over a negamax alpha-beta with
//! principal-variation search, a transposition table, move ordering and a
//! quiescence search over captures.
//!
//! Scores are from the side to move's view. Capturing the enemy lion `p`
//! plies from the root is worth `MATE - p` (a position whose side to move
//! has lost its lion is `-(MATE - ply)`, so is one with no legal move): the
//! fastest win and the slowest loss are preferred. A position that repeats
//! one on the path or in the game's history is a draw: 0, or with a
//! contempt `-c` for the side that stood better at the root (`+c` for the
//! one that stood worse). A position the endgame tables hold takes their
//! exact value.
//!
//! The static evaluation (at the leaves, quiescence's stand-pat and its
//! delta pruning, reverse futility, the null move's test, the root's
//! contempt) is the hand-written one of the settings' weights, or, when
//! the engine was given a network (`Engine::set_net`), the network's
//! score for the side to move, from accumulators kept along the path
//! (`nnue::AccStack`: pushed as each child is made, brought up to date
//! only when a node evaluates). Everything else stays as it is.
//!
//! This is one thread's search ([`Worker`]); `threads` runs several on one
//! shared table (lazy SMP, see `threads.rs`).
//!
//! The search polls its limits at every node (nodes) and every 1024 nodes
//! (time, the interrupt), and once stopped unwinds at once; the answer is
//! the best move of the last finished depth, or of the unfinished one if
//! it has already found a better move.

use super::config::EngineConfig;
use super::eval::evaluate_with;
use super::ordering::{
    Collect, Heuristics, Hints, KILLER, MAX_MOVES, NO_PREV, OrderSwitches, ScoredMove, pick,
    prev_index, score_moves,
};
use super::past::PastKeys;
use super::progress::{Shape, scale};
use super::threat::lion_attacked;
use super::tt::{Bound, PackedMove, Table};
use super::types::{INF, Limits, MATE, MATE_BOUND, Score, SearchInfo};
use crate::congo::moves::attacks::FULL;
use crate::congo::moves::{Move, Silent, apply, generate};
use crate::congo::nnue::{AccStack, Network, evaluate_fresh};
use crate::congo::tablebase::{Outcome, Tablebase};
use crate::congo::{Piece, PieceKind, Position};
use crate::interrupt::Interrupt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest ply a node can be at (main search plus quiescence).
const MAX_PLY: usize = 128;

/// The deepest iteration.
const MAX_DEPTH: u32 = 64;

/// One search thread: the settings plus what it keeps between searches
/// (killers, history) and its scratch space. The transposition table is
/// shared and given with each search.
pub(super) struct Worker {
    config: EngineConfig,
    /// The network that evaluates, if any (the hand-written evaluation
    /// otherwise), shared by all threads.
    net: Option<Arc<Network>>,
    /// The network's accumulators along the path, one pair per ply
    /// (allocated when a network is first given).
    acc: AccStack,
    heur: Heuristics,
    /// One reusable move list per ply.
    lists: Vec<Vec<ScoredMove>>,
    /// The principal variation found below each ply.
    pv: Vec<Vec<Move>>,
    /// Zobrist keys of the positions on the current path, by ply.
    path: Vec<u64>,
    /// The move made at each ply of the path ([`prev_index`], or
    /// [`NO_PREV`] for a null move), for the countermoves.
    made: Vec<u16>,
    nodes: u64,
    seldepth: u32,
    aborted: bool,
    /// Whether some node of this search had more moves than it searched
    /// ([`MAX_MOVES`]).
    truncated: bool,
    node_limit: u64,
    deadline: Option<Instant>,
    /// The depth of the current iteration (bounds the extensions).
    root_depth: i32,
    /// A repetition's value for the root's side to move (see
    /// [`Worker::draw_value`]).
    root_draw: i32,
    /// With `progress` on: the quiet plies before the root (the game's)
    /// and, by ply, along the path, with each node's [`Shape`].
    quiet_root: u32,
    quiet: Vec<u32>,
    shapes: Vec<Shape>,
}

/// Under the fuzzer (`--cfg fuzzing`, set by cargo-fuzz) the main thread
/// of every search stops by this many nodes, whatever its limits: a
/// default `go` thought 3 s an input (the `command_line` target ran at 5
/// inputs a second), and an instrumented build visits only about 10,000
/// nodes a second. It stays above the smallest real budgets (`nodes 1`,
/// depth 1; depth 2 takes 235 nodes from the start), so every way a
/// search ends is still reached: its depth, its node limit, its time, the
/// interrupt.
#[cfg(fuzzing)]
const FUZZ_NODES: u64 = 500;

/// The main thread's node limit under the fuzzer: at most [`FUZZ_NODES`].
#[cfg(fuzzing)]
fn fuzz_capped(limit: u64) -> u64 {
    limit.min(FUZZ_NODES)
}

/// The main thread's node limit: `limit` itself (capped only under the
/// fuzzer).
#[cfg(not(fuzzing))]
fn fuzz_capped(limit: u64) -> u64 {
    limit
}

/// The root evaluation beyond which a side counts as better (or worse)
/// for the contempt: half a pawn.
const CONTEMPT_MARGIN: i32 = 50;

/// Half the aspiration window at the root, centipawns.
const ASPIRATION: i32 = 40;

/// Internal iterative reduction acts this many plies from the leaves or more.
const IIR_DEPTH: i32 = 5;

/// Reverse futility's margin per ply of depth left, centipawns.
const FUTILITY_MARGIN: i32 = 120;

/// Late-move pruning acts at this many plies from the leaves or fewer...
const LMP_DEPTH: i32 = 3;

/// ...after the first `LMP_BASE + LMP_SCALE * depth²` moves (9, 18 and 33).
const LMP_BASE: i32 = 6;

/// See [`LMP_BASE`].
const LMP_SCALE: i32 = 3;

/// Delta pruning's margin over a capture's gain, centipawns (more than a
/// promotion adds, a superpawn over a pawn).
const DELTA_MARGIN: i32 = 200;

/// Quiescence answers a threat to its lion (instead of standing pat) only
/// this many plies into the quiescence search.
const QS_EVASION_PLIES: u32 = 2;

/// What a search call fixes for its whole run.
pub(super) struct Ctx<'a> {
    /// The caller's interrupt.
    pub stop: &'a dyn Interrupt,
    /// Set once the main thread is done (helpers then stop).
    pub done: &'a AtomicBool,
    /// Zobrist keys of the game's positions before the root.
    pub history: PastKeys<'a>,
    /// The shared transposition table.
    pub tt: &'a Table,
    /// Endgame tables to probe, if loaded.
    pub tablebase: Option<&'a Tablebase>,
    /// Root moves left out (a review's second-best search); when any
    /// are, the root's value is not stored in the table (it is not the
    /// position's).
    pub exclude: &'a [Move],
}

/// The value of a position where a lion is missing, if one is.
fn terminal(pos: &Position, ply: u32) -> Option<i32> {
    let us = pos.side_to_move();
    let has = |c| pos.pieces(Piece::new(c, PieceKind::Lion)).any();
    match (has(us), has(!us)) {
        (true, true) => None,
        (false, true) => Some(-(MATE - ply as i32)),
        (true, false) => Some(MATE - ply as i32),
        (false, false) => Some(0),
    }
}

/// `pos` after the generated move `mv`.
fn child(pos: &Position, mv: &Move) -> Position {
    let mut next = pos.clone();
    apply(&mut next, mv, &mut Silent);
    next
}

impl Worker {
    /// A thread's state for `config`.
    pub fn new(config: EngineConfig) -> Worker {
        Worker {
            config,
            net: None,
            acc: AccStack::new(0),
            heur: Heuristics::new(MAX_PLY + 1),
            lists: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            path: vec![0; MAX_PLY + 1],
            made: vec![NO_PREV; MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            aborted: false,
            truncated: false,
            node_limit: u64::MAX,
            deadline: None,
            root_depth: 0,
            root_draw: 0,
            quiet_root: 0,
            quiet: vec![0; MAX_PLY + 2],
            shapes: vec![Shape::default(); MAX_PLY + 2],
        }
    }

    /// Change the settings (the tables learnt are kept).
    pub fn set_config(&mut self, config: EngineConfig) {
        self.config = config;
    }

    /// Evaluate with `net` (`None`: by hand, the settings' weights).
    pub fn set_net(&mut self, net: Option<Arc<Network>>) {
        if net.is_some() && self.acc.plies() <= MAX_PLY {
            self.acc = AccStack::new(MAX_PLY + 1);
        }
        self.net = net;
    }

    /// How many network evaluations were checked against accumulators
    /// built from scratch (every one, under `cfg(test)`).
    #[cfg(test)]
    pub fn acc_checked(&self) -> u64 {
        self.acc.checked()
    }

    /// Forget the killers and history learnt.
    pub fn new_game(&mut self) {
        self.heur.clear();
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The static evaluation of `pos`, the node at `ply`, for its side to
    /// move: the network's when there is one (its accumulators brought up
    /// to date along the path), else the hand-written one.
    #[inline]
    fn eval(&mut self, pos: &Position, ply: usize) -> i32 {
        let e = if self.net.is_none() {
            evaluate_with(pos, &self.config.eval)
        } else {
            self.net_eval(pos, ply)
        };
        if self.config.progress == 0 {
            return e;
        }
        let quiet = self.quiet.get(ply).copied().unwrap_or(0);
        scale(e, quiet, self.config.progress)
    }

    /// The quiet plies before the next search's root (the game's).
    pub fn set_quiet_root(&mut self, plies: u32) {
        self.quiet_root = plies;
    }

    /// Count `pos`, the node at `ply`, for the progress scale: one quiet
    /// ply more than its parent, or none after a change for good.
    fn note_quiet(&mut self, ply: usize, pos: &Position) {
        let shape = Shape::of(pos);
        let quiet = match ply.checked_sub(1) {
            None => self.quiet_root,
            Some(up) => match (self.shapes.get(up), self.quiet.get(up)) {
                (Some(s), Some(&q)) if *s == shape => q.saturating_add(1),
                _ => 0,
            },
        };
        if let (Some(s), Some(q)) = (self.shapes.get_mut(ply), self.quiet.get_mut(ply)) {
            *s = shape;
            *q = quiet;
        }
    }

    /// The network's side of [`Worker::eval`], kept out of line so that
    /// the hand-written path compiles as it did before networks.
    #[inline(never)]
    fn net_eval(&mut self, pos: &Position, ply: usize) -> i32 {
        match &self.net {
            Some(net) => self
                .acc
                .evaluate(net, ply, pos)
                .unwrap_or_else(|| evaluate_fresh(net, pos)),
            None => evaluate_with(pos, &self.config.eval),
        }
    }

    /// The search is about to visit `pos` at `ply` (a child or the null
    /// move of the node at `ply - 1`): note it for the accumulators.
    #[inline]
    fn enter(&mut self, ply: usize, pos: &Position) {
        if self.net.is_some() {
            self.acc.push(ply, pos);
        }
        if self.config.progress != 0 {
            self.note_quiet(ply, pos);
        }
    }

    /// Start the accumulators at the root `pos`.
    fn enter_root(&mut self, pos: &Position) {
        if let Some(net) = &self.net {
            self.acc.root(net, pos);
        }
        if self.config.progress != 0 {
            self.note_quiet(0, pos);
        }
    }

    fn switches(&self) -> OrderSwitches {
        OrderSwitches {
            ordering: self.config.ordering,
            killers: self.config.killers,
            history: self.config.history,
            bad_captures: self.config.bad_captures,
        }
    }

    /// What a search node does first (the full search's and quiescence's
    /// alike): clear its line, count itself (0 when the search must stop),
    /// note the depth reached, and score a game that has ended there.
    #[inline]
    fn enter_node(&mut self, pos: &Position, ply: u32, ctx: &Ctx<'_>) -> Option<i32> {
        self.clear_pv(ply as usize);
        if self.tick(ctx) {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        terminal(pos, ply)
    }

    /// Count a node and poll the limits; true once the search must stop.
    #[inline]
    fn tick(&mut self, ctx: &Ctx<'_>) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes & 1023 == 0
                && (ctx.stop.interrupted()
                    || ctx.done.load(Ordering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of a repetition at `ply` for its side to move: the root
    /// side's draw value (`-contempt` when it stood better at the root,
    /// `+contempt` when worse, 0 when level), negated on the other side's
    /// plies.
    fn draw_value(&self, ply: u32) -> i32 {
        if ply.is_multiple_of(2) {
            self.root_draw
        } else {
            -self.root_draw
        }
    }

    /// The exact value of `pos` at `ply` from the endgame tables, if they
    /// hold it (a table draw is a draw of the game: no contempt).
    fn table_value(&self, pos: &Position, ply: u32, ctx: &Ctx<'_>) -> Option<i32> {
        let probe = ctx.tablebase?.probe(pos)?;
        let end = ply as i32 + probe.plies as i32;
        Some(match probe.outcome {
            Outcome::Win => MATE - end,
            Outcome::Loss => -(MATE - end),
            Outcome::Draw => 0,
        })
    }

    /// Whether `key` (at `ply`) repeats a position of the path or the game.
    fn repeated(&self, key: u64, ply: usize, history: PastKeys<'_>) -> bool {
        let on_path = self
            .path
            .get(..ply)
            .is_some_and(|p| p.iter().rev().skip(1).step_by(2).any(|&k| k == key));
        on_path || history.contains(key)
    }

    /// Set the PV at `ply` to `mv` followed by the PV at `ply + 1`.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        if let Some((head, tail)) = self.pv.split_at_mut_checked(ply + 1)
            && let (Some(line), Some(below)) = (head.last_mut(), tail.first())
        {
            line.clear();
            line.push(mv);
            line.extend_from_slice(below);
        }
    }

    fn clear_pv(&mut self, ply: usize) {
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
    }

    /// Generate and score the moves of `pos` into the list of `ply`, which
    /// is taken out of the engine (give it back with [`Engine::put_list`]).
    fn moves(
        &mut self,
        pos: &Position,
        ply: usize,
        tt_move: Option<PackedMove>,
        captures_only: bool,
    ) -> Vec<ScoredMove> {
        let mut list = self
            .lists
            .get_mut(ply)
            .map(std::mem::take)
            .unwrap_or_default();
        list.clear();
        // Captures only: the plain moves onto enemy pieces, and the jumps.
        let keep = if captures_only {
            pos.by_color(!pos.side_to_move()).0
        } else {
            FULL
        };
        let mut collect = Collect::new(&mut list, keep);
        generate(pos, &mut collect);
        self.truncated |= collect.cut;
        let sw = self.switches();
        let tt_move = if self.config.tt { tt_move } else { None };
        let counter = self
            .prev_move(ply)
            .and_then(|prev| self.heur.countermove(pos.side_to_move().index(), prev));
        score_moves(
            pos,
            &mut list,
            Hints { tt_move, counter },
            ply,
            &self.heur,
            sw,
            &self.config.eval,
        );
        list
    }

    /// The move that led to the node at `ply` when countermoves are on
    /// (none at the root).
    fn prev_move(&self, ply: usize) -> Option<u16> {
        if !self.config.countermove {
            return None;
        }
        self.made.get(ply.checked_sub(1)?).copied()
    }

    /// Note the move made at `ply` (for the countermoves).
    fn set_made(&mut self, ply: usize, code: u16) {
        if let Some(m) = self.made.get_mut(ply) {
            *m = code;
        }
    }

    fn put_list(&mut self, ply: usize, list: Vec<ScoredMove>) {
        if let Some(slot) = self.lists.get_mut(ply) {
            *slot = list;
        }
    }

    /// Search `pos` within `limits`, calling `on_depth` after each finished
    /// depth. A helper (`helper` = its number, 1 and up) searches every
    /// iteration one ply deeper when its number is odd, ignores the node
    /// limit and the time rules, and runs until `ctx.done`; the main thread
    /// (`helper` = 0) is the search of one thread.
    pub fn run(
        &mut self,
        pos: &Position,
        limits: &Limits,
        ctx: &Ctx<'_>,
        helper: u32,
        on_depth: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        let start = Instant::now();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.truncated = false;
        self.node_limit = if helper == 0 {
            fuzz_capped(limits.nodes.unwrap_or(u64::MAX)).max(1)
        } else {
            u64::MAX
        };
        self.deadline = limits.time.map(|t| start + t);
        self.heur.age();
        self.enter_root(pos);
        let stand = self.eval(pos, 0);
        let c = self.config.contempt;
        self.root_draw = if stand > CONTEMPT_MARGIN {
            -c
        } else if stand < -CONTEMPT_MARGIN {
            c
        } else {
            0
        };
        let mut info = SearchInfo {
            depth: 0,
            seldepth: 0,
            score: Score::Cp(stand),
            nodes: 0,
            elapsed: Duration::ZERO,
            best: None,
            pv: Vec::new(),
            truncated: None,
            tablebase: None,
        };
        if let Some(v) = terminal(pos, 0) {
            info.score = Score::from_internal(v);
            return info;
        }
        let tt_move = ctx.tt.probe(pos.zobrist(), 0).and_then(|h| h.mv);
        let mut root = self.moves(pos, 0, tt_move, false);
        root.retain(|sm| !ctx.exclude.contains(&sm.mv));
        if root.is_empty() && !ctx.exclude.is_empty() {
            // Every move left out: nothing to value.
            return info;
        }
        if root.is_empty() {
            info.score = Score::from_internal(-MATE);
            return info;
        }
        // Order the root once by the ordering scores; later iterations
        // bring each depth's best move to the front.
        root.sort_by_key(|sm| std::cmp::Reverse(sm.score));
        info.best = root.first().map(|sm| sm.mv);
        info.pv = info.best.into_iter().collect();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .min(self.config.max_depth.unwrap_or(MAX_DEPTH))
            .clamp(1, MAX_DEPTH);
        let offset = helper % 2;
        for depth in 1..=max_depth {
            let d = (depth + offset).min(MAX_DEPTH);
            let found = self.aspirated(pos, d, &mut root, ctx, info.depth > 0, &info.score);
            if let Some((score, best)) = found {
                info.score = Score::from_internal(score);
                info.best = Some(best);
                info.pv = self.pv.first().cloned().unwrap_or_default();
                if !self.aborted {
                    info.depth = depth;
                }
            }
            info.nodes = self.nodes;
            info.seldepth = self.seldepth;
            info.elapsed = start.elapsed();
            info.truncated = self.truncated.then_some(MAX_MOVES);
            if self.aborted {
                break;
            }
            on_depth(&info);
            let elapsed = start.elapsed();
            let decided = found
                .is_some_and(|(s, _)| s.abs() > MATE_BOUND && (MATE - s.abs()) as u32 <= depth);
            let out_of_time = limits
                .time
                .is_some_and(|t| elapsed.as_secs_f64() > t.as_secs_f64() * 0.45);
            let forced = root.len() == 1 && limits.time.is_some();
            if helper == 0 && (decided || out_of_time || forced) {
                break;
            }
        }
        self.put_list(0, root);
        info.truncated = self.truncated.then_some(MAX_MOVES);
        info.nodes = self.nodes;
        info.elapsed = start.elapsed();
        info
    }

    /// One iteration, first in a window around the last depth's score
    /// when [`EngineConfig::aspiration`] is on (from depth 4, away from
    /// mate scores), searched again with the full window when the score
    /// falls outside it.
    fn aspirated(
        &mut self,
        pos: &Position,
        depth: u32,
        root: &mut [ScoredMove],
        ctx: &Ctx<'_>,
        has_last: bool,
        last: &Score,
    ) -> Option<(i32, Move)> {
        if self.config.aspiration
            && has_last
            && depth >= 4
            && let Score::Cp(s) = *last
        {
            let (lo, hi) = (s - ASPIRATION, s + ASPIRATION);
            let found = self.root_iteration(pos, depth, root, ctx, lo, hi);
            match found {
                Some((v, _)) if v > lo && v < hi => return found,
                // Stopped outside the window: the score is a bound only.
                _ if self.aborted => return None,
                _ => {}
            }
        }
        self.root_iteration(pos, depth, root, ctx, -INF, INF)
    }

    /// One iteration at the root in the window `(alpha, beta)`: the best
    /// score and move, or `None` if stopped before any move was fully
    /// searched. Moves the best to the front of `root`.
    fn root_iteration(
        &mut self,
        pos: &Position,
        depth: u32,
        root: &mut [ScoredMove],
        ctx: &Ctx<'_>,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, Move)> {
        if let Some(k) = self.path.first_mut() {
            *k = pos.zobrist();
        }
        let depth = depth as i32;
        self.root_depth = depth;
        let window = (alpha, beta);
        let mut best: Option<(i32, usize)> = None;
        for i in 0..root.len() {
            let Some(mv) = root.get(i).map(|sm| sm.mv) else {
                break;
            };
            let next = child(pos, &mv);
            self.enter(1, &next);
            self.set_made(0, prev_index(&mv));
            let v = if best.is_none() || !self.config.pvs {
                -self.negamax(&next, depth - 1, -beta, -alpha, 1, ctx)
            } else {
                let v = -self.negamax(&next, depth - 1, -alpha - 1, -alpha, 1, ctx);
                if v > alpha && !self.aborted {
                    -self.negamax(&next, depth - 1, -beta, -alpha, 1, ctx)
                } else {
                    v
                }
            };
            if self.aborted {
                break;
            }
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, i));
                alpha = alpha.max(v);
                self.update_pv(0, mv);
            }
        }
        let (score, i) = best?;
        if let Some(slice) = root.get_mut(..=i) {
            slice.rotate_right(1);
        }
        if !self.aborted
            && self.config.tt
            && ctx.exclude.is_empty()
            && score > window.0
            && score < window.1
        {
            ctx.tt.store(
                pos.zobrist(),
                0,
                depth as u32,
                score,
                Bound::Exact,
                Some(PackedMove::of(&root.first()?.mv)),
            );
        }
        Some((score, root.first()?.mv))
    }

    /// Negamax alpha-beta (fail-soft) with `depth` plies left.
    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        ctx: &Ctx<'_>,
    ) -> i32 {
        let p = ply as usize;
        if depth <= 0 && self.config.qsearch {
            if self.repeated(pos.zobrist(), p, ctx.history) {
                return self.draw_value(ply);
            }
            if let Some(v) = self.table_value(pos, ply, ctx) {
                return v;
            }
            return self.qsearch(pos, alpha, beta, ply, 0, ctx);
        }
        if let Some(v) = self.enter_node(pos, ply, ctx) {
            return v;
        }
        let key = pos.zobrist();
        if self.repeated(key, p, ctx.history) {
            return self.draw_value(ply);
        }
        if let Some(v) = self.table_value(pos, ply, ctx) {
            return v;
        }
        if depth <= 0 || p >= MAX_PLY {
            return self.eval(pos, p);
        }
        // A threatened lion must be answered: look one ply deeper (while
        // the path is not yet twice the iteration's depth).
        let in_danger = self.config.lion_threats && lion_attacked(pos, pos.side_to_move());
        let depth = if in_danger && (ply as i32) < 2 * self.root_depth {
            depth + 1
        } else {
            depth
        };
        if let Some(k) = self.path.get_mut(p) {
            *k = key;
        }
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        if self.config.tt
            && let Some(hit) = ctx.tt.probe(key, ply)
        {
            tt_move = hit.mv;
            if self.config.tt_cutoffs && !pv_node && hit.depth >= depth as u32 {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        // Internal iterative reduction: a node the table knows no move for
        // is searched a ply shallower (its ordering is a guess anyway).
        let depth = if self.config.iir && tt_move.is_none() && depth >= IIR_DEPTH {
            depth - 1
        } else {
            depth
        };
        // The static evaluation, computed once if reverse futility or the
        // null move needs it.
        let mut stand: Option<i32> = None;
        // Reverse futility: near the leaves, a static evaluation this far
        // above beta is taken as a cut without searching.
        if self.config.reverse_futility
            && !in_danger
            && !pv_node
            && depth <= 3
            && beta.abs() < MATE_BOUND
        {
            let e = *stand.get_or_insert_with(|| self.eval(pos, p));
            if e - FUTILITY_MARGIN * depth >= beta {
                return e;
            }
        }
        if self.config.null_move && !in_danger && !pv_node && depth >= 3 && beta.abs() < MATE_BOUND
        {
            let us = pos.side_to_move();
            let pieces = pos.by_color(us).count();
            let pawns = pos.pieces(Piece::new(us, PieceKind::Pawn)).count();
            if pieces > pawns + 2 && *stand.get_or_insert_with(|| self.eval(pos, p)) >= beta {
                let mut passed = pos.clone();
                passed.set_side_to_move(!us);
                self.enter(p + 1, &passed);
                self.set_made(p, NO_PREV);
                let r = 2 + depth / 6;
                let v = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, ctx);
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return if v > MATE_BOUND { beta } else { v };
                }
            }
        }
        let mut list = self.moves(pos, p, tt_move, false);
        if list.is_empty() {
            self.put_list(p, list);
            return -(MATE - ply as i32);
        }
        let alpha_orig = alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        let side = pos.side_to_move().index();
        // Late-move pruning: how many moves a node this near the leaves
        // searches before it drops the quiet ones (none: no pruning here).
        let lmp_after =
            (self.config.late_move_pruning && !pv_node && !in_danger && depth <= LMP_DEPTH)
                .then(|| (LMP_BASE + LMP_SCALE * depth * depth) as usize);
        for i in 0..list.len() {
            let Some(sm) = pick(&mut list, i) else {
                break;
            };
            if lmp_after.is_some_and(|n| i >= n)
                && sm.quiet
                && sm.score < KILLER
                && best > -MATE_BOUND
            {
                // Moves come best first: every move left is quiet too.
                break;
            }
            let next = child(pos, &sm.mv);
            self.enter(p + 1, &next);
            self.set_made(p, prev_index(&sm.mv));
            let v = if i == 0 || !self.config.pvs {
                -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, ctx)
            } else {
                let r = if self.config.lmr
                    && depth >= 3
                    && i >= 3
                    && sm.quiet
                    && sm.score < (1 << 27)
                {
                    1 + i32::from(i >= 8 && depth >= 5)
                } else {
                    0
                };
                let mut v = -self.negamax(&next, depth - 1 - r, -alpha - 1, -alpha, ply + 1, ctx);
                if v > alpha && r > 0 && !self.aborted {
                    v = -self.negamax(&next, depth - 1, -alpha - 1, -alpha, ply + 1, ctx);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, ctx);
                }
                v
            };
            if self.aborted {
                self.put_list(p, list);
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(sm.mv);
                if v > alpha {
                    alpha = v;
                    self.update_pv(p, sm.mv);
                    if v >= beta {
                        if sm.quiet && (self.config.killers || self.config.history) {
                            self.heur.reward(
                                p,
                                side,
                                &sm.mv,
                                depth,
                                self.config.killers,
                                self.config.history_gravity,
                            );
                            if let Some(prev) = self.prev_move(p) {
                                self.heur.set_countermove(side, prev, &sm.mv);
                            }
                            if self.config.history_malus && self.config.history {
                                // The moves searched before this one: the
                                // first `i` of the list (`pick` put them there).
                                for tried in list.get(..i).unwrap_or_default() {
                                    if tried.quiet {
                                        self.heur.punish(
                                            side,
                                            &tried.mv,
                                            depth,
                                            self.config.history_gravity,
                                        );
                                    }
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.put_list(p, list);
        if self.config.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_orig {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let code = best_move.map(|m| PackedMove::of(&m));
            ctx.tt.store(key, ply, depth as u32, best, bound, code);
        }
        best
    }

    /// The quiescence value of `pos` on its own (full window, no limits):
    /// what the search stands on at a leaf.
    pub fn quiescence(&mut self, pos: &Position, ctx: &Ctx<'_>) -> i32 {
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = u64::MAX;
        self.deadline = None;
        self.enter_root(pos);
        self.qsearch(pos, -INF, INF, 0, 0, ctx)
    }

    /// Quiescence: stand pat on the evaluation, or try the captures.
    fn qsearch(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        qply: u32,
        ctx: &Ctx<'_>,
    ) -> i32 {
        let p = ply as usize;
        if let Some(v) = self.enter_node(pos, ply, ctx) {
            return v;
        }
        let stand = self.eval(pos, p);
        if p >= MAX_PLY {
            return stand;
        }
        // With its lion attacked, the side to move may not stand pat: it
        // tries every move (the first plies of quiescence only).
        let evade = self.config.lion_threats
            && qply < QS_EVASION_PLIES
            && lion_attacked(pos, pos.side_to_move());
        let mut best = if evade { -INF } else { stand };
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        let mut list = self.moves(pos, p, None, !evade);
        if evade && list.is_empty() {
            self.put_list(p, list);
            return -(MATE - ply as i32);
        }
        for i in 0..list.len() {
            let Some(sm) = pick(&mut list, i) else {
                break;
            };
            // Standing pat is allowed here, so a capture may be passed
            // over: one that likely loses material, or (delta pruning) one
            // that cannot lift the evaluation to alpha. The lion's capture
            // is never passed over.
            if !evade {
                if sm.bad && self.config.qs_bad {
                    continue;
                }
                if self.config.delta && stand + sm.gain + DELTA_MARGIN <= alpha {
                    continue;
                }
            }
            let next = child(pos, &sm.mv);
            self.enter(p + 1, &next);
            let v = -self.qsearch(&next, -beta, -alpha, ply + 1, qply + 1, ctx);
            if self.aborted {
                self.put_list(p, list);
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.update_pv(p, sm.mv);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.put_list(p, list);
        best
    }
}
