//! Squares a1..g7 of the 7x7 Congo board.
//!
//! A square's index is `file * 7 + rank` (both 0-based), so ascending index
//! order is the listing's alphabetical order (a1, a2, ..., a7, b1, ...).

use std::fmt;
use std::str::FromStr;

/// Number of squares on the board.
pub const SQUARES: usize = 49;

/// A file `a`..`g`, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

/// A rank `1`..`7`, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl File {
    /// All seven files, a to g.
    pub const ALL: [File; 7] = [
        File(0),
        File(1),
        File(2),
        File(3),
        File(4),
        File(5),
        File(6),
    ];

    /// The file with 0-based index `i`, if `i < 7`.
    pub const fn new(i: u8) -> Option<File> {
        if i < 7 { Some(File(i)) } else { None }
    }

    /// The 0-based index (a = 0).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The letter `a`..`g`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// The file for a letter `a`..`g`.
    pub fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='g' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }
}

impl Rank {
    /// All seven ranks, 1 to 7.
    pub const ALL: [Rank; 7] = [
        Rank(0),
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
    ];

    /// The river: rank 4.
    pub const RIVER: Rank = Rank(3);

    /// The rank with 0-based index `i`, if `i < 7`.
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 7 { Some(Rank(i)) } else { None }
    }

    /// The 0-based index (rank 1 = 0).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The digit `1`..`7`.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// The rank for a digit `1`..`7`.
    pub fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='7' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }
}

/// One of the 49 squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank`.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(file.0 * 7 + rank.0)
    }

    /// The square with index `i` (see the module doc), if `i < 49`.
    pub const fn new(i: u8) -> Option<Square> {
        if (i as usize) < SQUARES {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The index `file * 7 + rank`, in `0..49`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square's file.
    pub const fn file(self) -> File {
        File(self.0 / 7)
    }

    /// The square's rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 7)
    }

    /// The square offset by (`df`, `dr`), if it is still on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file().0 as i8 + df;
        let r = self.rank().0 as i8 + dr;
        if f < 0 || f > 6 || r < 0 || r > 6 {
            None
        } else {
            Some(Square(f as u8 * 7 + r as u8))
        }
    }

    /// Whether the square is in the river (rank 4).
    pub const fn is_river(self) -> bool {
        self.rank().0 == Rank::RIVER.0
    }

    /// All 49 squares in index (alphabetical) order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// A string that is not a square name like `d4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a square a1..g7, found `{0}`")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => {
                match (File::from_char(f.to_ascii_lowercase()), Rank::from_char(r)) {
                    (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
                    _ => Err(ParseSquareError(s.to_string())),
                }
            }
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_order_is_alphabetical() {
        let names: Vec<String> = Square::all().map(|s| s.to_string()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert_eq!(names[0], "a1");
        assert_eq!(names[7], "b1");
        assert_eq!(names[48], "g7");
    }

    #[test]
    fn round_trip_and_errors() {
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
        assert!("h1".parse::<Square>().is_err());
        assert!("a8".parse::<Square>().is_err());
        assert!("a0".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert!("a11".parse::<Square>().is_err());
        assert!("d4".parse::<Square>().is_ok_and(|s| s.is_river()));
    }

    #[test]
    fn offsets_stay_on_board() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(1, 1).map(|s| s.to_string()), Some("b2".into()));
        let g7: Square = "g7".parse().unwrap();
        assert_eq!(g7.offset(0, 1), None);
    }
}
