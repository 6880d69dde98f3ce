//! Walls in a match's game records (`boardsh match --pgn DIR/`), against
//! the passive defender (issue 48, item 4): for each game, which agent
//! had White, the result, the plies, and the longest run of plies in which
//! the side that is not the defender had 6 or more pawns on its own third
//! rank (rank 3 for White, rank 5 for Black) — a wall of pawns kept while
//! the defender's stay at home.
//!
//! `cargo run --release -p boardsh-lab --bin walls -- DIR [MIN_PLIES]`
//!
//! The defender is the agent whose command holds `--engine passive`.
//! Prints a line a game, then the wins of the other agent as White and
//! as Black, and how many games had a wall for MIN_PLIES (default 100)
//! plies or more.
use boardsh::congo::{Color, PieceKind, Position, Square, parse_move};
use clap::Parser;
use std::path::PathBuf;

#[derive(Parser)]
struct Args {
    /// The `--pgn` directory of game records.
    dir: PathBuf,
    /// A wall counts when it stands this many plies or more.
    #[arg(default_value_t = 100)]
    min_plies: usize,
}

/// The `side`'s pawns (not superpawns) on its own third rank.
fn wall(pos: &Position, side: Color) -> usize {
    let rank = match side {
        Color::White => '3',
        Color::Black => '5',
    };
    "abcdefg"
        .chars()
        .filter_map(|f| format!("{f}{rank}").parse::<Square>().ok())
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == side && p.kind == PieceKind::Pawn)
        })
        .count()
}

/// One game: (the other agent's colour, result, plies, longest wall).
fn game(text: &str) -> Result<(Color, String, usize, usize), String> {
    let mut passive = None;
    let mut pos: Option<Position> = None;
    let (mut plies, mut run, mut longest) = (0, 0, 0);
    let mut result = String::from("?");
    for line in text.lines() {
        if let Some(cmd) = line.strip_prefix("# white: ") {
            if cmd.contains("--engine passive") {
                passive = Some(Color::White);
            }
        } else if let Some(cmd) = line.strip_prefix("# black: ") {
            if cmd.contains("--engine passive") {
                passive = Some(Color::Black);
            }
        } else if let Some(r) = line.strip_prefix("# result ") {
            result = r.to_string();
        } else if let Some(fen) = line.strip_prefix("fen ") {
            pos = Some(fen.parse().map_err(|e| format!("fen: {e:?}"))?);
        } else if let Some(mv) = line.strip_prefix("play ") {
            let p = pos.as_mut().ok_or("play before fen")?;
            let mv = parse_move(mv).map_err(|e| format!("{mv}: {e:?}"))?;
            p.play(mv).map_err(|e| format!("{mv}: {e:?}"))?;
            plies += 1;
        } else {
            continue;
        }
        if let (Some(p), Some(defender)) = (&pos, passive) {
            if wall(p, !defender) >= 6 {
                run += 1;
                longest = longest.max(run);
            } else {
                run = 0;
            }
        }
    }
    let defender = passive.ok_or("no agent with --engine passive")?;
    Ok((!defender, result, plies, longest))
}

fn main() {
    let args = Args::parse();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&args.dir)
        .unwrap_or_else(|e| panic!("{}: {e}", args.dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bsh"))
        .collect();
    files.sort();
    // Per colour of the other agent: games, wins, walls.
    let mut tally = [[0usize; 3]; 2];
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{e}"));
        let (side, result, plies, longest) =
            game(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let won = match side {
            Color::White => result.starts_with("1-0"),
            Color::Black => result.starts_with("0-1"),
        };
        let t = &mut tally[side.index()];
        t[0] += 1;
        t[1] += usize::from(won);
        t[2] += usize::from(longest >= args.min_plies);
        println!(
            "{}: {} {result}, {plies} plies, wall of 6+ pawns for {longest} plies",
            file.file_name().unwrap_or_default().to_string_lossy(),
            side.name(),
        );
    }
    for side in Color::ALL {
        let [games, won, walls] = tally[side.index()];
        println!(
            "as {}: won {won} of {games}; a wall for {}+ plies in {walls}",
            side.name(),
            args.min_plies
        );
    }
}
