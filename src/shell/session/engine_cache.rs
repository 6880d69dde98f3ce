//! The session's engine, kept between searches so that its table is
//! allocated once per size (`set hash 4096` costs its gigabytes once, not
//! at every `best`). Each search starts with [`Engine::new_game`], which
//! empties the table in O(1) (a new epoch), so a search answers as a
//! fresh engine would whatever came before.

use crate::congo::nnue::{NetChoice, Network, STARTUP_NET, default_net};
use crate::congo::search::{Engine, EngineConfig, HashAllocError};
use std::sync::{Arc, Mutex, PoisonError};

/// An engine kept for the next search, if one was made, and the network
/// every engine made here evaluates with (the session's `net`).
pub(super) struct EngineCache(Mutex<Option<Box<Engine>>>, Option<Arc<Network>>);

/// No engine yet; the network [`STARTUP_NET`] names.
impl Default for EngineCache {
    fn default() -> EngineCache {
        let net = match STARTUP_NET {
            NetChoice::Default => default_net(),
            NetChoice::Off | NetChoice::File(_) => None,
        };
        EngineCache(Mutex::default(), net)
    }
}

impl EngineCache {
    /// Evaluate with `net` from the next search on.
    pub(super) fn set_net(&mut self, net: Option<Arc<Network>>) {
        self.1 = net;
    }

    /// The network searches evaluate with.
    pub(super) fn net(&self) -> Option<&Arc<Network>> {
        self.1.as_ref()
    }

    /// Run `f` with an engine of `config`, emptied: the kept one when its
    /// settings are the same, else a new one (which is then kept).
    ///
    /// # Errors
    ///
    /// A new engine's table that cannot be allocated (`set hash 4096`
    /// under a memory limit): `f` does not run, and no engine is kept.
    pub(super) fn with<R>(
        &self,
        config: EngineConfig,
        f: impl FnOnce(&mut Engine) -> R,
    ) -> Result<R, HashAllocError> {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let engine = match slot.take() {
            Some(mut e) if *e.config() == config => {
                e.new_game();
                e
            }
            // Dropped before the new one is made: never two tables at once.
            _ => Box::new(Engine::try_new(config)?),
        };
        let engine = slot.insert(engine);
        engine.set_net(self.1.clone());
        Ok(f(engine))
    }
}

/// A copy of a session starts without an engine (it makes its own), with
/// the same network.
impl Clone for EngineCache {
    fn clone(&self) -> EngineCache {
        EngineCache(Mutex::default(), self.1.clone())
    }
}

impl std::fmt::Debug for EngineCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineCache")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(cache: &EngineCache, config: EngineConfig) -> usize {
        cache
            .with(config, |e| std::ptr::from_mut(e) as usize)
            .unwrap()
    }

    #[test]
    fn every_engine_gets_the_network_set() {
        let mut cache = EngineCache::default();
        let net = Arc::new(Network::random(4, 1));
        cache.set_net(Some(Arc::clone(&net)));
        let small = EngineConfig {
            hash_mb: 1,
            ..EngineConfig::strongest()
        };
        for config in [
            small,
            EngineConfig {
                hash_mb: 2,
                ..small
            },
            small,
        ] {
            cache
                .with(config, |e| assert!(Arc::ptr_eq(e.net().unwrap(), &net)))
                .unwrap();
        }
        // A copy of the session keeps it; `off` takes it from the kept
        // engine too.
        assert!(Arc::ptr_eq(cache.clone().net().unwrap(), &net));
        cache.set_net(None);
        cache.with(small, |e| assert!(e.net().is_none())).unwrap();
    }

    #[test]
    fn one_engine_per_size() {
        let cache = EngineCache::default();
        let small = EngineConfig {
            hash_mb: 1,
            ..EngineConfig::strongest()
        };
        let first = address(&cache, small);
        assert_eq!(address(&cache, small), first, "kept, not made again");
        let bigger = EngineConfig {
            hash_mb: 2,
            ..small
        };
        cache
            .with(bigger, |e| assert_eq!(e.config().hash_mb, 2))
            .unwrap();
        cache
            .with(small, |e| assert_eq!(e.config().hash_mb, 1))
            .unwrap();
    }
}
