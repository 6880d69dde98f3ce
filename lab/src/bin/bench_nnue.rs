//! Engine speed with the hand-written evaluation against NNUE networks:
//! time and nodes to a depth from the start position, and the node rate
//! of a search of a fixed number of nodes from there, one thread, for the
//! hand evaluation, the built-in network and random networks of each
//! hidden size, with the
//! SIMD kernels and with the scalar ones. Each round runs every variant
//! once, in turn, and the best time of the rounds is kept, so that a busy
//! machine slows all variants alike; the ratios are what compare. The
//! time is the search thread's CPU time (`/proc/thread-self/stat`, in
//! clock ticks of 10 ms), which a loaded machine disturbs far less than
//! the wall clock; where that file cannot be read, the wall clock.
//!
//! `cargo run --release -p boardsh-lab --bin bench_nnue -- [depth] [rounds] [seconds_cap] [nodes]`
//! (defaults 10, 3, 60 and 3,000,000). Random networks play nothing well and grow
//! their own trees: their node rate is the figure, not their node count.
use boardsh::congo::Position;
use boardsh::congo::nnue::{Network, default_net, simd_in_use};
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::interrupt::Never;
use clap::Parser;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// NNUE speed against the hand evaluation, one thread, from the start.
#[derive(Parser)]
struct Args {
    /// The depth searched.
    #[arg(default_value_t = 10)]
    depth: u32,
    /// How many times each variant runs (the best time is kept).
    #[arg(default_value_t = 3)]
    rounds: u32,
    /// Seconds after which a search stops at the depth it finished.
    #[arg(default_value_t = 60.0)]
    seconds_cap: f64,
    /// The nodes of the fixed-node search (the node rate).
    #[arg(default_value_t = 3_000_000)]
    nodes: u64,
}

/// The CPU time this thread has used (user and system), if Linux tells.
fn thread_cpu() -> Option<Duration> {
    boardsh_lab::thread_cpu_seconds().map(Duration::from_secs_f64)
}

/// One way to evaluate: a name and the network (none: by hand), on the
/// SIMD or the scalar kernels ([`Network::with_simd`]).
struct Variant {
    name: String,
    net: Option<Arc<Network>>,
}

fn main() {
    let args = Args::parse();
    let mut variants = vec![Variant {
        name: "hand".into(),
        net: None,
    }];
    // The built-in (trained) network first: its node count to the depth
    // is the figure people meet.
    if let Some(net) = default_net() {
        for simd in [true, false] {
            variants.push(Variant {
                name: format!(
                    "built-in {} {}",
                    net.hidden(),
                    if simd { "simd" } else { "scalar" }
                ),
                net: Some(Arc::new(net.with_simd(simd))),
            });
        }
    }
    for hidden in [64, 128, 256] {
        let net = Arc::new(Network::random(hidden, 7));
        for simd in [true, false] {
            variants.push(Variant {
                name: format!("nnue {hidden} {}", if simd { "simd" } else { "scalar" }),
                net: Some(Arc::new(net.with_simd(simd))),
            });
        }
    }
    println!(
        "start position, depth {}, one thread, best of {} rounds; AVX2 {}",
        args.depth,
        args.rounds,
        if simd_in_use() { "available" } else { "absent" }
    );
    let limits = Limits {
        depth: Some(args.depth),
        time: Some(Duration::from_secs_f64(args.seconds_cap)),
        ..Limits::default()
    };
    let pos = Position::start();
    let fixed = Limits::nodes(args.nodes);
    // Per variant and search: the best time, its nodes and depth reached.
    let mut best: Vec<Option<(Duration, u64, u32)>> = variants.iter().map(|_| None).collect();
    let mut best_fixed = best.clone();
    for _ in 0..args.rounds {
        for ((v, slot), slot_fixed) in variants.iter().zip(&mut best).zip(&mut best_fixed) {
            for (limits, slot) in [(&limits, &mut *slot), (&fixed, slot_fixed)] {
                let mut engine = Engine::new(EngineConfig {
                    threads: 1,
                    ..EngineConfig::strongest()
                });
                engine.set_evaluator(v.net.clone().into());
                let (t, cpu) = (Instant::now(), thread_cpu());
                let info = engine.search(&pos, &[], limits, &Never, &mut |_| {});
                let took = match (cpu, thread_cpu()) {
                    (Some(a), Some(b)) => b.saturating_sub(a),
                    _ => t.elapsed(),
                };
                if slot.is_none_or(|(b, _, _)| took < b) {
                    *slot = Some((took, info.nodes, info.depth));
                }
            }
        }
    }
    let rate = |(t, n, _): (Duration, u64, u32)| n as f64 / t.as_secs_f64().max(1e-9);
    for (title, best) in [
        (format!("to depth {}", args.depth), &best),
        (format!("{} nodes", args.nodes), &best_fixed),
    ] {
        let hand = best.first().copied().flatten().map(rate).unwrap_or(1.0);
        println!("{title}:");
        println!(
            "{:<20} {:>9} {:>12} {:>6} {:>9} {:>8}",
            "variant", "cpu s", "nodes", "depth", "Mn/s", "vs hand"
        );
        for (v, b) in variants.iter().zip(best) {
            if let Some(b @ (t, n, d)) = *b {
                println!(
                    "{:<20} {:>9.3} {:>12} {:>6} {:>9.3} {:>8.3}",
                    v.name,
                    t.as_secs_f64(),
                    n,
                    d,
                    rate(b) / 1e6,
                    rate(b) / hand
                );
            }
        }
    }
}
