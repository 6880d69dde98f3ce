//! The network's inner loops: add a weight row to an accumulator,
//! subtract one, and the output layer's dot products (clipped ReLU, and
//! squared clipped ReLU).
//!
//! Each has a scalar version (plain slice loops, wrapping `i16`
//! arithmetic) and, on x86_64, an AVX2 one. The choice is made once, when
//! a network is made or read: it holds a table of the four kernels
//! ([`Kernels`], the CPU asked by `is_x86_feature_detected!`) and every
//! call goes through the table. Both give the same integers on every
//! input: the AVX2 adds and subtracts wrap like `wrapping_add` and
//! `wrapping_sub` (`_mm256_add_epi16`, `_mm256_sub_epi16`), and the dot
//! product cannot overflow an `i32` in either (see [`dot`]), so the order
//! of its additions does not matter. The unit tests below hold them
//! equal on random rows, on values at the clamp's edges and on sums that
//! wrap.
//!
//! This is the library's one `unsafe` module (outside the front end's
//! system calls): each block says why it is sound.

/// The scalar kernels: the reference the SIMD ones must equal.
pub(crate) mod scalar {
    use crate::congo::nnue::network::{QA, SQ_SHIFT};

    /// `acc += row`, element by element, wrapping (over the shorter of
    /// the two).
    pub fn add(acc: &mut [i16], row: &[i16]) {
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(*w);
        }
    }

    /// `acc -= row`, element by element, wrapping.
    pub fn sub(acc: &mut [i16], row: &[i16]) {
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_sub(*w);
        }
    }

    /// `out = src + Σ adds − Σ subs`, element by element, wrapping, over
    /// the shorter of `out` and `src` (a row shorter than that adds or
    /// subtracts only its own length).
    pub fn apply(out: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        let n = out.len().min(src.len());
        let (out, _) = out.split_at_mut(n);
        out.copy_from_slice(src.get(..n).unwrap_or_default());
        for row in adds {
            add(out, row);
        }
        for row in subs {
            sub(out, row);
        }
    }

    /// Σ clamp(acc, 0, QA) × w over the shorter of the two.
    pub fn dot(acc: &[i16], weights: &[i16]) -> i32 {
        acc.iter()
            .zip(weights)
            .map(|(&a, &w)| i32::from(a.clamp(0, QA)) * i32::from(w))
            .fold(0i32, i32::wrapping_add)
    }

    /// Σ (clamp(acc, 0, QA)² >> SQ_SHIFT) × w over the shorter of the two,
    /// in an `i64` (each term is within ±2032 × 32768).
    pub fn dot_sq(acc: &[i16], weights: &[i16]) -> i64 {
        acc.iter()
            .zip(weights)
            .map(|(&a, &w)| {
                let c = i64::from(a.clamp(0, QA));
                ((c * c) >> SQ_SHIFT) * i64::from(w)
            })
            .sum()
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use crate::congo::nnue::network::{QA, SQ_SHIFT};
    use std::arch::x86_64::{
        __m256i, _mm_add_epi32, _mm_cvtsi128_si32, _mm_shuffle_epi32, _mm256_add_epi16,
        _mm256_add_epi32, _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_loadu_si256,
        _mm256_madd_epi16, _mm256_max_epi16, _mm256_min_epi16, _mm256_mullo_epi16,
        _mm256_set1_epi16, _mm256_setzero_si256, _mm256_srli_epi16, _mm256_storeu_si256,
        _mm256_sub_epi16,
    };

    /// 16 lanes of `i16` in a 256-bit register.
    const LANES: usize = 16;

    /// `acc += row` over the shorter of the two, 16 lanes at a time, the
    /// tail by the scalar kernel. (A view built from scratch adds its
    /// rows; everything else goes through `apply`.)
    /// Safe to call (in `unsafe`) only where the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub fn add(acc: &mut [i16], row: &[i16]) {
        let n = acc.len().min(row.len());
        let (acc, _) = acc.split_at_mut(n);
        let (row, _) = row.split_at(n);
        let mut a_chunks = acc.chunks_exact_mut(LANES);
        let mut r_chunks = row.chunks_exact(LANES);
        for (a, r) in (&mut a_chunks).zip(&mut r_chunks) {
            // SAFETY: `a` and `r` are exactly 16 `i16`s (32 bytes) each
            // (`chunks_exact`), and the unaligned loads and store accept
            // any address.
            unsafe {
                let x = _mm256_loadu_si256(a.as_ptr().cast());
                let y = _mm256_loadu_si256(r.as_ptr().cast());
                _mm256_storeu_si256(a.as_mut_ptr().cast(), _mm256_add_epi16(x, y));
            }
        }
        let (a, r) = (a_chunks.into_remainder(), r_chunks.remainder());
        super::scalar::add(a, r);
    }

    /// See [`super::scalar::apply`]: one pass, 16 lanes at a time, each
    /// lane loaded from `src`, every row added or subtracted, stored once.
    /// Safe to call (in `unsafe`) only where the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub fn apply(out: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        let n = out.len().min(src.len());
        if adds.iter().chain(subs).any(|r| r.len() < n) {
            super::scalar::apply(out, src, adds, subs);
            return;
        }
        let whole = n - n % LANES;
        let mut off = 0;
        while off < whole {
            // SAFETY: off + 16 <= whole <= n, and `out`, `src` and every
            // row hold at least n values (checked above), so each
            // unaligned 32-byte load and the store stay inside their
            // slices.
            unsafe {
                let mut x = _mm256_loadu_si256(src.as_ptr().add(off).cast());
                for row in adds {
                    x = _mm256_add_epi16(x, _mm256_loadu_si256(row.as_ptr().add(off).cast()));
                }
                for row in subs {
                    x = _mm256_sub_epi16(x, _mm256_loadu_si256(row.as_ptr().add(off).cast()));
                }
                _mm256_storeu_si256(out.as_mut_ptr().add(off).cast(), x);
            }
            off += LANES;
        }
        for i in whole..n {
            let mut v = src.get(i).copied().unwrap_or(0);
            for row in adds {
                v = v.wrapping_add(row.get(i).copied().unwrap_or(0));
            }
            for row in subs {
                v = v.wrapping_sub(row.get(i).copied().unwrap_or(0));
            }
            if let Some(o) = out.get_mut(i) {
                *o = v;
            }
        }
    }

    /// Σ over the whole 16-lane chunks of `f(clamp(acc, 0, QA)) × w`,
    /// neighbouring pairs added into 8 `i32` lanes (`madd`): `f` the
    /// identity, or with `SQUARE` the square shifted right by `SQ_SHIFT`
    /// (`mullo`: the low 16 bits of at most 65,025, which is all of it
    /// read unsigned; the logical shift gives 0 to 2032). The callers
    /// bound what a lane collects.
    #[target_feature(enable = "avx2")]
    fn lanes<const SQUARE: bool>(acc: &[i16], weights: &[i16]) -> __m256i {
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA);
        let mut sum = _mm256_setzero_si256();
        for (a, w) in acc.chunks_exact(LANES).zip(weights.chunks_exact(LANES)) {
            // SAFETY: `a` and `w` are exactly 16 `i16`s each
            // (`chunks_exact`); the loads are unaligned ones.
            let (x, y) = unsafe {
                (
                    _mm256_loadu_si256(a.as_ptr().cast()),
                    _mm256_loadu_si256(w.as_ptr().cast()),
                )
            };
            let mut v = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
            if SQUARE {
                v = _mm256_srli_epi16::<{ SQ_SHIFT as i32 }>(_mm256_mullo_epi16(v, v));
            }
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, y));
        }
        sum
    }

    /// See [`super::scalar::dot`]: [`lanes`] (each `madd` pair within
    /// |255 × -32768 × 2| < 2^31), the tail by the scalar kernel, the
    /// lanes summed at the end.
    /// Safe to call (in `unsafe`) only where the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub fn dot(acc: &[i16], weights: &[i16]) -> i32 {
        let n = acc.len().min(weights.len());
        let (acc, _) = acc.split_at(n);
        let (weights, _) = weights.split_at(n);
        let tail = super::scalar::dot(
            acc.chunks_exact(LANES).remainder(),
            weights.chunks_exact(LANES).remainder(),
        );
        let sum = lanes::<false>(acc, weights);
        // 8 lanes -> 4 -> 2 -> 1 (all wrapping, as the scalar fold).
        let half = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256::<1>(sum),
        );
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
        let one = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
        _mm_cvtsi128_si32(one).wrapping_add(tail)
    }

    /// See [`super::scalar::dot_sq`]: [`lanes`] squared. A lane collects
    /// 2 products a chunk, at most 32 over `MAX_HIDDEN` units: 32 × 2032 ×
    /// 32768 < 2^31, so no lane overflows on a network's rows (longer
    /// slices are summed a block of 256 at a time); the lanes are summed
    /// in an `i64`.
    /// Safe to call (in `unsafe`) only where the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub fn dot_sq(acc: &[i16], weights: &[i16]) -> i64 {
        const BLOCK: usize = crate::congo::nnue::network::MAX_HIDDEN;
        let n = acc.len().min(weights.len());
        let (acc, _) = acc.split_at(n);
        let (weights, _) = weights.split_at(n);
        let mut total = 0i64;
        for (acc, weights) in acc.chunks(BLOCK).zip(weights.chunks(BLOCK)) {
            total += super::scalar::dot_sq(
                acc.chunks_exact(LANES).remainder(),
                weights.chunks_exact(LANES).remainder(),
            );
            let sum = lanes::<true>(acc, weights);
            let mut l = [0i32; 8];
            // SAFETY: `l` is 8 `i32`s (32 bytes); the store is an
            // unaligned one.
            unsafe { _mm256_storeu_si256(l.as_mut_ptr().cast(), sum) };
            total += l.iter().map(|&x| i64::from(x)).sum::<i64>();
        }
        total
    }
}

