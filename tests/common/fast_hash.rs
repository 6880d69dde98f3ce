//! A cheap hasher for the brute forces' hash maps. The standard SipHash
//! is built for hostile keys and, compiled into the test binary, was about
//! half of the Yut brute force's time; these keys are our own.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a over the bytes, with whole words mixed in one step.
#[derive(Default, Clone, Copy)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        // A final mix so that keys differing only in high bits still
        // spread over the table's low bits.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x0000_0100_0000_01b3) ^ 0xcbf2_9ce4_8422_2325;
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A hash map with [`Fnv`]; make one with `FastMap::default()`.
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

/// A hash set with [`Fnv`]; make one with `FastSet::default()`.
pub type FastSet<K> = HashSet<K, BuildHasherDefault<Fnv>>;
