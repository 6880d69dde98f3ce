//! The solved values, and their bytes on disk.
//!
//! Values are kept in 32-bit fixed point (a chance times 2^32 - 1, a step
//! of 2.3e-10), four bytes a position, one vector per layer and role. The
//! byte form is a short header (magic, version, tokens, cap, roles) and
//! each layer's values, little-endian, then a checksum of all that (XXH3,
//! 64 bits, little-endian), so a file changed after it was written is
//! refused rather than trusted as exact; the library makes and reads the
//! bytes, the front end writes the file.

use super::board::Board;
use super::index::Index;

/// The magic first line of a table file.
pub const MAGIC: &[u8; 18] = b"boardsh yut solve\n";
/// Version 2 added the checksum; a version 1 table is refused (solve
/// again).
const VERSION: u8 = 2;
/// Bytes of the checksum at the end.
pub(super) const CHECKSUM: usize = 8;
const SCALE: f64 = u32::MAX as f64;

/// A chance as fixed point.
pub fn fixed(v: f64) -> u32 {
    (v.clamp(0.0, 1.0) * SCALE).round() as u32
}

/// A fixed-point chance as a float.
pub fn unfixed(x: u32) -> f64 {
    f64::from(x) / SCALE
}

/// What the table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Roles {
    /// The perfect player against itself: one value a position.
    SelfPlay,
    /// The best player against a uniformly random one: the best player's
    /// chance when it moves, and the random player's when it moves.
    VsRandom,
}

impl Roles {
    /// How many values a position has.
    pub fn count(self) -> usize {
        match self {
            Roles::SelfPlay => 1,
            Roles::VsRandom => 2,
        }
    }
}

/// Solved layers of one game.
#[derive(Clone, Debug)]
pub struct Table {
    index: Index,
    cap: u8,
    roles: Roles,
    /// By layer, then role: the values, `None` until solved.
    layers: Vec<Option<Vec<Vec<u32>>>>,
}

/// Bytes that are not a table of the kind asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("not a boardsh yut solve table (bad magic)")]
    Magic,
    #[error("table version {0} is not {VERSION}")]
    Version(u8),
    #[error("an old table (version 1, without a checksum), not trusted: solve it again")]
    Unsealed,
    #[error("the checksum does not match: the file was changed or damaged after it was written")]
    Checksum,
    #[error("the table is cut short at byte {0}")]
    Short(usize),
    #[error("layer {layer} holds {found} values, not {expected}")]
    Length {
        layer: usize,
        found: usize,
        expected: usize,
    },
    #[error("the table is for {found}, not {expected}")]
    Kind { found: String, expected: String },
    #[error("the game has no layer {0}")]
    Layer(usize),
    #[error("the value at byte {0} is not a chance (0 to 1)")]
    Value(usize),
    #[error("bytes are left over from byte {0}")]
    Trailing(usize),
}

impl Table {
    /// An empty table for K tokens a side.
    pub fn new(k: usize, cap: u8, roles: Roles) -> Table {
        let index = Index::new(k);
        let layers = vec![None; index.layers()];
        Table {
            index,
            cap,
            roles,
            layers,
        }
    }

    /// The numbering.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// Tokens a side.
    pub fn tokens(&self) -> usize {
        self.index.tokens()
    }

    /// The cap on yuts and mos pending.
    pub fn cap(&self) -> u8 {
        self.cap
    }

    /// What it holds.
    pub fn roles(&self) -> Roles {
        self.roles
    }

    /// Whether layer `e` is solved.
    pub fn has_layer(&self, e: usize) -> bool {
        matches!(self.layers.get(e), Some(Some(_)))
    }

    /// Store layer `e`'s values (one vector per role).
    pub fn set_layer(&mut self, e: usize, values: Vec<Vec<u32>>) {
        if let Some(l) = self.layers.get_mut(e) {
            *l = Some(values);
        }
    }

    /// The fixed-point value of role `role` at place `at` of layer `e`.
    pub fn raw(&self, e: usize, role: usize, at: usize) -> Option<u32> {
        self.layers.get(e)?.as_ref()?.get(role)?.get(at).copied()
    }

    /// The chance the team to move at `board` wins, if its layer is
    /// solved (role 0: the perfect player, or the best one against the
    /// random player).
    pub fn value(&self, board: Board, role: usize) -> Option<f64> {
        if board.op.won() {
            return Some(0.0);
        }
        let p = self.index.place(board)?;
        self.raw(p.layer, role, p.at).map(unfixed)
    }

    fn describe(k: usize, cap: u8, roles: Roles) -> String {
        format!("{k} tokens, cap {cap}, {roles:?}")
    }

    /// The most bytes a table file for K tokens and `roles` can have:
    /// every layer solved (the cap does not change the size).
    pub fn max_bytes(k: usize, roles: Roles) -> u64 {
        let index = Index::new(k);
        let head = MAGIC.len() as u64 + 4;
        let layers: u64 = (0..index.layers())
            .map(|e| 1 + roles.count() as u64 * (8 + 4 * index.layer_len(e) as u64))
            .sum();
        head + layers + CHECKSUM as u64
    }

