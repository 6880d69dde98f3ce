//! The transposition table: search results by Zobrist key, and the compact
//! move it stores.
//!
//! An entry is 16 bytes: the full key (so a hit is a real hit but for a
//! 64-bit collision), a compact move, the score, the depth, the bound and
//! the search generation (entries of older searches are replaced first).
//!
//! The table is shared by the threads of a lazy SMP search without locks:
//! an entry is two atomic words, the data and the key xor the data, so a
//! torn entry (one thread's key with another's data) fails the key check
//! and reads as a miss.

use super::types::MATE_BOUND;
use crate::congo::moves::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// A move in 32 bits: bit 31 set, from-square in bits 0-5, to-square in
/// bits 6-11 and, for a monkey path of two or more jumps, a 19-bit hash of
/// its squares in bits 12-30. A stored move is only ever compared with the
/// generated moves of its position, so it is always turned back into a
/// legal move (a path-hash collision could at worst pick another legal
/// path between the same squares).
pub(crate) fn compact(mv: &Move) -> u32 {
    let mut c = (1 << 31) | mv.from().index() as u32 | ((mv.to().index() as u32) << 6);
    if mv.is_multi_jump() {
        let mut h: u32 = 0x811c_9dc5;
        for sq in mv.squares() {
            h = (h ^ sq.index() as u32).wrapping_mul(0x0100_0193);
        }
        c |= (h & 0x7_ffff) << 12;
    }
    c
}

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// At least the score (a beta cut-off).
    Lower,
    /// At most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u32,
    score: i16,
    depth: u8,
    /// Bound in bits 0-1 (0 = empty), generation in bits 2-7.
    flags: u8,
}

impl Entry {
    /// The data word: move, score, depth, flags.
    fn data(&self) -> u64 {
        u64::from(self.mv)
            | (u64::from(self.score as u16) << 32)
            | (u64::from(self.depth) << 48)
            | (u64::from(self.flags) << 56)
    }

    fn from_words(key: u64, data: u64) -> Entry {
        Entry {
            key,
            mv: data as u32,
            score: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            flags: (data >> 56) as u8,
        }
    }
}

/// One slot: the data and the key xor the data.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry, if the two words belong together (else an empty one).
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        let e = Entry::from_words(key, data);
        if data == 0 { Entry::default() } else { e }
    }

    fn save(&self, e: &Entry) {
        let data = e.data();
        self.check.store(e.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// A hit: what was stored for the key.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: u32,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

/// The table: a power-of-two number of entries, indexed by the key's low bits.
pub(crate) struct Table {
    entries: Vec<Slot>,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `mb` megabytes (at least 1024 entries).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.saturating_mul(1 << 20);
        let want = (bytes / std::mem::size_of::<Entry>()).max(1024);
        // The largest power of two not above `want`.
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            entries: (0..n).map(|_| Slot::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// Forget everything.
    pub fn clear(&self) {
        for slot in &self.entries {
            slot.save(&Entry::default());
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Start a new search: older entries become the first to be replaced.
    pub fn next_generation(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 0x3f, Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry for `key` at `ply` (mate scores are stored relative to the
    /// node and returned relative to the root).
    pub fn probe(&self, key: u64, ply: u32) -> Option<Hit> {
        let e = self.entries.get(self.slot(key))?.load();
        if e.key != key || e.flags & 3 == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: e.mv,
            score: from_tt(i32::from(e.score), ply),
            depth: u32::from(e.depth),
            bound,
        })
    }

    /// Store a result; replaces an entry of another key only if it is from
    /// an older search or not deeper.
    pub fn store(&self, key: u64, ply: u32, depth: u32, score: i32, bound: Bound, mv: u32) {
        let generation = self.generation.load(Ordering::Relaxed);
        let Some(cell) = self.entries.get(self.slot(key)) else {
            return;
        };
        let e = cell.load();
        let depth = depth.min(255) as u8;
        let old_gen = e.flags >> 2;
        let replace = e.flags & 3 == 0
            || e.key == key
            || old_gen != generation
            || depth >= e.depth
            || bound == Bound::Exact;
        if !replace {
            return;
        }
        // Keep the old move when the new result has none for this position.
        let mv = if mv == 0 && e.key == key { e.mv } else { mv };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        cell.save(&Entry {
            key,
            mv,
            score: to_tt(score, ply) as i16,
            depth,
            flags: b | (generation << 2),
        });
    }
}

/// A root-relative score as stored at `ply`: mate distances from the node.
fn to_tt(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    let ply = ply as i32;
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::search::types::MATE;

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        t.store(0xabc, 0, 5, 42, Bound::Lower, 0x8000_0001);
        let hit = t.probe(0xabc, 0).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (42, 5, Bound::Lower));
        assert!(t.probe(0xabd, 0).is_none());
        // A mate found 3 plies below a node at ply 4 is 7 plies from the
        // root; seen from a node at ply 2 it is 5 plies away.
        t.store(0x123, 4, 3, MATE - 7, Bound::Exact, 0);
        assert_eq!(t.probe(0x123, 2).unwrap().score, MATE - 5);
        t.clear();
        assert!(t.probe(0xabc, 0).is_none());
    }
}
