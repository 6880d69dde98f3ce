//! A card's search budget as the deck writes it: `nodes N`, `depth N` or
//! `ms N` (the review's budget a position, which `drill` searches an
//! answer within, as `retry` does).

use crate::congo::search::Limits;
use std::time::Duration;

/// The budget's text; `ms 1000` for a limit with none set.
pub fn text(limits: &Limits) -> String {
    if let Some(n) = limits.nodes {
        format!("nodes {n}")
    } else if let Some(d) = limits.depth {
        format!("depth {d}")
    } else {
        let ms = limits.time.map_or(1000, |t| t.as_millis());
        format!("ms {ms}")
    }
}

/// The limits of a budget's text (a positive count), else `None`.
pub fn parse(text: &str) -> Option<Limits> {
    let (kind, n) = text.split_once(' ')?;
    let n: u64 = n.parse().ok().filter(|&n| n > 0)?;
    match kind {
        "nodes" => Some(Limits::nodes(n)),
        "depth" => Some(Limits::depth(u32::try_from(n).ok().filter(|&d| d <= 64)?)),
        "ms" => Some(Limits::time(Duration::from_millis(n.min(60_000)))),
        _ => None,
    }
}

/// A Yut card's budget, `positions N` (the games of an estimate search
/// at most N positions in all), else `None`.
pub fn positions(text: &str) -> Option<u64> {
    let n = text.strip_prefix("positions ")?;
    n.parse().ok().filter(|&n| n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_round_trip() {
        for t in ["nodes 20000", "depth 7", "ms 1000"] {
            assert_eq!(text(&parse(t).unwrap()), t);
        }
        for t in ["nodes 0", "nodes", "depth 99", "time 5", "nodes -1", ""] {
            assert_eq!(parse(t), None, "{t}");
        }
        assert_eq!(positions("positions 10000000"), Some(10_000_000));
        for t in ["positions 0", "positions", "nodes 5", "positions x"] {
            assert_eq!(positions(t), None, "{t}");
        }
    }
}
