//! The network file: a [`Network`] and the text of where it came from, as
//! bytes (no I/O here: the front end reads and writes the files).
//!
//! All little-endian:
//!
//! ```text
//! offset  size        field
//!      0  8           magic  "BSHNNUE\0"
//!      8  4  u32      version            (1)
//!     12  4  u32      feature set id     (1: the 784 features of `feature_index`,
//!                                         2: those in 4 lion buckets, `View`)
//!     16  4  u32      number of inputs N (784; 3136 for set 2)
//!     20  4  u32      hidden units H     (1..=256)
//!     24  4  u32      QA                 (255)
//!     28  4  u32      QB                 (1024)
//!     32  4  u32      SCALE              (400)
//!     36  4  u32      description length D (<= 4096)
//!     40  D           description, UTF-8 (the provenance: data command,
//!                     seeds, trainer commit, validation loss)
//!         N·H·2   i16 feature weights, row by row (input f at f·H)
//!         H·2     i16 feature biases
//!         2H·2    i16 output weights, the side to move's H first
//!         4       i32 output bias
//!         8       u64 XXH3-64 of every byte before it
//! ```
//!
//! That is version 1, whose networks clip (the clipped ReLU). Version 2
//! adds one field after the description's length, and the description
//! starts at byte 44:
//!
//! ```text
//!     40  4  u32      activation         (0: clipped ReLU, 1: squared)
//! ```
//!
//! Version 3 adds the output buckets ([`Network::output_buckets`]) after
//! the activation, and the description starts at byte 48:
//!
//! ```text
//!     44  4  u32      output buckets B   (1..=8)
//!         ...         as above, but B output layers:
//!         B·2H·2  i16 output weights, bucket by bucket (each the side to
//!                     move's H first)
//!         B·4     i32 output biases
//! ```
//!
//! A network of one output bucket is written as version 1 when it clips
//! (the files of the first generations, byte for byte), version 2 when it
//! squares; a network of more buckets as version 3. All three are read.
//!
//! Nothing may follow the checksum. The reader checks, in this order: the
//! size cap ([`MAX_FILE_BYTES`]), the magic, the version, the feature set,
//! the fields that fix the layout (H, D), the length, the checksum, then
//! the quantization constants and the description's UTF-8; so a file that
//! is damaged is refused by its checksum before anything it says is
//! believed, and a sealed file with other constants is named as such.

use super::features::FeatureSet;
use super::network::{Activation, MAX_BUCKETS, MAX_HIDDEN, Network, QA, QB, SCALE};

/// The first 8 bytes of every network file.
pub const MAGIC: [u8; 8] = *b"BSHNNUE\0";

/// The newest format version this boardsh writes and reads (it reads
/// versions 1 and 2 too, and writes them for a network of one output
/// bucket).
pub const VERSION: u32 = 3;

/// The feature set id of [`N_FEATURES`](super::N_FEATURES)' features (8
/// kinds × own or the opponent's × 49 squares, each side's view): the
/// plain set. (Its lion-bucketed form is id 2: [`FeatureSet`].)
pub const FEATURE_SET: u32 = 1;

/// The longest description, in bytes.
pub const MAX_DESCRIPTION: usize = 4096;

/// The largest file read: 2 MB (a network of 256 hidden units takes
/// about 400 kB, 1.6 MB in lion buckets).
pub const MAX_FILE_BYTES: usize = 2 * 1024 * 1024;

/// The bytes before the description in version 1; version 2 has one
/// field more (the activation, at this offset), version 3 two (the
/// output buckets next).
const HEADER: usize = 40;

/// Where version 3's number of output buckets is.
const BUCKETS_AT: usize = HEADER + 4;

/// The header's length in `version` (1, 2 or 3).
fn header_len(version: u32) -> usize {
    match version {
        ..=1 => HEADER,
        2 => HEADER + 4,
        _ => HEADER + 8,
    }
}

/// The checksum's bytes at the end.
const CHECKSUM: usize = 8;

