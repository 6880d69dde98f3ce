//! What a throw counts for: do, gae, geol, yut or mo; and the throws a
//! team has thrown but not yet used.

use std::fmt;
use std::str::FromStr;

use super::throw::Throw;

/// The result of a throw, by its traditional name: 1 to 5 steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Roll {
    /// One front: 1 step.
    Do = 1,
    /// Two fronts: 2 steps.
    Gae = 2,
    /// Three fronts: 3 steps.
    Geol = 3,
    /// Four fronts: 4 steps, and the team throws again.
    Yut = 4,
    /// Four backs: 5 steps, and the team throws again.
    Mo = 5,
    /// The marked stick alone (`BBBF`) under the back-do house rule: one
    /// station back (see [`House`](super::House)).
    BackDo = 6,
}

impl Roll {
    /// The five results of the contest, by steps.
    pub const ALL: [Roll; 5] = [Roll::Do, Roll::Gae, Roll::Geol, Roll::Yut, Roll::Mo];

    /// The five and back-do, in index order.
    pub const EVERY: [Roll; 6] = [
        Roll::Do,
        Roll::Gae,
        Roll::Geol,
        Roll::Yut,
        Roll::Mo,
        Roll::BackDo,
    ];

    /// The result of `throw` under the contest's rules: its steps, named
    /// (`BBBF` is a do; see [`House::roll_of`](super::House::roll_of)).
    pub const fn of(throw: Throw) -> Roll {
        match throw.steps() {
            1 => Roll::Do,
            2 => Roll::Gae,
            3 => Roll::Geol,
            4 => Roll::Yut,
            _ => Roll::Mo,
        }
    }

    /// The result worth `steps` steps (1..=5).
    pub const fn from_steps(steps: u8) -> Option<Roll> {
        Some(match steps {
            1 => Roll::Do,
            2 => Roll::Gae,
            3 => Roll::Geol,
            4 => Roll::Yut,
            5 => Roll::Mo,
            _ => return None,
        })
    }

    /// The number of steps, 1..=5 (back-do: 1, backward).
    pub const fn steps(self) -> u8 {
        match self {
            Roll::BackDo => 1,
            _ => self as u8,
        }
    }

    /// Whether it moves a token back (back-do).
    pub const fn is_back(self) -> bool {
        matches!(self, Roll::BackDo)
    }

    /// The place in [`Roll::EVERY`] (and [`Roll::ALL`]), `0..6`.
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The traditional name: `do`, `gae`, `geol`, `yut`, `mo`.
    pub const fn name(self) -> &'static str {
        match self {
            Roll::Do => "do",
            Roll::Gae => "gae",
            Roll::Geol => "geol",
            Roll::Yut => "yut",
            Roll::Mo => "mo",
            Roll::BackDo => "back-do",
        }
    }

    /// Whether this result earns another throw (yut and mo).
    pub const fn again(self) -> bool {
        matches!(self, Roll::Yut | Roll::Mo)
    }

    /// The sticks written for this result when only the result is known:
    /// fronts first (`FBBB`, `FFBB`, `FFFB`, `FFFF`, `BBBB`).
    /// Back-do: `BBBF`, the marked stick alone.
    pub const fn throw(self) -> Throw {
        if self.is_back() {
            return Throw::BACK_DO;
        }
        match Throw::from_steps(self.steps()) {
            Some(t) => t,
            None => Throw::from_faces([false; 4]),
        }
    }
}

impl fmt::Display for Roll {
    /// `geol (3)`: the name and the steps; `back-do (-1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.is_back() { "-" } else { "" };
        write!(f, "{} ({sign}{})", self.name(), self.steps())
    }
}

/// Text that names no throw result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a throw: do, gae, geol, yut, mo, 1-5 or four F/B letters, found `{0}`")]
pub struct ParseRollError(pub String);

impl FromStr for Roll {
    type Err = ParseRollError;

    /// A name (`geol`, any case), a number of steps (`3`), or the sticks
    /// (`FFFB`, read as the contest reads them); back-do as `back-do`,
    /// `backdo`, `빽도` or `-1`.
    fn from_str(s: &str) -> Result<Roll, ParseRollError> {
        if is_back_do_name(s) {
            return Ok(Roll::BackDo);
        }
        if let Some(r) = Roll::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
        {
            return Ok(r);
        }
        if let Some(r) = s.parse::<u8>().ok().and_then(Roll::from_steps) {
            return Ok(r);
        }
        s.parse::<Throw>()
            .map(Roll::of)
            .map_err(|_| ParseRollError(s.to_string()))
    }
}

/// Whether `s` names back-do: `back-do`, `backdo` (any case), `빽도`, `-1`.
pub fn is_back_do_name(s: &str) -> bool {
    ["back-do", "backdo"]
        .iter()
        .any(|n| n.eq_ignore_ascii_case(s))
        || s == "빽도"
        || s == "-1"
}

