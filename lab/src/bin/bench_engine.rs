//! Engine speed: time and nodes to each depth from the start position and
//! from 8 middlegame positions, one thread.
//!
//! `cargo run --release -p boardsh-lab --bin bench_engine -- [max_depth] [seconds_cap] [spec]`
//! (defaults 10, 20 and `strongest`: a position stops at the first depth
//! past the cap; `spec` as the agent's `--engine`, to compare options).
use boardsh::congo::search::{Engine, Limits, parse_config};
use boardsh::congo::{Position, fen};
use boardsh::interrupt::Never;
use clap::Parser;
use std::time::{Duration, Instant};

/// Middlegame positions: 6 seeded random plies from the start (openings
/// seed 2026), then 14 plies of engine self-play at 20,000 nodes a move;
/// fixed here so runs compare.
const MIDDLEGAMES: [&str; 8] = [
    "1mel2z/1p1pge1/pp2p1p/7/1PE1P1P/P1P3P/GM1LEC1 w 10",
    "gmel1cz/pp3p1/1pe4/4P2/7/PP1P1P1/GMELECZ w 10",
    "1m1le1z/1pe1pc1/2p1p1p/2p4/2GP1PP/PP1Z1P1/1M1LEC1 w 10",
    "1m1lec1/gp3pp/1peppz1/7/PP1P1PP/EG1P1PC/1M1LE1Z w 10",
    "3lecz/1m1p2p/ppg3p/7/4P2/P4PP/1MELECZ w 10",
    "3l1cz/mg1pe2/ppepppp/7/PGPP1PP/1P2EP1/1MEL1CZ w 10",
    "gm1lecz/ep2ppp/7/7/3PP2/2P2P1/GMELECZ w 10",
    "2elecz/Gpp2p1/p1g3p/7/1P3PP/1PLp1P1/1ME2CZ w 10",
];

/// Engine speed: time and nodes to each depth, one thread.
#[derive(Parser)]
struct Args {
    /// The deepest depth searched.
    #[arg(default_value_t = 10)]
    max_depth: u32,
    /// Seconds after which a position stops at the depth it finished.
    #[arg(default_value_t = 20.0)]
    seconds_cap: f64,
    /// The engine's settings, as the agent's `--engine`.
    #[arg(default_value = "strongest")]
    spec: String,
}

fn main() {
    let Args {
        max_depth,
        seconds_cap: cap,
        spec,
    } = Args::parse();
    let config = match parse_config(&spec) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bad engine spec {spec}: {e}");
            std::process::exit(2);
        }
    };
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
        let mut engine = Engine::new(config);
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
