//! Lazy SMP on the tactics suite (`tests/data/tactics.txt`, every case
//! proved by the rules-only prover of `tests/common/prover.rs`, see
//! `tests/tactics.rs`): on two and three threads the engine returns a
//! legal move, and at the depth that must see it (a win within n moves is
//! 2n - 1 plies deep) the same mate distance as on one thread, which is
//! the suite's n (a win within n and not within n - 1). The winning move
//! is checked by the prover, so any winning move counts.

use crate::common::prover::Prover;
use boardsh::congo::search::{Engine, EngineConfig, Limits, Score};
use boardsh::congo::{Position, legal_moves};
use boardsh::interrupt::Never;

/// The `win N FEN` lines of the suite.
fn wins() -> Vec<(u32, Position)> {
    let text = std::fs::read_to_string("tests/data/tactics.txt").unwrap();
    text.lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w.first() == Some(&"win"))
                .then(|| (w[1].parse().unwrap(), w[2..].join(" ").parse().unwrap()))
        })
        .collect()
}

fn engine(threads: usize) -> Engine {
    Engine::new(EngineConfig {
        threads,
        ..EngineConfig::strongest()
    })
}

fn check(max_n: u32) {
    let cases: Vec<(u32, Position)> = wins().into_iter().filter(|(n, _)| *n <= max_n).collect();
    assert!(cases.len() >= 20, "{} cases", cases.len());
    let mut one = engine(1);
    let mut smp = [engine(2), engine(3)];
    for (n, pos) in &cases {
        let limits = Limits::depth(2 * n - 1);
        one.new_game();
        let base = one.search(pos, &[], &limits, &Never, &mut |_| {});
        assert_eq!(base.score, Score::WinIn(*n), "one thread: win {n} {pos}");
        for e in &mut smp {
            e.new_game();
            let info = e.search(pos, &[], &limits, &Never, &mut |_| {});
            let best = info.best.unwrap();
            assert!(legal_moves(pos).contains(&best), "{best} in {pos}");
            assert_eq!(
                info.score,
                base.score,
                "{} threads: win {n} {pos}",
                e.config().threads
            );
            assert!(Prover::new().move_wins(pos, best, *n), "{best} in {pos}");
            // Every reported move of the line is legal in turn.
            let mut p = pos.clone();
            for mv in &info.pv {
                p = p.after(*mv).unwrap_or_else(|_| panic!("pv {mv} in {p}"));
            }
        }
    }
}

#[test]
fn lazy_smp_keeps_the_mate_distances_of_wins_within_2() {
    check(2);
}

#[test]
#[ignore = "wins within 3 and 4 (depths 5 and 7): slow in a debug build"]
fn lazy_smp_keeps_the_mate_distances_of_the_whole_suite() {
    check(4);
}

#[test]
fn lazy_smp_under_a_time_limit_plays_legal_moves() {
    // From the start and from each win-in-1 position, a short timed search
    // on two threads answers with a legal move (the helpers stop with it).
    let mut e = engine(2);
    let mut positions = vec![Position::start()];
    positions.extend(wins().into_iter().filter(|(n, _)| *n == 1).map(|(_, p)| p));
    for pos in &positions {
        let limits = Limits::time(std::time::Duration::from_millis(30));
        let info = e.search(pos, &[], &limits, &Never, &mut |_| {});
        let best = info.best.unwrap();
        assert!(legal_moves(pos).contains(&best), "{best} in {pos}");
    }
}
