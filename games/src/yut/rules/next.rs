//! What a throw or a move under the rules did, and what comes next, as
//! the one-line summaries the shell prints.

use std::fmt;

use super::game::MoveReport;
use super::roll::{Pending, Roll};
use super::throw::Throw;
use super::token::Team;

/// What the game waits for after a throw or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// `team` throws: `again` within its turn (after a yut, a mo or a
    /// catch), or to start its turn.
    Throw { team: Team, again: bool },
    /// `team` uses one of its pending throws.
    Move { team: Team, pending: Pending },
    /// The game is over: `team` has won.
    Won(Team),
}

impl fmt::Display for Next {
    /// `upper throws again`, `lower to throw`, `upper to move: geol (3)`,
    /// `lower wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Next::Throw { team, again: true } => write!(f, "{team} throws again"),
            Next::Throw { team, again: false } => write!(f, "{team} to throw"),
            Next::Move { team, pending } => write!(f, "{team} to move: {pending}"),
            Next::Won(team) => write!(f, "{team} wins"),
        }
    }
}

/// A recorded throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThrowReport {
    /// The team that threw.
    pub team: Team,
    /// The sticks as they fell.
    pub throw: Throw,
    /// What they count for.
    pub roll: Roll,
    /// What comes next.
    pub next: Next,
    /// Throws dropped for want of a use (a back-do with no token on the
    /// board); empty in the contest.
    pub lost: Pending,
}

impl fmt::Display for ThrowReport {
    /// `FBFF: geol (3)`, or `BBBB: mo (5), throw again`; a back-do with
    /// no use: `BBBF: back-do (-1), lost: no upper token on the board`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.throw, self.roll)?;
        if !self.lost.is_empty() {
            write!(f, ", lost: no {} token on the board", self.team)?;
        } else if matches!(self.next, Next::Throw { again: true, .. }) {
            f.write_str(", throw again")?;
        }
        Ok(())
    }
}

/// A move by a pending throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayReport {
    /// The move itself, as the free `move` reports it.
    pub report: MoveReport,
    /// The pending result used.
    pub roll: Roll,
    /// What comes next.
    pub next: Next,
    /// Throws left unused when the move won the game (they are lost).
    pub lost: Pending,
}

impl fmt::Display for PlayReport {
    /// The free move's summary, then what comes next:
    /// `A: home -> geol (3), caught b; upper throws again`, and on a win
    /// with throws left `...; upper wins (unused: do (1))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.report, self.next)?;
        if !self.lost.is_empty() {
            write!(f, " (unused: {})", self.lost)?;
        }
        Ok(())
    }
}
