//! The exact player of a solved K-token game against today's players.
//!
//! Reads the table `boardsh yut solve --tokens K` wrote, then plays the
//! K-token game (each team's other tokens escaped from the start) between
//! the table's perfect player and each of: itself (the measured
//! first-mover share against the exact value), today's expectimax AI,
//! greedy, and the uniformly random player. Games come in pairs with the
//! same seed (the same stream of throws), the perfect player upper in one
//! and lower in the other, upper throwing first: it moves first in one and
//! second in the other. Win rates with 95% (Wilson) intervals. Run it
//! through `lab/yut-solve.sh`, or:
//!
//!     nice -n 19 cargo run --release -p boardsh-lab --bin yut_solve_match -- K TABLE [PAIRS] [SEED] [CAP] [WHO] [FALLBACK]
//!
//! WHO picks the opponents, a comma list of `itself`, `ai`, `greedy` and
//! `random` (default all four). Against itself the first team's share is
//! also checked against the exact value at the 99.9% level (z = 3.29).
//!
//! TABLE may be a comma list: the first is the K-token table, the others
//! `J:PATH`, a J-token table, tried after it where it does not cover a
//! position. FALLBACK (`random`, the default, or `ai`) plays the
//! positions no table covers: for the four-token game, whose first
//! layers are not solved, `4 K4,3:K3 5000 2026 10 ai,greedy,random ai`
//! measures today's AI with perfect endgames against each player.

use std::sync::Arc;

use boardsh::stats::Share;
use boardsh::yut::Kind;
use boardsh::yut::play_out;
use boardsh::yut::solve::{Board, DEFAULT_CAP, Exact, Roles, Table};
use boardsh::yut::{Game, Play, Policy, Random, Rng, Roll, Sticks, Team, Token, TokenState};
use boardsh_lab::cpu_seconds;
use clap::{Parser, ValueEnum};

/// The start of the K-token game: the other tokens escaped.
fn start(k: usize) -> Game {
    let mut g = Game::new();
    // Only the tokens the game plays (`Token::ALL` has the fifth ones of
    // the house rules too, which a four-token game never moves).
    for t in Token::ALL {
        if t.slot() >= k && g.in_play(t) {
            while g.state(t) != TokenState::Escaped {
                let _ = g.apply(t, Roll::Mo.throw());
            }
        }
    }
    g
}

/// Who plays the positions no table covers.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Fallback {
    Random,
    Ai,
}

/// The perfect player of a solved K-token game against today's players.
#[derive(Parser)]
struct Args {
    /// Tokens a side.
    k: usize,
    /// The K-token table, then `J:PATH` tables, comma-separated.
    table: String,
    /// Pairs of games against each opponent.
    #[arg(default_value_t = 5000)]
    pairs: u64,
    #[arg(default_value_t = 2026)]
    seed: u64,
    /// The tables' cap.
    #[arg(default_value_t = DEFAULT_CAP)]
    cap: u8,
    /// Opponents: `itself`, `ai`, `greedy`, `random`, comma-separated.
    #[arg(default_value = "itself,ai,greedy,random")]
    who: String,
    #[arg(value_enum, default_value_t = Fallback::Random)]
    fallback: Fallback,
}

fn main() {
    let args = Args::parse();
    let (k, path, pairs, seed, cap) = (args.k, &args.table, args.pairs, args.seed, args.cap);
    let mut tables = Vec::new();
    for (i, item) in path.split(',').enumerate() {
        let (j, file) = match item.split_once(':') {
            Some((j, file)) if i > 0 => (j.parse().unwrap_or(0), file),
            _ => (k, item),
        };
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(1);
            }
        };
        match Table::from_bytes(&bytes, j, cap, Roles::SelfPlay) {
            Ok(t) => tables.push(Arc::new(t)),
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(1);
            }
        }
    }
    let Some(table) = tables.first().cloned() else {
        eprintln!("usage: yut_solve_match K TABLE [PAIRS] [SEED] [CAP]");
        std::process::exit(2);
    };
    let ai_fallback = args.fallback == Fallback::Ai;
    let who: Vec<&str> = args.who.split(',').collect();
    let value = table.value(Board::start(k), 0).unwrap_or(f64::NAN);
    println!(
        "{k} token(s) a side, {pairs} pairs of games, seed {seed}; exact first-team value {value:.10}{}",
        if ai_fallback {
            "; today's AI where no table covers"
        } else {
            ""
        }
    );
    // Where no table covers a position: a random player (the solved games'
    // tables cover every position) or today's AI.
    let fallback = |s: u64| -> Box<dyn Policy + Send> {
        if ai_fallback {
            Kind::Ai(2).build(Sticks::FAIR, s)
        } else {
            Box::new(Random(Rng::new(s)))
        }
    };
    let odds = Sticks::FAIR.odds();
    let game = start(k);
    let opponents: [(&str, &str, Kind); 4] = [
        ("itself", "itself", Kind::Random),
        ("ai", "today's AI (depth 2)", Kind::Ai(2)),
        ("greedy", "greedy", Kind::Greedy),
        ("random", "random", Kind::Random),
    ];
    for (i, (short, name, kind)) in opponents.into_iter().enumerate() {
        if !who.contains(&short) {
            continue;
        }
        let started = cpu_seconds().unwrap_or(f64::NAN);
        let mut seeds = Rng::new(seed ^ i as u64);
        let mut exact = Exact::with_tables(tables.clone(), odds, fallback(1));
        let mut other: Box<dyn Policy + Send> = if i == 0 {
            Box::new(Exact::with_tables(tables.clone(), odds, fallback(2)))
        } else {
            kind.build(Sticks::FAIR, seed ^ 0xb)
        };
        let (mut wins, mut first_wins, mut games) = (0u64, 0u64, 0u64);
        for _ in 0..pairs {
            let s = seeds.next_u64();
            for exact_upper in [true, false] {
                let mut play = Play::new(Team::Upper, s);
                play.set_board(game);
                let w = if exact_upper {
                    play_out(&mut play, &mut exact, &mut *other)
                } else {
                    play_out(&mut play, &mut *other, &mut exact)
                };
                games += 1;
                let exact_team = if exact_upper {
                    Team::Upper
                } else {
                    Team::Lower
                };
                wins += u64::from(w == Some(exact_team));
                first_wins += u64::from(w == Some(Team::Upper));
            }
        }
        let cpu = cpu_seconds().unwrap_or(f64::NAN) - started;
        if i == 0 {
            // The first team's share against the exact value: the
            // binomial's standard deviation at the exact value, z = 3.29.
            let share = first_wins as f64 / games as f64;
            let half = 3.29 * (value * (1.0 - value) / games as f64).sqrt();
            let verdict = if (share - value).abs() < half {
                "agrees"
            } else {
                "DISAGREES"
            };
            println!(
                "perfect vs itself, {games} games: first team wins {} (exact {value:.6}; share {share:.6}, 99.9% half-width {half:.6}: {verdict}), {cpu:.1} s CPU",
                Share::new(first_wins, games)
            );
        } else {
            println!(
                "perfect vs {name}, {games} games: perfect wins {wins}, {}, {cpu:.1} s CPU",
                Share::new(wins, games)
            );
        }
        println!(
            "  the perfect player's decisions: {} told by bounds, {} by the full search",
            exact.by_bounds, exact.by_search
        );
    }
}
