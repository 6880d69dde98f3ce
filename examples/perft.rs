//! Time perft from a FEN:
//! `cargo run --release --example perft -- [--threads N] <depth> [fen]`.
//!
//! Prints each depth's count with wall time, nodes/s and the CPU time of
//! the whole process so far (on a shared machine CPU time is the steadier
//! figure; wall time shows the gain from threads).
use boardsh::congo::{Counting, PerftProgress, perft_with};
use boardsh::interrupt::Never;
use std::time::Instant;

/// User + system CPU seconds of this process so far (Linux), if readable.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut threads = 1;
    if args.first().is_some_and(|a| a == "--threads") {
        threads = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1);
        args.drain(..2.min(args.len()));
    }
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| boardsh::congo::START_FEN.to_string());
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
