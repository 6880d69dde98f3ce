//! The tactics suite (`tests/data/tactics.txt`): positions with a forced
//! lion capture (or a win by leaving the enemy no move) within 1-4 moves
//! of the winning side, and positions where only one move holds.
//!
//! Every position is proved by the exhaustive AND-OR prover in
//! `tests/common/prover.rs`, which knows only the rules: a `win N` line is
//! a win within N moves and not within N - 1; a `defend K MOVE` line has
//! MOVE as the one move after which the enemy has no win within K. Then
//! the engine must find the winning move (checked by the prover, so any
//! winning move counts) or the only defence.
//!
//! In `cargo test`: proofs of wins within 1-3 and defences against 1, and
//! the engine at fixed depth on wins within 1-2 and defences against 1.
//! Ignored (slow in a debug build; run `cargo test --release --test
//! main tactics:: -- --ignored`): the proofs of wins in 4 and of defences
//! against 2, and the engine on the whole suite at a node budget standing
//! in for one second.

use crate::common::prover::Prover;
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::congo::{Move, Position};
use boardsh::interrupt::Never;

/// Nodes standing in for "within 1 s" of the engine on one core: the
/// release build searched about 1.4 M nodes/s from the start position on
/// this (loaded) machine, so this is about 0.7 s of search.
const SECOND_OF_NODES: u64 = 1_000_000;

#[derive(Clone)]
enum Case {
    Win { n: u32, pos: Position },
    Defend { k: u32, mv: Move, pos: Position },
}

fn suite() -> Vec<Case> {
    let text = std::fs::read_to_string("tests/data/tactics.txt").unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            match w[0] {
                "win" => Case::Win {
                    n: w[1].parse().unwrap(),
                    pos: w[2..].join(" ").parse().unwrap(),
                },
                "defend" => Case::Defend {
                    k: w[1].parse().unwrap(),
                    mv: w[2].parse().unwrap(),
                    pos: w[3..].join(" ").parse().unwrap(),
                },
                other => panic!("unknown line kind {other}: {l}"),
            }
        })
        .collect()
}

fn prove(case: &Case) {
    let mut p = Prover::new();
    match case {
        Case::Win { n, pos } => {
            assert!(p.wins_within(pos, *n), "no win within {n}: {pos}");
            assert!(!p.wins_within(pos, n - 1), "a win within {}: {pos}", n - 1);
        }
        Case::Defend { k, mv, pos } => {
            assert_eq!(p.only_defence(pos, *k), Some(*mv), "{pos}");
        }
    }
}

/// The cases `cargo test` proves: wins within 1-3, defences against 1
/// (about 2 s in a debug build); the rest take longer.
fn shallow(case: &Case) -> bool {
    match case {
        Case::Win { n, .. } => *n <= 3,
        Case::Defend { k, .. } => *k <= 1,
    }
}

/// Fixed-depth engine checks run on these (cheap at their exact depth).
fn very_shallow(case: &Case) -> bool {
    match case {
        Case::Win { n, .. } => *n <= 2,
        Case::Defend { k, .. } => *k <= 1,
    }
}

fn describe(case: &Case) -> String {
    match case {
        Case::Win { n, pos } => format!("win {n} {pos}"),
        Case::Defend { k, mv, pos } => format!("defend {k} {mv} {pos}"),
    }
}

#[test]
fn the_suite_is_big_enough() {
    let cases = suite();
    let wins = |n| {
        cases
            .iter()
            .filter(|c| matches!(c, Case::Win { n: m, .. } if *m == n))
            .count()
    };
    let total: usize = (1..=4).map(wins).sum();
    assert!(total >= 60, "{total} win positions");
    for n in 1..=4 {
        assert!(wins(n) >= 8, "{} wins in {n}", wins(n));
    }
    let defences = cases
        .iter()
        .filter(|c| matches!(c, Case::Defend { .. }))
        .count();
    assert!(defences >= 10, "{defences} defences");
    // No position twice.
    let mut fens: Vec<String> = cases
        .iter()
        .map(|c| match c {
            Case::Win { pos, .. } | Case::Defend { pos, .. } => pos.to_string(),
        })
        .collect();
    fens.sort();
    fens.dedup();
    assert_eq!(fens.len(), cases.len());
}

#[test]
fn shallow_positions_are_proved() {
    let cases: Vec<Case> = suite().into_iter().filter(shallow).collect();
    assert!(!cases.is_empty());
    cases.iter().for_each(prove);
}

#[test]
#[ignore = "exhaustive proofs of wins in 4 and defences against 2: about 10 s in a debug build"]
fn deep_positions_are_proved() {
    let cases: Vec<Case> = suite().into_iter().filter(|c| !shallow(c)).collect();
    cases.iter().for_each(prove);
}

/// Whether the engine, within `limits`, finds a winning move or the defence.
fn engine_solves(engine: &mut Engine, case: &Case, limits: &Limits) -> bool {
    engine.new_game();
    let pos = match case {
        Case::Win { pos, .. } | Case::Defend { pos, .. } => pos,
    };
    let info = engine.search(pos, &[], limits, &Never, &mut |_| {});
    let Some(best) = info.best else {
        return false;
    };
    match case {
        Case::Win { n, pos } => Prover::new().move_wins(pos, best, *n),
        Case::Defend { mv, .. } => best == *mv,
    }
}

#[test]
fn engine_solves_shallow_positions_at_fixed_depth() {
    // A win within n is at most 2n - 1 plies deep; a defence against a
    // win within k needs the defender's move plus 2k - 1 plies. Any
    // correct search scoring lion captures as wins sees them at that depth.
    let mut engine = Engine::new(EngineConfig::strongest());
    for case in suite().iter().filter(|c| very_shallow(c)) {
        let depth = match case {
            Case::Win { n, .. } => 2 * n - 1,
            Case::Defend { k, .. } => 2 * k,
        };
        assert!(
            engine_solves(&mut engine, case, &Limits::depth(depth)),
            "{}",
            describe(case)
        );
    }
}

#[test]
#[ignore = "the whole suite at a one-second node budget: slow in a debug build"]
fn engine_solves_the_suite_within_a_second_of_nodes() {
    let mut engine = Engine::new(EngineConfig::strongest());
    let cases = suite();
    let limits = Limits::nodes(SECOND_OF_NODES);
    let mut missed = Vec::new();
    for case in &cases {
        if !engine_solves(&mut engine, case, &limits) {
            missed.push(describe(case));
        }
    }
    eprintln!(
        "tactics: the engine solved {} of {} at {SECOND_OF_NODES} nodes",
        cases.len() - missed.len(),
        cases.len()
    );
    assert!(missed.is_empty(), "missed: {missed:#?}");
}
