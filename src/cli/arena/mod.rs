//! `boardsh match`: plays two agents (any programs speaking the course's
//! Part 7 protocol) against each other and measures their strength.
//!
//! Each opening (a seeded random line from the start) is played twice,
//! colours swapped. Every result is printed as it comes, then a summary:
//! wins, draws and losses of the first agent, its score, the Elo
//! difference with a 95% interval, and the slowest answer of each agent
//! against the limit (the time-safety figure).
//!
//! Timing: an answer counts from the moment `go` is written to the agent
//! until its line is read; it is late beyond the limit plus `--grace`
//! (default 0.1 s, for process scheduling on a loaded machine). An agent
//! that has not answered by then loses, is killed, and is started afresh
//! for the next game. A freshly started agent gets [`STARTUP_WAIT`] before
//! its first game: the protocol has no "ready" handshake, and the clock of
//! its first `go` would otherwise run while it is still loading (on a
//! loaded machine that alone can lose a game, and the restart after it
//! the next one).

pub mod game;
pub mod process;
pub mod record;
pub mod seat;
pub mod words;

use super::args::MatchArgs;
use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::congo::openings::openings;
use crate::congo::{Color, Tally};
use game::{Terms, play_game};
use process::AgentProcess;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// How long a newly started agent is left alone before its first game.
pub const STARTUP_WAIT: Duration = Duration::from_millis(500);

/// The two agents' letters in the output.
const NAMES: [&str; 2] = ["A", "B"];

/// `boardsh match`: the exit status.
pub fn run(args: &MatchArgs) -> i32 {
    match run_match(args) {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            let _ = writeln!(io::stderr(), "boardsh match: error: {e}");
            EXIT_FAILED
        }
    }
}

fn usage(msg: &str) -> io::Result<i32> {
    writeln!(io::stderr(), "boardsh match: {msg}")?;
    Ok(EXIT_USAGE)
}

/// The slowest answer of one agent.
#[derive(Clone, Copy, Debug, Default)]
struct Slowest {
    took: Duration,
    game: usize,
}

fn run_match(args: &MatchArgs) -> io::Result<i32> {
    if !(args.time.is_finite() && args.time > 0.0 && args.time <= 1.0e6) {
        return usage("--time must be a positive number of seconds");
    }
    if !(args.grace.is_finite() && args.grace >= 0.0 && args.grace <= 1.0e6) {
        return usage("--grace must be a number of seconds, 0 or more");
    }
    let mut agents = Vec::new();
    for cmd in [&args.cmd1, &args.cmd2] {
        match words::split(cmd) {
            Ok(argv) => agents.push(AgentProcess::new(argv)),
            Err(e) => return usage(&format!("cannot read the command `{cmd}`: {e}")),
        }
    }
    let [mut a, mut b] = match <[AgentProcess; 2]>::try_from(agents) {
        Ok(pair) => pair,
        Err(_) => return usage("two agent commands are needed"),
    };
    for (agent, cmd) in [(&mut a, &args.cmd1), (&mut b, &args.cmd2)] {
        if let Err(e) = agent.ensure_started() {
            return usage(&format!("agent `{cmd}`: {e}"));
        }
    }
    std::thread::sleep(STARTUP_WAIT);
    let sink = match &args.pgn {
        Some(p) => match record::Sink::new(p) {
            Ok(s) => Some(s),
            Err(e) => return usage(&format!("--pgn {}: {e}", p.display())),
        },
        None => None,
    };
    let games = usize::try_from(args.games).unwrap_or(usize::MAX);
    let lines = openings(args.seed, games.div_ceil(2), args.opening_plies);
    let terms = Terms {
        time: args.time,
        grace: Duration::from_secs_f64(args.grace),
        max_plies: args.max_plies,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "A: {}", args.cmd1)?;
    writeln!(out, "B: {}", args.cmd2)?;
    writeln!(
        out,
        "{games} games, {} s per move, at most {} plies, openings of {} plies (seed {})",
        args.time, args.max_plies, args.opening_plies, args.seed
    )?;
    out.flush()?;
    let mut tally = Tally::default();
    let mut slowest = [Slowest::default(); 2];
    let mut scripts = Vec::new();
    let started = Instant::now();
    let wall = args
        .max_seconds
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| Duration::from_secs_f64(s.min(1.0e9)));
    for i in 0..games {
        // Checked between opening pairs, so both colours play each opening.
        if i % 2 == 0 && wall.is_some_and(|w| started.elapsed() >= w) {
            writeln!(out, "stopped after {i} games: --max-seconds reached")?;
            break;
        }
        let opening = lines.get(i / 2).map_or(&[][..], Vec::as_slice);
        let a_white = i % 2 == 0;
        let mut fresh = false;
        for agent in [&mut a, &mut b] {
            match agent.ensure_started() {
                Ok(started) => fresh |= started,
                Err(e) => writeln!(io::stderr(), "boardsh match: cannot restart an agent: {e}")?,
            }
        }
        if fresh {
            std::thread::sleep(STARTUP_WAIT);
        }
        let result = if a_white {
            play_game(&mut a, &mut b, opening, &terms)
        } else {
            play_game(&mut b, &mut a, opening, &terms)
        };
        let (white, black) = if a_white { (0, 1) } else { (1, 0) };
        tally.record(result.outcome, a_white);
        for (side, took) in &result.answers {
            let who = if (*side == Color::White) == a_white {
                0
            } else {
                1
            };
            if let Some(s) = slowest.get_mut(who)
                && *took > s.took
            {
                *s = Slowest {
                    took: *took,
                    game: i + 1,
                };
            }
        }
        let name = |k: usize| NAMES.get(k).copied().unwrap_or("?");
        let opening_text: Vec<String> = opening.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "game {}: {} (white) - {} (black) {}: {}, {} plies; opening {}",
            i + 1,
            name(white),
            name(black),
            result.outcome.notation(),
            result.reason,
            result.moves.len(),
            opening_text.join(" ")
        )?;
        out.flush()?;
        if let Some(sink) = &sink {
            let cmds = [args.cmd1.as_str(), args.cmd2.as_str()];
            let h = record::Header {
                number: i + 1,
                games,
                white: cmds.get(white).copied().unwrap_or(""),
                black: cmds.get(black).copied().unwrap_or(""),
            };
            scripts.push(record::script(&h, &result, opening.len()));
            if let Err(e) = sink.write(i + 1, &scripts) {
                writeln!(io::stderr(), "boardsh match: cannot write the record: {e}")?;
            }
        }
    }
    a.stop();
    b.stop();
    let (e, lo, hi) = tally.elo();
    writeln!(
        out,
        "A: {} wins, {} draws, {} losses in {} games; score {:.1}%",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * tally.score()
    )?;
    writeln!(out, "Elo A - B: {e} (95% interval {lo} to {hi})")?;
    for (k, s) in slowest.iter().enumerate() {
        writeln!(
            out,
            "slowest answer of {}: {:.3} s of {} s ({:.0}%), game {}",
            NAMES.get(k).copied().unwrap_or("?"),
            s.took.as_secs_f64(),
            args.time,
            100.0 * s.took.as_secs_f64() / args.time,
            s.game
        )?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}
