//! The evaluation an engine plays with: the hand-written terms or a
//! network. What the search, the analysis, the levels and the agents
//! receive ([`Engine::set_evaluator`](crate::congo::search::Engine::set_evaluator)).

use super::choice::{NetChoice, STARTUP_NET};
use crate::congo::nnue::{Network, default_net};
use std::sync::Arc;

/// One engine's evaluation. A network is shared (`Arc`): every thread,
/// review worker and kept engine reads the same weights.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Evaluator {
    /// The hand-written terms, with the engine's weights
    /// ([`EngineConfig::eval`](crate::congo::search::EngineConfig)).
    #[default]
    Hand,
    /// A network.
    Net(Arc<Network>),
}

impl Evaluator {
    /// The network, if this is one.
    pub fn net(&self) -> Option<&Arc<Network>> {
        match self {
            Evaluator::Hand => None,
            Evaluator::Net(net) => Some(net),
        }
    }

    /// The evaluation [`STARTUP_NET`] names, which needs no file: the
    /// built-in network (or the hand-written terms if `STARTUP_NET` says
    /// `off`). A test holds that the built-in network reads.
    pub fn startup() -> Evaluator {
        match STARTUP_NET {
            NetChoice::Default => default_net().map_or(Evaluator::Hand, Evaluator::Net),
            NetChoice::Off | NetChoice::File(_) => Evaluator::Hand,
        }
    }
}

impl From<Option<Arc<Network>>> for Evaluator {
    fn from(net: Option<Arc<Network>>) -> Evaluator {
        net.map_or(Evaluator::Hand, Evaluator::Net)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_startup_evaluation_is_the_built_in_network() {
        // STARTUP_NET is `default`: a session starts with the built-in
        // network, never silently with the hand-written terms.
        assert_eq!(STARTUP_NET, NetChoice::Default);
        let net = default_net().unwrap();
        assert_eq!(Evaluator::startup(), Evaluator::Net(net));
    }
}
