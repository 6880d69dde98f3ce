//! The perfect player where a table covers the position: a policy that
//! picks the use of the pending throws with the best exact value, and
//! leaves every other position to another policy.
//!
//! A table for K tokens covers every position whose teams each have at
//! least 4 - K tokens escaped: the escaped tokens are out of the game, so
//! such a position of the four-token game is a position of the K-token
//! game. Only solved layers cover.

use std::sync::Arc;

use super::board::{Board, ESCAPED, Side, on};
use super::bounded::Bounded;
use super::table::Table;
use super::turn::{Mode, Pend, Turn};
use crate::yut::player::policy::Policy;
use crate::yut::rules::game::TokenState;
use crate::yut::rules::play::{Phase, Play, Use};
use crate::yut::rules::roll::Roll;
use crate::yut::rules::sticks::Sticks;

/// The team to move's board and pending throws, as the solver sees them.
pub fn board_of(play: &Play) -> (Board, Pend) {
    let team = play.to_move();
    let game = play.game();
    let board = Board {
        me: Side::of_game(game, team),
        op: Side::of_game(game, team.opponent()),
    };
    let pending = play.pending();
    let pend = Roll::ALL.map(|r| pending.count(r));
    (board, pend)
}

/// Whether `table` values `board` (its layer is solved).
pub fn covers(table: &Table, board: Board) -> bool {
    table
        .index()
        .place(board)
        .is_some_and(|p| table.has_layer(p.layer))
}

/// Every use of the pending throws with the exact chance the team to
/// move wins after it, best first; `None` unless the game waits for a
/// move, the sticks are fair (the tables' odds), the house rules are the
/// contest's (at most four tokens a side) and `table` covers the position.
pub fn exact_choices(table: &Table, turn: &mut Turn, play: &Play) -> Option<Vec<(Use, f64)>> {
    choices_by(table, turn, play, false)
}

/// The solver's view of `play` where `table` can value it: the board and
/// the pending throws; `None` unless the game waits for a move, the
/// sticks are fair (the tables' odds), the house rules are the contest's
/// (at most four tokens a side) and `table` covers the position.
fn covered(table: &Table, play: &Play) -> Option<(Board, Pend)> {
    // Tables are solved for fair sticks (other sticks are other odds)
    // and the contest's rules with at most four tokens a side.
    if !matches!(play.phase(), Phase::Move(_))
        || play.sticks() != Sticks::FAIR
        || !play.rules().solver_covers()
    {
        return None;
    }
    let (board, pend) = board_of(play);
    covers(table, board).then_some((board, pend))
}

/// The use of `play`'s team moving its group on solver state `g` with
/// result index `r`.
fn use_of(play: &Play, g: u8, r: usize) -> Option<Use> {
    let team = play.to_move();
    let token = play.game().team_tokens(team).iter().find(|&t| {
        let s = match play.game().state(t) {
            TokenState::Home => 0,
            TokenState::On(st) => on(st),
            TokenState::Escaped => ESCAPED,
        };
        s == g
    })?;
    Some(Use {
        token,
        roll: *Roll::ALL.get(r)?,
    })
}

/// [`exact_choices`]; `kept` keeps `turn`'s in-turn states between calls
/// (only when `turn` only ever serves `table`).
fn choices_by(table: &Table, turn: &mut Turn, play: &Play, kept: bool) -> Option<Vec<(Use, f64)>> {
    let (board, pend) = covered(table, play)?;
    let leaf = |x: Board| table.value(x, 0).unwrap_or(0.0);
    let list = if kept {
        turn.choices_kept(board, pend, &leaf)
    } else {
        turn.choices(board, pend, &leaf)
    };
    let list = list
        .into_iter()
        .filter_map(|(g, r, v)| Some((use_of(play, g, r)?, v)))
        .collect();
    Some(list)
}

/// Plays the best use by a table where one covers the position, and as
/// `fallback` does elsewhere.
pub struct Exact<P> {
    /// Each table with its in-turn solver and its bounds (which tell the
    /// best use apart first), tried in order: each only ever values its
    /// own table's turns, so it keeps its states.
    tables: Vec<(Arc<Table>, Turn, Bounded)>,
    /// Decisions the bounds settled, and those the full search did.
    pub by_bounds: u64,
    pub by_search: u64,
    fallback: P,
}

impl<P: Policy> Exact<P> {
    /// The table's player, throws of odds `probs`, `fallback` elsewhere.
    pub fn new(table: Arc<Table>, probs: [f64; 5], fallback: P) -> Exact<P> {
        Exact::with_tables(vec![table], probs, fallback)
    }

    /// As [`Exact::new`] with several tables (say for different K), the
    /// first that covers a position playing it.
    pub fn with_tables(tables: Vec<Arc<Table>>, probs: [f64; 5], fallback: P) -> Exact<P> {
        let tables = tables
            .into_iter()
            .map(|t| {
                let turn = Turn::new(probs, t.cap(), Mode::Max).reading_catch_starts();
                (t, turn, Bounded::default())
            })
            .collect();
        Exact {
            tables,
            by_bounds: 0,
            by_search: 0,
            fallback,
        }
    }

    /// The best use by the first table that covers `play`; `None` where
    /// none does (or no move is due).
    pub fn exact(&mut self, play: &Play) -> Option<Use> {
        let (table, turn, bounded) = self
            .tables
            .iter_mut()
            .find(|(t, _, _)| covered(t, play).is_some())?;
        let (board, pend) = covered(table, play)?;
        let leaf = |x: Board| table.value(x, 0).unwrap_or(0.0);
        if let Some((g, r)) = (turn.mode() == Mode::Max)
            .then(|| bounded.best(turn, board, pend, &leaf))
            .flatten()
        {
            self.by_bounds += 1;
            return use_of(play, g, r);
        }
        self.by_search += 1;
        choices_by(table, turn, play, true).and_then(|list| list.first().map(|&(u, _)| u))
    }

    /// The player used where no table covers the position.
    pub fn fallback_mut(&mut self) -> &mut P {
        &mut self.fallback
    }
}

impl<P: Policy> Policy for Exact<P> {
    fn choose(&mut self, play: &Play) -> Option<Use> {
        match self.exact(play) {
            Some(u) => Some(u),
            None => self.fallback.choose(play),
        }
    }

    fn choose_within(
        &mut self,
        play: &Play,
        stop: &dyn crate::interrupt::Interrupt,
    ) -> Option<Use> {
        match self.exact(play) {
            Some(u) => Some(u),
            None => self.fallback.choose_within(play, stop),
        }
    }
}
