//! Cancellation for long computations (perft, search, simulations).
//!
//! The library never touches signals: a long computation takes an
//! [`Interrupt`] and polls it every few thousand nodes. The front end owns
//! the flag (set by a Ctrl-C handler, a deadline, a test) and decides what
//! an interruption means.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A cancellation token: `true` once the computation should stop.
///
/// `Sync` so that one token can be polled from several threads.
pub trait Interrupt: Sync {
    /// Whether the computation should stop now.
    fn interrupted(&self) -> bool;
}

/// Never interrupts: for callers that want the whole answer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Never;

impl Interrupt for Never {
    fn interrupted(&self) -> bool {
        false
    }
}

/// A flag set from elsewhere (a signal handler, another thread).
impl Interrupt for AtomicBool {
    fn interrupted(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// Interrupts once a moment has passed.
impl Interrupt for Instant {
    fn interrupted(&self) -> bool {
        Instant::now() >= *self
    }
}

impl<T: Interrupt + ?Sized> Interrupt for &T {
    fn interrupted(&self) -> bool {
        (**self).interrupted()
    }
}

/// Either of two tokens (a deadline or Ctrl-C, say).
#[derive(Clone, Copy, Debug)]
pub struct Either<A, B>(pub A, pub B);

impl<A: Interrupt, B: Interrupt> Interrupt for Either<A, B> {
    fn interrupted(&self) -> bool {
        self.0.interrupted() || self.1.interrupted()
    }
}

/// What an interrupted computation returns instead of its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert!(!Never.interrupted());
        let flag = AtomicBool::new(false);
        assert!(!flag.interrupted());
        flag.store(true, Ordering::Relaxed);
        assert!(flag.interrupted());
        assert!(Either(Never, &flag).interrupted());
        assert!(Instant::now().interrupted());
    }
}
