//! The Yut commands of a game under the rules: `throw`, `move TOKEN
//! [THROW]`, `options`, `auto`, `odds`. (`turn` replies with the game
//! itself; the free `move TOKEN FBFB` is in `yut.rs`.)
//!
//! Each change goes through the game's record (`yut::Record`), which
//! keeps it only when it succeeds, and the session keeps a snapshot of
//! the record before it (the game, random state included), so a refused
//! command changes nothing and `undo` cannot re-roll the sticks.

use super::common::Common;
use super::history::Before;
use super::yut_part::YutPart;
use crate::interrupt::Interrupt;
use crate::shell::command::Command;
use crate::shell::error::ErrorKind;
use crate::shell::live::Live;
use crate::shell::reply::Reply;
use crate::shell::reply::Sink;
use crate::yut::player::ai::DEFAULT_DEPTH;
use crate::yut::player::auto::{AutoError, auto_by, auto_within};
use crate::yut::player::sim::odds_so_far;
use crate::yut::player::solve::{Exact, Table};
use crate::yut::{Ai, Kind, Phase, Play, PlayError, Record, Roll, Step, Throw, Token};
use std::ops::Deref;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// The Yut game of a session: the game under the rules with its record
/// (what `undo` restores). The Yut commands' handlers are its methods; it
/// reads as the [`Play`] the record leads to, and changes only through
/// the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct YutGame(pub(super) Record);

impl Deref for YutGame {
    type Target = Play;
    fn deref(&self) -> &Play {
        self.0.play()
    }
}

impl YutPart {
    /// Run `change` on the game and, when it succeeds, record it as
    /// `what` with the game as it was (a refused change leaves it alone).
    pub(super) fn change(
        &mut self,
        c: &mut Common,
        what: Command,
        change: impl FnOnce(&mut YutGame, &Live) -> Result<Reply, ErrorKind>,
    ) -> Result<Reply, ErrorKind> {
        let before = self.game.0.snapshot();
        let reply = change(&mut self.game, &c.live)?;
        c.record(
            what,
            Before {
                congo: None,
                yut: Some(before),
            },
        );
        Ok(reply)
    }

    /// `auto` (also the computer's turn in versus mode), at the `level`
    /// setting, with the solved tables if any.
    pub(super) fn auto(&mut self, c: &mut Common, cmd: &Command) -> Result<Reply, ErrorKind> {
        let level = c.settings.level;
        let tables = self.tables();
        self.change(c, cmd.clone(), |yut, live| yut.auto(level, tables, live))
    }
}

impl YutGame {
    /// `throw [<sticks>]`: at random from the game's own random state, or
    /// as given.
    pub(super) fn throw(&mut self, sticks: Option<Throw>) -> Result<Reply, ErrorKind> {
        let report = match sticks {
            Some(t) => self.0.throw(t),
            None => self.0.throw_random(),
        }
        .map_err(ErrorKind::Play)?;
        Ok(Reply::Threw(report))
    }

    /// `move <token> [<result>]`: by the named pending result, or by the
    /// only one pending.
    pub(super) fn move_by(&mut self, token: Token, roll: Option<Roll>) -> Result<Reply, ErrorKind> {
        let roll = match roll {
            Some(r) => r,
            None => self.only_pending(token)?,
        };
        let report = self.0.play_token(token, roll).map_err(ErrorKind::Play)?;
        Ok(Reply::MovedBy(report))
    }

    /// The one result pending, for `move TOKEN`.
    fn only_pending(&self, token: Token) -> Result<Roll, ErrorKind> {
        let play = self.0.play();
        match play.phase() {
            Phase::Over(w) => return Err(ErrorKind::Play(PlayError::Over(w))),
            Phase::Throw(team) => return Err(ErrorKind::Play(PlayError::MustThrow(team))),
            Phase::Move(_) => {}
        }
        match play.pending().single() {
            Some(r) => Ok(r),
            None => Err(ErrorKind::WhichThrow {
                token,
                pending: play.pending(),
            }),
        }
    }

