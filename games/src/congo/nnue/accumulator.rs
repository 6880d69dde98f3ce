//! The accumulators: the hidden layer before its activation, one for each
//! side's view, kept up to date move by move. The one accumulator type:
//! the search's stack ([`AccStack`](super::AccStack)) holds one per ply,
//! `eval` and the trainer build one from scratch.
//!
//! A view's accumulator is the hidden biases plus the weight rows of the
//! features present, so it changes only by the rows of the pieces that
//! changed. [`Accumulators::refresh`] builds both from scratch;
//! [`Accumulators::follow`] (what the search calls) and
//! [`Accumulators::update`] follow a move by the squares whose piece
//! changed between the positions before and after it, which covers every
//! Congo move alike: a step, a capture, a promotion, the mover's pieces
//! drowned in the river, a monkey's multi-capture, a lion's capture.
//!
//! Under lion buckets ([`FeatureSet::LionBuckets`]) each view also
//! depends on its own lion's square ([`View`]); a move that changes a
//! view (its lion to another bucket, or across the d-file) builds that
//! view again, from scratch or, in the search, from its refresh cache
//! ([`RefreshCache`]), and the other view follows as usual.
//!
//! The arithmetic wraps (`i16`), so no weights can make it panic, and an
//! update from any position to any other equals a refresh exactly
//! (adding and removing rows commute modulo 2^16). A trained network
//! keeps its sums well inside `i16`.

use super::cache::RefreshCache;
use super::features::{FeatureSet, View, feature_index};
use super::network::{MAX_HIDDEN, Network};
use crate::congo::bitboard::Bitboard;
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
use crate::congo::square::SQUARES;
use std::fmt;

/// The two views' hidden layers, White's and Black's, in fixed arrays
/// (no allocation: the search keeps one per ply); the first `hidden`
/// values of each count. They also keep the position's number of pieces,
/// which picks the output bucket.
#[derive(Clone)]
pub struct Accumulators {
    white: [i16; MAX_HIDDEN],
    black: [i16; MAX_HIDDEN],
    hidden: usize,
    pieces: u32,
    /// White's and Black's views, as the network's feature set sees them.
    views: [View; 2],
}

/// The squares whose piece (colour or kind) differs between `a` and `b`.
pub(crate) fn changed(a: &Position, b: &Position) -> Bitboard {
    let colors = Color::ALL
        .into_iter()
        .fold(Bitboard::EMPTY, |m, c| m | (a.by_color(c) ^ b.by_color(c)));
    PieceKind::ALL
        .into_iter()
        .fold(colors, |m, k| m | (a.by_kind(k) ^ b.by_kind(k)))
}

/// How many rows [`Accumulators::follow`] adds (and subtracts) in one
/// pass: a step moves one piece (1 out, 1 in), a capture takes one more
/// out, a drowning or a short monkey chain a few more.
const ROWS: usize = 6;

impl Default for Accumulators {
    /// Empty views of no units (a stack's slot before its first build).
    fn default() -> Accumulators {
        Accumulators {
            white: [0; MAX_HIDDEN],
            black: [0; MAX_HIDDEN],
            hidden: 0,
            pieces: 0,
            views: Color::ALL.map(View::plain),
        }
    }
}

impl Accumulators {
    /// Both accumulators of `pos` under `net`, from scratch: O(pieces × H).
    pub fn refresh(net: &Network, pos: &Position) -> Accumulators {
        let mut acc = Accumulators::default();
        acc.rebuild(net, pos);
        acc
    }

    /// Make these the accumulators of `pos` under `net`, from scratch.
    pub(crate) fn rebuild(&mut self, net: &Network, pos: &Position) {
        self.hidden = net.hidden().min(MAX_HIDDEN);
        self.pieces = pos.occupied().count();
        for color in Color::ALL {
            self.rebuild_view(net, pos, View::of(net.feature_set(), color, pos));
        }
    }

