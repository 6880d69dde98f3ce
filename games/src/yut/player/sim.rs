//! Whole games simulated under policies: who wins, how often, how fast.
//!
//! A simulated game throws from its [`Play`]'s own random state and asks
//! the team to move's [`Policy`] for each use. [`odds`] runs many games
//! from one position, each with sticks seeded from one master seed, so a
//! result is reproducible; [`duel`] plays two policies against each other
//! from the start with the first move alternated.

use crate::interrupt::{Interrupt, Interrupted, Never};
use crate::stats::Share;

use super::policy::Policy;
use crate::yut::rules::play::{Phase, Play};
use crate::yut::rules::rng::Rng;
use crate::yut::rules::token::Team;

/// The most actions (throws and moves) a game may take before it is
/// called unfinished. A game averages well under a hundred; a turn
/// cannot go on forever unless the sticks do (mo after mo).
pub const MAX_ACTIONS: u32 = 10_000;

/// Play `play` to the end: throws at random, moves by the policy of the
/// team to move. The winner, or `None` after [`MAX_ACTIONS`] or when a
/// policy finds no move.
pub fn play_out(play: &mut Play, upper: &mut dyn Policy, lower: &mut dyn Policy) -> Option<Team> {
    play_out_within(play, upper, lower, &Never).unwrap_or(None)
}

/// As [`play_out`], polling `stop` before every action and handing it to
/// the policies, so that a stop is seen within one decision.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so; `play` is then part played.
pub fn play_out_within(
    play: &mut Play,
    upper: &mut dyn Policy,
    lower: &mut dyn Policy,
    stop: &dyn Interrupt,
) -> Result<Option<Team>, Interrupted> {
    let winner = play_actions(play, upper, lower, stop);
    if stop.interrupted() {
        return Err(Interrupted);
    }
    Ok(winner)
}

/// The actions of [`play_out_within`]; `None` also when stopped.
fn play_actions(
    play: &mut Play,
    upper: &mut dyn Policy,
    lower: &mut dyn Policy,
    stop: &dyn Interrupt,
) -> Option<Team> {
    for _ in 0..MAX_ACTIONS {
        if stop.interrupted() {
            return None;
        }
        match play.phase() {
            Phase::Over(w) => return Some(w),
            Phase::Throw(_) => {
                play.throw_random().ok()?;
            }
            Phase::Move(team) => {
                let policy: &mut dyn Policy = match team {
                    Team::Upper => &mut *upper,
                    Team::Lower => &mut *lower,
                };
                let u = policy.choose_within(play, stop)?;
                play.apply(u).ok()?;
            }
        }
    }
    None
}

/// Wins counted over simulated games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won by upper and by lower.
    pub wins: [u64; 2],
    /// Games that reached [`MAX_ACTIONS`] (none expected).
    pub unfinished: u64,
}

impl Tally {
    /// Count one game's result.
    pub fn add(&mut self, winner: Option<Team>) {
        self.games += 1;
        match winner {
            Some(Team::Upper) => self.wins[0] += 1,
            Some(Team::Lower) => self.wins[1] += 1,
            None => self.unfinished += 1,
        }
    }

    /// `team`'s share of the games with its 95% interval.
    pub fn share(&self, team: Team) -> Share {
        let wins = match team {
            Team::Upper => self.wins[0],
            Team::Lower => self.wins[1],
        };
        Share::new(wins, self.games)
    }
}

/// Play `games` games from `start` under the two policies, game `i`'s
/// sticks seeded from the `i`-th number of `seed`'s stream.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so: polled before every throw and
/// move, and by the policies while they think, so a stop is seen within
/// one decision (a bounded search), not after a batch of games.
#[cfg(test)]
pub fn odds(
    start: &Play,
    upper: &mut dyn Policy,
    lower: &mut dyn Policy,
    games: u64,
    seed: u64,
    stop: &dyn Interrupt,
) -> Result<Tally, Interrupted> {
    let (tally, finished) = odds_so_far(start, upper, lower, games, seed, stop, &mut |_| {});
    if finished {
        Ok(tally)
    } else {
        Err(Interrupted)
    }
}

/// The most games [`odds_so_far`] plays under the fuzzer (`odds 1` and
/// every count up to it still play out as asked).
#[cfg(fuzzing)]
const FUZZ_GAMES: u64 = 8;

