//! A worker: one pair of agents playing the pairs the dispatch hands out,
//! telling the referee each game and each finished pair.

use super::dispatch::Dispatch;
use super::game::{Abort, GameResult, Terms, play_game};
use super::process::AgentProcess;
use super::results::{GameRecord, PairRecord};
use super::{NAMES, STARTUP_WAIT};
use crate::congo::{Color, Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// A game played: its number (from 1), whether A had White, where it
/// started and its opening, and how it went.
pub(super) struct Played {
    pub(super) number: u64,
    pub(super) a_white: bool,
    pub(super) start: Position,
    pub(super) opening: Vec<Move>,
    pub(super) result: GameResult,
}

/// What a worker tells the referee.
pub(super) enum Event {
    /// A game was played.
    Game(Box<Played>),
    /// Every game of a pair was played.
    Pair(PairRecord),
    /// An agent never answered: the match cannot go on.
    Broken(String),
    /// The worker has stopped.
    Done,
}

/// Sleep `d`, or less once `stop` is set.
pub(super) fn nap(d: Duration, stop: &AtomicBool) {
    let until = Instant::now() + d;
    while Instant::now() < until && !stop.load(Ordering::Relaxed) {
        thread::sleep(Duration::from_millis(10));
    }
}

/// What every worker shares.
pub(super) struct Shared {
    pub(super) dispatch: Mutex<Dispatch>,
    pub(super) stop: Arc<AtomicBool>,
    pub(super) terms: Terms,
    pub(super) cmds: [String; 2],
}

/// The opening as printed: its moves, or the start FEN of a position from
/// `--openings`.
pub(super) fn opening_text(start: &Position, opening: &[Move]) -> String {
    if opening.is_empty() && *start != Position::start() {
        return start.to_string();
    }
    let words: Vec<String> = opening.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// Play pairs with one set of agents until there are none left.
pub(super) fn worker(mut agents: [AgentProcess; 2], shared: &Shared, tx: &SyncSender<Event>) {
    loop {
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let job = match shared.dispatch.lock() {
            Ok(mut d) => d.next_job(),
            Err(_) => None,
        };
        let Some(job) = job else { break };
        let mut record = PairRecord {
            pair: job.pair,
            start: job.start.to_string(),
            opening: opening_text(&Position::start(), &job.opening),
            games: Vec::new(),
        };
        for k in 0..job.games {
            let number = 2 * job.pair + k + 1;
            let a_white = k == 0;
            let mut fresh = false;
            for agent in &mut agents {
                match agent.ensure_started() {
                    Ok(started) => fresh |= started,
                    Err(e) => eprintln!("boardsh match: cannot restart an agent: {e}"),
                }
            }
            if fresh {
                nap(STARTUP_WAIT, &shared.stop);
            }
            let [a, b] = &mut agents;
            let played = if a_white {
                play_game(a, b, &job.start, &job.opening, &shared.terms)
            } else {
                play_game(b, a, &job.start, &job.opening, &shared.terms)
            };
            match played {
                Ok(result) => {
                    record.games.push(GameRecord {
                        a_white,
                        result: result.outcome.notation().to_string(),
                        reason: result.reason.clone(),
                        plies: u64::try_from(result.moves.len()).unwrap_or(u64::MAX),
                    });
                    let event = Event::Game(Box::new(Played {
                        number,
                        a_white,
                        start: job.start.clone(),
                        opening: job.opening.clone(),
                        result,
                    }));
                    if tx.send(event).is_err() {
                        return;
                    }
                }
                Err(Abort::Stopped) => {
                    let _ = tx.send(Event::Done);
                    return;
                }
                Err(Abort::NoFirstAnswer(side, why)) => {
                    let slot = usize::from((side == Color::White) != a_white);
                    let name = NAMES.get(slot).copied().unwrap_or("?");
                    let cmd = shared.cmds.get(slot).map_or("", String::as_str);
                    let msg = format!(
                        "agent {name} (`{cmd}`) never answered, so the match cannot be played: {why}"
                    );
                    if let Ok(mut d) = shared.dispatch.lock() {
                        d.closed = true;
                    }
                    let _ = tx.send(Event::Broken(msg));
                    let _ = tx.send(Event::Done);
                    return;
                }
            }
        }
        if let [first, second] = record.games.as_slice()
            && let Ok(mut d) = shared.dispatch.lock()
        {
            d.pair_done(first.a_halves(), second.a_halves());
        }
        if tx.send(Event::Pair(record)).is_err() {
            return;
        }
    }
    for agent in &mut agents {
        agent.stop();
    }
    let _ = tx.send(Event::Done);
}
