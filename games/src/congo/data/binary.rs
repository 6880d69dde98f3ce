//! The compact binary form of training data.
//!
//! Layout (integers little-endian):
//!
//! - header, [`HEADER_BYTES`] = 12: [`MAGIC`] `BSHDATA\0` (8 bytes), the
//!   [`VERSION`] (u32);
//! - blocks, until the end of the file: the record count `n` (u32, 1 to
//!   [`BLOCK_RECORDS`]), the payload's length `len` (u32), `len` bytes of
//!   `n` records, then the xxh3-64 of the block's count, length and
//!   payload (u64). A block is checked as a whole before any record of it
//!   is read, so a damaged block is refused by its checksum, named by its
//!   offset and its first record, before anything it says is trusted.
//!
//! A record: the occupied squares (7 bytes, square `i` at bit `i`, the top
//! 7 bits zero); a flags byte (bit 0 Black to move, bits 1-2 the result
//! for White: 0 loss, 1 draw, 2 win; bit 3 a score is present; the rest
//! zero); the move number (u32); the score for White in centipawns (i32,
//! 0 when absent); then one nibble a piece in square order, low nibble
//! first (bit 3 Black, bits 0-2 the kind as `PieceKind::index`), an odd
//! count padded with a zero nibble. So 16 bytes and half a byte a piece:
//! 30 bytes for the start's 28 pieces.

use super::record::{DataRecord, GameResult};
use crate::congo::{Color, Piece, PieceKind, Position, Square};
use std::io::{self, Write};

/// The first 8 bytes of a binary data file.
pub const MAGIC: [u8; 8] = *b"BSHDATA\0";

/// The version of the layout this boardsh writes and reads.
pub const VERSION: u32 = 1;

/// The header's length: the magic and the version.
pub const HEADER_BYTES: usize = 12;

/// Records in a full block (the writer's; a reader takes 1 to this many).
pub const BLOCK_RECORDS: usize = 4096;

/// A block's count and length before its payload.
const BLOCK_HEAD: usize = 8;
/// The fixed part of a record before its pieces.
const RECORD_HEAD: usize = 16;

/// Why a binary data file is refused: what is wrong, and where (a byte
/// offset into the file; for a record, its index from 0 too).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DataFileError {
    /// The first bytes are not [`MAGIC`].
    #[error("not a boardsh binary data file (bytes 0..8 are not \"BSHDATA\\0\")")]
    BadMagic,
    /// A version other than [`VERSION`].
    #[error("unsupported data file version {version} at byte 8 (this boardsh reads version 1)")]
    Version { version: u32 },
    /// The file ends inside the header or a block.
    #[error(
        "truncated: the block at byte {offset} (from record {record}) needs {needed} bytes to byte {end}, the file ends at byte {len}"
    )]
    Truncated {
        offset: usize,
        record: u64,
        needed: usize,
        end: usize,
        len: usize,
    },
    /// A block's record count is 0 or over [`BLOCK_RECORDS`].
    #[error(
        "the block at byte {offset} (from record {record}) says {count} records (1 to {BLOCK_RECORDS})"
    )]
    Count {
        offset: usize,
        record: u64,
        count: u32,
    },
    /// A block's checksum does not match its bytes.
    #[error(
        "checksum mismatch in the block at byte {offset} (records {record} to {last}): its bytes hash to {computed:016x}, the file says {stored:016x} (at byte {at})"
    )]
    Checksum {
        offset: usize,
        record: u64,
        last: u64,
        at: usize,
        stored: u64,
        computed: u64,
    },
    /// A record that does not decode (behind a correct checksum: written
    /// wrong, not damaged since).
    #[error("record {record} at byte {offset}: {why}")]
    Record {
        record: u64,
        offset: usize,
        why: &'static str,
    },
    /// A block's payload longer than its records.
    #[error("the block at byte {offset} has {extra} bytes after its last record (record {last})")]
    Trailing {
        offset: usize,
        last: u64,
        extra: usize,
    },
}

/// Whether `bytes` are to be read as a binary data file: they start with
/// a part of [`MAGIC`], or hold a NUL byte in the header's place (a text
/// line never does; so a file whose magic is damaged is refused as binary,
/// not read as lines).
pub fn is_binary(bytes: &[u8]) -> bool {
    let start = bytes.get(..HEADER_BYTES).unwrap_or(bytes);
    let head = start.get(..MAGIC.len()).unwrap_or(start);
    start.contains(&0) || (!head.is_empty() && MAGIC.starts_with(head))
}

