//! `boardsh agent`: the Congo course's tournament protocol (Part 7) on
//! stdin and stdout.
//!
//! The manager sends `newgame`, `position <fen>`, `moves <m1> [<m2> ...]`
//! and `go <seconds>`; the agent answers each `go` with one line, its move,
//! and plays it on its own board. Nothing else is ever written to stdout:
//! complaints (an unknown command, an illegal move, `go` when the game is
//! over) go to stderr and leave the board as it was.
//!
//! Time: the agent is a long-lived process, so the budget of a `go` runs
//! from the moment its line is read. The search plans to use at most
//! [`THINK_SHARE`] of the given time and is stopped outright at
//! [`HARD_SHARE`] of it, which leaves the rest for a loaded machine, the
//! pipe and the manager (see `go_budget`).

use super::args::AgentArgs;
use crate::congo::eval::Evaluator;
use crate::congo::moves::{legal_moves, parse_move, too_many_moves};
use crate::congo::search::skill;
use crate::congo::search::{Engine, EngineConfig, Limits, SearchInfo, parse_config};
use crate::congo::{Game, Move, Position, Status};
use crate::limits::MAX_LINE;
use crate::quote::{PATH_WIDTH, QUOTE_WIDTH};
use crate::rng::Rng;
use crate::shell::lines::{LineReader, ReadFault, Text};
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

/// The share of `go`'s time the search is given as its time limit.
pub const THINK_SHARE: f64 = 0.4;
/// The share of `go`'s time after which the search is stopped regardless.
pub const HARD_SHARE: f64 = 0.6;

/// `help`: the commands, written to stderr (stdout carries moves only),
/// each line with the `boardsh agent: ` prefix every stderr line has.
pub const HELP: &str = "\
the commands (moves go to stdout, everything else to stderr):
  newgame                            a new game from the start position
  position startpos|<fen> [moves <move>...]
                                     set the board, then play the moves
  moves <move>...                    play moves on the board (all or none)
  go <seconds>                       answer one move on stdout and play it
  isready                            accepted, answers nothing
  help                               this list
  quit, exit                         stop
";

/// What picks the moves.
enum Brain {
    /// The alpha-beta engine with some settings.
    Search(Box<Engine>),
    /// A uniformly random legal move (for tests and as a weak opponent).
    Random(Rng),
    /// The passive defender ([`crate::congo::passive`]): its moves drawn
    /// with `seed`, or, with a search budget, the engine's best of them.
    Passive {
        seed: u64,
        engine: Option<Box<Engine>>,
    },
    /// The engine at a level below the top (`--level N`), as the shell's
    /// `set level N` plays, its choices drawn from `seed`.
    Level {
        engine: Box<Engine>,
        level: u8,
        seed: u64,
    },
}

/// One agent: its game (the board and the positions so far) and its brain.
pub struct Agent {
    game: Game,
    brain: Brain,
    limits: Limits,
    verbose: bool,
}

/// Whether to go on reading commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The think budget and the hard deadline for `go <seconds>`, from the
/// moment its line was read.
pub fn go_budget(seconds: f64) -> (Duration, Duration) {
    let total = Duration::from_secs_f64(seconds.clamp(0.0, 1.0e6));
    (total.mul_f64(THINK_SHARE), total.mul_f64(HARD_SHARE))
}

