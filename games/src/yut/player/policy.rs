//! Who picks the moves in a simulated game: random, greedy, or the AI.

use std::fmt;
use std::str::FromStr;

use super::ai::{Ai, DEFAULT_DEPTH};
use crate::interrupt::Interrupt;
use crate::yut::rules::game::TokenState;
use crate::yut::rules::play::{Play, Use};
use crate::yut::rules::rng::Rng;
use crate::yut::rules::route::{Dest, Start, destination};
use crate::yut::rules::sticks::Sticks;

/// A way of choosing how to use a pending throw.
pub trait Policy {
    /// A use of one of `play`'s pending throws, `None` if there is none.
    fn choose(&mut self, play: &Play) -> Option<Use>;

    /// As [`Policy::choose`], giving up (`None`) when `stop` says so; for
    /// policies that think long enough to need it.
    fn choose_within(&mut self, play: &Play, stop: &dyn Interrupt) -> Option<Use> {
        let _ = stop;
        self.choose(play)
    }

    /// Positions searched by all its choices so far (0 for a policy that
    /// does not search): what a budget of positions counts.
    fn positions(&self) -> u64 {
        0
    }
}

/// A boxed policy is a policy (so a player picked at run time can be the
/// fallback of [`Exact`](crate::yut::solve::Exact)).
impl<P: Policy + ?Sized> Policy for Box<P> {
    fn choose(&mut self, play: &Play) -> Option<Use> {
        (**self).choose(play)
    }

    fn choose_within(&mut self, play: &Play, stop: &dyn Interrupt) -> Option<Use> {
        (**self).choose_within(play, stop)
    }

    fn positions(&self) -> u64 {
        (**self).positions()
    }
}

/// Any legal use, uniformly: each distinct group (stack, lone token, or
/// the home tokens as one) with each distinct pending result.
#[derive(Clone, Copy, Debug)]
pub struct Random(pub Rng);

impl Policy for Random {
    fn choose(&mut self, play: &Play) -> Option<Use> {
        let uses = play.uses();
        uses.as_slice().get(self.0.below(uses.len())).copied()
    }
}

/// Catch when it can (the use catching most tokens, then the largest
/// result); else move the group furthest along (fewest steps from
/// escape; a home token only when none is on the board) by the largest
/// pending result.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// Steps still needed to escape from `state`, along the lane it would
/// walk (home counts as the longest).
fn steps_left(state: TokenState) -> u8 {
    let start = match state {
        TokenState::Home => Start::Home,
        TokenState::On(s) => Start::On(s),
        TokenState::Escaped => return 0,
    };
    (1..=u8::MAX)
        .find(|&k| destination(start, k) == Dest::Escaped)
        .unwrap_or(u8::MAX)
}

impl Policy for Greedy {
    fn choose(&mut self, play: &Play) -> Option<Use> {
        let uses = play.uses();
        let uses = uses.as_slice();
        let mut best_catch: Option<(Use, usize)> = None;
        for &u in uses {
            let mut next = *play;
            if let Ok(r) = next.apply(u) {
                let caught = r.report.caught.len();
                if caught > 0
                    && best_catch
                        .is_none_or(|(b, n)| caught > n || (caught == n && u.roll > b.roll))
                {
                    best_catch = Some((u, caught));
                }
            }
        }
        if let Some((u, _)) = best_catch {
            return Some(u);
        }
        let game = play.game();
        let mut best: Option<(Use, u8)> = None;
        for &u in uses {
            let left = steps_left(game.state(u.token));
            if best.is_none_or(|(b, l)| left < l || (left == l && u.roll > b.roll)) {
                best = Some((u, left));
            }
        }
        best.map(|(u, _)| u)
    }
}

impl Policy for Ai {
    fn choose(&mut self, play: &Play) -> Option<Use> {
        self.pick(play)
    }

    fn choose_within(&mut self, play: &Play, stop: &dyn Interrupt) -> Option<Use> {
        self.pick_within(play, stop).ok().flatten()
    }

    fn positions(&self) -> u64 {
        self.nodes()
    }
}

/// A policy by name, for the shell and the strength script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// [`Random`].
    Random,
    /// [`Greedy`].
    Greedy,
    /// [`Ai`] at the given depth.
    Ai(u8),
}

