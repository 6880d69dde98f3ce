//! The common house rules a game is played under: how many tokens a side,
//! back-do (빽도), and whether a catch earns a throw. The contest's rules
//! are the default ([`House::CONTEST`]): four tokens, no back-do, a catch
//! earns a throw.
//!
//! **Back-do.** One stick (the fourth, as written: `BBBF`) is marked. When
//! it alone shows its front, the throw (a do in the contest) moves a token
//! one station back instead. With fair sticks it is one of the four
//! one-front outcomes, so P(back-do) = P(do)/4 = 1/16 and do keeps 3/16;
//! with sticks of front probability p, back-do is p(1-p)^3 and do
//! 3p(1-p)^3. Where each station goes back to is [`back`](super::route::back)'s
//! table; in short:
//!
//! - **a token at home** cannot go back: it has no station. A back-do must
//!   be used by a token on the board; when the team has none when it comes
//!   to use it (all at home or escaped), the back-do is lost, as any throw
//!   with no use is. (Entering a token first with another pending throw,
//!   then using the back-do on it, is allowed: throws are used in any
//!   order.)
//! - **on the first station (`do`)** the token goes back to `cham-meoki`,
//!   the start, and stands there with its lap done: like any token there
//!   it escapes with its next move, whatever the throw (the common house
//!   rule; home is `cham-meoki` before the lap in the route table, so the
//!   station behind `do` is the start itself).
//! - **on `cham-meoki`** it goes back to `nal-yut`, along the outer route
//!   (the board does not remember whether it came by `anchi`).
//! - **on the corners**: `mo` goes back to `yut` and `duet-mo` to
//!   `duet-yut` (the only stations before them; the token must stop on the
//!   corner again to turn); **`bang`** (the centre) goes back to
//!   `duet-mogae`, the station before it on the line a move from `bang`
//!   walks, so the token loses one step and keeps the short way home.
//! - a back-do moves a whole stack, and catches opponents where it lands
//!   like any move (earning a throw when the catch bonus is on).
//!
//! **Catch bonus.** On (the contest): a move that catches earns one more
//! throw. Off: the turn goes on with the throws already pending only.
//!
//! The free turn of the original problem (`move A FBFB`, and its replay
//! format) stays the contest's: it moves by the sticks' steps, so `BBBF`
//! is one step forward there, and the problem format knows A-D/a-d only.
//! (It still refuses a token the game does not play.)

use super::roll::Roll;
use super::sticks::Sticks;
use super::throw::Throw;

use super::game::{CONTEST_TOKENS, MAX_TOKENS};

/// The house rules of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct House {
    /// Tokens a side, 1..=5.
    pub tokens: u8,
    /// Whether the marked stick alone (`BBBF`) is a back-do.
    pub back_do: bool,
    /// Whether a catch earns one more throw.
    pub catch_bonus: bool,
}

impl Default for House {
    fn default() -> House {
        House::CONTEST
    }
}

/// The chance outcomes of one throw: each result with its probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcomes {
    items: [(Roll, f64); 6],
    len: usize,
}

impl Outcomes {
    /// The outcomes, as a slice.
    pub fn as_slice(&self) -> &[(Roll, f64)] {
        self.items.get(..self.len).unwrap_or(&[])
    }
}

impl House {
    /// The contest's rules: four tokens, no back-do, a catch earns a throw.
    pub const CONTEST: House = House {
        tokens: CONTEST_TOKENS,
        back_do: false,
        catch_bonus: true,
    };

    /// The fewest tokens a side.
    pub const MIN_TOKENS: u8 = 1;

    /// The most tokens a side (`A`-`E`, `a`-`e`).
    pub const MAX_TOKENS: u8 = MAX_TOKENS;

    /// What `throw` counts for under these rules: `BBBF` is a back-do when
    /// back-do is on, every other throw as the contest reads it.
    pub const fn roll_of(self, throw: Throw) -> Roll {
        let contest = Roll::of(throw);
        if self.back_do && matches!(contest, Roll::Do) && throw_is_back_do(throw) {
            Roll::BackDo
        } else {
            contest
        }
    }

