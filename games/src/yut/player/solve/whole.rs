//! `hint` over whole turns: every plan of the pending throws
//! ([`plans`](super::plans::plans)) with the chance the team to move
//! wins after it, best first; exact where a table covers the position,
//! else estimated by games played out from each plan's end, with a 95%
//! interval. A plan that wins the game at once is exact (certain), with
//! or without a table. Plans whose chances cannot be told apart from the
//! best's (exact values within [`EXACT_TIE`], or intervals that overlap
//! the best's) are marked equal to it.

use super::analysis::Analysis;
use super::hint::{Players, estimate};
use super::plans::{Plan, exact_chance, plans};
use super::race::{RaceCut, RaceSetup, Raced, race};
use super::table::Table;
use super::turn::{Mode, Turn};
use crate::interrupt::{Interrupt, Interrupted};
use crate::stats::Share;
use crate::yut::rules::play::{Phase, Play};
use crate::yut::rules::token::Team;

/// Exact chances closer than this are the same.
pub const EXACT_TIE: f64 = 1e-9;

/// One plan and the chance the team to move wins after it.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnLine {
    /// The uses and the game they lead to.
    pub plan: Plan,
    /// The chance the team to move wins after it.
    pub chance: f64,
    /// The 95% interval of an estimate; `None` when exact.
    pub interval: Option<(f64, f64)>,
    /// Whether it cannot be told apart from the best (never the best
    /// itself).
    pub equal: bool,
    /// Games played out from its end (0 when exact; fewer than the
    /// hint's [`TurnHint::games`] for a plan a race left behind).
    pub games: u64,
}

/// What [`hint_turns`] found, and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnHint {
    /// Every plan with its chance, best first.
    pub lines: Vec<TurnLine>,
    /// `false` when there were too many plans to list and the lines are
    /// each single use instead (the rest of the turn played by whoever
    /// values it: best play where exact, the players where estimated).
    pub whole: bool,
    /// The most games played out from a plan (0 when exact).
    pub games: u64,
    /// Games played out in all.
    pub played: u64,
    /// Positions the players searched in those games.
    pub positions: u64,
    /// Whether the budget of positions stopped the games before the
    /// number asked.
    pub cut: bool,
    /// Whether the budget of games in all stopped them before the number
    /// asked.
    pub samples_cut: bool,
}

/// Whether two chances cannot be told apart: exact ones within
/// [`EXACT_TIE`]; an estimate's interval meeting the other's (or the
/// other's exact value).
pub fn indistinct(
    a: f64,
    a_interval: Option<(f64, f64)>,
    b: f64,
    b_interval: Option<(f64, f64)>,
) -> bool {
    match (a_interval, b_interval) {
        (None, None) => (a - b).abs() <= EXACT_TIE,
        (x, y) => {
            let (al, ah) = x.unwrap_or((a, a));
            let (bl, bh) = y.unwrap_or((b, b));
            al <= bh && bl <= ah
        }
    }
}

/// Every plan of the pending throws at `play` with the chance the team
/// to move wins after it, best first: exact when `table` covers the
/// position (or the plan wins at once), else each plan's end is played
/// out `games` times between `players` (seeded from `seed`, paired across
/// plans) within `budget` positions as
/// [`hint_within`](super::hint::hint_within) plays them. Empty unless the
/// game waits for a move. [`hint_turns_raced`] is the bounded, parallel
/// form `hint` uses.
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub fn hint_turns(
    play: &Play,
    table: Option<&Table>,
    players: Players<'_>,
    analysis: &Analysis<'_>,
) -> Result<TurnHint, Interrupted> {
    let within = (analysis.games, analysis.seed, analysis.budget);
    rank(play, table, |ends, team| {
        let found = estimate(ends, team, players, within, analysis.stop, &mut |_| {})?;
        Ok(Raced {
            games: vec![found.games; ends.len()],
            played: found.games.saturating_mul(ends.len() as u64),
            shares: found.shares,
            positions: found.positions,
            cut: found.cut.then_some(RaceCut::Positions),
        })
    })
}

/// As [`hint_turns`], the estimates raced ([`race`]): a plan clearly
/// below the best stops being played, the games in all and the positions
/// searched are bounded by `setup`, and the games are shared among its
/// threads (the answer the same on any number).
///
/// # Errors
///
/// [`Interrupted`] when `stop` says so.
pub fn hint_turns_raced(
    play: &Play,
    table: Option<&Table>,
    setup: &RaceSetup<'_>,
    stop: &dyn Interrupt,
) -> Result<TurnHint, Interrupted> {
    rank(play, table, |ends, team| race(ends, team, setup, stop))
}