/// Append the encoding of `r` to `out`.
pub fn encode_record(r: &DataRecord, out: &mut Vec<u8>) {
    let occupied = r.pos.occupied();
    out.extend_from_slice(occupied.0.to_le_bytes().get(..7).unwrap_or(&[0; 7]));
    let result: u8 = match r.result {
        GameResult::Loss => 0,
        GameResult::Draw => 1,
        GameResult::Win => 2,
    };
    let side = u8::from(r.pos.side_to_move() == Color::Black);
    out.push(side | result << 1 | u8::from(r.score.is_some()) << 3);
    // A move number past u32 does not occur in a game; it is capped.
    let number = u32::try_from(r.pos.move_number()).unwrap_or(u32::MAX);
    out.extend_from_slice(&number.to_le_bytes());
    out.extend_from_slice(&r.score.unwrap_or(0).to_le_bytes());
    let mut nibbles = occupied.filter_map(|sq| r.pos.piece_at(sq)).map(|p| {
        let black = u8::from(p.color == Color::Black);
        (black << 3) | p.kind.index() as u8
    });
    while let Some(lo) = nibbles.next() {
        out.push(lo | nibbles.next().unwrap_or(0) << 4);
    }
}

/// Decode the record at the front of `bytes`: the record and its length.
fn decode_record(bytes: &[u8]) -> Result<(DataRecord, usize), &'static str> {
    let head = bytes.get(..RECORD_HEAD).ok_or("cut short")?;
    let mut occ = [0u8; 8];
    occ.get_mut(..7)
        .ok_or("cut short")?
        .copy_from_slice(head.get(..7).ok_or("cut short")?);
    let occupied = u64::from_le_bytes(occ);
    if occupied >> 49 != 0 {
        return Err("squares past g7 are marked occupied");
    }
    let flags = head.get(7).copied().ok_or("cut short")?;
    if flags & 0xf0 != 0 {
        return Err("unknown flag bits are set");
    }
    let result = match (flags >> 1) & 3 {
        0 => GameResult::Loss,
        1 => GameResult::Draw,
        2 => GameResult::Win,
        _ => return Err("the result is not a loss, a draw or a win"),
    };
    let u32_at = |at: usize| -> Result<[u8; 4], &'static str> {
        let mut a = [0u8; 4];
        a.copy_from_slice(head.get(at..at + 4).ok_or("cut short")?);
        Ok(a)
    };
    let number = u32::from_le_bytes(u32_at(8)?);
    let score = i32::from_le_bytes(u32_at(12)?);
    let score = if flags & 8 != 0 {
        Some(score)
    } else if score == 0 {
        None
    } else {
        return Err("a score is stored but marked absent");
    };
    let count = occupied.count_ones() as usize;
    let len = RECORD_HEAD + count.div_ceil(2);
    let packed = bytes.get(RECORD_HEAD..len).ok_or("cut short")?;
    if count % 2 == 1 && packed.last().is_some_and(|b| b >> 4 != 0) {
        return Err("the padding nibble is not zero");
    }
    let mut pos = Position::empty();
    pos.set_side_to_move(if flags & 1 == 1 {
        Color::Black
    } else {
        Color::White
    });
    pos.set_move_number(u64::from(number));
    let squares = (0..49u8)
        .filter(|i| occupied >> i & 1 == 1)
        .filter_map(Square::new);
    let nibbles = packed.iter().flat_map(|b| [b & 0xf, b >> 4]);
    for (sq, nibble) in squares.zip(nibbles) {
        let kind = PieceKind::ALL
            .get(usize::from(nibble & 7))
            .copied()
            .ok_or("a piece kind is out of range")?;
        let color = if nibble & 8 != 0 {
            Color::Black
        } else {
            Color::White
        };
        pos.set(sq, Some(Piece::new(color, kind)));
    }
    Ok((DataRecord { pos, result, score }, len))
}

/// Writes records as a binary data file: the header at once, a block at
/// every [`BLOCK_RECORDS`] records, the last one by [`BinaryWriter::finish`].
pub struct BinaryWriter<W: Write> {
    out: W,
    count: u32,
    payload: Vec<u8>,
}

