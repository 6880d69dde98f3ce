//! `--shard K/N`: one slice of a job cut for several processes or
//! machines (`match`'s opening pairs, `selfplay --out-dir`'s shard files).
//!
//! Slice K of N takes the items `i` with `i % N == K - 1`. Every item is
//! seeded by the job's seed and its own index, never by the slice, so the
//! N slices together make exactly what one run of the whole job makes,
//! whichever machine, scheduler or order runs them.

/// The most slices.
pub const MAX_SHARDS: u64 = 1_000_000;

/// Read `--shard K/N` as `(k, n)`.
///
/// # Errors
///
/// Not `K/N` with `1 <= K <= N <= MAX_SHARDS`, the text quoted.
pub fn parse(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard `{text}`: expected K/N with 1 <= K <= N <= {MAX_SHARDS}");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok((k, n))
}

/// Whether slice `(k, n)` (as [`parse`] gives it) takes item `i`.
pub fn takes((k, n): (u64, u64), i: u64) -> bool {
    n != 0 && i % n == k.wrapping_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_every_item_once() {
        for n in 1..=5 {
            for i in 0..20 {
                let owners = (1..=n).filter(|&k| takes((k, n), i)).count();
                assert_eq!(owners, 1, "item {i} of {n} slices");
            }
        }
        assert!(takes((2, 3), 4) && !takes((1, 3), 4));
    }

    #[test]
    fn bad_slices_are_refused() {
        for bad in ["0/2", "3/2", "x", "1/0", "1/2000000", "1", "/2", "1/"] {
            assert!(parse(bad).unwrap_err().starts_with("--shard `"), "{bad}");
        }
        assert_eq!(parse("2/3"), Ok((2, 3)));
        assert_eq!(parse("1000000/1000000"), Ok((1_000_000, 1_000_000)));
    }
}
