//! Time perft from a FEN: `cargo run --release --example perft -- <depth> [fen]`.
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = args
        .next()
        .unwrap_or_else(|| boardsh::congo::START_FEN.to_string());
    let pos = match boardsh::congo::fen::parse(&fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    for d in 1..=depth {
        let t = Instant::now();
        let n = boardsh::congo::perft(&pos, d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "depth {d}: {n} nodes in {s:.3} s ({:.1} Mnodes/s)",
            n as f64 / s / 1e6
        );
    }
}
