//! Where generated moves go: the [`Sink`] the generator (and the monkey's
//! jump search) feeds, with the two common sinks, a list and a counter.
//! Kept apart from `movegen` so `monkey` depends on this alone.

use super::mv::Move;
use crate::congo::bitboard::Bitboard;
use crate::congo::square::Square;

/// Where generated moves go.
pub(crate) trait Sink {
    /// Plain moves from `from` to each square of `targets`.
    fn targets(&mut self, from: Square, targets: u64);
    /// One monkey jump path (canonical form).
    fn jump(&mut self, mv: Move);
    /// True once the sink needs nothing more (generation may stop early).
    fn done(&self) -> bool {
        false
    }
}

/// Collects moves into a list.
pub(crate) struct List<'a>(pub &'a mut Vec<Move>);

impl Sink for List<'_> {
    fn targets(&mut self, from: Square, targets: u64) {
        self.0
            .extend(Bitboard(targets).map(|to| Move::new(from, to)));
    }
    fn jump(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// Counts moves without building them.
pub(crate) struct Count(pub u64);

impl Sink for Count {
    fn targets(&mut self, _from: Square, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    fn jump(&mut self, _mv: Move) {
        self.0 += 1;
    }
}