/// The throws a team has made this turn and not yet used: how many of
/// each result. Order does not matter (they may be used in any order), so
/// equal multisets compare equal, which keeps the search's states few.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pending {
    counts: [u8; 6],
}

/// More than 255 throws of one result pending: only a hand-entered run of
/// yuts or mos can get here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("too many {0} throws pending (at most 255)")]
pub struct TooManyPending(pub Roll);

impl Pending {
    /// No throws.
    pub const EMPTY: Pending = Pending { counts: [0; 6] };

    /// How many `roll`s are pending.
    pub fn count(&self, roll: Roll) -> u8 {
        self.counts.get(roll.index()).copied().unwrap_or(0)
    }

    /// Whether `roll` is pending.
    pub fn contains(&self, roll: Roll) -> bool {
        self.count(roll) > 0
    }

    /// The number of throws pending.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether none is pending.
    pub fn is_empty(&self) -> bool {
        self.counts == [0; 6]
    }

    /// Add one `roll`.
    ///
    /// # Errors
    ///
    /// [`TooManyPending`] past 255 of one result; nothing changes then.
    pub fn add(&mut self, roll: Roll) -> Result<(), TooManyPending> {
        match self.counts.get_mut(roll.index()) {
            Some(c) if *c < u8::MAX => {
                *c += 1;
                Ok(())
            }
            _ => Err(TooManyPending(roll)),
        }
    }

    /// Take one `roll` away; `false` (and no change) if none is pending.
    pub fn remove(&mut self, roll: Roll) -> bool {
        match self.counts.get_mut(roll.index()) {
            Some(c) if *c > 0 => {
                *c -= 1;
                true
            }
            _ => false,
        }
    }

    /// The distinct results pending, largest first (back-do last).
    pub fn distinct(&self) -> impl Iterator<Item = Roll> + '_ {
        Roll::ALL
            .into_iter()
            .rev()
            .chain([Roll::BackDo])
            .filter(|&r| self.contains(r))
    }

    /// Every pending throw, largest first, repeats included.
    pub fn iter(&self) -> impl Iterator<Item = Roll> + '_ {
        self.distinct()
            .flat_map(|r| std::iter::repeat_n(r, usize::from(self.count(r))))
    }

    /// The only distinct result pending, if exactly one is.
    pub fn single(&self) -> Option<Roll> {
        let mut d = self.distinct();
        match (d.next(), d.next()) {
            (Some(r), None) => Some(r),
            _ => None,
        }
    }
}

impl fmt::Display for Pending {
    /// `yut (4), geol (3), geol (3)`, largest first; `none` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, r) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_numbers_and_sticks_parse() {
        assert_eq!("geol".parse(), Ok(Roll::Geol));
        assert_eq!("MO".parse(), Ok(Roll::Mo));
        assert_eq!("2".parse(), Ok(Roll::Gae));
        assert_eq!("bbbb".parse(), Ok(Roll::Mo)); // four backs: 5
        assert_eq!("FBFF".parse(), Ok(Roll::Geol));
        for bad in ["0", "6", "", "yutt", "FBF"] {
            assert_eq!(bad.parse::<Roll>(), Err(ParseRollError(bad.into())));
        }
    }

    #[test]
    fn display_and_again() {
        assert_eq!(Roll::Geol.to_string(), "geol (3)");
        let again: Vec<Roll> = Roll::ALL.into_iter().filter(|r| r.again()).collect();
        assert_eq!(again, [Roll::Yut, Roll::Mo]);
        for r in Roll::ALL {
            assert_eq!(Roll::of(r.throw()), r);
            assert_eq!(Roll::from_steps(r.steps()), Some(r));
        }
    }

    #[test]
    fn pending_is_a_multiset() {
        let mut p = Pending::EMPTY;
        assert_eq!(p.to_string(), "none");
        for r in [Roll::Geol, Roll::Yut, Roll::Geol] {
            assert_eq!(p.add(r), Ok(()));
        }
        assert_eq!(p.to_string(), "yut (4), geol (3), geol (3)");
        assert_eq!(p.len(), 3);
        assert_eq!(p.single(), None);
        assert!(!p.remove(Roll::Do));
        assert!(p.remove(Roll::Yut));
        assert_eq!(p.single(), Some(Roll::Geol));
        // Order of adding does not matter.
        let mut q = Pending::EMPTY;
        q.add(Roll::Geol).unwrap();
        q.add(Roll::Geol).unwrap();
        assert_eq!(p, q);
    }

    #[test]
    fn pending_refuses_overflow() {
        let mut p = Pending::EMPTY;
        for _ in 0..255 {
            p.add(Roll::Mo).unwrap();
        }
        assert_eq!(p.add(Roll::Mo), Err(TooManyPending(Roll::Mo)));
        assert_eq!(p.count(Roll::Mo), 255);
    }
}
