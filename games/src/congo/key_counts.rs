//! A multiset of Zobrist keys: how often each position of a game occurred,
//! kept as the game is played and undone, so that a repetition count and
//! the search's "did this occur before?" are one lookup however long the
//! game (a scan of every earlier key made each search node, and so a long
//! game's review, cost the game's length).

use std::collections::HashMap;

/// The keys are Zobrist keys (already random): a fixed fast hasher, so a
/// count does not depend on a per-process seed.
type Hasher = foldhash::fast::FixedState;

/// How often each key was added (and not removed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyCounts {
    counts: HashMap<u64, u32, Hasher>,
}

impl KeyCounts {
    /// Count `key` once more.
    pub fn add(&mut self, key: u64) {
        let n = self.counts.entry(key).or_insert(0);
        *n = n.saturating_add(1);
    }

    /// Count `key` once less (nothing when it is not counted).
    pub fn remove(&mut self, key: u64) {
        if let Some(n) = self.counts.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.counts.remove(&key);
            }
        }
    }

    /// How often `key` was counted.
    pub fn count(&self, key: u64) -> usize {
        self.counts.get(&key).map_or(0, |&n| n as usize)
    }

    /// Whether `key` was counted at all.
    pub fn contains(&self, key: u64) -> bool {
        self.counts.contains_key(&key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_go_up_and_down() {
        let mut k = KeyCounts::default();
        assert!(!k.contains(7));
        k.add(7);
        k.add(7);
        k.add(9);
        assert_eq!((k.count(7), k.count(9), k.count(1)), (2, 1, 0));
        k.remove(7);
        assert!(k.contains(7));
        k.remove(7);
        assert!(!k.contains(7));
        // Removing what is not there changes nothing.
        k.remove(7);
        assert_eq!(k, {
            let mut only9 = KeyCounts::default();
            only9.add(9);
            only9
        });
    }
}
