//! Yut's whole-turn hint (`yut::solve::plans`, `hint_turns`) against a
//! brute force: on small positions with two or three throws pending,
//! every order of the throws on every token (not on groups: each token
//! named, as a person could), played by the game's own moves, stopping
//! at a catch or a win, gives the same set of games as the hint's plans,
//! each once. With the one-token table, the best plan's chance is the
//! best single use's, and no plan beats it.

use boardsh::interrupt::Never;
use boardsh::yut::solve::{
    Analysis, Ending, Mode, Players, Roles, Table, Turn, exact_choices, hint_turns, plans,
};
use boardsh::yut::{Game, Phase, Play, Random, Rng, Roll, Sticks, Team, Token, TokenState};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A game as the brute force tells games apart: each team's token states
/// sorted (tokens of a team are alike), the throws still pending (sorted)
/// and how the turn's planned part ended.
type Outcome = (Vec<u8>, Vec<u8>, Vec<Roll>, &'static str);

fn code(s: TokenState) -> u8 {
    match s {
        TokenState::Home => 0,
        TokenState::On(st) => st.index() as u8 + 1,
        TokenState::Escaped => 99,
    }
}

fn side(g: &Game, team: Team) -> Vec<u8> {
    let mut v: Vec<u8> = g
        .team_tokens(team)
        .iter()
        .map(|t| code(g.state(t)))
        .collect();
    v.sort_unstable();
    v
}

/// Every outcome of using `pending` (in any order) on `team`'s tokens of
/// `g`, by brute force: each pending throw first, on each token still in
/// the game; a catch ends the planned part (a throw is due, the rest
/// still pending), so does a win; with nothing left the turn passes.
fn brute(g: Game, team: Team, pending: &[Roll], out: &mut BTreeSet<Outcome>) {
    let mut tried = BTreeSet::new();
    for (i, &roll) in pending.iter().enumerate() {
        if !tried.insert(roll) {
            continue;
        }
        let mut rest = pending.to_vec();
        rest.remove(i);
        for t in g.team_tokens(team).iter() {
            if g.state(t) == TokenState::Escaped {
                continue;
            }
            let mut next = g;
            let report = next.apply_roll(t, roll).expect("a legal move");
            let mut left = rest.clone();
            left.sort();
            let (u, l) = (side(&next, Team::Upper), side(&next, Team::Lower));
            if next.winner().is_some() {
                out.insert((u, l, Vec::new(), "won"));
            } else if !report.caught.is_empty() {
                out.insert((u, l, left, "caught"));
            } else if rest.is_empty() {
                out.insert((u, l, left, "passed"));
            } else {
                brute(next, team, &rest, out);
            }
        }
    }
}

/// The outcome of a plan's end, as the brute force writes it.
fn outcome_of(end: &Play, ending: Ending) -> Outcome {
    let g = end.game();
    let mut left: Vec<Roll> = match ending {
        Ending::Won => Vec::new(),
        _ => end.pending().iter().collect(),
    };
    left.sort();
    let how = match ending {
        Ending::Won => "won",
        Ending::Caught => "caught",
        Ending::Passed => "passed",
        Ending::Pending => "pending",
    };
    (side(g, Team::Upper), side(g, Team::Lower), left, how)
}

/// A position from free moves (`moves`: token index 0-7, steps 1-5), and
/// upper or lower to move with `throws` thrown by hand (yut or mo first,
/// each of which throws again).
fn position(moves: &[(usize, u8)], team: Team, throws: &[Roll]) -> Option<Play> {
    let mut g = Game::new();
    for &(t, steps) in moves {
        let token = [
            Token::A,
            Token::B,
            Token::C,
            Token::D,
            Token::a,
            Token::b,
            Token::c,
            Token::d,
        ][t % 8];
        if g.state(token) != TokenState::Escaped {
            g.apply_roll(token, Roll::from_steps(steps)?).ok()?;
        }
    }
    let mut play = Play::new(team, 0);
    play.set_board(g);
    for &r in throws {
        play.throw(r.throw()).ok()?;
    }
    (play.phase() == Phase::Move(team) && g.winner().is_none()).then_some(play)
}

fn big() -> impl Strategy<Value = Roll> {
    prop_oneof![Just(Roll::Yut), Just(Roll::Mo)]
}

fn small() -> impl Strategy<Value = Roll> {
    prop_oneof![Just(Roll::Do), Just(Roll::Gae), Just(Roll::Geol)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn plans_are_the_brute_forces_games_each_once(
        moves in proptest::collection::vec((0usize..8, 1u8..=5), 0..12),
        lower in any::<bool>(),
        first in big(),
        second in small(),
        third in proptest::option::of((big(), small())),
    ) {
        let team = if lower { Team::Lower } else { Team::Upper };
        // Two throws pending (a yut or mo, then do, gae or geol), or
        // three (two yuts or mos, then a small one).
        let throws: Vec<Roll> = match third {
            None => vec![first, second],
            Some((b, s)) => vec![first, b, s],
        };
        let Some(play) = position(&moves, team, &throws) else {
            return Ok(());
        };
        let mut want = BTreeSet::new();
        let pending: Vec<Roll> = play.pending().iter().collect();
        brute(*play.game(), team, &pending, &mut want);
        let (list, whole) = plans(&play);
        prop_assert!(whole);
        let got: Vec<Outcome> = list.iter().map(|p| outcome_of(&p.end, p.ending(team))).collect();
        let set: BTreeSet<Outcome> = got.iter().cloned().collect();
        prop_assert_eq!(set.len(), got.len(), "a game listed twice: {:?}", got);
        prop_assert_eq!(set, want);
        // Each plan's uses, played in order, lead to its game.
        for p in &list {
            let mut g = play;
            for &u in &p.uses {
                g.apply(u).expect("the plan's uses are legal in order");
            }
            prop_assert_eq!(g, p.end);
        }
    }
}

/// The one-token table at the default cap (one token a side never
/// reaches a cap of 6, so it is exact and solves at once).
fn one_token_table() -> Table {
    let mut table = Table::new(1, boardsh::yut::solve::DEFAULT_CAP, Roles::SelfPlay);
    table.solve(Sticks::FAIR, &Never).expect("no interrupt");
    table
}

#[test]
fn the_best_plan_is_worth_the_best_use_and_none_more() {
    // Upper's A and lower's a in a one-token game (the other tokens
    // escaped), on every pair of places a few free moves reach, with a
    // yut or mo and a small throw pending. The best whole turn is the
    // best first use followed by the best play after it, so its chance is
    // the per-use ranking's first; every plan is worth at most that.
    let table = one_token_table();
    let mut checked = 0;
    for a_steps in 0..=6u8 {
        for b_steps in 0..=6u8 {
            for (first, second) in [
                (Roll::Yut, Roll::Do),
                (Roll::Mo, Roll::Geol),
                (Roll::Yut, Roll::Gae),
            ] {
                let mut g = Game::with_tokens(1);
                if a_steps > 0 {
                    g.apply_roll(Token::A, Roll::from_steps(a_steps.min(5)).unwrap())
                        .unwrap();
                }
                if b_steps > 0 && g.state(Token::A) != TokenState::Escaped {
                    let _ = g.apply_roll(Token::a, Roll::from_steps(b_steps.min(5)).unwrap());
                }
                if g.winner().is_some() {
                    continue;
                }
                let mut play = Play::new(Team::Upper, 0);
                play.set_board(g);
                play.throw(first.throw()).unwrap();
                play.throw(second.throw()).unwrap();
                let mut turn =
                    Turn::new(Sticks::FAIR.odds(), table.cap(), Mode::Max).reading_catch_starts();
                let Some(uses) = exact_choices(&table, &mut turn, &play) else {
                    continue;
                };
                let (mut up, mut low) = (Random(Rng::new(1)), Random(Rng::new(2)));
                let players = Players {
                    upper: &mut up,
                    lower: &mut low,
                };
                let analysis = Analysis::new(10, 0, &Never);
                let hint = hint_turns(&play, Some(&table), players, &analysis).unwrap();
                let best = hint.lines.first().expect("a plan");
                assert!(best.interval.is_none(), "exact");
                assert!(
                    (best.chance - uses[0].1).abs() < 1e-12,
                    "{play:?}: {hint:?} {uses:?}"
                );
                for w in hint.lines.windows(2) {
                    assert!(w[0].chance >= w[1].chance, "best first");
                }
                // Ties with the best are marked, others not.
                for l in &hint.lines[1..] {
                    assert_eq!(l.equal, (best.chance - l.chance).abs() <= 1e-9);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked} positions checked");
}
