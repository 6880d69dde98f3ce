//! Replaying sources of lines in a session: command scripts, problem-format
//! inputs (detected by content), `source`, errors reported with locations.

use super::command::{Command, Located, Span};
use super::error::{ErrorKind, ShellError};
use super::lines::{LineReader, ReadFault};
use super::net_path;
use super::output::Output;
use super::parse::{parse_segment, segments};
use super::problem::{Count, Host, run_problem};
use super::render::{Rendering, render};
use super::reply::Reply;
use super::session::{ExecError, ReviewError, Session};
use super::settings::Change;
use crate::congo::eval::NetChoice;
use std::io::{self, BufRead};

pub use super::replay::{End, Kind, blank_prefix, readable};

/// The largest game file `review FILE` reads (a long game's record is
/// a few kilobytes).
pub const MAX_GAME_FILE: u64 = 4 << 20;
/// Deepest nesting of `source`.
pub const MAX_SOURCE_DEPTH: usize = 64;

/// An error with where it happened, for the front end to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic<'a> {
    /// A path, `<command line>`, `<stdin>` or `<prompt>`.
    pub origin: &'a str,
    /// 1-based line number.
    pub line_no: usize,
    /// The line's text (invalid UTF-8 bytes shown as `\xNN`, a line too
    /// long to read shown by its start).
    pub line: &'a str,
    /// The error, whose span is a byte range of `line`.
    pub error: &'a ShellError,
}

/// Shows diagnostics (the front end draws them; tests collect them).
pub trait Reporter {
    /// Show one error.
    fn report(&mut self, diagnostic: &Diagnostic<'_>);

    /// Show an error that has no line, e.g. an unreadable file argument.
    fn message(&mut self, message: &str);

    /// Show a warning: something went wrong but the session goes on (a
    /// history file that cannot be written). By default, like an error.
    fn warning(&mut self, message: &str) {
        self.message(message);
    }

    /// With the `timer` setting on: a command of its own (at the prompt,
    /// in `-c`) took `elapsed` and counted `nodes` (0 for no count). By
    /// default, nothing is shown.
    fn timing(&mut self, _elapsed: std::time::Duration, _nodes: u64) {}

    /// Explain an output to a person at the prompt (nothing by default).
    fn note(&mut self, _message: &str) {}
}

/// An opened source.
pub struct Opened {
    /// The name to show in diagnostics.
    pub name: String,
    /// A name that is the same for the same file (for cycle detection).
    pub identity: String,
    /// Its contents.
    pub reader: Box<dyn BufRead>,
}

/// Opens the files named by `source` (the front end uses the file system).
pub trait Loader {
    /// Open `path`, relative to the directory of `from` when that is a file.
    ///
    /// # Errors
    ///
    /// A reason to show when the file cannot be read.
    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String>;

    /// The identity [`Loader::open`] would give `path`, found without
    /// opening it (opening a FIFO waits for a writer), so a cycle is caught
    /// before the file is opened; `None` when it cannot be told.
    fn identify(&mut self, _from: Option<&str>, _path: &str) -> Option<String> {
        None
    }

    /// Write `text` to `path` as a whole, atomically; relative to the
    /// directory of `from` when that is a file (as [`Loader::open`]);
    /// without `force` an existing file is left alone. By default there
    /// are no files to write.
    ///
    /// # Errors
    ///
    /// [`WriteError::Exists`], or why the file cannot be written.
    fn write(
        &mut self,
        _from: Option<&str>,
        _path: &str,
        _text: &str,
        _force: bool,
    ) -> Result<(), WriteError> {
        Err(WriteError::Failed(
            "no files are available here".to_string(),
        ))
    }

    /// Whether [`Loader::write`] could write `path` now, asked before long
    /// work whose result goes there (`review svg FILE`). By default there
    /// are no files to write.
    ///
    /// # Errors
    ///
    /// As [`Loader::write`]'s.
    fn check_write(
        &mut self,
        _from: Option<&str>,
        _path: &str,
        _force: bool,
    ) -> Result<(), WriteError> {
        Err(WriteError::Failed(
            "no files are available here".to_string(),
        ))
    }