    /// Make `view`'s accumulator (of its colour) that of `pos`, from
    /// scratch: the biases plus a row for each piece.
    fn rebuild_view(&mut self, net: &Network, pos: &Position, view: View) {
        let h = self.hidden;
        let color = view.perspective();
        let add = net.kernels().add;
        let (slot, acc) = match color {
            Color::White => (0, &mut self.white),
            Color::Black => (1, &mut self.black),
        };
        if let Some(v) = self.views.get_mut(slot) {
            *v = view;
        }
        let acc = acc.get_mut(..h).unwrap_or_default();
        acc.copy_from_slice(net.feature_bias().get(..acc.len()).unwrap_or_default());
        // Piece by piece from the boards of each kind (a square's piece
        // is never looked up; the rows' order does not change the sum).
        for piece in Color::ALL
            .into_iter()
            .flat_map(|c| PieceKind::ALL.map(|k| Piece::new(c, k)))
        {
            for sq in pos.pieces(piece) {
                add(acc, net.feature_row(view.feature(piece, sq)));
            }
        }
    }

    /// Make `view`'s accumulator that of `pos`: from `cache`'s entry for
    /// the view, if it has one, plus the rows of the squares whose piece
    /// differs from that entry's board; else from scratch. The entry is
    /// then this accumulator.
    fn refresh_view(
        &mut self,
        net: &Network,
        pos: &Position,
        view: View,
        cache: Option<&mut RefreshCache>,
    ) {
        let Some(cache) = cache else {
            self.rebuild_view(net, pos, view);
            return;
        };
        let h = self.hidden;
        let (slot, out) = match view.perspective() {
            Color::White => (0, &mut self.white),
            Color::Black => (1, &mut self.black),
        };
        let out = out.get_mut(..h).unwrap_or_default();
        match cache.get(view, h) {
            Some((acc, cached)) => {
                // At most one row leaves and one comes a square.
                let empty: &[i16] = &[];
                let mut adds = [empty; SQUARES];
                let mut subs = [empty; SQUARES];
                let (mut na, mut ns) = (0, 0);
                for sq in changed(cached, pos) {
                    if let (Some(piece), Some(row)) = (cached.piece_at(sq), subs.get_mut(ns)) {
                        *row = net.feature_row(view.feature(piece, sq));
                        ns += 1;
                    }
                    if let (Some(piece), Some(row)) = (pos.piece_at(sq), adds.get_mut(na)) {
                        *row = net.feature_row(view.feature(piece, sq));
                        na += 1;
                    }
                }
                (net.kernels().apply)(
                    out,
                    acc,
                    adds.get(..na).unwrap_or_default(),
                    subs.get(..ns).unwrap_or_default(),
                );
                if let Some(v) = self.views.get_mut(slot) {
                    *v = view;
                }
                #[cfg(test)]
                {
                    cache.hits += 1;
                }
            }
            None => self.rebuild_view(net, pos, view),
        }
        cache.put(view, self.view(view.perspective()), pos);
    }

    /// Follow a move (or any change) from `before` to `after`, whose
    /// accumulators these are, in place: as [`Accumulators::follow`].
    pub fn update(&mut self, net: &Network, before: &Position, after: &Position) {
        let parent = self.clone();
        self.follow(&parent, net, before, after);
    }

    /// Make these `parent`'s (the accumulators of `before`), updated to
    /// `after`: for each square whose piece changed, the old piece's rows
    /// leave and the new one's come in, in one pass over each view (up to
    /// [`ROWS`] rows each way; a bigger change, a long monkey chain, is
    /// built again, from the cache when the search has one). It costs
    /// O(changed squares × H): 2 to 4 squares for most moves. What the
    /// search does at every node it evaluates.
    pub fn follow(
        &mut self,
        parent: &Accumulators,
        net: &Network,
        before: &Position,
        after: &Position,
    ) {
        self.follow_with(parent, net, (before, after), None);
    }

    /// [`Accumulators::follow`], a view that must be built again taken
    /// from `cache` (the search's: see [`RefreshCache`]) when it has one.
    pub(crate) fn follow_cached(
        &mut self,
        parent: &Accumulators,
        net: &Network,
        before: &Position,
        after: &Position,
        cache: &mut RefreshCache,
    ) {
        self.follow_with(parent, net, (before, after), Some(cache));
    }

    /// [`Accumulators::follow`] with or without a cache.
    fn follow_with(
        &mut self,
        parent: &Accumulators,
        net: &Network,
        (before, after): (&Position, &Position),
        cache: Option<&mut RefreshCache>,
    ) {
        self.hidden = net.hidden().min(MAX_HIDDEN);
        self.pieces = after.occupied().count();
        match net.feature_set() {
            FeatureSet::Plain => self.follow_in::<false>(parent, net, (before, after), cache),
            FeatureSet::LionBuckets => self.follow_in::<true>(parent, net, (before, after), cache),
        }
    }

