//! The table files boardsh reads from its data directory: a solved Yut
//! table (`yut-solve-kK-cap10.bin`, with its XXH3 checksum) and a Congo
//! endgame table (`tb/*.ctb`, with its FNV-1a checksum). Any bytes must be
//! refused with a typed error or read, never panic; what is read must
//! write back to the same bytes. The first byte picks the format and
//! whether the harness seals the rest with a correct checksum (so the
//! readers behind the checksum are reached, not only its refusal).
#![no_main]

use boardsh::congo::tablebase::{decode_table, encode_table};
use boardsh::yut::solve::{Roles, Table};
use libfuzzer_sys::fuzz_target;

/// FNV-1a, as the Congo table files end.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let sealed = first & 1 == 1;
    if first & 2 == 0 {
        // A Yut table: the header after the magic, then the layers.
        let mut bytes = rest.to_vec();
        if sealed {
            bytes.splice(0..0, b"boardsh yut solve\n\x02".iter().copied());
            let sum = xxhash_rust::xxh3::xxh3_64(&bytes);
            bytes.extend_from_slice(&sum.to_le_bytes());
        }
        let k = usize::from(first >> 2 & 1) + 1;
        let roles = if first & 8 == 0 {
            Roles::SelfPlay
        } else {
            Roles::VsRandom
        };
        if let Ok(table) = Table::from_bytes(&bytes, k, 10, roles) {
            assert_eq!(table.to_bytes(), bytes, "a table read writes back the same");
        }
    } else {
        let mut bytes = rest.to_vec();
        if sealed {
            let sum = fnv1a(&bytes);
            bytes.extend_from_slice(&sum.to_le_bytes());
        }
        if let Ok((material, entries)) = decode_table(&bytes) {
            assert_eq!(encode_table(&material, &entries), bytes);
        }
    }
});