/// `out = src + Σ adds − Σ subs`'s signature.
pub(crate) type ApplyFn = fn(&mut [i16], &[i16], &[&[i16]], &[&[i16]]);

/// The kernels of one instruction set, chosen once: a network holds
/// the table chosen when it was made ([`Kernels::detect`], at load), so a
/// call is one indirect call, with no question to the CPU and no flag to
/// load.
#[derive(Clone, Copy)]
pub(crate) struct Kernels {
    /// `acc += row` (wrapping).
    pub add: fn(&mut [i16], &[i16]),
    /// `out = src + Σ adds − Σ subs` (wrapping): a child's accumulator
    /// from its parent's in one pass.
    pub apply: ApplyFn,
    /// Σ clamp(acc, 0, QA) × w. With at most `MAX_HIDDEN` units the sum
    /// stays within an `i32` (255 × 32768 × 256 < 2^31), so it is exact
    /// on every table.
    pub dot: fn(&[i16], &[i16]) -> i32,
    /// Σ (clamp(acc, 0, QA)² >> SQ_SHIFT) × w, exact in an `i64`.
    pub dot_sq: fn(&[i16], &[i16]) -> i64,
    /// Whether these are SIMD kernels.
    pub simd: bool,
}

impl std::fmt::Debug for Kernels {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.simd {
            "Kernels(simd)"
        } else {
            "Kernels(scalar)"
        })
    }
}

