//! The session's engine, kept between searches so that its table is
//! allocated once per size (`set hash 4096` costs its gigabytes once, not
//! at every `best`). Each search starts with [`Engine::new_game`], which
//! empties the table in O(1) (a new epoch), so a search answers as a
//! fresh engine would whatever came before.

use crate::congo::eval::Evaluator;
use crate::congo::search::{Engine, EngineConfig, HashAllocError};
use std::sync::{Mutex, PoisonError};

/// An engine kept for the next search, if one was made, and the
/// evaluation every engine made here plays with (the session's `net`).
pub(super) struct EngineCache(Mutex<Option<Box<Engine>>>, Evaluator);

/// No engine yet; the evaluation the startup choice names
/// ([`Evaluator::startup`]).
impl Default for EngineCache {
    fn default() -> EngineCache {
        EngineCache(Mutex::default(), Evaluator::startup())
    }
}

impl EngineCache {
    /// Evaluate with `eval` from the next search on.
    pub(super) fn set_evaluator(&mut self, eval: Evaluator) {
        self.1 = eval;
    }

    /// The evaluation searches use.
    pub(super) fn evaluator(&self) -> &Evaluator {
        &self.1
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
        engine.set_evaluator(self.1.clone());
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
    use crate::congo::nnue::Network;
    use std::sync::Arc;

    fn address(cache: &EngineCache, config: EngineConfig) -> usize {
        cache
            .with(config, |e| std::ptr::from_mut(e) as usize)
            .unwrap()
    }

    #[test]
    fn every_engine_gets_the_network_set() {
        let mut cache = EngineCache::default();
        let net = Arc::new(Network::random(4, 1));
        cache.set_evaluator(Evaluator::Net(Arc::clone(&net)));
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
        assert!(Arc::ptr_eq(cache.clone().evaluator().net().unwrap(), &net));
        cache.set_evaluator(Evaluator::Hand);
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
