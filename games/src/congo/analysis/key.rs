//! A review's key moments: the biggest turning points of the game, as
//! chess.com's review shows them. The marked moves (`?!`, `?`, `??`, both
//! sides), biggest loss first (the earlier first among equals), at most
//! [`KEY_MOMENTS`]; an only move (`!`) is no turning point.

use super::review::Review;

/// The most key moments shown.
pub const KEY_MOMENTS: usize = 5;

/// The indices into [`Review::moves`] of the key moments, biggest loss
/// first.
pub fn key_moments(review: &Review) -> Vec<usize> {
    let mut marked: Vec<(usize, f64)> = (review.moves.iter().enumerate())
        .filter(|(_, m)| m.mark.is_some())
        .map(|(i, m)| (i, m.loss))
        .collect();
    // A stable sort: equal losses stay in game order.
    marked.sort_by(|a, b| b.1.total_cmp(&a.1));
    marked.truncate(KEY_MOMENTS);
    marked.into_iter().map(|(i, _)| i).collect()
}
