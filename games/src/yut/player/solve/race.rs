//! Estimates by games played out, raced: every start plays game `i`
//! from the same `i`-th seed (paired), in stages, and a start whose
//! chance is clearly below the leader's (a paired test on the games both
//! played) stops being played. Every game is played by fresh players, so
//! a game's result and its cost depend only on its start and seed: the
//! games of a stage are shared among threads, and the answer is the same
//! on any number of them. The work is bounded by counts, never by time:
//! games in all ([`RaceSetup::samples`]) and positions the players
//! searched ([`RaceSetup::budget`]).

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::interrupt::{Interrupt, Interrupted};
use crate::stats::Share;
use crate::yut::player::policy::Policy;
use crate::yut::player::sim::play_out_within;
use crate::yut::rules::play::Play;
use crate::yut::rules::rng::Rng;
use crate::yut::rules::token::Team;

/// Fresh players for one game: upper's and lower's.
pub type PlayerPair = [Box<dyn Policy + Send>; 2];

/// How a race is run.
pub struct RaceSetup<'a> {
    /// Makes the two players of each game.
    pub players: &'a (dyn Fn() -> PlayerPair + Sync),
    /// The most games a start.
    pub games: u64,
    /// The most games in all (every start together).
    pub samples: u64,
    /// The most positions the players may search in all; a stage that
    /// would pass it is shortened, and past it the race stops.
    pub budget: u64,
    /// Game `i` of every start is seeded from the `i`-th number of this
    /// seed's stream.
    pub seed: u64,
    /// Threads to play on (1: this thread only). The answer does not
    /// depend on it.
    pub threads: usize,
}

/// What stopped a race before its leaders had all their games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceCut {
    /// The games in all reached [`RaceSetup::samples`].
    Samples,
    /// The positions searched reached [`RaceSetup::budget`].
    Positions,
}

/// What a race found.
#[derive(Clone, Debug, PartialEq)]
pub struct Raced {
    /// Each start's chance for the team, with its 95% interval.
    pub shares: Vec<Share>,
    /// Games played from each start.
    pub games: Vec<u64>,
    /// Games played in all.
    pub played: u64,
    /// Positions the players searched in all.
    pub positions: u64,
    /// What stopped the race early, if anything.
    pub cut: Option<RaceCut>,
}

/// Games before a start may be dropped: a paired test on fewer is too
/// rough to trust.
const MIN_ROUNDS: u64 = 16;

/// How many standard errors the leader's paired lead must clear for a
/// start to be dropped. Three, not two: the test is looked at after
/// every stage (a dozen looks), and a start wrongly dropped keeps its
/// games so far but gets no more.
const DROP_Z: f64 = 3.0;

/// Rounds in the stage after `done` rounds: 8, 8, 16, 32, 64, then 100
/// at a time (the first stages small, so that a clear gap is seen early
/// and an expensive position's first stage stays cheap).
fn stage_after(done: u64) -> u64 {
    done.clamp(8, 100)
}

/// The chance that `team` wins from each of `starts`, raced as the
/// module says.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub fn race(
    starts: &[Play],
    team: Team,
    setup: &RaceSetup<'_>,
    stop: &dyn Interrupt,
) -> Result<Raced, Interrupted> {
    #[cfg(fuzzing)]
    let games = setup.games.min(8);
    #[cfg(not(fuzzing))]
    let games = setup.games;
    let n = starts.len();
    let mut won: Vec<Vec<bool>> = vec![Vec::new(); n];
    let mut alive: Vec<bool> = vec![true; n];
    let mut seeds: Vec<u64> = Vec::new();
    let mut stream = Rng::new(setup.seed);
    let (mut rounds, mut played, mut positions) = (0u64, 0u64, 0u64);
    let mut cut = None;
    while rounds < games && n > 0 {
        let live: Vec<usize> = (0..n).filter(|&i| alive.get(i) == Some(&true)).collect();
        let width = live.len() as u64;
        let mut step = stage_after(rounds).min(games - rounds);
        // The games in all: what is left, shared by the starts alive
        // (one round at least, so that every start has a game).
        let room = setup.samples.saturating_sub(played) / width.max(1);
        if rounds > 0 && room == 0 {
            cut = Some(RaceCut::Samples);
            break;
        }
        step = step.min(room.max(1));
        // The positions: shorten the stage to what the games so far say
        // it may cost (the first stage is always played).
        if rounds > 0 && played > 0 {
            let per_game = (positions / played).max(1);
            let left = setup.budget.saturating_sub(positions);
            let fits = left / per_game.saturating_mul(width).max(1);
            if fits == 0 {
                cut = Some(RaceCut::Positions);
                break;
            }
            step = step.min(fits);
        }
        while (seeds.len() as u64) < rounds + step {
            seeds.push(stream.next_u64());
        }
        let units: Vec<(usize, u64)> = live
            .iter()
            .flat_map(|&i| (rounds..rounds + step).map(move |r| (i, r)))
            .filter_map(|(i, r)| seeds.get(r as usize).map(|&s| (i, s)))
            .collect();
        let results = play_units(starts, &units, team, setup, stop)?;
        for (&(i, _), &(w, p)) in units.iter().zip(&results) {
            if let Some(list) = won.get_mut(i) {
                list.push(w);
            }
            played += 1;
            positions = positions.saturating_add(p);
        }
        rounds += step;
        if rounds < games && positions >= setup.budget {
            cut = Some(RaceCut::Positions);
            break;
        }
        if rounds >= MIN_ROUNDS {
            drop_the_clearly_worse(&won, &mut alive, &live);
        }
        if rounds < games && played >= setup.samples {
            cut = Some(RaceCut::Samples);
            break;
        }
    }
    let shares = won
        .iter()
        .map(|w| Share::new(w.iter().filter(|&&x| x).count() as u64, w.len() as u64))
        .collect();
    Ok(Raced {
        shares,
        games: won.iter().map(|w| w.len() as u64).collect(),
        played,
        positions,
        cut,
    })
}

