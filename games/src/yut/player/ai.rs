//! The computer player: expectimax over the throws to come.
//!
//! The tree alternates three kinds of node. Where a throw is due, a
//! *chance* node averages over the five results (six with back-do, see
//! [`House`](super::House)) weighted by the sticks' odds; where the team to move has pending throws, a *choice* node takes
//! the best use for that team (the maximum for the player, the minimum for
//! its opponent). `depth` counts the chance nodes on a path: at depth 2
//! the player looks at its own choice, the opponent's throw and answer,
//! and its own next throw and answer, before [`Eval`] scores the position
//! (yut, mo and catches add chance nodes of their own, each counted).
//! Choices do not use up depth, so a turn's pending throws are always
//! played out to the end of the turn.
//!
//! Bounded: the pending throws are a multiset, and a position reached by
//! two orders of the same uses is searched once (a table of the values
//! found, per position and depth); each decision visits at most
//! [`NODE_BUDGET`] positions and polls an [`Interrupt`]. The search
//! deepens one level at a time, and a level cut short by the budget is
//! dropped for the last one finished, so a long run of yuts is answered
//! quickly from a shallower look rather than not at all.

use std::collections::HashMap;

use super::eval::{Eval, WIN};
use crate::interrupt::{Interrupt, Interrupted, Never};
use crate::yut::rules::play::{Phase, Play, Use};
use crate::yut::rules::sticks::Sticks;
use crate::yut::rules::token::Team;

/// The computer player: a search depth and the evaluation's tables.
#[derive(Clone, Debug)]
pub struct Ai {
    eval: Eval,
    depth: u8,
    nodes: u64,
    budget: u64,
    /// Values found, by position and depth, for the team in `memo_for`
    /// (kept from one decision to the next of a turn: each is exact).
    /// Hashed by foldhash with a fixed seed: the keys are our own
    /// positions (nothing hostile), and SipHash over a `Play` was about a
    /// third of the player's time in debug builds.
    memo: HashMap<(Play, u8), f64, foldhash::fast::FixedState>,
    memo_for: Option<Team>,
}

/// The depth used unless told otherwise: two levels of future throws.
pub const DEFAULT_DEPTH: u8 = 2;

/// The most positions one decision visits (positions answered from the
/// table of values found are not counted). At depth 2 the largest
/// decision of 70,575 in 3,000 games against greedy visited 163,016 (the
/// median 337), so ordinary play never reaches it; a hand-entered run of
/// a dozen yuts does, and is answered from the deepest level finished.
/// About a quarter of a second of a release build.
#[cfg(not(fuzzing))]
pub const NODE_BUDGET: u64 = 500_000;

/// Under the fuzzer (`--cfg fuzzing`) a decision visits at most 20,000
/// positions: far above the median decision (337), so both a finished
/// search and one cut at the budget are still reached, at a fraction of
/// an instrumented half-second.
#[cfg(fuzzing)]
pub const NODE_BUDGET: u64 = 20_000;

/// The most values kept in the table (about 20 MB); past it positions are
/// searched again rather than stored, and the next decision starts a new
/// table.
const MEMO_CAP: usize = 1 << 18;

/// How often the interrupt is polled, in positions.
const POLL: u64 = 1024;

/// Why a level of the search stopped before its end.
enum Cut {
    /// The node budget ran out: use the last level finished.
    Budget,
    /// The interrupt said stop.
    Interrupted,
}

impl Ai {
    /// A player for `sticks` searching `depth` levels of future throws.
    pub fn new(sticks: Sticks, depth: u8) -> Ai {
        Ai {
            eval: Eval::new(sticks),
            depth,
            nodes: 0,
            budget: NODE_BUDGET,
            memo: HashMap::default(),
            memo_for: None,
        }
    }

    /// The same player with another node budget per decision.
    #[must_use]
    pub fn with_budget(mut self, budget: u64) -> Ai {
        self.budget = budget;
        self
    }

    /// The search depth.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The best use, without searching when there is only one.
    pub fn pick(&mut self, play: &Play) -> Option<Use> {
        self.pick_within(play, &Never).ok().flatten()
    }

