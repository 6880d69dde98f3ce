//! The network built into the binary (`default.nnue`, read at compile
//! time). Which network a session, `agent` and `selfplay` start with is
//! [`STARTUP_NET`](crate::congo::eval::STARTUP_NET)'s to say.

use super::network::Network;
use std::sync::{Arc, OnceLock};

/// The built-in network file: a trained network that passed its SPRT
/// (its description names its data and training; docs/nnue.md has the
/// rest).
static DEFAULT_FILE: &[u8] = include_bytes!("default.nnue");

/// The built-in network and its description, read once.
fn parsed() -> Option<&'static (Arc<Network>, String)> {
    static PARSED: OnceLock<Option<(Arc<Network>, String)>> = OnceLock::new();
    PARSED
        .get_or_init(|| {
            Network::from_bytes(DEFAULT_FILE)
                .ok()
                .map(|(net, desc)| (Arc::new(net), desc))
        })
        .as_ref()
}

/// The built-in network (`None` only if the file built in is not a
/// network file this boardsh reads: a test checks it is).
pub fn default_net() -> Option<Arc<Network>> {
    parsed().map(|(net, _)| Arc::clone(net))
}

/// The built-in network's description.
pub fn default_description() -> Option<&'static str> {
    parsed().map(|(_, desc)| desc.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_file_reads_and_its_checksum_holds() {
        let (net, desc) = Network::from_bytes(DEFAULT_FILE).unwrap();
        let n = DEFAULT_FILE.len() - 8;
        let stored = u64::from_le_bytes(DEFAULT_FILE[n..].try_into().unwrap());
        assert_eq!(stored, xxhash_rust::xxh3::xxh3_64(&DEFAULT_FILE[..n]));
        // What is read writes back to the same bytes.
        assert_eq!(net.to_bytes(&desc), DEFAULT_FILE);
        assert_eq!(*default_net().unwrap(), net);
        assert_eq!(default_description(), Some(desc.as_str()));
        assert!(Arc::ptr_eq(
            &default_net().unwrap(),
            &default_net().unwrap()
        ));
    }
}
