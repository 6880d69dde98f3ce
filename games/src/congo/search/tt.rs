//! The transposition table: search results by Zobrist key, and the compact
//! move it stores.
//!
//! An entry is 16 bytes: the key (so a hit is a real hit but for a 64-bit
//! collision), a compact move, the score, the depth, the bound and the
//! search generation (entries of older searches are replaced first).
//!
//! The table is shared by the threads of a lazy SMP search without locks:
//! an entry is two atomic words, the data and the key xor the data, so a
//! torn entry (one thread's key with another's data) fails the key check
//! and reads as a miss.
//!
//! The table is allocated once and emptied in O(1): the low 16 bits of a
//! stored key hold the table's *epoch* instead of the key's own (those
//! are the slot's index in any table of 1 MB or more, so the whole key is
//! still checked), and [`Table::clear`] starts a new epoch, which makes
//! every older entry read as empty. Only when the epoch wraps, every
//! 65,536 clears, is the memory filled.

use super::types::MATE_BOUND;
use crate::congo::moves::Move;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, Ordering};

/// A move in 32 bits: bit 31 set, from-square in bits 0-5, to-square in
/// bits 6-11 and, for a monkey path of two or more jumps, a 19-bit hash of
/// its squares in bits 12-30. A stored move is only ever compared with the
/// generated moves of its position, so it is always turned back into a
/// legal move (a path-hash collision could at worst pick another legal
/// path between the same squares).
///
/// Bit 31 makes it non-zero, so "no move" is `Option::None` at no cost
/// (an `Option<PackedMove>` is 32 bits too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PackedMove(NonZeroU32);

impl PackedMove {
    /// The packed form of `mv`.
    pub(crate) fn of(mv: &Move) -> PackedMove {
        let mut c = (1 << 31) | mv.from().index() as u32 | ((mv.to().index() as u32) << 6);
        if mv.is_multi_jump() {
            let mut h: u32 = 0x811c_9dc5;
            for sq in mv.squares() {
                h = (h ^ sq.index() as u32).wrapping_mul(0x0100_0193);
            }
            c |= (h & 0x7_ffff) << 12;
        }
        // Bit 31 is set: never zero.
        PackedMove(NonZeroU32::new(c).unwrap_or(NonZeroU32::MIN))
    }

    /// The 32 bits of a stored move, 0 for none.
    fn bits(mv: Option<PackedMove>) -> u32 {
        mv.map_or(0, |m| m.0.get())
    }

    /// The move of stored bits (0: none).
    fn from_bits(bits: u32) -> Option<PackedMove> {
        NonZeroU32::new(bits).map(PackedMove)
    }
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
    /// The key's upper 48 bits and the epoch it was stored in.
    key: u64,
    mv: Option<PackedMove>,
    score: i16,
    depth: u8,
    /// Bound in bits 0-1 (0 = empty), generation in bits 2-7.
    flags: u8,
}

impl Entry {
    /// The data word: move, score, depth, flags.
    fn data(&self) -> u64 {
        u64::from(PackedMove::bits(self.mv))
            | (u64::from(self.score as u16) << 32)
            | (u64::from(self.depth) << 48)
            | (u64::from(self.flags) << 56)
    }