    /// As [`Ai::pick`], stopping when `stop` says so.
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when `stop` said stop before a use was chosen.
    pub fn pick_within(
        &mut self,
        play: &Play,
        stop: &dyn Interrupt,
    ) -> Result<Option<Use>, Interrupted> {
        let uses = play.uses();
        match uses.as_slice() {
            [only] => Ok(Some(*only)),
            _ => Ok(self.best_within(play, stop)?.map(|(u, _)| u)),
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
        self.best_within(play, &Never).ok().flatten()
    }

    /// As [`Ai::best`], stopping when `stop` says so. Each level of depth
    /// is searched in turn, up to the player's depth; when the node
    /// budget runs out, the deepest level finished answers (and when not
    /// even the end of the turn could be searched, the use whose
    /// position scores best).
    ///
    /// # Errors
    ///
    /// [`Interrupted`] when `stop` said stop.
    pub fn best_within(
        &mut self,
        play: &Play,
        stop: &dyn Interrupt,
    ) -> Result<Option<(Use, f64)>, Interrupted> {
        let Phase::Move(me) = play.phase() else {
            return Ok(None);
        };
        if self.memo_for != Some(me) || self.memo.len() >= MEMO_CAP {
            self.memo.clear();
            self.memo_for = Some(me);
        }
        let start = self.nodes;
        let mut answer = self.shallow(play, me);
        for depth in 0..=self.depth {
            match self.level(play, me, depth, start, stop) {
                Ok(found) => answer = found,
                Err(Cut::Budget) => break,
                Err(Cut::Interrupted) => return Err(Interrupted),
            }
        }
        Ok(answer)
    }

    /// The use whose resulting position scores best, searching nothing.
    fn shallow(&self, play: &Play, me: Team) -> Option<(Use, f64)> {
        let mut best: Option<(Use, f64)> = None;
        for &u in play.uses().as_slice() {
            let mut next = *play;
            if next.apply(u).is_err() {
                continue;
            }
            let v = self.eval.score(&next, me);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((u, v));
            }
        }
        best
    }

