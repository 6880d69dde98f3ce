//! Endgame tablebases: the exact result of every position with both lions
//! in their castles and at most [`MAX_EXTRA`] other pieces, with the
//! distance in plies to the end (the enemy lion taken, or a side left with
//! no legal move).
//!
//! - [`Material`] names a set of pieces and indexes its positions.
//! - [`build`] solves one set by retrograde analysis over the real move
//!   generator, given the sets its moves lead to.
//! - [`Tablebase`] holds solved sets and answers [`Tablebase::probe`];
//!   [`encode_table`] / [`decode_table`] turn a set into bytes (a file) and
//!   back. The files are written and read by the front end.
//!
//! A table stores one byte per entry: 0 a draw, `d + 1` an end in `d`
//! plies (odd `d`: the side to move wins, even: it loses), 255 unused.

mod build;
mod material;

pub use build::{BuildError, build};
pub use material::{MAX_EXTRA, Material};

use crate::congo::{Color, Move, Piece, PieceKind, Position, legal_moves};
use std::collections::HashMap;
use std::fmt;

/// The byte of an unused entry.
pub(crate) const UNUSED: u8 = 255;

/// The longest distance a table can store.
pub(crate) const MAX_DISTANCE: u32 = 253;

/// The result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// A position's exact value: the result for the side to move and, unless a
/// draw, the plies to the end with best play (the winner fastest, the
/// loser slowest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    pub outcome: Outcome,
    pub plies: u32,
}

impl Probe {
    /// The probe of a table byte (`None` for an unused entry).
    pub(crate) fn from_byte(b: u8) -> Option<Probe> {
        match b {
            0 => Some(Probe {
                outcome: Outcome::Draw,
                plies: 0,
            }),
            UNUSED => None,
            b => {
                let plies = u32::from(b) - 1;
                let outcome = if plies % 2 == 1 {
                    Outcome::Win
                } else {
                    Outcome::Loss
                };
                Some(Probe { outcome, plies })
            }
        }
    }
}

/// A probe told from a side's view, for people: `White wins in 3`
/// (moves of the winner), `Black wins in 2`, `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Who is to move in the probed position.
    pub side: Color,
    pub probe: Probe,
}

impl Verdict {
    /// The winner, if the position is not a draw.
    pub fn winner(&self) -> Option<Color> {
        match self.probe.outcome {
            Outcome::Win => Some(self.side),
            Outcome::Loss => Some(!self.side),
            Outcome::Draw => None,
        }
    }

    /// The winner's moves to the end (the plies the winner plays).
    pub fn moves(&self) -> u32 {
        match self.probe.outcome {
            Outcome::Win => self.probe.plies.div_ceil(2),
            _ => self.probe.plies / 2,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(Color::White) => write!(f, "White wins in {}", self.moves()),
            Some(Color::Black) => write!(f, "Black wins in {}", self.moves()),
            None => f.write_str("draw"),
        }
    }
}

/// Solved material sets.
#[derive(Clone, Debug, Default)]
pub struct Tablebase {
    tables: HashMap<Material, Vec<u8>>,
    /// The most pieces (lions included) of any set held.
    max_pieces: u32,
}

impl Tablebase {
    /// No sets.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// Add (or replace) the table of `material`.
    ///
    /// # Errors
    ///
    /// [`TableError::Size`] if `data` is not the set's size.
    pub fn insert(&mut self, material: Material, data: Vec<u8>) -> Result<(), TableError> {
        if data.len() != material.size() {
            return Err(TableError::Size {
                material: material.to_string(),
                expected: material.size(),
                found: data.len(),
            });
        }
        self.max_pieces = self.max_pieces.max(2 + material.extra() as u32);
        self.tables.insert(material, data);
        Ok(())
    }

    /// Whether the set is held.
    pub fn has(&self, material: &Material) -> bool {
        self.tables.contains_key(material)
    }

