//! Self-play match between two engine settings, in-process.
//!
//! `cargo run --release -p boardsh-lab --bin selfplay -- A B [openings] [nodes|TIMEms] [max_plies] [seed]`
//!
//! A and B are settings (`strongest`, `baseline`, `strongest,-qsearch`,
//! ...; see `boardsh::congo::search::parse_config`). The limit per move is a
//! node count (`20000`) or a time (`100ms`). Each opening (6 random plies
//! from the start) is played twice with colours swapped. Prints each game
//! and the summary: wins/draws/losses of A, score, Elo with 95% interval.
use boardsh::congo::search::run_match;
use boardsh::congo::search::{Limits, parse_config};
use boardsh::congo::{Outcome, openings};
use boardsh::interrupt::Never;
use clap::Parser;
use std::time::Duration;

/// A self-play match between two engine settings.
#[derive(Parser)]
struct Args {
    #[arg(default_value = "strongest")]
    a: String,
    #[arg(default_value = "baseline")]
    b: String,
    /// Openings, each played twice.
    #[arg(default_value_t = 50)]
    openings: usize,
    /// The limit a move: nodes (`20000`) or a time (`100ms`).
    #[arg(default_value = "20000")]
    limit: String,
    #[arg(default_value_t = 200)]
    max_plies: usize,
    #[arg(default_value_t = 1)]
    seed: u64,
}

fn main() {
    let Args {
        a: name_a,
        b: name_b,
        openings: n,
        limit,
        max_plies,
        seed,
    } = Args::parse();
    let (a, b) = match (parse_config(&name_a), parse_config(&name_b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let limits = match limit.strip_suffix("ms") {
        Some(ms) => Limits::time(Duration::from_millis(ms.parse().unwrap_or(100))),
        None => Limits::nodes(limit.parse().unwrap_or(20000)),
    };
    let books = openings(seed, n, 6);
    let t = std::time::Instant::now();
    let result = run_match(
        a,
        b,
        &books,
        &limits,
        max_plies,
        &Never,
        &mut |i, a_white, o, tally| {
            let r = match (o, a_white) {
                (Outcome::Draw, _) => "draw",
                (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => "A wins",
                _ => "B wins",
            };
            eprintln!(
                "opening {i:3} A {}: {r:6}  (+{} ={} -{})",
                if a_white { "white" } else { "black" },
                tally.wins,
                tally.draws,
                tally.losses
            );
        },
    );
    if let Ok(t2) = result {
        let (elo, lo, hi) = t2.elo();
        println!(
            "A={} B={} limit={limit} games={} +{} ={} -{} score={:.1}% elo={elo:+.0} [{lo:+.0}, {hi:+.0}] ({:.0} s)",
            name_a,
            name_b,
            t2.games(),
            t2.wins,
            t2.draws,
            t2.losses,
            100.0 * t2.score(),
            t.elapsed().as_secs_f64()
        );
    }
}
