//! Congo move generation on arbitrary positions: the first 50 bytes set up
//! a board (49 squares and the side to move), the rest choose moves to play.
//! Every listed move must be legal, play, print and parse back; playing
//! must never panic and keep the position consistent; perft(1) must equal
//! the number of moves and perft(2) their children's counts.
#![no_main]

mod common;

use boardsh::congo::{Color, fen};
use boardsh::congo::{
    Status, legal_moves, move_count, move_count_up_to, parse_move, perft, status,
};
use libfuzzer_sys::fuzz_target;

/// Positions with more moves than this are skipped: a monkey in a lattice
/// of enemies has astronomically many paths (the shell refuses those too).
const MOVE_LIMIT: u64 = 5_000;

/// Each `after` checks legality by generating moves until it finds the one
/// played: checking every move of a position is quadratic, so only the
/// first ones are played through.
const PLAYED: usize = 300;

fuzz_target!(|data: &[u8]| {
    let pos = common::position(data);
    if move_count_up_to(&pos, MOVE_LIMIT) >= MOVE_LIMIT {
        return;
    }
    let moves = legal_moves(&pos);
    assert_eq!(moves.len() as u64, move_count(&pos));
    assert_eq!(moves.len() as u64, perft(&pos, 1));
    let over = status(&pos) != Status::Continue;
    assert_eq!(moves.is_empty(), over, "status and the move list disagree");
    let mut children = 0;
    for (i, &mv) in moves.iter().enumerate() {
        let text = mv.to_string();
        assert_eq!(parse_move(&text), Ok(mv), "{text}");
        if i >= PLAYED {
            children = u64::MAX;
            continue;
        }
        let child = pos.after(mv).expect("a listed move plays");
        assert_eq!(child.side_to_move(), !pos.side_to_move());
        let shown = child.to_string();
        assert_eq!(fen::parse(&shown).as_ref(), Ok(&child), "{shown}");
        if move_count_up_to(&child, MOVE_LIMIT) < MOVE_LIMIT {
            // Saturating: once a child was too big to count, the sum stays
            // "unknown" (u64::MAX) instead of wrapping to a small number.
            children = children.saturating_add(move_count(&child));
        } else {
            children = u64::MAX;
        }
    }
    if children != u64::MAX && moves.len() < 64 {
        assert_eq!(perft(&pos, 2), children);
    }
    // A short game chosen by the remaining bytes.
    let mut game = pos;
    for &choice in data.iter().skip(50).take(40) {
        if move_count_up_to(&game, MOVE_LIMIT) >= MOVE_LIMIT {
            break;
        }
        let moves = legal_moves(&game);
        let Some(&mv) = moves.get(usize::from(choice) % moves.len().max(1)) else {
            break;
        };
        let before = game.clone();
        let outcome = game.play(mv).expect("a listed move plays");
        assert_eq!(outcome.mv, mv);
        assert_eq!(game.side_to_move(), !before.side_to_move());
        let grew = game.move_number() == before.move_number().saturating_add(1);
        let black_moved = before.side_to_move() == Color::Black;
        assert!(
            if black_moved {
                grew || before.move_number() == u64::MAX
            } else {
                game.move_number() == before.move_number()
            },
            "move number after {mv}"
        );
        // Never more pieces after a move than before it.
        assert!(game.occupied().count() <= before.occupied().count());
    }
});