impl Kind {
    /// A fresh policy of this kind: random ones draw from `seed`.
    pub fn build(self, sticks: Sticks, seed: u64) -> Box<dyn Policy + Send> {
        match self {
            Kind::Random => Box::new(Random(Rng::new(seed))),
            Kind::Greedy => Box::new(Greedy),
            Kind::Ai(depth) => Box::new(Ai::new(sticks, depth)),
        }
    }

    /// As [`Kind::build`], the computer searching at most `budget`
    /// positions a decision (the others do not search).
    pub fn build_bounded(self, sticks: Sticks, seed: u64, budget: u64) -> Box<dyn Policy + Send> {
        match self {
            Kind::Ai(depth) => Box::new(Ai::new(sticks, depth).with_budget(budget)),
            other => other.build(sticks, seed),
        }
    }
}

impl fmt::Display for Kind {
    /// `random`, `greedy`, `ai` (default depth) or `ai3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Random => f.write_str("random"),
            Kind::Greedy => f.write_str("greedy"),
            Kind::Ai(DEFAULT_DEPTH) => f.write_str("ai"),
            Kind::Ai(d) => write!(f, "ai{d}"),
        }
    }
}

/// A policy name that is not `random`, `greedy`, `ai` or `ai1`..`ai4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a player: random, greedy, ai or ai1-ai4, found `{0}`")]
pub struct ParseKindError(pub String);

impl FromStr for Kind {
    type Err = ParseKindError;

    fn from_str(s: &str) -> Result<Kind, ParseKindError> {
        match s {
            "random" => Ok(Kind::Random),
            "greedy" => Ok(Kind::Greedy),
            "ai" => Ok(Kind::Ai(DEFAULT_DEPTH)),
            "ai1" => Ok(Kind::Ai(1)),
            "ai2" => Ok(Kind::Ai(2)),
            "ai3" => Ok(Kind::Ai(3)),
            "ai4" => Ok(Kind::Ai(4)),
            _ => Err(ParseKindError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::{Roll, Team, Throw, Token};

    fn t(s: &str) -> Throw {
        s.parse().expect("throw")
    }

    #[test]
    fn greedy_catches_else_advances_the_leader() {
        let mut p = Play::new(Team::Upper, 0);
        // A on gae; B on sok-yut (home+5 = mo, then mo+4 takes the
        // shortcut); lower's a on geol.
        p.replay(Token::A, t("FFBB")).expect("free");
        p.replay(Token::B, t("BBBB")).expect("free");
        p.replay(Token::B, t("FFFF")).expect("free");
        p.replay(Token::a, t("FFFB")).expect("free");
        p.throw(t("FBBB")).expect("throw");
        // do: A gae -> geol catches a.
        assert_eq!(
            Greedy.choose(&p),
            Some(Use {
                token: Token::A,
                roll: Roll::Do
            })
        );
        // Without a: no catch, and B (8 steps from out) is further along
        // than A (19 steps) and the home tokens (21).
        let mut q = Play::new(Team::Upper, 0);
        q.replay(Token::A, t("FFBB")).expect("free");
        q.replay(Token::B, t("BBBB")).expect("free");
        q.replay(Token::B, t("FFFF")).expect("free");
        q.throw(t("FFBB")).expect("throw");
        assert_eq!(Greedy.choose(&q).map(|u| u.token), Some(Token::B));
    }

    #[test]
    fn steps_left_along_the_lane() {
        use crate::yut::Station::*;
        assert_eq!(steps_left(TokenState::On(ChamMeoki)), 1);
        assert_eq!(steps_left(TokenState::On(Bang)), 4);
        // Mo's shortcut: mo-do .. cham-meoki is 11 stations, then out.
        assert_eq!(steps_left(TokenState::On(Mo)), 12);
        // Home walks the whole outer lap: 20 stations, then out.
        assert_eq!(steps_left(TokenState::Home), 21);
    }

    #[test]
    fn kinds_round_trip() {
        for k in [
            Kind::Random,
            Kind::Greedy,
            Kind::Ai(2),
            Kind::Ai(1),
            Kind::Ai(3),
        ] {
            assert_eq!(k.to_string().parse(), Ok(k));
        }
        assert!("ai9".parse::<Kind>().is_err());
    }
}