/// Why bytes are not a network file this boardsh can use. Each names what
/// is wrong and where (a byte offset into the file).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetFileError {
    /// Over [`MAX_FILE_BYTES`].
    #[error("too large for a network file: {len} bytes, the limit is {MAX_FILE_BYTES}")]
    TooLarge {
        /// The file's length.
        len: usize,
    },
    /// The first 8 bytes are not [`MAGIC`].
    #[error("not a boardsh network file (bytes 0..8 are not \"BSHNNUE\\0\")")]
    BadMagic,
    /// A version other than [`VERSION`].
    #[error(
        "unsupported network file version {version} at byte 8 (this boardsh reads versions 1 to 3)"
    )]
    Version {
        /// The version found.
        version: u32,
    },
    /// A feature set id this boardsh does not know.
    #[error("unknown feature set {id} at byte 12 (this boardsh reads 1: plain, 2: lion buckets)")]
    FeatureSet {
        /// The id found.
        id: u32,
    },
    /// A number of inputs other than the feature set's.
    #[error("wrong number of inputs {found} at byte 16: feature set {set} has {expected}")]
    Inputs {
        /// The feature set's id.
        set: u32,
        /// The number found.
        found: u32,
        /// The set's number.
        expected: u32,
    },
    /// H not in `1..=MAX_HIDDEN`.
    #[error("hidden size {hidden} at byte 20 is out of range (1 to {MAX_HIDDEN})")]
    Hidden {
        /// The size found.
        hidden: u32,
    },
    /// A description length over [`MAX_DESCRIPTION`].
    #[error("description length {len} at byte 36 is over the limit of {MAX_DESCRIPTION} bytes")]
    DescriptionTooLong {
        /// The length found.
        len: u32,
    },
    /// The file ends before its layout does.
    #[error("truncated: expected {expected} bytes, got {got}")]
    Truncated {
        /// The length the header (or the part read so far) calls for.
        expected: usize,
        /// The file's length.
        got: usize,
    },
    /// Bytes after the checksum.
    #[error(
        "trailing bytes: expected {expected} bytes, got {got} (extra bytes from byte {expected})"
    )]
    Trailing {
        /// The length the header calls for.
        expected: usize,
        /// The file's length.
        got: usize,
    },
    /// The checksum does not match the bytes before it.
    #[error(
        "checksum mismatch: bytes 0..{offset} hash to {computed:016x}, the file says {stored:016x} (at byte {offset})"
    )]
    Checksum {
        /// Where the checksum is.
        offset: usize,
        /// The checksum stored.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// QA, QB or SCALE other than this boardsh's constants.
    #[error("scale mismatch: {name} is {found} at byte {offset}, this boardsh uses {expected}")]
    Scale {
        /// `QA`, `QB` or `SCALE`.
        name: &'static str,
        /// The value found.
        found: u32,
        /// This boardsh's constant.
        expected: u32,
        /// Where the field is.
        offset: usize,
    },
    /// A version 3 file's number of output buckets is not in
    /// `1..=MAX_BUCKETS`.
    #[error("output buckets {buckets} at byte 44 is out of range (1 to {MAX_BUCKETS})")]
    Buckets {
        /// The number found.
        buckets: u32,
    },
    /// A version 2 file's activation id is none this boardsh knows.
    #[error("unknown activation {id} at byte 40 (0: clipped ReLU, 1: squared clipped ReLU)")]
    Activation {
        /// The id found.
        id: u32,
    },
    /// The description is not UTF-8.
    #[error("description is not UTF-8 (invalid byte at byte {offset})")]
    DescriptionUtf8 {
        /// The file offset of the first invalid byte.
        offset: usize,
    },
}

/// The u32 at `at`, or `Truncated` if the file ends before it.
fn u32_at(bytes: &[u8], at: usize) -> Result<u32, NetFileError> {
    let end = at.saturating_add(4);
    let mut a = [0; 4];
    a.copy_from_slice(bytes.get(at..end).ok_or(NetFileError::Truncated {
        expected: end,
        got: bytes.len(),
    })?);
    Ok(u32::from_le_bytes(a))
}

