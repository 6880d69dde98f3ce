//! The crate's one seeded random generator, stable across versions
//! (SplitMix64): Yut's sticks, the Congo openings, the random agent and
//! the Zobrist keys all draw from it.
//!
//! A seed replays the same stream on every build and platform: the
//! algorithm is fixed here (Steele, Lea and Flood's SplitMix64, the 64-bit
//! finaliser of MurmurHash3 over a Weyl sequence), not borrowed from a
//! crate whose stream could change. The state is one `u64` and the type is
//! `Copy`, so a session's undo snapshot holds it and undo cannot re-roll.
//! Every method is `const`, so compile-time tables (the Zobrist keys) use
//! the same stream.

/// The generator: 64 bits of state, one step per number drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rng {
    state: u64,
}

/// The Weyl increment: the odd integer closest to 2^64 / golden ratio.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator started from `seed`; equal seeds give equal streams.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0), by multiply-and-shift: the
    /// bias is below n / 2^64, far too small to matter for a board game.
    pub const fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// The generator started from `seed` after `draws` numbers were drawn
    /// (what `set seed N+K` restores: a saved session's random state).
    pub const fn at(seed: u64, draws: u64) -> Rng {
        Rng {
            state: seed.wrapping_add(draws.wrapping_mul(GAMMA)),
        }
    }

    /// How many draws from `seed` reach this state: the `K` of
    /// [`Rng::at`]. Every state is some number of draws from any seed
    /// (the increment is odd, so the steps go round all 2^64 states);
    /// from the seed it started at, it is the count actually drawn.
    pub const fn draws_since(&self, seed: u64) -> u64 {
        // The inverse of GAMMA modulo 2^64 by Newton's iteration: each
        // step doubles the bits that are right (3 to start, 6 steps).
        let mut inv = GAMMA;
        let mut i = 0;
        while i < 6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(GAMMA.wrapping_mul(inv)));
            i += 1;
        }
        self.state.wrapping_sub(seed).wrapping_mul(inv)
    }

    /// A generator for an independent stream (e.g. one per simulated
    /// game), split off this one.
    pub const fn split(&mut self) -> Rng {
        Rng::new(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_values() {
        // SplitMix64 from seed 0: the first outputs published with the
        // algorithm (and reproduced by every port, e.g. Vigna's C code).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn draws_since_counts_the_draws() {
        let mut r = Rng::new(3);
        for k in 0..20 {
            assert_eq!(r.draws_since(3), k);
            assert_eq!(Rng::at(3, k), r);
            r.next_u64();
        }
        // Any state, from any seed: at(seed, draws_since(seed)) is it.
        let odd = Rng::new(0xdead_beef);
        assert_eq!(Rng::at(7, odd.draws_since(7)), odd);
    }

    #[test]
    fn equal_seeds_equal_streams() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            let k = r.below(5);
            assert!(k < 5);
            seen[k] += 1;
        }
        // Each of five values expected 1000 times; 800 is > 6 sigma away.
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(r.below(0), 0);
    }
}
