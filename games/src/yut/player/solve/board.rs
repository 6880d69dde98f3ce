//! The solver's compact board: each team as a sorted multiset of token
//! states, seen from the team to move.
//!
//! A token's state is one byte: [`HOME`], a station (its index + 1), or
//! [`ESCAPED`]. Tokens of a team are identical for the game's value (any
//! home token can enter, a stack moves whole), so a team is the sorted
//! list of its four states; a game with K < 4 tokens a side has its
//! 4 - K spare tokens escaped from the start. Moves use the game's own
//! route table ([`destination`]), so shortcuts and escapes are the
//! game's.

use crate::yut::rules::game::{Game, TokenState};
use crate::yut::rules::route::{Dest, Start, destination};
use crate::yut::rules::station::{STATIONS, Station};
use crate::yut::rules::token::Team;

/// A token not yet on the board.
pub const HOME: u8 = 0;
/// A token out of the game for good.
pub const ESCAPED: u8 = STATIONS as u8 + 1;
/// The number of token states: home, the 29 stations, escaped.
pub const STATES: usize = STATIONS + 2;
/// The most tokens a team has.
pub const MAX_TOKENS: usize = 4;

/// The state of a token standing on `station`.
pub const fn on(station: Station) -> u8 {
    station as u8 + 1
}

/// The state after `steps` steps from `state` (escaped stays escaped).
pub fn step(state: u8, steps: u8) -> u8 {
    let start = match state {
        HOME => Start::Home,
        ESCAPED => return ESCAPED,
        s => match Station::from_index(usize::from(s) - 1) {
            Some(st) => Start::On(st),
            None => return ESCAPED,
        },
    };
    match destination(start, steps) {
        Dest::On(s) => on(s),
        Dest::Escaped => ESCAPED,
    }
}

/// Steps still needed to escape from `state` along the lane a move from
/// it walks: strictly smaller after every move, so the solver can sweep
/// positions furthest along first.
pub fn steps_left(state: u8) -> u8 {
    (0..=u8::MAX)
        .find(|&k| step(state, k) == ESCAPED)
        .unwrap_or(u8::MAX)
}

/// One team's tokens: four states, sorted (home first, escaped last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Side(pub [u8; MAX_TOKENS]);

impl Side {
    /// K tokens at home, the 4 - K others escaped.
    pub fn start(k: usize) -> Side {
        let mut s = [ESCAPED; MAX_TOKENS];
        for x in s.iter_mut().take(k) {
            *x = HOME;
        }
        Side(s)
    }

    /// The sorted side of these states.
    pub fn of(mut states: [u8; MAX_TOKENS]) -> Side {
        states.sort_unstable();
        Side(states)
    }

    /// How many tokens have escaped (spare ones included).
    pub fn escaped(self) -> usize {
        self.0.iter().filter(|&&s| s == ESCAPED).count()
    }

    /// Whether every token has escaped: the team has won.
    pub fn won(self) -> bool {
        self.0 == [ESCAPED; MAX_TOKENS]
    }

    /// Whether a token stands on station state `s`.
    pub fn has(self, s: u8) -> bool {
        self.0.contains(&s)
    }

    /// The distinct states a move can start from: each stack or lone token
    /// once, the home tokens once.
    pub fn groups(self) -> impl Iterator<Item = u8> {
        let s = self.0;
        (0..MAX_TOKENS).filter_map(move |i| {
            let x = s.get(i).copied().unwrap_or(ESCAPED);
            let repeat = i > 0 && s.get(i - 1) == Some(&x);
            (x != ESCAPED && !repeat).then_some(x)
        })
    }

    /// A code unique among sides: the four states base 32.
    pub fn code(self) -> u32 {
        self.0.iter().fold(0, |c, &s| c << 5 | u32::from(s))
    }

    /// This team's side of a [`Game`] (K tokens; its spare ones, those
    /// past `k` in the team's order, must have escaped to be exact).
    pub fn of_game(game: &Game, team: Team) -> Side {
        let mut s = [ESCAPED; MAX_TOKENS];
        // The tokens the game plays; those it does not are out, as spare
        // ones are (a game of five a side does not fit: see `player`).
        for (x, t) in s.iter_mut().zip(game.team_tokens(team).iter()) {
            *x = match game.state(t) {
                TokenState::Home => HOME,
                TokenState::On(st) => on(st),
                TokenState::Escaped => ESCAPED,
            };
        }
        Side::of(s)
    }
}

/// A position from the side of the team to move: its tokens, the other's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The team to move.
    pub me: Side,
    /// The other team.
    pub op: Side,
}

impl Board {
    /// Both teams at home, K tokens a side.
    pub fn start(k: usize) -> Board {
        Board {
            me: Side::start(k),
            op: Side::start(k),
        }
    }

    /// The same position seen from the other team.
    pub fn flip(self) -> Board {
        Board {
            me: self.op,
            op: self.me,
        }
    }

    /// Whether the two teams share a station (never in a game).
    pub fn clash(self) -> bool {
        self.me
            .0
            .iter()
            .any(|&s| s != HOME && s != ESCAPED && self.op.has(s))
    }

    /// Move the group on `from` by `steps`, as the game does: a home token
    /// enters alone, a stack moves whole, opponents where it ends go home.
    /// Returns the new board and whether it caught.
    pub fn play(self, from: u8, steps: u8) -> (Board, bool) {
        let to = step(from, steps);
        let mut me = self.me.0;
        if from == HOME {
            if let Some(x) = me.iter_mut().find(|x| **x == HOME) {
                *x = to;
            }
        } else {
            for x in me.iter_mut().filter(|x| **x == from) {
                *x = to;
            }
        }
        let mut op = self.op.0;
        let mut caught = false;
        if to != ESCAPED {
            for x in op.iter_mut().filter(|x| **x == to) {
                *x = HOME;
                caught = true;
            }
        }
        (
            Board {
                me: Side::of(me),
                op: Side::of(op),
            },
            caught,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Station::*;

    #[test]
    fn steps_follow_the_routes() {
        assert_eq!(step(HOME, 5), on(Mo));
        assert_eq!(step(on(Mo), 3), on(Bang));
        assert_eq!(step(on(Yut), 2), on(DuetDo));
        assert_eq!(step(on(ChamMeoki), 1), ESCAPED);
        assert_eq!(steps_left(HOME), 21);
        assert_eq!(steps_left(on(ChamMeoki)), 1);
        assert_eq!(steps_left(on(Mo)), 12);
        assert_eq!(steps_left(on(DuetMo)), 7);
    }

    #[test]
    fn moves_stack_and_catch() {
        // Two tokens on do move together; the one at home stays.
        let b = Board {
            me: Side::of([HOME, on(Do), on(Do), ESCAPED]),
            op: Side::of([on(Geol), HOME, ESCAPED, ESCAPED]),
        };
        let (after, caught) = b.play(on(Do), 2);
        assert!(caught, "do+2 is geol, where the opponent stands");
        assert_eq!(after.me, Side::of([HOME, on(Geol), on(Geol), ESCAPED]));
        assert_eq!(after.op, Side::of([HOME, HOME, ESCAPED, ESCAPED]));
        // A home token enters alone.
        let (after, caught) = b.play(HOME, 1);
        assert!(!caught);
        assert_eq!(after.me, Side::of([on(Do), on(Do), on(Do), ESCAPED]));
        assert_eq!(b.me.groups().collect::<Vec<_>>(), vec![HOME, on(Do)]);
    }
}
