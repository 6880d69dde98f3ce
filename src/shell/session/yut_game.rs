//! The Yut commands of a game under the rules: `throw`, `move TOKEN
//! [THROW]`, `options`, `auto`, `odds`. (`turn` replies with the game
//! itself; the free `move TOKEN FBFB` is in `yut.rs`.)
//!
//! Each change works on a copy of the game and records the whole game
//! (random state included) before it, so a refused command changes
//! nothing and `undo` cannot re-roll the sticks.

use super::ExecError;
use super::Session;
use super::history::Before;
use crate::interrupt::Interrupt;
use crate::shell::command::Command;
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::shell::reply::Sink;
use crate::yut::ai::DEFAULT_DEPTH;
use crate::yut::auto::{AutoError, auto_by, auto_within};
use crate::yut::sim::odds_so_far;
use crate::yut::solve::Exact;
use crate::yut::{Ai, Kind, Phase, Play, PlayError, Roll, Throw, Token};
use std::sync::atomic::Ordering;

impl Session {
    /// Keep the game as it was, then put `next` in its place.
    fn commit(&mut self, next: Play, cmd: &Command) {
        let before = Before {
            congo: None,
            yut: Some(std::mem::replace(&mut self.yut, next)),
        };
        self.record(cmd.clone(), before);
    }

    /// `throw [<sticks>]`: at random from the game's own random state, or
    /// as given.
    pub(super) fn throw(
        &mut self,
        sticks: Option<Throw>,
        cmd: &Command,
    ) -> Result<Reply, ErrorKind> {
        let mut next = self.yut;
        let report = match sticks {
            Some(t) => next.throw(t),
            None => next.throw_random(),
        }
        .map_err(ErrorKind::Play)?;
        self.commit(next, cmd);
        Ok(Reply::Threw(report))
    }

    /// `move <token> [<result>]`: by the named pending result, or by the
    /// only one pending.
    pub(super) fn move_by(
        &mut self,
        token: Token,
        roll: Option<Roll>,
        cmd: &Command,
    ) -> Result<Reply, ErrorKind> {
        let roll = match roll {
            Some(r) => r,
            None => self.only_pending(token)?,
        };
        let mut next = self.yut;
        let report = next.play(token, roll).map_err(ErrorKind::Play)?;
        self.commit(next, cmd);
        Ok(Reply::MovedBy(report))
    }

    /// The one result pending, for `move TOKEN`.
    fn only_pending(&self, token: Token) -> Result<Roll, ErrorKind> {
        let play = &self.yut;
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
        if let Phase::Over(w) = self.yut.phase() {
            return Err(ErrorKind::Play(PlayError::Over(w)));
        }
        let view = crate::yut::OptionsView::new(&self.yut, roll);
        Ok(Reply::Options(Box::new(self.yut), view.rolls))
    }

    /// `auto`: the computer plays the turn of the team to move; Ctrl-C
    /// stops it with the game unchanged.
    pub(super) fn auto(&mut self, cmd: &Command) -> Result<Reply, ErrorKind> {
        let mut next = self.yut;
        // The `level` setting: 1 random, 2 greedy, 3 a shallow look-ahead,
        // 4 and up the best player (random draws from the game's state):
        // with solved tables, the perfect player wherever one covers the
        // position; without, the computer player as it always was.
        let kind = match self.settings.level {
            1 => Kind::Random,
            2 => Kind::Greedy,
            3 => Kind::Ai(1),
            _ => Kind::Ai(DEFAULT_DEPTH),
        };
        let tables = self.yut_tables();
        let played = if kind == Kind::Ai(DEFAULT_DEPTH) && !tables.is_empty() {
            let ai = Ai::new(next.sticks(), DEFAULT_DEPTH);
            let mut exact = Exact::with_tables(tables, next.sticks().odds(), ai);
            let mut pick = |p: &Play, stop: &dyn Interrupt| match exact.exact(p) {
                Some(u) => Ok(Some(u)),
                None => exact.fallback_mut().pick_within(p, stop),
            };
            auto_by(&mut next, &mut pick, &self.live.interrupt)
        } else {
            let mut player = kind.build(next.sticks(), next.rng().next_u64());
            auto_within(&mut next, &mut *player, &self.live.interrupt)
        };
        let steps = played.map_err(|e| match e {
            AutoError::Play(e) => ErrorKind::Play(e),
            AutoError::Interrupted => ErrorKind::Interrupted,
        })?;
        self.commit(next, cmd);
        Ok(Reply::Auto(steps))
    }

    /// `odds <games> <upper> <lower>`: simulated games from here, the
    /// sticks of game i seeded from the game's random state (which does
    /// not advance: asking twice gives the same answer).
    pub(super) fn odds(
        &mut self,
        games: u64,
        upper: Kind,
        lower: Kind,
        sink: &mut dyn Sink,
        fail: impl Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        if let Phase::Over(w) = self.yut.phase() {
            return Err(fail(ErrorKind::Play(PlayError::Over(w))));
        }
        self.live.reset_counters();
        // The progress line shows the games played of all.
        let [done, of] = &self.live.games;
        of.store(games, Ordering::Relaxed);
        let mut rng = self.yut.rng();
        let seed = rng.next_u64();
        let sticks = self.yut.sticks();
        let mut up = upper.build(sticks, seed ^ 1);
        let mut low = lower.build(sticks, seed ^ 2);
        let (tally, finished) = odds_so_far(
            &self.yut,
            &mut *up,
            &mut *low,
            games,
            seed,
            &self.live.interrupt,
            &mut |n| done.store(n, Ordering::Relaxed),
        );
        if !finished {
            // Stopped: the games already played are reported, then the
            // command ends as interrupted (it changed nothing anyway).
            sink.reply(Reply::OddsStopped(tally, upper, lower, games))?;
            return Err(fail(ErrorKind::Interrupted));
        }
        Ok(Reply::Odds(tally, upper, lower))
    }
}
