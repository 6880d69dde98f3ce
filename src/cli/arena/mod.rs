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
//! For long engine tests: `--sprt` stops the match when a sequential test
//! on the game pairs decides ([`crate::stats::pentanomial`]);
//! `--concurrency` plays pairs on several workers (`worker.rs`), each with
//! its own agents, fed in order by `dispatch.rs`; `--json` appends a line
//! per pair ([`results`]) that a rerun resumes from; `--shard K/N` plays
//! every Nth pair of the same opening sequence; `--merge` sums files up.
//!
//! Robustness: agents' output is read in capped lines onto bounded queues
//! ([`reader`]); each agent runs in its own process group, killed whole at
//! the end; SIGINT, SIGTERM and SIGHUP stop the match, kill the agents,
//! print the summary of the games played and exit with 128 + the signal.

pub mod book;
mod dispatch;

pub mod game;
pub mod json;
mod merge;

pub mod plan;
pub mod process;
pub mod reader;
pub mod record;
pub mod results;

pub mod seat;
mod summary;
mod unpaired;
pub mod words;
mod worker;

use super::args::MatchArgs;
use super::signals::{Mode, Signals};
use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};
use crate::congo::openings::Openings;
use crate::shell::Live;
use crate::stats::pentanomial::Pentanomial;
use dispatch::{Dispatch, Source};
use game::Terms;
use json::Json;
use merge::run_merge;
use process::AgentProcess;
use results::Appender;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use summary::{Totals, game_line, sprt_line, summary};
use worker::{Event, Played, Shared, nap, opening_text, worker};

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
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::EXIT_CLOSED_PIPE,
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

/// The header line of this match's results file: everything that decides
/// the games, so a resumed run or a merge never mixes two matches.
fn results_header(args: &MatchArgs, plan: &plan::Plan) -> String {
    let [a, b] = &plan.cmds;
    let openings = match &plan.book {
        Some(book) => {
            // FNV-1a over the positions: the same file anywhere.
            let mut h = crate::fnv::Fnv1a::default();
            for pos in book {
                h.update(pos.to_string().as_bytes());
                h.update(b"\n");
            }
            Json::String(format!(
                "{} positions, fnv1a {:016x}",
                book.len(),
                h.finish()
            ))
        }
        None => Json::Null,
    };
    results::header(&[
        ("A", Json::String(a.clone())),
        ("B", Json::String(b.clone())),
        ("time", json::number(plan.time)),
        ("grace", json::number(args.grace)),
        ("max_plies", Json::from(args.max_plies)),
        ("seed", Json::String(args.seed.to_string())),
        ("opening_plies", Json::from(args.opening_plies)),
        ("openings", openings),
    ])
}

