//! Zobrist keys: one random 64-bit number per (colour, kind, square) and
//! one for Black to move. A position's key is the XOR of the keys of its
//! pieces, plus the side key when Black is to move; the move number is not
//! part of it (two positions that differ only there are the same for
//! repetition and for the search's table).
//!
//! The numbers come from a fixed SplitMix64 stream built at compile time,
//! so keys are the same on every run and every machine.

use super::piece::{Color, PieceKind};

/// Squares per (colour, kind) block of the table, a power of two so that a
/// 6-bit square index always lands inside its block.
const BLOCK: usize = 64;

/// The key of each (colour, kind, square): index `(colour * 8 + kind) * 64 + square`.
static PIECE_KEYS: [u64; 2 * 8 * BLOCK] = piece_keys();

/// XORed in when Black is to move.
pub(crate) const SIDE_KEY: u64 = splitmix(0x05ee_d0fc_0490);

/// One step of SplitMix64 from `state`: a well-mixed 64-bit value.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

// Compile-time table: an out-of-range index is a build error, never a
// run-time panic.
#[allow(clippy::indexing_slicing)]
const fn piece_keys() -> [u64; 2 * 8 * BLOCK] {
    let mut t = [0; 2 * 8 * BLOCK];
    let mut i = 0;
    let mut state: u64 = 0x00c0_4a90_b0a7_d5e1;
    while i < t.len() {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        // Squares past 49 are never used; they get keys all the same.
        t[i] = splitmix(state);
        i += 1;
    }
    t
}

/// The key of a piece of `color` and `kind` on the square with index `sq`
/// (below 49).
#[inline]
pub(crate) fn piece_key(color: Color, kind: PieceKind, sq: usize) -> u64 {
    let block = color.index() * 8 + kind.index();
    PIECE_KEYS
        .get(block * BLOCK + (sq & (BLOCK - 1)))
        .copied()
        .unwrap_or(0)
}

/// The XOR of the keys of a piece of `color` and `kind` on every square of
/// `mask` (bits of square indices).
#[inline]
pub(crate) fn mask_key(color: Color, kind: PieceKind, mut mask: u64) -> u64 {
    let mut h = 0;
    while mask != 0 {
        h ^= piece_key(color, kind, mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
    h
}

/// Whether every key used is distinct and non-zero (a sanity check the
/// tests run; a collision here would make two piece placements alike).
#[cfg(test)]
pub(crate) fn keys_distinct() -> bool {
    let mut all: Vec<u64> = Vec::new();
    for c in Color::ALL {
        for k in PieceKind::ALL {
            for sq in 0..super::square::SQUARES {
                all.push(piece_key(c, k, sq));
            }
        }
    }
    all.push(SIDE_KEY);
    let n = all.len();
    all.sort_unstable();
    all.dedup();
    all.len() == n && !all.contains(&0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct() {
        assert!(super::keys_distinct());
    }
}
