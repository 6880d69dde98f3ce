//! The tutor in the session (`set tutor ?!|?|??`): in versus mode, a
//! person's move (a Congo `play`, a Yut `move`) is checked before it is
//! made, and one that loses as much as the setting's mark is refused with
//! what it loses and the better move. The same move typed again right
//! after is made; `play MOVE!` plays a Congo move at once. The checks
//! themselves are the library's ([`crate::congo::analysis::tutor`],
//! [`crate::yut::player::solve::tutor`]).

use super::common::Common;
use super::congo_part::CongoPart;
use super::engine::no_table;
use super::yut_part::YutPart;
use crate::congo::Move;
use crate::congo::analysis::AnalysisError;
use crate::congo::analysis::tutor::{TUTOR_NODES, Warning, check};
use crate::congo::search::Limits;
use crate::shell::error::ErrorKind;
use crate::shell::settings::{CongoComputer, YutComputer};
use crate::yut::player::solve::AnalysisError as YutAnalysisError;
use crate::yut::player::solve::tutor::{YutWarning, check as check_yut};
use crate::yut::{Roll, Token, Use};

/// A Congo move the tutor stopped, with where: the key of the position
/// it was stopped in, the game's length then, and the move. Typed again by
/// the next command, it is played.
type Stopped = (u64, usize, Move);

/// What the tutor remembers between two commands.
#[derive(Clone, Debug, Default)]
pub(super) struct TutorPart {
    /// The Congo move the tutor stopped, with the position it was stopped
    /// in: typed again by the next command, it is played. (The Yut use it
    /// stopped is the Yut part's.)
    stopped: Option<Stopped>,
    /// Set for the one `play` a `play MOVE!` runs: no check.
    pub(super) forced: bool,
}

/// What the last command left for the one running: the move the tutor
/// stopped, and whether this `play` is forced. Taken once a command.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TutorTurn {
    stopped: Option<Stopped>,
    forced: bool,
}

