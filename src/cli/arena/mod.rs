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
//! the next one). An agent that never answers at all (it cannot start, or
//! does not speak the protocol) is an error, not a lost game.
//!
//! Robustness: agents' output is read in capped lines onto bounded queues
//! ([`reader`]); each agent runs in its own process group, killed whole at
//! the end; SIGINT, SIGTERM and SIGHUP stop the match, kill the agents,
//! print the summary of the games played and exit with 128 + the signal.

pub mod book;

pub mod game;
pub mod json;

pub mod plan;
pub mod process;
pub mod reader;
pub mod record;
pub mod results;

pub mod seat;
pub mod words;

use super::args::MatchArgs;
use super::signals::{Mode, Signals};
use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::congo::openings::Openings;
use crate::congo::{Color, Move, Position};
use crate::congo::{Elo, Tally};
use crate::shell::Live;
use crate::stats::pentanomial::{Pentanomial, Sprt, Verdict};
use game::{Abort, GameResult, Outcome, Terms, play_game};
use json::Json;
use process::AgentProcess;
use results::{Appender, GameRecord, PairRecord};
use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long a newly started agent is left alone before its first game.
pub const STARTUP_WAIT: Duration = Duration::from_millis(500);

/// The two agents' letters in the output.
const NAMES: [&str; 2] = ["A", "B"];

