//! The positions a search's root was preceded by, for repetitions: a
//! position of the search that occurred before in the game is a draw.
//!
//! A caller holding only the keys (oldest first) passes the slice, which
//! the search scans at each node; a [`Game`](crate::congo::Game) passes its
//! counted keys ([`KeyCounts`]), one lookup a node however long the game.

use crate::congo::KeyCounts;

/// The earlier positions' Zobrist keys, as a slice or counted.
#[derive(Clone, Copy, Debug)]
pub enum PastKeys<'a> {
    /// The keys, oldest first.
    Slice(&'a [u64]),
    /// The keys, counted.
    Counted(&'a KeyCounts),
}

impl PastKeys<'_> {
    /// Whether a position with `key` occurred before the root.
    #[inline]
    pub fn contains(&self, key: u64) -> bool {
        match self {
            // The latest positions are the likeliest to repeat.
            PastKeys::Slice(keys) => keys.iter().rev().any(|&k| k == key),
            PastKeys::Counted(counts) => counts.contains(key),
        }
    }
}

impl<'a> From<&'a [u64]> for PastKeys<'a> {
    fn from(keys: &'a [u64]) -> PastKeys<'a> {
        PastKeys::Slice(keys)
    }
}

impl<'a, const N: usize> From<&'a [u64; N]> for PastKeys<'a> {
    fn from(keys: &'a [u64; N]) -> PastKeys<'a> {
        PastKeys::Slice(keys)
    }
}

impl<'a> From<&'a Vec<u64>> for PastKeys<'a> {
    fn from(keys: &'a Vec<u64>) -> PastKeys<'a> {
        PastKeys::Slice(keys)
    }
}

impl<'a> From<&'a KeyCounts> for PastKeys<'a> {
    fn from(counts: &'a KeyCounts) -> PastKeys<'a> {
        PastKeys::Counted(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_and_its_counts_agree() {
        let keys = [3u64, 5, 3, 8];
        let mut counts = KeyCounts::default();
        for k in keys {
            counts.add(k);
        }
        for k in 0..10 {
            assert_eq!(
                PastKeys::from(&keys).contains(k),
                PastKeys::from(&counts).contains(k),
                "key {k}"
            );
        }
    }

    /// A search given a game's keys as a slice or counted is the same
    /// search (nodes, score, move, line), where the history holds
    /// repetitions to find: the zebras shuffled out and back twice.
    #[test]
    fn a_search_over_either_form_is_the_same() {
        use crate::congo::search::{Engine, EngineConfig, Limits};
        use crate::congo::{Game, Move};
        use crate::interrupt::Never;
        let mut g = Game::default();
        for m in ["g1f3", "g7f5", "f3g1", "f5g7", "g1f3", "g7f5", "f3g1"] {
            g.play(m.parse::<Move>().unwrap()).unwrap();
            for limits in [Limits::depth(4), Limits::nodes(5_000)] {
                let run = |history: PastKeys<'_>| {
                    let mut e = Engine::new(EngineConfig {
                        hash_mb: 4,
                        threads: 1,
                        ..EngineConfig::strongest()
                    });
                    let i = e.search(g.position(), history, &limits, &Never, &mut |_| {});
                    format!(
                        "{} {} {:?} {:?} {:?}",
                        i.depth, i.nodes, i.score, i.best, i.pv
                    )
                };
                assert_eq!(run(g.keys().into()), run(g.seen().into()), "{m}");
            }
        }
    }
}
