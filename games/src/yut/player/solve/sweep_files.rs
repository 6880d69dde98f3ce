//! The files of a values-only solve shared out over processes: the
//! values a sweep starts from, and each range's part of the next.
//!
//! Both start with the table's magic and a letter of their own (`V`
//! values, `S` a sweep's part), name the game, the layer and the sweep
//! (and a part its number, the parts in all and its blocks), hold 4-byte
//! fixed-point values by role, and end with an XXH3 checksum: a part cut
//! short, damaged, of another sweep or another split is refused, never
//! merged. The library makes and checks the bytes; the front end writes
//! the files, each atomically.

use std::ops::Range;

use super::table::{MAGIC, Reader, Table, TableError, seal, unseal, write_layer_head};

const VERSION: u8 = 1;

/// What identifies a sweep's files: the game (its table), the layer and
/// the sweep (from 1) they belong to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepId {
    pub layer: usize,
    pub sweep: u32,
}

/// The header of a values file: the sweep they start, the largest change
/// of the sweep that made them (infinite where there was none) and the
/// contraction seen so far (`jacobi::next_rate`; NaN before any).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValuesHead {
    pub id: SweepId,
    pub change: f64,
    pub rate: f64,
}

/// The header of a part: its sweep, its number (from 0) of `parts`, the
/// blocks it solved, the largest change and the in-turn states valued.
#[derive(Clone, Debug, PartialEq)]
pub struct PartHead {
    pub id: SweepId,
    pub part: u32,
    pub parts: u32,
    pub blocks: Range<usize>,
    pub change: f64,
    pub nodes: u64,
}

fn head(out: &mut Vec<u8>, letter: u8, table: &Table, id: SweepId) {
    write_layer_head(out, letter, VERSION, table, id.layer);
    out.extend_from_slice(&id.sweep.to_le_bytes());
}

fn body(out: &mut Vec<u8>, values: &[Vec<u32>]) {
    for v in values {
        out.extend_from_slice(&(v.len() as u64).to_le_bytes());
        for x in v {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
    seal(out);
}

/// Check the header of `bytes` (sealed, letter `letter`) against
/// `table`'s game; the reader after it and the sweep it names.
fn read_head<'b>(
    bytes: &'b [u8],
    letter: u8,
    table: &Table,
) -> Result<(Reader<'b>, SweepId), TableError> {
    if !bytes.starts_with(MAGIC) || bytes.get(MAGIC.len()) != Some(&letter) {
        return Err(TableError::Magic);
    }
    let body = unseal(bytes)?;
    let mut r = Reader {
        bytes: body,
        at: MAGIC.len() + 1,
    };
    let layer = r.layer_head(VERSION, table)?;
    let sweep = u32::from_le_bytes(r.array()?);
    Ok((r, SweepId { layer, sweep }))
}

/// The values of each role after the header: `n` of them each, as
/// bytes, and nothing left over.
fn read_values<'b>(
    mut r: Reader<'b>,
    roles: usize,
    layer: usize,
    n: usize,
) -> Result<Vec<&'b [u8]>, TableError> {
    let mut out = Vec::with_capacity(roles);
    for _ in 0..roles {
        let found = u64::from_le_bytes(r.array()?) as usize;
        if found != n {
            return Err(TableError::Length {
                layer,
                found,
                expected: n,
            });
        }
        out.push(r.take(n.checked_mul(4).ok_or(TableError::Short(r.at))?)?);
    }
    if r.at != r.bytes.len() {
        return Err(TableError::Trailing(r.at));
    }
    Ok(out)
}

/// The bytes of a values file of `table`'s game.
pub fn values_bytes(table: &Table, head: ValuesHead, values: &[Vec<u32>]) -> Vec<u8> {
    let mut out = Vec::new();
    self::head(&mut out, b'V', table, head.id);
    out.extend_from_slice(&head.change.to_le_bytes());
    out.extend_from_slice(&head.rate.to_le_bytes());
    body(&mut out, values);
    out
}

