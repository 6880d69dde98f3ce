//! A game played by the rules: whose turn it is, the throws it must make,
//! the throws it has to use, and the winner.
//!
//! [`Play`] sits on top of [`Game`], whose moves (shortcuts, stacks,
//! catches, escapes) it uses unchanged. The rules, as `help yut` states
//! them:
//!
//! - The teams alternate; upper case (`A`-`D`) starts unless set otherwise.
//! - A turn starts with one throw. A yut or a mo earns one more throw, again
//!   and again. When no throw is due, the team uses its pending throws, in
//!   any order it likes, each moving one token (and the stack it is in).
//! - A move that catches earns one more throw, thrown at once, before the
//!   remaining throws are used; the new result joins the pending ones.
//! - A throw with no legal use is lost. Under the contest's rules any token
//!   not yet escaped can use any throw, so this only happens when the
//!   team's last token escapes with throws still pending: the game is over
//!   and they are dropped. Under the back-do house rule a back-do with no
//!   token of the team on the board is lost too (and the turn goes on, or
//!   passes when nothing else is pending).
//! - The first team with all its tokens escaped wins; after that every
//!   throw and move is refused with a message naming the winner.
//!
//! The house rules ([`House`]: tokens a side, back-do, the catch bonus)
//! are the game's; the contest's by default.
//!
//! Everything is `Copy` (the random state included), so a session's undo
//! restores it whole and a throw after an undo gives the same sticks.

use super::game::{Game, MoveReport, TokenState, YutError};
pub use super::groups::{groups, options};
use super::house::House;
use super::next::{Next, PlayReport, ThrowReport};
use super::rng::Rng;
use super::roll::{Pending, Roll, TooManyPending};
use super::sticks::Sticks;
use super::throw::Throw;
use super::token::{Team, Token};

/// A throw result used on a token: the move a team chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Use {
    /// The token named; its whole stack moves with it.
    pub token: Token,
    /// The pending result it moves by.
    pub roll: Roll,
}

/// What the team to move must do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Throw the sticks (a throw is due).
    Throw(Team),
    /// Use one of the pending throws.
    Move(Team),
    /// Nothing: this team has won.
    Over(Team),
}