    /// The results a throw can give, in index order (back-do last, when on).
    pub fn rolls(self) -> &'static [Roll] {
        if self.back_do {
            &Roll::EVERY
        } else {
            &Roll::ALL
        }
    }

    /// Each result with its probability for throws of `odds` (the five
    /// contest results, [`Roll::ALL`] order): the contest's five, or with
    /// back-do a quarter of do's chance moved to back-do (the marked stick
    /// is one of the four sticks that can be the lone front).
    pub fn outcomes(self, odds: [f64; 5]) -> Outcomes {
        let mut items = [(Roll::Do, 0.0); 6];
        for ((slot, r), p) in items.iter_mut().zip(Roll::ALL).zip(odds) {
            *slot = (r, p);
        }
        if !self.back_do {
            return Outcomes { items, len: 5 };
        }
        let p_do = odds.first().copied().unwrap_or(0.0);
        if let Some(d) = items.get_mut(0) {
            *d = (Roll::Do, p_do * 0.75);
        }
        if let Some(b) = items.get_mut(5) {
            *b = (Roll::BackDo, p_do * 0.25);
        }
        Outcomes { items, len: 6 }
    }

    /// As [`House::outcomes`] for `sticks`.
    pub fn outcomes_of(self, sticks: Sticks) -> Outcomes {
        self.outcomes(sticks.odds())
    }

    /// Whether these are the contest's rules but for the number of tokens
    /// (1..=4): the rules the solved tables were computed under.
    pub const fn solver_covers(self) -> bool {
        !self.back_do && self.catch_bonus && self.tokens <= CONTEST_TOKENS
    }

    /// Why the solved tables do not cover a game under these rules, if
    /// they do not.
    pub const fn outside_tables(self) -> Option<&'static str> {
        if self.back_do {
            Some("back-do is on")
        } else if !self.catch_bonus {
            Some("the catch bonus is off")
        } else if self.tokens > CONTEST_TOKENS {
            Some("five tokens a side")
        } else {
            None
        }
    }
}

/// Whether `throw` is the marked stick alone.
const fn throw_is_back_do(throw: Throw) -> bool {
    let [a, b, c, d] = throw.faces();
    !a && !b && !c && d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Throw {
        s.parse().expect("throw")
    }

    #[test]
    fn only_the_marked_stick_alone_is_back_do() {
        let on = House {
            back_do: true,
            ..House::CONTEST
        };
        assert_eq!(on.roll_of(t("BBBF")), Roll::BackDo);
        // The other three lone fronts stay do; off, BBBF is a do too.
        for s in ["FBBB", "BFBB", "BBFB"] {
            assert_eq!(on.roll_of(t(s)), Roll::Do, "{s}");
        }
        assert_eq!(House::CONTEST.roll_of(t("BBBF")), Roll::Do);
        assert_eq!(on.roll_of(t("BBBB")), Roll::Mo);
        assert_eq!(on.roll_of(t("FBBF")), Roll::Gae);
        assert_eq!(on.roll_of(Roll::BackDo.throw()), Roll::BackDo);
    }

    #[test]
    fn back_do_takes_a_quarter_of_do() {
        // Fair sticks: 16 equally likely faces; BBBF is one of the four
        // with one front, so do 3/16 and back-do 1/16.
        let on = House {
            back_do: true,
            ..House::CONTEST
        };
        let o = on.outcomes_of(Sticks::FAIR);
        let sixteenths: Vec<(Roll, f64)> =
            o.as_slice().iter().map(|&(r, p)| (r, p * 16.0)).collect();
        assert_eq!(
            sixteenths,
            [
                (Roll::Do, 3.0),
                (Roll::Gae, 6.0),
                (Roll::Geol, 4.0),
                (Roll::Yut, 1.0),
                (Roll::Mo, 1.0),
                (Roll::BackDo, 1.0),
            ]
        );
        // Off: exactly the sticks' five odds, unchanged.
        let off = House::CONTEST.outcomes_of(Sticks::FAIR);
        let odds = Sticks::FAIR.odds();
        assert_eq!(off.as_slice().len(), 5);
        for (&(_, p), q) in off.as_slice().iter().zip(odds) {
            assert_eq!(p.to_bits(), q.to_bits());
        }
        // Biased sticks, p = 0.6: back-do is p q^3 = 0.6 * 0.064.
        let s = Sticks::from_ppm(600_000).expect("sticks");
        let b = on.outcomes_of(s);
        let back = b.as_slice().last().map(|&(_, p)| p).unwrap_or(0.0);
        assert!((back - 0.6 * 0.4f64.powi(3)).abs() < 1e-12);
        let total: f64 = b.as_slice().iter().map(|&(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn tables_cover_the_contest_rules_only() {
        assert_eq!(House::CONTEST.outside_tables(), None);
        let two = House {
            tokens: 2,
            ..House::CONTEST
        };
        assert!(two.solver_covers());
        for h in [
            House {
                back_do: true,
                ..House::CONTEST
            },
            House {
                catch_bonus: false,
                ..House::CONTEST
            },
            House {
                tokens: 5,
                ..House::CONTEST
            },
        ] {
            assert!(!h.solver_covers());
            assert!(h.outside_tables().is_some());
        }
    }
}