    /// The table as bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.tokens() as u8);
        out.push(self.cap);
        out.push(self.roles.count() as u8);
        for layer in &self.layers {
            match layer {
                None => out.push(0),
                Some(roles) => {
                    out.push(1);
                    for values in roles {
                        out.extend_from_slice(&(values.len() as u64).to_le_bytes());
                        for v in values {
                            out.extend_from_slice(&v.to_le_bytes());
                        }
                    }
                }
            }
        }
        seal(&mut out);
        out
    }

    /// Read a table for K tokens, `cap` and `roles` back from `bytes`.
    ///
    /// # Errors
    ///
    /// [`TableError`] when the bytes are not such a table.
    pub fn from_bytes(bytes: &[u8], k: usize, cap: u8, roles: Roles) -> Result<Table, TableError> {
        if !bytes.starts_with(MAGIC) {
            return Err(TableError::Magic);
        }
        let mut r = Reader {
            bytes,
            at: MAGIC.len(),
        };
        let version = r.byte()?;
        if version == 1 {
            return Err(TableError::Unsealed);
        }
        if version != VERSION {
            return Err(TableError::Version(version));
        }
        let bytes = unseal(bytes)?;
        r.bytes = bytes;
        let (fk, fcap, froles) = (usize::from(r.byte()?), r.byte()?, usize::from(r.byte()?));
        if fk != k || fcap != cap || froles != roles.count() {
            let found_roles = if froles == 2 {
                Roles::VsRandom
            } else {
                Roles::SelfPlay
            };
            return Err(TableError::Kind {
                found: Table::describe(fk, fcap, found_roles),
                expected: Table::describe(k, cap, roles),
            });
        }
        let mut table = Table::new(k, cap, roles);
        for e in 0..table.index.layers() {
            if r.byte()? == 0 {
                continue;
            }
            let expected = table.index.layer_len(e);
            let mut layer = Vec::new();
            for _ in 0..roles.count() {
                let n = u64::from_le_bytes(r.array::<8>()?) as usize;
                if n != expected {
                    return Err(TableError::Length {
                        layer: e,
                        found: n,
                        expected,
                    });
                }
                let raw = r.take(n.saturating_mul(4))?;
                let values = raw
                    .chunks_exact(4)
                    .map(|c| {
                        let mut a = [0; 4];
                        a.copy_from_slice(c);
                        u32::from_le_bytes(a)
                    })
                    .collect();
                layer.push(values);
            }
            table.set_layer(e, layer);
        }
        if r.at != bytes.len() {
            return Err(TableError::Trailing(r.at));
        }
        Ok(table)
    }
}

/// The checksum of `bytes`.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// Append the checksum of everything in `out`.
pub(super) fn seal(out: &mut Vec<u8>) {
    let sum = checksum(out);
    out.extend_from_slice(&sum.to_le_bytes());
}

/// The bytes before the checksum at the end of `bytes`, if it matches.
pub(super) fn unseal(bytes: &[u8]) -> Result<&[u8], TableError> {
    let end = bytes
        .len()
        .checked_sub(CHECKSUM)
        .ok_or(TableError::Short(bytes.len()))?;
    let (body, sum) = bytes.split_at(end);
    let mut a = [0; CHECKSUM];
    a.copy_from_slice(sum);
    if checksum(body) == u64::from_le_bytes(a) {
        Ok(body)
    } else {
        Err(TableError::Checksum)
    }
}

/// Append the head of a layer's file (a partial layer, a sweep's values
/// or part): the table's magic, the file's `letter`, its format's
/// `version`, `table`'s game (tokens, cap, roles) and the layer, as
/// [`Reader::layer_head`] reads them back.
pub(super) fn write_layer_head(
    out: &mut Vec<u8>,
    letter: u8,
    version: u8,
    table: &Table,
    layer: usize,
) {
    out.extend_from_slice(MAGIC);
    out.push(letter);
    out.push(version);
    out.push(table.tokens() as u8);
    out.push(table.cap());
    out.push(table.roles().count() as u8);
    out.push(layer as u8);
}

pub(super) struct Reader<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
}

impl<'a> Reader<'a> {
    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        let end = self.at.checked_add(n).ok_or(TableError::Short(self.at))?;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or(TableError::Short(self.at))?;
        self.at = end;
        Ok(s)
    }
    pub(super) fn byte(&mut self) -> Result<u8, TableError> {
        Ok(self.take(1)?.first().copied().unwrap_or(0))
    }
    pub(super) fn array<const N: usize>(&mut self) -> Result<[u8; N], TableError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
    /// The head of a layer's file after its magic: the format's `version`,
    /// the game (tokens, cap, roles) that of `table`, then a layer
    /// `table` has, which it gives.
    pub(super) fn layer_head(&mut self, version: u8, table: &Table) -> Result<usize, TableError> {
        let found = self.byte()?;
        if found != version {
            return Err(TableError::Version(found));
        }
        let (k, cap, roles) = (
            usize::from(self.byte()?),
            self.byte()?,
            usize::from(self.byte()?),
        );
        if k != table.tokens() || cap != table.cap() || roles != table.roles().count() {
            return Err(TableError::Kind {
                found: format!("{k} tokens, cap {cap}, {roles} roles"),
                expected: format!(
                    "{} tokens, cap {}, {} roles",
                    table.tokens(),
                    table.cap(),
                    table.roles().count()
                ),
            });
        }
        let layer = usize::from(self.byte()?);
        if layer >= table.index().layers() {
            return Err(TableError::Layer(layer));
        }
        Ok(layer)
    }
}
