//! The pieces' geometry, written down once: precomputed move tables (for
//! each square, the bitboard of its targets), and from them [`attacks`]
//! (where one piece could capture) and [`attackers_to`] (which pieces could
//! capture on a square). The move generator, the evaluation and the
//! search's threat test all read these.
//!
//! The tables are built at compile time from lists of (file, rank)
//! offsets. Bit `i` of a table entry is the square with index `i`
//! (`file * 7 + rank`).

use crate::congo::bitboard::Bitboard;
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
use crate::congo::square::{SQUARES, Square};

/// The 49 squares.
pub(crate) const FULL: u64 = (1 << SQUARES) - 1;

/// The river: rank 4 on every file.
pub(crate) const RIVER: u64 = rank_mask(3, 3);

/// The eight directions as (file, rank) offsets. A monkey path stores its
/// jumps as indices into this list.
pub(crate) const DIRS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Steps in the eight directions.
pub(crate) static KING: [u64; SQUARES] = leaper(&DIRS);

/// The chess knight's leap.
pub(crate) static KNIGHT: [u64; SQUARES] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// One or two squares orthogonally (the two-square move jumps).
pub(crate) static ELEPHANT: [u64; SQUARES] = leaper(&[
    (1, 0),
    (2, 0),
    (-1, 0),
    (-2, 0),
    (0, 1),
    (0, 2),
    (0, -1),
    (0, -2),
]);

/// The giraffe's jump to the second square in any of the eight directions.
pub(crate) static GIRAFFE_JUMP: [u64; SQUARES] = leaper(&[
    (-2, -2),
    (-2, 0),
    (-2, 2),
    (0, -2),
    (0, 2),
    (2, -2),
    (2, 0),
    (2, 2),
]);

/// The tables that depend on the side: forward is up for White.
pub(crate) struct SideTables {
    /// The lion's steps, kept inside its castle.
    pub lion: [u64; SQUARES],
    /// The opponent's half (not the river), where a pawn may retreat.
    pub far_half: u64,
    /// The far rank, where a pawn promotes.
    pub far_rank: u64,
    /// Pawn: straight and diagonal steps forward.
    pub pawn: [u64; SQUARES],
    /// Superpawn: the pawn's steps plus sideways.
    pub superpawn: [u64; SQUARES],
    /// Retreats straight back, diagonally back-left, diagonally back-right:
    /// `[direction][distance - 1][square]`. The pawn uses direction 0 only.
    pub back: [[[u64; SQUARES]; 2]; 3],
}

/// White's and Black's tables; pick with [`side`].
static SIDES: [SideTables; 2] = [side_tables(1), side_tables(-1)];

/// The tables of `color`.
pub(crate) fn side(color: Color) -> &'static SideTables {
    match color {
        Color::White => &SIDES[0],
        Color::Black => &SIDES[1],
    }
}

/// A crocodile's slide from a land square along its file toward the river,
/// up to and including the river square; empty for river squares.
pub(crate) static CROC_TO_RIVER: [u64; SQUARES] = croc_to_river();

/// A slide along the rank toward file g (increasing index) / file a.
pub(crate) static RAY_EAST: [u64; SQUARES] = ray(1, 0);
pub(crate) static RAY_WEST: [u64; SQUARES] = ray(-1, 0);

/// For two squares on one file or one diagonal, the squares strictly
/// between them; for any other pair, all 49 squares (so the pair itself,
/// which holds the two lions, always counts as "something in between").
pub(crate) static LION_LINE: [[u64; SQUARES]; SQUARES] = lion_line();

/// One monkey jump: over `mid` to `land` (both zero if off the board).
#[derive(Clone, Copy)]
pub(crate) struct Leg {
    pub mid: u64,
    pub land: u64,
    pub land_index: u8,
}

/// The monkey's jumps from each square, in the order of [`DIRS`].
pub(crate) static MONKEY_LEGS: [[Leg; 8]; SQUARES] = monkey_legs();