    /// The drill deck's file: its name (for messages) and its text (empty
    /// when it does not exist yet). By default there is no deck.
    ///
    /// # Errors
    ///
    /// Why there is no deck here, or why it cannot be read.
    fn read_deck(&mut self) -> Result<(String, String), String> {
        Err(NO_DECK.to_string())
    }

    /// Whether a review's cards are saved to the deck here (by default
    /// not; the binary's when its data directory exists).
    fn keeps_drills(&mut self) -> bool {
        false
    }

    /// Append `text` (whole lines) to the deck, as one write.
    ///
    /// # Errors
    ///
    /// Why it could not be written (nothing was, or a line cut short
    /// that the next reading skips).
    fn append_deck(&mut self, _text: &str) -> Result<(), String> {
        Err(NO_DECK.to_string())
    }

    /// Today, for the drill schedule.
    ///
    /// # Errors
    ///
    /// Why the day cannot be told (a bad `BOARDSH_TODAY`).
    fn today(&mut self) -> Result<crate::shell::drill::Day, String> {
        Err(NO_DECK.to_string())
    }
}

/// Where no drill deck is kept.
pub const NO_DECK: &str = "no drill deck here: drills are kept in boardsh's data directory, at the prompt, with `-c` and in scripts (not in `boardsh test`)";

/// Why [`Loader::write`] wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The file exists and overwriting was not asked for.
    Exists,
    /// The file cannot be written, with the reason.
    Failed(String),
}

/// A loader that refuses every file (for sessions without files).
pub struct NoFiles;

impl Loader for NoFiles {
    fn open(&mut self, _: Option<&str>, _: &str) -> Result<Opened, String> {
        Err("no files are available here".to_string())
    }
}

/// A session plus what it needs to replay lines: a loader, a reporter, options.
pub struct Runner<'r> {
    /// The session the lines act on.
    pub session: Session,
    loader: &'r mut dyn Loader,
    reporter: &'r mut dyn Reporter,
    /// Identities of the files being replayed, outermost first; `None` for
    /// sources that are not files.
    stack: Vec<(Option<String>, String)>,
    /// How many errors were reported.
    pub errors: usize,
    /// How many of them were files that failed while being read (exit
    /// status 2, like an unreadable file).
    pub read_faults: usize,
    /// The exit status asked for by `quit N` / `exit N`, once one ran.
    pub quit_code: Option<i32>,
    /// Whether the lines come from a person at the prompt (notes that
    /// explain an output go to the reporter then, never into scripts).
    pub interactive: bool,
}