/// The scalar table: every CPU.
pub(crate) const SCALAR: Kernels = Kernels {
    add: scalar::add,
    apply: scalar::apply,
    dot: scalar::dot,
    dot_sq: scalar::dot_sq,
    simd: false,
};

/// The AVX2 table, behind safe wrappers: only [`Kernels::detect`] hands
/// it out, and only where the CPU has AVX2.
#[cfg(target_arch = "x86_64")]
mod avx2_table {
    use super::{Kernels, avx2};

    fn add(acc: &mut [i16], row: &[i16]) {
        // SAFETY: this table is chosen only where the CPU has AVX2
        // (`Kernels::detect`).
        unsafe { avx2::add(acc, row) }
    }

    fn apply(out: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        // SAFETY: as `add`.
        unsafe { avx2::apply(out, src, adds, subs) }
    }

    fn dot(acc: &[i16], weights: &[i16]) -> i32 {
        // SAFETY: as `add`.
        unsafe { avx2::dot(acc, weights) }
    }

    fn dot_sq(acc: &[i16], weights: &[i16]) -> i64 {
        // SAFETY: as `add`.
        unsafe { avx2::dot_sq(acc, weights) }
    }

    pub(super) const AVX2: Kernels = Kernels {
        add,
        apply,
        dot,
        dot_sq,
        simd: true,
    };
}