/// A throw or a move the rules refuse; the game is then unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has a winner.
    #[error("the game is over: {0} won")]
    Over(Team),
    /// A throw is due before any move.
    #[error("{0} has to throw first")]
    MustThrow(Team),
    /// No throw is due: the pending ones must be used first.
    #[error("{team} has throws to use first: {pending}")]
    MustMove { team: Team, pending: Pending },
    /// The token belongs to the team not to move.
    #[error("{token} is not {team}'s token: {team} to move")]
    NotYourTurn { token: Token, team: Team },
    /// The result asked for is not among the pending throws.
    #[error("no {roll} pending: {pending}")]
    NotPending { roll: Roll, pending: Pending },
    /// The token has escaped.
    #[error(transparent)]
    Yut(#[from] YutError),
    /// Too many throws of one result pending.
    #[error(transparent)]
    TooMany(#[from] TooManyPending),
}

/// The most uses a turn can offer: 6 results x 6 groups (five tokens on
/// five stations, or home).
const MAX_USES: usize = 36;

/// The legal uses of the pending throws: one per distinct result and
/// distinct group (a stack, a lone token, or one home token standing for
/// all). At most 6 results x 6 groups.
#[derive(Clone, Copy, Debug)]
pub struct Uses {
    items: [Use; MAX_USES],
    len: usize,
}

impl Uses {
    /// The uses, as a slice.
    pub fn as_slice(&self) -> &[Use] {
        self.items.get(..self.len).unwrap_or(&[])
    }

    /// The number of uses.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A game under the rules: the board, the team to move, throws due and
/// pending, and the sticks with their random state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    game: Game,
    first: Team,
    to_move: Team,
    pending: Pending,
    due: u8,
    sticks: Sticks,
    rng: Rng,
    /// The house rules: those of this game (back-do, catch bonus) and of
    /// the next (tokens: the board keeps its own count).
    house: House,
}

impl Default for Play {
    fn default() -> Play {
        Play::new(Team::Upper, 0)
    }
}

impl Play {
    /// A new game, `first` to throw, fair sticks drawn from `seed`.
    pub const fn new(first: Team, seed: u64) -> Play {
        Play {
            game: Game::new(),
            first,
            to_move: first,
            pending: Pending::EMPTY,
            due: 1,
            sticks: Sticks::FAIR,
            rng: Rng::new(seed),
            house: House::CONTEST,
        }
    }

    /// A new game with the same sticks and house rules, the random state
    /// going on where it is (what `reset yut` gives: a reset cannot
    /// re-roll either).
    pub const fn restart(&self) -> Play {
        let mut p = Play::new(self.first, 0);
        p.sticks = self.sticks;
        p.rng = self.rng;
        p.house = self.house;
        p.game = Game::with_tokens(self.house.tokens);
        p
    }

    /// The house rules in force: back-do and the catch bonus apply at
    /// once; the number of tokens is the next game's (see
    /// [`Play::set_house`]).
    pub const fn house(&self) -> House {
        self.house
    }

    /// The house rules this game is played under: [`Play::house`] with
    /// the board's own number of tokens.
    pub const fn rules(&self) -> House {
        House {
            tokens: self.game.tokens_per_team(),
            ..self.house
        }
    }

    /// Play under `house` from now on: back-do and the catch bonus at
    /// once; the tokens a side from the next new game, and in this one too
    /// if nothing has happened in it yet (as [`Play::set_first`]).
    pub fn set_house(&mut self, house: House) {
        let fresh = *self == self.restart();
        self.house = house;
        if fresh {
            self.game = Game::with_tokens(house.tokens);
        }
    }

    /// The team that throws first in a new game.
    pub const fn first(&self) -> Team {
        self.first
    }

    /// Let `team` throw first from the next new game on, and in this one
    /// too if nothing has happened in it yet.
    pub fn set_first(&mut self, team: Team) {
        let fresh = *self == self.restart();
        self.first = team;
        if fresh {
            self.to_move = team;
        }
    }

    /// Go on from another board (a problem-format replay): the first team to throw,
    /// nothing pending, sticks and random state kept.
    pub fn set_board(&mut self, game: Game) {
        *self = Play {
            game,
            ..self.restart()
        };
    }

    /// A game waiting for `to_move` to use `pending` on `game`'s board
    /// (nothing due), under `house` (its tokens the board's) and
    /// `sticks`, the random state from `seed`: a drill's decision posed
    /// again. `None` when that is no decision: a winner, nothing pending,
    /// or no legal use.
    pub fn at_decision(
        game: Game,
        first: Team,
        to_move: Team,
        pending: Pending,
        sticks: Sticks,
        house: House,
        seed: u64,
    ) -> Option<Play> {
        let play = Play {
            game,
            first,
            to_move,
            pending,
            due: 0,
            sticks,
            rng: Rng::new(seed),
            house: House {
                tokens: game.tokens_per_team(),
                ..house
            },
        };
        let ok = game.winner().is_none() && !pending.is_empty() && !play.uses().is_empty();
        ok.then_some(play)
    }

    /// The board.
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The team whose turn it is.
    pub const fn to_move(&self) -> Team {
        self.to_move
    }

    /// The throws thrown this turn and not yet used.
    pub const fn pending(&self) -> Pending {
        self.pending
    }

    /// How many throws are due before the next move.
    pub const fn due(&self) -> u8 {
        self.due
    }

    /// The sticks thrown by [`Play::throw_random`].
    pub const fn sticks(&self) -> Sticks {
        self.sticks
    }

    /// Use other sticks from now on.
    pub fn set_sticks(&mut self, sticks: Sticks) {
        self.sticks = sticks;
    }

    /// Restart the random throws from `seed`.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Go on from this random state (a saved session's).
    pub fn set_rng(&mut self, rng: Rng) {
        self.rng = rng;
    }

    /// The random state (part of the game, so undo restores it).
    pub const fn rng(&self) -> Rng {
        self.rng
    }

    /// The winner, once a team has all four tokens escaped.
    pub fn winner(&self) -> Option<Team> {
        self.game.winner()
    }

    /// What must happen next.
    pub fn phase(&self) -> Phase {
        match self.winner() {
            Some(w) => Phase::Over(w),
            None if self.due > 0 => Phase::Throw(self.to_move),
            None => Phase::Move(self.to_move),
        }
    }

    /// What comes next, as reports say it: `again` when the team to move
    /// already threw or moved this turn.
    fn next(&self, again: bool) -> Next {
        match self.phase() {
            Phase::Over(team) => Next::Won(team),
            Phase::Throw(team) => Next::Throw { team, again },
            Phase::Move(team) => Next::Move {
                team,
                pending: self.pending,
            },
        }
    }

    /// Throw the sticks at random, from the game's own random state.
    ///
    /// # Errors
    ///
    /// As [`Play::throw`]; the random state does not advance then.
    pub fn throw_random(&mut self) -> Result<ThrowReport, PlayError> {
        self.check_throw()?;
        let mut rng = self.rng;
        let t = self.sticks.throw(&mut rng);
        let report = self.throw(t)?;
        self.rng = rng;
        Ok(report)
    }

    fn check_throw(&self) -> Result<(), PlayError> {
        match self.phase() {
            Phase::Over(w) => Err(PlayError::Over(w)),
            Phase::Move(team) => Err(PlayError::MustMove {
                team,
                pending: self.pending,
            }),
            Phase::Throw(_) => Ok(()),
        }
    }

    /// Record a throw of the team to move (sticks thrown by hand, or at
    /// random by [`Play::throw_random`]).
    ///
    /// # Errors
    ///
    /// [`PlayError::Over`] after a win, [`PlayError::MustMove`] when no
    /// throw is due, [`PlayError::TooMany`] past 255 pending of a kind.
    pub fn throw(&mut self, throw: Throw) -> Result<ThrowReport, PlayError> {
        self.check_throw()?;
        let roll = self.house.roll_of(throw);
        self.pending.add(roll)?;
        if !roll.again() {
            self.due = self.due.saturating_sub(1);
        }
        let team = self.to_move;
        let (lost, again) = self.settle();
        Ok(ThrowReport {
            team,
            throw,
            roll,
            next: self.next(again),
            lost,
        })
    }

    /// Drop the pending throws when none has a use (back-do with no token
    /// on the board) and no throw is due, passing the turn: the throws
    /// lost, and whether the same team goes on.
    fn settle(&mut self) -> (Pending, bool) {
        // Only a back-do can lack a use before the game is won: the
        // contest's throws (the search's hot path) skip the check.
        if !self.pending.contains(Roll::BackDo)
            || !matches!(self.phase(), Phase::Move(_))
            || !self.uses().is_empty()
        {
            return (Pending::EMPTY, true);
        }
        let lost = std::mem::take(&mut self.pending);
        self.to_move = self.to_move.opponent();
        self.due = 1;
        (lost, false)
    }

    /// Why `token` cannot use `roll` now, if it cannot.
    pub fn check_use(&self, token: Token, roll: Roll) -> Result<(), PlayError> {
        match self.phase() {
            Phase::Over(w) => return Err(PlayError::Over(w)),
            Phase::Throw(team) => return Err(PlayError::MustThrow(team)),
            Phase::Move(_) => {}
        }
        if token.team() != self.to_move {
            return Err(PlayError::NotYourTurn {
                token,
                team: self.to_move,
            });
        }
        if !self.pending.contains(roll) {
            return Err(PlayError::NotPending {
                roll,
                pending: self.pending,
            });
        }
        if !self.game.in_play(token) {
            return Err(YutError::NotInPlay(token, self.game.tokens_per_team()).into());
        }
        match self.game.state(token) {
            TokenState::Escaped => Err(YutError::Escaped(token).into()),
            TokenState::Home if roll.is_back() => Err(YutError::BackFromHome(token).into()),
            _ => Ok(()),
        }
    }

    /// Move `token` (and its stack) by the pending `roll`.
    ///
    /// # Errors
    ///
    /// See [`Play::check_use`]; nothing changes on an error.
    pub fn play(&mut self, token: Token, roll: Roll) -> Result<PlayReport, PlayError> {
        self.check_use(token, roll)?;
        let mut game = self.game;
        let report = game.apply_roll(token, roll)?;
        self.game = game;
        self.pending.remove(roll);
        if !report.caught.is_empty() && self.house.catch_bonus {
            self.due = self.due.saturating_add(1);
        }
        let mut lost = Pending::EMPTY;
        let again = if self.game.winner().is_some() {
            lost = std::mem::take(&mut self.pending);
            self.due = 0;
            true
        } else if self.due == 0 && self.pending.is_empty() {
            self.to_move = self.to_move.opponent();
            self.due = 1;
            false
        } else {
            let (dropped, again) = self.settle();
            lost = dropped;
            again
        };
        Ok(PlayReport {
            report,
            roll,
            next: self.next(again),
            lost,
        })
    }

    /// Play `u`: [`Play::play`] by a [`Use`].
    ///
    /// # Errors
    ///
    /// As [`Play::play`].
    pub fn apply(&mut self, u: Use) -> Result<PlayReport, PlayError> {
        self.play(u.token, u.roll)
    }

    /// A free turn of the original problem: move `token` by `throw`
    /// whatever the turn, the throws due or pending, exactly as
    /// [`Game::apply`]. Whose turn it is does not change.
    ///
    /// # Errors
    ///
    /// [`YutError::Escaped`] for an escaped token.
    pub fn replay(&mut self, token: Token, throw: Throw) -> Result<MoveReport, YutError> {
        self.game.apply(token, throw)
    }

    /// Every legal use of the pending throws, one per distinct result and
    /// group: a stack is named by its first token, the home tokens by the
    /// first of them. Empty unless the phase is [`Phase::Move`].
    pub fn uses(&self) -> Uses {
        let mut uses = Uses {
            items: [Use {
                token: Token::A,
                roll: Roll::Do,
            }; MAX_USES],
            len: 0,
        };
        if !matches!(self.phase(), Phase::Move(_)) {
            return uses;
        }
        for token in groups(&self.game, self.to_move) {
            let home = self.game.state(token) == TokenState::Home;
            for roll in self.pending.distinct() {
                if home && roll.is_back() {
                    continue;
                }
                if let Some(item) = uses.items.get_mut(uses.len) {
                    *item = Use { token, roll };
                    uses.len += 1;
                }
            }
        }
        uses
    }
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
