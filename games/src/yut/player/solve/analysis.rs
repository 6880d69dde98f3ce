//! `hint` and `review` over a game: the win chance of every use of the
//! pending throws now ([`hint_game`]), and each decision of a game's
//! record against the best use of its throws ([`review_game`]), both
//! under one setup ([`Analysis`]: the solved tables, the players of the
//! games played out where no table covers a position, how many games,
//! the seed, the interrupt). The session only builds the setup and calls
//! them.

use std::sync::Arc;

use super::hint::Players;
use super::luck::{Luck, LuckError, luck};
use super::player::{board_of, covers};
use super::race::{PlayerPair, RaceSetup};
use super::review::{Mark, Reviewed, review};
use super::table::Table;
use super::whole::{TurnHint, hint_turns_raced};
use crate::interrupt::Interrupt;
use crate::yut::player::policy::Kind;
use crate::yut::rules::play::{Phase, Play, PlayError};
use crate::yut::rules::record::{Record, ReplayError};
use crate::yut::rules::sticks::Sticks;
use crate::yut::rules::token::Team;

/// What an analysis works with.
#[derive(Clone, Copy)]
pub struct Analysis<'a> {
    /// The solved tables: a position one covers is valued exactly.
    pub tables: &'a [Arc<Table>],
    /// Who plays the games played out elsewhere (both teams).
    pub players: Kind,
    /// Games played out from each use.
    pub games: u64,
    /// Positions a player may search for one decision of those games
    /// (`None`: no bound).
    pub decision_budget: Option<u64>,
    /// Positions the games of one hint, or of a review's chances along
    /// the game (its luck), may search in all (`u64::MAX`: no bound; see
    /// [`hint_within`](super::hint::hint_within)).
    pub budget: u64,
    /// The seed of the games (the same games for every use).
    pub seed: u64,
    /// The most games a hint plays out in all, every plan together (see
    /// [`race`](super::race::race); `u64::MAX`: no bound).
    pub samples: u64,
    /// Threads a hint's games are played on (the answer is the same on
    /// any number).
    pub threads: usize,
    /// Stops the analysis when it says so.
    pub stop: &'a dyn Interrupt,
    /// Told how far a review is: the positions done and of how many (the
    /// points whose chance is estimated, then the decisions).
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

impl<'a> Analysis<'a> {
    /// An analysis with no tables that plays `games` games a use from
    /// `seed` (greedy players, no budget, one thread, no progress),
    /// stopped by `stop`: to set the rest, `Analysis { field, ..new }`.
    pub fn new(games: u64, seed: u64, stop: &'a dyn Interrupt) -> Analysis<'a> {
        Analysis {
            tables: &[],
            players: Kind::Greedy,
            games,
            decision_budget: None,
            budget: u64::MAX,
            seed,
            samples: u64::MAX,
            threads: 1,
            stop,
            progress: None,
        }
    }

    /// The seed an analysis of `play` draws from its random state, which
    /// does not advance: asking twice gives the same answer.
    pub fn seed_of(play: &Play) -> u64 {
        let mut rng = play.rng();
        rng.next_u64()
    }

    /// The players for upper and lower, under `sticks`.
    fn players(&self, sticks: Sticks) -> PlayerPair {
        let (kind, seed, budget) = (self.players, self.seed, self.decision_budget);
        players(kind, sticks, seed, budget)
    }

    /// A table that values `play`'s position, if any.
    fn table_for(&self, play: &Play) -> Option<&Table> {
        let (board, _) = board_of(play);
        self.tables.iter().find(|t| covers(t, board)).map(|t| &**t)
    }
}

/// Upper's and lower's players of `kind` under `sticks` (random ones
/// seeded from `seed`), searching at most `budget` positions a decision.
fn players(kind: Kind, sticks: Sticks, seed: u64, budget: Option<u64>) -> PlayerPair {
    [1, 2].map(|k| match budget {
        Some(b) => kind.build_bounded(sticks, seed ^ k, b),
        None => kind.build(sticks, seed ^ k),
    })
}

/// Why an analysis gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The game waits for no move (a throw is due, or it is over).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The interrupt said stop.
    #[error("interrupted")]
    Interrupted,
    /// The record does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// What [`hint_game`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct GameHint {
    /// The team to move.
    pub team: Team,
    /// The game hinted at.
    pub start: Play,
    /// Every plan of the pending throws with its chance, best first, and
    /// what the estimate cost.
    pub turns: TurnHint,
    /// Why the tables cannot answer under the game's house rules, when
    /// there are tables and they cannot.
    pub outside: Option<&'static str>,
}

/// What `review` found: each decision since the last new game (the team
/// that made it, and its review), what each team lost in all (upper,
/// lower), and the free turns (`move A FBFB`) left out.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// Each decision, in order.
    pub decisions: Vec<(Team, Reviewed)>,
    /// The chance lost in all by the upper and the lower team.
    pub total: [f64; 2],
    /// Free turns not reviewed (they throw and move in one command).
    pub skipped: usize,
    /// Moves with one use only, not reviewed.
    pub forced: usize,
    /// Games a use when the chances are estimated.
    pub games: u64,
    /// Upper's chance along the game and each throw's luck.
    pub luck: Luck,
    /// The marked decisions: the point of the chart after each, and
    /// its mark.
    pub marks: Vec<(usize, Mark)>,
    /// Whether the review ran to its end: a stop (Ctrl-C) keeps the
    /// decisions reviewed before it, and then has no luck (empty).
    pub complete: bool,
    /// The decisions a whole review goes over (the game's moves with more
    /// than one use), to say how far a stopped one got.
    pub reviewable: usize,
}