/// `n` i16 values from the front of `bytes`, which are exactly long enough.
fn i16s(bytes: &[u8]) -> Vec<i16> {
    bytes
        .chunks_exact(2)
        .map(|c| {
            let mut a = [0; 2];
            a.copy_from_slice(c);
            i16::from_le_bytes(a)
        })
        .collect()
}

/// The file's length in `version` for `inputs` inputs, `hidden` units,
/// `buckets` output buckets and a description of `desc` bytes.
fn file_len(version: u32, inputs: usize, hidden: usize, buckets: usize, desc: usize) -> usize {
    header_len(version)
        + desc
        + 2 * (inputs * hidden + hidden + 2 * hidden * buckets)
        + 4 * buckets
        + CHECKSUM
}

/// `description` cut to at most [`MAX_DESCRIPTION`] bytes, on a character
/// boundary.
fn clip(description: &str) -> &str {
    let mut end = description.len().min(MAX_DESCRIPTION);
    while !description.is_char_boundary(end) {
        end -= 1;
    }
    description.get(..end).unwrap_or_default()
}

impl Network {
    /// The network file of this network with `description` (its
    /// provenance), cut to [`MAX_DESCRIPTION`] bytes on a character
    /// boundary if longer.
    pub fn to_bytes(&self, description: &str) -> Vec<u8> {
        let description = clip(description);
        let h = self.hidden();
        let activation = self.activation();
        let buckets = self.output_buckets();
        let set = self.feature_set();
        let inputs = set.inputs();
        let version = match (buckets, activation) {
            (2.., _) => 3,
            (_, Activation::ClippedRelu) => 1,
            (_, Activation::SquaredClippedRelu) => 2,
        };
        let mut out = Vec::with_capacity(file_len(version, inputs, h, buckets, description.len()));
        out.extend_from_slice(&MAGIC);
        let header = [
            version,
            set.id(),
            inputs as u32,
            h as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            description.len() as u32,
        ];
        for v in header {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if version >= 2 {
            out.extend_from_slice(&activation.id().to_le_bytes());
        }
        if version >= 3 {
            out.extend_from_slice(&(buckets as u32).to_le_bytes());
        }
        out.extend_from_slice(description.as_bytes());
        let weights = (0..inputs).flat_map(|f| self.feature_row(f));
        for w in weights.chain(self.feature_bias()) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in 0..buckets {
            let (us, them, _) = self.output(b);
            for w in us.iter().chain(them) {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        for b in 0..buckets {
            out.extend_from_slice(&self.output(b).2.to_le_bytes());
        }
        let sum = xxhash_rust::xxh3::xxh3_64(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// A network and its description from a network file's bytes.
    ///
    /// # Errors
    ///
    /// [`NetFileError`] when the bytes are not a whole, intact network
    /// file of this boardsh's format, feature set and constants.
    pub fn from_bytes(bytes: &[u8]) -> Result<(Network, String), NetFileError> {
        let len = bytes.len();
        if len > MAX_FILE_BYTES {
            return Err(NetFileError::TooLarge { len });
        }
        let magic = bytes.get(..MAGIC.len()).unwrap_or(bytes);
        if magic != MAGIC.get(..magic.len()).unwrap_or(&MAGIC) {
            return Err(NetFileError::BadMagic);
        }
        if magic.len() < MAGIC.len() {
            return Err(NetFileError::Truncated {
                expected: MAGIC.len(),
                got: len,
            });
        }
        let version = u32_at(bytes, 8)?;
        if !(1..=VERSION).contains(&version) {
            return Err(NetFileError::Version { version });
        }
        let id = u32_at(bytes, 12)?;
        let set = FeatureSet::from_id(id).ok_or(NetFileError::FeatureSet { id })?;
        let inputs = set.inputs();
        let found = u32_at(bytes, 16)?;
        if found as usize != inputs {
            return Err(NetFileError::Inputs {
                set: id,
                found,
                expected: inputs as u32,
            });
        }
        let hidden = u32_at(bytes, 20)?;
        let h = hidden as usize;
        if !(1..=MAX_HIDDEN).contains(&h) {
            return Err(NetFileError::Hidden { hidden });
        }
        let desc_len = u32_at(bytes, 36)?;
        let d = desc_len as usize;
        if d > MAX_DESCRIPTION {
            return Err(NetFileError::DescriptionTooLong { len: desc_len });
        }
        // Version 3's output buckets fix the layout: read with H and D.
        // Version 2's activation is read after the checksum below.
        let buckets = if version >= 3 {
            let buckets = u32_at(bytes, BUCKETS_AT)?;
            if !(1..=MAX_BUCKETS).contains(&(buckets as usize)) {
                return Err(NetFileError::Buckets { buckets });
            }
            buckets as usize
        } else {
            1
        };
        let header = header_len(version);
        if len < header {
            return Err(NetFileError::Truncated {
                expected: header,
                got: len,
            });
        }
        let expected = file_len(version, inputs, h, buckets, d);
        if len < expected {
            return Err(NetFileError::Truncated { expected, got: len });
        }
        if len > expected {
            return Err(NetFileError::Trailing { expected, got: len });
        }
        let body_len = expected - CHECKSUM;
        let (body, tail) = bytes.split_at(body_len);
        let mut a = [0; CHECKSUM];
        a.copy_from_slice(tail);
        let stored = u64::from_le_bytes(a);
        let computed = xxhash_rust::xxh3::xxh3_64(body);
        if stored != computed {
            return Err(NetFileError::Checksum {
                offset: body_len,
                stored,
                computed,
            });
        }
        let constants = [
            ("QA", 24, QA as u32),
            ("QB", 28, QB as u32),
            ("SCALE", 32, SCALE as u32),
        ];
        for (name, offset, expected) in constants {
            let found = u32_at(bytes, offset)?;
            if found != expected {
                return Err(NetFileError::Scale {
                    name,
                    found,
                    expected,
                    offset,
                });
            }
        }
        let activation = if version >= 2 {
            let id = u32_at(bytes, HEADER)?;
            Activation::from_id(id).ok_or(NetFileError::Activation { id })?
        } else {
            Activation::ClippedRelu
        };
        // The length is checked: every part below is inside `body`.
        let rest = body.get(header..).unwrap_or_default();
        let (desc, rest) = rest.split_at(d.min(rest.len()));
        let description = std::str::from_utf8(desc)
            .map_err(|e| NetFileError::DescriptionUtf8 {
                offset: header + e.valid_up_to(),
            })?
            .to_owned();
        let (fw, rest) = rest.split_at((2 * inputs * h).min(rest.len()));
        let (fb, rest) = rest.split_at((2 * h).min(rest.len()));
        let (ow, rest) = rest.split_at((4 * h * buckets).min(rest.len()));
        let biases = rest
            .chunks_exact(4)
            .take(buckets)
            .map(|c| {
                let mut b = [0; 4];
                b.copy_from_slice(c);
                i32::from_le_bytes(b)
            })
            .collect();
        let network = Network::with_features(set, i16s(fw), i16s(fb), i16s(ow), biases)
            .ok_or(NetFileError::Truncated { expected, got: len })?
            .with_activation(activation);
        Ok((network, description))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::nnue::N_FEATURES;

    /// Replace the checksum at the end of `bytes` by the right one for
    /// the bytes before it.
    fn reseal(bytes: &mut [u8]) {
        let n = bytes.len() - CHECKSUM;
        let sum = xxhash_rust::xxh3::xxh3_64(&bytes[..n]);
        bytes[n..].copy_from_slice(&sum.to_le_bytes());
    }

    fn set_u32(bytes: &mut [u8], at: usize, v: u32) {
        bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }

    #[test]
    fn round_trip() {
        for (h, seed) in [(1, 1), (2, 7), (32, 3), (100, 9), (MAX_HIDDEN, 4)] {
            let net = Network::random(h, seed);
            let bytes = net.to_bytes("data: selfplay --seed 5\ntrainer abc123");
            // 40 header bytes, the description, the weights, bias, checksum.
            assert_eq!(bytes.len(), 40 + 38 + 2 * (784 * h + h + 2 * h) + 4 + 8);
            let (back, desc) = Network::from_bytes(&bytes).unwrap();
            assert_eq!(back, net);
            assert_eq!(desc, "data: selfplay --seed 5\ntrainer abc123");
        }
        let most = FeatureSet::LionBuckets.inputs();
        assert!(file_len(3, most, MAX_HIDDEN, MAX_BUCKETS, MAX_DESCRIPTION) <= MAX_FILE_BYTES);
    }

    /// A network of lion buckets names its set (2) and its 4 × 784 inputs
    /// at bytes 12 and 16, stores every input's row, and reads back equal,
    /// in every version it is written as (clipped, squared, bucketed).
    #[test]
    fn lion_bucket_networks_round_trip() {
        let set = FeatureSet::LionBuckets;
        for (h, buckets, activation) in [
            (1, 1, Activation::ClippedRelu),
            (16, 1, Activation::SquaredClippedRelu),
            (8, 3, Activation::SquaredClippedRelu),
        ] {
            let net = Network::random_with(set, h, buckets, 6).with_activation(activation);
            let b = net.to_bytes("lion");
            let u = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
            assert_eq!((u(12), u(16)), (2, 3136));
            let version = u(8);
            assert_eq!(
                b.len(),
                file_len(version, 3136, h, buckets, 4),
                "version {version}"
            );
            assert_eq!(
                b.len(),
                header_len(version) + 4 + 2 * (3136 * h + h + 2 * h * buckets) + 4 * buckets + 8
            );
            let (back, desc) = Network::from_bytes(&b).unwrap();
            assert_eq!(back, net);
            assert_eq!(back.feature_set(), set);
            assert_eq!(desc, "lion");
            // The last block's last row is stored, and differs from the
            // plain network's (it has no such row).
            assert_eq!(back.feature_row(3135).len(), h);
            assert!(Network::random(h, 6).feature_row(3135).is_empty());
        }
    }

    #[test]
    fn layout_is_as_documented() {
        // A hand-made net: weight of feature f, unit j is f*2+j (mod i16),
        // so every field's place can be checked by value.
        let h = 2;
        let fw = (0..N_FEATURES * h).map(|i| i as i16).collect();
        let net = Network::new(fw, vec![-1, -2], vec![10, 11, -20, -21], -70_000).unwrap();
        let b = net.to_bytes("é");
        assert_eq!(&b[..8], b"BSHNNUE\0");
        let u = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
        assert_eq!(
            [u(8), u(12), u(16), u(20), u(24), u(28), u(32), u(36)],
            [1, 1, 784, 2, 255, 1024, 400, 2]
        );
        assert_eq!(&b[40..42], "é".as_bytes());
        let i = |at: usize| i16::from_le_bytes([b[at], b[at + 1]]);
        // Feature weights start at 42: feature 1, unit 1 is the 4th value.
        assert_eq!(i(42 + 2 * 3), 3);
        let fb = 42 + 2 * N_FEATURES * h;
        assert_eq!([i(fb), i(fb + 2)], [-1, -2]);
        assert_eq!(
            [i(fb + 4), i(fb + 6), i(fb + 8), i(fb + 10)],
            [10, 11, -20, -21]
        );
        let bias = fb + 12;
        assert_eq!(
            i32::from_le_bytes(b[bias..bias + 4].try_into().unwrap()),
            -70_000
        );
        assert_eq!(b.len(), bias + 4 + 8);
        let sum = u64::from_le_bytes(b[bias + 4..].try_into().unwrap());
        assert_eq!(sum, xxhash_rust::xxh3::xxh3_64(&b[..bias + 4]));
    }

    #[test]
    fn a_flipped_weight_fails_the_checksum() {
        let mut b = Network::random(8, 2).to_bytes("x");
        let at = 41 + 1000;
        b[at] ^= 0x10;
        let end = b.len() - 8;
        assert!(matches!(
            Network::from_bytes(&b),
            Err(NetFileError::Checksum { offset, .. }) if offset == end
        ));
        // So does a flipped checksum byte.
        let mut b = Network::random(8, 2).to_bytes("x");
        let last = b.len() - 1;
        b[last] ^= 1;
        assert!(matches!(
            Network::from_bytes(&b),
            Err(NetFileError::Checksum { .. })
        ));
    }

    #[test]
    fn every_truncation_is_an_error() {
        let b = Network::random(1, 3).to_bytes("ab");
        for n in 0..b.len() {
            let err = Network::from_bytes(&b[..n]).unwrap_err();
            // Any prefix of the magic (even empty) is a short file, not a
            // wrong one; from the whole header on, the layout's length.
            let expected = match n {
                0..8 => 8,
                8..12 => 12,
                12..16 => 16,
                16..20 => 20,
                20..24 => 24,
                24..40 => 40,
                _ => b.len(),
            };
            assert_eq!(err, NetFileError::Truncated { expected, got: n }, "at {n}");
            assert!(
                err.to_string()
                    .contains(&format!("expected {expected} bytes, got {n}"))
            );
        }
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        let good = Network::random(4, 1).to_bytes("d");
        let read = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut b = good.clone();
            f(&mut b);
            Network::from_bytes(&b).unwrap_err()
        };
        let e = read(&|b| b[0] = b'b');
        assert_eq!(e, NetFileError::BadMagic);
        assert!(e.to_string().contains("not a boardsh network file"));
        assert_eq!(
            Network::from_bytes(b"hello").unwrap_err(),
            NetFileError::BadMagic
        );

        for v in [0, 4] {
            let e = read(&|b| set_u32(b, 8, v));
            assert_eq!(e, NetFileError::Version { version: v });
            assert!(e.to_string().contains(&format!("version {v} at byte 8")));
        }

        for id in [0, 3, 7] {
            let e = read(&|b| set_u32(b, 12, id));
            assert_eq!(e, NetFileError::FeatureSet { id });
            assert!(
                e.to_string()
                    .contains(&format!("unknown feature set {id} at byte 12")),
                "{e}"
            );
        }
        let e = read(&|b| set_u32(b, 16, 783));
        assert!(
            e.to_string()
                .contains("wrong number of inputs 783 at byte 16: feature set 1 has 784"),
            "{e}"
        );
        // A plain file that says it is of lion buckets: its number of
        // inputs is then wrong.
        let e = read(&|b| set_u32(b, 12, 2));
        assert_eq!(
            e,
            NetFileError::Inputs {
                set: 2,
                found: 784,
                expected: 3136
            }
        );

        for h in [0, 257, u32::MAX] {
            let e = read(&|b| set_u32(b, 20, h));
            assert_eq!(e, NetFileError::Hidden { hidden: h });
            assert!(
                e.to_string()
                    .contains(&format!("hidden size {h} at byte 20"))
            );
        }

        let e = read(&|b| set_u32(b, 36, 4097));
        assert_eq!(e, NetFileError::DescriptionTooLong { len: 4097 });

        // The QA check sits behind the checksum: reseal so it is reached.
        let e = read(&|b| {
            set_u32(b, 24, 256);
            reseal(b);
        });
        assert_eq!(
            e,
            NetFileError::Scale {
                name: "QA",
                found: 256,
                expected: 255,
                offset: 24
            }
        );
        assert!(e.to_string().contains("QA is 256 at byte 24"));
        // Without the reseal, the checksum refuses it first.
        assert!(matches!(
            read(&|b| set_u32(b, 24, 256)),
            NetFileError::Checksum { .. }
        ));
        let e = read(&|b| {
            set_u32(b, 28, 128);
            reseal(b);
        });
        assert!(matches!(
            e,
            NetFileError::Scale {
                name: "QB",
                found: 128,
                ..
            }
        ));
        let e = read(&|b| {
            set_u32(b, 32, 600);
            reseal(b);
        });
        assert!(matches!(
            e,
            NetFileError::Scale {
                name: "SCALE",
                found: 600,
                offset: 32,
                ..
            }
        ));

        let e = read(&|b| {
            b[40] = 0xff;
            reseal(b);
        });
        assert_eq!(e, NetFileError::DescriptionUtf8 { offset: 40 });

        let n = good.len();
        let e = read(&|b| b.push(0));
        assert_eq!(
            e,
            NetFileError::Trailing {
                expected: n,
                got: n + 1
            }
        );

        let big = vec![0; MAX_FILE_BYTES + 1];
        assert_eq!(
            Network::from_bytes(&big).unwrap_err(),
            NetFileError::TooLarge {
                len: MAX_FILE_BYTES + 1
            }
        );
    }

    #[test]
    fn a_long_description_is_cut_on_a_character() {
        let long = "é".repeat(3000); // 6000 bytes
        let b = Network::random(1, 1).to_bytes(&long);
        let (_, desc) = Network::from_bytes(&b).unwrap();
        assert_eq!(desc, "é".repeat(2048));
        let odd = format!("a{long}"); // a boundary at 4096 falls inside an é
        let (_, desc) = Network::from_bytes(&Network::random(1, 1).to_bytes(&odd)).unwrap();
        assert_eq!(desc.len(), 4095);
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let mut rng = crate::rng::Rng::new(11);
        let good = Network::random(2, 5).to_bytes("q");
        for _ in 0..2000 {
            let mut b = good.clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(b.len());
                b[at] = rng.below(256) as u8;
            }
            let cut = rng.below(b.len() + 1);
            b.truncate(cut);
            let _ = Network::from_bytes(&b);
            reseal_if_long(&mut b);
            if let Ok((net, d)) = Network::from_bytes(&b) {
                assert_eq!(net.to_bytes(&d), b);
            }
        }
    }

    /// A squared network is written as version 2, its activation at byte
    /// 40 and its description from 44, and read back whole; a clipping
    /// one stays version 1 (a file of the first generations, unchanged).
    #[test]
    fn a_squared_network_is_version_2() {
        let clipped = Network::random(3, 8);
        let squared = clipped
            .clone()
            .with_activation(Activation::SquaredClippedRelu);
        assert_ne!(clipped, squared);
        let b1 = clipped.to_bytes("ab");
        let b2 = squared.to_bytes("ab");
        let u = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
        assert_eq!((u(&b1, 8), u(&b2, 8)), (1, 2));
        assert_eq!(u(&b2, 40), 1);
        assert_eq!((&b1[40..42], &b2[44..46]), (&b"ab"[..], &b"ab"[..]));
        assert_eq!(b2.len(), b1.len() + 4);
        // After the header, the same weights byte for byte.
        assert_eq!(b1[42..b1.len() - 8], b2[46..b2.len() - 8]);
        let (back, desc) = Network::from_bytes(&b2).unwrap();
        assert_eq!(
            (back.activation(), desc.as_str()),
            (Activation::SquaredClippedRelu, "ab")
        );
        assert_eq!(back, squared);
        assert_eq!(Network::from_bytes(&b1).unwrap().0, clipped);

        // An unknown activation, sealed, is named; unsealed, the checksum
        // refuses it first.
        let mut bad = b2.clone();
        set_u32(&mut bad, 40, 7);
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetFileError::Checksum { .. })
        ));
        reseal(&mut bad);
        let e = Network::from_bytes(&bad).unwrap_err();
        assert_eq!(e, NetFileError::Activation { id: 7 });
        assert!(e.to_string().contains("unknown activation 7 at byte 40"));
        // Every truncation of a version 2 file is an error too.
        for n in 0..b2.len() {
            assert!(Network::from_bytes(&b2[..n]).is_err(), "at {n}");
        }
        // A version 1 file relabelled version 2 (resealed) is refused: its
        // length is not version 2's.
        let mut relabelled = b1.clone();
        set_u32(&mut relabelled, 8, 2);
        reseal(&mut relabelled);
        assert!(Network::from_bytes(&relabelled).is_err());
    }

    /// A network of several output buckets is version 3: the activation
    /// at byte 40, the buckets at 44, the description from 48, then each
    /// bucket's output weights and then each one's bias; read back whole,
    /// for either activation and any number of buckets.
    #[test]
    fn bucketed_networks_are_version_3() {
        for (h, buckets, seed) in [(1, 2, 1), (5, 3, 2), (32, 8, 3), (MAX_HIDDEN, 8, 4)] {
            for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
                let net = Network::random_buckets(h, buckets, seed).with_activation(activation);
                assert_eq!(net.output_buckets(), buckets);
                let b = net.to_bytes("abc");
                let u = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
                assert_eq!(
                    (u(8), u(20), u(40), u(44)),
                    (3, h as u32, activation.id(), buckets as u32)
                );
                assert_eq!(&b[48..51], b"abc");
                // Header, description, W1 and b1, the buckets' output
                // weights, their biases, the checksum.
                let len = 48 + 3 + 2 * (784 * h + h) + 2 * 2 * h * buckets + 4 * buckets + 8;
                assert_eq!(b.len(), len);
                let (back, desc) = Network::from_bytes(&b).unwrap();
                assert_eq!((back, desc.as_str()), (net, "abc"));
            }
        }
        // By value: two buckets of two units, weights 10.. and biases.
        let fw = vec![0; N_FEATURES * 2];
        let ow = vec![10, 11, 12, 13, 20, 21, 22, 23];
        let net = Network::with_buckets(fw, vec![1, 2], ow, vec![-5, 70_000]).unwrap();
        assert_eq!(net.output(0), (&[10, 11][..], &[12, 13][..], -5));
        assert_eq!(net.output(1), (&[20, 21][..], &[22, 23][..], 70_000));
        let b = net.to_bytes("");
        let i = |at: usize| i16::from_le_bytes([b[at], b[at + 1]]);
        let ow_at = 48 + 2 * (N_FEATURES * 2 + 2);
        let weights: Vec<i16> = (0..8).map(|k| i(ow_at + 2 * k)).collect();
        assert_eq!(weights, [10, 11, 12, 13, 20, 21, 22, 23]);
        let i32_at = |at: usize| i32::from_le_bytes(b[at..at + 4].try_into().unwrap());
        assert_eq!([i32_at(ow_at + 16), i32_at(ow_at + 20)], [-5, 70_000]);
        assert_eq!(b.len(), ow_at + 24 + 8);
        // The shape is checked: B × 2H output weights, 1 to 8 buckets.
        assert!(Network::with_buckets(vec![0; 784], vec![0], vec![0; 3], vec![0, 0]).is_none());
        assert!(Network::with_buckets(vec![0; 784], vec![0], vec![], vec![]).is_none());
        assert!(Network::with_buckets(vec![0; 784], vec![0], vec![0; 18], vec![0; 9]).is_none());

        // A number of buckets out of range is named (before the checksum:
        // it fixes the layout), and every truncation is an error.
        let good = Network::random_buckets(3, 4, 9).to_bytes("d");
        for bad in [0, 9, u32::MAX] {
            let mut b = good.clone();
            set_u32(&mut b, 44, bad);
            let e = Network::from_bytes(&b).unwrap_err();
            assert_eq!(e, NetFileError::Buckets { buckets: bad });
            assert!(
                e.to_string()
                    .contains(&format!("output buckets {bad} at byte 44")),
                "{e}"
            );
        }
        // Another number in range changes the length: refused as such.
        let mut b = good.clone();
        set_u32(&mut b, 44, 5);
        assert!(matches!(
            Network::from_bytes(&b),
            Err(NetFileError::Truncated { .. })
        ));
        set_u32(&mut b, 44, 3);
        assert!(matches!(
            Network::from_bytes(&b),
            Err(NetFileError::Trailing { .. })
        ));
        for n in 0..good.len() {
            assert!(Network::from_bytes(&good[..n]).is_err(), "at {n}");
        }
        // A flipped output bias fails the checksum.
        let mut b = good.clone();
        let at = b.len() - 8 - 3;
        b[at] ^= 4;
        assert!(matches!(
            Network::from_bytes(&b),
            Err(NetFileError::Checksum { .. })
        ));
    }

    fn reseal_if_long(b: &mut [u8]) {
        if b.len() >= CHECKSUM {
            reseal(b);
        }
    }
}
