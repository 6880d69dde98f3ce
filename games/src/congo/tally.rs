//! Test-only tallies of what making a move costs: whole legality checks
//! (a move looked for among the legal moves) and copies of a position, so
//! a test can prove that the prompt's `play` checks a move once and copies
//! the position once. Compiled only for tests (`cfg(test)`, or the
//! feature `tally` the shell's tests turn on); counted per thread, as
//! tests run side by side.

use std::cell::Cell;

thread_local! {
    static CHECKS: Cell<u64> = const { Cell::new(0) };
    static COPIES: Cell<u64> = const { Cell::new(0) };
}

/// A move was looked for among the legal moves.
pub(crate) fn checked() {
    CHECKS.with(|c| c.set(c.get() + 1));
}

/// A position was copied.
pub(crate) fn copied() {
    COPIES.with(|c| c.set(c.get() + 1));
}

/// The legality checks and position copies on this thread so far.
pub fn now() -> (u64, u64) {
    (CHECKS.with(Cell::get), COPIES.with(Cell::get))
}
