//! The tutor in the session (`set tutor ?!|?|??`): in versus mode, a
//! person's move is checked before it is played, and one that loses as
//! much as the setting's mark is refused with what it loses and the better
//! move. The same move typed again right after is played; `play MOVE!`
//! plays it at once. The check itself is the library's
//! ([`crate::congo::analysis::tutor`]).

use super::Session;
use super::engine::no_table;
use crate::congo::Move;
use crate::congo::analysis::AnalysisError;
use crate::congo::analysis::tutor::{TUTOR_NODES, Warning, check};
use crate::congo::search::Limits;
use crate::shell::error::ErrorKind;
use crate::shell::settings::CongoComputer;

/// What the tutor remembers between two commands.
#[derive(Clone, Debug, Default)]
pub(super) struct TutorPart {
    /// The Congo move the tutor stopped, with the position it was stopped
    /// in (its key and the game's plies): typed again by the next command,
    /// it is played.
    stopped: Option<(u64, usize, Move)>,
    /// Set for the one `play` a `play MOVE!` runs: no check.
    pub(super) forced: bool,
}

/// What the last command left for the one running: the move the tutor
/// stopped, and whether this `play` is forced. Taken once a command.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TutorTurn {
    stopped: Option<(u64, usize, Move)>,
    forced: bool,
}

impl Session {
    /// Take what the tutor left for this command (the next one starts
    /// afresh: a move stopped is played only when typed again right after).
    pub(super) fn tutor_turn(&mut self) -> TutorTurn {
        TutorTurn {
            stopped: self.tutor.stopped.take(),
            forced: std::mem::take(&mut self.tutor.forced),
        }
    }

    /// Before the person's Congo move `mv` is played: with the tutor on,
    /// in versus mode (the computer playing one side), check it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Problem`] saying what the move loses and the better
    /// move, when it loses the setting's mark or more (the move is
    /// remembered: typed again next, it is played);
    /// [`ErrorKind::Interrupted`] when Ctrl-C stops the check.
    pub(super) fn tutor_congo(&mut self, mv: Move, turn: TutorTurn) -> Result<(), ErrorKind> {
        let Some(least) = self.settings.tutor.least() else {
            return Ok(());
        };
        let versus = matches!(
            self.settings.computer.congo,
            CongoComputer::White | CongoComputer::Black
        );
        if turn.forced || !versus || self.congo_drawn() {
            return Ok(());
        }
        let game = &self.congo.game;
        let here = (game.position().zobrist(), game.plies(), mv);
        if turn.stopped == Some(here) {
            return Ok(());
        }
        let tools = self.tools();
        let tables = tools.tables();
        let stop = &tools.live.interrupt;
        let limits = Limits::nodes(TUTOR_NODES);
        let found = tools
            .engine
            .with(tools.engine_config(&limits), |engine| {
                engine.set_tablebase(tables);
                check(engine, game.position(), game.keys(), mv, least, stop)
            })
            .map_err(no_table)?;
        match found {
            Ok(None) => Ok(()),
            Ok(Some(warning)) => {
                self.tutor.stopped = Some(here);
                Err(ErrorKind::Problem(stopped_text(&warning)))
            }
            // A position over the move budget: playing the move says so.
            Err(AnalysisError::Illegal(_)) => Ok(()),
            Err(AnalysisError::Interrupted) => Err(ErrorKind::Interrupted),
        }
    }
}

/// `the tutor stops d2c3 (??): it loses 91.0 points of your chance to win
/// (0% against 91% after d2d3, line d2d3 d7e7 d3e4); type d2c3 again, or
/// `play d2c3!`, to play it anyway`.
fn stopped_text(w: &Warning) -> String {
    let line: Vec<String> = w
        .best
        .line
        .iter()
        .take(3)
        .map(ToString::to_string)
        .collect();
    let mv = w.played.mv;
    format!(
        "the tutor stops {mv} ({}): it loses {:.1} points of your chance to win ({:.0}% against {:.0}% after {}, line {}); type {mv} again, or `play {mv}!`, to play it anyway",
        w.mark.symbol(),
        w.loss * 100.0,
        w.played.value.chance * 100.0,
        w.best.value.chance * 100.0,
        w.best.mv,
        line.join(" "),
    )
}