impl<W: Write> BinaryWriter<W> {
    /// Start a file on `out` (its header written).
    ///
    /// # Errors
    ///
    /// `out`'s.
    pub fn new(mut out: W) -> io::Result<BinaryWriter<W>> {
        out.write_all(&MAGIC)?;
        out.write_all(&VERSION.to_le_bytes())?;
        Ok(BinaryWriter {
            out,
            count: 0,
            payload: Vec::new(),
        })
    }

    /// Add a record.
    ///
    /// # Errors
    ///
    /// `out`'s, when a full block is written.
    pub fn push(&mut self, r: &DataRecord) -> io::Result<()> {
        encode_record(r, &mut self.payload);
        self.count += 1;
        if self.count as usize >= BLOCK_RECORDS {
            self.flush_block()?;
        }
        Ok(())
    }

    fn flush_block(&mut self) -> io::Result<()> {
        if self.count == 0 {
            return Ok(());
        }
        let len = u32::try_from(self.payload.len())
            .map_err(|_| io::Error::other("a block over 4 GiB"))?;
        let mut block = Vec::with_capacity(BLOCK_HEAD + self.payload.len() + 8);
        block.extend_from_slice(&self.count.to_le_bytes());
        block.extend_from_slice(&len.to_le_bytes());
        block.extend_from_slice(&self.payload);
        let sum = xxhash_rust::xxh3::xxh3_64(&block);
        block.extend_from_slice(&sum.to_le_bytes());
        self.out.write_all(&block)?;
        self.payload.clear();
        self.count = 0;
        Ok(())
    }

    /// Write the last block and give `out` back (not flushed).
    ///
    /// # Errors
    ///
    /// `out`'s.
    pub fn finish(mut self) -> io::Result<W> {
        self.flush_block()?;
        Ok(self.out)
    }
}

