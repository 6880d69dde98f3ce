//! The search's accumulators: one pair for each ply of the path, kept in
//! fixed arrays allocated once, brought up to date lazily.
//!
//! The search makes a child by copying its parent's position; before it
//! searches the child it hands it to [`AccStack::push`], which only copies
//! the position (about 100 bytes) and marks the ply's accumulators stale.
//! Only a node that asks for its evaluation ([`AccStack::evaluate`]) pays
//! for them: from the nearest ply above whose accumulators are up to date,
//! each ply's are its parent's plus the rows of the squares whose piece
//! changed between the two positions (as [`Accumulators::update`]), so a
//! node cut by the table or a repetition costs nothing, and a null move
//! (the board unchanged) is a copy.
//!
//! Under `cfg(test)` every evaluation is checked against a build from
//! scratch ([`Accumulators::refresh`]) and counted.

use super::accumulator::{Accumulators, changed};
use super::features::feature_index;
use super::network::{MAX_HIDDEN, Network};
use super::simd::{add, apply, sub};
use crate::congo::piece::Color;
use crate::congo::position::Position;

/// One ply: its position and both views' hidden layers (the first `H`
/// values of each array count).
struct Slot {
    white: [i16; MAX_HIDDEN],
    black: [i16; MAX_HIDDEN],
    pos: Position,
    /// Whether `white` and `black` are those of `pos`.
    ready: bool,
}

impl Slot {
    fn new() -> Slot {
        Slot {
            white: [0; MAX_HIDDEN],
            black: [0; MAX_HIDDEN],
            pos: Position::default(),
            ready: false,
        }
    }

    /// Build both views of `pos` from scratch.
    fn refresh(&mut self, net: &Network) {
        let h = net.hidden();
        let bias = net.feature_bias();
        let pos = &self.pos;
        let (white, black) = (
            self.white.get_mut(..h).unwrap_or_default(),
            self.black.get_mut(..h).unwrap_or_default(),
        );
        white.copy_from_slice(bias.get(..white.len()).unwrap_or_default());
        black.copy_from_slice(bias.get(..black.len()).unwrap_or_default());
        for sq in pos.occupied() {
            if let Some(piece) = pos.piece_at(sq) {
                add(
                    white,
                    net.feature_row(feature_index(Color::White, piece, sq)),
                );
                add(
                    black,
                    net.feature_row(feature_index(Color::Black, piece, sq)),
                );
            }
        }
        self.ready = true;
    }

    /// Make this ply's views `parent`'s, updated from the parent's
    /// position to this one: the rows of the pieces gone from the
    /// changed squares out, those of the pieces arrived in, in one pass
    /// over each view (up to [`ROWS`] of each; a bigger change, a long
    /// monkey chain, goes row by row).
    fn follow(&mut self, parent: &Slot, net: &Network) {
        let h = net.hidden();
        let empty: &[i16] = &[];
        // Per view (White's, Black's): the rows to add and to subtract.
        let mut adds = [[empty; ROWS]; 2];
        let mut subs = [[empty; ROWS]; 2];
        let (mut na, mut ns) = (0, 0);
        let mut fits = true;
        for sq in changed(&parent.pos, &self.pos) {
            for (piece, rows, n) in [
                (parent.pos.piece_at(sq), &mut subs, &mut ns),
                (self.pos.piece_at(sq), &mut adds, &mut na),
            ] {
                let Some(piece) = piece else { continue };
                let [w, b] = rows;
                match (w.get_mut(*n), b.get_mut(*n)) {
                    (Some(w), Some(b)) => {
                        *w = net.feature_row(feature_index(Color::White, piece, sq));
                        *b = net.feature_row(feature_index(Color::Black, piece, sq));
                        *n += 1;
                    }
                    _ => fits = false,
                }
            }
        }
        let [adds_w, adds_b] = &adds;
        let [subs_w, subs_b] = &subs;
        for (out, src, add_rows, sub_rows) in [
            (&mut self.white, &parent.white, adds_w, subs_w),
            (&mut self.black, &parent.black, adds_b, subs_b),
        ] {
            let out = out.get_mut(..h).unwrap_or_default();
            let src = src.get(..h).unwrap_or_default();
            if fits {
                apply(
                    out,
                    src,
                    add_rows.get(..na).unwrap_or_default(),
                    sub_rows.get(..ns).unwrap_or_default(),
                );
            } else {
                out.copy_from_slice(src);
            }
        }
        if !fits {
            for sq in changed(&parent.pos, &self.pos) {
                let (white, black) = (
                    self.white.get_mut(..h).unwrap_or_default(),
                    self.black.get_mut(..h).unwrap_or_default(),
                );
                if let Some(piece) = parent.pos.piece_at(sq) {
                    sub(
                        white,
                        net.feature_row(feature_index(Color::White, piece, sq)),
                    );
                    sub(
                        black,
                        net.feature_row(feature_index(Color::Black, piece, sq)),
                    );
                }
                if let Some(piece) = self.pos.piece_at(sq) {
                    add(
                        white,
                        net.feature_row(feature_index(Color::White, piece, sq)),
                    );
                    add(
                        black,
                        net.feature_row(feature_index(Color::Black, piece, sq)),
                    );
                }
            }
        }
        self.ready = true;
    }
}

