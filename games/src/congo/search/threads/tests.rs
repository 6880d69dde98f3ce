//! The engine with a network: the search evaluates with it, the
//! accumulators it keeps along the path equal a build from scratch at
//! every evaluated node, a fixed-node search on one thread is repeatable,
//! two threads share the network, and without one (`Evaluator::Hand`) the
//! engine is exactly the plain one.

use super::*;
use crate::congo::nnue::evaluate_fresh;
use crate::congo::{fen, legal_moves};
use crate::interrupt::Never;

/// The start and three of `lab`'s bench middlegames (captures on the
/// board, monkeys and crocodiles about).
fn positions() -> Vec<Position> {
    let mut all = vec![Position::start()];
    for f in [
        "1mel2z/1p1pge1/pp2p1p/7/1PE1P1P/P1P3P/GM1LEC1 w 10",
        "1m1le1z/1pe1pc1/2p1p1p/2p4/2GP1PP/PP1Z1P1/1M1LEC1 w 10",
        "2elecz/Gpp2p1/p1g3p/7/1P3PP/1PLp1P1/1ME2CZ w 10",
    ] {
        all.push(fen::parse(f).unwrap());
    }
    all
}

fn net(hidden: usize) -> Option<Arc<Network>> {
    Some(Arc::new(Network::random(hidden, 7)))
}

/// One thread, the strongest settings, a small table.
fn engine() -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 4,
        threads: 1,
        ..EngineConfig::strongest()
    })
}

fn search(e: &mut Engine, pos: &Position, limits: &Limits) -> SearchInfo {
    e.search(pos, &[], limits, &Never, &mut |_| {})
}

/// What must agree between two searches (all but the time).
fn key(i: &SearchInfo) -> String {
    format!(
        "depth {} seldepth {} nodes {} score {:?} best {:?} pv {:?}",
        i.depth, i.seldepth, i.nodes, i.score, i.best, i.pv
    )
}

/// An engine that had a network and searched with it, then was given
/// `None` and a new game, searches exactly as one never given a network:
/// the same nodes, score, move and line, at a fixed depth and at a fixed
/// node count, on each position.
#[test]
fn without_a_net_the_engine_is_the_plain_one() {
    for pos in positions() {
        for limits in [Limits::depth(5), Limits::nodes(30_000)] {
            let plain = search(&mut engine(), &pos, &limits);
            let mut e = engine();
            e.set_evaluator(net(32).into());
            let with = search(&mut e, &pos, &limits);
            e.set_evaluator(None.into());
            assert!(e.net().is_none());
            e.new_game();
            let after = search(&mut e, &pos, &limits);
            assert_eq!(key(&after), key(&plain), "{pos}");
            // The network did change the search (so the comparison above
            // compares two evaluations, not one twice): a random network's
            // scores are not the hand-written ones.
            assert_ne!(key(&with), key(&plain), "{pos}");
        }
    }
}

/// The static evaluation is the network's, for the side to move: at the
/// start, and after a1c3 (Black to move), no side has a capture and no
/// lion is attacked, so quiescence stands pat on the evaluation, which
/// must be the network's score built from scratch for that side (and the
/// hand-written one without a network).
#[test]
fn quiescence_stands_on_the_networks_score_for_the_side_to_move() {
    let start = Position::start();
    let mv = legal_moves(&start)
        .into_iter()
        .find(|m| m.to_string() == "a1c3")
        .unwrap();
    let black = start.after(mv).unwrap();
    let mut e = engine();
    for pos in [start, black] {
        let hand = e.quiescence(&pos);
        assert_eq!(hand, crate::congo::search::evaluate(&pos), "{pos}");
        let n = net(64);
        e.set_evaluator(n.clone().into());
        let nn = n.as_deref().unwrap();
        assert_eq!(e.quiescence(&pos), evaluate_fresh(nn, &pos), "{pos}");
        assert_eq!(e.main.acc_checked(), 1, "{pos}: one evaluation, checked");
        e.set_evaluator(None.into());
        assert_eq!(e.quiescence(&pos), hand, "{pos}");
        e = engine();
    }
}

/// With a network, a fixed-node search on one thread is repeatable, and
/// every node that evaluated found its incrementally kept accumulators
/// equal to ones built from scratch (the check runs in the stack under
/// `cfg(test)`, panicking on a difference, and counts). Most nodes of a
/// search are quiescence nodes, each evaluating once, so the count is a
/// good part of the node count (more than a tenth; the RFP and null-move
/// evaluations of interior nodes add to it).
#[test]
fn a_net_search_is_repeatable_and_its_accumulators_equal_a_refresh() {
    // The check rebuilds both accumulators at every evaluation, a cost
    // that grows with the width: the wide net searches fewer nodes (this
    // was the unit tests' slowest, about 40 s of a loaded test run).
    for (hidden, nodes) in [(64, 20_000), (256, 5_000)] {
        for pos in positions() {
            let limits = Limits::nodes(nodes);
            let mut a = engine();
            a.set_evaluator(net(hidden).into());
            let first = search(&mut a, &pos, &limits);
            let checked = a.main.acc_checked();
            assert!(
                checked > first.nodes / 10,
                "{pos}: {checked} of {}",
                first.nodes
            );
            let mut b = engine();
            b.set_evaluator(net(hidden).into());
            let second = search(&mut b, &pos, &limits);
            assert_eq!(key(&first), key(&second), "{pos}");
            assert_eq!(b.main.acc_checked(), checked, "{pos}");
            // And the same engine again after a new game.
            a.new_game();
            let third = search(&mut a, &pos, &limits);
            assert_eq!(key(&third), key(&first), "{pos}");
        }
    }
}

/// Two threads share one network: the search runs, the helper evaluates
/// with the network too (its checked count grows), and the answer is a
/// legal move.
#[test]
fn two_threads_with_a_net_return_a_legal_move() {
    for pos in positions() {
        let mut e = Engine::new(EngineConfig {
            hash_mb: 4,
            threads: 2,
            ..EngineConfig::strongest()
        });
        e.set_evaluator(net(128).into());
        let info = search(&mut e, &pos, &Limits::nodes(20_000));
        let best = info.best.unwrap();
        assert!(legal_moves(&pos).contains(&best), "{pos}: {best}");
        assert!(e.main.acc_checked() > 0, "{pos}");
        assert!(e.helpers.iter().all(|h| h.acc_checked() > 0), "{pos}");
        // One network, held by the engine, the main thread and the helper.
        assert_eq!(Arc::strong_count(e.net().unwrap()), 3, "{pos}");
    }
}
