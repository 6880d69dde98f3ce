//! The Congo part of a session: the game and its last move (the state
//! `undo` restores), the engine kept between searches, where the endgame
//! tables and network files come from, the last review with its `retry`
//! and the cards it found for the drill deck, and the tutor's memory. Its
//! commands (`play`, `go`, `best`, `hint` and `review` of the Congo game,
//! `retry`, ...) are its methods, taking the session's
//! [`Common`](super::common::Common) part lent beside it: a Congo command
//! reaches the settings and the record, never the Yut part. It reads as
//! its [`CongoState`].

use super::ExecError;
use super::common::Common;
use super::engine_cache::EngineCache;
use super::history::CongoState;
use super::net::NetSource;
use super::retry::RetryPart;
use super::tablebase::TableSource;
use super::tutor::{TutorPart, TutorTurn};
use crate::shell::command::{Command, Located};
use crate::shell::drill::Card;
use crate::shell::error::ErrorKind;
use crate::shell::reply::{Reply, Sink};
use std::ops::{Deref, DerefMut};

/// The Congo part of a session.
#[derive(Clone, Debug, Default)]
pub(super) struct CongoPart {
    /// The game and its last move.
    pub(super) state: CongoState,
    /// The engine kept between searches (its table allocated once).
    pub(super) engine: EngineCache,
    /// Where the endgame tables come from.
    pub(super) tables: TableSource,
    /// Where `set net FILE` reads network files (the network in use is
    /// the engine cache's).
    pub(super) net_source: NetSource,
    /// The last Congo review, and the `retry` through its mistakes.
    pub(super) retry: RetryPart,
    /// The cards of the person's mistakes the last review found, not yet
    /// saved to the drill deck.
    pub(super) found_cards: Vec<Card>,
    /// The tutor's memory: the move it stopped, a forced `play`.
    pub(super) tutor: TutorPart,
}

impl Deref for CongoPart {
    type Target = CongoState;
    fn deref(&self) -> &CongoState {
        &self.state
    }
}

impl DerefMut for CongoPart {
    fn deref_mut(&mut self) -> &mut CongoState {
        &mut self.state
    }
}

impl CongoPart {
    /// Run one of the Congo game's commands (`fen`, `list`, `board`,
    /// `moves`, `play`, `status`, `perft`, `divide`, `eval`, `best`, `go`,
    /// `analyze`, `tb`, the course's, `retry`); `tutor` is what
    /// [`CongoPart::tutor_turn`] took, `fail` locates an error.
    pub(super) fn execute(
        &mut self,
        c: &mut Common,
        cmd: &Located,
        tutor: TutorTurn,
        sink: &mut dyn Sink,
        fail: &dyn Fn(ErrorKind) -> ExecError,
    ) -> Result<Reply, ExecError> {
        self.refuse_on_computers_turn(c, &cmd.command)
            .map_err(fail)?;
        let rules = c.settings.rules;
        Ok(match &cmd.command {
            Command::ShowFen => self.show_fen(),
            Command::SetFen(pos) if **pos != *self.position() => self
                .change_congo(c, &cmd.command, |congo| Ok(congo.set_fen(pos)))
                .map_err(fail)?,
            Command::SetFen(_) => Reply::Nothing,
            Command::List => self.list(),
            Command::Board => self.board(self.congo_drawn(c), self.flipped(c)),
            Command::BoardLegend => {
                Reply::BoardLegend(Box::new(self.board(self.congo_drawn(c), self.flipped(c))))
            }
            Command::BoardSvg(file) => {
                let last = self.last_move.as_ref().map(|m| m.squares);
                let text = crate::congo::svg::render(self.position(), last);
                Reply::WriteFile(Box::new((file.path.clone(), text, file.force)))
            }
            Command::Moves(filter) => self.moves(*filter).map_err(fail)?,
            // (The session runs a bare move and `play MOVE!` as `play`.)
            Command::Play(mv) | Command::BarePlay(mv) | Command::PlayForced(mv) => {
                self.tutor_congo(c, *mv, tutor).map_err(fail)?;
                self.play_congo(c, &cmd.command, *mv, rules).map_err(fail)?
            }
            Command::Status => self.status(self.congo_drawn(c)),
            Command::Perft(depth) => {
                let threads = c.settings.threads();
                self.perft(*depth, threads, &c.live).map_err(fail)?
            }
            Command::Divide(depth) => {
                let threads = c.settings.threads();
                self.divide(*depth, threads, &c.live, sink, fail)?
            }
            Command::Eval => self.eval(self.engine.evaluator().net().map(|n| &**n)),
            Command::Best(limit) => self.best(&self.tools(c), *limit).map_err(fail)?,
            Command::Go(limit) => self.go(c, *limit).map_err(fail)?,
            Command::Analyze => self.analyze(&self.tools(c), sink, fail)?,
            Command::Tb => self.tb(&self.tools(c)).map_err(fail)?,
            Command::CourseEval(eval) => self.course_eval(rules, &c.live, *eval).map_err(fail)?,
            Command::Minimax(depth) => (self.state)
                .course_search(rules, &c.live, false, *depth)
                .map_err(fail)?,
            Command::Alphabeta(depth) => (self.state)
                .course_search(rules, &c.live, true, *depth)
                .map_err(fail)?,
            Command::Retry(args) => self.retry(c, *args, sink, fail)?,
            // The session sends only the commands above here.
            _ => Reply::Nothing,
        })
    }
}
