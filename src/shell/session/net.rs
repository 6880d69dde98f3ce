//! The Congo engine's network in the session: `set net off|default|FILE`.
//! The session reads no files: the front end gives a reader
//! ([`Session::set_net_reader`]); the bytes are checked here
//! ([`Network::from_bytes`]). A network that cannot be read or used
//! changes nothing: the engine keeps the one it had.

use super::Session;
use super::common::Common;
use super::congo_part::CongoPart;
use crate::congo::nnue::{NetChoice, Network, default_net};
use crate::shell::error::ErrorKind;
use std::fmt;
use std::sync::Arc;

/// Reads a network file: its bytes, or why not (the front end's I/O).
pub type NetReader = Arc<dyn Fn(&str) -> Result<Vec<u8>, String> + Send + Sync>;

/// The session's way to read network files: none, or a reader.
#[derive(Clone, Default)]
pub(super) struct NetSource(Option<NetReader>);

impl fmt::Debug for NetSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "NetSource(reader)"
        } else {
            "NetSource(none)"
        })
    }
}

/// The network of `choice`, read by `reader` if it is a file.
///
/// # Errors
///
/// A file that cannot be read ([`ErrorKind::Unreadable`]) or is not a
/// network file this boardsh can use ([`ErrorKind::NetFile`]).
pub fn load_net(
    choice: &NetChoice,
    reader: Option<&NetReader>,
) -> Result<Option<Arc<Network>>, ErrorKind> {
    match choice {
        NetChoice::Off => Ok(None),
        NetChoice::Default => default_net()
            .map(Some)
            .ok_or_else(|| ErrorKind::Problem("the built-in network cannot be read".to_string())),
        NetChoice::File(path) => {
            let unreadable = |reason: String| ErrorKind::Unreadable {
                path: path.clone(),
                reason,
            };
            let read = reader.ok_or_else(|| unreadable("no files are read here".to_string()))?;
            let bytes = read(path).map_err(unreadable)?;
            let (net, _) = Network::from_bytes(&bytes).map_err(|error| ErrorKind::NetFile {
                path: path.clone(),
                error,
            })?;
            Ok(Some(Arc::new(net)))
        }
    }
}

impl Session {
    /// Where `set net FILE` reads network files from.
    pub fn set_net_reader(&mut self, reader: NetReader) {
        self.congo.net_source = NetSource(Some(reader));
    }

    /// Use the network of `choice` in every search and `eval` from now on.
    ///
    /// # Errors
    ///
    /// As [`load_net`]: then nothing changes.
    pub fn set_net(&mut self, choice: NetChoice) -> Result<(), ErrorKind> {
        self.congo.set_net(&mut self.common, choice)
    }

    /// The network in use, if any.
    pub fn net(&self) -> Option<&Arc<Network>> {
        self.congo.engine.net()
    }
}

impl CongoPart {
    /// Use the network of `choice` in every search and `eval` from now on.
    ///
    /// # Errors
    ///
    /// As [`load_net`]: then nothing changes.
    pub(super) fn set_net(&mut self, c: &mut Common, choice: NetChoice) -> Result<(), ErrorKind> {
        let net = load_net(&choice, self.net_source.0.as_ref())?;
        self.engine.set_net(net);
        c.settings.net = choice;
        Ok(())
    }
}
