//! Numbering the turn-start positions of the K-token game, layer by layer.
//!
//! A layer holds the positions with the same number of escaped tokens in
//! all (both teams). Escaped tokens never come back, so a turn leads from
//! a layer only to itself or to later ones, and the layers can be solved
//! from the last (2K - 2 escaped: one token left a side) to the first (the
//! start). Inside a layer, positions are numbered by blocks of (escaped
//! tokens of the team to move, of the other), then by the rank of each
//! team's side among the sides with that many escaped.

use super::board::{Board, ESCAPED, MAX_TOKENS, STATES, Side};

/// A layer of the solve: the positions with this many tokens escaped in
/// all (both teams), solved from the last to the first. A type of its
/// own so a layer is never taken for a position's place or a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Layer(pub usize);

/// The layer's number (its escaped tokens).
impl std::fmt::Display for Layer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The numbering of one K-token game's positions.
#[derive(Clone, Debug)]
pub struct Index {
    k: usize,
    /// Sides by escaped count (0..K), in rank order.
    sides: Vec<Vec<Side>>,
    /// Rank of each side among those with as many escaped, by code.
    rank: Vec<u32>,
}

/// Where a position is: its layer and its place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// Escaped tokens in all.
    pub layer: usize,
    /// The place inside the layer.
    pub at: usize,
}

impl Index {
    /// The numbering for K tokens a side (1 to 4).
    pub fn new(k: usize) -> Index {
        let k = k.clamp(1, MAX_TOKENS);
        let mut sides: Vec<Vec<Side>> = vec![Vec::new(); k];
        let mut rank = vec![u32::MAX; 1 << (5 * MAX_TOKENS)];
        let mut states = [ESCAPED; MAX_TOKENS];
        // Every non-decreasing K-tuple of states, the rest escaped.
        fn fill(
            i: usize,
            k: usize,
            lo: u8,
            states: &mut [u8; MAX_TOKENS],
            out: &mut dyn FnMut(Side),
        ) {
            if i == k {
                out(Side(*states));
                return;
            }
            for s in lo..STATES as u8 {
                if let Some(x) = states.get_mut(i) {
                    *x = s;
                }
                fill(i + 1, k, s, states, out);
            }
        }
        let spare = MAX_TOKENS - k;
        fill(0, k, 0, &mut states, &mut |side| {
            let j = side.escaped() - spare;
            if let Some(list) = sides.get_mut(j) {
                if let Some(r) = rank.get_mut(side.code() as usize) {
                    *r = list.len() as u32;
                }
                list.push(side);
            }
        });
        Index { k, sides, rank }
    }

    /// Tokens a side.
    pub fn tokens(&self) -> usize {
        self.k
    }

    /// The layers: 0 to 2K - 2 escaped tokens in all.
    pub fn layers(&self) -> usize {
        2 * self.k - 1
    }

    /// Every layer in the order they are solved: the last (most tokens
    /// escaped) first, since a layer's turns lead only to itself and to
    /// later layers.
    pub fn layers_last_first(&self) -> impl Iterator<Item = Layer> + use<> {
        (0..self.layers()).rev().map(Layer)
    }

    fn count(&self, j: usize) -> usize {
        self.sides.get(j).map_or(0, Vec::len)
    }

    /// The blocks of layer `e`: (escaped of the team to move, of the
    /// other, first place).
    fn blocks(&self, e: usize) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        let mut start = 0;
        (0..self.k).filter_map(move |j| {
            let o = e.checked_sub(j)?;
            if o >= self.k {
                return None;
            }
            let b = (j, o, start);
            start += self.count(j) * self.count(o);
            Some(b)
        })
    }

    /// The number of positions in layer `e` (clashing ones included).
    pub fn layer_len(&self, e: usize) -> usize {
        self.blocks(e)
            .map(|(j, o, _)| self.count(j) * self.count(o))
            .sum()
    }

    /// The number of positions in all.
    pub fn len(&self) -> usize {
        (0..self.layers()).map(|e| self.layer_len(e)).sum()
    }

    /// Whether there are none (never: every game has a start).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where `board` is numbered; `None` if a team has won, or the board
    /// does not have K tokens a side.
    pub fn place(&self, board: Board) -> Option<Place> {
        let spare = MAX_TOKENS - self.k;
        let j = board.me.escaped().checked_sub(spare)?;
        let o = board.op.escaped().checked_sub(spare)?;
        let layer = j + o;
        let (_, _, start) = self.blocks(layer).find(|&(bj, _, _)| bj == j)?;
        let rm = *self.rank.get(board.me.code() as usize)?;
        let ro = *self.rank.get(board.op.code() as usize)?;
        if rm == u32::MAX || ro == u32::MAX {
            return None;
        }
        Some(Place {
            layer,
            at: start + rm as usize * self.count(o) + ro as usize,
        })
    }

    /// The sides with `j` tokens escaped (spare ones not counted), in
    /// rank order.
    pub(crate) fn sides_with(&self, j: usize) -> &[Side] {
        self.sides.get(j).map_or(&[], Vec::as_slice)
    }

    /// A side's rank among the sides with as many escaped.
    pub(crate) fn rank_of(&self, side: Side) -> Option<usize> {
        let r = *self.rank.get(side.code() as usize)?;
        (r != u32::MAX).then_some(r as usize)
    }

    /// Where the board of the side of rank `rm` with `j` escaped (to
    /// move) and the side of rank `ro` with `o` escaped is: [`Index::place`]
    /// from ranks.
    pub(crate) fn place_ranks(&self, j: usize, rm: usize, o: usize, ro: usize) -> Option<Place> {
        let layer = j + o;
        let (_, _, start) = self.blocks(layer).find(|&(bj, _, _)| bj == j)?;
        Some(Place {
            layer,
            at: start + rm * self.count(o) + ro,
        })
    }

    /// The board at `at` in layer `e`.
    pub fn board(&self, e: usize, at: usize) -> Option<Board> {
        for (j, o, start) in self.blocks(e) {
            let n = self.count(j) * self.count(o);
            if at >= start && at < start + n {
                let i = at - start;
                let me = *self.sides.get(j)?.get(i / self.count(o))?;
                let op = *self.sides.get(o)?.get(i % self.count(o))?;
                return Some(Board { me, op });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        // K tokens from 31 states: C(30 + K, K) sides; one token a side:
        // layer 0 is 30 x 30 (home or a station each), layer... none else.
        let i = Index::new(1);
        assert_eq!(i.layers(), 1);
        assert_eq!(i.layer_len(0), 30 * 30);
        // Two a side: sides with no token escaped are C(31, 2) = 465
        // pairs from 30 states; with one escaped, 30.
        let i = Index::new(2);
        assert_eq!(i.layer_len(0), 465 * 465);
        assert_eq!(i.layer_len(1), 2 * 465 * 30);
        assert_eq!(i.layer_len(2), 30 * 30);
    }

    #[test]
    fn numbering_round_trips() {
        for k in 1..=3 {
            let i = Index::new(k);
            for e in 0..i.layers() {
                for at in (0..i.layer_len(e)).step_by(97) {
                    let b = i.board(e, at).expect("in range");
                    assert_eq!(i.place(b), Some(Place { layer: e, at }), "k={k}");
                }
            }
        }
    }
}