/// Among the starts `live` (all with the same rounds played), stop each
/// whose paired deficit to the leader (the most wins, the first of
/// equals) is more than [`DROP_Z`] standard errors from zero.
fn drop_the_clearly_worse(won: &[Vec<bool>], alive: &mut [bool], live: &[usize]) {
    let wins = |i: usize| won.get(i).map_or(0, |w| w.iter().filter(|&&x| x).count());
    let Some(&leader) = live
        .iter()
        .min_by_key(|&&i| (std::cmp::Reverse(wins(i)), i))
    else {
        return;
    };
    let Some(lead) = won.get(leader) else {
        return;
    };
    for &i in live {
        let Some(other) = won.get(i) else { continue };
        if i != leader
            && clearly_below(lead, other)
            && let Some(a) = alive.get_mut(i)
        {
            *a = false;
        }
    }
}

/// Whether `other` is clearly below `lead` on their paired games: the
/// mean of the differences above zero by [`DROP_Z`] standard errors.
fn clearly_below(lead: &[bool], other: &[bool]) -> bool {
    let n = lead.len().min(other.len());
    if n < 2 {
        return false;
    }
    let d: Vec<f64> = (lead.iter().zip(other))
        .map(|(&a, &b)| f64::from(u8::from(a)) - f64::from(u8::from(b)))
        .collect();
    let nf = n as f64;
    let mean = d.iter().sum::<f64>() / nf;
    let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (nf - 1.0);
    mean > 0.0 && mean - DROP_Z * (var / nf).sqrt() > 0.0
}

/// A unit played: its place in the list, whether the team won, the
/// positions searched.
type Played = (usize, (bool, u64));