    /// How many sets are held.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether no set is held.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The most pieces, lions included, of a position the tables may hold.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The exact value of `pos`, if its set is held.
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        if pos.occupied().count() > self.max_pieces {
            return None;
        }
        let (m, i) = Material::encode(pos)?;
        Probe::from_byte(*self.tables.get(&m)?.get(i)?)
    }

    /// The best line from `pos` starting with `first`, by the tables: each
    /// side in turn plays its fastest win or its slowest loss, until a lion
    /// is taken, a position is not held, or `max_plies`. Draws give `first`
    /// alone (no move of a drawn position is better than another).
    pub fn line(&self, pos: &Position, first: Move, max_plies: usize) -> Vec<Move> {
        let mut line = vec![first];
        let Ok(mut here) = pos.after(first) else {
            return line;
        };
        while line.len() < max_plies {
            let Some(p) = self.probe(&here) else {
                break;
            };
            if p.outcome == Outcome::Draw {
                break;
            }
            let mut best: Option<(i64, Move, Position)> = None;
            for mv in legal_moves(&here) {
                let Ok(next) = here.after(mv) else {
                    continue;
                };
                // The mover's view of the move: higher is better.
                let value = if !next
                    .pieces(Piece::new(next.side_to_move(), PieceKind::Lion))
                    .any()
                {
                    i64::MAX
                } else {
                    match self.probe(&next) {
                        Some(Probe {
                            outcome: Outcome::Loss,
                            plies,
                        }) => 1_000 - i64::from(plies),
                        Some(Probe {
                            outcome: Outcome::Draw,
                            ..
                        }) => 0,
                        Some(Probe {
                            outcome: Outcome::Win,
                            plies,
                        }) => -1_000 + i64::from(plies),
                        None => continue,
                    }
                };
                if best.as_ref().is_none_or(|(v, _, _)| value > *v) {
                    best = Some((value, mv, next));
                }
            }
            let Some((value, mv, next)) = best else {
                break;
            };
            line.push(mv);
            if value == i64::MAX {
                break;
            }
            here = next;
        }
        line
    }

    /// [`Tablebase::probe`] with the side to move, for people.
    pub fn verdict(&self, pos: &Position) -> Option<Verdict> {
        self.probe(pos).map(|probe| Verdict {
            side: pos.side_to_move(),
            probe,
        })
    }
}

/// What is wrong with a table's bytes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("not a Congo tablebase file (bad magic bytes)")]
    Magic,
    #[error("the header names no valid material set")]
    Header,
    #[error("table {material} holds {found} entries where {expected} are expected")]
    Size {
        material: String,
        expected: usize,
        found: usize,
    },
    #[error("checksum mismatch (the file is damaged)")]
    Checksum,
}

const MAGIC: &[u8; 8] = b"CONGOTB1";

/// The most bytes a table file can have: the header, the entries of a set
/// of [`MAX_EXTRA`] pieces besides the lions (2 sides x 81 lion pairs x
/// 49 squares a piece), and the checksum. 19,059,158 bytes.
pub const MAX_FILE_BYTES: u64 =
    (MAGIC.len() + 1 + MAX_EXTRA + 8) as u64 + 2 * 81 * 49u64.pow(MAX_EXTRA as u32);

/// FNV-1a over the bytes.
fn checksum(bytes: &[u8]) -> u64 {
    crate::fnv::fnv1a(bytes)
}

/// A table as file bytes: magic, piece count and codes, the entries, an
/// FNV-1a checksum of everything before it.
pub fn encode_table(material: &Material, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 24);
    out.extend_from_slice(MAGIC);
    out.push(material.extra() as u8);
    let mut codes = [0u8; MAX_EXTRA];
    for (slot, &c) in codes.iter_mut().zip(material.codes()) {
        *slot = c;
    }
    out.extend_from_slice(&codes);
    out.extend_from_slice(data);
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The material and entries of file bytes made by [`encode_table`].
///
/// # Errors
///
/// A [`TableError`] saying what does not fit.
pub fn decode_table(bytes: &[u8]) -> Result<(Material, Vec<u8>), TableError> {
    let head = MAGIC.len() + 1 + MAX_EXTRA;
    if bytes.get(..MAGIC.len()) != Some(MAGIC.as_slice()) {
        return Err(TableError::Magic);
    }
    let n = usize::from(*bytes.get(MAGIC.len()).ok_or(TableError::Header)?);
    let codes = bytes
        .get(MAGIC.len() + 1..MAGIC.len() + 1 + n.min(MAX_EXTRA + 1))
        .ok_or(TableError::Header)?;
    // The slots past the pieces are written as zeros: anything else is not
    // a file this program wrote (found by the `tables` fuzz target).
    let unused = bytes
        .get(MAGIC.len() + 1 + n.min(MAX_EXTRA)..head)
        .ok_or(TableError::Header)?;
    if unused.iter().any(|&b| b != 0) {
        return Err(TableError::Header);
    }
    let pieces: Option<Vec<_>> = codes
        .iter()
        .map(|&c| {
            (c < material::CODES)
                .then_some(c)
                .and_then(material::piece_of)
        })
        .collect();
    let material = Material::new(&pieces.ok_or(TableError::Header)?).ok_or(TableError::Header)?;
    let body_end = bytes.len().checked_sub(8).ok_or(TableError::Header)?;
    let body = bytes.get(head..body_end).ok_or(TableError::Header)?;
    let expected = material.size();
    if body.len() != expected {
        return Err(TableError::Size {
            material: material.to_string(),
            expected,
            found: body.len(),
        });
    }
    let mut sum = [0u8; 8];
    sum.copy_from_slice(bytes.get(body_end..).ok_or(TableError::Header)?);
    if checksum(bytes.get(..body_end).ok_or(TableError::Header)?) != u64::from_le_bytes(sum) {
        return Err(TableError::Checksum);
    }
    Ok((material, body.to_vec()))
}

#[cfg(test)]
mod tests;