    /// `options [<throw>]`: the what-if view, changing nothing.
    pub(super) fn options(&self, roll: Option<Roll>) -> Result<Reply, ErrorKind> {
        if let Phase::Over(w) = self.phase() {
            return Err(ErrorKind::Play(PlayError::Over(w)));
        }
        let view = crate::yut::OptionsView::new(self.0.play(), roll);
        Ok(Reply::Options(Box::new(*self.0.play()), view.rolls))
    }

    /// `auto`: the computer plays the turn of the team to move at `level`,
    /// with the solved `tables` if any; Ctrl-C stops it with the game
    /// unchanged.
    fn auto(
        &mut self,
        level: u64,
        tables: Vec<Arc<Table>>,
        live: &Live,
    ) -> Result<Reply, ErrorKind> {
        let steps = self.0.turn(|next| {
            let steps = Self::auto_turn(next, level, tables, live)?;
            let events = steps.iter().map(Step::event).collect();
            Ok::<_, ErrorKind>((steps, events))
        })?;
        Ok(Reply::Auto(steps))
    }

    /// The turn `auto` plays on `next`.
    fn auto_turn(
        next: &mut Play,
        level: u64,
        tables: Vec<Arc<Table>>,
        live: &Live,
    ) -> Result<Vec<Step>, ErrorKind> {
        // The `level` setting: 1 random, 2 greedy, 3 a shallow look-ahead,
        // 4 and up the best player (random draws from the game's state):
        // with solved tables, the perfect player wherever one covers the
        // position; without, the computer player as it always was.
        let kind = match level {
            1 => Kind::Random,
            2 => Kind::Greedy,
            3 => Kind::Ai(1),
            _ => Kind::Ai(DEFAULT_DEPTH),
        };
        let played = if kind == Kind::Ai(DEFAULT_DEPTH) && !tables.is_empty() {
            let ai = Ai::new(next.sticks(), DEFAULT_DEPTH);
            let mut exact = Exact::with_tables(tables, next.sticks().odds(), ai);
            let mut pick = |p: &Play, stop: &dyn Interrupt| match exact.exact(p) {
                Some(u) => Ok(Some(u)),
                None => exact.fallback_mut().pick_within(p, stop),
            };
            auto_by(next, &mut pick, &live.interrupt)
        } else {
            let mut player = kind.build(next.sticks(), next.rng().next_u64());
            auto_within(next, &mut *player, &live.interrupt)
        };
        played.map_err(|e| match e {
            AutoError::Play(e) => ErrorKind::Play(e),
            AutoError::Interrupted => ErrorKind::Interrupted,
        })
    }

    /// `odds <games> <upper> <lower>`: simulated games from here, the
    /// sticks of game i seeded from the game's random state (which does
    /// not advance: asking twice gives the same answer). The progress
    /// line counts the games; stopped, the games already played go to
    /// `sink` before the command ends as interrupted.
    pub(super) fn odds(
        &self,
        live: &Live,
        games: u64,
        upper: Kind,
        lower: Kind,
        sink: &mut dyn Sink,
    ) -> Result<Result<Reply, ErrorKind>, std::io::Error> {
        if let Phase::Over(w) = self.phase() {
            return Ok(Err(ErrorKind::Play(PlayError::Over(w))));
        }
        live.reset_counters();
        let [done, of] = &live.games;
        of.store(games, Ordering::Relaxed);
        let mut rng = self.rng();
        let seed = rng.next_u64();
        let sticks = self.sticks();
        let mut up = upper.build(sticks, seed ^ 1);
        let mut low = lower.build(sticks, seed ^ 2);
        let (tally, finished) = odds_so_far(
            self.0.play(),
            &mut *up,
            &mut *low,
            games,
            seed,
            &live.interrupt,
            &mut |n| done.store(n, Ordering::Relaxed),
        );
        if !finished {
            sink.reply(Reply::OddsStopped(tally, upper, lower, games))?;
            return Ok(Err(ErrorKind::Interrupted));
        }
        Ok(Ok(Reply::Odds(tally, upper, lower)))
    }
}
