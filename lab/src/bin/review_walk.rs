//! Which walk of a chunk makes a review's marks steadier: every game file
//! of DIR (`boardsh match --pgn` records: a `fen` line, then `play` lines)
//! reviewed at NODES and ten times NODES a position, with the chunks
//! walked forward and backward (two engines, the built-in network, the
//! session's default settings), and the marks (`?!`, `?`, `??`) of each
//! pair compared move by move as lab/review-budget.sh compares them.
//!
//! `cargo run --release -p boardsh-lab --bin review_walk -- NODES DIR [GAMES]`
use boardsh::congo::analysis::{CHUNK, Mark, Plan, Review, Walk, review_planned};
use boardsh::congo::nnue::default_net;
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::congo::{Game, Position};
use boardsh::interrupt::Never;
use boardsh_lab::cpu_seconds;
use clap::Parser;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A review's marks at two budgets and two walks.
#[derive(Parser)]
struct Args {
    nodes: u64,
    dir: PathBuf,
    /// The first GAMES files (by name) only.
    #[arg(default_value_t = usize::MAX)]
    games: usize,
}

/// The game of a `match --pgn` record (its first game).
fn read_game(text: &str) -> Option<Game> {
    let mut game = Game::new(Position::start());
    for line in text.lines() {
        if let Some(fen) = line.strip_prefix("fen ") {
            if game.plies() > 0 {
                break;
            }
            game = Game::new(fen.trim().parse().ok()?);
        } else if let Some(mv) = line.strip_prefix("play ") {
            game.play(mv.trim().parse().ok()?).ok()?;
        }
    }
    (game.plies() > 0).then_some(game)
}

/// The marked moves: index to mark.
fn marks(r: &Review) -> BTreeMap<usize, Mark> {
    (r.moves.iter().enumerate())
        .filter_map(|(i, m)| m.mark.map(|k| (i, k)))
        .collect()
}

/// Moves marked by either, with the same mark, marked at both.
fn agree(a: &BTreeMap<usize, Mark>, b: &BTreeMap<usize, Mark>) -> [usize; 3] {
    let either = a
        .keys()
        .chain(b.keys())
        .collect::<std::collections::BTreeSet<_>>();
    let same = a.iter().filter(|(i, m)| b.get(i) == Some(m)).count();
    let both = a.keys().filter(|i| b.contains_key(i)).count();
    [either.len(), same, both]
}

fn main() {
    let Args { nodes, dir, games } = Args::parse();
    let config = EngineConfig {
        hash_mb: 16,
        threads: 1,
        contempt: 0,
        ..EngineConfig::strongest()
    };
    let mut engines: Vec<Engine> = (0..2).map(|_| Engine::new(config)).collect();
    for e in &mut engines {
        e.set_evaluator(default_net().into());
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("DIR")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bsh"))
        .collect();
    files.sort();
    let walks = [("fwd", Walk::Forward), ("bwd", Walk::Backward)];
    let pairs = [
        ("fwd vs fwd10x", 0, 1),
        ("bwd vs bwd10x", 2, 3),
        ("fwd vs bwd10x", 0, 3),
        ("bwd vs fwd10x", 2, 1),
    ];
    let mut totals = [[0usize; 3]; 4];
    let mut cpu_total = [0.0f64; 4];
    let mut plies = 0;
    for file in files.iter().take(games) {
        let text = std::fs::read_to_string(file).expect("game file");
        let Some(game) = read_game(&text) else {
            eprintln!("{}: no game", file.display());
            continue;
        };
        plies += game.plies();
        let mut found = Vec::new();
        let mut cpus = Vec::new();
        for (_, walk) in walks {
            for budget in [nodes, nodes * 10] {
                let cpu = cpu_seconds().unwrap_or(f64::NAN);
                let mut refs: Vec<&mut Engine> = engines.iter_mut().collect();
                let r = review_planned(
                    &mut refs,
                    &game,
                    &Limits::nodes(budget),
                    Plan { chunk: CHUNK, walk },
                    &Never,
                    &mut |_, _| {},
                )
                .expect("a game within the move budget");
                cpus.push(cpu_seconds().unwrap_or(f64::NAN) - cpu);
                found.push(marks(&r));
            }
        }
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        let mut row = format!("{name}: {} plies;", game.plies());
        for (k, (label, a, b)) in pairs.iter().enumerate() {
            let [either, same, both] = agree(&found[*a], &found[*b]);
            row += &format!(" {label}: marked {either} same {same} both {both};");
            for (t, v) in totals[k].iter_mut().zip([either, same, both]) {
                *t += v;
            }
        }
        for (t, c) in cpu_total.iter_mut().zip(&cpus) {
            *t += c;
        }
        println!(
            "{row} cpu s fwd {:.1}/{:.1} bwd {:.1}/{:.1}",
            cpus[0], cpus[1], cpus[2], cpus[3]
        );
    }
    for ((label, _, _), [either, same, both]) in pairs.iter().zip(totals) {
        let pc = |n: usize| 100.0 * n as f64 / either.max(1) as f64;
        println!(
            "total {label}: marked {either}, same mark {same} ({:.1}%), marked at both {both} ({:.1}%)",
            pc(same),
            pc(both)
        );
    }
    println!(
        "cpu s a position: fwd {:.3} / {:.3}, bwd {:.3} / {:.3} ({plies} plies)",
        cpu_total[0] / plies as f64,
        cpu_total[1] / plies as f64,
        cpu_total[2] / plies as f64,
        cpu_total[3] / plies as f64
    );
}
