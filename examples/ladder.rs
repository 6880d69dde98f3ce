//! The Congo level ladder (`set level N`), in-process: each level against
//! the next, and level 1 against the safe player (never leaves a piece en
//! prise, see `boardsh::congo::search::safe_move`).
//!
//! `cargo run --release --example ladder -- [games] [max_plies] [seed] [pairs]`
//!
//! `games` per pair (each opening of 4 random plies played twice, colours
//! swapped; default 200), drawn at `max_plies` (default 200) or a threefold
//! repetition. `pairs` picks rows, e.g. `1-2,2-3,safe` (default: every
//! level pair 1-2 .. 5-6, then `safe`; 6-7 is full strength, 3 s a move,
//! so it is asked for by name). Prints one row per pair: wins, draws and
//! losses of the stronger side, its score and Elo with a 95% interval, and
//! the wall time.
use boardsh::congo::search::safe_move;
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::congo::search::{TOP_LEVEL, choose};
use boardsh::congo::{Color, Game, Outcome, Position, Repetition};
use boardsh::congo::{Tally, openings};
use boardsh::interrupt::Never;
use boardsh::rng::Rng;
use std::time::{Duration, Instant};

/// One side of a game.
#[derive(Clone, Copy, Debug)]
enum Player {
    Level(u8),
    Safe,
}

impl Player {
    fn name(self) -> String {
        match self {
            Player::Level(l) => format!("level {l}"),
            Player::Safe => "safe".to_string(),
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
    let mut rng = Rng::new(seed);
    let full = Limits::time(Duration::from_secs(3));
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
        let mv = match player {
            Player::Level(l) => choose(engine, &game, l, rng.next_u64(), &full, &Never)
                .ok()
                .flatten(),
            Player::Safe => safe_move(game.position(), &mut rng),
        };
        let Some(mv) = mv else {
            return Outcome::win_for(!side);
        };
        if game.play(mv).is_err() {
            return Outcome::win_for(!side);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let games: usize = get(0, "200").parse().unwrap_or(200).max(2);
    let max_plies: usize = get(1, "200").parse().unwrap_or(200);
    let seed: u64 = get(2, "1").parse().unwrap_or(1);
    let pairs = get(3, "1-2,2-3,3-4,4-5,5-6,safe");
    let books = openings(seed, games / 2, 4);
    println!("| pair | games | W-D-L (stronger) | score | Elo (95%) | wall s |");
    println!("|---|---|---|---|---|---|");
    for pair in pairs.split(',') {
        let (strong, weak) = if pair == "safe" {
            (Player::Safe, Player::Level(1))
        } else {
            let mut it = pair.split('-').filter_map(|x| x.parse::<u8>().ok());
            match (it.next(), it.next()) {
                (Some(a), Some(b))
                    if (1..=TOP_LEVEL).contains(&a) && (1..=TOP_LEVEL).contains(&b) =>
                {
                    (Player::Level(a.max(b)), Player::Level(a.min(b)))
                }
                _ => {
                    eprintln!("bad pair {pair:?}: expected like 2-3 or safe");
                    std::process::exit(2);
                }
            }
        };
        let t = Instant::now();
        let mut tally = Tally::default();
        for (i, opening) in books.iter().enumerate() {
            for strong_white in [true, false] {
                let game_seed = seed
                    ^ ((i as u64) << 1 | u64::from(strong_white))
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let outcome = if strong_white {
                    play(strong, weak, opening, max_plies, game_seed)
                } else {
                    play(weak, strong, opening, max_plies, game_seed)
                };
                tally.record(outcome, strong_white);
            }
            eprint!(
                "\r{} vs {}: {} games",
                strong.name(),
                weak.name(),
                tally.games()
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