impl Agent {
    /// An agent at the start position with the settings of `args`.
    ///
    /// # Errors
    ///
    /// An engine spec that is not understood.
    pub fn new(args: &AgentArgs) -> Result<Agent, String> {
        // (clap refuses --level with --depth or --nodes; this is for the
        // other callers.)
        if args.level.is_some() && (args.depth.is_some() || args.nodes.is_some()) {
            return Err("--level sets the budget: give it without --depth and --nodes".into());
        }
        let level = match args.level {
            Some(n) if !(skill::MIN_LEVEL..=skill::TOP_LEVEL).contains(&n) => {
                return Err(format!(
                    "--level {n}: expected a level {} to {}",
                    skill::MIN_LEVEL,
                    skill::TOP_LEVEL
                ));
            }
            // The top level is the engine at full strength, as without one.
            Some(n) if n < skill::TOP_LEVEL => Some(n),
            _ => None,
        };
        // Read first: a bad file is refused whatever the mover.
        let net = super::files::net_with_weights(args.net.as_deref(), args.weights.as_deref())?;
        let mover = args.engine.trim();
        let brain = if mover == "random" || mover == "passive" {
            if args.level.is_some() {
                return Err(format!(
                    "--level plays the engine at a strength: give it without `--engine {mover}`"
                ));
            }
            if mover == "random" {
                Brain::Random(Rng::new(args.seed))
            } else if args.depth.is_none() && args.nodes.is_none() {
                Brain::Passive {
                    seed: args.seed,
                    engine: None,
                }
            } else {
                let engine = engine_of(args, "strongest", None, net)?;
                Brain::Passive {
                    seed: args.seed,
                    engine: Some(Box::new(engine)),
                }
            }
        } else {
            let engine = engine_of(args, &args.engine, level, net)?;
            match level {
                Some(level) => Brain::Level {
                    engine: Box::new(engine),
                    level,
                    seed: args.seed,
                },
                None => {
                    let mut engine = engine;
                    engine.set_tablebase(super::tablebase::default_tables());
                    Brain::Search(Box::new(engine))
                }
            }
        };
        Ok(Agent {
            game: Game::default(),
            brain,
            limits: Limits {
                depth: args.depth,
                nodes: args.nodes,
                time: None,
            },
            verbose: args.verbose,
        })
    }

