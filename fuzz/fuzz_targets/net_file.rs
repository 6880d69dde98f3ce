//! The network file (`set net FILE`, `--net FILE`): any bytes are refused
//! with a typed error or read, never panic; what is read writes back the
//! same bytes. The first byte picks whether the harness starts the rest
//! with a valid header's first 20 bytes (magic, version, feature set) and
//! whether it seals it with a correct checksum, so the checks behind the
//! header and the checksum are reached.
#![no_main]

use boardsh::congo::nnue::Network;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = Vec::with_capacity(rest.len() + 28);
    if first & 2 == 2 {
        bytes.extend_from_slice(b"BSHNNUE\0");
        for v in [1u32, 1, 784] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
    }
    bytes.extend_from_slice(rest);
    if first & 1 == 1 {
        let sum = xxhash_rust::xxh3::xxh3_64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
    }
    match Network::from_bytes(&bytes) {
        Ok((net, description)) => {
            assert_eq!(
                net.to_bytes(&description),
                bytes,
                "a file read writes back the same"
            );
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
