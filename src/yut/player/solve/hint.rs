//! The win chance of every use of the pending throws, best first: exact
//! where a table covers the position, else estimated by games played out
//! from each choice, with a 95% interval.

use super::player::exact_choices;
use super::table::Table;
use super::turn::{Mode, Turn};
use crate::interrupt::{Interrupt, Interrupted};
use crate::stats::Share;
use crate::yut::player::policy::Policy;
use crate::yut::player::sim::odds;
use crate::yut::rules::play::{Phase, Play, Use};

/// One use and the chance the team to move wins after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HintLine {
    /// The use (a group and a pending result).
    pub choice: Use,
    /// The chance the team to move wins after it.
    pub chance: f64,
    /// The 95% interval of an estimate; `None` when exact.
    pub interval: Option<(f64, f64)>,
}

/// Every legal use at `play` with its win chance for the team to move,
/// best first. Exact when `table` covers the position; else each use is
/// followed by `games` games between `upper` and `lower` (seeded from
/// `seed`, the same seeds for every use, so the comparison is paired).
/// Empty unless the game waits for a move.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub fn hint(
    play: &Play,
    table: Option<&Table>,
    upper: &mut dyn Policy,
    lower: &mut dyn Policy,
    games: u64,
    seed: u64,
    stop: &dyn Interrupt,
) -> Result<Vec<HintLine>, Interrupted> {
    let Phase::Move(team) = play.phase() else {
        return Ok(Vec::new());
    };
    if let Some(t) = table {
        let mut turn = Turn::new(play.sticks().odds(), t.cap(), Mode::Max).reading_catch_starts();
        if let Some(list) = exact_choices(t, &mut turn, play) {
            return Ok(list
                .into_iter()
                .map(|(choice, chance)| HintLine {
                    choice,
                    chance,
                    interval: None,
                })
                .collect());
        }
    }
    let mut out = Vec::new();
    for &u in play.uses().as_slice() {
        let mut next = *play;
        if next.apply(u).is_err() {
            continue;
        }
        let tally = odds(&next, upper, lower, games, seed, stop)?;
        let won = tally.wins.get(team as usize).copied().unwrap_or(0);
        let s = Share::new(won, tally.games.max(1));
        out.push(HintLine {
            choice: u,
            chance: s.p,
            interval: Some((s.low, s.high)),
        });
    }
    out.sort_by(|a, b| b.chance.total_cmp(&a.chance));
    Ok(out)
}
