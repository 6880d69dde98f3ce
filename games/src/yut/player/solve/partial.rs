//! A layer's values when its solve was stopped part way, and their bytes.
//!
//! Value iteration converges from any start, and a layer is done only by
//! the same test (a full sweep changing no value by 1e-9), so the values
//! a stopped solve had reached are a start as good as any, and better
//! than most: a layer of an hour or more resumes where it was instead of
//! from the beginning. They are kept as floats (8 bytes a value), as the
//! sweeps hold them.

use super::table::{MAGIC, Reader, Table, TableError, write_layer_head};

/// The version byte of a partial layer's bytes (after the table's magic
/// and a `P`, so a table and a partial layer are never taken for each
/// other).
const VERSION: u8 = 1;

/// The values of one layer reached by a stopped solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    /// The layer (escaped tokens in all).
    pub layer: usize,
    /// Full sweeps begun before the stop.
    pub sweeps: u32,
    /// By role, by position of the layer: the values reached.
    pub values: Vec<Vec<f64>>,
}

impl Partial {
    /// The bytes of these values for `table`'s game: the table's magic,
    /// `P`, version, tokens, cap, roles, layer, sweeps, then each role's
    /// count and values, little-endian.
    pub fn to_bytes(&self, table: &Table) -> Vec<u8> {
        let mut out = Vec::new();
        write_layer_head(&mut out, b'P', VERSION, table, self.layer);
        out.extend_from_slice(&self.sweeps.to_le_bytes());
        for values in &self.values {
            out.extend_from_slice(&(values.len() as u64).to_le_bytes());
            for v in values {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }

    /// Read a stopped layer of `table`'s game back from `bytes`.
    ///
    /// # Errors
    ///
    /// [`TableError`] when the bytes are not a partial layer of this game
    /// (another game, a layer it has not, a count that is not the
    /// layer's, a value that is not a chance, bytes cut short or left
    /// over).
    pub fn from_bytes(bytes: &[u8], table: &Table) -> Result<Partial, TableError> {
        if !bytes.starts_with(MAGIC) || bytes.get(MAGIC.len()) != Some(&b'P') {
            return Err(TableError::Magic);
        }
        let mut r = Reader {
            bytes,
            at: MAGIC.len() + 1,
        };
        let layer = r.layer_head(VERSION, table)?;
        let roles = table.roles().count();
        let sweeps = u32::from_le_bytes(r.array::<4>()?);
        let expected = table.index().layer_len(layer);
        let mut values = Vec::with_capacity(roles);
        for _ in 0..roles {
            let n = u64::from_le_bytes(r.array::<8>()?) as usize;
            if n != expected {
                return Err(TableError::Length {
                    layer,
                    found: n,
                    expected,
                });
            }
            let start = r.at;
            let raw = r.take(n.saturating_mul(8))?;
            let mut role = Vec::with_capacity(n);
            for (i, c) in raw.chunks_exact(8).enumerate() {
                let mut a = [0; 8];
                a.copy_from_slice(c);
                let v = f64::from_le_bytes(a);
                if !(0.0..=1.0).contains(&v) {
                    return Err(TableError::Value(start + 8 * i));
                }
                role.push(v);
            }
            values.push(role);
        }
        if r.at != bytes.len() {
            return Err(TableError::Trailing(r.at));
        }
        Ok(Partial {
            layer,
            sweeps,
            values,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::player::solve::table::Roles;

    fn partial(table: &Table, layer: usize) -> Partial {
        let n = table.index().layer_len(layer);
        Partial {
            layer,
            sweeps: 7,
            values: (0..table.roles().count())
                .map(|r| {
                    (0..n)
                        .map(|i| (i * 7 + r) as f64 / (n * 7 + 2) as f64)
                        .collect()
                })
                .collect(),
        }
    }

    #[test]
    fn a_partial_layer_reads_back_as_written() {
        for roles in [Roles::SelfPlay, Roles::VsRandom] {
            let table = Table::new(2, 3, roles);
            let p = partial(&table, 1);
            // Compared whole, but not printed whole if it fails.
            let back = Partial::from_bytes(&p.to_bytes(&table), &table);
            assert!(back.as_ref() == Ok(&p), "{roles:?}: {:?}", back.err());
        }
    }

    #[test]
    fn bytes_that_are_not_this_games_partial_layer_are_refused() {
        let table = Table::new(2, 3, Roles::SelfPlay);
        let bytes = partial(&table, 1).to_bytes(&table);
        // A table's own bytes are not a partial layer.
        assert_eq!(
            Partial::from_bytes(&table.to_bytes(), &table),
            Err(TableError::Magic)
        );
        // Another game: three tokens, another cap, the other roles.
        for other in [
            Table::new(3, 3, Roles::SelfPlay),
            Table::new(2, 4, Roles::SelfPlay),
            Table::new(2, 3, Roles::VsRandom),
        ] {
            assert!(matches!(
                Partial::from_bytes(&bytes, &other),
                Err(TableError::Kind { .. })
            ));
        }
        // Cut short anywhere, or a byte left over.
        for cut in [0, 20, 30, bytes.len() - 1] {
            assert!(Partial::from_bytes(&bytes[..cut], &table).is_err(), "{cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            Partial::from_bytes(&longer, &table),
            Err(TableError::Trailing(at)) if at == bytes.len()
        ));
        // A layer the game has not (two tokens: layers 0 to 2).
        let mut layer = bytes.clone();
        let at = MAGIC.len() + 5;
        layer[at] = 3;
        assert!(matches!(
            Partial::from_bytes(&layer, &table),
            Err(TableError::Layer(3))
        ));
        // A value that is not a chance: the first value made 2.0, then NaN.
        // The header (`P`, version, tokens, cap, roles, layer), the
        // sweeps and the count come first.
        let first = MAGIC.len() + 6 + 4 + 8;
        for bad in [2.0f64, f64::NAN, -0.5] {
            let mut b = bytes.clone();
            b[first..first + 8].copy_from_slice(&bad.to_le_bytes());
            assert!(
                matches!(Partial::from_bytes(&b, &table), Err(TableError::Value(at)) if at == first),
                "{bad}"
            );
        }
    }
}
