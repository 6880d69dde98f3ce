//! Zobrist keys: one random 64-bit number per (colour, kind, square) and
//! one for Black to move. A position's key is the XOR of the keys of its
//! pieces, plus the side key when Black is to move; the move number is not
//! part of it (two positions that differ only there are the same for
//! repetition and for the search's table).
//!
//! The numbers come from the crate's SplitMix64 ([`crate::rng::Rng`]),
//! drawn at compile time, so keys are the same on every run and every
//! machine.

use super::piece::{Color, PieceKind};
use crate::rng::Rng;

/// Squares per (colour, kind) block of the table, a power of two so that a
/// 6-bit square index always lands inside its block.
const BLOCK: usize = 64;

/// The key of each (colour, kind, square): index `(colour * 8 + kind) * 64 + square`.
static PIECE_KEYS: [u64; 2 * 8 * BLOCK] = piece_keys();

/// XORed in when Black is to move: the first number of its own stream.
pub(crate) const SIDE_KEY: u64 = Rng::new(SIDE_SEED).next_u64();

/// The seeds of the two streams (fixed: changing them changes every key,
/// hence the table's collisions and the search's node counts).
const SIDE_SEED: u64 = 0x05ee_d0fc_0490;
const PIECE_SEED: u64 = 0x00c0_4a90_b0a7_d5e1 + 0x9e37_79b9_7f4a_7c15;

// Compile-time table: an out-of-range index is a build error, never a
// run-time panic.
#[allow(clippy::indexing_slicing)]
const fn piece_keys() -> [u64; 2 * 8 * BLOCK] {
    let mut t = [0; 2 * 8 * BLOCK];
    let mut i = 0;
    let mut rng = Rng::new(PIECE_SEED);
    while i < t.len() {
        // Squares past 49 are never used; they get keys all the same.
        t[i] = rng.next_u64();
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
    use super::*;

    #[test]
    fn keys_are_distinct() {
        assert!(super::keys_distinct());
    }

    /// SplitMix64's output for a state already stepped: written out here
    /// independently of `crate::rng`.
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[test]
    fn keys_are_the_ones_the_engine_was_tuned_with() {
        // The keys before `crate::rng` existed: key i was the mix of
        // 0x00c0_4a90_b0a7_d5e1 + (i + 2) * gamma, the side key the mix of
        // 0x05ee_d0fc_0490 + gamma. Same keys, same search node counts.
        const G: u64 = 0x9e37_79b9_7f4a_7c15;
        assert_eq!(SIDE_KEY, mix(0x05ee_d0fc_0490u64.wrapping_add(G)));
        for (i, &k) in PIECE_KEYS.iter().enumerate() {
            let state = 0x00c0_4a90_b0a7_d5e1u64.wrapping_add((i as u64 + 2).wrapping_mul(G));
            assert_eq!(k, mix(state), "key {i}");
        }
    }
}