/// The team a hint is for: the team to move, when it has throws to use.
///
/// # Errors
///
/// [`PlayError::Over`] or [`PlayError::MustThrow`] otherwise.
pub fn hint_team(play: &Play) -> Result<Team, PlayError> {
    match play.phase() {
        Phase::Over(w) => Err(PlayError::Over(w)),
        Phase::Throw(t) => Err(PlayError::MustThrow(t)),
        Phase::Move(t) => Ok(t),
    }
}

/// `hint`: every plan of the pending throws at `play` (each order of
/// using them, collapsed to the distinct games they lead to) with the
/// chance the team to move wins after it, best first (exact where a
/// table covers the position, else estimated by the analysis's games,
/// raced and within its budgets, on its threads).
///
/// # Errors
///
/// [`AnalysisError::Play`] when no throw is there to use,
/// [`AnalysisError::Interrupted`] when stopped.
pub fn hint_game(play: &Play, analysis: &Analysis<'_>) -> Result<GameHint, AnalysisError> {
    let team = hint_team(play)?;
    let table = analysis.table_for(play);
    let (kind, sticks, budget) = (analysis.players, play.sticks(), analysis.decision_budget);
    let make = move || players(kind, sticks, analysis.seed, budget);
    let setup = RaceSetup {
        players: &make,
        games: analysis.games,
        samples: analysis.samples,
        budget: analysis.budget,
        seed: analysis.seed,
        threads: analysis.threads,
    };
    let turns = hint_turns_raced(play, table, &setup, analysis.stop)
        .map_err(|_| AnalysisError::Interrupted)?;
    // Tables exist but these house rules are not theirs: say why the
    // chances are estimated.
    let outside = play
        .rules()
        .outside_tables()
        .filter(|_| !analysis.tables.is_empty());
    Ok(GameHint {
        team,
        start: *play,
        turns,
        outside,
    })
}

/// `review`: each decision of `record`'s game since its last new game
/// against the best use of its throws, under the sticks in use now. A
/// decision with one use only is forced, not reviewed; free turns are
/// counted apart.
///
/// # Errors
///
/// [`AnalysisError::Interrupted`] when stopped, [`AnalysisError::Replay`]
/// when the record does not replay.
pub fn review_game(record: &Record, analysis: &Analysis<'_>) -> Result<GameReview, AnalysisError> {
    let decisions = record.decisions()?;
    let sticks = record.play().sticks();
    // Progress: each decision with a choice, then the points estimated
    // (their number is known once the luck pass starts).
    let reviewable = (decisions.moves.iter())
        .filter(|(play, _)| play.uses().len() > 1)
        .count();
    let choices = reviewable as u64;
    let tell = |done: u64, of: u64| {
        if let Some(p) = analysis.progress {
            p(done, of);
        }
    };
    let [mut up, mut low] = analysis.players(sticks);
    let mut out = Vec::new();
    // Each reviewed decision's index among the game's moves (for its
    // point on the chart, once the luck pass has found the points).
    let mut at = Vec::new();
    let mut total = [0.0; 2];
    let mut forced = 0;
    let mut stopped = false;
    let mut reviewed = 0;
    tell(0, choices);
    // The decisions first, so that a stop keeps the ones done (as
    // Congo's review keeps its moves); the luck pass after them.
    for (k, (mut play, used)) in decisions.moves.into_iter().enumerate() {
        // One use only (say every token at home): no choice, no loss.
        if play.uses().len() <= 1 {
            forced += 1;
            continue;
        }
        play.set_sticks(sticks);
        let table = analysis.table_for(&play);
        let team = play.to_move();
        let players = Players {
            upper: &mut *up,
            lower: &mut *low,
        };
        let Ok((mut one, _)) = review(&[(play, used)], table, players, analysis) else {
            stopped = true;
            break;
        };
        if let Some(r) = one.pop() {
            if let Some(t) = total.get_mut(team as usize) {
                *t += r.loss;
            }
            at.push(k);
            out.push((team, r));
        }
        reviewed += 1;
        tell(reviewed, choices);
    }
    let luck = if stopped {
        Luck::default()
    } else {
        let players = Players {
            upper: &mut *up,
            lower: &mut *low,
        };
        let progress = &mut |done, of| tell(choices + done, choices + of);
        match luck(record, sticks, players, analysis, progress) {
            Ok(luck) => luck,
            Err(LuckError::Replay(e)) => return Err(AnalysisError::Replay(e)),
            Err(LuckError::Interrupted) => {
                stopped = true;
                Luck::default()
            }
        }
    };
    let move_points = luck.move_points();
    let marks = (at.iter().zip(&out))
        .filter_map(|(&k, (_, r))| Some((*move_points.get(k)?, r.mark?)))
        .collect();
    Ok(GameReview {
        decisions: out,
        total,
        skipped: decisions.free_turns,
        forced,
        games: analysis.games,
        luck,
        marks,
        complete: !stopped,
        reviewable,
    })
}
