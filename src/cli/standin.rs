//! A stand-in for `crate::congo::search` (the `engine` branch's library)
//! with the same names, so the agent and the match manager can be written
//! and tested before the real engine lands. It is a small material-only
//! iterative-deepening alpha-beta; this file is deleted when the agent
//! switches to the real engine.

use crate::congo::moves::legal_moves;
use crate::congo::{Color, Move, PieceKind, Position};
use crate::interrupt::Interrupt;
use std::fmt;
use std::time::{Duration, Instant};

/// How far a search may go; `None` = no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

impl Limits {
    /// A fixed depth in plies.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// A node budget.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    /// A time budget.
    pub fn time(t: Duration) -> Limits {
        Limits {
            time: Some(t),
            ..Limits::default()
        }
    }
}

/// A score from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    WinIn(u32),
    LossIn(u32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp > 0 {
                    "+"
                } else if cp < 0 {
                    "-"
                } else {
                    ""
                };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

/// What a finished (or stopped) depth found.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub best: Option<Move>,
    pub pv: Vec<Move>,
}

/// Engine settings.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub hash_mb: usize,
    pub threads: usize,
    /// The stand-in's only switch: a depth it never goes beyond.
    pub max_depth: Option<u32>,
}

impl EngineConfig {
    /// Everything on.
    pub fn strongest() -> EngineConfig {
        EngineConfig {
            hash_mb: 16,
            threads: 1,
            max_depth: None,
        }
    }
    /// Plain fixed-depth-4 alpha-beta on material only.
    pub fn material_depth4() -> EngineConfig {
        EngineConfig {
            hash_mb: 16,
            threads: 1,
            max_depth: Some(4),
        }
    }
}

/// The searcher.
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
}

const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;

/// Material values, pawn-hundredths.
fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Superpawn => 250,
        PieceKind::Monkey => 300,
        PieceKind::Giraffe => 250,
        PieceKind::Elephant => 250,
        PieceKind::Zebra => 300,
        PieceKind::Crocodile => 350,
        PieceKind::Lion => 0,
    }
}

fn material(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    PieceKind::ALL
        .into_iter()
        .map(|k| {
            let bb = pos.by_kind(k);
            let mine = (bb & pos.by_color(us)).count() as i32;
            let theirs = (bb & pos.by_color(!us)).count() as i32;
            value(k) * (mine - theirs)
        })
        .sum()
}

struct Run<'a> {
    nodes: u64,
    limit_nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: &'a dyn Interrupt,
    stopped: bool,
}

impl Run<'_> {
    fn should_stop(&mut self) -> bool {
        if !self.stopped && self.nodes.is_multiple_of(512) {
            self.stopped = self.stop.interrupted()
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.limit_nodes.is_some_and(|n| self.nodes >= n);
        }
        self.stopped
    }

    fn negamax(&mut self, pos: &Position, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if pos.lion(pos.side_to_move()).is_none() {
            return -(WIN - ply);
        }
        if depth == 0 {
            return material(pos);
        }
        let moves = legal_moves(pos);
        if moves.is_empty() {
            return -(WIN - ply);
        }
        let mut best = -INF;
        for mv in moves {
            if self.should_stop() {
                break;
            }
            let Ok(next) = pos.after(mv) else { continue };
            let v = -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

fn to_score(v: i32) -> Score {
    if v > WIN - 1000 {
        Score::WinIn(((WIN - v + 1) / 2).unsigned_abs())
    } else if v < -(WIN - 1000) {
        Score::LossIn(((WIN + v) / 2).unsigned_abs())
    } else {
        Score::Cp(v)
    }
}

impl Engine {
    /// A searcher with these settings.
    pub fn new(config: EngineConfig) -> Engine {
        Engine { config }
    }

    /// Forget everything learned (the stand-in learns nothing).
    pub fn new_game(&mut self) {}

    /// Search `pos` within `limits`; always returns a move when there is one.
    pub fn search(
        &mut self,
        pos: &Position,
        _history: &[u64],
        limits: &Limits,
        stop: &dyn Interrupt,
        on_depth: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        let start = Instant::now();
        let mut run = Run {
            nodes: 0,
            limit_nodes: limits.nodes,
            deadline: limits.time.map(|t| start + t),
            stop,
            stopped: false,
        };
        let moves = if pos.lion(Color::White).is_some() && pos.lion(Color::Black).is_some() {
            legal_moves(pos)
        } else {
            Vec::new()
        };
        let mut info = SearchInfo {
            depth: 0,
            seldepth: 0,
            score: Score::Cp(material(pos)),
            nodes: 0,
            elapsed: Duration::ZERO,
            best: moves.first().copied(),
            pv: moves.first().copied().into_iter().collect(),
        };
        let max = limits
            .depth
            .into_iter()
            .chain(self.config.max_depth)
            .min()
            .unwrap_or(64)
            .max(1);
        for depth in 1..=max {
            let mut alpha = -INF;
            let mut best = None;
            let mut ordered = moves.clone();
            if let Some(b) = info.best
                && let Some(i) = ordered.iter().position(|m| *m == b)
            {
                ordered.swap(0, i);
            }
            for mv in ordered {
                if depth > 1 && run.should_stop() {
                    break;
                }
                let Ok(next) = pos.after(mv) else { continue };
                let v = -run.negamax(&next, depth - 1, 1, -INF, -alpha);
                if v > alpha {
                    alpha = v;
                    best = Some(mv);
                }
            }
            if run.stopped && depth > 1 {
                break;
            }
            info = SearchInfo {
                depth,
                seldepth: depth,
                score: to_score(alpha),
                nodes: run.nodes,
                elapsed: start.elapsed(),
                best: best.or(info.best),
                pv: best.into_iter().collect(),
            };
            on_depth(&info);
            if alpha.abs() > WIN - 1000 {
                break;
            }
        }
        info.nodes = run.nodes;
        info.elapsed = start.elapsed();
        info
    }
}

/// The stand-in for `Position::zobrist`: a hash of pieces and side to move.
pub trait Zobrist {
    fn zobrist(&self) -> u64;
}

impl Zobrist for Position {
    fn zobrist(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut p = self.clone();
        p.set_move_number(0);
        let mut h = std::collections::hash_map::DefaultHasher::new();
        p.hash(&mut h);
        h.finish()
    }
}
