//! The luck of a Yut game: upper's chance to win after every throw and
//! every move of the game since its last new game, and each throw's luck
//! (the thrower's chance after the throw minus before it).
//!
//! Chances are exact where a table covers the position (the table's
//! value at a turn start, the in-turn solver's within a turn, so that
//! along a game of best play the chances change only by throws), else
//! estimated by games played out from the position, with a 95% interval.
//! A throw's luck then has the interval from the two chances' ends.
//! Summed over a game, the luck of the throws and the changes the moves
//! made add up to the result minus the first chance.

use super::analysis::Analysis;
use super::hint::{Players, estimate};
use super::plans::exact_chance;

use super::turn::{Mode, Turn};
use crate::interrupt::Interrupted;
use crate::yut::rules::play::{Play, Use};
use crate::yut::rules::record::{Event, Record, ReplayError, step};
use crate::yut::rules::roll::Roll;
use crate::yut::rules::sticks::Sticks;
use crate::yut::rules::token::Team;

/// What happened before a point of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Happened {
    /// The game's start (or its last new game or board).
    Start,
    /// A throw by this team, with this result.
    Threw(Team, Roll),
    /// A pending throw used by this team.
    Used(Team, Use),
    /// A free turn (`move TOKEN FBFB`): no throw, no choice.
    Free,
}

/// Upper's chance to win at a point of the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// What led here.
    pub after: Happened,
    /// Upper's chance to win.
    pub upper: f64,
    /// The 95% interval of an estimate; `None` when exact.
    pub interval: Option<(f64, f64)>,
}

/// One throw's luck.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThrowLuck {
    /// The team that threw.
    pub team: Team,
    /// What it threw.
    pub roll: Roll,
    /// Its chance after the throw minus before it.
    pub luck: f64,
    /// The interval of that change when either chance is estimated.
    pub interval: Option<(f64, f64)>,
    /// The point after the throw.
    pub point: usize,
}

/// The chances along a game and the luck of its throws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Luck {
    /// Upper's chance at the start and after each throw, move and free
    /// turn, in order.
    pub points: Vec<Point>,
    /// Each throw's luck, in order.
    pub throws: Vec<ThrowLuck>,
    /// The luck of upper's throws and of lower's, each from its own side.
    pub total: [f64; 2],
    /// Whether any chance is estimated.
    pub estimated: bool,
    /// Games played out from each estimated point.
    pub games: u64,
    /// Whether the budget stopped those games before the number asked.
    pub cut: bool,
}

impl Luck {
    /// The points of the moves (pending throws used), in order.
    pub fn move_points(&self) -> Vec<usize> {
        (self.points.iter().enumerate())
            .filter(|(_, p)| matches!(p.after, Happened::Used(..)))
            .map(|(i, _)| i)
            .collect()
    }
}

/// The games of `record` since its last new game or board, each point
/// with what led there; the sticks are `sticks` throughout (as the
/// review values them).
///
/// # Errors
///
/// [`ReplayError`] when the record does not replay.
fn states(record: &Record, sticks: Sticks) -> Result<Vec<(Happened, Play)>, ReplayError> {
    let mut play = *record.start();
    let mut out = vec![(Happened::Start, play)];
    for (at, &event) in record.events().iter().enumerate() {
        let team = play.to_move();
        step(&mut play, event).map_err(|()| ReplayError { at })?;
        let happened = match event {
            Event::Threw { throw, .. } => Happened::Threw(team, play.house().roll_of(throw)),
            Event::Used(u) => Happened::Used(team, u),
            Event::FreeTurn(..) => Happened::Free,
            Event::Restart | Event::Board(_) => {
                out.clear();
                Happened::Start
            }
            // A setting: no point of its own.
            _ => {
                if let Some(last) = out.last_mut() {
                    last.1 = play;
                }
                continue;
            }
        };
        out.push((happened, play));
    }
    for (_, p) in &mut out {
        p.set_sticks(sticks);
    }
    Ok(out)
}

