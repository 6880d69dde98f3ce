//! How fast a material lead becomes a win, over recorded games.
//!
//! `cargo run --release -p boardsh-lab --bin progress -- [--lead CP] FILE|DIR...`
//!
//! Reads game records (`boardsh match --pgn`: a `fen` line, `play` lines,
//! `# result`), replays each, and finds the first ply after which one side
//! is ahead by at least CP of material (the course's values: pawn 100,
//! elephant 200, ...; default 500, "five pawns") and still is after the
//! reply (so the middle of an exchange does not count). From there it
//! counts the plies to the end of the game, and sorts those games by what
//! the side ahead got: a win, a draw or a loss. Item 5 of the engine issue
//! wants the wins short and the draws gone.
use boardsh::congo::course::material;
use boardsh::congo::{Color, Game, Position, parse_move};
use clap::Parser;
use std::path::{Path, PathBuf};

/// One game with a lead: plies from the lead to the end, and what the side
/// ahead scored (1, 0.5, 0).
struct Lead {
    plies: usize,
    score: f64,
    file: PathBuf,
    /// Why the game ended, as its `# result` line says.
    reason: String,
    /// The side ahead's agent, from the record's `# white:` or `# black:`
    /// line (`boardsh match` writes them), if it has one.
    agent: Option<String>,
}

/// How fast a material lead becomes a win, over game records.
#[derive(Parser)]
struct Args {
    /// The lead, in centipawns, that counts.
    #[arg(long = "lead", default_value_t = 500)]
    lead_cp: i32,
    /// Game records, or directories of them.
    paths: Vec<PathBuf>,
}

fn main() {
    let Args { lead_cp, paths } = Args::parse();
    let mut files = Vec::new();
    for a in &paths {
        collect(a, &mut files);
    }
    files.sort();
    let (mut games, mut decisive) = (0, 0);
    let mut leads = Vec::new();
    for file in &files {
        match replay(file, lead_cp) {
            Ok((result, lead)) => {
                games += 1;
                if result != 0.5 {
                    decisive += 1;
                }
                leads.extend(lead);
            }
            Err(e) => eprintln!("progress: {}: {e}", file.display()),
        }
    }
    println!(
        "{games} games ({decisive} decisive); {} reached a lead of {lead_cp} held for a reply",
        leads.len()
    );
    summary(&leads.iter().collect::<Vec<_>>(), false);
    // The same by the agent that was ahead, when the records name them.
    let mut agents: Vec<&str> = leads.iter().filter_map(|l| l.agent.as_deref()).collect();
    agents.sort_unstable();
    agents.dedup();
    for agent in agents {
        let theirs: Vec<&Lead> = leads
            .iter()
            .filter(|l| l.agent.as_deref() == Some(agent))
            .collect();
        println!("ahead: {agent}: {} games", theirs.len());
        summary(&theirs, true);
    }
}

/// Won, drawn and lost games after a lead, with the plies to the end;
/// `files` lists the drawn games' records.
fn summary(leads: &[&Lead], files: bool) {
    for (name, score) in [("won", 1.0), ("drawn", 0.5), ("lost", 0.0)] {
        let mut plies: Vec<usize> = leads
            .iter()
            .filter(|l| l.score == score)
            .map(|l| l.plies)
            .collect();
        plies.sort_unstable();
        if plies.is_empty() {
            println!("  {name:5}: 0");
            continue;
        }
        let q = |f: f64| plies[((plies.len() - 1) as f64 * f).round() as usize];
        let mean = plies.iter().sum::<usize>() as f64 / plies.len() as f64;
        println!(
            "  {name:5}: {:4} games, plies from the lead to the end: median {}, quartiles {}-{}, mean {mean:.1}, longest {}",
            plies.len(),
            q(0.5),
            q(0.25),
            q(0.75),
            q(1.0)
        );
        if score == 0.5 {
            let drawn: Vec<&Lead> = leads.iter().copied().filter(|l| l.score == 0.5).collect();
            let limit = drawn
                .iter()
                .filter(|l| l.reason.starts_with("ply limit"))
                .count();
            let repetition = drawn
                .iter()
                .filter(|l| l.reason.contains("repetition"))
                .count();
            println!(
                "         by repetition: {repetition}, at the ply limit: {limit}, else: {}",
                drawn.len() - limit - repetition
            );
            if files {
                for l in &drawn {
                    println!(
                        "         drawn after a lead ({}): {}",
                        l.reason,
                        l.file.display()
                    );
                }
            }
        }
    }
}

/// Every file under `path` (a file itself, or a directory's files).
fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    match std::fs::read_dir(path) {
        Ok(dir) => {
            for entry in dir.flatten() {
                collect(&entry.path(), files);
            }
        }
        Err(_) => files.push(path.to_path_buf()),
    }
}

/// White's score of a game record and its first held lead, if any.
fn replay(file: &Path, lead_cp: i32) -> Result<(f64, Option<Lead>), String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let mut game: Option<Game> = None;
    let mut result = None;
    let mut reason = String::new();
    let mut agents: [Option<String>; 2] = [None, None];
    for (n, line) in text.lines().enumerate() {
        if let Some(cmd) = line.strip_prefix("# white: ") {
            agents[0] = Some(cmd.to_string());
        } else if let Some(cmd) = line.strip_prefix("# black: ") {
            agents[1] = Some(cmd.to_string());
        }
        if let Some(fen) = line.strip_prefix("fen ") {
            let pos: Position = fen.parse().map_err(|e| format!("line {}: {e}", n + 1))?;
            game = Some(Game::new(pos));
        } else if let Some(mv) = line.strip_prefix("play ") {
            let g = game.as_mut().ok_or("a move before the `fen` line")?;
            let mv = parse_move(mv).map_err(|e| format!("line {}: {e}", n + 1))?;
            g.play(mv).map_err(|e| format!("line {}: {e}", n + 1))?;
        } else if let Some(r) = line.strip_prefix("# result ") {
            reason = r
                .split_once(" (")
                .map_or("", |(_, why)| why.trim_end_matches(')'))
                .to_string();
            result = match r.split(' ').next() {
                Some("1-0") => Some(1.0),
                Some("0-1") => Some(0.0),
                Some("1/2-1/2") => Some(0.5),
                _ => return Err(format!("line {}: unknown result `{r}`", n + 1)),
            };
        }
    }
    let game = game.ok_or("no `fen` line")?;
    let white = result.ok_or("no `# result` line")?;
    // Material after each ply, from White's side.
    let mut pos = game.start().clone();
    let mut balance = vec![material(&pos)];
    for mv in game.moves() {
        pos = pos.after(mv).map_err(|e| e.to_string())?;
        balance.push(material(&pos));
    }
    let total = balance.len() - 1;
    let lead = balance.windows(2).position(|w| {
        (w[0] >= lead_cp && w[1] >= lead_cp) || (w[0] <= -lead_cp && w[1] <= -lead_cp)
    });
    let lead = lead.map(|i| {
        let ahead = if balance[i] > 0 {
            Color::White
        } else {
            Color::Black
        };
        Lead {
            plies: total - i,
            score: if ahead == Color::White {
                white
            } else {
                1.0 - white
            },
            file: file.to_path_buf(),
            reason: reason.clone(),
            agent: agents[usize::from(ahead == Color::Black)].clone(),
        }
    });
    Ok((white, lead))
}
