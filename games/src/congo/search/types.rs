//! The search's public vocabulary: limits, scores, and what a finished
//! depth reports.

use crate::congo::moves::Move;
use std::fmt;
use std::time::Duration;

/// The value of capturing the enemy lion now (at ply 0). A lion captured
/// `p` plies from the root scores `MATE - p` for the winner, so the
/// fastest win and the slowest loss are preferred.
pub(crate) const MATE: i32 = 30_000;

/// Scores beyond this (in absolute value) are wins or losses.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;

// The network's scores stay scores: its clamp lies inside the non-mate
// range, whatever a network file's weights.
const _: () = assert!(crate::congo::nnue::MAX_EVAL < MATE_BOUND);

/// Above any score.
pub(crate) const INF: i32 = 32_000;

/// When a search stops: at the first limit reached. No limit at all means
/// "until interrupted" (or the deepest depth the engine searches).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes visited (every node, quiescence included).
    pub nodes: Option<u64>,
    /// Wall time from the start of the search.
    pub time: Option<Duration>,
}

impl Limits {
    /// Search exactly `d` plies deep (iterations 1..=d).
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// Stop after `n` nodes (the same moves every run).
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// Stop once `t` has passed (the engine returns within a few ms of it).
    pub fn time(t: Duration) -> Limits {
        Limits {
            time: Some(t),
            ..Limits::default()
        }
    }
}

/// A score from the side to move's view: pawn-hundredths, or a won or lost
/// game with its distance in moves of the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns: +100 is a pawn ahead.
    Cp(i32),
    /// The side to move captures the enemy lion on its `n`-th move.
    WinIn(u32),
    /// The opponent captures our lion on its `n`-th move (0: lost already,
    /// e.g. no legal move).
    LossIn(u32),
}

impl Score {
    /// The score for an internal value (see [`MATE`]).
    pub(crate) fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            let plies = (MATE - v).max(0) as u32;
            Score::WinIn(plies.div_ceil(2))
        } else if v < -MATE_BOUND {
            let plies = (MATE + v).max(0) as u32;
            Score::LossIn(plies / 2)
        } else {
            Score::Cp(v)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(0) => f.write_str("0.00"),
            Score::Cp(c) => {
                let sign = if c < 0 { '-' } else { '+' };
                let a = c.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            Score::WinIn(n) => write!(f, "win in {n}"),
            Score::LossIn(n) => write!(f, "loss in {n}"),
        }
    }
}

/// What the search knows after a finished depth (or when it stops).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The last fully searched depth (plies).
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score of `best`, from the side to move's view.
    pub score: Score,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The move to play; `None` only when the side to move has no legal
    /// move or the game is over.
    pub best: Option<Move>,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// `Some(n)` when some node had more moves than the engine searches
    /// there (the first `n` generated; see `crate::congo::moves::budget`).
    pub truncated: Option<usize>,
    /// The root's exact value, when the endgame tables hold it.
    pub tablebase: Option<crate::congo::tablebase::Verdict>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_text() {
        assert_eq!(Score::Cp(125).to_string(), "+1.25");
        assert_eq!(Score::Cp(-40).to_string(), "-0.40");
        assert_eq!(Score::Cp(0).to_string(), "0.00");
        assert_eq!(Score::Cp(7).to_string(), "+0.07");
        assert_eq!(Score::WinIn(3).to_string(), "win in 3");
        assert_eq!(Score::LossIn(2).to_string(), "loss in 2");
    }

    #[test]
    fn mate_distances_in_moves() {
        // Capturing the lion on our first move is ply 1: win in 1.
        assert_eq!(Score::from_internal(MATE - 1), Score::WinIn(1));
        // Our second move is ply 3: win in 2.
        assert_eq!(Score::from_internal(MATE - 3), Score::WinIn(2));
        // The opponent's first move is ply 2: loss in 1.
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::LossIn(1));
        // No move at the root: lost now.
        assert_eq!(Score::from_internal(-MATE), Score::LossIn(0));
        assert_eq!(Score::from_internal(MATE_BOUND), Score::Cp(MATE_BOUND));
    }
}
