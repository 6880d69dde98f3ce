//! The computer player: expectimax over the throws to come.
//!
//! The tree alternates three kinds of node. Where a throw is due, a
//! *chance* node averages over the five results weighted by the sticks'
//! odds; where the team to move has pending throws, a *choice* node takes
//! the best use for that team (the maximum for the player, the minimum for
//! its opponent). `depth` counts the chance nodes on a path: at depth 2
//! the player looks at its own choice, the opponent's throw and answer,
//! and its own next throw and answer, before [`Eval`] scores the position
//! (yut, mo and catches add chance nodes of their own, each counted).
//! Choices do not use up depth, so a turn's pending throws are always
//! played out to the end of the turn.

use super::eval::{Eval, WIN};
use super::play::{Phase, Play, Use};
use super::roll::Roll;
use super::sticks::Sticks;
use super::token::Team;

/// The computer player: a search depth and the evaluation's tables.
#[derive(Clone, Debug)]
pub struct Ai {
    eval: Eval,
    depth: u8,
    nodes: u64,
}

/// The depth used unless told otherwise: two levels of future throws.
pub const DEFAULT_DEPTH: u8 = 2;

impl Ai {
    /// A player for `sticks` searching `depth` levels of future throws.
    pub fn new(sticks: Sticks, depth: u8) -> Ai {
        Ai {
            eval: Eval::new(sticks),
            depth,
            nodes: 0,
        }
    }

    /// The search depth.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The best use, without searching when there is only one.
    pub fn pick(&mut self, play: &Play) -> Option<Use> {
        let uses = play.uses();
        match uses.as_slice() {
            [only] => Some(*only),
            _ => self.best(play).map(|(u, _)| u),
        }
    }

    /// Positions visited by all searches so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The evaluation it searches with.
    pub fn eval(&self) -> &Eval {
        &self.eval
    }

    /// The best use of a pending throw for the team to move, with its
    /// expected score; `None` unless the game waits for a move.
    pub fn best(&mut self, play: &Play) -> Option<(Use, f64)> {
        let Phase::Move(me) = play.phase() else {
            return None;
        };
        let uses = play.uses();
        let mut best: Option<(Use, f64)> = None;
        for &u in uses.as_slice() {
            let mut next = *play;
            if next.apply(u).is_err() {
                continue;
            }
            let v = self.value(&next, me, self.depth);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((u, v));
            }
        }
        best
    }

    /// The expected score of `play` for `me`, looking `depth` chance
    /// nodes ahead.
    fn value(&mut self, play: &Play, me: Team, depth: u8) -> f64 {
        self.nodes += 1;
        match play.phase() {
            // A win sooner is worth a little more than one later.
            Phase::Over(w) => {
                let v = WIN + f64::from(depth);
                if w == me { v } else { -v }
            }
            Phase::Throw(_) if depth == 0 => self.eval.score(play, me),
            Phase::Throw(_) => {
                let odds = self.eval.odds();
                let mut sum = 0.0;
                for (r, p) in Roll::ALL.into_iter().zip(odds) {
                    let mut next = *play;
                    if next.throw(r.throw()).is_ok() {
                        sum += p * self.value(&next, me, depth - 1);
                    }
                }
                sum
            }
            Phase::Move(team) => {
                let maximise = team == me;
                let mut best: Option<f64> = None;
                for &u in play.uses().as_slice() {
                    let mut next = *play;
                    if next.apply(u).is_err() {
                        continue;
                    }
                    let v = self.value(&next, me, depth);
                    best = Some(match best {
                        None => v,
                        Some(b) if maximise => b.max(v),
                        Some(b) => b.min(v),
                    });
                }
                best.unwrap_or_else(|| self.eval.score(play, me))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::{Station, Throw, Token, TokenState};

    fn t(s: &str) -> Throw {
        s.parse().expect("throw")
    }

    #[test]
    fn takes_the_catch() {
        // Lower's a on do; upper throws do: entering A (home+1) catches it,
        // which also earns a throw. The AI must prefer that to moving B.
        let mut p = Play::new(Team::Upper, 0);
        p.replay(Token::a, t("FBBB")).expect("free");
        p.replay(Token::B, t("FFFF")).expect("free");
        p.throw(t("FBBB")).expect("throw");
        let mut ai = Ai::new(Sticks::FAIR, 1);
        let (u, _) = ai.best(&p).expect("a move");
        assert_eq!(u.roll, Roll::Do);
        assert_ne!(u.token, Token::B, "B: yut -> mo catches nothing");
    }

    #[test]
    fn takes_the_win() {
        // Upper has A, B, C out and D on nal-yut, a token of lower near
        // too. With gae (2) pending, D escapes and wins.
        let mut p = Play::new(Team::Upper, 0);
        for tok in [Token::A, Token::B, Token::C] {
            for s in ["BBBB", "FFFB", "FFFB", "FBBB"] {
                p.replay(tok, t(s)).expect("free");
            }
        }
        for s in ["BBBB", "BBBB", "BBBB"] {
            p.replay(Token::D, t(s)).expect("free");
        }
        assert_eq!(p.game().state(Token::D), TokenState::On(Station::NalYut));
        p.throw(t("FFBB")).expect("throw");
        let mut ai = Ai::new(Sticks::FAIR, 2);
        let (u, v) = ai.best(&p).expect("a move");
        assert_eq!(u.token, Token::D);
        assert!(v >= WIN);
    }
}
