//! The Congo level ladder (`set level N`), in-process: each level against
//! the next, and level 1 against the safe player (never leaves a piece en
//! prise, see `boardsh::congo::search::safe_move`).
//!
//! `cargo run --release -p boardsh-lab --bin ladder -- [games] [max_plies] [seed] [pairs]`
//!
//! `games` per pair (each opening of 4 random plies played twice, colours
//! swapped; default 200), drawn at `max_plies` (default 200) or a threefold
//! repetition. `pairs` picks rows, e.g. `1-2,2-3,safe` (default: every
//! level against the next, 1-2 .. 11-12, then `safe`). Prints one row per pair: wins, draws and
//! losses of the stronger side, its score and Elo with a 95% interval, and
//! the wall time.
//!
//! A side of a pair may also be a style between the levels, to try one
//! before it becomes a level: `w<depth>.<weakness>.<blunder per mille>`,
//! `d<depth>[.<blunder per mille>]`, `n<nodes>[.<blunder>]`, e.g. `w1.48.200-2`. The top level
//! (and `full`), full strength, searches `LADDER_FULL_NODES` nodes a move (default 200000) on
//! one thread, so a game repeats. `LADDER_OPENINGS=A-B` plays only openings
//! A..B of the pair (games 2A+1..2B), to split a pair or finish one.
//! `--net off|default|FILE` picks the evaluation of every side, as the
//! shell's `set net` (default: the built-in network, what the levels play
//! with; the ladder of 2026-12-01 predates it and is `--net off`).
use boardsh::congo::eval::Evaluator;
use boardsh::congo::openings;
use boardsh::congo::search::safe_move;
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::congo::search::{Style, TOP_LEVEL, choose_style, style};
use boardsh::congo::{Color, Game, Outcome, Position, Repetition};
use boardsh::interrupt::Never;
use boardsh::rng::Rng;
use boardsh::stats::Tally;
use clap::Parser;
use std::time::Instant;

/// One side of a game.
#[derive(Clone, Copy, Debug)]
enum Player {
    Level(u8),
    Style(Style, &'static str),
    Safe,
}

impl Player {
    fn name(self) -> String {
        match self {
            Player::Level(l) => format!("level {l}"),
            Player::Style(_, name) => name.to_string(),
            Player::Safe => "safe".to_string(),
        }
    }

    /// A level `1..=TOP_LEVEL`, `safe`, or a style (see the module text).
    fn parse(text: &str) -> Option<Player> {
        if text == "safe" {
            return Some(Player::Safe);
        }
        if let Ok(l) = text.parse::<u8>() {
            return (1..=TOP_LEVEL).contains(&l).then_some(Player::Level(l));
        }
        let name: &'static str = Box::leak(text.to_string().into_boxed_str());
        let num = |t: &str| t.parse::<u64>().ok();
        let style = if text == "full" {
            Style::Full
        } else if let Some(d) = text.strip_prefix('d') {
            let mut it = d.split('.').map(num);
            let mut next = || it.next().flatten().and_then(|v| u32::try_from(v).ok());
            let depth = next()?;
            Style::Depth {
                depth,
                blunder: next().unwrap_or(0),
            }
        } else if let Some(n) = text.strip_prefix('n') {
            let mut it = n.split('.').map(num);
            let nodes = it.next().flatten()?;
            let blunder = it.next().flatten().unwrap_or(0);
            Style::Nodes {
                nodes,
                blunder: u32::try_from(blunder).ok()?,
            }
        } else if let Some(w) = text.strip_prefix('w') {
            let mut it = w.split('.').map(num);
            let mut next = || it.next().flatten().and_then(|v| u32::try_from(v).ok());
            Style::Weak {
                depth: next()?,
                weakness: next()?,
                blunder: next()?,
            }
        } else {
            return None;
        };
        Some(Player::Style(style, name))
    }

    /// How the player plays, when it is not the safe player.
    fn style(self) -> Option<Style> {
        match self {
            Player::Level(l) => Some(style(l)),
            Player::Style(s, _) => Some(s),
            Player::Safe => None,
        }
    }