/// The luck of `record`'s game since its last new game, under `sticks`:
/// exact where one of the analysis's `tables` covers a position, else by
/// its `games` games from it between `players` (seeded from its `seed`,
/// the same games from every point), in rounds stopped once the players
/// have searched its `budget` positions (at least one round is played).
/// `progress` is told the points estimated so far (the rounds finished
/// as a share of them) and of how many.
///
/// # Errors
///
/// [`LuckError`]: the record does not replay, or `stop` said stop.
pub fn luck(
    record: &Record,
    sticks: Sticks,
    players: Players<'_>,
    analysis: &Analysis<'_>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Luck, LuckError> {
    let Analysis {
        tables,
        games,
        seed,
        budget,
        stop,
        ..
    } = *analysis;
    let states = states(record, sticks)?;
    let mut turns: Vec<Turn> = tables
        .iter()
        .map(|t| Turn::new(sticks.odds(), t.cap(), Mode::Max).reading_catch_starts())
        .collect();
    let mut exact: Vec<Option<f64>> = Vec::with_capacity(states.len());
    for (_, play) in &states {
        let found = (tables.iter().zip(turns.iter_mut()))
            .find_map(|(t, turn)| exact_chance(t, turn, play, Team::Upper));
        let found = found.or_else(|| {
            play.winner()
                .map(|w| if w == Team::Upper { 1.0 } else { 0.0 })
        });
        exact.push(found);
    }
    let unknown: Vec<Play> = (states.iter().zip(&exact))
        .filter(|(_, e)| e.is_none())
        .map(|((_, p), _)| *p)
        .collect();
    let mut out = Luck::default();
    let found = if unknown.is_empty() {
        Vec::new()
    } else {
        let points = unknown.len() as u64;
        let mut each = |rounds: u64| {
            progress(points.saturating_mul(rounds) / games.max(1), points);
        };
        let e = estimate(
            &unknown,
            Team::Upper,
            players,
            (games, seed, budget),
            stop,
            &mut each,
        )
        .map_err(|Interrupted| LuckError::Interrupted)?;
        out.games = e.games;
        out.cut = e.cut;
        e.shares
    };
    let mut estimates = found.into_iter();
    for ((happened, _), e) in states.iter().zip(exact) {
        let point = match e {
            Some(v) => Point {
                after: *happened,
                upper: v,
                interval: None,
            },
            None => {
                let (p, low, high) = estimates
                    .next()
                    .map_or((0.5, 0.0, 1.0), |s| (s.p, s.low, s.high));
                out.estimated = true;
                Point {
                    after: *happened,
                    upper: p,
                    interval: Some((low, high)),
                }
            }
        };
        out.points.push(point);
    }
    for (i, pair) in out.points.windows(2).enumerate() {
        let [before, after] = pair else {
            continue;
        };
        let Happened::Threw(team, roll) = after.after else {
            continue;
        };
        let mut luck = after.upper - before.upper;
        let mut interval = (before.interval.is_some() || after.interval.is_some()).then(|| {
            let (bl, bh) = before.interval.unwrap_or((before.upper, before.upper));
            let (al, ah) = after.interval.unwrap_or((after.upper, after.upper));
            (al - bh, ah - bl)
        });
        if team == Team::Lower {
            luck = -luck;
            interval = interval.map(|(l, h)| (-h, -l));
        }
        if let Some(t) = out.total.get_mut(team as usize) {
            *t += luck;
        }
        out.throws.push(ThrowLuck {
            team,
            roll,
            luck,
            interval,
            point: i + 1,
        });
    }
    Ok(out)
}

/// Why [`luck`] gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LuckError {
    /// The record does not replay.
    Replay(ReplayError),
    /// The interrupt said stop.
    Interrupted,
}

impl From<ReplayError> for LuckError {
    fn from(e: ReplayError) -> LuckError {
        LuckError::Replay(e)
    }
}