    /// The agent's board.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Handle one input line. Answers go to `out` (flushed), complaints to
    /// `err`.
    ///
    /// # Errors
    ///
    /// Only failures to write to `out`.
    pub fn handle(
        &mut self,
        line: &str,
        read_at: Instant,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> io::Result<Flow> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(Flow::Continue);
        };
        let args: Vec<&str> = words.collect();
        let result = match cmd.to_ascii_lowercase().as_str() {
            "newgame" => {
                self.new_game();
                Ok(())
            }
            "position" => self.set_position(&args),
            "moves" => self.apply_moves(&args),
            "go" => return self.go(&args, read_at, out, err).map(|()| Flow::Continue),
            "quit" | "exit" => return Ok(Flow::Quit),
            "isready" => Ok(()),
            "help" => {
                // On stderr, as every answer but a move, each line with
                // the prefix a reader of the agent's stderr relies on.
                for line in HELP.lines() {
                    let _ = writeln!(err, "boardsh agent: {line}");
                }
                Ok(())
            }
            _ => Err(format!("unknown command {} (try `help`)", shown(cmd))),
        };
        if let Err(msg) = result {
            complain(err, &msg);
        }
        Ok(Flow::Continue)
    }

    fn new_game(&mut self) {
        self.game = Game::default();
        if let Brain::Search(engine)
        | Brain::Level { engine, .. }
        | Brain::Passive {
            engine: Some(engine),
            ..
        } = &mut self.brain
        {
            engine.new_game();
        }
    }

    /// `position <fen> [moves ...]` or `position startpos [moves ...]`.
    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let split = args.iter().position(|w| w.eq_ignore_ascii_case("moves"));
        let (fen_words, moves) = match split {
            Some(i) => (
                args.get(..i).unwrap_or(&[]),
                args.get(i + 1..).unwrap_or(&[]),
            ),
            None => (args, &[][..]),
        };
        let fen_words = match fen_words.split_first() {
            Some((first, rest)) if first.eq_ignore_ascii_case("fen") => rest,
            _ => fen_words,
        };
        let pos = match fen_words {
            [] => return Err("position: expected a FEN or `startpos`".into()),
            [w] if w.eq_ignore_ascii_case("startpos") => Position::start(),
            _ => {
                let fen = fen_words.join(" ");
                fen.parse::<Position>().map_err(|e| {
                    format!("position: bad FEN {}: {e}", shown_cut(&fen, PATH_WIDTH))
                })?
            }
        };
        if let Some(why) = too_many_moves(&pos) {
            return Err(format!("position: refused: {why}"));
        }
        // A bare FEN one or two plies on from our board continues the game
        // (a referee that sends no moves): keep the history for repetitions.
        if moves.is_empty() && crate::congo::moves::continue_game(&mut self.game, &pos) {
            return Ok(());
        }
        let mut game = Game::new(pos);
        play_all(&mut game, moves)?;
        self.game = game;
        Ok(())
    }

    /// `moves m1 m2 ...`: all of them, or none if one is illegal. The
    /// history grows in place (and is cut back on a refusal), so a long
    /// game costs no copy per line.
    fn apply_moves(&mut self, args: &[&str]) -> Result<(), String> {
        play_all(&mut self.game, args)
    }

    fn go(
        &mut self,
        args: &[&str],
        read_at: Instant,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> io::Result<()> {
        let seconds = match args {
            [s] => s.parse::<f64>().ok().filter(|t| t.is_finite() && *t >= 0.0),
            _ => None,
        };
        let Some(seconds) = seconds else {
            complain(
                err,
                "go: expected one time in seconds, e.g. `go 5` or `go 0.1`",
            );
            return Ok(());
        };
        let state = self.game.status();
        if state != Status::Continue {
            complain(err, &format!("go: the game is over ({state}); no move"));
            return Ok(());
        }
        let (think, hard) = go_budget(seconds);
        let Some(mv) = self.choose(think, read_at + hard, err) else {
            complain(err, "go: no legal move; no move");
            return Ok(());
        };
        writeln!(out, "{mv}")?;
        out.flush()?;
        if self.verbose {
            let _ = writeln!(
                err,
                "boardsh agent: go {seconds}: {mv} after {:.3} s (think {:.3} s, stop at {:.3} s)",
                read_at.elapsed().as_secs_f64(),
                think.as_secs_f64(),
                hard.as_secs_f64()
            );
        }
        if let Err(e) = self.game.play(mv) {
            complain(err, &format!("go: internal error: {e}"));
        }
        Ok(())
    }

    /// The move to play, within `think` and before `deadline`.
    fn choose(&mut self, think: Duration, deadline: Instant, err: &mut dyn Write) -> Option<Move> {
        let fallback = legal_moves(self.game.position());
        // Every search's limits: the agent's, with this move's time; its
        // reports logged when verbose.
        let limits = Limits {
            time: Some(think),
            ..self.limits
        };
        let verbose = self.verbose;
        let mut report = |info: &SearchInfo| {
            if verbose {
                log_info(err, info);
            }
        };
        match &mut self.brain {
            Brain::Random(rng) => fallback.get(rng.below(fallback.len())).copied(),
            Brain::Passive { seed, engine } => {
                let pos = self.game.position();
                let ply = u64::try_from(self.game.plies()).unwrap_or(u64::MAX);
                let drawn = crate::congo::passive::choose(pos, *seed, ply);
                let Some(engine) = engine else {
                    return drawn;
                };
                // The engine's best of the defender's moves: every other
                // legal move left out at the root.
                let allowed = crate::congo::passive::candidates(pos);
                let exclude: Vec<Move> = fallback
                    .iter()
                    .copied()
                    .filter(|m| !allowed.contains(m))
                    .collect();
                let info = engine.search_excluding(
                    pos,
                    self.game.seen(),
                    &limits,
                    &exclude,
                    &deadline,
                    &mut report,
                );
                info.best.filter(|m| allowed.contains(m)).or(drawn)
            }
            Brain::Search(engine) => {
                engine.quiet_plies_from(&self.game);
                let info = engine.search(
                    self.game.position(),
                    self.game.seen(),
                    &limits,
                    &deadline,
                    &mut report,
                );
                let best = info.best.filter(|m| fallback.contains(m));
                best.or_else(|| fallback.first().copied())
            }
            // The level's own budget (a fixed depth or node count), stopped
            // at the deadline like a search: then the first legal move.
            Brain::Level {
                engine,
                level,
                seed,
            } => {
                let chosen = skill::choose(engine, &self.game, *level, *seed, &limits, &deadline);
                match chosen {
                    Ok(Some(mv)) if fallback.contains(&mv) => Some(mv),
                    Ok(_) | Err(_) => fallback.first().copied(),
                }
            }
        }
    }
}

