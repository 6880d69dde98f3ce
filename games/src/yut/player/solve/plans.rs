//! Whole turns: every order of using the pending throws, collapsed to
//! the distinct games they lead to ([`plans`]), and the exact chance of
//! any game where a table covers it ([`exact_chance`]).
//!
//! A plan uses pending throws one after another until the part of the
//! turn the team can lay out in advance ends: nothing is left pending
//! and the turn passes, a catch earns a throw (thrown at once, so what
//! follows depends on it: the plan ends at the catch, with any throws
//! still pending), or the team wins. Two orders that lead to the same
//! game are one plan, named by the first order found (uses in
//! [`Play::uses`] order, depth first).

use std::collections::HashSet;

use super::board::Board;
use super::player::{board_of, covers};
use super::table::Table;
use super::turn::Turn;
use crate::yut::rules::game::TokenState;
use crate::yut::rules::play::{Phase, Play, Use};
use crate::yut::rules::roll::Roll;
use crate::yut::rules::sticks::Sticks;
use crate::yut::rules::token::{Team, Token};

/// The most distinct plans [`plans`] lists; past it (a long run of yuts
/// and mos pending) it lists each single use instead.
pub const MAX_PLANS: usize = 256;

/// The most games [`plans`] steps through while enumerating (each
/// distinct game once).
const MAX_STATES: usize = 20_000;

/// One way to use the pending throws, and the game it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The uses, in order (the first order found that leads there).
    pub uses: Vec<Use>,
    /// The game after them.
    pub end: Play,
}

/// How a plan's part of the turn ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Nothing left pending: the other team throws.
    Passed,
    /// A catch: the team throws again, these throws still to use after.
    Caught,
    /// Throws left to use, no throw due (only in a list of single uses).
    Pending,
    /// The team has won.
    Won,
}

impl Plan {
    /// How the plan ends, for `team` (the team that made it).
    pub fn ending(&self, team: Team) -> Ending {
        match self.end.phase() {
            Phase::Over(_) => Ending::Won,
            Phase::Throw(t) if t == team => Ending::Caught,
            Phase::Throw(_) => Ending::Passed,
            Phase::Move(_) => Ending::Pending,
        }
    }
}

/// A game as far as the plans tell games apart: each team's token states
/// as a sorted list (tokens of a team are alike), whose turn it is and
/// what is due and pending.
type Key = ([Vec<u8>; 2], Phase, u8, [u8; 6]);

/// The key of `play`.
fn key(play: &Play) -> Key {
    let game = play.game();
    let side = |team: Team| {
        let mut v: Vec<u8> = (game.team_tokens(team).iter())
            .map(|t| match game.state(t) {
                TokenState::Home => 0,
                TokenState::On(s) => s.index() as u8 + 1,
                TokenState::Escaped => u8::MAX,
            })
            .collect();
        v.sort_unstable();
        v
    };
    let pending = play.pending();
    let counts = Roll::EVERY.map(|r| pending.count(r));
    (
        [side(Team::Upper), side(Team::Lower)],
        play.phase(),
        play.due(),
        counts,
    )
}

/// Every distinct plan at `play`, and whether they are whole (`false`:
/// more than [`MAX_PLANS`], and the list is each single use instead).
/// Empty unless the game waits for a move.
pub fn plans(play: &Play) -> (Vec<Plan>, bool) {
    let Phase::Move(team) = play.phase() else {
        return (Vec::new(), true);
    };
    let mut out: Vec<Plan> = Vec::new();
    let mut ends: HashSet<Key> = HashSet::new();
    let mut seen: HashSet<Key> = HashSet::new();
    // Depth first, uses in `Play::uses` order: each frame is a game on
    // the way, the uses that led there, and the next of its uses to try.
    let mut stack: Vec<(Play, Vec<Use>, usize)> = vec![(*play, Vec::new(), 0)];
    let mut whole = true;
    while let Some((at, path, i)) = stack.last_mut() {
        let Some(&u) = at.uses().as_slice().get(*i) else {
            stack.pop();
            continue;
        };
        *i += 1;
        let mut next = *at;
        if next.apply(u).is_err() {
            continue;
        }
        let mut uses = path.clone();
        uses.push(u);
        if next.phase() == Phase::Move(team) {
            if seen.insert(key(&next)) {
                stack.push((next, uses, 0));
            }
        } else {
            if ends.insert(key(&next)) {
                out.push(Plan { uses, end: next });
            }
        }
        if out.len() > MAX_PLANS || seen.len() > MAX_STATES {
            whole = false;
            break;
        }
    }
    if !whole {
        out = play
            .uses()
            .as_slice()
            .iter()
            .filter_map(|&u| {
                let mut end = *play;
                end.apply(u).ok().map(|_| Plan { uses: vec![u], end })
            })
            .collect();
        return (out, false);
    }
    (out, true)
}