/// The pairs `--json FILE` already holds (none if it does not exist),
/// checked against this match's `header`.
fn read_results(path: &Path, header: &str) -> Result<results::ResultsFile, String> {
    let name = path.display().to_string();
    let old = match crate::cli::files::read_regular(
        path,
        crate::cli::files::RESULTS_LIMIT,
        "a results file",
    ) {
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
    Ok(old)
}

/// Whether game `number` (from 1) is in one of the finished `pairs`
/// (pair `p` holds games `2p + 1` and `2p + 2`).
fn paired(pairs: &std::collections::BTreeMap<u64, results::PairRecord>, number: u64) -> bool {
    let Some(i) = number.checked_sub(1) else {
        return false;
    };
    pairs
        .get(&(i / 2))
        .is_some_and(|p| usize::try_from(i % 2).is_ok_and(|k| k < p.games.len()))
}

/// Open `--json FILE` for appending after the `whole` bytes read.
fn open_results(path: &Path, whole: usize, header: &str) -> Result<Appender, String> {
    Appender::open(path, whole, header)
        .map_err(|e| format!("--json {}: cannot write it: {e}", path.display()))
}

/// How long a signal's stop may take before the process ends without
/// the rest (an output nobody reads, a write that blocks): the games
/// recorded so far are on disk, and the summary goes to stderr if it can.
const STOP_WAIT: Duration = Duration::from_secs(1);

/// Games finished but not yet printed and recorded, a worker each beyond
/// the first: workers wait for the referee past this, so a slow or
/// unread output holds the match back instead of filling memory, and a
/// signal finds little queued.
const BACKLOG: usize = 2;

/// Ends the process [`STOP_WAIT`] after a signal if the referee has not
/// finished by then (it is blocked writing an output nobody reads):
/// kills the agents and exits with the signal's status, saying on stderr
/// how many games were printed.
fn watchdog(signals: Arc<Signals>, finished: Arc<AtomicBool>, counts: Arc<Counts>) {
    let mut since: Option<Instant> = None;
    while !finished.load(Ordering::SeqCst) {
        if since.is_none() && signals.caught().is_some() {
            since = Some(Instant::now());
        }
        if let (Some(t), Some(code)) = (since, signals.exit_status())
            && t.elapsed() >= STOP_WAIT
        {
            process::kill_all();
            let printed = counts.printed.load(Ordering::SeqCst);
            let recorded = match counts.recording {
                true => format!(", {} recorded", counts.recorded.load(Ordering::SeqCst)),
                false => String::new(),
            };
            // Stderr may be blocked too: written by a thread of its own,
            // waited for a moment at most.
            thread::spawn(move || {
                let _ = writeln!(
                    io::stderr(),
                    "boardsh match: stopped by {}: the output was not taken within {} s, so no summary; {printed} games were printed{recorded}",
                    signal_name(code),
                    STOP_WAIT.as_secs()
                );
            });
            thread::sleep(Duration::from_millis(100));
            std::process::exit(code);
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// Games printed and games recorded so far, for the watchdog.
#[derive(Debug, Default)]
struct Counts {
    printed: AtomicU64,
    recorded: AtomicU64,
    /// Whether the games are recorded at all (`--pgn`).
    recording: bool,
}

/// Sets its flag when dropped.
struct SetOnDrop(Arc<AtomicBool>);

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The bound of the referee's queue of events for `workers` workers: a
/// game and a pair end each, and [`BACKLOG`] more.
fn handles_backlog(workers: usize) -> usize {
    workers.saturating_mul(2) + BACKLOG
}

/// The name of the signal behind exit status `code` (128 + signal).
fn signal_name(code: i32) -> String {
    match code - 128 {
        1 => "SIGHUP".to_string(),
        2 => "SIGINT".to_string(),
        15 => "SIGTERM".to_string(),
        s => format!("signal {s}"),
    }
}

/// `boardsh match` itself, in its steps: open what it reads and writes
/// and start the agents ([`Setup::open`]), stand the watchdog up, print
/// the heading, play (workers fed by a [`Dispatch`], their events taken
/// in by [`Referee::take`]) and say how it ended ([`Referee::finish`]).
fn run_match(args: &MatchArgs) -> io::Result<i32> {
    let setup = match Setup::open(args) {
        Ok(s) => s,
        Err(msg) => return usage(&msg),
    };
    let watch = Watch::stand(setup.sink.is_some());
    nap(STARTUP_WAIT, &watch.live.interrupt);
    let (old_tally, old_pairs) = results::totals(setup.old.pairs.values());
    let shared = Arc::new(Shared {
        dispatch: Mutex::new(dispatch_for(args, &setup, old_pairs)),
        stop: Arc::clone(&setup.stop),
        terms: Terms {
            time: setup.plan.time,
            grace: Duration::from_secs_f64(args.grace),
            max_plies: args.max_plies,
        },
        cmds: setup.plan.cmds.clone(),
    });
    let stdout = io::stdout();
    let mut out = stdout.lock();
    heading(&mut out, args, &setup, old_tally.games())?;
    let (tx, rx) = mpsc::sync_channel(handles_backlog(setup.plan.concurrency));
    let Setup {
        plan,
        sink,
        teams,
        appender,
        stop,
        ..
    } = setup;
    let handles: Vec<_> = (teams.into_iter())
        .map(|team| {
            let (shared, tx) = (Arc::clone(&shared), tx.clone());
            thread::spawn(move || worker(team, &shared, &tx))
        })
        .collect();
    drop(tx);
    let mut referee = Referee {
        args,
        plan: &plan,
        out,
        sink,
        appender,
        counts: Arc::clone(&watch.counts),
        stop,
        totals: Totals {
            tally: old_tally,
            slowest: [None; 2],
            played: 0,
        },
        json_error: None,
        broken: None,
        lost_records: 0,
        write_error: None,
    };
    let signals = watch.signals.as_deref();
    referee.take(&rx, handles.len(), signals);
    for h in handles {
        let _ = h.join();
    }
    referee.finish(&shared, signals)
}

/// What watches a running match: the signals caught, and the watchdog
/// thread that ends the process if the referee cannot (told the games
/// printed and recorded for its last word), stopped when this is dropped.
struct Watch {
    live: Arc<Live>,
    signals: Option<Arc<Signals>>,
    counts: Arc<Counts>,
    /// Set however the match returns, so the watchdog ends with it.
    _finished: SetOnDrop,
}

impl Watch {
    /// Install the signal handlers and start the watchdog (`recording`:
    /// the match writes game records).
    fn stand(recording: bool) -> Watch {
        let live = Arc::new(Live::default());
        let signals = Signals::install(Arc::clone(&live), Mode::Batch)
            .ok()
            .map(Arc::new);
        let finished = Arc::new(AtomicBool::new(false));
        let counts = Arc::new(Counts {
            recording,
            ..Counts::default()
        });
        if let Some(s) = &signals {
            let (s, f, p) = (Arc::clone(s), Arc::clone(&finished), Arc::clone(&counts));
            thread::spawn(move || watchdog(s, f, p));
        }
        Watch {
            live,
            signals,
            counts,
            _finished: SetOnDrop(finished),
        }
    }
}

/// What a match opens before its first game: the plan, the results of
/// the run it resumes, the record file, the agents (running), the
/// records of unfinished pairs dropped, the results file to append to.
struct Setup {
    plan: plan::Plan,
    old: results::ResultsFile,
    sink: Option<record::Sink>,
    teams: Vec<[AgentProcess; 2]>,
    dropped: u64,
    appender: Option<Appender>,
    /// Set to stop the agents and the workers.
    stop: Arc<AtomicBool>,
}

impl Setup {
    /// Open everything in the order a bad part must be found: the plan,
    /// the results file read (so the record check knows whether the run
    /// resumes), the record file, the agents started, the unfinished
    /// pairs' records dropped, and the results file opened for writing
    /// only once the agents run (a bad command leaves no file behind).
    ///
    /// # Errors
    ///
    /// The usage message of the first part that fails.
    fn open(args: &MatchArgs) -> Result<Setup, String> {
        let plan = plan::plan(args)?;
        let header = results_header(args, &plan);
        let old = match &args.json {
            Some(path) => read_results(path, &header)?,
            None => results::ResultsFile::default(),
        };
        let sink = open_sink(args, !old.pairs.is_empty())?;
        let stop = Arc::new(AtomicBool::new(false));
        let teams = start_teams(&plan, &stop)?;
        let dropped = drop_unfinished(args, sink.as_ref(), &old)?;
        let appender = match &args.json {
            Some(path) => Some(open_results(path, old.whole, &header)?),
            None => None,
        };
        Ok(Setup {
            plan,
            old,
            sink,
            teams,
            dropped,
            appender,
            stop,
        })
    }
}

/// The `--pgn` record file, if asked for (`resuming`: the results file
/// has pairs, so the records may be extended).
fn open_sink(args: &MatchArgs, resuming: bool) -> Result<Option<record::Sink>, String> {
    let Some(p) = &args.pgn else {
        return Ok(None);
    };
    let existing = record::Existing {
        force: args.force,
        resuming,
    };
    let inputs: Vec<&Path> = [args.json.as_deref(), args.openings.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    record::Sink::new(p, existing, &inputs)
        .map(Some)
        .map_err(|e| format!("--pgn {}: cannot write there: {e}", p.display()))
}

/// Both agents of each worker, split from their commands and started.
fn start_teams(
    plan: &plan::Plan,
    stop: &Arc<AtomicBool>,
) -> Result<Vec<[AgentProcess; 2]>, String> {
    let mut argvs = Vec::new();
    for cmd in &plan.cmds {
        let argv =
            words::split(cmd).map_err(|e| format!("cannot read the command `{cmd}`: {e}"))?;
        argvs.push(argv);
    }
    let mut teams = Vec::new();
    for _ in 0..plan.concurrency {
        let mut agents = Vec::new();
        for ((argv, name), cmd) in argvs.iter().zip(NAMES).zip(&plan.cmds) {
            let mut agent = AgentProcess::new(argv.clone(), name, Arc::clone(stop));
            agent
                .ensure_started()
                .map_err(|e| format!("agent `{cmd}`: {e}"))?;
            agents.push(agent);
        }
        let pair = <[AgentProcess; 2]>::try_from(agents)
            .map_err(|_| "two agent commands are needed".to_string())?;
        teams.push(pair);
    }
    Ok(teams)
}

/// A resumed run's records of games it plays again go first, so each
/// game is recorded once (`--force` replaces the file anyway): how many
/// were dropped.
fn drop_unfinished(
    args: &MatchArgs,
    sink: Option<&record::Sink>,
    old: &results::ResultsFile,
) -> Result<u64, String> {
    let (Some(record::Sink::File { path, .. }), false, false) =
        (sink, old.pairs.is_empty(), args.force)
    else {
        return Ok(0);
    };
    unpaired::drop_unpaired(path, |n| paired(&old.pairs, n)).map_err(|e| {
        format!(
            "--pgn {}: cannot drop the records of unfinished pairs: {e}",
            path.display()
        )
    })
}

/// The dispatch of this run's games: its openings, its budget of games
/// and wall time, the pairs already played and the SPRT.
fn dispatch_for(args: &MatchArgs, setup: &Setup, pairs: Pentanomial) -> Dispatch {
    let plan = &setup.plan;
    let mut dispatch = Dispatch {
        source: match &plan.book {
            Some(book) => Source::Book(book.clone()),
            None => Source::Random(Openings::new(args.seed, args.opening_plies)),
        },
        next: 0,
        games: plan.games,
        wall: args
            .max_seconds
            .map(|s| (Instant::now(), Duration::from_secs_f64(s))),
        shard: plan.shard,
        done: setup.old.pairs.keys().copied().collect(),
        closed: false,
        timed_out: false,
        pairs,
        sprt: plan.sprt,
        decided: None,
    };
    dispatch.check_sprt();
    dispatch
}

/// The lines before the games: the agents, the terms, the SPRT, what a
/// resumed run found (`old_games` played) and dropped.
fn heading(
    out: &mut impl Write,
    args: &MatchArgs,
    setup: &Setup,
    old_games: u32,
) -> io::Result<()> {
    let plan = &setup.plan;
    let [cmd1, cmd2] = &plan.cmds;
    writeln!(out, "A: {cmd1}")?;
    writeln!(out, "B: {cmd2}")?;
    writeln!(
        out,
        "{} games, {} s per move, at most {} plies, openings of {} plies (seed {})",
        plan.games, plan.time, args.max_plies, args.opening_plies, args.seed
    )?;
    if let Some(sprt) = &plan.sprt {
        let (lower, upper) = sprt.bounds();
        writeln!(
            out,
            "SPRT: elo0 {} elo1 {} alpha {} beta {} (logistic Elo, pentanomial pairs), LLR bounds [{lower:.2}, {upper:.2}]",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        )?;
    }
    if let (Some(path), false) = (&args.json, setup.old.pairs.is_empty()) {
        writeln!(
            out,
            "resumed from {}: {old_games} games in {} pairs already played",
            path.display(),
            setup.old.pairs.len()
        )?;
    }
    let dropped = setup.dropped;
    if let (Some(path), true) = (&args.pgn, dropped > 0) {
        writeln!(
            out,
            "{}: dropped the record{s} of {dropped} game{s} of unfinished pairs (played again)",
            path.display(),
            s = if dropped == 1 { "" } else { "s" }
        )?;
    }
    out.flush()
}

/// The referee's side of a running match: what it prints and records as
/// the workers' events come, and what went wrong on the way.
struct Referee<'a> {
    args: &'a MatchArgs,
    plan: &'a plan::Plan,
    out: io::StdoutLock<'static>,
    sink: Option<record::Sink>,
    appender: Option<Appender>,
    counts: Arc<Counts>,
    stop: Arc<AtomicBool>,
    totals: Totals,
    json_error: Option<String>,
    broken: Option<String>,
    lost_records: u64,
    write_error: Option<io::Error>,
}

impl Referee<'_> {
    /// Take the workers' events until all `running` are done (a caught
    /// signal stops them).
    fn take(&mut self, rx: &mpsc::Receiver<Event>, mut running: usize, signals: Option<&Signals>) {
        while running > 0 {
            if signals.is_some_and(|s| s.caught().is_some()) {
                self.stop.store(true, Ordering::SeqCst);
            }
            let event = match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(e) => e,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            match event {
                Event::Done => running -= 1,
                Event::Pair(record) => self.pair(&record),
                Event::Broken(msg) => {
                    self.broken.get_or_insert(msg);
                    self.stop.store(true, Ordering::SeqCst);
                }
                Event::Game(played) => self.game(*played),
            }
        }
    }

    /// A finished pair: its line appended to the results file (the first
    /// failure stops the match).
    fn pair(&mut self, record: &results::PairRecord) {
        if let (Some(a), Some(path)) = (&mut self.appender, &self.args.json)
            && self.json_error.is_none()
            && let Err(e) = a.append(record)
        {
            self.json_error = Some(format!(
                "cannot write the results of pair {} (games {} and {}) to {}: {e}",
                record.pair + 1,
                2 * record.pair + 1,
                2 * record.pair + 2,
                path.display()
            ));
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// A played game: recorded first (a game is kept even once the output
    /// is gone: a closed pipe stops the match, not its records), then its
    /// line printed.
    fn game(&mut self, played: Played) {
        let Played {
            number,
            a_white,
            start,
            opening,
            result,
        } = played;
        if let Some(sink) = &mut self.sink {
            let [cmd1, cmd2] = &self.plan.cmds;
            let cmds = [cmd1.as_str(), cmd2.as_str()];
            let (white, black) = if a_white { (0, 1) } else { (1, 0) };
            let h = record::Header {
                number,
                games: self.plan.games,
                white: cmds.get(white).copied().unwrap_or(""),
                black: cmds.get(black).copied().unwrap_or(""),
                start: &start,
            };
            let script = record::script(&h, &result, opening.len());
            match sink.write(number, &script) {
                Ok(()) => {
                    self.counts.recorded.fetch_add(1, Ordering::SeqCst);
                }
                Err(e) => {
                    self.lost_records += 1;
                    let _ = writeln!(
                        io::stderr(),
                        "boardsh match: cannot write the record of game {number} to {}: {e}",
                        sink.path(number).display()
                    );
                }
            }
        }
        if self.write_error.is_some() {
            return;
        }
        let opening = opening_text(&start, &opening);
        let shown = game_line(
            &mut self.out,
            &mut self.totals,
            number,
            a_white,
            &opening,
            &result,
        );
        match shown {
            Ok(()) => {
                self.counts
                    .printed
                    .store(self.totals.played, Ordering::SeqCst);
            }
            Err(e) => {
                // The output is gone (a closed pipe): stop the match.
                self.write_error = Some(e);
                self.stop.store(true, Ordering::SeqCst);
            }
        }
    }

    /// How the match ended: why it stopped, the summary, the records and
    /// results lost; the exit status.
    fn finish(mut self, shared: &Shared, signals: Option<&Signals>) -> io::Result<i32> {
        if let Some(e) = self.write_error {
            return Err(e);
        }
        if let Some(msg) = self.broken {
            writeln!(io::stderr(), "boardsh match: {msg}")?;
            return Ok(EXIT_FAILED);
        }
        let out = &mut self.out;
        let played = self.totals.played;
        let caught = signals.and_then(Signals::exit_status);
        let timed_out = shared.dispatch.lock().is_ok_and(|d| d.timed_out);
        if let Some(code) = caught {
            let name = signal_name(code);
            writeln!(out, "stopped after {played} games: {name}")?;
        } else if timed_out {
            writeln!(out, "stopped after {played} games: --max-seconds reached")?;
        }
        let (pairs, decided) = shared
            .dispatch
            .lock()
            .map(|d| (d.pairs, d.decided))
            .unwrap_or_default();
        let slowest = Some((&self.totals.slowest, self.plan.time));
        summary(out, &self.totals.tally, &pairs, slowest)?;
        if let Some(sprt) = &self.plan.sprt {
            sprt_line(out, sprt, &pairs, decided.as_ref())?;
        }
        out.flush()?;
        let lost = self.lost_records;
        if lost > 0 {
            writeln!(
                io::stderr(),
                "boardsh match: {lost} of {played} game records could not be written"
            )?;
        }
        if let Some(msg) = self.json_error {
            writeln!(io::stderr(), "boardsh match: {msg}")?;
            return Ok(caught.unwrap_or(EXIT_FAILED));
        }
        if lost > 0 {
            return Ok(caught.unwrap_or(EXIT_FAILED));
        }
        Ok(caught.unwrap_or(EXIT_OK))
    }
}
