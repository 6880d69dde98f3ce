//! Colours, piece kinds and pieces, with their FEN letters.

use std::fmt;
use std::ops::Not;

/// A side: White (upper-case letters, rank 1) or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// Both colours, White first (the listing's order).
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The FEN side letter, `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// 0 for White, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The eight kinds of Congo piece, in the listing's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    Pawn,
    Superpawn,
    Giraffe,
    Monkey,
    Elephant,
    Lion,
    Crocodile,
    Zebra,
}

impl PieceKind {
    /// All kinds in the listing's order.
    pub const ALL: [PieceKind; 8] = [
        PieceKind::Pawn,
        PieceKind::Superpawn,
        PieceKind::Giraffe,
        PieceKind::Monkey,
        PieceKind::Elephant,
        PieceKind::Lion,
        PieceKind::Crocodile,
        PieceKind::Zebra,
    ];

    /// Every kind but the lion, in the listing's order: the kinds a
    /// material count, a weight or an endgame table's piece code has.
    pub const NOT_LION: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Superpawn,
        PieceKind::Giraffe,
        PieceKind::Monkey,
        PieceKind::Elephant,
        PieceKind::Crocodile,
        PieceKind::Zebra,
    ];

    /// The English name used in the listing, e.g. `superpawn`.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Superpawn => "superpawn",
            PieceKind::Giraffe => "giraffe",
            PieceKind::Monkey => "monkey",
            PieceKind::Elephant => "elephant",
            PieceKind::Lion => "lion",
            PieceKind::Crocodile => "crocodile",
            PieceKind::Zebra => "zebra",
        }
    }

    /// The upper-case FEN letter.
    pub const fn upper_char(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Superpawn => 'S',
            PieceKind::Giraffe => 'G',
            PieceKind::Monkey => 'M',
            PieceKind::Elephant => 'E',
            PieceKind::Lion => 'L',
            PieceKind::Crocodile => 'C',
            PieceKind::Zebra => 'Z',
        }
    }

    /// The kind for an upper-case FEN letter.
    pub const fn from_upper_char(c: char) -> Option<PieceKind> {
        Some(match c {
            'P' => PieceKind::Pawn,
            'S' => PieceKind::Superpawn,
            'G' => PieceKind::Giraffe,
            'M' => PieceKind::Monkey,
            'E' => PieceKind::Elephant,
            'L' => PieceKind::Lion,
            'C' => PieceKind::Crocodile,
            'Z' => PieceKind::Zebra,
            _ => return None,
        })
    }

    /// The kind with this English name (`pawn`, `zebra`, ...), any case.
    pub fn from_name(name: &str) -> Option<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }

    /// 0..8 in the listing's order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        let c = self.kind.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece for a FEN letter, e.g. `z` is a black zebra.
    pub const fn from_char(c: char) -> Option<Piece> {
        match PieceKind::from_upper_char(c.to_ascii_uppercase()) {
            Some(kind) if c.is_ascii_uppercase() => Some(Piece::new(Color::White, kind)),
            Some(kind) => Some(Piece::new(Color::Black, kind)),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(Piece::from_char('1'), None);
        assert_eq!(
            Piece::from_char('z'),
            Some(Piece::new(Color::Black, PieceKind::Zebra))
        );
    }

    #[test]
    fn kind_names() {
        assert_eq!(
            PieceKind::from_name("SuperPawn"),
            Some(PieceKind::Superpawn)
        );
        assert_eq!(PieceKind::from_name("queen"), None);
    }
}