/// What a plan did to the board, read from the games before and after:
/// the team's tokens that moved, as groups that went from one place to
/// another together (with the team mates already where they ended, that
/// they stack with), and the other team's tokens caught.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Each group that moved: its tokens, where they were, where they
    /// are, and the team mates they stack with there.
    pub moved: Vec<Moved>,
    /// The other team's tokens sent home.
    pub caught: Vec<Token>,
}

/// Tokens of one team that went from one place to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The tokens.
    pub tokens: Vec<Token>,
    /// Where they were.
    pub from: TokenState,
    /// Where they are.
    pub to: TokenState,
    /// The team's other tokens there, a stack (but for those of a group
    /// listed after this one, which name this one).
    pub stacks_with: Vec<Token>,
}

/// What `end` did to `start`'s board, for `team`.
pub fn landing(start: &Play, end: &Play, team: Team) -> Landing {
    let (a, b) = (start.game(), end.game());
    let mut moved: Vec<Moved> = Vec::new();
    for t in a.team_tokens(team).iter() {
        let (from, to) = (a.state(t), b.state(t));
        if from == to {
            continue;
        }
        match moved.iter_mut().find(|m| m.from == from && m.to == to) {
            Some(m) => m.tokens.push(t),
            None => moved.push(Moved {
                tokens: vec![t],
                from,
                to,
                stacks_with: Vec::new(),
            }),
        }
    }
    // A group stacks with the team mates where it ended, but those of a
    // group listed after it (they say they stack with it).
    for j in 0..moved.len() {
        let later: Vec<Token> = (moved.iter().skip(j + 1))
            .flat_map(|m| m.tokens.iter().copied())
            .collect();
        if let Some(m) = moved.get_mut(j)
            && let TokenState::On(_) = m.to
        {
            m.stacks_with = (b.team_tokens(team).iter())
                .filter(|&t| b.state(t) == m.to && !m.tokens.contains(&t) && !later.contains(&t))
                .collect();
        }
    }
    let caught = (a.team_tokens(team.opponent()).iter())
        .filter(|&t| a.state(t) != b.state(t) && b.state(t) == TokenState::Home)
        .collect();
    Landing { moved, caught }
}

