//! Engine speed: time and nodes to each depth from the start position and
//! from 8 middlegame positions, one thread.
//!
//! `cargo run --release --example bench_engine -- [max_depth] [seconds_cap]`
//! (defaults 10 and 20: a position stops at the first depth past the cap).
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::congo::{Position, fen};
use boardsh::interrupt::Never;
use std::time::{Duration, Instant};

/// Middlegame positions: reached in engine self-play from short random
/// openings (see `scripts/bench-engine.sh`), fixed here so runs compare.
const MIDDLEGAMES: [&str; 8] = [
    "gmel1cz/pp1pp1p/2e1s2/2p2p1/3P3/PPP1PPP/GMELECZ w 0",
    "g1el1cz/pppe1pp/2m1p2/3p3/2PP3/PP2PPP/GMELECZ w 0",
    "gme1ecz/ppplp1p/4p2/3p1p1/1P1P3/P1P1PPP/GM1LECZ b 0",
    "1mel1cz/gppe1pp/p2pp2/7/2P1P2/PP1P1PP/GMELECZ w 0",
    "g1elecz/pmp2pp/1p1pp2/7/3PP2/PPPZ1PP/GMELEC1 b 0",
    "gmelec1/ppp1p1p/3p1pz/7/3P1P1/PPP1P1P/GMELECZ w 0",
    "gm1lecz/pp1ep1p/2pp1p1/7/1P1P3/P1P1PPP/GMELECZ w 0",
    "gmel1cz/p1pepp1/1p4p/3p3/2P1P2/PP1P1PP/GMELECZ b 0",
];

fn main() {
    let mut args = std::env::args().skip(1);
    let max_depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(10);
    let cap: f64 = args.next().and_then(|d| d.parse().ok()).unwrap_or(20.0);
    let mut all: Vec<(String, Position)> = vec![("start".into(), Position::start())];
    for (i, f) in MIDDLEGAMES.iter().enumerate() {
        match fen::parse(f) {
            Ok(p) => all.push((format!("middlegame {}", i + 1), p)),
            Err(e) => eprintln!("bad FEN {f}: {e}"),
        }
    }
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    for (name, pos) in &all {
        println!("== {name}");
        let mut engine = Engine::new(EngineConfig::strongest());
        let t = Instant::now();
        let mut last = Duration::ZERO;
        let limits = Limits::depth(max_depth);
        let info = engine.search(pos, &[], &limits, &Never, &mut |info| {
            println!(
                "depth {:2}  {:>8.3} s  {:>11} nodes  {:>6.2} Mn/s  {:>8}  {}",
                info.depth,
                info.elapsed.as_secs_f64(),
                info.nodes,
                info.nodes as f64 / info.elapsed.as_secs_f64().max(1e-9) / 1e6,
                info.score.to_string(),
                info.pv
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            last = info.elapsed;
        });
        let _ = last;
        total_nodes += info.nodes;
        total_time += t.elapsed();
        if t.elapsed().as_secs_f64() > cap {
            println!("(cap reached)");
        }
    }
    println!(
        "total: {total_nodes} nodes in {:.3} s: {:.2} M nodes/s",
        total_time.as_secs_f64(),
        total_nodes as f64 / total_time.as_secs_f64() / 1e6
    );
}