/// The squares a `piece` on `from` attacks, with `occupied` the occupied
/// squares: where it could capture if an enemy piece stood there (its own
/// pieces are not taken off). Moves that never capture are not attacks:
/// the giraffe's steps, the retreats, the monkey's steps. Two captures
/// depend on more than the square: a monkey captures an adjacent piece by
/// jumping it, only if the square beyond is empty (its attacks here are the
/// adjacent squares); a lion also captures the enemy lion along an open
/// file or diagonal ([`lion_line_open`]).
#[inline]
pub(crate) fn attacks(piece: Piece, from: Square, occupied: u64) -> u64 {
    let t = side(piece.color);
    match piece.kind {
        PieceKind::Zebra => at(&KNIGHT, from),
        PieceKind::Elephant => at(&ELEPHANT, from),
        PieceKind::Giraffe => at(&GIRAFFE_JUMP, from),
        PieceKind::Crocodile => crocodile(from, occupied),
        PieceKind::Pawn => at(&t.pawn, from),
        PieceKind::Superpawn => at(&t.superpawn, from),
        PieceKind::Monkey => at(&KING, from),
        PieceKind::Lion => at(&t.lion, from),
    }
}

/// A crocodile's targets before removing its own pieces: the steps, plus
/// the slide toward the river on land or along the river in it.
#[inline]
pub(crate) fn crocodile(from: Square, occupied: u64) -> u64 {
    let steps = at(&KING, from);
    if Bitboard(RIVER).contains(from) {
        steps
            | slide(at(&RAY_EAST, from), occupied, true)
            | slide(at(&RAY_WEST, from), occupied, false)
    } else {
        let toward_river = from.rank().index() < 3;
        steps | slide(at(&CROC_TO_RIVER, from), occupied, toward_river)
    }
}

/// Whether lions on `a` and `b` face each other on a file or diagonal
/// with nothing of `occupied` between them (then either captures the other).
#[inline]
pub(crate) fn lion_line_open(a: Square, b: Square, occupied: u64) -> bool {
    let between = LION_LINE
        .get(a.index())
        .and_then(|row| row.get(b.index()))
        .copied()
        .unwrap_or(FULL);
    between & occupied == 0
}

/// The pieces of `color` that could capture on `square` with one move
/// (a monkey by a single jump), whoever stands there.
pub(crate) fn attackers_to(pos: &Position, square: Square, color: Color) -> Bitboard {
    let occupied = pos.occupied().0;
    let target = Bitboard::from_square(square).0;
    let empty = !occupied & FULL;
    let mut found = 0;
    for kind in PieceKind::ALL {
        let piece = Piece::new(color, kind);
        for from in pos.pieces(piece) {
            let hit = match kind {
                PieceKind::Monkey => MONKEY_LEGS.get(from.index()).is_some_and(|legs| {
                    legs.iter().any(|l| l.mid == target && l.land & empty != 0)
                }),
                PieceKind::Lion => {
                    attacks(piece, from, occupied) & target != 0
                        || (pos.piece_at(square) == Some(Piece::new(!color, PieceKind::Lion))
                            && lion_line_open(from, square, occupied))
                }
                _ => attacks(piece, from, occupied) & target != 0,
            };
            if hit {
                found |= Bitboard::from_square(from).0;
            }
        }
    }
    Bitboard(found)
}

/// The table entry for `sq`; zero if the table is too short (it never is).
#[inline]
pub(crate) fn at(table: &[u64; SQUARES], sq: Square) -> u64 {
    table.get(sq.index()).copied().unwrap_or(0)
}

/// The slide along `ray` (from a piece outward, in increasing index order
/// when `increasing`), stopping at and including the first occupied square.
#[inline]
pub(crate) fn slide(ray: u64, occupied: u64, increasing: bool) -> u64 {
    let blockers = ray & occupied;
    if blockers == 0 {
        ray
    } else if increasing {
        // All bits up to and including the lowest blocker.
        let first = blockers & blockers.wrapping_neg();
        ray & (first | (first - 1))
    } else {
        // All bits from the highest blocker up.
        let first = 63 - blockers.leading_zeros();
        ray & !((1u64 << first) - 1)
    }
}

