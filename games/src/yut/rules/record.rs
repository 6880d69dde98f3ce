//! A Yut game's record: the game it started from and every event since
//! (throws, moves, free turns, changes of sticks, random state, first
//! team and house rules, new games), with the game they lead to, as
//! [`crate::congo::Game`] keeps its moves.
//!
//! [`Play`] stays a `Copy` value for the players' hot loops; the record
//! wraps one. Each change goes through the record's own methods, which
//! mirror [`Play`]'s and record an event only when it succeeded (a
//! setting only when it changed the game), so replaying the events from
//! the start ([`Record::replayed`]) always gives the game as it is. What
//! `review` looks at, the decisions of the game since its last restart,
//! is read from the events ([`Record::decisions`]).

use super::game::{Game, MoveReport, YutError};
use super::house::House;
use super::next::{PlayReport, ThrowReport};
use super::play::{Play, PlayError, Use};
use super::rng::Rng;
use super::roll::Roll;
use super::sticks::Sticks;
use super::throw::Throw;
use super::token::{Team, Token};

/// One thing that happened to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A throw of the team to move: its sticks, and whether they were
    /// drawn from the game's random state (which then advanced).
    Threw { throw: Throw, random: bool },
    /// A pending result used on a token (a decision).
    Used(Use),
    /// A free turn of the original problem (`move TOKEN FBFB`).
    FreeTurn(Token, Throw),
    /// Other sticks from then on.
    Sticks(Sticks),
    /// Another random state (a seed set, or a saved session's).
    Rng(Rng),
    /// Another team to throw first.
    First(Team),
    /// Other house rules.
    House(House),
    /// A new game with the same sticks and rules (`reset yut`).
    Restart,
    /// Another board, nothing pending (a problem-format replay).
    Board(Game),
}

/// Why an event does not replay: the record was not made by a
/// [`Record`]'s own methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("event {at} of the Yut record does not replay")]
pub struct ReplayError {
    /// The event's place in the record, from 0.
    pub at: usize,
}

/// The decisions of the game since its last restart.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    /// The game before each use of a pending throw, and the use made.
    pub moves: Vec<(Play, Use)>,
    /// Free turns (`move TOKEN FBFB`): a throw and a move at once, no
    /// decision to review.
    pub free_turns: usize,
}

/// The record of a Yut game: where it started, every event since, and
/// the game they lead to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    start: Play,
    events: Vec<Event>,
    play: Play,
}

/// A record as it was, to go back to (`undo`) or forward to (`redo`):
/// its length, the events past a shorter record's length, and the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    len: usize,
    tail: Vec<Event>,
    play: Play,
}

impl Snapshot {
    /// The game it holds.
    pub const fn play(&self) -> &Play {
        &self.play
    }
}

impl Record {
    /// A record starting at `start`, with no events.
    pub const fn new(start: Play) -> Record {
        Record {
            start,
            events: Vec::new(),
            play: start,
        }
    }

    /// The game now.
    pub const fn play(&self) -> &Play {
        &self.play
    }

    /// The game the record starts from.
    pub const fn start(&self) -> &Play {
        &self.start
    }

    /// Every event, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Run `change` on a copy of the game; when it succeeds, keep the
    /// copy and record `event`.
    fn change<T, E>(
        &mut self,
        event: Event,
        change: impl FnOnce(&mut Play) -> Result<T, E>,
    ) -> Result<T, E> {
        let mut next = self.play;
        let out = change(&mut next)?;
        self.play = next;
        self.events.push(event);
        Ok(out)
    }

    /// Change a setting of the game, recorded when it changed anything.
    fn set(&mut self, event: Event) {
        let before = self.play;
        let _ = step(&mut self.play, event);
        if self.play != before {
            self.events.push(event);
        }
    }

    /// A throw by hand: [`Play::throw`].
    ///
    /// # Errors
    ///
    /// As [`Play::throw`]; nothing is recorded then.
    pub fn throw(&mut self, throw: Throw) -> Result<ThrowReport, PlayError> {
        let event = Event::Threw {
            throw,
            random: false,
        };
        self.change(event, |p| p.throw(throw))
    }

    /// A throw from the game's random state: [`Play::throw_random`].
    ///
    /// # Errors
    ///
    /// As [`Play::throw_random`]; nothing is recorded then.
    pub fn throw_random(&mut self) -> Result<ThrowReport, PlayError> {
        let report = self.play.throw_random()?;
        self.events.push(Event::Threw {
            throw: report.throw,
            random: true,
        });
        Ok(report)
    }

    /// Move `token` by the pending `roll`: [`Play::play`].
    ///
    /// # Errors
    ///
    /// As [`Play::play`]; nothing is recorded then.
    pub fn play_token(&mut self, token: Token, roll: Roll) -> Result<PlayReport, PlayError> {
        self.apply(Use { token, roll })
    }

    /// Play `u`: [`Play::apply`].
    ///
    /// # Errors
    ///
    /// As [`Play::apply`]; nothing is recorded then.
    pub fn apply(&mut self, u: Use) -> Result<PlayReport, PlayError> {
        self.change(Event::Used(u), |p| p.apply(u))
    }

