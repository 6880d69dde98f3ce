//! The win chance after each single use of the pending throws (the rest
//! of the turn played on), best first, as `review` weighs a decision
//! (`hint` ranks whole turns: [`super::whole`]): exact
//! where a table covers the position, else estimated by games played out
//! from each choice, with a 95% interval.

use super::analysis::Analysis;
use super::player::exact_choices;
use super::table::Table;
use super::turn::{Mode, Turn};
use crate::interrupt::{Interrupt, Interrupted};
use crate::stats::Share;
use crate::yut::player::policy::Policy;
use crate::yut::player::sim::{Tally, play_out_within};
use crate::yut::rules::play::{Phase, Play, Use};
use crate::yut::rules::rng::Rng;
use crate::yut::rules::token::Team;

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
/// followed by the analysis's `games` games between `players` (seeded
/// from its `seed`, the same seeds for every use, so the comparison is
/// paired); a use that wins the game at once is certain, exact either
/// way. Empty unless the game waits for a move. No budget, whatever the
/// analysis's: see [`hint_within`].
///
/// # Errors
///
/// [`Interrupted`] when the analysis's `stop` says so.
pub fn hint(
    play: &Play,
    table: Option<&Table>,
    players: Players<'_>,
    analysis: &Analysis<'_>,
) -> Result<Vec<HintLine>, Interrupted> {
    let unbounded = Analysis {
        budget: u64::MAX,
        ..*analysis
    };
    hint_within(play, table, players, &unbounded).map(|r| r.lines)
}

/// The two players of the games a hint plays out.
pub struct Players<'a> {
    /// Plays for upper.
    pub upper: &'a mut dyn Policy,
    /// Plays for lower.
    pub lower: &'a mut dyn Policy,
}

impl Players<'_> {
    /// The same two players, borrowed again (for one call of many).
    pub fn reborrow(&mut self) -> Players<'_> {
        Players {
            upper: &mut *self.upper,
            lower: &mut *self.lower,
        }
    }

    /// Positions both have searched so far.
    fn positions(&self) -> u64 {
        self.upper
            .positions()
            .saturating_add(self.lower.positions())
    }
}

/// What [`hint_within`] found, and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct HintReport {
    /// Every use with its chance, best first.
    pub lines: Vec<HintLine>,
    /// Games played out from each use (0 when exact).
    pub games: u64,
    /// Positions the players searched in those games (and in any round
    /// the budget cut short, which is not counted in `games`).
    pub positions: u64,
    /// Whether the budget stopped the games before the number asked.
    pub cut: bool,
}

/// Games played under the fuzzer (`--cfg fuzzing`), as `odds` plays.
#[cfg(fuzzing)]
const FUZZ_GAMES: u64 = 8;

/// As [`hint`], with a budget: the estimate plays the games in rounds
/// (game `i` of every use, from the same `i`-th seed), and once the
/// players have searched the analysis's `budget` positions in all it stops: the round
/// under way is dropped (every use keeps the same games, so the
/// comparison stays paired) and the chances rest on the rounds finished,
/// with intervals as wide as they are. At least one round is always
/// played. With budget to spare, the answer is [`hint`]'s, game for
/// game. A long run of pending throws makes each game's first turn a
/// search of many orders of them: the budget bounds what that costs.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub fn hint_within(
    play: &Play,
    table: Option<&Table>,
    players: Players<'_>,
    analysis: &Analysis<'_>,
) -> Result<HintReport, Interrupted> {
    let (games, seed, budget, stop) = (
        analysis.games,
        analysis.seed,
        analysis.budget,
        analysis.stop,
    );
    let mut report = HintReport {
        lines: Vec::new(),
        games: 0,
        positions: 0,
        cut: false,
    };
    let Phase::Move(team) = play.phase() else {
        return Ok(report);
    };
    if let Some(t) = table {
        let mut turn = Turn::new(play.sticks().odds(), t.cap(), Mode::Max).reading_catch_starts();
        if let Some(list) = exact_choices(t, &mut turn, play) {
            report.lines = list
                .into_iter()
                .map(|(choice, chance)| HintLine {
                    choice,
                    chance,
                    interval: None,
                })
                .collect();
            return Ok(report);
        }
    }
    let starts: Vec<(Use, Play)> = play
        .uses()
        .as_slice()
        .iter()
        .filter_map(|&u| {
            let mut next = *play;
            next.apply(u).ok().map(|_| (u, next))
        })
        .collect();
    // A use that ends the game is certain: only the others are played
    // out (with none to play, no game is).
    let over = |p: &Play| match p.phase() {
        Phase::Over(w) => Some(if w == team { 1.0 } else { 0.0 }),
        _ => None,
    };
    let games_from: Vec<Play> = (starts.iter())
        .map(|(_, p)| *p)
        .filter(|p| over(p).is_none())
        .collect();
    let mut shares = Vec::new().into_iter();
    if !games_from.is_empty() {
        let found = estimate(
            &games_from,
            team,
            players,
            (games, seed, budget),
            stop,
            &mut |_| {},
        )?;
        report.games = found.games;
        report.positions = found.positions;
        report.cut = found.cut;
        shares = found.shares.into_iter();
    }
    for (u, p) in &starts {
        let line = match over(p) {
            Some(chance) => HintLine {
                choice: *u,
                chance,
                interval: None,
            },
            None => {
                let s = shares.next().unwrap_or(Share {
                    p: 0.0,
                    low: 0.0,
                    high: 1.0,
                });
                HintLine {
                    choice: *u,
                    chance: s.p,
                    interval: Some((s.low, s.high)),
                }
            }
        };
        report.lines.push(line);
    }
    report.lines.sort_by(|a, b| b.chance.total_cmp(&a.chance));
    Ok(report)
}