impl CongoPart {
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
    pub(super) fn tutor_congo(
        &mut self,
        c: &mut Common,
        mv: Move,
        turn: TutorTurn,
    ) -> Result<(), ErrorKind> {
        let Some(least) = c.settings.tutor.least() else {
            return Ok(());
        };
        let versus = matches!(
            c.settings.computer.congo,
            CongoComputer::White | CongoComputer::Black
        );
        if turn.forced || !versus || self.congo_drawn(c) {
            return Ok(());
        }
        let game = &self.game;
        let here = (game.position().zobrist(), game.plies(), mv);
        if turn.stopped == Some(here) {
            return Ok(());
        }
        let tools = self.tools(c);
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

impl YutPart {
    /// Before the person's Yut `move TOKEN [RESULT]`: with the tutor on,
    /// in versus mode (the computer playing one team), check the use.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Problem`] saying what the use loses and the better
    /// use, when it loses the setting's mark or more (by the Yut
    /// thresholds); [`ErrorKind::Interrupted`] when Ctrl-C stops it.
    /// `stopped`: the use the tutor stopped in the command before (see
    /// [`YutPart::begin`]).
    pub(super) fn tutor(
        &mut self,
        c: &Common,
        token: Token,
        roll: Option<Roll>,
        stopped: Option<(u64, Use)>,
    ) -> Result<(), ErrorKind> {
        let Some(least) = c.settings.tutor.least() else {
            return Ok(());
        };
        let versus = matches!(
            c.settings.computer.yut,
            YutComputer::Upper | YutComputer::Lower
        );
        if !versus {
            return Ok(());
        }
        // `move A` names no result: the one pending, if only one is.
        let uses = self.uses();
        let roll = match roll {
            Some(roll) => roll,
            None => {
                let mut rolls = uses.as_slice().iter().map(|u| u.roll);
                let Some(first) = rolls.next() else {
                    return Ok(());
                };
                if rolls.any(|r| r != first) {
                    return Ok(());
                }
                first
            }
        };
        let used = Use { token, roll };
        let here = (self.key(), used);
        if stopped == Some(here) {
            return Ok(());
        }
        c.live.reset_counters();
        let tables = self.tables();
        let setup = self.hint_analysis(c, &tables);
        let found = check_yut(self, used, &setup, least);
        match found {
            Ok(None) | Err(YutAnalysisError::Play(_) | YutAnalysisError::Replay(_)) => Ok(()),
            Ok(Some(warning)) => {
                self.stopped = Some(here);
                Err(ErrorKind::Problem(yut_stopped_text(&warning)))
            }
            Err(YutAnalysisError::Interrupted) => Err(ErrorKind::Interrupted),
        }
    }
}

/// `the tutor stops move A yut (??): it loses 13.5 points of your chance
/// to win (74% against 88% after move A do, exact); type it again to make
/// it anyway` (the marks written as the setting takes them).
fn yut_stopped_text(w: &YutWarning) -> String {
    let how = if w.played.interval.is_none() && w.best.interval.is_none() {
        "exact"
    } else {
        "estimated"
    };
    let mv = |u: Use| format!("move {} {}", u.token, u.roll.name());
    let mark = w.mark.symbol();
    format!(
        "the tutor stops {} ({}): it loses {:.1} points of your chance to win ({:.0}% against {:.0}% after {}, {how}); type it again to make it anyway",
        mv(w.played.choice),
        mark,
        w.loss * 100.0,
        w.played.chance * 100.0,
        w.best.chance * 100.0,
        mv(w.best.choice),
    )
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

#[cfg(test)]
mod tests {
    use super::super::Session;
    use super::super::yut_game::YutGame;
    use super::*;
    use crate::shell::parse::parse_command;
    use crate::shell::reply::Reply;
    use crate::yut::{Record, Station, TokenState};
    use std::sync::Arc;

    // The one-token table and the catch-or-run position of the Yut
    // analysis' own tests.
    use super::super::yut_tables::tests::{catch_or_run, one_token_table};

    /// A session at [`catch_or_run`] with the table, the computer playing
    /// lower (upper is the person's), the tutor at `tutor`.
    fn versus(tutor: &str) -> Session {
        let mut s = Session::new();
        let table = one_token_table();
        s.set_yut_table_loader(Arc::new(move || vec![Arc::clone(&table)]));
        s.yut.game = YutGame(Record::new(catch_or_run()));
        run(&mut s, "set computer lower").expect("set");
        run(&mut s, &format!("set tutor {tutor}")).expect("set");
        s
    }

    fn run(s: &mut Session, line: &str) -> Result<Reply, String> {
        let cmd = parse_command(line).expect("parses");
        s.execute(&cmd, &mut Vec::<Reply>::new())
            .map_err(|e| e.to_string())
    }

    /// Where upper's A stands.
    fn a_at(s: &Session) -> TokenState {
        s.yut.game().state(Token::A)
    }

    #[test]
    fn a_losing_use_is_stopped_then_made_on_the_second_try() {
        // `move A do` catches lower's a on do: a goes home and upper
        // throws again (the yut still pending). `move A yut` first leaves
        // a where it is and the do then ends the turn: in a one-token
        // race of about twenty stations, a whole throw more for upper
        // (two to three stations on average) and a sent back are worth
        // far more than the 2 points of a `?!` (the table's values are
        // exact: no interval to tell them apart by).
        let mut s = versus("?!");
        let err = run(&mut s, "move A yut").expect_err("stopped");
        assert!(err.contains("the tutor stops move A yut ("), "{err}");
        assert!(
            err.contains("after move A do, exact); type it again"),
            "{err}"
        );
        assert_eq!(a_at(&s), TokenState::Home, "nothing moved");
        // Typed again right after: made.
        run(&mut s, "move A yut").expect("made");
        assert_eq!(a_at(&s), TokenState::On(Station::Yut));
    }

    #[test]
    fn the_best_use_and_the_tutor_off_pass() {
        let mut s = versus("?!");
        run(&mut s, "move A do").expect("the best use");
        let mut s = versus("off");
        run(&mut s, "move A yut").expect("no tutor");
        assert_eq!(a_at(&s), TokenState::On(Station::Yut));
    }

    #[test]
    fn another_command_between_the_tries_checks_again() {
        let mut s = versus("?!");
        run(&mut s, "move A yut").expect_err("stopped");
        run(&mut s, "status").expect("status");
        run(&mut s, "move A yut").expect_err("stopped again");
        assert_eq!(a_at(&s), TokenState::Home);
    }
}