/// The engine of `spec` with the settings of `args`, evaluating with `net`
/// (a weak `level` searches on one thread).
fn engine_of(
    args: &AgentArgs,
    spec: &str,
    level: Option<u8>,
    net: Evaluator,
) -> Result<Engine, String> {
    let mut config: EngineConfig = parse_config(spec).map_err(|e| format!("--engine: {e}"))?;
    // The ranges are the command line's (1..=4096 MB, 1..=256).
    if let Some(mb) = args.hash.and_then(|mb| usize::try_from(mb).ok()) {
        config.hash_mb = mb;
    }
    if let Some(t) = args.threads.and_then(|t| usize::try_from(t).ok()) {
        config.threads = t.max(1);
    }
    if let Some(c) = args.contempt {
        config.contempt = c;
    }
    if let Some(path) = &args.weights {
        config.eval = super::selfplay::read_weights(path, &config.eval)
            .map_err(|e| format!("--weights {e}"))?;
    }
    // A weak level searches on one thread (the same seed replays
    // the same game) and without the endgame tables (they would
    // play endgames perfectly), as the shell's levels do.
    if level.is_some() {
        config.threads = 1;
    }
    let mut engine = Engine::try_new(config).map_err(|e| format!("{e}: give a smaller --hash"))?;
    engine.set_evaluator(net);
    Ok(engine)
}

/// Play `moves` in `game` (a position within [`MOVE_LIMIT`](crate::limits::MOVE_LIMIT)), all or
/// none: on the first bad one the moves played are taken back and it is
/// an error. A move into a position with too many legal moves is refused
/// like `position` refuses one, so every position the agent holds can be
/// searched and every later move checked cheaply. The game grows in
/// place, so a long game costs no copy per line.
fn play_all(game: &mut Game, moves: &[&str]) -> Result<(), String> {
    let before = game.plies();
    let result = play_each(game, moves);
    if result.is_err() {
        while game.plies() > before && game.undo().is_some() {}
    }
    result
}

fn play_each(game: &mut Game, moves: &[&str]) -> Result<(), String> {
    for word in moves {
        let mv = parse_move(word).map_err(|e| format!("moves: bad move {}: {e}", shown(word)))?;
        if game.play(mv).is_err() {
            let pos = game.position();
            return Err(format!(
                "moves: {} is not a legal move in {pos}",
                shown(word)
            ));
        }
        if let Some(why) = too_many_moves(game.position()) {
            return Err(format!("moves: {} refused: {why}", shown(word)));
        }
    }
    Ok(())
}

/// Input quoted in a complaint, in backticks: control characters
/// escaped (no raw escape sequence reaches a terminal) and cut after
/// [`QUOTE_WIDTH`] characters with `...` (a 10 MB line stays a short
/// message).
fn shown(text: &str) -> String {
    shown_cut(text, QUOTE_WIDTH)
}

/// As [`shown`], cut after `max` characters.
fn shown_cut(text: &str, max: usize) -> String {
    format!("`{}`", escaped_cut(text, max))
}

/// `text` with its control characters escaped (no raw escape sequence
/// reaches a terminal), cut after `max` characters with `...`.
fn escaped_cut(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max) + 20);
    for c in text.chars().take(max) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if text.chars().nth(max).is_some() {
        out.push_str("...");
    }
    out
}

/// The longest complaint written, in characters; past it, `...`.
const COMPLAINT_WIDTH: usize = 1024;

/// One line on stderr. The message is escaped and cut as a whole too:
/// a library error may quote input of its own (a bad move's square).
fn complain(err: &mut dyn Write, msg: &str) {
    let line = escaped_cut(msg, COMPLAINT_WIDTH);
    let _ = writeln!(err, "boardsh agent: {line}");
}

fn log_info(err: &mut dyn Write, info: &SearchInfo) {
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
    let _ = writeln!(
        err,
        "boardsh agent: depth {} score {} nodes {} time {:.3} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.elapsed.as_secs_f64(),
        pv.join(" ")
    );
}