/// How many rows [`Slot::follow`] adds (and subtracts) in one pass: a
/// step moves one piece (1 out, 1 in), a capture takes one more out, a
/// drowning or a short monkey chain a few more.
const ROWS: usize = 6;

/// A stack of accumulators, one pair per ply, for one search thread.
pub struct AccStack {
    slots: Vec<Slot>,
    /// How many evaluations were checked against a fresh build (tests).
    #[cfg(test)]
    checked: u64,
}

impl AccStack {
    /// A stack for plies `0..plies` (allocated here, once; `0` for none).
    pub fn new(plies: usize) -> AccStack {
        AccStack {
            slots: (0..plies).map(|_| Slot::new()).collect(),
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
        if let Some(slot) = self.slots.first_mut() {
            slot.pos.clone_from(pos);
            slot.refresh(net);
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
        let h = net.hidden();
        let mut from = ply;
        loop {
            let slot = self.slots.get_mut(from)?;
            if slot.ready {
                break;
            }
            if from == 0 {
                slot.refresh(net);
                break;
            }
            from -= 1;
        }
        for k in from + 1..=ply {
            let (head, tail) = self.slots.split_at_mut(k);
            if let (Some(parent), Some(slot)) = (head.last(), tail.first_mut()) {
                slot.follow(parent, net);
            }
        }
        let slot = self.slots.get(ply)?;
        #[cfg(not(test))]
        let _ = pos;
        #[cfg(test)]
        {
            assert_eq!(&slot.pos, pos, "ply {ply}: not the position pushed");
            let fresh = Accumulators::refresh(net, pos);
            assert_eq!(fresh.view(Color::White), &slot.white[..h], "ply {ply}");
            assert_eq!(fresh.view(Color::Black), &slot.black[..h], "ply {ply}");
            self.checked += 1;
        }
        let (white, black) = (
            slot.white.get(..h).unwrap_or_default(),
            slot.black.get(..h).unwrap_or_default(),
        );
        Some(match slot.pos.side_to_move() {
            Color::White => net.evaluate_views(white, black),
            Color::Black => net.evaluate_views(black, white),
        })
    }

    /// How many evaluations were checked against a build from scratch.
    #[cfg(test)]
    pub fn checked(&self) -> u64 {
        self.checked
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

    /// The stack follows any change, not only a move's: from the start to
    /// a position of the two lions alone (28 pieces gone: more rows than
    /// one pass takes, so row by row), on to one with a piece added (one
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