/// Read a values file of `table`'s game: its header and each role's
/// values as bytes (the whole layer's).
///
/// # Errors
///
/// [`TableError`] when the bytes are not such a file (another game or
/// layer size, cut short, the checksum not matching).
pub fn read_values_file<'b>(
    bytes: &'b [u8],
    table: &Table,
) -> Result<(ValuesHead, Vec<&'b [u8]>), TableError> {
    let (mut r, id) = read_head(bytes, b'V', table)?;
    let change = f64::from_le_bytes(r.array()?);
    let rate = f64::from_le_bytes(r.array()?);
    let n = table.index().layer_len(id.layer);
    let values = read_values(r, table.roles().count(), id.layer, n)?;
    Ok((ValuesHead { id, change, rate }, values))
}

/// The bytes of a part of `table`'s game.
pub fn part_bytes(table: &Table, head: &PartHead, values: &[Vec<u32>]) -> Vec<u8> {
    let mut out = Vec::new();
    self::head(&mut out, b'S', table, head.id);
    out.extend_from_slice(&head.part.to_le_bytes());
    out.extend_from_slice(&head.parts.to_le_bytes());
    out.extend_from_slice(&(head.blocks.start as u64).to_le_bytes());
    out.extend_from_slice(&(head.blocks.end as u64).to_le_bytes());
    out.extend_from_slice(&head.change.to_le_bytes());
    out.extend_from_slice(&head.nodes.to_le_bytes());
    body(&mut out, values);
    out
}

/// Read a part of `table`'s game holding `n` values a role.
///
/// # Errors
///
/// [`TableError`] when the bytes are not such a part.
pub fn read_part<'b>(
    bytes: &'b [u8],
    table: &Table,
    n: impl Fn(&PartHead) -> usize,
) -> Result<(PartHead, Vec<&'b [u8]>), TableError> {
    let (mut r, id) = read_head(bytes, b'S', table)?;
    let part = u32::from_le_bytes(r.array()?);
    let parts = u32::from_le_bytes(r.array()?);
    let first = u64::from_le_bytes(r.array()?) as usize;
    let end = u64::from_le_bytes(r.array()?) as usize;
    let change = f64::from_le_bytes(r.array()?);
    let nodes = u64::from_le_bytes(r.array()?);
    let head = PartHead {
        id,
        part,
        parts,
        blocks: first..end,
        change,
        nodes,
    };
    let values = read_values(r, table.roles().count(), id.layer, n(&head))?;
    Ok((head, values))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::player::solve::Roles;

    #[test]
    fn files_read_back_and_any_cut_or_flip_is_refused() {
        let table = Table::new(1, 3, Roles::SelfPlay);
        let n = table.index().layer_len(0);
        let values = vec![(0..n as u32).map(|x| x * 7).collect::<Vec<_>>()];
        let head = ValuesHead {
            id: SweepId { layer: 0, sweep: 4 },
            change: 1e-3,
            rate: 0.5,
        };
        let bytes = values_bytes(&table, head, &values);
        let (got, v) = read_values_file(&bytes, &table).expect("reads back");
        assert_eq!(got, head);
        assert_eq!(v[0].len(), 4 * n);
        assert_eq!(v[0][4..8], 7u32.to_le_bytes());
        for cut in [0, 10, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                read_values_file(&bytes[..cut], &table).is_err(),
                "cut {cut}"
            );
        }
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(
            read_values_file(&flipped, &table).err(),
            Some(TableError::Checksum)
        );
        // A part is not a values file, nor the other way round.
        let ph = PartHead {
            id: head.id,
            part: 1,
            parts: 3,
            blocks: 2..5,
            change: 0.5,
            nodes: 9,
        };
        let part = part_bytes(&table, &ph, &values);
        assert_eq!(
            read_values_file(&part, &table).err(),
            Some(TableError::Magic)
        );
        let (got, v) = read_part(&part, &table, |_| n).expect("reads back");
        assert_eq!((got, v[0].len()), (ph, 4 * n));
        assert!(read_part(&part, &table, |_| n + 1).is_err());
        assert!(read_part(&part[..part.len() - 3], &table, |_| n).is_err());
    }
}