    fn from_words(key: u64, data: u64) -> Entry {
        Entry {
            key,
            mv: PackedMove::from_bits(data as u32),
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
        if data == 0 {
            Entry::default()
        } else {
            Entry::from_words(key, data)
        }
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
    pub mv: Option<PackedMove>,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

/// The table: a power-of-two number of entries, indexed by the key's low bits.
pub(crate) struct Table {
    entries: Vec<Slot>,
    generation: AtomicU8,
    epoch: AtomicU16,
}

/// The bits of a stored key that hold the epoch.
const EPOCH_BITS: u64 = 0xffff;

/// A transposition table the memory could not be had for (a size the
/// options allow, say `hash=4096`, under a memory limit): an error to
/// report, not an abort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a transposition table of {mb} MB (out of memory)")]
pub struct HashAllocError {
    /// The size asked for, in megabytes.
    pub mb: usize,
}

impl Table {
    /// The number of entries of a table of about `mb` megabytes (a power
    /// of two, at least 1024).
    fn entries_for(mb: usize) -> usize {
        // Under the fuzzer (`--cfg fuzzing`) at most 2 MB: an instrumented
        // build spent longer filling a 16 MB table than searching in it.
        #[cfg(fuzzing)]
        let mb = mb.min(2);
        let bytes = mb.saturating_mul(1 << 20);
        let want = (bytes / std::mem::size_of::<Slot>()).max(1024);
        // The largest power of two not above `want`.
        1usize << (usize::BITS - 1 - want.leading_zeros())
    }

    /// A table of about `mb` megabytes (at least 1024 entries).
    pub fn new(mb: usize) -> Table {
        let n = Table::entries_for(mb);
        Table {
            entries: (0..n).map(|_| Slot::default()).collect(),
            generation: AtomicU8::new(0),
            epoch: AtomicU16::new(0),
        }
    }

    /// As [`Table::new`], but a failed allocation is an error.
    ///
    /// # Errors
    ///
    /// [`HashAllocError`] when the memory cannot be reserved.
    pub fn try_new(mb: usize) -> Result<Table, HashAllocError> {
        let n = Table::entries_for(mb);
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(n)
            .map_err(|_| HashAllocError { mb })?;
        entries.resize_with(n, Slot::default);
        Ok(Table {
            entries,
            generation: AtomicU8::new(0),
            epoch: AtomicU16::new(0),
        })
    }

    /// Forget everything: a new epoch, in which every entry stored before
    /// reads as empty (the memory is filled only when the epoch wraps).
    /// Called between searches, never during one.
    pub fn clear(&self) {
        let epoch = self.epoch.load(Ordering::Relaxed).wrapping_add(1);
        self.epoch.store(epoch, Ordering::Relaxed);
        if epoch == 0 {
            for slot in &self.entries {
                slot.save(&Entry::default());
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    fn epoch(&self) -> u16 {
        self.epoch.load(Ordering::Relaxed)
    }

    /// `key` as stored in this epoch.
    fn tag(&self, key: u64) -> u64 {
        (key & !EPOCH_BITS) | u64::from(self.epoch())
    }

    /// Whether `e` holds something stored in this epoch.
    fn live(&self, e: &Entry) -> bool {
        e.flags & 3 != 0 && e.key & EPOCH_BITS == u64::from(self.epoch())
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
        if e.key != self.tag(key) || !self.live(&e) {
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
    pub fn store(
        &self,
        key: u64,
        ply: u32,
        depth: u32,
        score: i32,
        bound: Bound,
        mv: Option<PackedMove>,
    ) {
        let generation = self.generation.load(Ordering::Relaxed);
        let Some(cell) = self.entries.get(self.slot(key)) else {
            return;
        };
        let e = cell.load();
        let tag = self.tag(key);
        let live = self.live(&e);
        let depth = depth.min(255) as u8;
        let old_gen = e.flags >> 2;
        let replace = !live
            || e.key == tag
            || old_gen != generation
            || depth >= e.depth
            || bound == Bound::Exact;
        if !replace {
            return;
        }
        // Keep the old move when the new result has none for this position.
        let mv = if live && e.key == tag {
            mv.or(e.mv)
        } else {
            mv
        };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        cell.save(&Entry {
            key: tag,
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
        let mv = PackedMove::of(&"c2c3".parse().unwrap());
        t.store(0xabc, 0, 5, 42, Bound::Lower, Some(mv));
        let hit = t.probe(0xabc, 0).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (42, 5, Bound::Lower));
        assert_eq!(hit.mv, Some(mv));
        // A result without a move keeps the key's stored move.
        t.store(0xabc, 0, 6, 40, Bound::Upper, None);
        assert_eq!(t.probe(0xabc, 0).unwrap().mv, Some(mv));
        assert!(t.probe(0xabd, 0).is_none());
        // A mate found 3 plies below a node at ply 4 is 7 plies from the
        // root; seen from a node at ply 2 it is 5 plies away.
        t.store(0x123, 4, 3, MATE - 7, Bound::Exact, None);
        assert_eq!(t.probe(0x123, 2).unwrap().score, MATE - 5);
        t.clear();
        assert!(t.probe(0xabc, 0).is_none());
    }

    #[test]
    fn an_entry_stays_sixteen_bytes() {
        // `Option<PackedMove>` uses the non-zero niche: no tag byte.
        assert_eq!(std::mem::size_of::<Option<PackedMove>>(), 4);
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(std::mem::size_of::<Slot>(), 16);
    }

    #[test]
    fn a_clear_forgets_without_touching_the_memory() {
        let t = Table::new(1);
        let key = 0x1234_5678_9abc_def0;
        t.store(key, 0, 9, 42, Bound::Lower, None);
        t.clear();
        let slot = t.slot(key);
        // The entry is still in memory, but reads as empty ...
        assert_ne!(t.entries[slot].load().flags & 3, 0, "not filled");
        assert!(t.probe(key, 0).is_none());
        // ... and is replaced as an empty slot is, even by a shallower
        // bound of another key with the same index (an entry of this
        // epoch that deep would be kept).
        let other = key ^ (1 << 40);
        t.store(other, 0, 1, 7, Bound::Upper, None);
        assert_eq!(t.probe(other, 0).map(|h| h.score), Some(7));
        assert!(t.probe(key, 0).is_none());
    }

    #[test]
    fn the_epoch_wraps_to_an_empty_table() {
        // After 65,536 clears the epoch is back where it was: the memory
        // is filled then, or the old entry would read as found again.
        let t = Table::new(1);
        t.store(0xabc0_0000_0000, 0, 5, 42, Bound::Exact, None);
        for _ in 0..=u16::MAX {
            t.clear();
        }
        assert_eq!(t.epoch(), 0);
        assert!(t.probe(0xabc0_0000_0000, 0).is_none());
    }

    #[test]
    fn a_table_past_the_address_space_is_an_error() {
        // usize::MAX >> 20 megabytes is 2^44 MB: 2^59 entries of 16 bytes,
        // more bytes than a usize counts, so the reservation fails at
        // once (no memory limit needed) and says the size.
        let mb = usize::MAX >> 20;
        assert_eq!(Table::try_new(mb).err(), Some(HashAllocError { mb }));
        // A small one is the table `new` makes: 1 MB is 65536 entries.
        let t = Table::try_new(1).unwrap();
        assert_eq!(t.entries.len(), 1 << 16);
        assert_eq!(Table::new(1).entries.len(), 1 << 16);
    }
}
