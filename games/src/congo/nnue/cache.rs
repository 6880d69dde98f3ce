//! The search's refresh cache: for each view a network can take (colour ×
//! block × mirrored or not: a plain network has one a colour), the
//! accumulator last built for it, the board it was built on and its
//! number of hidden units.
//!
//! When a move changes a view (its lion to another block, or across the
//! d-file) the parent's accumulator is of no use, and a build from
//! scratch adds a row for every piece. The cached accumulator of the new
//! view is usually of a board a few moves away, so the view is that
//! accumulator plus the rows of the squares whose piece differs: the
//! "Finny tables" of chess engines. A move that changes too many squares
//! for one pass (a long monkey chain) is built the same way, for any
//! network. The result is the same integers as a build from scratch (the
//! sums wrap, and adding rows commutes); under `cfg(test)` the stack
//! checks every evaluation against one. The stack clears the cache at
//! each search's root, since the network may have changed; an entry also
//! keeps its number of hidden units, and another number is a miss.

use super::features::{LION_BUCKETS, View};
use super::network::MAX_HIDDEN;
use crate::congo::position::Position;

/// One view's last accumulator and the board it is of.
struct Entry {
    acc: [i16; MAX_HIDDEN],
    /// How many values of `acc` count.
    hidden: usize,
    pos: Position,
    /// Whether `acc` is `pos`'s (under the network of this search).
    valid: bool,
}

/// The refresh cache of one search thread (see the module's doc).
pub struct RefreshCache {
    entries: Vec<Entry>,
    /// How many views were brought up from an entry (tests).
    #[cfg(test)]
    pub(crate) hits: u64,
}

impl RefreshCache {
    /// An empty cache: every entry is built from scratch the first time.
    pub fn new() -> RefreshCache {
        RefreshCache {
            entries: (0..2 * LION_BUCKETS * 2)
                .map(|_| Entry {
                    acc: [0; MAX_HIDDEN],
                    hidden: 0,
                    pos: Position::empty(),
                    valid: false,
                })
                .collect(),
            #[cfg(test)]
            hits: 0,
        }
    }

    /// Forget every entry (a new search: the network may be another).
    pub fn clear(&mut self) {
        for e in &mut self.entries {
            e.valid = false;
        }
    }

    /// `view`'s entry: its accumulator (of `hidden` values) and board, if
    /// valid and of that many hidden units.
    pub(crate) fn get(&self, view: View, hidden: usize) -> Option<(&[i16], &Position)> {
        let e = self.entries.get(index(view))?;
        (e.valid && e.hidden == hidden).then(|| (e.acc.get(..hidden).unwrap_or_default(), &e.pos))
    }

    /// Keep `acc` as `view`'s accumulator on `pos`.
    pub(crate) fn put(&mut self, view: View, acc: &[i16], pos: &Position) {
        if let Some(e) = self.entries.get_mut(index(view))
            && let Some(dst) = e.acc.get_mut(..acc.len())
        {
            dst.copy_from_slice(acc);
            e.hidden = acc.len();
            e.pos.clone_from(pos);
            e.valid = true;
        }
    }
}

impl Default for RefreshCache {
    fn default() -> RefreshCache {
        RefreshCache::new()
    }
}

/// The entry of `view`: colour, block, mirror.
fn index(view: View) -> usize {
    (view.perspective().index() * LION_BUCKETS + view.bucket()) * 2 + usize::from(view.mirror())
}
