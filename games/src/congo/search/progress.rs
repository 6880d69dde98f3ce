//! Progress (issue 48, item 4), off by default. With `progress=P` in
//! the engine spec the static evaluation is scaled toward 0 as plies
//! pass without a capture, a drowning or a pawn move, `eval × (P − q) /
//! P` after `q` such plies (0 from `q = P` on), as chess engines scale
//! theirs by the fifty-move counter: a side that stands better sees its
//! edge melt while it shuffles, so it prefers the lines that change the
//! board for good. The count runs over the game (whoever searches a
//! game's position gives [`Game::quiet_plies`](crate::congo::Game::quiet_plies)
//! at the root: the agent, the prompt's searches, the review, the levels,
//! self-play) and then along the search's path. Off (`P = 0`), nothing is
//! computed. At `P = 100` (with gen 2), SPRT [0, 5] at 0.1 s a move
//! against it off stopped undecided after 3,168 games, +6 Elo [-1, +13]:
//! not the default until a test accepts it.

use crate::congo::{Bitboard, PieceKind, Position};

/// What a move cannot take back: how many pieces are on the board and
/// where the pawns stand (a capture or a drowning changes the first, a
/// pawn's move or promotion the second).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    pieces: u32,
    pawns: Bitboard,
}

impl Shape {
    /// The shape of `pos`.
    pub(crate) fn of(pos: &Position) -> Shape {
        Shape {
            pieces: pos.occupied().count(),
            pawns: pos.by_kind(PieceKind::Pawn),
        }
    }
}

/// `eval` scaled toward 0 after `quiet` quiet plies of a span of `span`
/// plies (`span` 0: unchanged).
pub(crate) fn scale(eval: i32, quiet: u32, span: u32) -> i32 {
    if span == 0 {
        return eval;
    }
    let left = i64::from(span.saturating_sub(quiet));
    i32::try_from(i64::from(eval) * left / i64::from(span)).unwrap_or(eval)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::parse_move;

    #[test]
    fn the_scale_melts_an_edge_linearly() {
        // Half the span gone: half the value, either sign; all of it: 0.
        assert_eq!(scale(300, 50, 100), 150);
        assert_eq!(scale(-300, 50, 100), -150);
        assert_eq!(scale(300, 0, 100), 300);
        assert_eq!(scale(300, 100, 100), 0);
        assert_eq!(scale(300, 250, 100), 0);
        // Off: unchanged.
        assert_eq!(scale(300, 1000, 0), 300);
    }

    /// The search stands on the scaled evaluation: White a zebra up, no
    /// capture anywhere (the lions on c1 and e7 do not face each other),
    /// so the quiescence value is the static evaluation; with
    /// `progress=100` after 50 quiet plies it is half of it, after 100
    /// nothing, and with no quiet ply (or `progress` off) all of it.
    #[test]
    fn the_search_stands_on_the_scaled_evaluation() {
        use crate::congo::search::{Engine, parse_config};
        let pos: Position = "4l2/7/7/7/7/7/Z1L4 w 0".parse().unwrap();
        let mut off = Engine::new(parse_config("strongest,hash=1").unwrap());
        let full = off.quiescence(&pos);
        assert!(full > 100, "{full}");
        let mut on = Engine::new(parse_config("strongest,hash=1,progress=100").unwrap());
        for (quiet, expected) in [(0, full), (50, full / 2), (100, 0), (300, 0)] {
            on.set_quiet_plies(quiet);
            assert_eq!(on.quiescence(&pos), expected, "{quiet} quiet plies");
        }
        // Off, the count changes nothing.
        off.set_quiet_plies(100);
        assert_eq!(off.quiescence(&pos), full);
        assert!(parse_config("strongest,progress=1001").is_err());
    }

    /// The count is the next search's alone: set for one quiescence, it
    /// is 0 again for the one after.
    #[test]
    fn the_quiet_count_serves_one_search() {
        use crate::congo::search::{Engine, parse_config};
        let pos: Position = "4l2/7/7/7/7/7/Z1L4 w 0".parse().unwrap();
        let mut on = Engine::new(parse_config("strongest,hash=1,progress=100").unwrap());
        let full = on.quiescence(&pos);
        on.set_quiet_plies(50);
        assert_eq!(on.quiescence(&pos), full / 2);
        assert_eq!(on.quiescence(&pos), full);
    }

    #[test]
    fn quiet_plies_restart_at_a_pawn_move_or_a_capture() {
        let line = |moves: &[&str]| {
            let mut game = crate::congo::Game::new(Position::start());
            for m in moves {
                game.play(parse_move(m).unwrap()).unwrap();
            }
            game.quiet_plies()
        };
        assert_eq!(line(&[]), 0);
        // Pawn moves: nothing quiet.
        assert_eq!(line(&["c2c3", "c6c5"]), 0);
        // Then two piece moves (the zebras' leaps): two quiet plies.
        assert_eq!(line(&["c2c3", "c6c5", "g1f3", "g7f5"]), 2);
        // A pawn move again: the count starts over.
        assert_eq!(line(&["c2c3", "c6c5", "g1f3", "g7f5", "d2d3"]), 0);
        // From the start, piece moves only: each counts.
        assert_eq!(line(&["g1f3", "g7f5", "f3g1"]), 3);
        // A capture starts it over too: White's zebra leaps to e5 (a
        // pawn move of Black's between), takes the pawn on c6, then
        // Black's zebra leaps: one quiet ply.
        let before = ["g1f3", "b6b5", "f3e5", "a6a5"];
        assert_eq!(line(&before), 0);
        assert_eq!(line(&[&before[..], &["e5c6"]].concat()), 0);
        assert_eq!(line(&[&before[..], &["e5c6", "g7f5"]].concat()), 1);
    }
}