    /// Its strength order in a pair: levels by number, styles by depth.
    fn rank(self) -> u64 {
        match self {
            Player::Safe => 0,
            Player::Level(l) => u64::from(l),
            Player::Style(..) => 0,
        }
    }
}

/// One game from `opening`; `seed` feeds the levels' and the safe
/// player's random choices.
fn play(
    white: Player,
    black: Player,
    opening: &[boardsh::congo::Move],
    max_plies: usize,
    seed: u64,
    eval: &Evaluator,
) -> Outcome {
    let mut game = Game::new(Position::start());
    for &mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    let mut engines = [
        Engine::new(EngineConfig::strongest()),
        Engine::new(EngineConfig::strongest()),
    ];
    for engine in &mut engines {
        engine.set_evaluator(eval.clone());
    }
    let mut rng = Rng::new(seed);
    let nodes = std::env::var("LADDER_FULL_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200_000);
    let full = Limits::nodes(nodes);
    loop {
        if let Some(outcome) = game.outcome(Repetition::ThreefoldDraw) {
            return outcome;
        }
        if game.plies() >= max_plies {
            return Outcome::Draw;
        }
        let side = game.position().side_to_move();
        let (player, engine) = match side {
            Color::White => (white, &mut engines[0]),
            Color::Black => (black, &mut engines[1]),
        };
        let mv = match player.style() {
            Some(style) => choose_style(engine, &game, style, rng.next_u64(), &full, &Never)
                .ok()
                .flatten(),
            None => safe_move(game.position(), &mut rng),
        };
        let Some(mv) = mv else {
            return Outcome::win_for(!side);
        };
        if game.play(mv).is_err() {
            return Outcome::win_for(!side);
        }
    }
}

/// The Congo level ladder, in-process (see the module text).
#[derive(Parser)]
struct Args {
    /// Games a pair (two an opening, colours swapped; at least 2).
    #[arg(default_value_t = 200)]
    games: usize,
    /// A game is drawn after this many plies.
    #[arg(default_value_t = 200)]
    max_plies: usize,
    #[arg(default_value_t = 1)]
    seed: u64,
    /// Pairs to play, e.g. `1-2,2-3,safe` (default: each level against
    /// the next, then `safe`).
    pairs: Option<String>,
    /// The evaluation of every side: `off` (the hand-written one),
    /// `default` (the built-in network) or a network file.
    #[arg(long, default_value = "default")]
    net: String,
}

fn main() {
    let args = Args::parse();
    let (games, max_plies, seed) = (args.games.max(2), args.max_plies, args.seed);
    let pairs = args.pairs.unwrap_or_else(|| {
        let every: Vec<String> = (1..TOP_LEVEL)
            .map(|l| format!("{l}-{}", l + 1))
            .chain(std::iter::once("safe".to_string()))
            .collect();
        every.join(",")
    });
    // The one loader of `set net`, `agent --net` and `selfplay --net`.
    let eval = boardsh::front::files::net_option(Some(&args.net)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    eprintln!(
        "evaluation: {}",
        match eval.net() {
            Some(n) => format!("network `{}` ({} hidden)", args.net, n.hidden()),
            None => "hand-written".to_string(),
        }
    );
    let books = openings(seed, games / 2, 4);
    // `LADDER_OPENINGS=A-B` plays only openings A..B (0-based, B excluded):
    // every game depends only on its opening and seed, so a pair can be
    // split across processes (or finished after a timeout) and the
    // tallies added.
    let range = match std::env::var("LADDER_OPENINGS") {
        Ok(text) => {
            let mut it = text.split('-').map(|t| t.trim().parse::<usize>().ok());
            match (it.next().flatten(), it.next().flatten(), it.next()) {
                (Some(a), Some(b), None) if a <= b => a..b,
                _ => {
                    eprintln!("bad LADDER_OPENINGS {text:?}: expected like 71-100");
                    std::process::exit(2);
                }
            }
        }
        Err(_) => 0..books.len(),
    };
    println!("| pair | games | W-D-L (stronger) | score | Elo (95%) | wall s |");
    println!("|---|---|---|---|---|---|");
    for pair in pairs.split(',') {
        let (strong, weak) = if pair == "safe" {
            (Player::Safe, Player::Level(1))
        } else {
            let mut it = pair.split('-').map(Player::parse);
            match (it.next().flatten(), it.next().flatten(), it.next()) {
                // Levels: the higher first; otherwise as written.
                (Some(a), Some(b), None) if a.rank() < b.rank() => (b, a),
                (Some(a), Some(b), None) => (a, b),
                _ => {
                    eprintln!("bad pair {pair:?}: expected like 2-3, safe or w1.48.200-2");
                    std::process::exit(2);
                }
            }
        };
        let t = Instant::now();
        let mut tally = Tally::default();
        for (i, opening) in books.iter().enumerate() {
            if !range.contains(&i) {
                continue;
            }
            for strong_white in [true, false] {
                let game_seed = seed
                    ^ ((i as u64) << 1 | u64::from(strong_white))
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let outcome = if strong_white {
                    play(strong, weak, opening, max_plies, game_seed, &eval)
                } else {
                    play(weak, strong, opening, max_plies, game_seed, &eval)
                };
                let strong = if strong_white {
                    Color::White
                } else {
                    Color::Black
                };
                tally.add(outcome.result_for(strong));
            }
            // The tally so far, so a run stopped by its timeout still
            // says what the unfinished pair had played.
            eprint!(
                "\r{} vs {}: {} games, {}-{}-{}",
                strong.name(),
                weak.name(),
                tally.games(),
                tally.wins,
                tally.draws,
                tally.losses
            );
        }
        eprintln!();
        let (elo, lo, hi) = tally.elo();
        println!(
            "| {} vs {} | {} | {}-{}-{} | {:.1}% | {elo} [{lo}, {hi}] | {:.0} |",
            strong.name(),
            weak.name(),
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score(),
            t.elapsed().as_secs_f64()
        );
    }
}