impl Kernels {
    /// The fastest table this CPU runs (AVX2 where it has it), or the
    /// scalar one when `allow_simd` is false. The CPU is asked here, when
    /// a network is made, never per call.
    pub(crate) fn detect(allow_simd: bool) -> Kernels {
        #[cfg(target_arch = "x86_64")]
        if allow_simd && std::arch::is_x86_feature_detected!("avx2") {
            return avx2_table::AVX2;
        }
        let _ = allow_simd;
        SCALAR
    }
}

/// Whether this machine's CPU runs the SIMD kernels (what a network made
/// here uses unless told otherwise: [`Network::with_simd`](super::Network::with_simd)).
pub fn simd_in_use() -> bool {
    Kernels::detect(true).simd
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::nnue::network::{MAX_HIDDEN, QA};
    use crate::rng::Rng;

    /// `n` values: random over the whole `i16` range, with the edges
    /// (the clamp's 0 and QA and their neighbours, i16::MIN and MAX) mixed in.
    fn values(rng: &mut Rng, n: usize) -> Vec<i16> {
        let edges = [
            i16::MIN,
            i16::MIN + 1,
            -1,
            0,
            1,
            QA - 1,
            QA,
            QA + 1,
            i16::MAX - 1,
            i16::MAX,
        ];
        (0..n)
            .map(|_| {
                if rng.below(4) == 0 {
                    edges[rng.below(edges.len())]
                } else {
                    (rng.below(65536) as i32 - 32768) as i16
                }
            })
            .collect()
    }

    /// The table a network made here uses (AVX2 where the CPU has it).
    fn best() -> Kernels {
        Kernels::detect(true)
    }

    /// The table chosen: AVX2 exactly where the CPU has it, the scalar
    /// one when SIMD is not allowed.
    #[test]
    fn the_table_is_the_cpus() {
        #[cfg(target_arch = "x86_64")]
        assert_eq!(best().simd, std::arch::is_x86_feature_detected!("avx2"));
        assert!(!Kernels::detect(false).simd);
    }

    /// Every length from 0 to MAX_HIDDEN + 3 (so every tail length after
    /// whole 16-lane chunks), random and edge values: the chosen kernels
    /// (AVX2 where the CPU has it) equal the scalar ones exactly.
    #[test]
    fn chosen_kernels_equal_the_scalar_ones() {
        let Kernels {
            add,
            apply,
            dot,
            dot_sq,
            ..
        } = best();
        let mut rng = Rng::new(40);
        for n in 0..=MAX_HIDDEN + 3 {
            for _ in 0..4 {
                let acc = values(&mut rng, n);
                let row = values(&mut rng, n);
                let (mut a, mut b) = (acc.clone(), acc.clone());
                add(&mut a, &row);
                scalar::add(&mut b, &row);
                assert_eq!(a, b, "add, {n} values");
                assert_eq!(dot(&acc, &row), scalar::dot(&acc, &row), "dot, {n} values");
                assert_eq!(
                    dot_sq(&acc, &row),
                    scalar::dot_sq(&acc, &row),
                    "dot_sq, {n} values"
                );
                let rows: Vec<Vec<i16>> = (0..6).map(|_| values(&mut rng, n)).collect();
                let (na, ns) = (rng.below(4), rng.below(3));
                let adds: Vec<&[i16]> = rows[..na].iter().map(|r| &r[..]).collect();
                let subs: Vec<&[i16]> = rows[3..3 + ns].iter().map(|r| &r[..]).collect();
                let (mut a, mut b) = (vec![7; n], vec![7; n]);
                apply(&mut a, &acc, &adds, &subs);
                scalar::apply(&mut b, &acc, &adds, &subs);
                assert_eq!(a, b, "apply, {n} values, {na} adds, {ns} subs");
                // And the scalar one is the copy then the adds and subs.
                let mut c = acc.clone();
                adds.iter().for_each(|r| scalar::add(&mut c, r));
                subs.iter().for_each(|r| scalar::sub(&mut c, r));
                assert_eq!(b, c, "apply, {n} values");
            }
        }
    }

    /// The wrapping and the clamp, worked by hand: 32767 + 1 wraps to
    /// -32768, -32768 - 1 to 32767; the dot clamps -5 to 0 and 300 to 255.
    /// Both on 17 lanes (one chunk of 16 and a tail of 1), so the AVX2
    /// loop and the tail both see them.
    #[test]
    fn kernels_wrap_and_clamp_as_worked_by_hand() {
        let Kernels {
            add, apply, dot, ..
        } = best();
        let mut acc = vec![i16::MAX; 17];
        add(&mut acc, &[1; 17]);
        assert_eq!(acc, vec![i16::MIN; 17]);
        let mut back = vec![0; 17];
        apply(&mut back, &acc, &[], &[&[1; 17]]);
        assert_eq!(back, vec![i16::MAX; 17]);
        // 16 × clamp(300) × 2 + clamp(-5) × 7 = 16 × 255 × 2 = 8160.
        let mut a = vec![300; 17];
        a[16] = -5;
        assert_eq!(dot(&a, &[2; 17]), 8160);
        // The extreme sum: 256 × 255 × -32768 = -2,139,095,040, no overflow.
        let full = vec![i16::MAX; MAX_HIDDEN];
        assert_eq!(dot(&full, &[i16::MIN; MAX_HIDDEN]), -2_139_095_040);
        assert_eq!(scalar::dot(&full, &[i16::MIN; MAX_HIDDEN]), -2_139_095_040);
        // A shorter row stops the loop: only the first 3 lanes count.
        assert_eq!(dot(&[1; 20], &[1; 3]), 3);
    }

    /// The squared kernel by hand: 300 clamps to 255, and 255² = 65,025
    /// shifted right by 5 is 2032; 100² = 10,000 shifted is 312 (312.5
    /// rounded down); -5 gives 0. The extreme sums of a network's rows,
    /// 256 × 2032 × ±32768, need more than an `i32` (±17,045,651,456) and
    /// come out whole; so does a slice longer than a network's, summed by
    /// blocks.
    #[test]
    fn the_squared_kernel_as_worked_by_hand() {
        let Kernels { dot_sq, .. } = best();
        let mut a = vec![300; 17];
        a[15] = 100;
        a[16] = -5;
        // 15 × 2032 × 3 + 312 × 3 + 0 = 91,440 + 936.
        assert_eq!(dot_sq(&a, &[3; 17]), 92_376);
        assert_eq!(scalar::dot_sq(&a, &[3; 17]), 92_376);
        let full = vec![i16::MAX; MAX_HIDDEN];
        for w in [i16::MIN, i16::MAX] {
            let expected = 256 * 2032 * i64::from(w);
            assert_eq!(dot_sq(&full, &[w; MAX_HIDDEN]), expected);
            assert_eq!(scalar::dot_sq(&full, &[w; MAX_HIDDEN]), expected);
        }
        let long = vec![QA; 4 * MAX_HIDDEN + 5];
        assert_eq!(
            dot_sq(&long, &vec![i16::MIN; long.len()]),
            -(long.len() as i64) * 2032 * 32768
        );
    }
}