/// Serve the protocol from `input` until EOF or `quit`.
///
/// # Errors
///
/// Failures to read `input` or write `out`.
pub fn serve(
    agent: &mut Agent,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<()> {
    let mut lines = LineReader::new(input);
    loop {
        let Some((line_no, text)) = lines.next_line()? else {
            if lines.abandoned() {
                complain(
                    err,
                    &format!("a line longer than {MAX_LINE} bytes with no end in sight; stopped"),
                );
            }
            return Ok(());
        };
        let read_at = Instant::now();
        let line = match text {
            Text::Utf8(s) => std::borrow::Cow::Borrowed(s),
            Text::Invalid(bytes) => String::from_utf8_lossy(bytes),
            Text::TooLong(_) => {
                complain(
                    err,
                    &format!("line {line_no}: longer than {MAX_LINE} bytes; ignored"),
                );
                continue;
            }
        };
        if agent.handle(&line, read_at, out, err)? == Flow::Quit {
            return Ok(());
        }
    }
}

/// `boardsh agent`: serve stdin and stdout; the exit status.
pub fn run(args: &AgentArgs) -> i32 {
    let mut agent = match Agent::new(args) {
        Ok(agent) => agent,
        Err(e) => {
            let _ = writeln!(io::stderr(), "boardsh agent: {e}");
            return super::EXIT_USAGE;
        }
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut err = io::stderr();
    match serve(&mut agent, &mut input, &mut out, &mut err) {
        Ok(()) => super::EXIT_OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::EXIT_CLOSED_PIPE,
        // Its input failed (a directory, a device that fails): named, and
        // an unreadable input like the shell's (status 2).
        Err(e) if ReadFault::of(&e).is_some() => {
            let _ = writeln!(err, "boardsh agent: error: cannot read `<stdin>`: {e}");
            super::EXIT_USAGE
        }
        Err(e) => {
            let _ = writeln!(err, "boardsh agent: error: cannot write the output: {e}");
            super::EXIT_FAILED
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent_args(engine: &str) -> AgentArgs {
        AgentArgs {
            engine: engine.to_string(),
            depth: Some(2),
            nodes: None,
            hash: None,
            threads: None,
            seed: 1,
            level: None,
            contempt: None,
            verbose: false,
            weights: None,
            net: None,
        }
    }

    fn agent(engine: &str) -> Agent {
        Agent::new(&agent_args(engine)).unwrap()
    }

    fn send(a: &mut Agent, line: &str) -> (String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        a.handle(line, Instant::now(), &mut out, &mut err).unwrap();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn help_lists_every_command_on_stderr_only() {
        let mut a = agent("random");
        let (out, err) = send(&mut a, "help");
        assert!(out.is_empty(), "{out}");
        // Every stderr line carries the agent's prefix (what the fuzz
        // target checks of every answer).
        assert!(
            err.lines().all(|l| l.starts_with("boardsh agent: ")),
            "{err}"
        );
        // Each command `handle` knows, by its word.
        for word in [
            "newgame", "position", "moves", "go", "isready", "help", "quit", "exit",
        ] {
            assert!(
                err.contains(&format!("  {word}")) || err.contains(&format!(", {word}")),
                "{word}: {err}"
            );
        }
        // An unknown word points at it; the board is as it was.
        let (_, err) = send(&mut a, "frobnicate");
        assert!(err.contains("(try `help`)"), "{err}");
        assert_eq!(a.position(), &Position::start());
    }

    #[test]
    fn engine_specs() {
        let args = |e: &str| AgentArgs {
            engine: e.to_string(),
            depth: None,
            nodes: None,
            hash: None,
            threads: None,
            seed: 1,
            level: None,
            contempt: None,
            verbose: false,
            weights: None,
            net: None,
        };
        assert!(Agent::new(&args("baseline")).is_ok());
        assert!(Agent::new(&args("strongest,-qsearch")).is_ok());
        assert!(Agent::new(&args("strongest,frobnicate")).is_err());
    }

    /// `--level`: clap keeps the command line's in 1..=12 and apart from
    /// `--depth` and `--nodes`; `Agent::new` refuses the same for its
    /// other callers. Below 12 the level's brain plays, 12 is the engine
    /// at full strength as without a level.
    #[test]
    fn levels() {
        let args = |level: u8, depth: Option<u32>| AgentArgs {
            engine: "strongest".to_string(),
            depth,
            nodes: None,
            hash: Some(1),
            threads: None,
            seed: 1,
            level: Some(level),
            contempt: None,
            verbose: false,
            weights: None,
            net: None,
        };
        for bad in [args(0, None), args(13, None), args(3, Some(2))] {
            assert!(Agent::new(&bad).is_err(), "{bad:?}");
        }
        let brain = |level| Agent::new(&args(level, None)).unwrap().brain;
        assert!(matches!(brain(1), Brain::Level { level: 1, .. }));
        assert!(matches!(brain(11), Brain::Level { level: 11, .. }));
        assert!(matches!(brain(12), Brain::Search(_)));
    }

    /// `--engine passive`: the defender answers `go` (here from the start:
    /// a piece, never a pawn of rank 2, to a square of ranks 1-3, the
    /// same answer for the same seed, searched at depth 2), and is no
    /// level's engine.
    #[test]
    fn the_passive_defender_plays_and_takes_no_level() {
        let answer = |seed: u64| {
            let mut a = Agent::new(&AgentArgs {
                seed,
                ..agent_args("passive")
            })
            .unwrap();
            assert!(matches!(a.brain, Brain::Passive { seed: s, .. } if s == seed));
            let (out, err) = send(&mut a, "go 1");
            assert!(err.is_empty(), "{err}");
            out.trim_end().to_string()
        };
        for seed in 0..20 {
            let mv = answer(seed);
            let b = mv.as_bytes();
            assert_eq!(b.len(), 4, "{mv}");
            assert_eq!(b[1], b'1', "{mv}: not from rank 1");
            assert!(b[3] <= b'3', "{mv}: not at home");
            assert_eq!(answer(seed), mv);
        }
        // With no budget it draws; with one, the engine picks among the
        // same moves. White: lion c1, zebra a3; Black: lion e7, zebra b5,
        // which attacks a3 (nothing White has guards it). The defender's
        // moves are the lion's steps and the zebra's leaps home (b1, c2;
        // c4 leaves home, b5 takes): a draw often leaves the zebra to be
        // taken, a search of depth 2 never does.
        let fen = "position 4l2/7/1z5/7/Z6/7/2L4 w 0";
        let answers = |depth: Option<u32>| {
            (0..30)
                .map(|seed| {
                    let mut a = Agent::new(&AgentArgs {
                        seed,
                        depth,
                        ..agent_args("passive")
                    })
                    .unwrap();
                    send(&mut a, fen);
                    send(&mut a, "go 5").0.trim_end().to_string()
                })
                .collect::<std::collections::BTreeSet<String>>()
        };
        let drawn = answers(None);
        assert!(drawn.iter().any(|m| m.starts_with("c1")), "{drawn:?}");
        let searched = answers(Some(2));
        assert!(!searched.is_empty());
        for m in &searched {
            assert!(["a3b1", "a3c2"].contains(&m.as_str()), "{searched:?}");
        }
        let err = Agent::new(&AgentArgs {
            level: Some(3),
            depth: None,
            ..agent_args("passive")
        })
        .err()
        .unwrap();
        assert_eq!(
            err,
            "--level plays the engine at a strength: give it without `--engine passive`"
        );
    }

    #[test]
    fn budget_shares() {
        let (think, hard) = go_budget(0.1);
        // 40% and 60% of 100 ms.
        assert_eq!(think, Duration::from_millis(40));
        assert_eq!(hard, Duration::from_millis(60));
        assert_eq!(go_budget(-1.0).0, Duration::ZERO);
    }

    #[test]
    fn bad_moves_leave_the_board_alone() {
        let mut a = agent("random");
        // c2c3 is legal; c2c5 is not: all or nothing.
        let (out, err) = send(&mut a, "moves c2c3 c6c5 c2c5");
        assert!(out.is_empty());
        assert!(err.contains("c2c5"), "{err}");
        assert_eq!(a.position(), &Position::start());
        let (_, err) = send(&mut a, "moves c2c3 c6c5\r");
        assert!(err.is_empty(), "{err}");
        assert_ne!(a.position(), &Position::start());
    }

    #[test]
    fn position_takes_startpos_fen_and_trailing_moves() {
        let mut a = agent("random");
        let (_, err) = send(&mut a, "position startpos moves c2c3");
        assert!(err.is_empty(), "{err}");
        let expected: Position = "gmelecz/ppppppp/7/7/2P4/PP1PPPP/GMELECZ b 0"
            .parse()
            .unwrap();
        assert_eq!(a.position(), &expected);
        let (_, err) = send(&mut a, "position 7/7/7/7/7/7/7 w x");
        assert!(err.contains("bad FEN"), "{err}");
        assert_eq!(a.position(), &expected);
    }

    #[test]
    fn go_after_the_end_gives_a_reason_and_no_move() {
        let mut a = agent("strongest");
        // Black's lion is gone: White has won.
        send(&mut a, "position 3L3/7/7/7/7/7/7 w 0");
        let (out, err) = send(&mut a, "go 0.05");
        assert!(out.is_empty());
        assert!(err.contains("game is over (White wins)"), "{err}");
    }

    #[test]
    fn go_takes_the_lion_when_it_can() {
        let mut a = agent("strongest");
        // Facing lions on d2 and d5 with d3 and d4 empty: d2xd5 wins.
        send(&mut a, "position 7/7/3l3/7/7/3L3/7 w 0");
        let (out, _) = send(&mut a, "go 1");
        assert_eq!(out, "d2d5\n");
    }

    /// The issue's set-up position: 44 legal moves, but after g6g5 the
    /// white monkey on a1 has over a million jump paths.
    const F3: &str = "1plp1pL/ppppppp/1p1p1p1/ccccccc/1p1p1p1/ppppppp/Mp1p1p1 b 0";

    #[test]
    fn moves_into_a_huge_position_are_refused_like_position() {
        let mut a = agent("random");
        let (_, err) = send(&mut a, &format!("position {F3}"));
        assert!(err.is_empty(), "{err}");
        let f3: Position = F3.parse().unwrap();
        // The move itself is legal; the position it makes is over the
        // shell's limit, so the line is refused and nothing changes.
        assert!(too_many_moves(&f3).is_none());
        let (out, err) = send(&mut a, "moves g6g5");
        assert!(out.is_empty());
        assert!(err.contains("`g6g5` refused"), "{err}");
        assert!(err.contains("legal moves"), "{err}");
        assert_eq!(a.position(), &f3);
        assert!(a.game.keys().is_empty());
        // The same through `position ... moves`.
        let (_, err) = send(&mut a, &format!("position {F3} moves g6g5"));
        assert!(err.contains("refused"), "{err}");
        assert_eq!(a.position(), &f3);
    }

    #[test]
    fn a_refused_moves_line_leaves_the_history_as_it_was() {
        let mut a = agent("random");
        send(&mut a, "moves c2c3 c6c5");
        assert_eq!(a.game.keys().len(), 2);
        let (_, err) = send(&mut a, "moves d2d3 e6e5 a1a7");
        assert!(err.contains("a1a7"), "{err}");
        assert_eq!(a.game.keys().len(), 2);
        send(&mut a, "moves d2d3");
        assert_eq!(a.game.keys().len(), 3);
    }

    #[test]
    fn a_library_error_quoting_input_is_escaped_too() {
        // Found by the agent fuzz target: the move parser's own message
        // quotes the bad square (`\u{11}g`) as it is.
        let mut a = agent("random");
        let (_, err) = send(&mut a, "moves e6e5\u{11}go");
        assert!(!err.trim_end().contains(char::is_control), "{err:?}");
        assert!(err.contains("\\u{11}g"), "{err}");
    }

    #[test]
    fn complaints_quote_input_cut_and_escaped() {
        let mut a = agent("random");
        let long = format!("\u{1b}[31m{}", "x".repeat(10_000));
        let (out, err) = send(&mut a, &long);
        assert!(out.is_empty());
        assert!(!err.contains('\u{1b}'), "raw escape in {err:?}");
        assert!(err.contains("\\u{1b}[31m"), "{err}");
        assert!(err.contains("...`"), "{err}");
        assert!(err.len() < 200, "{} bytes", err.len());
    }

    fn serve_bytes(input: impl std::io::Read) -> (String, String) {
        let mut a = agent("random");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut input = std::io::BufReader::new(input);
        serve(&mut a, &mut input, &mut out, &mut err).unwrap();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn a_line_over_the_cap_is_skipped_and_reading_goes_on() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nposition startpos\ngo 0.01\n");
        let (out, err) = serve_bytes(std::io::Cursor::new(input));
        assert!(err.contains("line 1: longer than 16777216 bytes"), "{err}");
        // The next lines are read: a move is answered.
        assert_eq!(out.lines().count(), 1, "{out}");
    }

    #[test]
    fn an_endless_line_ends_the_input() {
        // `/dev/zero`: no newline ever. The reader holds at most the cap,
        // skips a bounded stretch more, then gives up with a message.
        let (out, err) = serve_bytes(std::io::repeat(0));
        assert!(out.is_empty());
        assert!(err.contains("no end in sight"), "{err}");
    }
}
