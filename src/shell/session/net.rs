//! The Congo engine's network in the session: `set net off|default|FILE`.
//! The session reads no files: the front end gives a reader
//! ([`Session::set_net_reader`]); the choice is resolved, read and checked
//! by the evaluation's owner ([`crate::congo::eval::load`]). A network
//! that cannot be read or used changes nothing: the engine keeps the one
//! it had, and the error is the caller's to show.

use super::Session;
use super::common::Common;
use super::congo_part::CongoPart;
use crate::congo::eval::{Evaluator, NetChoice, NetReader, load};
use crate::congo::nnue::Network;
use crate::shell::error::ErrorKind;
use std::fmt;
use std::sync::Arc;

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

impl Session {
    /// Where `set net FILE` reads network files from.
    pub fn set_net_reader(&mut self, reader: NetReader) {
        self.congo.net_source = NetSource(Some(reader));
    }

    /// Use the network of `choice` in every search and `eval` from now on.
    ///
    /// # Errors
    ///
    /// As [`load`] ([`ErrorKind::Unreadable`], [`ErrorKind::NetFile`]):
    /// then nothing changes.
    pub fn set_net(&mut self, choice: NetChoice) -> Result<(), ErrorKind> {
        self.congo.set_net(&mut self.common, choice)
    }

    /// The network in use, if any.
    pub fn net(&self) -> Option<&Arc<Network>> {
        self.congo.engine.evaluator().net()
    }
}

impl CongoPart {
    /// Use the network of `choice` in every search and `eval` from now on.
    ///
    /// # Errors
    ///
    /// As [`load`]: then nothing changes.
    pub(super) fn set_net(&mut self, c: &mut Common, choice: NetChoice) -> Result<(), ErrorKind> {
        let evaluator: Evaluator = load(&choice, self.net_source.0.as_deref())?;
        self.engine.set_evaluator(evaluator);
        c.settings.net = choice;
        Ok(())
    }
}