/// The plans at `play`, valued exactly by `table` where it covers the
/// position, else estimated by `estimate` (given the ends of the plans
/// that do not win at once, and the team), best first.
fn rank(
    play: &Play,
    table: Option<&Table>,
    estimate: impl FnOnce(&[Play], Team) -> Result<Raced, Interrupted>,
) -> Result<TurnHint, Interrupted> {
    let mut out = TurnHint {
        lines: Vec::new(),
        whole: true,
        games: 0,
        played: 0,
        positions: 0,
        cut: false,
        samples_cut: false,
    };
    let Phase::Move(team) = play.phase() else {
        return Ok(out);
    };
    let (list, whole) = plans(play);
    out.whole = whole;
    let exact: Option<Vec<f64>> = table.and_then(|t| {
        let mut turn = Turn::new(play.sticks().odds(), t.cap(), Mode::Max).reading_catch_starts();
        list.iter()
            .map(|p| exact_chance(t, &mut turn, &p.end, team))
            .collect()
    });
    out.lines = match exact {
        Some(values) => list
            .into_iter()
            .zip(values)
            .map(|(plan, chance)| TurnLine {
                plan,
                chance,
                interval: None,
                equal: false,
                games: 0,
            })
            .collect(),
        None => {
            // A plan that ends the game is certain: only the others are
            // played out.
            let over = |p: &Plan| match p.end.phase() {
                Phase::Over(w) => Some(if w == team { 1.0 } else { 0.0 }),
                _ => None,
            };
            let ends: Vec<Play> = (list.iter())
                .filter(|p| over(p).is_none())
                .map(|p| p.end)
                .collect();
            let found = if ends.is_empty() {
                None
            } else {
                Some(estimate(&ends, team)?)
            };
            let mut shares = (found.iter())
                .flat_map(|f| f.shares.iter().zip(&f.games))
                .map(|(s, &g)| (*s, g));
            if let Some(f) = &found {
                out.games = f.games.iter().copied().max().unwrap_or(0);
                out.played = f.played;
                out.positions = f.positions;
                out.cut = f.cut == Some(RaceCut::Positions);
                out.samples_cut = f.cut == Some(RaceCut::Samples);
            }
            let mut lines = Vec::with_capacity(list.len());
            for plan in list {
                let line = match over(&plan) {
                    Some(chance) => TurnLine {
                        plan,
                        chance,
                        interval: None,
                        equal: false,
                        games: 0,
                    },
                    None => {
                        let (s, games) = shares.next().unwrap_or((
                            Share {
                                p: 0.0,
                                low: 0.0,
                                high: 1.0,
                            },
                            0,
                        ));
                        TurnLine {
                            plan,
                            chance: s.p,
                            interval: Some((s.low, s.high)),
                            equal: false,
                            games,
                        }
                    }
                };
                lines.push(line);
            }
            lines
        }
    };
    // Best first, an exact chance before an estimate of the same; a
    // stable sort keeps the plans' order among ties.
    out.lines.sort_by(|a, b| {
        (b.chance.total_cmp(&a.chance)).then(a.interval.is_some().cmp(&b.interval.is_some()))
    });
    if let Some((best, rest)) = out.lines.split_first_mut() {
        for line in rest {
            line.equal = indistinct(line.chance, line.interval, best.chance, best.interval);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interrupt::Never;
    use crate::yut::player::policy::Kind;
    use crate::yut::rules::sticks::Sticks;
    use crate::yut::{Game, Roll, Token, TokenState};

    /// Whether `t` escapes by `roll` in `g`.
    fn escapes_by(g: &Game, t: Token, roll: Roll) -> bool {
        let mut h = *g;
        h.apply(t, roll.throw()).is_ok() && h.state(t) == TokenState::Escaped
    }

    /// Upper's A and B escaped, C one step from escaping (a do takes it
    /// out), D further (a yut takes it out, a do does not); lower's
    /// tokens at home; upper has thrown a yut (again) and a do.
    fn near_the_end() -> Play {
        let mut g = Game::new();
        for t in [Token::A, Token::B] {
            while g.state(t) != TokenState::Escaped {
                g.apply(t, Roll::Mo.throw()).expect("free");
            }
        }
        while !escapes_by(&g, Token::C, Roll::Do) {
            g.apply(Token::C, Roll::Do.throw()).expect("free");
        }
        while !escapes_by(&g, Token::D, Roll::Yut) {
            g.apply(Token::D, Roll::Do.throw()).expect("free");
        }
        assert!(!escapes_by(&g, Token::D, Roll::Do));
        assert_ne!(g.state(Token::C), g.state(Token::D));
        let mut p = Play::new(Team::Upper, 5);
        p.set_board(g);
        p.throw("FFFF".parse().expect("yut")).expect("due");
        p.throw("FBBB".parse().expect("do")).expect("due");
        p
    }

    fn greedy() -> super::super::race::PlayerPair {
        [Kind::Greedy, Kind::Greedy].map(|k| k.build(Sticks::FAIR, 0))
    }

    #[test]
    fn a_plan_that_wins_at_once_is_exact_and_certain() {
        // C by the do and D by the yut: both escape, upper has won. The
        // other plans (C by the yut and D by the do; D by both) leave a
        // token on the board: estimated. The win is first, at exactly
        // 100% with no interval and no games; the others have games.
        let play = near_the_end();
        let setup = RaceSetup {
            players: &greedy,
            games: 40,
            samples: u64::MAX,
            budget: u64::MAX,
            seed: 1,
            threads: 1,
        };
        let hint = hint_turns_raced(&play, None, &setup, &Never).expect("runs");
        let best = hint.lines.first().expect("plans");
        assert_eq!(
            best.plan.ending(Team::Upper),
            super::super::plans::Ending::Won
        );
        assert_eq!(best.chance, 1.0);
        assert_eq!(best.interval, None);
        assert_eq!(best.games, 0);
        let rest = hint.lines.get(1..).unwrap_or_default();
        assert!(!rest.is_empty(), "{hint:?}");
        for line in rest {
            assert_ne!(
                line.plan.ending(Team::Upper),
                super::super::plans::Ending::Won
            );
            assert!(line.interval.is_some(), "{line:?}");
            assert_eq!(line.games, 40, "{line:?}");
        }
        // The same of the unraced form.
        let (mut up, mut low) = (
            Kind::Greedy.build(Sticks::FAIR, 0),
            Kind::Greedy.build(Sticks::FAIR, 0),
        );
        let players = Players {
            upper: &mut *up,
            lower: &mut *low,
        };
        let analysis = Analysis::new(10, 1, &Never);
        let plain = hint_turns(&play, None, players, &analysis).expect("runs");
        let first = plain.lines.first().expect("plans");
        assert_eq!((first.chance, first.interval), (1.0, None));
    }

    #[test]
    fn the_raced_hint_is_the_same_on_one_thread_and_two() {
        // The players of the computer (depth 1, a bounded search), whose
        // table of values would carry from game to game if a player
        // played several: each game has fresh ones, so the games are
        // the same whoever plays them.
        let play = near_the_end();
        let made = || [1, 2].map(|_| Kind::Ai(1).build_bounded(Sticks::FAIR, 0, 2_000));
        let run = |threads| {
            let setup = RaceSetup {
                players: &made,
                games: 40,
                samples: 100,
                budget: u64::MAX,
                seed: 9,
                threads,
            };
            hint_turns_raced(&play, None, &setup, &Never).expect("runs")
        };
        let one = run(1);
        assert!(one.played > 0 && one.played <= 100, "{one:?}");
        assert_eq!(run(2), one);
    }

    #[test]
    fn chances_are_told_apart_only_beyond_their_noise() {
        // Exact: equal within 1e-9 only.
        assert!(indistinct(0.5, None, 0.5 + 5e-10, None));
        assert!(!indistinct(0.5, None, 0.5 + 2e-9, None));
        // Estimates: intervals that meet (touching counts) are equal.
        assert!(indistinct(
            0.60,
            Some((0.55, 0.65)),
            0.52,
            Some((0.47, 0.57))
        ));
        assert!(indistinct(
            0.60,
            Some((0.55, 0.65)),
            0.50,
            Some((0.45, 0.55))
        ));
        assert!(!indistinct(
            0.60,
            Some((0.55, 0.65)),
            0.49,
            Some((0.44, 0.54))
        ));
        // An estimate against an exact value: the value inside or not.
        assert!(indistinct(0.60, Some((0.55, 0.65)), 0.56, None));
        assert!(!indistinct(0.60, Some((0.55, 0.65)), 0.50, None));
    }
}
