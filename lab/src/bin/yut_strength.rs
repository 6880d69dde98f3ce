//! Measured strength of the Yut Nori computer player, and the speed of
//! the simulator.
//!
//! Plays whole games between policies with the first move alternated
//! (the first policy always plays upper; upper starts the even games) and
//! prints each win rate with its 95% (Wilson) interval, and games per
//! second of CPU time (from /proc/self/stat where there is one, else wall
//! time). The pairs without the AI play ten times as many games. Run it through `lab/yut-strength.sh`, or:
//!
//!     nice -n 10 cargo run --release -p boardsh-lab --bin yut_strength -- [GAMES] [DEPTH] [SEED]
//!
//! (defaults 10000 games, depth 2, seed 2026).

use std::time::Instant;

use boardsh::interrupt::Never;
use boardsh::stats::Share;
use boardsh::yut::Kind;
use boardsh::yut::Sticks;
use boardsh::yut::{Duel, duel};
use boardsh_lab::cpu_seconds;
use clap::Parser;

fn run(a: Kind, b: Kind, games: u64, seed: u64) -> (Duel, f64, f64) {
    let sticks = Sticks::FAIR;
    let mut pa = a.build(sticks, seed ^ 0xa);
    let mut pb = b.build(sticks, seed ^ 0xb);
    let wall = Instant::now();
    let cpu = cpu_seconds();
    let d = duel(&mut *pa, &mut *pb, games, seed, &Never).unwrap_or_default();
    let wall = wall.elapsed().as_secs_f64();
    let cpu = match (cpu, cpu_seconds()) {
        (Some(x), Some(y)) => y - x,
        _ => wall,
    };
    (d, cpu, wall)
}

/// The Yut Nori players' strength and the simulator's speed.
#[derive(Parser)]
struct Args {
    /// Games of each pair with the AI (the others play ten times as many).
    #[arg(default_value_t = 10_000)]
    games: u64,
    /// The AI's search depth.
    #[arg(default_value_t = 2)]
    depth: u8,
    #[arg(default_value_t = 2026)]
    seed: u64,
}

fn main() {
    let Args { games, depth, seed } = Args::parse();
    let ai = Kind::Ai(depth);
    println!("{games} games each, first move alternated, seed {seed}, AI depth {depth}");
    // The fast pairs play ten times as many games: a tighter interval on
    // the first-mover advantage, and enough CPU time to time the
    // simulator itself (the clock ticks in hundredths of a second).
    for (a, b, n) in [
        (Kind::Random, Kind::Random, games * 10),
        (Kind::Greedy, Kind::Random, games * 10),
        (Kind::Greedy, Kind::Greedy, games * 10),
        (ai, Kind::Random, games),
        (ai, Kind::Greedy, games),
        (ai, Kind::Ai(1), games),
    ] {
        // At depth 1 the last pair would be the AI against itself.
        if matches!((a, b), (Kind::Ai(x), Kind::Ai(y)) if x == y) {
            continue;
        }
        let (d, cpu, wall) = run(a, b, n, seed);
        println!(
            "{a} vs {b}, {} games: {a} wins {}; first mover wins {}; unfinished {}; {:.0} games/s CPU ({:.1} s CPU, {:.1} s wall)",
            d.games,
            Share::new(d.a_wins, d.games),
            Share::new(d.first_wins, d.games),
            d.unfinished,
            d.games as f64 / cpu.max(1e-9),
            cpu,
            wall,
        );
    }
}
