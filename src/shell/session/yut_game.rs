//! The Yut commands of a game under the rules: `throw`, `move TOKEN
//! [THROW]`, `options`, `auto`, `odds`. (`turn` replies with the game
//! itself; the free `move TOKEN FBFB` is in `yut.rs`.)
//!
//! Each change works on a copy of the game and records the whole game
//! (random state included) before it, so a refused command changes
//! nothing and `undo` cannot re-roll the sticks.

use super::Session;
use super::history::Before;
use crate::interrupt::Interrupt;
use crate::shell::command::Command;
use crate::shell::error::ErrorKind;
use crate::shell::live::Live;
use crate::shell::reply::Reply;
use crate::yut::player::ai::DEFAULT_DEPTH;
use crate::yut::player::auto::{AutoError, auto_by, auto_within};
use crate::yut::player::sim::odds;
use crate::yut::player::solve::{Exact, Table};
use crate::yut::{Ai, Kind, Phase, Play, PlayError, Roll, Throw, Token};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// The Yut part of a session: the game under the rules. The Yut commands'
/// handlers are its methods; it reads as the [`Play`] it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct YutPart(pub(super) Play);

impl Deref for YutPart {
    type Target = Play;
    fn deref(&self) -> &Play {
        &self.0
    }
}

impl DerefMut for YutPart {
    fn deref_mut(&mut self) -> &mut Play {
        &mut self.0
    }
}

impl Session {
    /// Run `change` on the Yut part and, when it succeeds, record it as
    /// `what` with the game as it was (a refused change leaves it alone).
    pub(super) fn change_yut(
        &mut self,
        what: Command,
        change: impl FnOnce(&mut YutPart, &Live) -> Result<Reply, ErrorKind>,
    ) -> Result<Reply, ErrorKind> {
        let before = self.yut.0;
        let reply = change(&mut self.yut, &self.live)?;
        self.record(
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
    pub(super) fn auto(&mut self, cmd: &Command) -> Result<Reply, ErrorKind> {
        let level = self.settings.level;
        let tables = self.yut_tables();
        self.change_yut(cmd.clone(), |yut, live| yut.auto(level, tables, live))
    }
}

impl YutPart {
    /// `throw [<sticks>]`: at random from the game's own random state, or
    /// as given.
    pub(super) fn throw(&mut self, sticks: Option<Throw>) -> Result<Reply, ErrorKind> {
        let mut next = self.0;
        let report = match sticks {
            Some(t) => next.throw(t),
            None => next.throw_random(),
        }
        .map_err(ErrorKind::Play)?;
        self.0 = next;
        Ok(Reply::Threw(report))
    }

    /// `move <token> [<result>]`: by the named pending result, or by the
    /// only one pending.
    pub(super) fn move_by(&mut self, token: Token, roll: Option<Roll>) -> Result<Reply, ErrorKind> {
        let roll = match roll {
            Some(r) => r,
            None => self.only_pending(token)?,
        };
        let mut next = self.0;
        let report = next.play(token, roll).map_err(ErrorKind::Play)?;
        self.0 = next;
        Ok(Reply::MovedBy(report))
    }

    /// The one result pending, for `move TOKEN`.
    fn only_pending(&self, token: Token) -> Result<Roll, ErrorKind> {
        let play = &self.0;
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
        let view = crate::yut::OptionsView::new(&self.0, roll);
        Ok(Reply::Options(Box::new(self.0), view.rolls))
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
        let mut next = self.0;
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
            auto_by(&mut next, &mut pick, &live.interrupt)
        } else {
            let mut player = kind.build(next.sticks(), next.rng().next_u64());
            auto_within(&mut next, &mut *player, &live.interrupt)
        };
        let steps = played.map_err(|e| match e {
            AutoError::Play(e) => ErrorKind::Play(e),
            AutoError::Interrupted => ErrorKind::Interrupted,
        })?;
        self.0 = next;
        Ok(Reply::Auto(steps))
    }

    /// `odds <games> <upper> <lower>`: simulated games from here, the
    /// sticks of game i seeded from the game's random state (which does
    /// not advance: asking twice gives the same answer).
    pub(super) fn odds(
        &self,
        live: &Live,
        games: u64,
        upper: Kind,
        lower: Kind,
    ) -> Result<Reply, ErrorKind> {
        if let Phase::Over(w) = self.phase() {
            return Err(ErrorKind::Play(PlayError::Over(w)));
        }
        live.reset_counters();
        let mut rng = self.rng();
        let seed = rng.next_u64();
        let sticks = self.sticks();
        let mut up = upper.build(sticks, seed ^ 1);
        let mut low = lower.build(sticks, seed ^ 2);
        let tally = odds(&self.0, &mut *up, &mut *low, games, seed, &live.interrupt)
            .map_err(|_| ErrorKind::Interrupted)?;
        Ok(Reply::Odds(tally, upper, lower))
    }
}
