//! The rules a course year plays: its piece set and whether pawns promote.
//!
//! The Wits COMS3005A course plays reduced piece sets. 2021: lion, zebra,
//! elephant, pawn, and a pawn reaching the far rank stays a pawn (it can
//! then only retreat). 2022: lion, zebra, giraffe, pawn, superpawn, with
//! boardsh's promotion. [`Rules::Full`] is boardsh's own game: all eight
//! kinds, promotion on.
//!
//! The rules are the move maker's: [`Position::play_under`] (and the
//! searches' fast [`Rules::child`]) take them, and the one place a pawn
//! reaches the far rank decides there whether it promotes.

use crate::congo::moves::{Move, Silent, apply_under};
use crate::congo::piece::{Piece, PieceKind};
use crate::congo::position::Position;
use crate::congo::square::Square;
use std::fmt;

/// Which game the course's tasks play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// 2021: lion, zebra, elephant, pawn; no promotion.
    Course2021,
    /// 2022: lion, zebra, giraffe, pawn, superpawn; promotion.
    Course2022,
    /// boardsh's full rules: all eight kinds, promotion.
    #[default]
    Full,
}

/// The 2021 course's pieces.
const KINDS_2021: [PieceKind; 4] = [
    PieceKind::Pawn,
    PieceKind::Elephant,
    PieceKind::Lion,
    PieceKind::Zebra,
];

/// The 2022 course's pieces.
const KINDS_2022: [PieceKind; 5] = [
    PieceKind::Pawn,
    PieceKind::Superpawn,
    PieceKind::Giraffe,
    PieceKind::Lion,
    PieceKind::Zebra,
];

impl Rules {
    /// Every choice, in the order `set rules` lists them.
    pub const ALL: [Rules; 3] = [Rules::Course2021, Rules::Course2022, Rules::Full];

    /// `2021`, `2022` or `full`: what `--year` and `set rules` take.
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Course2021 => "2021",
            Rules::Course2022 => "2022",
            Rules::Full => "full",
        }
    }

    /// The rules called `name` (see [`Rules::name`]), any case.
    pub fn from_name(name: &str) -> Option<Rules> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    /// Whether a pawn reaching the far rank becomes a superpawn.
    pub const fn promotes(self) -> bool {
        !matches!(self, Rules::Course2021)
    }

    /// The piece kinds these rules play with, in the listing's order.
    pub const fn kinds(self) -> &'static [PieceKind] {
        match self {
            Rules::Course2021 => &KINDS_2021,
            Rules::Course2022 => &KINDS_2022,
            Rules::Full => &PieceKind::ALL,
        }
    }

    /// Whether these rules have pieces of `kind`.
    pub fn has(self, kind: PieceKind) -> bool {
        self.kinds().contains(&kind)
    }

    /// The first piece of `pos` (in square order) these rules do not have.
    pub fn foreign_piece(self, pos: &Position) -> Option<(Square, Piece)> {
        Square::all()
            .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
            .find(|(_, p)| !self.has(p.kind))
    }

    /// The position after a generated move of `pos`, made the fast way (no
    /// legality check, nothing recorded): the searches' move maker.
    pub(crate) fn child(self, pos: &Position, mv: &Move) -> Position {
        let mut next = pos.clone();
        apply_under(&mut next, mv, self, &mut Silent);
        next
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::Color;
    use crate::congo::moves::parse_move;

    fn fen(s: &str) -> Position {
        s.parse().unwrap()
    }

    fn mv(s: &str) -> Move {
        parse_move(s).unwrap()
    }

    #[test]
    fn names_round_trip() {
        for r in Rules::ALL {
            assert_eq!(Rules::from_name(r.name()), Some(r));
        }
        assert_eq!(Rules::from_name("FULL"), Some(Rules::Full));
        assert_eq!(Rules::from_name("2023"), None);
    }

    #[test]
    fn piece_sets() {
        // 2021 has no giraffe, 2022 no elephant; full has everything.
        let pos = fen("3l3/7/7/7/7/7/G2L1E1 w 0");
        assert_eq!(
            Rules::Course2021.foreign_piece(&pos),
            Some((
                "a1".parse().unwrap(),
                Piece::new(Color::White, PieceKind::Giraffe)
            ))
        );
        assert_eq!(
            Rules::Course2022.foreign_piece(&pos),
            Some((
                "f1".parse().unwrap(),
                Piece::new(Color::White, PieceKind::Elephant)
            ))
        );
        assert_eq!(Rules::Full.foreign_piece(&pos), None);
    }

    #[test]
    fn promotion_by_year() {
        // The white pawn on a6 steps to a7, the far rank: a superpawn in
        // 2022 and full rules, still a pawn in 2021 (both ways of moving).
        let pos = fen("3l3/P6/7/7/7/7/3L3 w 0");
        for (rules, after) in [
            (Rules::Course2021, "P2l3/7/7/7/7/7/3L3 b 0"),
            (Rules::Course2022, "S2l3/7/7/7/7/7/3L3 b 0"),
            (Rules::Full, "S2l3/7/7/7/7/7/3L3 b 0"),
        ] {
            let mut played = pos.clone();
            let outcome = played.play_under(mv("a6a7"), rules).unwrap();
            assert_eq!(played.to_string(), after);
            // Every derived field (the hash among them) as the FEN's.
            assert_eq!(played, fen(after));
            assert_eq!(outcome.promoted, rules.promotes());
            assert_eq!(rules.child(&pos, &mv("a6a7")), played);
        }
    }
}