    /// One level of the search: the best use looking `depth` chance
    /// nodes ahead.
    fn level(
        &mut self,
        play: &Play,
        me: Team,
        depth: u8,
        start: u64,
        stop: &dyn Interrupt,
    ) -> Result<Option<(Use, f64)>, Cut> {
        let mut best: Option<(Use, f64)> = None;
        for &u in play.uses().as_slice() {
            let mut next = *play;
            if next.apply(u).is_err() {
                continue;
            }
            let v = self.value(&next, me, depth, start, stop)?;
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((u, v));
            }
        }
        Ok(best)
    }

    /// The expected score of `play` for `me`, looking `depth` chance
    /// nodes ahead.
    fn value(
        &mut self,
        play: &Play,
        me: Team,
        depth: u8,
        start: u64,
        stop: &dyn Interrupt,
    ) -> Result<f64, Cut> {
        let leaf = matches!(play.phase(), Phase::Over(_))
            || (depth == 0 && matches!(play.phase(), Phase::Throw(_)));
        if !leaf && let Some(&v) = self.memo.get(&(*play, depth)) {
            return Ok(v);
        }
        self.nodes += 1;
        let visited = self.nodes - start;
        if visited > self.budget {
            return Err(Cut::Budget);
        }
        if visited.is_multiple_of(POLL) && stop.interrupted() {
            return Err(Cut::Interrupted);
        }
        let v = match play.phase() {
            // A win sooner is worth a little more than one later.
            Phase::Over(w) => {
                let v = WIN + f64::from(depth);
                if w == me { v } else { -v }
            }
            Phase::Throw(_) if depth == 0 => self.eval.score(play, me),
            Phase::Throw(_) => {
                // The house rules' results: the contest's five, or with
                // back-do a quarter of do's chance moved to back-do.
                let outcomes = play.house().outcomes(self.eval.odds());
                let mut sum = 0.0;
                for &(r, p) in outcomes.as_slice() {
                    let mut next = *play;
                    if next.throw(r.throw()).is_ok() {
                        sum += p * self.value(&next, me, depth - 1, start, stop)?;
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
                    let v = self.value(&next, me, depth, start, stop)?;
                    best = Some(match best {
                        None => v,
                        Some(b) if maximise => b.max(v),
                        Some(b) => b.min(v),
                    });
                }
                best.unwrap_or_else(|| self.eval.score(play, me))
            }
        };
        if !leaf && self.memo.len() < MEMO_CAP {
            self.memo.insert((*play, depth), v);
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::rules::rng::Rng;
    use crate::yut::rules::roll::Roll;
    use crate::yut::{Station, Throw, Token, TokenState};
    use std::sync::atomic::AtomicBool;

    /// Upper to move with `yuts` yuts and a do pending, nothing on the board.
    fn yuts_and_a_do(yuts: usize) -> Play {
        let mut p = Play::new(Team::Upper, 0);
        for _ in 0..yuts {
            p.throw(t("FFFF")).expect("yut");
        }
        p.throw(t("FBBB")).expect("do");
        p
    }

    fn t(s: &str) -> Throw {
        s.parse().expect("throw")
    }

    /// Plain expectimax, as the player searched before it had a table or
    /// a budget: every order of the pending throws, depth by depth.
    fn plain(ai: &Ai, play: &Play, me: Team, depth: u8) -> f64 {
        match play.phase() {
            Phase::Over(w) => {
                let v = WIN + f64::from(depth);
                if w == me { v } else { -v }
            }
            Phase::Throw(_) if depth == 0 => ai.eval.score(play, me),
            Phase::Throw(_) => {
                let mut sum = 0.0;
                for (r, p) in Roll::ALL.into_iter().zip(ai.eval.odds()) {
                    let mut next = *play;
                    if next.throw(r.throw()).is_ok() {
                        sum += p * plain(ai, &next, me, depth - 1);
                    }
                }
                sum
            }
            Phase::Move(team) => {
                let mut best: Option<f64> = None;
                for &u in play.uses().as_slice() {
                    let mut next = *play;
                    if next.apply(u).is_err() {
                        continue;
                    }
                    let v = plain(ai, &next, me, depth);
                    best = Some(match best {
                        None => v,
                        Some(b) if team == me => b.max(v),
                        Some(b) => b.min(v),
                    });
                }
                best.unwrap_or_else(|| ai.eval.score(play, me))
            }
        }
    }

    /// The plain search's best use (first of the best, as `best` breaks ties).
    fn plain_best(ai: &Ai, play: &Play, depth: u8) -> Option<(Use, f64)> {
        let Phase::Move(me) = play.phase() else {
            return None;
        };
        let mut best: Option<(Use, f64)> = None;
        for &u in play.uses().as_slice() {
            let mut next = *play;
            if next.apply(u).is_err() {
                continue;
            }
            let v = plain(ai, &next, me, depth);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((u, v));
            }
        }
        best
    }

    /// Positions from random games: each one where a choice is due.
    fn random_choices(seed: u64, want: usize) -> Vec<Play> {
        let mut rng = Rng::new(seed);
        let mut p = Play::new(Team::Upper, seed);
        let mut out = Vec::new();
        while out.len() < want {
            match p.phase() {
                Phase::Over(_) => p = Play::new(Team::Lower, rng.next_u64()),
                Phase::Throw(_) => {
                    p.throw_random().expect("a throw is due");
                }
                Phase::Move(_) => {
                    let uses = p.uses();
                    if uses.len() > 1 {
                        out.push(p);
                    }
                    let u = uses.as_slice().get(rng.below(uses.len())).copied();
                    p.apply(u.expect("a use")).expect("legal");
                }
            }
        }
        out
    }

    #[test]
    fn the_table_changes_no_answer() {
        // The table of values and the deepening are only ways of not
        // searching a position twice: on positions from random games the
        // answer must be the plain search's, value for value.
        // One player goes through them all, as in a game: the table it
        // keeps from one decision to the next must not change an answer
        // either (both teams' choices come up, so it is also dropped).
        for depth in [1, 2] {
            let mut ai = Ai::new(Sticks::FAIR, depth);
            for (i, p) in random_choices(7 + u64::from(depth), 12).iter().enumerate() {
                let expected = plain_best(&ai, p, depth);
                assert_eq!(ai.best(p), expected, "depth {depth}, position {i}");
            }
        }
    }

    #[test]
    fn equal_throws_in_another_order_are_searched_once() {
        // Six yuts and a do pending, nothing else on the board: the plain
        // search walks every order of the seven uses over the tokens;
        // with the table each distinct position is valued once. Counting
        // only choice positions (depth 0 ends the turn): the plain tree
        // has more than 7! = 5040 paths, the positions are far fewer.
        let p = yuts_and_a_do(6);
        let mut ai = Ai::new(Sticks::FAIR, 0);
        assert!(ai.best(&p).is_some());
        assert!(ai.nodes() < 5040, "{} positions", ai.nodes());
    }

    #[test]
    fn a_decision_stays_within_its_budget() {
        // Twelve yuts and a do pending: the plain search at depth 2 takes
        // tens of seconds. With a budget the decision stops after that
        // many positions (plus the one that found it spent) and still
        // answers with a legal use.
        let p = yuts_and_a_do(12);
        for budget in [0, 10, 5_000] {
            let mut ai = Ai::new(Sticks::FAIR, 2).with_budget(budget);
            let (u, _) = ai.best(&p).expect("an answer");
            assert!(p.uses().as_slice().contains(&u));
            assert!(ai.nodes() <= budget + 1, "{} > {budget}", ai.nodes());
        }
    }

    #[test]
    fn an_interrupt_stops_a_long_decision() {
        let p = yuts_and_a_do(12);
        let stop = AtomicBool::new(true);
        let mut ai = Ai::new(Sticks::FAIR, 2);
        assert_eq!(ai.best_within(&p, &stop), Err(Interrupted));
        // Within the first poll's worth of positions.
        assert!(ai.nodes() <= POLL, "{}", ai.nodes());
        // A single use needs no search, so nothing to interrupt.
        let mut q = Play::new(Team::Upper, 0);
        q.throw(t("FBBB")).expect("do");
        assert!(ai.pick_within(&q, &stop).is_ok_and(|u| u.is_some()));
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