/// What [`estimate`] found: each game's chance for the team, with its
/// 95% interval, and what that cost.
pub(super) struct Estimates {
    /// The chance of each game, in the order given.
    pub shares: Vec<Share>,
    /// Games played out from each.
    pub games: u64,
    /// Positions the players searched.
    pub positions: u64,
    /// Whether the budget stopped the games before the number asked.
    pub cut: bool,
}

/// The chance `team` wins from each of `starts`, by `games` games played
/// out from each between `players` (game `i` of every start from the
/// same `i`-th seed drawn from `seed`, so comparisons are paired), in
/// rounds stopped by `budget` as [`hint_within`] says; `each_round` is
/// told the rounds finished after each.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub(super) fn estimate(
    starts: &[Play],
    team: Team,
    players: Players<'_>,
    (games, seed, budget): (u64, u64, u64),
    stop: &dyn Interrupt,
    each_round: &mut dyn FnMut(u64),
) -> Result<Estimates, Interrupted> {
    #[cfg(fuzzing)]
    let games = games.min(FUZZ_GAMES);
    let mut found = Estimates {
        shares: Vec::new(),
        games: 0,
        positions: 0,
        cut: false,
    };
    let mut tallies = vec![Tally::default(); starts.len()];
    let before = players.positions();
    let spent = |p: &Players<'_>| p.positions().saturating_sub(before);
    let mut seeds = Rng::new(seed);
    let mut round = Vec::with_capacity(starts.len());
    for _ in 0..games {
        let s = seeds.next_u64();
        round.clear();
        for next in starts {
            let mut game = *next;
            game.set_seed(s);
            round.push(play_out_within(
                &mut game,
                players.upper,
                players.lower,
                stop,
            )?);
            // Past the budget the round is dropped, unless it is the
            // first (a hint always rests on one game a use at least).
            if found.games > 0 && spent(&players) >= budget {
                break;
            }
        }
        if round.len() < starts.len() {
            found.cut = true;
            break;
        }
        for (tally, winner) in tallies.iter_mut().zip(&round) {
            tally.add(*winner);
        }
        found.games += 1;
        each_round(found.games);
        if spent(&players) >= budget && found.games < games {
            found.cut = true;
            break;
        }
    }
    found.positions = spent(&players);
    found.shares = tallies
        .iter()
        .map(|tally| {
            let won = tally.wins.get(team as usize).copied().unwrap_or(0);
            Share::new(won, tally.games.max(1))
        })
        .collect();
    Ok(found)
}

#[cfg(test)]
mod budget_tests {
    use super::*;
    use crate::interrupt::Never;
    use crate::yut::player::ai::Ai;
    use crate::yut::rules::sticks::Sticks;
    use crate::yut::rules::token::Team;

    /// Upper to move at the start with eight pending throws: mo, yut,
    /// mo, yut, mo, yut, mo (each throws again), then gae. Every token is
    /// at home, so the uses are home-token moves by mo, yut and gae.
    fn eight_pending() -> Play {
        let mut play = Play::new(Team::Upper, 7);
        for i in 0..7 {
            let sticks = if i % 2 == 0 { "BBBB" } else { "FFFF" };
            play.throw(sticks.parse().expect("sticks")).expect("due");
        }
        play.throw("FFBB".parse().expect("gae")).expect("due");
        play
    }

    fn ai() -> Ai {
        Ai::new(Sticks::FAIR, 1).with_budget(20_000)
    }

    #[test]
    fn eight_pending_throws_stop_at_the_budget_with_the_same_games() {
        let play = eight_pending();
        assert_eq!(play.uses().len(), 3, "home by mo, yut, gae");
        let budget = 300_000;
        let (mut up, mut low) = (ai(), ai());
        let players = Players {
            upper: &mut up,
            lower: &mut low,
        };
        let analysis = Analysis {
            budget,
            ..Analysis::new(1000, 5, &Never)
        };
        let report = hint_within(&play, None, players, &analysis).expect("runs");
        // Cut: fewer games than asked, at least one, every use listed.
        assert!(report.cut);
        assert!((1..1000).contains(&report.games), "{}", report.games);
        assert_eq!(report.lines.len(), 3);
        // Stopped because the count passed the budget, and by no more
        // than one game's worth: a game from here is a first turn of at
        // most seven more decisions of 20,000 positions (140,000) and a
        // game of a few hundred positions a decision after it, well
        // under the budget itself.
        assert!(report.positions >= budget, "{}", report.positions);
        assert!(report.positions < 2 * budget, "{}", report.positions);
        // The rounds played are the first games of an unbounded hint:
        // the same chances, game for game (fresh players for both).
        let (mut up, mut low) = (ai(), ai());
        let players = Players {
            upper: &mut up,
            lower: &mut low,
        };
        let analysis = Analysis::new(report.games, 5, &Never);
        let full = hint(&play, None, players, &analysis).expect("runs");
        assert_eq!(report.lines, full);
    }

    #[test]
    fn with_budget_to_spare_every_game_is_played() {
        // One pending throw (a do) at the start: one use, a few games.
        let mut play = Play::new(Team::Upper, 3);
        play.throw("FBBB".parse().expect("do")).expect("due");
        let (mut up, mut low) = (ai(), ai());
        let players = Players {
            upper: &mut up,
            lower: &mut low,
        };
        let analysis = Analysis::new(20, 1, &Never);
        let report = hint_within(&play, None, players, &analysis).expect("runs");
        assert!(!report.cut);
        assert_eq!(report.games, 20);
        assert!(report.positions > 0);
        let line = report.lines.first().expect("a line");
        assert!(line.interval.is_some());
    }
}