/// As [`odds`], calling `each` with the games played after every game;
/// stopped, it gives the games finished so far (a game cut short does
/// not count) and `false`.
pub fn odds_so_far(
    start: &Play,
    upper: &mut dyn Policy,
    lower: &mut dyn Policy,
    games: u64,
    seed: u64,
    stop: &dyn Interrupt,
    each: &mut dyn FnMut(u64),
) -> (Tally, bool) {
    // Under the fuzzer (`--cfg fuzzing`) a few games stand for many: the
    // default 1,000 games of two searching players took seconds an input.
    #[cfg(fuzzing)]
    let games = games.min(FUZZ_GAMES);
    let mut seeds = Rng::new(seed);
    let mut tally = Tally::default();
    for _ in 0..games {
        let mut play = *start;
        play.set_seed(seeds.next_u64());
        match play_out_within(&mut play, upper, lower, stop) {
            Ok(winner) => tally.add(winner),
            Err(Interrupted) => return (tally, false),
        }
        each(tally.games);
    }
    (tally, true)
}

/// The result of [`duel`]: wins of the first policy (`a`) and the second
/// (`b`), in all and in the games each moved first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Duel {
    /// Games played (half with `a` first, half with `b`, `a` first in the
    /// odd one out).
    pub games: u64,
    /// Games `a` won.
    pub a_wins: u64,
    /// Games won by whichever side moved first.
    pub first_wins: u64,
    /// Unfinished games.
    pub unfinished: u64,
}

/// `a` against `b` over `games` new games, the first move alternated: `a`
/// always plays upper, and upper starts the even-numbered games.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub fn duel(
    a: &mut dyn Policy,
    b: &mut dyn Policy,
    games: u64,
    seed: u64,
    stop: &dyn Interrupt,
) -> Result<Duel, Interrupted> {
    let mut seeds = Rng::new(seed);
    let mut d = Duel::default();
    for i in 0..games {
        let first = if i % 2 == 0 { Team::Upper } else { Team::Lower };
        let mut play = Play::new(first, seeds.next_u64());
        let w = play_out_within(&mut play, a, b, stop)?;
        d.games += 1;
        match w {
            Some(w) => {
                d.a_wins += u64::from(w == Team::Upper);
                d.first_wins += u64::from(w == first);
            }
            None => d.unfinished += 1,
        }
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interrupt::Never;
    use crate::yut::player::policy::{Greedy, Random};

    #[test]
    fn games_end_and_tallies_add_up() {
        let mut a = Random(Rng::new(1));
        let mut b = Greedy;
        let t = odds(&Play::default(), &mut a, &mut b, 50, 7, &Never).expect("not interrupted");
        assert_eq!(t.games, 50);
        assert_eq!(t.unfinished, 0);
        assert_eq!(t.wins[0] + t.wins[1], 50);
    }

    #[test]
    fn a_stop_keeps_the_games_played_and_counts_each() {
        // Stopped as the third game ends: three games count, each one
        // reported as it ended, and the first three equal an unstopped
        // run of three (the same seeds in the same order).
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut seen = Vec::new();
        let (t, finished) = odds_so_far(
            &Play::default(),
            &mut Random(Rng::new(1)),
            &mut Greedy,
            100,
            7,
            &stop,
            &mut |n| {
                seen.push(n);
                if n == 3 {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            },
        );
        assert!(!finished);
        assert_eq!(seen, [1, 2, 3]);
        assert_eq!(t.games, 3);
        let three = odds(
            &Play::default(),
            &mut Random(Rng::new(1)),
            &mut Greedy,
            3,
            7,
            &Never,
        );
        assert_eq!(three, Ok(t));
    }

    #[test]
    fn same_seed_same_tally() {
        let run = || {
            let mut a = Random(Rng::new(3));
            let mut b = Random(Rng::new(4));
            duel(&mut a, &mut b, 40, 11, &Never).expect("not interrupted")
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn interrupted_stops() {
        let stop = std::sync::atomic::AtomicBool::new(true);
        let mut a = Greedy;
        let mut b = Greedy;
        assert_eq!(
            odds(&Play::default(), &mut a, &mut b, 10, 0, &stop),
            Err(Interrupted)
        );
    }

    /// Says stop from its `after`-th poll on.
    struct StopAfter {
        polls: std::sync::atomic::AtomicU64,
        after: u64,
    }

    impl Interrupt for StopAfter {
        fn interrupted(&self) -> bool {
            let n = self
                .polls
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            n >= self.after
        }
    }

    #[test]
    fn a_stop_is_seen_within_a_game() {
        // One game: a stop raised at the third poll must end it there, not
        // after the game (or a batch of games) is played out. A game
        // takes dozens of actions, each polled.
        let stop = StopAfter {
            polls: std::sync::atomic::AtomicU64::new(0),
            after: 2,
        };
        let (mut a, mut b) = (Greedy, Greedy);
        assert_eq!(
            odds(&Play::default(), &mut a, &mut b, 1, 0, &stop),
            Err(Interrupted)
        );
        assert!(stop.polls.load(std::sync::atomic::Ordering::Relaxed) < 10);
    }
}
