//! Time perft from a FEN:
//! `cargo run --release -p boardsh-lab --bin perft -- [--threads N] <depth> [fen]`.
//!
//! Prints each depth's count with wall time, nodes/s and the CPU time of
//! the whole process so far (on a shared machine CPU time is the steadier
//! figure; wall time shows the gain from threads).
use boardsh::congo::{Counting, PerftProgress, perft_with};
use boardsh::interrupt::Never;
use boardsh_lab::cpu_seconds;
use clap::Parser;
use std::time::Instant;

/// Perft to each depth up to DEPTH, timed.
#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(default_value_t = 5)]
    depth: u32,
    /// The position (default: the start).
    #[arg(default_value = boardsh::congo::START_FEN)]
    fen: String,
}

fn main() {
    let Args {
        threads,
        depth,
        fen,
    } = Args::parse();
    let pos = match boardsh::congo::fen::parse(&fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    for d in 1..=depth {
        let progress = PerftProgress::default();
        let counting = Counting {
            threads,
            stop: &Never,
            progress: &progress,
        };
        let t = Instant::now();
        let n = perft_with(&pos, d, &counting).unwrap_or(0);
        let s = t.elapsed().as_secs_f64();
        println!(
            "depth {d}: {n} nodes in {s:.3} s ({:.1} Mnodes/s) on {threads} thread(s); cpu so far {:.2} s",
            n as f64 / s / 1e6,
            cpu_seconds().unwrap_or(f64::NAN)
        );
    }
}