/// `boardsh match`: the exit status.
pub fn run(args: &MatchArgs) -> i32 {
    let ran = if args.merge {
        run_merge(args)
    } else {
        run_match(args)
    };
    match ran {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            let _ = writeln!(io::stderr(), "boardsh match: error writing the output: {e}");
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
    game: u64,
}

/// One opening pair to play: games `2 * pair + 1` and `2 * pair + 2`
/// (the second only if the match has that many games).
struct Job {
    pair: u64,
    start: Position,
    opening: Vec<Move>,
    games: u64,
}

/// Where the pairs' openings come from.
enum Source {
    /// Seeded random lines from the start, made in order.
    Random(Openings),
    /// `--openings`: the file's positions in turn, cycled.
    Book(Vec<Position>),
}

impl Source {
    /// The start and opening of `pair` (called for every pair in order,
    /// so a seed gives every shard the same openings).
    fn opening(&mut self, pair: u64) -> (Position, Vec<Move>) {
        match self {
            Source::Random(lines) => (Position::start(), lines.next().unwrap_or_default()),
            Source::Book(book) => {
                let len = u64::try_from(book.len()).unwrap_or(1).max(1);
                let k = usize::try_from(pair % len).unwrap_or(0);
                let start = book.get(k).cloned().unwrap_or_else(Position::start);
                (start, Vec::new())
            }
        }
    }
}

/// Hands out the opening pairs in order, until the match has enough games,
/// its time is up, or it is closed.
struct Dispatch {
    source: Source,
    next: u64,
    games: u64,
    wall: Option<(Instant, Duration)>,
    /// This run's shard `(k, n)`.
    shard: (u64, u64),
    /// Pairs already in the results file (a resumed run skips them).
    done: BTreeSet<u64>,
    /// Set once no new pair should start (a fatal error, a decided SPRT).
    closed: bool,
    /// Set when the time ran out.
    timed_out: bool,
    /// The complete pairs so far, from A's side.
    pairs: Pentanomial,
    /// The test that may end the match.
    sprt: Option<Sprt>,
}

impl Dispatch {
    /// Count a complete pair (A's points in halves in each game); an SPRT
    /// that decides closes the match (pairs already started still count).
    fn pair_done(&mut self, first: u8, second: u8) {
        self.pairs.add(first, second);
        self.check_sprt();
    }

    fn check_sprt(&mut self) {
        if let Some(sprt) = &self.sprt
            && sprt.verdict(&self.pairs) != Verdict::Continue
        {
            self.closed = true;
        }
    }

    fn next_job(&mut self) -> Option<Job> {
        loop {
            if self.closed || self.next.saturating_mul(2) >= self.games {
                return None;
            }
            if let Some((t0, w)) = self.wall
                && t0.elapsed() >= w
            {
                self.timed_out = true;
                return None;
            }
            let pair = self.next;
            self.next += 1;
            let (start, opening) = self.source.opening(pair);
            let (k, n) = self.shard;
            if pair % n != k - 1 || self.done.contains(&pair) {
                continue;
            }
            let games = (self.games - 2 * pair).min(2);
            return Some(Job {
                pair,
                start,
                opening,
                games,
            });
        }
    }
}

/// A game played: its number (from 1), whether A had White, where it
/// started and its opening, and how it went.
struct Played {
    number: u64,
    a_white: bool,
    start: Position,
    opening: Vec<Move>,
    result: GameResult,
}

/// What a worker tells the referee.
enum Event {
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
fn nap(d: Duration, stop: &AtomicBool) {
    let until = Instant::now() + d;
    while Instant::now() < until && !stop.load(Ordering::Relaxed) {
        thread::sleep(Duration::from_millis(10));
    }
}

/// What every worker shares.
struct Shared {
    dispatch: Mutex<Dispatch>,
    stop: Arc<AtomicBool>,
    terms: Terms,
    cmds: [String; 2],
}

/// The opening as printed: its moves, or the start FEN of a position from
/// `--openings`.
fn opening_text(start: &Position, opening: &[Move]) -> String {
    if opening.is_empty() && *start != Position::start() {
        return start.to_string();
    }
    let words: Vec<String> = opening.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// Play pairs with one set of agents until there are none left.
fn worker(mut agents: [AgentProcess; 2], shared: &Shared, tx: &Sender<Event>) {
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

/// The running totals of the games played.
struct Totals {
    tally: Tally,
    slowest: [Option<Slowest>; 2],
    scripts: Vec<String>,
    /// Games played by this run.
    played: u64,
}

/// The header line of this match's results file: everything that decides
/// the games, so a resumed run or a merge never mixes two matches.
fn results_header(args: &MatchArgs, plan: &plan::Plan) -> String {
    let [a, b] = &plan.cmds;
    let openings = match &plan.book {
        Some(book) => {
            // FNV-1a over the positions: the same file anywhere.
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for pos in book {
                for byte in pos.to_string().bytes().chain([b'\n']) {
                    h = (h ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
                }
            }
            Json::Str(format!("{} positions, fnv1a {h:016x}", book.len()))
        }
        None => Json::Null,
    };
    results::header(&[
        ("A", Json::Str(a.clone())),
        ("B", Json::Str(b.clone())),
        ("time", Json::Num(plan.time)),
        ("grace", Json::Num(args.grace)),
        ("max_plies", Json::Num(f64::from(args.max_plies))),
        ("seed", Json::Str(args.seed.to_string())),
        ("opening_plies", Json::Num(f64::from(args.opening_plies))),
        ("openings", openings),
    ])
}

/// Open `--json FILE`, reading the pairs it already holds.
fn open_results(path: &Path, header: &str) -> Result<(Appender, results::ResultsFile), String> {
    let name = path.display().to_string();
    let old = match std::fs::read(path) {
        Ok(bytes) => {
            let text = String::from_utf8(bytes)
                .map_err(|_| format!("--json {name}: not a results file (not UTF-8)"))?;
            results::read(&name, &text).map_err(|e| format!("--json {e}"))?
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => results::ResultsFile::default(),
        Err(e) => return Err(format!("--json {name}: cannot read it: {e}")),
    };
    if let Some(h) = &old.header {
        let mine = json::parse(header).ok();
        if mine.as_ref() != Some(h) {
            return Err(format!(
                "--json {name}: it holds another match's results (agents, time, seed or openings differ)"
            ));
        }
    }
    let appender = Appender::open(path, old.whole, header)
        .map_err(|e| format!("--json {name}: cannot write it: {e}"))?;
    Ok((appender, old))
}

fn run_match(args: &MatchArgs) -> io::Result<i32> {
    let plan = match plan::plan(args) {
        Ok(p) => p,
        Err(msg) => return usage(&msg),
    };
    let sink = match &args.pgn {
        Some(p) => match record::Sink::new(p) {
            Ok(s) => Some(s),
            Err(e) => return usage(&format!("--pgn {}: cannot write there: {e}", p.display())),
        },
        None => None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mut argvs = Vec::new();
    for cmd in &plan.cmds {
        match words::split(cmd) {
            Ok(argv) => argvs.push(argv),
            Err(e) => return usage(&format!("cannot read the command `{cmd}`: {e}")),
        }
    }
    let mut teams = Vec::new();
    for _ in 0..plan.concurrency {
        let mut agents = Vec::new();
        for ((argv, name), cmd) in argvs.iter().zip(NAMES).zip(&plan.cmds) {
            let mut agent = AgentProcess::new(argv.clone(), name, Arc::clone(&stop));
            if let Err(e) = agent.ensure_started() {
                return usage(&format!("agent `{cmd}`: {e}"));
            }
            agents.push(agent);
        }
        let Ok(pair) = <[AgentProcess; 2]>::try_from(agents) else {
            return usage("two agent commands are needed");
        };
        teams.push(pair);
    }
    // Opened once the agents run, so a bad command leaves no file behind.
    let header = results_header(args, &plan);
    let (mut appender, old) = match &args.json {
        Some(path) => match open_results(path, &header) {
            Ok((a, old)) => (Some(a), old),
            Err(msg) => return usage(&msg),
        },
        None => (None, results::ResultsFile::default()),
    };
    let live = Arc::new(Live::default());
    let signals = Signals::install(Arc::clone(&live), Mode::Batch).ok();
    nap(STARTUP_WAIT, &live.interrupt);
    let games = plan.games;
    let terms = Terms {
        time: plan.time,
        grace: Duration::from_secs_f64(args.grace),
        max_plies: args.max_plies,
    };
    let started = Instant::now();
    let (old_tally, old_pairs) = results::totals(old.pairs.values());
    let mut dispatch = Dispatch {
        source: match &plan.book {
            Some(book) => Source::Book(book.clone()),
            None => Source::Random(Openings::new(args.seed, args.opening_plies)),
        },
        next: 0,
        games,
        wall: args
            .max_seconds
            .map(|s| (started, Duration::from_secs_f64(s))),
        shard: plan.shard,
        done: old.pairs.keys().copied().collect(),
        closed: false,
        timed_out: false,
        pairs: old_pairs,
        sprt: plan.sprt,
    };
    dispatch.check_sprt();
    let shared = Arc::new(Shared {
        dispatch: Mutex::new(dispatch),
        stop: Arc::clone(&stop),
        terms,
        cmds: plan.cmds.clone(),
    });
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let [cmd1, cmd2] = &plan.cmds;
    writeln!(out, "A: {cmd1}")?;
    writeln!(out, "B: {cmd2}")?;
    writeln!(
        out,
        "{games} games, {} s per move, at most {} plies, openings of {} plies (seed {})",
        plan.time, args.max_plies, args.opening_plies, args.seed
    )?;
    if let Some(sprt) = &plan.sprt {
        let (lower, upper) = sprt.bounds();
        writeln!(
            out,
            "SPRT: elo0 {} elo1 {} alpha {} beta {} (logistic Elo, pentanomial pairs), LLR bounds [{lower:.2}, {upper:.2}]",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        )?;
    }
    if let (Some(path), false) = (&args.json, old.pairs.is_empty()) {
        writeln!(
            out,
            "resumed from {}: {} games in {} pairs already played",
            path.display(),
            old_tally.games(),
            old.pairs.len()
        )?;
    }
    out.flush()?;
    let (tx, rx) = mpsc::channel();
    let mut handles = Vec::new();
    for team in teams {
        let shared = Arc::clone(&shared);
        let tx = tx.clone();
        handles.push(thread::spawn(move || worker(team, &shared, &tx)));
    }
    drop(tx);
    let mut json_error = None;
    let mut totals = Totals {
        tally: old_tally,
        slowest: [None; 2],
        scripts: Vec::new(),
        played: 0,
    };
    let mut broken = None;
    let mut running = handles.len();
    let mut write_error = None;
    while running > 0 {
        if let Some(s) = &signals
            && s.caught().is_some()
        {
            stop.store(true, Ordering::SeqCst);
        }
        let event = match rx.recv_timeout(Duration::from_millis(20)) {
            Ok(e) => e,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        match event {
            Event::Done => running -= 1,
            Event::Pair(record) => {
                if let (Some(a), Some(path)) = (&mut appender, &args.json)
                    && json_error.is_none()
                    && let Err(e) = a.append(&record)
                {
                    json_error = Some(format!(
                        "cannot write the results of pair {} (games {} and {}) to {}: {e}",
                        record.pair + 1,
                        2 * record.pair + 1,
                        2 * record.pair + 2,
                        path.display()
                    ));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            Event::Broken(msg) => {
                broken.get_or_insert(msg);
                stop.store(true, Ordering::SeqCst);
            }
            Event::Game(played) => {
                let Played {
                    number,
                    a_white,
                    start,
                    opening,
                    result,
                } = *played;
                if write_error.is_some() {
                    continue;
                }
                let shown = game_line(
                    &mut out,
                    &mut totals,
                    number,
                    a_white,
                    &opening_text(&start, &opening),
                    &result,
                );
                if let Err(e) = shown {
                    // The output is gone (a closed pipe): stop the match.
                    write_error = Some(e);
                    stop.store(true, Ordering::SeqCst);
                    continue;
                }
                if let Some(sink) = &sink {
                    let cmds = [cmd1.as_str(), cmd2.as_str()];
                    let (white, black) = if a_white { (0, 1) } else { (1, 0) };
                    let h = record::Header {
                        number,
                        games,
                        white: cmds.get(white).copied().unwrap_or(""),
                        black: cmds.get(black).copied().unwrap_or(""),
                        start: &start,
                    };
                    totals
                        .scripts
                        .push(record::script(&h, &result, opening.len()));
                    if let Err(e) = sink.write(number, &totals.scripts) {
                        writeln!(
                            io::stderr(),
                            "boardsh match: cannot write the record of game {number} to {}: {e}",
                            sink.path(number).display()
                        )?;
                    }
                }
            }
        }
    }
    for h in handles {
        let _ = h.join();
    }
    if let Some(e) = write_error {
        return Err(e);
    }
    if let Some(msg) = broken {
        writeln!(io::stderr(), "boardsh match: {msg}")?;
        return Ok(EXIT_FAILED);
    }
    let caught = signals.as_ref().and_then(Signals::exit_status);
    let timed_out = shared.dispatch.lock().is_ok_and(|d| d.timed_out);
    if let Some(code) = caught {
        let name = match code - 128 {
            1 => "SIGHUP".to_string(),
            2 => "SIGINT".to_string(),
            15 => "SIGTERM".to_string(),
            s => format!("signal {s}"),
        };
        writeln!(out, "stopped after {} games: {name}", totals.played)?;
    } else if timed_out {
        writeln!(
            out,
            "stopped after {} games: --max-seconds reached",
            totals.played
        )?;
    }
    let pairs = shared.dispatch.lock().map(|d| d.pairs).unwrap_or_default();
    summary(
        &mut out,
        &totals.tally,
        &pairs,
        Some((&totals.slowest, plan.time)),
    )?;
    if let Some(sprt) = &plan.sprt {
        sprt_line(&mut out, sprt, &pairs)?;
    }
    out.flush()?;
    if let Some(msg) = json_error {
        writeln!(io::stderr(), "boardsh match: {msg}")?;
        return Ok(caught.unwrap_or(EXIT_FAILED));
    }
    Ok(caught.unwrap_or(EXIT_OK))
}

/// The SPRT's closing line: the LLR, the bounds, the verdict.
fn sprt_line(out: &mut impl Write, sprt: &Sprt, pairs: &Pentanomial) -> io::Result<()> {
    let (lower, upper) = sprt.bounds();
    let said = match sprt.verdict(pairs) {
        Verdict::H1 => "H1 accepted (A is at least elo1 stronger)",
        Verdict::H0 => "H0 accepted (A is at most elo0 stronger)",
        Verdict::Continue => "no decision yet",
    };
    writeln!(
        out,
        "SPRT: LLR {:.2} [{lower:.2}, {upper:.2}]: {said}",
        sprt.llr(pairs)
    )
}

/// `boardsh match --merge FILES`: the summary of results files (shards of
/// one match, or runs of it), each pair counted once.
fn run_merge(args: &MatchArgs) -> io::Result<i32> {
    let (sprt, files) = match plan::sprt_and_rest(args) {
        Ok(x) => x,
        Err(msg) => return usage(&msg),
    };
    if files.is_empty() {
        return usage("--merge needs one or more results files");
    }
    let mut header: Option<(String, Json)> = None;
    let mut pairs: std::collections::BTreeMap<u64, (String, PairRecord)> =
        std::collections::BTreeMap::new();
    for name in &files {
        let text = match std::fs::read(name).map(String::from_utf8) {
            Ok(Ok(t)) => t,
            Ok(Err(_)) => return usage(&format!("{name}: not a results file (not UTF-8)")),
            Err(e) => return usage(&format!("{name}: cannot read it: {e}")),
        };
        let file = match results::read(name, &text) {
            Ok(f) => f,
            Err(msg) => return usage(&msg),
        };
        match (&header, file.header) {
            (_, None) => return usage(&format!("{name}: no results in it")),
            (None, Some(h)) => header = Some((name.clone(), h)),
            (Some((first, h0)), Some(h)) => {
                if *h0 != h {
                    return usage(&format!(
                        "{name}: another match's results than {first} (agents, time, seed or openings differ)"
                    ));
                }
            }
        }
        for (n, p) in file.pairs {
            if let Some((other, q)) = pairs.get(&n) {
                if *q != p {
                    return usage(&format!(
                        "pair {} is in both {other} and {name}, with different games",
                        n + 1
                    ));
                }
                continue;
            }
            pairs.insert(n, (name.clone(), p));
        }
    }
    let (tally, penta) = results::totals(pairs.values().map(|(_, p)| p));
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Some((_, h)) = &header {
        for (k, name) in [("A", "A"), ("B", "B")] {
            if let Some(cmd) = h.get(k).and_then(Json::as_str) {
                writeln!(out, "{name}: {cmd}")?;
            }
        }
    }
    writeln!(
        out,
        "merged {} files: {} games in {} pairs",
        files.len(),
        tally.games(),
        pairs.len()
    )?;
    summary(&mut out, &tally, &penta, None)?;
    if let Some(sprt) = &sprt {
        sprt_line(&mut out, sprt, &penta)?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}

/// Count one game and print its line.
fn game_line(
    out: &mut impl Write,
    totals: &mut Totals,
    number: u64,
    a_white: bool,
    opening: &str,
    result: &GameResult,
) -> io::Result<()> {
    totals.played += 1;
    let (white, black) = if a_white { (0, 1) } else { (1, 0) };
    let a_won = match result.outcome {
        Outcome::Draw => None,
        Outcome::WhiteWins => Some(a_white),
        Outcome::BlackWins => Some(!a_white),
    };
    let t = &mut totals.tally;
    match a_won {
        None => t.draws += 1,
        Some(true) => t.wins += 1,
        Some(false) => t.losses += 1,
    }
    for (side, took) in &result.answers {
        let who = usize::from((*side == Color::White) != a_white);
        if let Some(s) = totals.slowest.get_mut(who)
            && s.is_none_or(|s| *took > s.took)
        {
            *s = Some(Slowest {
                took: *took,
                game: number,
            });
        }
    }
    let name = |k: usize| NAMES.get(k).copied().unwrap_or("?");
    writeln!(
        out,
        "game {number}: {} (white) - {} (black) {}: {}, {} plies; opening {}",
        name(white),
        name(black),
        result.outcome.notation(),
        result.reason,
        result.moves.len(),
        opening
    )?;
    out.flush()
}

/// The closing lines: A's results, the Elo difference, the slowest answers.
fn summary(
    out: &mut impl Write,
    tally: &Tally,
    pairs: &Pentanomial,
    slowest: Option<(&[Option<Slowest>; 2], f64)>,
) -> io::Result<()> {
    if tally.games() == 0 {
        writeln!(out, "no games played")?;
        return Ok(());
    }
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
    if let Some((e, lo, hi)) = pairs.elo() {
        let [ll, ld, dd, wd, ww] = pairs.counts;
        writeln!(
            out,
            "pairs of A [LL, LD, DD+WL, WD, WW]: [{ll}, {ld}, {dd}, {wd}, {ww}]; Elo A - B by pairs: {} (95% interval {} to {})",
            Elo(e),
            Elo(lo),
            Elo(hi)
        )?;
    }
    let Some((slowest, time)) = slowest else {
        return Ok(());
    };
    for (k, s) in slowest.iter().enumerate() {
        let name = NAMES.get(k).copied().unwrap_or("?");
        match s {
            Some(s) => writeln!(
                out,
                "slowest answer of {name}: {:.3} s of {time} s ({:.0}%), game {}",
                s.took.as_secs_f64(),
                100.0 * s.took.as_secs_f64() / time,
                s.game
            )?,
            None => writeln!(out, "slowest answer of {name}: no answer")?,
        }
    }
    Ok(())
}
