//! A move: from-square, to-square and, for a monkey multi-jump, its path.
//!
//! The representation is canonical from the notation alone: `b1d3` is the
//! same value whether it is a monkey's single jump or an elephant's move, so
//! a typed move compares equal to the generated one. Only a path of three or
//! more squares stores its jumps, as direction indices two to a byte, which
//! keeps `Move` small and `Copy` for any possible chain.

use super::attacks::DIRS;
use crate::congo::square::Square;
use std::cmp::Ordering;
use std::fmt;

/// The longest monkey chain: every jump takes a distinct enemy piece, and at
/// most 48 of them fit on the board beside the monkey.
pub const MAX_JUMPS: usize = 48;

/// A move in boardsh notation: `e1d3`, or a monkey path `b1d3f5`.
///
/// Ordering is the order of the written strings, so sorting moves sorts
/// their notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    /// For a path of 3 or more squares, its number of jumps; 0 otherwise.
    jumps: u8,
    /// Jump directions (indices into `DIRS`), low nibble first; zero past
    /// `jumps`, so derived equality is equality of notation.
    dirs: [u8; MAX_JUMPS / 2],
}

impl Move {
    /// The move from `from` to `to` (a single step, leap, slide or jump).
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            jumps: 0,
            dirs: [0; MAX_JUMPS / 2],
        }
    }

    /// The move through the given squares, start first. Two squares make a
    /// plain move; three or more must be a monkey path where each leg jumps
    /// to the second square in one of the eight directions.
    ///
    /// `None` for fewer than two squares, a longer path with a leg that is
    /// not such a jump, or more than [`MAX_JUMPS`] legs.
    pub fn from_squares(squares: &[Square]) -> Option<Move> {
        match squares {
            [] | [_] => None,
            [from, to] => Some(Move::new(*from, *to)),
            [from, rest @ ..] => {
                let mut mv = Move::new(*from, *from);
                let mut at = *from;
                for &land in rest {
                    let dir = jump_direction(at, land)?;
                    mv = mv.push_jump(dir, land)?;
                    at = land;
                }
                Some(mv)
            }
        }
    }

    /// Where the piece starts.
    pub const fn from(&self) -> Square {
        self.from
    }

    /// Where the piece ends.
    pub const fn to(&self) -> Square {
        self.to
    }

    /// Whether this is a monkey path of two or more jumps.
    pub const fn is_multi_jump(&self) -> bool {
        self.jumps > 1
    }

    /// The squares of the notation: the start, then each landing square.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let legs = if self.jumps == 0 {
            1
        } else {
            usize::from(self.jumps)
        };
        std::iter::once(self.from).chain((0..legs).scan(self.from, move |at, i| {
            let next = if self.jumps == 0 {
                self.to
            } else {
                let (df, dr) = DIRS.get(self.dir(i)).copied()?;
                at.offset(2 * df, 2 * dr)?
            };
            *at = next;
            Some(next)
        }))
    }

    /// The direction index of jump `i`.
    fn dir(&self, i: usize) -> usize {
        let byte = self.dirs.get(i / 2).copied().unwrap_or(0);
        usize::from((byte >> ((i % 2) * 4)) & 0xf)
    }

    /// The path extended by a jump in direction `dir` landing on `land`;
    /// `None` if the path is full. A path of one jump is not canonical until
    /// [`Move::normalized`].
    pub(crate) fn push_jump(mut self, dir: u8, land: Square) -> Option<Move> {
        let i = usize::from(self.jumps);
        let byte = self.dirs.get_mut(i / 2)?;
        *byte |= (dir & 7) << ((i % 2) * 4);
        self.jumps += 1;
        self.to = land;
        Some(self)
    }

    /// The canonical form: a single jump is written like any other move.
    pub(crate) fn normalized(self) -> Move {
        if self.jumps == 1 {
            Move::new(self.from, self.to)
        } else {
            self
        }
    }
}

/// The direction index of a jump from `a` to `b` (two squares in a line).
fn jump_direction(a: Square, b: Square) -> Option<u8> {
    let df = b.file().index() as i8 - a.file().index() as i8;
    let dr = b.rank().index() as i8 - a.rank().index() as i8;
    let d = DIRS.iter().position(|&(x, y)| 2 * x == df && 2 * y == dr)?;
    u8::try_from(d).ok()
}

/// The square a monkey jumps over going from `a` to `b`, if that is a jump.
pub(crate) fn jumped_square(a: Square, b: Square) -> Option<Square> {
    let (df, dr) = DIRS.get(usize::from(jump_direction(a, b)?)).copied()?;
    a.offset(df, dr)
}

impl Ord for Move {
    fn cmp(&self, other: &Move) -> Ordering {
        self.squares().cmp(other.squares())
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for sq in self.squares() {
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sqs(names: &[&str]) -> Vec<Square> {
        names.iter().map(|s| s.parse().unwrap()).collect()
    }

    #[test]
    fn paths_round_trip() {
        let mv = Move::from_squares(&sqs(&["b1", "d3", "f5", "d3", "b5"])).unwrap();
        assert_eq!(mv.to_string(), "b1d3f5d3b5");
        assert!(mv.is_multi_jump());
        assert_eq!(mv.to().to_string(), "b5");
        let single = Move::from_squares(&sqs(&["b1", "d3"])).unwrap();
        assert_eq!(single, Move::new(sqs(&["b1"])[0], sqs(&["d3"])[0]));
        assert!(!single.is_multi_jump());
        assert_eq!(Move::from_squares(&sqs(&["b1", "c3", "e5"])), None);
        assert_eq!(Move::from_squares(&sqs(&["b1"])), None);
    }

    #[test]
    fn order_is_string_order() {
        let mut moves: Vec<Move> = ["b1d3f5", "b1d3", "a2a3", "b1d3b5", "g7g6", "b1c1"]
            .iter()
            .map(|s| {
                let names: Vec<String> = s
                    .as_bytes()
                    .chunks(2)
                    .map(|c| String::from_utf8(c.to_vec()).unwrap())
                    .collect();
                let squares: Vec<Square> = names.iter().map(|n| n.parse().unwrap()).collect();
                Move::from_squares(&squares).unwrap()
            })
            .collect();
        moves.sort();
        let strings: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let mut sorted = strings.clone();
        sorted.sort();
        assert_eq!(strings, sorted);
    }

    #[test]
    fn longest_path_fits() {
        // Back and forth a1-c1 48 times (geometry only; no position needed).
        let a1: Square = "a1".parse().unwrap();
        let c1: Square = "c1".parse().unwrap();
        let mut path = vec![a1];
        for i in 0..MAX_JUMPS {
            path.push(if i % 2 == 0 { c1 } else { a1 });
        }
        let mv = Move::from_squares(&path).unwrap();
        assert_eq!(mv.squares().count(), MAX_JUMPS + 1);
        path.push(c1);
        assert_eq!(Move::from_squares(&path), None);
    }
}