/// Play each unit (a start and a seed) with fresh players: whether
/// `team` won, and the positions searched. On `setup.threads` threads,
/// each taking the next unit; the results in the units' order.
fn play_units(
    starts: &[Play],
    units: &[(usize, u64)],
    team: Team,
    setup: &RaceSetup<'_>,
    stop: &dyn Interrupt,
) -> Result<Vec<(bool, u64)>, Interrupted> {
    let one = |&(i, seed): &(usize, u64)| -> Result<(bool, u64), Interrupted> {
        let [mut up, mut low] = (setup.players)();
        let Some(start) = starts.get(i) else {
            return Ok((false, 0));
        };
        let mut game = *start;
        game.set_seed(seed);
        let winner = play_out_within(&mut game, &mut *up, &mut *low, stop)?;
        let spent = up.positions().saturating_add(low.positions());
        Ok((winner == Some(team), spent))
    };
    let threads = setup.threads.clamp(1, units.len().max(1));
    if threads == 1 {
        return units.iter().map(one).collect();
    }
    let next = AtomicUsize::new(0);
    let mut found: Vec<Option<(bool, u64)>> = vec![None; units.len()];
    let parts: Vec<Result<Vec<Played>, Interrupted>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(unit) = units.get(k) else {
                            return Ok(mine);
                        };
                        mine.push((k, one(unit)?));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for part in parts {
        for (k, r) in part? {
            if let Some(slot) = found.get_mut(k) {
                *slot = Some(r);
            }
        }
    }
    found
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or(Interrupted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interrupt::Never;
    use crate::yut::player::policy::Kind;
    use crate::yut::rules::sticks::Sticks;
    use std::sync::atomic::AtomicU64;

    /// Upper to move early in a game: A on do, lower's a on gae, a geol
    /// pending (two uses: A on to yut, or a new token to geol).
    fn early() -> Play {
        let mut p = Play::new(Team::Upper, 11);
        for (sticks, token) in [
            ("FBBB", crate::yut::Token::A),
            ("FFBB", crate::yut::Token::a),
        ] {
            p.throw(sticks.parse().expect("sticks")).expect("due");
            let u = (p.uses().as_slice().iter())
                .find(|u| u.token == token)
                .copied()
                .expect("a use");
            p.apply(u).expect("legal");
        }
        p.throw("FFFB".parse().expect("geol")).expect("due");
        p
    }

    fn ends(play: &Play) -> Vec<Play> {
        (play.uses().as_slice().iter())
            .filter_map(|&u| {
                let mut next = *play;
                next.apply(u).ok().map(|_| next)
            })
            .collect()
    }

    #[test]
    fn the_same_answer_on_one_thread_and_on_two() {
        let play = early();
        let starts = ends(&play);
        assert_eq!(starts.len(), 2);
        let made = |_| Kind::Ai(1).build_bounded(Sticks::FAIR, 0, 2_000);
        let players = || [made(0), made(1)];
        let run = |threads| {
            let setup = RaceSetup {
                players: &players,
                games: 60,
                samples: u64::MAX,
                budget: u64::MAX,
                seed: 3,
                threads,
            };
            race(&starts, Team::Upper, &setup, &Never).expect("runs")
        };
        let one = run(1);
        assert_eq!(one.games.iter().max(), Some(&60));
        assert_eq!(run(2), one);
        assert_eq!(run(3), one);
    }

    #[test]
    fn the_games_in_all_stay_within_the_sample_budget() {
        // Two starts, 1000 games each asked, 300 in all allowed: the
        // games played (counted by the players' factory, one pair a
        // game) are at most 300, and the race says the budget cut it.
        let play = early();
        let starts = ends(&play);
        let made = AtomicU64::new(0);
        let players = || {
            made.fetch_add(1, Ordering::Relaxed);
            [Kind::Greedy, Kind::Greedy].map(|k| k.build(Sticks::FAIR, 0))
        };
        let setup = RaceSetup {
            players: &players,
            games: 1000,
            samples: 300,
            budget: u64::MAX,
            seed: 1,
            threads: 2,
        };
        let raced = race(&starts, Team::Upper, &setup, &Never).expect("runs");
        let made = made.load(Ordering::Relaxed);
        assert_eq!(made, raced.played);
        assert!(made <= 300, "{made} games");
        assert_eq!(raced.games.iter().sum::<u64>(), made);
        assert_eq!(raced.cut, Some(RaceCut::Samples));
    }

    #[test]
    fn a_start_clearly_worse_gets_fewer_games() {
        // Two starts: one where upper has already won (its four tokens
        // escaped), one where lower has. Every game of the first is won
        // and of the second lost: each paired difference is 1, so the
        // second is dropped at the first look (after 16 rounds), and the
        // first plays all its games.
        use crate::yut::{Game, Roll, Token, TokenState};
        let escape = |tokens: [Token; 4]| {
            let mut g = Game::new();
            for t in tokens {
                while g.state(t) != TokenState::Escaped {
                    g.apply(t, Roll::Mo.throw()).expect("free");
                }
            }
            g
        };
        let g = escape([Token::A, Token::B, Token::C, Token::D]);
        let h = escape([Token::a, Token::b, Token::c, Token::d]);
        let mut won = Play::new(Team::Upper, 0);
        let mut lost = Play::new(Team::Upper, 0);
        won.set_board(g);
        lost.set_board(h);
        let players = || [Kind::Greedy, Kind::Greedy].map(|k| k.build(Sticks::FAIR, 0));
        let setup = RaceSetup {
            players: &players,
            games: 1000,
            samples: u64::MAX,
            budget: u64::MAX,
            seed: 1,
            threads: 1,
        };
        let raced = race(&[won, lost], Team::Upper, &setup, &Never).expect("runs");
        assert_eq!(raced.games[0], 1000);
        // Dropped at the first look (16 rounds: every difference 1).
        assert_eq!(raced.games[1], MIN_ROUNDS);
        assert_eq!(raced.shares[0].p, 1.0);
        assert_eq!(raced.shares[1].p, 0.0);
        assert_eq!(raced.cut, None);
    }
}