/// The exact chance that `team` wins from `play`, by `table` and the
/// in-turn solver `turn` (one that only ever serves `table`, reading a
/// catcher's next turn start from it): `None` unless the sticks are fair,
/// the rules the contest's and `table` covers the position. A turn start
/// (a throw due, nothing pending) is the table's value; within a turn,
/// the solver's value under the table, so that chances along a game
/// agree with the solver's choices step by step.
pub fn exact_chance(table: &Table, turn: &mut Turn, play: &Play, team: Team) -> Option<f64> {
    let of = |t: Team, v: f64| if t == team { v } else { 1.0 - v };
    let mover = match play.phase() {
        Phase::Over(w) => return Some(of(w, 1.0)),
        Phase::Throw(t) | Phase::Move(t) => t,
    };
    if play.sticks() != Sticks::FAIR || !play.rules().solver_covers() {
        return None;
    }
    let (board, pend) = board_of(play);
    if !covers(table, board) {
        return None;
    }
    let leaf = |x: Board| table.value(x, 0).unwrap_or(0.0);
    let v = match play.phase() {
        Phase::Throw(_) if pend == [0; 5] => table.value(board, 0)?,
        Phase::Throw(_) => turn.throw(board, pend, &leaf),
        _ => turn.uses(board, pend, &leaf),
    };
    Some(of(mover, v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yut::rules::game::Game;
    use crate::yut::rules::station::Station;

    #[test]
    fn two_orders_to_one_game_are_one_plan() {
        // Upper with every token home throws a yut (again) and a gae.
        // The yut then the gae on the same token, or the gae then the
        // yut, take it six steps along the outer lane (passing mo, not
        // starting there): one game. The yut on one token and the gae on
        // another give one token on yut and one on gae whichever order
        // and whichever token: tokens of a team are alike, so one game.
        // Two plans.
        let mut p = Play::new(Team::Upper, 0);
        p.throw("FFFF".parse().unwrap()).unwrap();
        p.throw("FFBB".parse().unwrap()).unwrap();
        let (list, whole) = plans(&p);
        assert!(whole);
        assert_eq!(list.len(), 2, "{list:?}");
        for plan in &list {
            assert_eq!(plan.uses.len(), 2);
            assert_eq!(plan.ending(Team::Upper), Ending::Passed);
        }
        // The first order found: the yut first, on A, then the gae on A.
        assert_eq!(
            list[0].uses,
            [
                Use {
                    token: Token::A,
                    roll: Roll::Yut
                },
                Use {
                    token: Token::A,
                    roll: Roll::Gae
                }
            ]
        );
        let l = landing(&p, &list[1].end, Team::Upper);
        assert_eq!(l.moved.len(), 2, "{l:?}");
        assert!(l.caught.is_empty(), "{l:?}");
        assert!(l.moved.iter().all(|m| m.stacks_with.is_empty()), "{l:?}");
    }

    #[test]
    fn too_many_plans_give_each_single_use() {
        // Seven yuts and mos then a gae, every token home: four tokens
        // shared among eight throws in any order lead to far more than
        // MAX_PLANS games, so the list is each single use: every token
        // home is one group, by mo, yut or gae.
        let mut p = Play::new(Team::Upper, 0);
        for i in 0..7 {
            let sticks = if i % 2 == 0 { "BBBB" } else { "FFFF" };
            p.throw(sticks.parse().unwrap()).unwrap();
        }
        p.throw("FFBB".parse().unwrap()).unwrap();
        let (list, whole) = plans(&p);
        assert!(!whole);
        assert_eq!(list.len(), 3, "{list:?}");
        for plan in &list {
            assert_eq!(plan.uses.len(), 1);
            assert_eq!(plan.ending(Team::Upper), Ending::Pending);
        }
    }

    #[test]
    fn a_catch_ends_the_plan_with_the_rest_pending() {
        // Lower's a on do; upper throws a yut and a do: the do from home
        // catches a (a plan of one use, a throw due, the yut still
        // pending); the yut first, then the do on A (no catch) or from
        // home (B catches a: a plan of two uses ending in a catch).
        let mut g = Game::new();
        g.apply(Token::a, Roll::Do.throw()).unwrap();
        let mut p = Play::new(Team::Upper, 0);
        p.set_board(g);
        p.throw("FFFF".parse().unwrap()).unwrap();
        p.throw("FBBB".parse().unwrap()).unwrap();
        let (list, whole) = plans(&p);
        assert!(whole);
        let caught: Vec<&Plan> = list
            .iter()
            .filter(|p| p.ending(Team::Upper) == Ending::Caught)
            .collect();
        assert_eq!(caught.len(), 2, "{list:?}");
        let one = caught.iter().find(|p| p.uses.len() == 1).expect("do first");
        assert_eq!(one.end.pending().count(Roll::Yut), 1);
        let l = landing(&p, &one.end, Team::Upper);
        assert_eq!(l.caught, [Token::a]);
        assert_eq!(
            l.moved,
            [Moved {
                tokens: vec![Token::A],
                from: TokenState::Home,
                to: TokenState::On(Station::Do),
                stacks_with: Vec::new(),
            }]
        );
        // Yut then do on A: A five steps on, at mo, nothing caught, passed.
        assert_eq!(list.len(), 3, "{list:?}");
    }
}