impl BinaryWriter<Vec<u8>> {
    /// The bytes written so far (the header, full blocks), taken out: for
    /// a caller that moves them on to a file as it goes.
    pub fn take_written(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}

/// The whole binary file of `records`.
pub fn write_binary(records: &[DataRecord]) -> Vec<u8> {
    let mut w = BinaryWriter {
        out: Vec::new(),
        count: 0,
        payload: Vec::new(),
    };
    w.out.extend_from_slice(&MAGIC);
    w.out.extend_from_slice(&VERSION.to_le_bytes());
    for r in records {
        // Writing to a Vec cannot fail.
        let _ = w.push(r);
    }
    let _ = w.flush_block();
    w.out
}

/// Read a binary data file whole, each record with its byte offset.
///
/// # Errors
///
/// The first thing wrong, in file order: the magic, the version, then
/// block by block its length, count and checksum, then its records.
pub fn read_binary(bytes: &[u8]) -> Result<Vec<(usize, DataRecord)>, DataFileError> {
    let mut out = Vec::new();
    read_blocks(bytes, &mut |records| out.extend(records))?;
    Ok(out)
}

/// Read a binary data file a block at a time: `take` gets each block's
/// records (with their byte offsets) once the block is checked, so a
/// large file is never decoded whole.
///
/// # Errors
///
/// As [`read_binary`]; the blocks before the damage have been given.
pub fn read_blocks(
    bytes: &[u8],
    take: &mut dyn FnMut(Vec<(usize, DataRecord)>),
) -> Result<(), DataFileError> {
    let magic = bytes.get(..MAGIC.len()).unwrap_or(bytes);
    if magic != MAGIC.get(..magic.len()).unwrap_or(&MAGIC) || bytes.is_empty() {
        return Err(DataFileError::BadMagic);
    }
    let truncated = |offset, record, needed: usize| DataFileError::Truncated {
        offset,
        record,
        needed,
        end: offset + needed,
        len: bytes.len(),
    };
    let mut version = [0u8; 4];
    version.copy_from_slice(
        bytes
            .get(8..HEADER_BYTES)
            .ok_or(truncated(0, 0, HEADER_BYTES))?,
    );
    let version = u32::from_le_bytes(version);
    if version != VERSION {
        return Err(DataFileError::Version { version });
    }
    let mut at = HEADER_BYTES;
    let mut record = 0u64;
    while at < bytes.len() {
        let head = bytes
            .get(at..at + BLOCK_HEAD)
            .ok_or(truncated(at, record, BLOCK_HEAD))?;
        let word = |i: usize| {
            let mut a = [0u8; 4];
            a.copy_from_slice(head.get(i..i + 4).unwrap_or(&[0; 4]));
            u32::from_le_bytes(a)
        };
        let (count, len) = (word(0), word(4) as usize);
        let whole = BLOCK_HEAD + len + 8;
        let block = bytes
            .get(at..at + whole)
            .ok_or(truncated(at, record, whole))?;
        let (body, sum) = block.split_at(BLOCK_HEAD + len);
        let mut stored = [0u8; 8];
        stored.copy_from_slice(sum);
        let stored = u64::from_le_bytes(stored);
        let computed = xxhash_rust::xxh3::xxh3_64(body);
        if stored != computed {
            return Err(DataFileError::Checksum {
                offset: at,
                record,
                last: record + u64::from(count).saturating_sub(1),
                at: at + BLOCK_HEAD + len,
                stored,
                computed,
            });
        }
        if count == 0 || count as usize > BLOCK_RECORDS {
            return Err(DataFileError::Count {
                offset: at,
                record,
                count,
            });
        }
        let mut p = BLOCK_HEAD;
        let mut out = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let offset = at + p;
            let (r, n) = decode_record(body.get(p..).unwrap_or(&[])).map_err(|why| {
                DataFileError::Record {
                    record,
                    offset,
                    why,
                }
            })?;
            out.push((offset, r));
            p += n;
            record += 1;
        }
        if p != body.len() {
            return Err(DataFileError::Trailing {
                offset: at,
                last: record.saturating_sub(1),
                extra: body.len() - p,
            });
        }
        take(out);
        at += whole;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Seeded random records: 0 to 49 pieces of any kind and colour on
    /// any squares, either side, any move number, result and score.
    fn random_records(n: usize, seed: u64) -> Vec<DataRecord> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let mut pos = Position::empty();
                let pieces = rng.below(50);
                for _ in 0..pieces {
                    let sq = Square::new(rng.below(49) as u8).unwrap();
                    let kind = PieceKind::ALL[rng.below(8)];
                    pos.set(sq, Some(Piece::new(Color::ALL[rng.below(2)], kind)));
                }
                pos.set_side_to_move(Color::ALL[rng.below(2)]);
                pos.set_move_number(rng.next_u64() % 5 * u64::from(u32::MAX) / 4);
                let result = [GameResult::Loss, GameResult::Draw, GameResult::Win][rng.below(3)];
                let score = match rng.below(4) {
                    0 => None,
                    1 => Some(i32::MIN),
                    _ => Some(rng.next_u64() as i32 % 5000),
                };
                DataRecord { pos, result, score }
            })
            .collect()
    }

    #[test]
    fn seeded_random_records_round_trip_over_several_blocks() {
        let records = random_records(BLOCK_RECORDS * 2 + 17, 48);
        let bytes = write_binary(&records);
        let read = read_binary(&bytes).unwrap();
        assert_eq!(read.len(), records.len());
        for ((_, got), want) in read.iter().zip(&records) {
            assert_eq!(got, want);
            // The move number and the side survive too (Position's
            // equality covers them); the text form agrees.
            assert_eq!(got.to_text(), want.to_text());
        }
        assert!(is_binary(&bytes));
        // The streaming writer writes the same bytes.
        let mut w = BinaryWriter::new(Vec::new()).unwrap();
        for r in &records {
            w.push(r).unwrap();
        }
        assert_eq!(w.finish().unwrap(), bytes);
        // No records: the header alone, read back as none.
        assert_eq!(write_binary(&[]).len(), HEADER_BYTES);
        assert_eq!(read_binary(&write_binary(&[])).unwrap(), []);
    }

    #[test]
    fn a_start_position_takes_30_bytes() {
        // 7 occupancy + 1 flags + 4 move number + 4 score + 28 pieces / 2.
        let r = DataRecord {
            pos: Position::start(),
            result: GameResult::Draw,
            score: Some(12),
        };
        let mut out = Vec::new();
        encode_record(&r, &mut out);
        assert_eq!(out.len(), 30);
    }

    /// Reseal every block of `bytes` with correct checksums (to reach the
    /// checks behind them).
    fn reseal(bytes: &mut [u8]) {
        let mut at = HEADER_BYTES;
        while at < bytes.len() {
            let len = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
            let end = at + BLOCK_HEAD + len;
            let sum = xxhash_rust::xxh3::xxh3_64(&bytes[at..end]);
            bytes[end..end + 8].copy_from_slice(&sum.to_le_bytes());
            at = end + 8;
        }
    }

    #[test]
    fn every_truncation_and_every_flipped_byte_is_refused() {
        let records = random_records(40, 7);
        let bytes = write_binary(&records);
        for cut in 0..bytes.len() {
            let e = read_binary(&bytes[..cut]);
            // Cut after the header or a whole block is a shorter good file;
            // there is one block here, so only the header alone reads.
            if cut == HEADER_BYTES {
                assert_eq!(e, Ok(vec![]));
                continue;
            }
            let e = e.unwrap_err();
            match cut {
                0 => assert_eq!(e, DataFileError::BadMagic),
                _ => assert!(
                    matches!(e, DataFileError::Truncated { len, .. } if len == cut),
                    "cut at {cut}: {e}"
                ),
            }
        }
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x10;
            let e = read_binary(&b).unwrap_err();
            let want = match i {
                0..8 => matches!(e, DataFileError::BadMagic),
                8..12 => matches!(e, DataFileError::Version { .. }),
                // The block's count and length are checked by its sum (a
                // longer length runs past the end of the file).
                _ => matches!(
                    e,
                    DataFileError::Checksum {
                        offset: 12,
                        record: 0,
                        ..
                    } | DataFileError::Truncated { offset: 12, .. }
                ),
            };
            assert!(want, "byte {i} flipped: {e}");
            // And the binary detection still holds: it is refused as a
            // binary file, not read as text.
            assert!(is_binary(&b), "byte {i}");
        }
    }

    #[test]
    fn refusals_name_what_and_where() {
        let records = random_records(3, 9);
        let bytes = write_binary(&records);
        let mut b = bytes.clone();
        b[..8].copy_from_slice(b"BSHNNUE\0");
        assert_eq!(
            read_binary(&b).unwrap_err().to_string(),
            "not a boardsh binary data file (bytes 0..8 are not \"BSHDATA\\0\")"
        );
        let mut b = bytes.clone();
        b[8..12].copy_from_slice(&2u32.to_le_bytes());
        assert_eq!(
            read_binary(&b).unwrap_err().to_string(),
            "unsupported data file version 2 at byte 8 (this boardsh reads version 1)"
        );
        let e = read_binary(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .to_string();
        let (n, len) = (bytes.len(), bytes.len() - 1);
        assert_eq!(
            e,
            format!(
                "truncated: the block at byte 12 (from record 0) needs {} bytes to byte {n}, the file ends at byte {len}",
                n - 12
            )
        );
        let mut b = bytes.clone();
        b[30] ^= 1;
        let e = read_binary(&b).unwrap_err().to_string();
        assert!(
            e.starts_with("checksum mismatch in the block at byte 12 (records 0 to 2): "),
            "{e}"
        );
        // Behind a good checksum: a record's unknown flag bit, named by
        // its index and offset. Record 0 starts at byte 20 (header 12,
        // block head 8); its flags are its 8th byte.
        let mut b = bytes.clone();
        b[27] |= 0x80;
        reseal(&mut b);
        assert_eq!(
            read_binary(&b).unwrap_err().to_string(),
            "record 0 at byte 20: unknown flag bits are set"
        );
        // A block of a count of 0.
        let mut b = bytes.clone();
        b[12..16].copy_from_slice(&0u32.to_le_bytes());
        reseal(&mut b);
        assert!(matches!(
            read_binary(&b).unwrap_err(),
            DataFileError::Count {
                offset: 12,
                count: 0,
                ..
            }
        ));
    }

    #[test]
    fn text_is_not_binary() {
        assert!(!is_binary(
            b"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0;1;0\n"
        ));
        assert!(!is_binary(b""));
        assert!(is_binary(b"BSH"));
        assert!(is_binary(&write_binary(&[])));
    }
}