/// The square `(df, dr)` away from index `i`, if on the board.
const fn off(i: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (i / 7) as i8 + df;
    let r = (i % 7) as i8 + dr;
    if f < 0 || f > 6 || r < 0 || r > 6 {
        None
    } else {
        Some(f as usize * 7 + r as usize)
    }
}

/// The squares with rank index in `lo..=hi`, on every file.
const fn rank_mask(lo: usize, hi: usize) -> u64 {
    let mut m = 0;
    let mut i = 0;
    while i < SQUARES {
        if i % 7 >= lo && i % 7 <= hi {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

/// For each square, the squares at the given offsets.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn leaper(offsets: &[(i8, i8)]) -> [u64; SQUARES] {
    let mut t = [0; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut k = 0;
        while k < offsets.len() {
            if let Some(j) = off(i, offsets[k].0, offsets[k].1) {
                t[i] |= 1 << j;
            }
            k += 1;
        }
        i += 1;
    }
    t
}

/// For each square, the squares in direction (df, dr) up to the edge.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn ray(df: i8, dr: i8) -> [u64; SQUARES] {
    let mut t = [0; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut at = off(i, df, dr);
        while let Some(j) = at {
            t[i] |= 1 << j;
            at = off(j, df, dr);
        }
        i += 1;
    }
    t
}

// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn side_tables(fwd: i8) -> SideTables {
    let white = fwd > 0;
    let (castle_ranks, far_half, far_rank) = if white {
        ((0, 2), rank_mask(4, 6), rank_mask(6, 6))
    } else {
        ((4, 6), rank_mask(0, 2), rank_mask(0, 0))
    };
    // Files c..e (indices 2..4) are squares 14..35.
    let castle = rank_mask(castle_ranks.0, castle_ranks.1) & (((1 << 35) - 1) & !((1 << 14) - 1));
    let mut lion = leaper(&DIRS);
    let mut i = 0;
    while i < SQUARES {
        lion[i] &= castle;
        i += 1;
    }
    SideTables {
        lion,
        far_half,
        far_rank,
        pawn: leaper(&[(-1, fwd), (0, fwd), (1, fwd)]),
        superpawn: leaper(&[(-1, fwd), (0, fwd), (1, fwd), (-1, 0), (1, 0)]),
        back: [
            [leaper(&[(0, -fwd)]), leaper(&[(0, -2 * fwd)])],
            [leaper(&[(-1, -fwd)]), leaper(&[(-2, -2 * fwd)])],
            [leaper(&[(1, -fwd)]), leaper(&[(2, -2 * fwd)])],
        ],
    }
}

// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn croc_to_river() -> [u64; SQUARES] {
    let mut t = [0; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let r = i % 7;
        let dr: i8 = if r < 3 { 1 } else { -1 };
        if r != 3 {
            let mut at = off(i, 0, dr);
            while let Some(j) = at {
                t[i] |= 1 << j;
                at = if j % 7 == 3 { None } else { off(j, 0, dr) };
            }
        }
        i += 1;
    }
    t
}

// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn lion_line() -> [[u64; SQUARES]; SQUARES] {
    let mut t = [[FULL; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < DIRS.len() {
            let (df, dr) = DIRS[d];
            // Files and diagonals only: a rank does not count.
            if df == 0 || dr != 0 {
                let mut between = 0;
                let mut at = off(a, df, dr);
                while let Some(b) = at {
                    t[a][b] = between;
                    between |= 1 << b;
                    at = off(b, df, dr);
                }
            }
            d += 1;
        }
        a += 1;
    }
    t
}

// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn monkey_legs() -> [[Leg; 8]; SQUARES] {
    let none = Leg {
        mid: 0,
        land: 0,
        land_index: 0,
    };
    let mut t = [[none; 8]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut d = 0;
        while d < DIRS.len() {
            let (df, dr) = DIRS[d];
            if let (Some(m), Some(l)) = (off(i, df, dr), off(i, 2 * df, 2 * dr)) {
                t[i][d] = Leg {
                    mid: 1 << m,
                    land: 1 << l,
                    land_index: l as u8,
                };
            }
            d += 1;
        }
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::bitboard::Bitboard;
    use crate::congo::listing::square_names;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn names(bits: u64) -> String {
        square_names(Bitboard(bits))
    }

    #[test]
    fn geometry() {
        assert_eq!(names(RIVER), "a4 b4 c4 d4 e4 f4 g4");
        // Wherever a lion stands, it steps only into its castle.
        let castle = |c| side(c).lion.iter().fold(0, |a, b| a | b);
        assert_eq!(names(castle(Color::White)), "c1 c2 c3 d1 d2 d3 e1 e2 e3");
        assert_eq!(names(castle(Color::Black)), "c5 c6 c7 d5 d6 d7 e5 e6 e7");
        assert_eq!(names(at(&KNIGHT, sq("a1"))), "b3 c2");
        assert_eq!(names(at(&ELEPHANT, sq("a1"))), "a2 a3 b1 c1");
        assert_eq!(names(at(&side(Color::White).lion, sq("c3"))), "c2 d2 d3");
        // A lion outside its castle can only step into it.
        assert_eq!(names(at(&side(Color::White).lion, sq("d4"))), "c3 d3 e3");
        assert_eq!(names(at(&CROC_TO_RIVER, sq("b1"))), "b2 b3 b4");
        assert_eq!(names(at(&CROC_TO_RIVER, sq("f6"))), "f4 f5");
        assert_eq!(at(&CROC_TO_RIVER, sq("f4")), 0);
        assert_eq!(names(at(&side(Color::Black).back[1][1], sq("c5"))), "a7");
    }

    #[test]
    fn attackers_are_the_pieces_whose_moves_capture_there() {
        // The independent answer: play every single-jump move of the side
        // to move and see which enemy pieces it took. Over positions of
        // seeded random games, and the same positions with the other side
        // to move.
        use crate::congo::moves::legal_moves;
        let mut checked = 0;
        for line in crate::congo::openings::openings(3, 30, 24) {
            let mut pos = Position::start();
            for mv in line {
                pos.play(mv).unwrap();
                for flip in [false, true] {
                    let mut p = pos.clone();
                    if flip {
                        p.set_side_to_move(!p.side_to_move());
                    }
                    let us = p.side_to_move();
                    let mut expected = [0u64; SQUARES];
                    for mv in legal_moves(&p) {
                        if mv.is_multi_jump() {
                            continue;
                        }
                        let after = p.after(mv).unwrap();
                        for s in p.by_color(!us) {
                            if !after.by_color(!us).contains(s) {
                                expected[s.index()] |= Bitboard::from_square(mv.from()).0;
                            }
                        }
                    }
                    for s in p.by_color(!us) {
                        assert_eq!(attackers_to(&p, s, us).0, expected[s.index()], "{p} {s}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn lion_lines() {
        let line = |a: &str, b: &str| LION_LINE[sq(a).index()][sq(b).index()];
        assert_eq!(names(line("d1", "d7")), "d2 d3 d4 d5 d6");
        assert_eq!(names(line("c3", "e5")), "d4");
        assert_eq!(names(line("e5", "c3")), "d4");
        assert_eq!(line("d3", "d4"), 0);
        assert_eq!(line("c3", "e3"), FULL, "a rank is not a facing line");
        assert_eq!(line("c1", "d3"), FULL);
    }

    #[test]
    fn slides_stop_at_first_piece() {
        let ray = at(&RAY_EAST, sq("a4"));
        let occ = Bitboard::from_square(sq("d4")).with(sq("f4")).0;
        assert_eq!(names(slide(ray, occ, true)), "b4 c4 d4");
        let ray = at(&RAY_WEST, sq("g4"));
        assert_eq!(names(slide(ray, occ, false)), "f4");
        assert_eq!(names(slide(at(&RAY_WEST, sq("e4")), occ, false)), "d4");
        assert_eq!(names(slide(at(&RAY_WEST, sq("c4")), occ, false)), "a4 b4");
    }
}
