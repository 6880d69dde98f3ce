//! The search's accumulators: one pair for each ply of the path, kept in
//! fixed arrays allocated once, brought up to date lazily.
//!
//! The search makes a child by copying its parent's position; before it
//! searches the child it hands it to [`AccStack::push`], which only copies
//! the position (about 100 bytes) and marks the ply's accumulators stale.
//! Only a node that asks for its evaluation ([`AccStack::evaluate`]) pays
//! for them: from the nearest ply above whose accumulators are up to date,
//! each ply's are its parent's plus the rows of the squares whose piece
//! changed between the two positions ([`Accumulators::follow`]), so a
//! node cut by the table or a repetition costs nothing, and a null move
//! (the board unchanged) is a copy.
//!
//! Under `cfg(test)` every evaluation is checked against a build from
//! scratch ([`Accumulators::refresh`]) and counted.

use super::accumulator::Accumulators;
use super::cache::RefreshCache;
use super::network::Network;
use crate::congo::position::Position;

/// One ply: its position and its accumulators.
#[derive(Default)]
struct Slot {
    acc: Accumulators,
    pos: Position,
    /// Whether `acc` is that of `pos`.
    ready: bool,
}

/// A stack of accumulators, one pair per ply, for one search thread.
pub struct AccStack {
    slots: Vec<Slot>,
    /// Views built again (a lion-bucket net's lion changing block or
    /// side, or a change too large for one pass) start from here.
    cache: RefreshCache,
    /// How many evaluations were checked against a fresh build (tests).
    #[cfg(test)]
    checked: u64,
}

impl AccStack {
    /// A stack for plies `0..plies` (allocated here, once; `0` for none).
    pub fn new(plies: usize) -> AccStack {
        AccStack {
            slots: (0..plies).map(|_| Slot::default()).collect(),
            cache: RefreshCache::new(),
            #[cfg(test)]
            checked: 0,
        }
    }

    /// How many plies the stack holds.
    pub fn plies(&self) -> usize {
        self.slots.len()
    }

    /// Start a search at `pos`: ply 0's accumulators built from scratch.
    pub fn root(&mut self, net: &Network, pos: &Position) {
        // The network may differ from the last search's.
        self.cache.clear();
        if let Some(slot) = self.slots.first_mut() {
            slot.pos.clone_from(pos);
            slot.acc.rebuild(net, &slot.pos);
            slot.ready = true;
        }
    }

    /// The search is about to visit `pos` at `ply`, a child (or the null
    /// move) of the position at `ply - 1`: its accumulators are stale
    /// until asked for. Past the stack's end this does nothing (and
    /// [`AccStack::evaluate`] answers `None` there).
    #[inline]
    pub fn push(&mut self, ply: usize, pos: &Position) {
        if let Some(slot) = self.slots.get_mut(ply) {
            slot.pos.clone_from(pos);
            slot.ready = false;
        }
    }

    /// The network's score of the position at `ply` for its side to move,
    /// bringing the accumulators from the nearest ready ply above up to
    /// this one. `None` past the stack's end. `pos` is the position the
    /// caller stands on, the one pushed at `ply` (checked under
    /// `cfg(test)` only).
    pub fn evaluate(&mut self, net: &Network, ply: usize, pos: &Position) -> Option<i32> {
        let mut from = ply;
        loop {
            let slot = self.slots.get_mut(from)?;
            if slot.ready {
                break;
            }
            if from == 0 {
                slot.acc.rebuild(net, &slot.pos);
                slot.ready = true;
                break;
            }
            from -= 1;
        }
        for k in from + 1..=ply {
            let (head, tail) = self.slots.split_at_mut(k);
            if let (Some(parent), Some(slot)) = (head.last(), tail.first_mut()) {
                slot.acc
                    .follow_cached(&parent.acc, net, &parent.pos, &slot.pos, &mut self.cache);
                slot.ready = true;
            }
        }
        let slot = self.slots.get(ply)?;
        #[cfg(not(test))]
        let _ = pos;
        #[cfg(test)]
        {
            assert_eq!(&slot.pos, pos, "ply {ply}: not the position pushed");
            assert_eq!(Accumulators::refresh(net, pos), slot.acc, "ply {ply}");
            self.checked += 1;
        }
        Some(net.evaluate(&slot.acc, slot.pos.side_to_move()))
    }

    /// The accumulators at `ply`, if up to date (tests).
    #[cfg(test)]
    pub fn at(&self, ply: usize) -> Option<&Accumulators> {
        self.slots.get(ply).filter(|s| s.ready).map(|s| &s.acc)
    }

    /// How many evaluations were checked against a build from scratch.
    #[cfg(test)]
    pub fn checked(&self) -> u64 {
        self.checked
    }

    /// How many views were brought up from the refresh cache.
    #[cfg(test)]
    pub fn cache_hits(&self) -> u64 {
        self.cache.hits
    }
}

/// The network's score of `pos` for its side to move, built from scratch
/// (what [`AccStack::evaluate`] falls back on past its end).
pub fn evaluate_fresh(net: &Network, pos: &Position) -> i32 {
    net.evaluate(&Accumulators::refresh(net, pos), pos.side_to_move())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::fen;
    use crate::congo::piece::Color;

    /// The stack follows any change, not only a move's: from the start to
    /// a position of the two lions alone (28 pieces gone: more rows than
    /// one pass takes, so from scratch), on to one with a piece added (one
    /// pass), and a null move (the same board, the other side to move: a
    /// copy). Each evaluation is checked against a build from scratch
    /// inside `evaluate` (under `cfg(test)`) and equals `evaluate_fresh`.
    #[test]
    fn the_stack_follows_any_change_and_equals_a_refresh() {
        let net = Network::random(40, 3);
        let start = Position::start();
        let lions = fen::parse("3l3/7/7/7/7/7/3L3 w 1").unwrap();
        let more = fen::parse("3l3/7/7/7/2E4/7/3L3 b 1").unwrap();
        let mut passed = more.clone();
        passed.set_side_to_move(Color::White);
        let mut stack = AccStack::new(8);
        stack.root(&net, &start);
        for (ply, pos) in [(1, &lions), (2, &more), (3, &passed)] {
            stack.push(ply, pos);
            assert_eq!(
                stack.evaluate(&net, ply, pos),
                Some(evaluate_fresh(&net, pos))
            );
        }
        // Asking ply 3 again finds it ready; asking ply 0 gives the start.
        assert_eq!(
            stack.evaluate(&net, 3, &passed),
            Some(evaluate_fresh(&net, &passed))
        );
        assert_eq!(
            stack.evaluate(&net, 0, &start),
            Some(evaluate_fresh(&net, &start))
        );
        assert_eq!(stack.checked(), 5);
        // Past the end: nothing (the search then builds from scratch).
        stack.push(8, &start);
        assert_eq!(stack.evaluate(&net, 8, &start), None);
    }
}