    /// [`Accumulators::follow`] for a network of lion buckets (`LION`) or
    /// of the plain set, whose views never change: compiled for each, so
    /// that the plain set's inner loop is that of a fixed view.
    fn follow_in<const LION: bool>(
        &mut self,
        parent: &Accumulators,
        net: &Network,
        (before, after): (&Position, &Position),
        mut cache: Option<&mut RefreshCache>,
    ) {
        let h = self.hidden;
        let k = net.kernels();
        let views = if LION {
            Color::ALL.map(|c| View::of(FeatureSet::LionBuckets, c, after))
        } else {
            Color::ALL.map(View::plain)
        };
        let feature = |view: View, piece, sq| {
            if LION {
                view.feature(piece, sq)
            } else {
                feature_index(view.perspective(), piece, sq)
            }
        };
        let empty: &[i16] = &[];
        // Per view (White's, Black's): the rows to add and to subtract.
        let mut adds = [[empty; ROWS]; 2];
        let mut subs = [[empty; ROWS]; 2];
        let (mut na, mut ns) = (0, 0);
        let mut fits = true;
        let [white, black] = views;
        for sq in changed(before, after) {
            for (piece, rows, n) in [
                (before.piece_at(sq), &mut subs, &mut ns),
                (after.piece_at(sq), &mut adds, &mut na),
            ] {
                let Some(piece) = piece else { continue };
                let [w, b] = rows;
                match (w.get_mut(*n), b.get_mut(*n)) {
                    (Some(w), Some(b)) => {
                        *w = net.feature_row(feature(white, piece, sq));
                        *b = net.feature_row(feature(black, piece, sq));
                        *n += 1;
                    }
                    _ => fits = false,
                }
            }
        }
        if !fits {
            // Too much changed (a long monkey chain): from scratch (or
            // the cache).
            for view in views {
                self.refresh_view(net, after, view, cache.as_deref_mut());
            }
            return;
        }
        // A view that changed (its lion moved bucket or side) has no row
        // of the parent's to use: it is built again below (from the
        // cache if any).
        let [new_white, new_black] = if LION {
            [0, 1].map(|s| parent.views.get(s) != views.get(s))
        } else {
            [false; 2]
        };
        self.views = views;
        let [adds_w, adds_b] = &adds;
        let [subs_w, subs_b] = &subs;
        for (out, src, add_rows, sub_rows, new) in [
            (&mut self.white, &parent.white, adds_w, subs_w, new_white),
            (&mut self.black, &parent.black, adds_b, subs_b, new_black),
        ] {
            if !new {
                (k.apply)(
                    out.get_mut(..h).unwrap_or_default(),
                    src.get(..h).unwrap_or_default(),
                    add_rows.get(..na).unwrap_or_default(),
                    sub_rows.get(..ns).unwrap_or_default(),
                );
            }
        }
        for (new, view) in [(new_white, white), (new_black, black)] {
            if new {
                self.refresh_view(net, after, view, cache.as_deref_mut());
            }
        }
    }

    /// The view of `color` (its `H` values).
    pub fn view(&self, color: Color) -> &[i16] {
        let h = self.hidden;
        match color {
            Color::White => self.white.get(..h).unwrap_or_default(),
            Color::Black => self.black.get(..h).unwrap_or_default(),
        }
    }

    /// The number of pieces of the position these are the accumulators of.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }
}

/// Equal when both views (their values and how they see the board) and
/// the pieces are (the values past `H` do not count).
impl PartialEq for Accumulators {
    fn eq(&self, other: &Accumulators) -> bool {
        self.pieces == other.pieces
            && self.views == other.views
            && self.view(Color::White) == other.view(Color::White)
            && self.view(Color::Black) == other.view(Color::Black)
    }
}

impl Eq for Accumulators {}

impl fmt::Debug for Accumulators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Accumulators")
            .field("white", &self.view(Color::White))
            .field("black", &self.view(Color::Black))
            .field("pieces", &self.pieces)
            .field("views", &self.views)
            .finish()
    }
}
