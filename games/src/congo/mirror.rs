//! The left-right mirror image: files a..g become g..a, ranks and colours
//! stay.
//!
//! Congo's rules are symmetric under it: the river is a whole rank, both
//! castles span c..e around the d file, and every piece's moves (the
//! zebra's leaps, the monkey's jumps in all eight directions, the
//! crocodile's slides along its file and the river, the pawns' straight
//! and diagonal steps) come in mirrored pairs. So a position and its
//! mirror have mirrored moves, the same status and the same perft counts
//! (tests/congo_mirror.rs checks it on random positions), and training
//! data may use both.

use super::moves::Move;
use super::position::Position;
use super::square::{File, Square};

/// `sq` with its file mirrored (a <-> g, b <-> f, c <-> e, d stays).
pub fn mirror_square(sq: Square) -> Square {
    let file = File::new(6 - sq.file().index()).unwrap_or(sq.file());
    Square::from_coords(file, sq.rank())
}

impl Position {
    /// The mirror image: every piece on its mirrored square, the side to
    /// move and the move number kept.
    pub fn mirrored(&self) -> Position {
        let mut out = Position::empty();
        out.set_side_to_move(self.side_to_move());
        out.set_move_number(self.move_number());
        for sq in self.occupied() {
            out.set(mirror_square(sq), self.piece_at(sq));
        }
        out
    }
}

impl Move {
    /// The mirror image: every square of the notation mirrored (a monkey's
    /// path too, jump by jump).
    pub fn mirrored(&self) -> Move {
        let squares: Vec<Square> = self.squares().map(mirror_square).collect();
        // A mirrored jump is a jump, so the path always rebuilds; the
        // fallback keeps the library free of panics all the same.
        Move::from_squares(&squares)
            .unwrap_or_else(|| Move::new(mirror_square(self.from()), mirror_square(self.to())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_mirror_across_the_d_file() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(mirror_square(sq("a1")), sq("g1"));
        assert_eq!(mirror_square(sq("c5")), sq("e5"));
        assert_eq!(mirror_square(sq("d4")), sq("d4"));
        assert_eq!(mirror_square(sq("f7")), sq("b7"));
    }

    #[test]
    fn the_start_mirrors_to_its_own_board_but_the_crocodile_and_zebra_swap_sides() {
        // GMELECZ mirrored reads ZCELEMG: not the start (the back rank is
        // not symmetric), but the pawns and the lions stay.
        let start = Position::start();
        let m = start.mirrored();
        assert_eq!(m.to_string(), "zcelemg/ppppppp/7/7/7/PPPPPPP/ZCELEMG w 0");
        assert_eq!(m.mirrored(), start);
    }

    #[test]
    fn a_monkey_path_mirrors_jump_by_jump() {
        let mv: Move = "b1d3f5".parse().unwrap();
        assert_eq!(mv.mirrored().to_string(), "f1d3b5");
        let plain: Move = "e1d3".parse().unwrap();
        assert_eq!(plain.mirrored().to_string(), "c1d3");
    }
}