impl<'r> Runner<'r> {
    /// A runner over `session`; `keep_going` sets the session's
    /// `keep-going` setting (as `--keep-going` does).
    pub fn new(
        session: Session,
        loader: &'r mut dyn Loader,
        reporter: &'r mut dyn Reporter,
        keep_going: bool,
    ) -> Runner<'r> {
        let mut session = session;
        if keep_going {
            session.settings_mut().keep_going = true;
        }
        Runner {
            session,
            loader,
            reporter,
            stack: Vec::new(),
            errors: 0,
            read_faults: 0,
            quit_code: None,
            interactive: false,
        }
    }

    /// Whether an error lets the next command run (the `keep-going` setting).
    pub fn keep_going(&self) -> bool {
        self.session.settings().keep_going
    }

    /// Flush `out`, then show an error that belongs to no line (it does
    /// not count in `errors`: the caller decides the exit status).
    ///
    /// # Errors
    ///
    /// When flushing `out` fails.
    pub fn message<O: Output + ?Sized>(&mut self, out: &mut O, message: &str) -> io::Result<()> {
        out.flush()?;
        self.reporter.message(message);
        Ok(())
    }

    /// Flush `out`, then show a warning (see [`Reporter::warning`]).
    ///
    /// # Errors
    ///
    /// When flushing `out` fails.
    pub fn warning<O: Output + ?Sized>(&mut self, out: &mut O, message: &str) -> io::Result<()> {
        out.flush()?;
        self.reporter.warning(message);
        Ok(())
    }

    /// Replay the file `name` (identity as for [`Runner::run_file`]), its
    /// kind told by its extension.
    ///
    /// # Errors
    ///
    /// As [`Runner::run_file`].
    pub fn run_named<O: Output + ?Sized>(
        &mut self,
        name: &str,
        identity: String,
        reader: &mut dyn BufRead,
        out: &mut O,
    ) -> io::Result<End> {
        self.run_file(name, Some(identity), Kind::from_path(name), reader, out)
    }

    /// Replay a file (or stdin) whose identity is `identity` (`None` when not a file).
    ///
    /// # Errors
    ///
    /// Only I/O errors of reading or of `out`; command errors are reported.
    pub fn run_file<O: Output + ?Sized>(
        &mut self,
        name: &str,
        identity: Option<String>,
        kind: Kind,
        reader: &mut dyn BufRead,
        out: &mut O,
    ) -> io::Result<End> {
        self.stack.push((identity, name.to_string()));
        let end = self.run_reader(name, kind, reader, out);
        self.stack.pop();
        end
    }

    fn run_reader<O: Output + ?Sized>(
        &mut self,
        name: &str,
        kind: Kind,
        reader: &mut dyn BufRead,
        out: &mut O,
    ) -> io::Result<End> {
        let mut lines = LineReader::new(reader);
        let mut script = false;
        while let Some((line_no, text)) = lines.next_line()? {
            let text = match readable(text) {
                Ok(t) => t,
                Err((shown, e)) => {
                    self.report(out, name, line_no, &shown, &e)?;
                    if self.keep_going() {
                        script = true;
                        continue;
                    }
                    return Ok(End::Failed);
                }
            };
            if !script {
                let trimmed = text.trim_matches([' ', '\t']);
                if trimmed.is_empty() {
                    continue;
                }
                if trimmed.bytes().all(|b| b.is_ascii_digit()) {
                    let line = text.to_string();
                    let count = Count {
                        line_no,
                        line: &line,
                        span: Span::new(blank_prefix(text), trimmed.len()),
                        value: trimmed.parse::<u64>().ok(),
                    };
                    return run_problem(self, name, kind, &count, &mut lines, out);
                }
                script = true;
            }
            match self.run_line(name, line_no, text, out)? {
                End::Done => {}
                end => return Ok(end),
            }
        }
        Ok(End::Done)
    }

    /// Run every command of one line. After an error the rest of the
    /// line is skipped, unless `keep-going` is set: then the next command
    /// runs (also after a failed `source`).
    ///
    /// # Errors
    ///
    /// Only I/O errors of `out` (or of a sourced file).
    pub fn run_line<O: Output + ?Sized>(
        &mut self,
        origin: &str,
        line_no: usize,
        line: &str,
        out: &mut O,
    ) -> io::Result<End> {
        for seg in segments(line) {
            let error = match parse_segment(line, seg) {
                Ok(None) => continue,
                Ok(Some(cmd)) => match self.run_command(&cmd, out)? {
                    Ok(End::Done) => continue,
                    Ok(End::Failed) if self.keep_going() => continue,
                    Ok(end) => return Ok(end),
                    Err(e) => *e,
                },
                Err(e) => e,
            };
            self.report(out, origin, line_no, line, &error)?;
            if !self.keep_going() {
                return Ok(End::Failed);
            }
        }
        Ok(End::Done)
    }

    /// Run one parsed command: tell [`Live`](super::Live) it starts, run
    /// it, render its replies, follow a `source`. Commands of a file only
    /// check the interrupt flag, so replay stays fast and a Ctrl-C during
    /// the file stops it.
    fn run_command<O: Output + ?Sized>(
        &mut self,
        cmd: &Located,
        out: &mut O,
    ) -> io::Result<Result<End, Box<ShellError>>> {
        // `set timer on`: the wall time of each command of its own (those
        // of a sourced file are timed as their `source`).
        if !(self.stack.is_empty() && self.session.settings().timer) {
            return self.run_untimed(cmd, out);
        }
        let started = std::time::Instant::now();
        let result = self.run_untimed(cmd, out)?;
        if !matches!(result, Ok(End::Interrupted)) {
            let live = self.session.live_ref();
            let nodes = live.perft.nodes.load(std::sync::atomic::Ordering::Relaxed)
                + live.work.load(std::sync::atomic::Ordering::Relaxed);
            out.flush()?;
            self.reporter.timing(started.elapsed(), nodes);
        }
        Ok(result)
    }

    fn run_untimed<O: Output + ?Sized>(
        &mut self,
        cmd: &Located,
        out: &mut O,
    ) -> io::Result<Result<End, Box<ShellError>>> {
        let live = self.session.live_ref();
        if live.interrupted() {
            // A Ctrl-C stops the rest of the line, or of the file (inside
            // one, the running command is the file or its `source`).
            return Ok(Ok(End::Interrupted));
        }
        if self.stack.is_empty() {
            // A command of its own (the prompt, `-c`): named for the
            // progress line.
            live.begin(&cmd.command.to_string());
        }
        if !self.interactive && matches!(cmd.command, Command::Analyze) {
            // `analyze` ends only at Ctrl-C: a script would never end.
            let why = "`analyze` searches until Ctrl-C, so it runs only at the prompt; \
                       in a script use `best depth N` or `best time S`";
            return Ok(Err(Box::new(ShellError::new(
                cmd.span,
                ErrorKind::Problem(why.to_string()),
            ))));
        }
        let quiet = self.session.settings().quiet;
        out.set_theme(self.session.settings().theme);
        let mut streamed = Rendering {
            out: &mut *out,
            quiet,
        };
        // `set net FILE` in a script names a file beside the script.
        let beside;
        let cmd = match (&cmd.command, self.current_file()) {
            (Command::Set(Some(Change::Net(NetChoice::File(path)))), Some(from)) => {
                let path = net_path::beside(&from, path);
                beside = Located {
                    command: Command::Set(Some(Change::Net(NetChoice::File(path)))),
                    ..cmd.clone()
                };
                &beside
            }
            _ => cmd,
        };
        let reply = match self.session.execute(cmd, &mut streamed) {
            Ok(reply) => reply,
            Err(ExecError::Command(e)) if e.kind == ErrorKind::Interrupted => {
                return Ok(Ok(End::Interrupted));
            }
            Err(ExecError::Command(e)) => return Ok(Err(e)),
            Err(ExecError::Io(e)) => return Err(e),
        };
        let reply = match reply {
            Reply::ReviewFile(args) => match self.review_file(&args, cmd, &mut streamed)? {
                Ok(reply) => reply,
                Err(e) if e.kind == ErrorKind::Interrupted => return Ok(Ok(End::Interrupted)),
                Err(e) => return Ok(Err(e)),
            },
            Reply::DrillDeck(args) => match self.drill_run(args, cmd, &mut streamed)? {
                Ok(reply) => reply,
                Err(e) if e.kind == ErrorKind::Interrupted => return Ok(Ok(End::Interrupted)),
                Err(e) => return Ok(Err(e)),
            },
            reply => reply,
        };
        // A review's mistakes go to the drill deck (quietly: the review's
        // screen is as it was; `drill` says what is due).
        self.save_found_drills();
        self.finish(reply, cmd, out)
    }

    /// Show `reply` (or do what it asks: quit, source, write a file).
    fn finish<O: Output + ?Sized>(
        &mut self,
        reply: Reply,
        cmd: &Located,
        out: &mut O,
    ) -> io::Result<Result<End, Box<ShellError>>> {
        let quiet = self.session.settings().quiet;
        match reply {
            Reply::Quit(code) => {
                self.quit_code = code.map(i32::from);
                Ok(Ok(End::Quit))
            }
            Reply::Source(path) => Ok(self.source(&path, cmd.arg, out)?.map_err(Box::new)),
            Reply::WriteFile(file) => {
                let (path, mut text, force) = *file;
                let from = self.current_file();
                if matches!(cmd.command, Command::Save(..)) {
                    // The network file's name as the saved file's
                    // directory finds it.
                    let target = match &from {
                        Some(from) => net_path::beside(from, &path),
                        None => path.clone(),
                    };
                    let dir = std::path::Path::new(&target)
                        .parent()
                        .unwrap_or(std::path::Path::new(""));
                    let cwd = std::env::current_dir().ok();
                    let name = |net: &str| net_path::for_file_in(net, dir, cwd.as_deref());
                    if let Ok(t) = self.session.save_text_naming(&name) {
                        text = t;
                    }
                }
                let kind = match self.loader.write(from.as_deref(), &path, &text, force) {
                    Ok(()) => {
                        render(&Reply::Wrote(path), quiet, out)?;
                        return Ok(Ok(End::Done));
                    }
                    Err(WriteError::Exists) => ErrorKind::FileExists(path),
                    Err(WriteError::Failed(reason)) => ErrorKind::Unwritable { path, reason },
                };
                // Located on `svg FILE`: from the first argument to the
                // end of the command.
                let end = cmd.span.start + cmd.span.len;
                let at = Span::new(cmd.arg.start, end.saturating_sub(cmd.arg.start));
                Ok(Err(Box::new(ShellError::new(at, kind))))
            }
            reply => {
                // `set theme` applies from its own answer on.
                out.set_theme(self.session.settings().theme);
                render(&reply, quiet, out)?;
                // At the prompt, an empty move list of a finished game says
                // why (scripts get just the empty line, as always).
                if self.interactive
                    && let Reply::Moves(moves) = &reply
                    && moves.is_empty()
                {
                    let st = crate::congo::status(self.session.position());
                    if st.is_over() {
                        out.flush()?;
                        self.reporter
                            .note(&format!("no moves: the game is over ({st})"));
                    }
                }
                Ok(Ok(End::Done))
            }
        }
    }

    /// `review FILE`: read the game file through the loader (at most
    /// [`MAX_GAME_FILE`] bytes of UTF-8 text) and review its Congo game;
    /// a file that cannot be read or is not one game is refused at the
    /// file name. `review svg FILE` (of a game file or the game in play)
    /// comes here too: its path is checked before anything is read or
    /// searched.
    fn review_file(
        &mut self,
        args: &crate::shell::command::ReviewArgs,
        cmd: &Located,
        sink: &mut dyn crate::shell::reply::Sink,
    ) -> io::Result<Result<Reply, Box<ShellError>>> {
        use std::io::Read as _;
        let end = cmd.span.start + cmd.span.len;
        let at = Span::new(cmd.arg.start, end.saturating_sub(cmd.arg.start));
        // The chart's path first, before any work (as its write would
        // refuse it, at the same place).
        if let Some(svg) = &args.svg {
            let from = self.current_file();
            let kind = match self
                .loader
                .check_write(from.as_deref(), &svg.path, svg.force)
            {
                Ok(()) => None,
                Err(WriteError::Exists) => Some(ErrorKind::FileExists(svg.path.clone())),
                Err(WriteError::Failed(reason)) => Some(ErrorKind::Unwritable {
                    path: svg.path.clone(),
                    reason,
                }),
            };
            if let Some(kind) = kind {
                return Ok(Err(Box::new(ShellError::new(at, kind))));
            }
        }
        let Some(path) = args.file.clone() else {
            // The game in play.
            let game = self.session.congo_game().clone();
            return match self.session.review_game(&game, args, sink) {
                Ok(reply) => Ok(Ok(reply)),
                Err(ReviewError::Io(e)) => Err(e),
                Err(ReviewError::Command(kind)) => {
                    Ok(Err(Box::new(ShellError::new(cmd.arg, kind))))
                }
            };
        };
        let refuse = |reason: String| {
            Box::new(ShellError::new(
                at,
                ErrorKind::Unreadable {
                    path: path.clone(),
                    reason,
                },
            ))
        };
        let from = self.current_file();
        let opened = match self.loader.open(from.as_deref(), &path) {
            Ok(o) => o,
            Err(reason) => return Ok(Err(refuse(reason))),
        };
        let mut bytes = Vec::new();
        let mut reader = opened.reader.take(MAX_GAME_FILE + 1);
        if let Err(e) = reader.read_to_end(&mut bytes) {
            // Ctrl-C while waiting on a FIFO or a terminal: the interrupt,
            // said once by whoever ends the run, as for `source`; not a
            // fault of the file.
            if e.get_ref()
                .is_some_and(|inner| inner.is::<crate::interrupt::Interrupted>())
            {
                return Ok(Err(Box::new(ShellError::new(at, ErrorKind::Interrupted))));
            }
            return Ok(Err(refuse(e.to_string())));
        }
        if bytes.len() as u64 > MAX_GAME_FILE {
            return Ok(Err(refuse(format!(
                "it is more than the {MAX_GAME_FILE} bytes a game file may be"
            ))));
        }
        let Ok(text) = String::from_utf8(bytes) else {
            return Ok(Err(refuse("it is not UTF-8 text".to_string())));
        };
        let rules = self.session.rules();
        let game = match crate::shell::game_file::congo_game(&text, rules) {
            Ok(g) => g,
            Err(why) => return Ok(Err(refuse(format!("not a Congo game: {why}")))),
        };
        match self.session.review_game(&game, args, sink) {
            Ok(reply) => Ok(Ok(reply)),
            Err(ReviewError::Io(e)) => Err(e),
            Err(ReviewError::Command(kind)) => Ok(Err(Box::new(ShellError::new(cmd.arg, kind)))),
        }
    }

    /// Save the cards the last review found to the drill deck (those it
    /// does not hold yet, dated today); a warning when the deck cannot be
    /// read or written. Nothing where no deck is kept.
    fn save_found_drills(&mut self) {
        use crate::shell::drill::{Event, read};
        let found = self.session.take_found_drills();
        if found.is_empty() || !self.loader.keeps_drills() {
            return;
        }
        let read_today = self
            .loader
            .read_deck()
            .and_then(|deck| Ok((deck, self.loader.today()?)));
        let ((name, text), today) = match read_today {
            Ok(x) => x,
            Err(why) => {
                self.reporter.warning(&format!("drills not saved: {why}"));
                return;
            }
        };
        let deck = read(&text);
        let mut seen: std::collections::HashSet<String> =
            deck.entries.iter().map(|e| e.card.id.clone()).collect();
        let mut lines = String::new();
        for mut card in found {
            if seen.insert(card.id.clone()) {
                card.date = today.to_string();
                lines.push_str(&Event::Add(card).line());
            }
        }
        if lines.is_empty() {
            return;
        }
        if let Err(why) = self.loader.append_deck(&lines) {
            self.reporter.warning(&format!(
                "drills not saved: cannot write the drill deck {}: {why}",
                crate::quote::quoted_path(&name)
            ));
        }
    }

    /// `drill ...`: read the deck through the loader (its damaged lines
    /// named as warnings), have the session serve it, and append what
    /// the command changed.
    fn drill_run(
        &mut self,
        args: crate::shell::command::DrillArgs,
        cmd: &Located,
        sink: &mut dyn crate::shell::reply::Sink,
    ) -> io::Result<Result<Reply, Box<ShellError>>> {
        use crate::shell::drill::{Event, read};
        let at = if cmd.arg.len == 0 { cmd.span } else { cmd.arg };
        let err = |kind| Box::new(ShellError::new(at, kind));
        let problem = |why: String| err(ErrorKind::Problem(why));
        // An answer or `stop` with no drill under way needs no deck.
        if let Err(why) = self.session.drill_ready(args) {
            return Ok(Err(problem(why.to_string())));
        }
        let (name, text) = match self.loader.read_deck() {
            Ok(x) => x,
            Err(why) => return Ok(Err(problem(why))),
        };
        let today = match self.loader.today() {
            Ok(day) => day,
            Err(why) => return Ok(Err(problem(why))),
        };
        let deck = read(&text);
        let shown = crate::quote::quoted_path(&name);
        for d in &deck.damaged {
            self.reporter.warning(&format!(
                "drill deck {shown} line {}: {}; the entry is skipped",
                d.line, d.why
            ));
        }
        match self.session.drill(args, &deck, today, sink) {
            Ok((reply, events)) => {
                if !events.is_empty() {
                    let lines: String = events.iter().map(Event::line).collect();
                    if let Err(why) = self.loader.append_deck(&lines) {
                        return Ok(Err(problem(format!(
                            "cannot write the drill deck {shown}: {why} (the change is not saved)"
                        ))));
                    }
                }
                Ok(Ok(reply))
            }
            Err(ReviewError::Io(e)) => Err(e),
            Err(ReviewError::Command(kind)) => Ok(Err(err(kind))),
        }
    }

    /// The innermost file being replayed (what relative paths in it are
    /// relative to), if any.
    fn current_file(&self) -> Option<String> {
        self.stack
            .iter()
            .rev()
            .find_map(|(id, name)| id.as_ref().map(|_| name.clone()))
    }

    /// `source <path>`: open it through the loader and replay it here.
    fn source<O: Output + ?Sized>(
        &mut self,
        path: &str,
        at: Span,
        out: &mut O,
    ) -> io::Result<Result<End, ShellError>> {
        let from = self.current_file();
        // Cycle and depth are checked before the file is opened, when its
        // identity can be told (a FIFO that sources itself must not wait).
        if let Some(identity) = self.loader.identify(from.as_deref(), path)
            && let Some(e) = self.nesting_error(&identity, path, at)
        {
            return Ok(Err(e));
        }
        let opened = match self.loader.open(from.as_deref(), path) {
            Ok(o) => o,
            Err(reason) => {
                let kind = ErrorKind::Unreadable {
                    path: path.to_string(),
                    reason,
                };
                return Ok(Err(ShellError::new(at, kind)));
            }
        };
        if let Some(e) = self.nesting_error(&opened.identity, path, at) {
            return Ok(Err(e));
        }
        let Opened {
            name,
            identity,
            mut reader,
        } = opened;
        // The whole file is one change, however it ends (failed and
        // interrupted files too): one `undo` takes back all it did.
        self.session.begin_group();
        let result = self.run_named(&name, identity, &mut reader, out);
        self.session.end_group(Command::Source(path.to_string()));
        match result {
            Ok(end) => Ok(Ok(end)),
            // The file failed while being read: an error at this `source`.
            Err(e) => match ReadFault::of(&e) {
                Some(fault) => {
                    self.read_faults += 1;
                    let kind = ErrorKind::Unreadable {
                        path: path.to_string(),
                        reason: fault.to_string(),
                    };
                    Ok(Err(ShellError::new(at, kind)))
                }
                None => Err(e),
            },
        }
    }

    /// Why sourcing the file `identity` here is refused: it is being
    /// replayed already (a cycle), or files are nested too deep (stdin and
    /// other sources that are not files do not count).
    fn nesting_error(&self, identity: &str, path: &str, at: Span) -> Option<ShellError> {
        let files = self.stack.iter().filter(|(id, _)| id.is_some());
        if self
            .stack
            .iter()
            .any(|(id, _)| id.as_deref() == Some(identity))
        {
            return Some(ShellError::new(
                at,
                ErrorKind::SourceCycle(path.to_string()),
            ));
        }
        if files.count() >= MAX_SOURCE_DEPTH {
            return Some(ShellError::new(
                at,
                ErrorKind::SourceDepth(MAX_SOURCE_DEPTH),
            ));
        }
        None
    }
}

impl Host for Runner<'_> {
    fn keep_going(&self) -> bool {
        Runner::keep_going(self)
    }

    fn report<O: Output + ?Sized>(
        &mut self,
        out: &mut O,
        origin: &str,
        line_no: usize,
        line: &str,
        error: &ShellError,
    ) -> io::Result<()> {
        out.flush()?;
        self.errors += 1;
        self.reporter.report(&Diagnostic {
            origin,
            line_no,
            line,
            error,
        });
        Ok(())
    }

    fn session(&mut self) -> &mut Session {
        &mut self.session
    }

    fn interrupted(&self) -> bool {
        self.session.live_ref().interrupted()
    }
}
