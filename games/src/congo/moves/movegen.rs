//! Move generation: every move of the side to move, per the rules.
//!
//! There is no check in Congo, so pseudo-legal is legal. One generator
//! feeds a [`Sink`]: a list for playing, a counter for perft's last ply,
//! a searcher for legality tests. Each piece contributes a bitboard of
//! target squares; monkey jumps come one path at a time from [`super::monkey`].

use super::attacks::{FULL, KING, at, attacks, lion_line_open, side};
use super::monkey::monkey_jumps;
use super::mv::Move;
use super::sink::{Count, List, Sink};
use crate::congo::bitboard::Bitboard;
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
use crate::congo::square::Square;

/// Looks for one move; stops once it is found.
struct Find {
    wanted: Move,
    found: bool,
}

impl Sink for Find {
    fn targets(&mut self, from: Square, targets: u64) {
        let w = &self.wanted;
        if !w.is_multi_jump() && w.from() == from && Bitboard(targets).contains(w.to()) {
            self.found = true;
        }
    }
    fn jump(&mut self, mv: Move) {
        self.found |= mv == self.wanted;
    }
    fn done(&self) -> bool {
        self.found
    }
}

/// Whether both lions are on the board (otherwise the game is over).
pub(crate) fn both_lions(pos: &Position) -> bool {
    let lions = pos.by_kind(PieceKind::Lion);
    (lions & pos.by_color(Color::White)).any() && (lions & pos.by_color(Color::Black)).any()
}

/// Feed every legal move of the side to move into `sink`.
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    if !both_lions(pos) {
        return;
    }
    let us = pos.side_to_move();
    let own = pos.by_color(us).0;
    let enemy = pos.by_color(!us).0;
    let occupied = own | enemy;
    let empty = !occupied & FULL;
    let not_own = !own & FULL;
    let tables = side(us);
    let mine = |kind: PieceKind| Bitboard(pos.by_kind(kind).0 & own);
    // Captures (and moves to empty squares) where the piece attacks.
    let hits = |kind: PieceKind, from| attacks(Piece::new(us, kind), from, occupied) & not_own;

    for from in mine(PieceKind::Zebra) {
        sink.targets(from, hits(PieceKind::Zebra, from));
    }
    for from in mine(PieceKind::Elephant) {
        sink.targets(from, hits(PieceKind::Elephant, from));
    }
    for from in mine(PieceKind::Giraffe) {
        let steps = at(&KING, from) & empty;
        sink.targets(from, steps | hits(PieceKind::Giraffe, from));
    }
    for from in mine(PieceKind::Pawn) {
        let mut t = hits(PieceKind::Pawn, from);
        if Bitboard(tables.far_half).contains(from) {
            t |= retreat(&tables.back[0], from, empty);
        }
        sink.targets(from, t);
    }
    for from in mine(PieceKind::Superpawn) {
        let mut t = hits(PieceKind::Superpawn, from);
        for back in &tables.back {
            t |= retreat(back, from, empty);
        }
        sink.targets(from, t);
    }
    for from in mine(PieceKind::Crocodile) {
        sink.targets(from, hits(PieceKind::Crocodile, from));
    }
    let enemy_lions = pos.by_kind(PieceKind::Lion).0 & enemy;
    for from in mine(PieceKind::Lion) {
        let mut t = hits(PieceKind::Lion, from);
        for target in Bitboard(enemy_lions) {
            if lion_line_open(from, target, occupied) {
                t |= Bitboard::from_square(target).0;
            }
        }
        sink.targets(from, t);
    }
    for from in mine(PieceKind::Monkey) {
        sink.targets(from, at(&KING, from) & empty);
        if sink.done() {
            return;
        }
        monkey_jumps(from, enemy, empty, enemy_lions, sink);
    }
}

/// A retreat of one or two squares in one direction, to empty squares only,
/// never jumping: `back` holds the one- and two-square targets.
#[inline]
fn retreat(back: &[[u64; 49]; 2], from: Square, empty: u64) -> u64 {
    let [one, two] = back;
    let first = at(one, from) & empty;
    if first == 0 {
        0
    } else {
        first | (at(two, from) & empty)
    }
}

/// All legal moves of the side to move, sorted as their strings sort.
/// None when a lion is missing (the game is over).
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    generate(pos, &mut List(&mut moves));
    moves.sort_unstable();
    moves
}

/// How many legal moves the side to move has, without listing them.
pub fn move_count(pos: &Position) -> u64 {
    let mut count = Count(0);
    generate(pos, &mut count);
    count.0
}

/// How many legal moves the side to move has, counting no further than
/// `limit`: `min(move_count(pos), limit)`, in time bounded by `limit`.
///
/// A set-up position can give a monkey astronomically many jump paths
/// (each a move of its own); a caller about to list or play through moves
/// of an untrusted position can check this first.
pub fn move_count_up_to(pos: &Position, limit: u64) -> u64 {
    struct UpTo {
        n: u64,
        limit: u64,
    }
    impl Sink for UpTo {
        fn targets(&mut self, _from: Square, targets: u64) {
            self.n += u64::from(targets.count_ones());
        }
        fn jump(&mut self, _mv: Move) {
            self.n += 1;
        }
        fn done(&self) -> bool {
            self.n >= self.limit
        }
    }
    let mut sink = UpTo { n: 0, limit };
    if limit > 0 {
        generate(pos, &mut sink);
    }
    sink.n.min(limit)
}

/// Whether `mv` is one of the legal moves of the side to move.
pub fn is_legal(pos: &Position, mv: Move) -> bool {
    #[cfg(any(test, feature = "tally"))]
    crate::congo::tally::checked();
    let mut find = Find {
        wanted: mv,
        found: false,
    };
    // Only the moving piece's moves can match; skip the rest cheaply.
    if !pos.by_color(pos.side_to_move()).contains(mv.from()) {
        return false;
    }
    generate(pos, &mut find);
    find.found
}

/// Whether the side to move has any legal move.
pub(crate) fn has_move(pos: &Position) -> bool {
    struct Any(bool);
    impl Sink for Any {
        fn targets(&mut self, _from: Square, targets: u64) {
            self.0 |= targets != 0;
        }
        fn jump(&mut self, _mv: Move) {
            self.0 = true;
        }
        fn done(&self) -> bool {
            self.0
        }
    }
    let mut any = Any(false);
    generate(pos, &mut any);
    any.0
}