    /// A free turn: [`Play::replay`].
    ///
    /// # Errors
    ///
    /// As [`Play::replay`]; nothing is recorded then.
    pub fn replay(&mut self, token: Token, throw: Throw) -> Result<MoveReport, YutError> {
        self.change(Event::FreeTurn(token, throw), |p| p.replay(token, throw))
    }

    /// A turn played on a copy of the game (by the computer, say): `turn`
    /// gets the game and gives back its answer and the events it made,
    /// which are recorded once it succeeds. Its throws must be the game's
    /// random ones or given, its moves the game's own, so the events
    /// replay.
    ///
    /// # Errors
    ///
    /// `turn`'s; nothing changes then.
    pub fn turn<T, E>(
        &mut self,
        turn: impl FnOnce(&mut Play) -> Result<(T, Vec<Event>), E>,
    ) -> Result<T, E> {
        let mut next = self.play;
        let (out, events) = turn(&mut next)?;
        self.play = next;
        self.events.extend(events);
        Ok(out)
    }

    /// [`Play::set_sticks`].
    pub fn set_sticks(&mut self, sticks: Sticks) {
        self.set(Event::Sticks(sticks));
    }

    /// [`Play::set_seed`].
    pub fn set_seed(&mut self, seed: u64) {
        self.set(Event::Rng(Rng::new(seed)));
    }

    /// [`Play::set_rng`].
    pub fn set_rng(&mut self, rng: Rng) {
        self.set(Event::Rng(rng));
    }

    /// [`Play::set_first`].
    pub fn set_first(&mut self, team: Team) {
        self.set(Event::First(team));
    }

    /// [`Play::set_house`].
    pub fn set_house(&mut self, house: House) {
        self.set(Event::House(house));
    }

    /// A new game: [`Play::restart`]. Recorded even when the game was
    /// already new: the decisions start again from it.
    pub fn restart(&mut self) {
        self.play = self.play.restart();
        self.events.push(Event::Restart);
    }

    /// Go on from another board: [`Play::set_board`]. Recorded whatever
    /// the game was: the decisions start again from it.
    pub fn set_board(&mut self, game: Game) {
        self.play.set_board(game);
        self.events.push(Event::Board(game));
    }

    /// The game the events lead to from the start, replayed one by one:
    /// always [`Record::play`] for a record made by these methods.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] at the first event that does not replay.
    pub fn replayed(&self) -> Result<Play, ReplayError> {
        let mut play = self.start;
        for (at, &event) in self.events.iter().enumerate() {
            step(&mut play, event).map_err(|()| ReplayError { at })?;
        }
        Ok(play)
    }

    /// The decisions of the game since its last restart (or new board):
    /// the game before each use of a pending throw and the use, and the
    /// free turns passed over.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] at the first event that does not replay.
    pub fn decisions(&self) -> Result<Decisions, ReplayError> {
        let mut play = self.start;
        let mut out = Decisions::default();
        for (at, &event) in self.events.iter().enumerate() {
            let before = play;
            step(&mut play, event).map_err(|()| ReplayError { at })?;
            match event {
                Event::Used(u) => out.moves.push((before, u)),
                Event::FreeTurn(..) => out.free_turns += 1,
                Event::Restart | Event::Board(_) => out = Decisions::default(),
                _ => {}
            }
        }
        Ok(out)
    }

    /// The record now, to restore later.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            len: self.events.len(),
            tail: Vec::new(),
            play: self.play,
        }
    }

    /// The record now, to restore over the record cut back to `base`'s
    /// length (what `redo` keeps when `undo` goes back to `base`): the
    /// events past that length come with it.
    pub fn snapshot_over(&self, base: &Snapshot) -> Snapshot {
        let len = base.len.min(self.events.len());
        Snapshot {
            len,
            tail: self.events.get(len..).unwrap_or_default().to_vec(),
            play: self.play,
        }
    }

    /// Go back (or forward) to `snapshot`: the record is cut to its
    /// length, its events added and its game put back.
    pub fn restore(&mut self, snapshot: Snapshot) {
        self.events.truncate(snapshot.len);
        self.events.extend(snapshot.tail);
        self.play = snapshot.play;
    }
}

/// Replay one event on `play`.
pub(crate) fn step(play: &mut Play, event: Event) -> Result<(), ()> {
    match event {
        Event::Threw {
            throw,
            random: true,
        } => match play.throw_random() {
            Ok(r) if r.throw == throw => Ok(()),
            _ => Err(()),
        },
        Event::Threw {
            throw,
            random: false,
        } => play.throw(throw).map(drop).map_err(drop),
        Event::Used(u) => play.apply(u).map(drop).map_err(drop),
        Event::FreeTurn(token, throw) => play.replay(token, throw).map(drop).map_err(drop),
        Event::Sticks(s) => {
            play.set_sticks(s);
            Ok(())
        }
        Event::Rng(r) => {
            play.set_rng(r);
            Ok(())
        }
        Event::First(t) => {
            play.set_first(t);
            Ok(())
        }
        Event::House(h) => {
            play.set_house(h);
            Ok(())
        }
        Event::Restart => {
            *play = play.restart();
            Ok(())
        }
        Event::Board(g) => {
            play.set_board(g);
            Ok(())
        }
    }
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
