//! The monkey's capturing jumps: every path, found by depth-first search.
//!
//! A jump goes over an adjacent enemy piece to the empty square beyond. The
//! jumped piece is removed at once, so its square is empty for later legs;
//! the monkey's start square is empty too once it has left. The search state
//! is just the monkey's square plus the enemy pieces still standing, so a
//! path may revisit squares but can never jump one piece twice. Jumping a
//! lion ends the move. Every prefix of a path is a move of its own.

use super::attacks::MONKEY_LEGS;
use super::mv::Move;
use super::sink::Sink;
use crate::congo::bitboard::Bitboard;
use crate::congo::square::Square;

/// Feed every jump path of the monkey on `from` into `sink`.
///
/// `enemy` and `empty` describe the board before the move; `lions` are the
/// enemy lions (jumping one ends the path).
pub(crate) fn monkey_jumps<S: Sink>(
    from: Square,
    enemy: u64,
    empty: u64,
    lions: u64,
    sink: &mut S,
) {
    let start = Move::new(from, from);
    let empty = empty | Bitboard::from_square(from).0;
    extend(start, from, enemy, empty, lions, sink);
}

/// Try every jump from `at`, report it, and continue from its landing square.
fn extend<S: Sink>(path: Move, at: Square, enemy: u64, empty: u64, lions: u64, sink: &mut S) {
    let Some(legs) = MONKEY_LEGS.get(at.index()) else {
        return;
    };
    for (dir, leg) in (0u8..).zip(legs) {
        if leg.mid & enemy == 0 || leg.land & empty == 0 {
            continue;
        }
        let Some(land) = Square::new(leg.land_index) else {
            continue;
        };
        // The path is never full: each jump removes one of at most 48 enemies.
        let Some(next) = path.push_jump(dir, land) else {
            continue;
        };
        sink.jump(next.normalized());
        if sink.done() {
            return;
        }
        if leg.mid & lions == 0 {
            extend(next, land, enemy & !leg.mid, empty | leg.mid, lions, sink);
            if sink.done() {
                return;
            }
        }
    }
}
