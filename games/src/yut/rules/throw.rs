//! A throw of the four yuts, e.g. `FBFB`, and the steps it gives.

use std::fmt::{self, Write};
use std::str::FromStr;

/// A throw of four yuts, each showing its front (`F`) or back (`B`).
///
/// The faces are kept in order (bit i set = yut i shows its front), so a
/// throw prints back exactly as it was written, in upper case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Throw(u8);

impl Throw {
    /// The marked stick (the fourth) alone showing its front: `BBBF`. A do
    /// in the contest; a back-do when the back-do house rule is on.
    pub const BACK_DO: Throw = Throw(0b1000);

    /// The throw whose yuts show these faces (`true` = front).
    pub const fn from_faces(fronts: [bool; 4]) -> Throw {
        let [a, b, c, d] = fronts;
        Throw((a as u8) | (b as u8) << 1 | (c as u8) << 2 | (d as u8) << 3)
    }

    /// A throw giving `steps` steps (1..=5): fronts first, e.g. 2 is `FFBB`
    /// and 5 is `BBBB`.
    pub const fn from_steps(steps: u8) -> Option<Throw> {
        match steps {
            1..=4 => Some(Throw((1 << steps) - 1)),
            5 => Some(Throw(0)),
            _ => None,
        }
    }

    /// The faces, `true` for a front.
    pub const fn faces(self) -> [bool; 4] {
        [
            self.0 & 1 != 0,
            self.0 & 2 != 0,
            self.0 & 4 != 0,
            self.0 & 8 != 0,
        ]
    }

    /// The number of steps: the number of fronts, except that four backs
    /// (`BBBB`, "mo") give 5.
    pub const fn steps(self) -> u8 {
        match self.0.count_ones() {
            0 => 5,
            n => n as u8,
        }
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.faces()
            .into_iter()
            .try_for_each(|front| f.write_char(if front { 'F' } else { 'B' }))
    }
}

/// A string that is not four `F`/`B` letters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a throw of four F/B letters, found `{0}`")]
pub struct ParseThrowError(pub String);

impl FromStr for Throw {
    type Err = ParseThrowError;

    /// Four letters `F` or `B`, in either case.
    fn from_str(s: &str) -> Result<Throw, ParseThrowError> {
        let err = || ParseThrowError(s.to_string());
        let mut fronts = [false; 4];
        let mut chars = s.chars();
        for face in &mut fronts {
            *face = match chars.next().ok_or_else(err)? {
                'F' | 'f' => true,
                'B' | 'b' => false,
                _ => return Err(err()),
            };
        }
        match chars.next() {
            None => Ok(Throw::from_faces(fronts)),
            Some(_) => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(s: &str) -> Result<u8, ParseThrowError> {
        s.parse::<Throw>().map(Throw::steps)
    }

    #[test]
    fn steps_count_fronts_but_four_backs_are_five() {
        assert_eq!(steps("FBBB"), Ok(1)); // do
        assert_eq!(steps("BFBF"), Ok(2)); // gae
        assert_eq!(steps("FFBF"), Ok(3)); // geol
        assert_eq!(steps("FFFF"), Ok(4)); // yut
        assert_eq!(steps("BBBB"), Ok(5)); // mo, not 0
    }

    #[test]
    fn either_case_and_display_in_upper_case() {
        let t: Result<Throw, _> = "fBfb".parse();
        assert_eq!(t.clone().map(Throw::steps), Ok(2));
        assert_eq!(t.map(|t| t.to_string()), Ok("FBFB".to_string()));
        assert_eq!(steps("bbbb"), Ok(5));
    }

    #[test]
    fn all_sixteen_round_trip() {
        for bits in 0u8..16 {
            let t = Throw(bits);
            assert_eq!(t.to_string().parse::<Throw>(), Ok(t));
            assert_eq!(Throw::from_faces(t.faces()), t);
        }
    }

    #[test]
    fn from_steps_gives_that_many_steps() {
        for n in 1..=5 {
            assert_eq!(Throw::from_steps(n).map(Throw::steps), Some(n));
        }
        assert_eq!(Throw::from_steps(0), None);
        assert_eq!(Throw::from_steps(6), None);
        assert_eq!(
            Throw::from_steps(2).map(|t| t.to_string()),
            Some("FFBB".into())
        );
    }

    #[test]
    fn errors_name_the_text() {
        let e = "FXFB".parse::<Throw>();
        assert_eq!(e, Err(ParseThrowError("FXFB".into())));
        assert_eq!(
            e.map_err(|e| e.to_string()),
            Err("expected a throw of four F/B letters, found `FXFB`".to_string())
        );
        for bad in ["", "FBF", "FBFBF", "FB FB", "1234", "FBFÉ"] {
            assert_eq!(
                bad.parse::<Throw>(),
                Err(ParseThrowError(bad.into())),
                "{bad:?}"
            );
        }
    }
}
