//! Measured strength of the Yut Nori computer player, and the speed of
//! the simulator.
//!
//! Plays whole games between policies with the first move alternated
//! (the first policy always plays upper; upper starts the even games) and
//! prints each win rate with its 95% (Wilson) interval, and games per
//! second of CPU time (from /proc/self/stat where there is one, else wall
//! time). The pairs without the AI play ten times as many games. Run it through `scripts/yut-strength.sh`, or:
//!
//!     nice -n 10 cargo run --release --example yut_strength -- [GAMES] [DEPTH] [SEED]
//!
//! (defaults 10000 games, depth 2, seed 2026).

use std::time::Instant;

use boardsh::interrupt::Never;
use boardsh::stats::Share;
use boardsh::yut::Kind;
use boardsh::yut::Sticks;
use boardsh::yut::{Duel, duel};

/// CPU seconds used by this process so far (user + system), if known.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name in parentheses: utime is the 14th
    // field overall, stime the 15th; the name may hold spaces, so count
    // from the closing parenthesis.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let games = arg(0, 10_000);
    let depth = u8::try_from(arg(1, 2)).unwrap_or(2);
    let seed = arg(2, 2026);
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
