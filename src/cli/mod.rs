//! The terminal front end: arguments, files, the prompt, colour, reports.
//! The only part of boardsh that knows about terminals and the file system.

pub mod agent;
pub mod arena;
pub mod args;
pub mod complete;
pub mod configure;
pub mod course;
pub mod drill_deck;
pub mod files;
pub mod foreground;
pub mod history;
pub mod interruptible;
pub mod man;
pub mod pager;
pub mod progress;
pub mod repl;
pub mod report;
pub mod selfplay;
pub mod selfplay_shards;
pub mod setting_flags;
pub mod shard_slice;
pub mod signals;
pub mod stderr_term;
pub mod streams;
pub mod tablebase;
pub mod test_runner;
pub mod theme;
pub mod tune;
pub mod write;
pub mod yut_solve;
pub mod yut_values;

use crate::quote::quoted_path;
use crate::shell::lines::ReadFault;
use crate::shell::script::{End, Kind, Loader, Runner};
use crate::shell::{Change, Output, Setting};
use args::{Cli, Given, Sub};
use configure::{Flags, configure};
use foreground::Foreground;
use interruptible::is_interrupted;
use progress::Progress;
use report::StreamReporter;
use signals::{Mode, Signals};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use theme::Themed;

/// Exit status: success.
pub const EXIT_OK: i32 = 0;
/// Exit status: a command or script failed.
pub const EXIT_FAILED: i32 = 1;
/// Exit status: bad usage or an unreadable file.
pub const EXIT_USAGE: i32 = 2;
/// Exit status: a batch run stopped by Ctrl-C (128 + SIGINT).
pub const EXIT_INTERRUPTED: i32 = 130;
/// Exit status: the output was closed before everything was written
/// (`boardsh big.fen | head -1`), so the run did not finish: it stops
/// quietly with 128 + SIGPIPE, what a shell reports for `cat` or `yes`
/// in the same place (and what `set -o pipefail` sees).
pub const EXIT_CLOSED_PIPE: i32 = 141;

/// Where `-c` commands come from in error reports.
pub const COMMAND_LINE: &str = "<command line>";
/// Where piped commands come from in error reports.
pub const STDIN: &str = "<stdin>";

/// Run the program with the process's arguments; returns the exit status.
/// SIGXFSZ is ignored first, so a file size limit is a write error.
pub fn run() -> i32 {
    signals::ignore_file_size_signal();
    let cli = match Cli::parse_ordered(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => {
            // `--help` and `--version` print to stdout: a failed write
            // there (`--version > /dev/full`) is an error too.
            let printed = e.print().and_then(|()| io::stdout().flush());
            return match printed {
                Err(e) => io_status(&e),
                Ok(()) if e.use_stderr() => EXIT_USAGE,
                Ok(()) => EXIT_OK,
            };
        }
    };
    match cli.command {
        Some(Sub::Test(t)) => test_runner::run(&t),
        Some(Sub::Course(c)) => course::run(&c),
        Some(Sub::Agent(a)) => agent::run(&a),
        Some(Sub::Match(m)) => arena::run(&m),
        Some(Sub::Tablebase(t)) => tablebase::run(&t),
        Some(Sub::Selfplay(s)) => selfplay::run(&s),
        Some(Sub::Tune(t)) => tune::run(&t),
        Some(Sub::Yut(args::YutSub::Solve(s))) => yut_solve::run(&s),
        Some(Sub::Completions(c)) => {
            man::completions(c.shell, &mut io::stdout(), &mut io::stderr())
        }
        Some(Sub::Man) => man::man(&mut io::stdout(), &mut io::stderr()),
        None => run_main(&cli.run),
    }
}

/// What a replay needs to know from the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    pub keep_going: bool,
    pub quiet: bool,
    pub color_err: bool,
    /// Open only regular files (`boardsh test`: a FIFO or a device, as a
    /// file or sourced, is an unreadable file).
    pub regular_only: bool,
}

/// How a sequence of sources ended.
enum Stop {
    /// Go on to the next source.
    Next,
    /// Stop now with this exit status.
    Exit(i32),
}

/// The status a finished run exits with.
fn status(runner: &Runner<'_>) -> i32 {
    if let Some(code) = runner.quit_code {
        code
    } else if runner.errors > 0 {
        failed(runner)
    } else {
        EXIT_OK
    }
}

/// The status of a run an error stopped: 2 when a file failed while being
/// read (an unreadable file), else 1.
fn failed(runner: &Runner<'_>) -> i32 {
    if runner.read_faults > 0 {
        EXIT_USAGE
    } else {
        EXIT_FAILED
    }
}

/// What the end of one source (a file, `-c`, stdin) means for the run:
/// `None` to go on with the next source, else the exit status. The one
/// place where an ending's status is decided: done goes on, a failure goes
/// on under `--keep-going` (else 1, or 2 after an unreadable file), `quit`
/// exits with its status, an interruption with 130.
fn exit_status(end: End, runner: &Runner<'_>) -> Option<i32> {
    match end {
        End::Done => None,
        End::Failed if runner.keep_going() => None,
        End::Failed => Some(failed(runner)),
        End::Quit => Some(status(runner)),
        End::Interrupted => Some(EXIT_INTERRUPTED),
    }
}

/// Map an I/O failure of the output: a closed pipe ends quietly with
/// [`EXIT_CLOSED_PIPE`], anything else is reported on stderr with status 1.
fn io_status(e: &io::Error) -> i32 {
    io_status_to(e, &mut io::stderr())
}

/// [`io_status`], reporting to `err`.
fn io_status_to(e: &io::Error, err: &mut dyn Write) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        EXIT_CLOSED_PIPE
    } else {
        let _ = writeln!(err, "boardsh: error: cannot write the output: {e}");
        EXIT_FAILED
    }
}

/// A file that failed while being read: report it like an unreadable
/// file; go on with `--keep-going` (the run then exits 2), else stop with 2.
/// Other errors (of the output) are passed on.
fn read_fault<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    name: &str,
    e: io::Error,
    out: &mut O,
) -> io::Result<Stop> {
    let Some(fault) = ReadFault::of(&e) else {
        return Err(e);
    };
    let message = format!("cannot read {}: {fault}", quoted_path(name));
    runner.message(out, &message)?;
    runner.errors += 1;
    runner.read_faults += 1;
    Ok(if runner.keep_going() {
        Stop::Next
    } else {
        Stop::Exit(EXIT_USAGE)
    })
}

/// Replay one file of the command line.
fn replay_file<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    path: &std::path::Path,
    regular_only: bool,
    out: &mut O,
) -> io::Result<Stop> {
    let name = path.to_string_lossy().into_owned();
    let (identity, mut reader) = match files::open_live(path, regular_only, runner.session.live()) {
        Ok(ok) => ok,
        Err(reason) => {
            runner.message(
                out,
                &format!("cannot read {}: {reason}", quoted_path(&name)),
            )?;
            return Ok(Stop::Exit(EXIT_USAGE));
        }
    };
    let end = match runner.run_named(&name, identity, &mut reader, out) {
        Ok(end) => end,
        Err(e) => return read_fault(runner, &name, e, out),
    };
    // With --keep-going a failed file does not stop the next one.
    Ok(exit_status(end, runner).map_or(Stop::Next, Stop::Exit))
}

/// Replay `files` in one session, like `boardsh FILE...`, reporting errors
/// to `err`; returns the exit status. Used by the binary's file mode and,
/// in-process, by `boardsh test`.
pub fn replay_files<O: Output + ?Sized>(
    files: &[PathBuf],
    opts: Options,
    out: &mut O,
    err: &mut dyn Write,
) -> i32 {
    let session = match configure(&Flags {
        changes: vec![
            Change::Quiet(opts.quiet),
            Change::KeepGoing(opts.keep_going),
        ],
    }) {
        Ok(session) => session,
        Err(e) => {
            let _ = writeln!(err, "boardsh: error: {e}");
            return EXIT_USAGE;
        }
    };
    let mut fs_loader = files::FsLoader;
    let mut regular = files::RegularFiles;
    let loader: &mut dyn Loader = if opts.regular_only {
        &mut regular
    } else {
        &mut fs_loader
    };
    let mut reporter = StreamReporter {
        out: err,
        color: opts.color_err,
    };
    let mut runner = Runner::new(session, loader, &mut reporter, opts.keep_going);
    let result = (|| {
        for path in files {
            if let Stop::Exit(code) = replay_file(&mut runner, path, opts.regular_only, out)? {
                return Ok(code);
            }
        }
        Ok(status(&runner))
    })();
    drop(runner);
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) => io_status_to(&e, reporter.out),
    }
}

/// Whether `--keep-going` was given.
fn keep_going(args: &args::RunArgs) -> bool {
    args.settings.given(Setting::KeepGoing) == Some(&Change::KeepGoing(true))
}

fn run_main(args: &args::RunArgs) -> i32 {
    let stdout = io::stdout();
    let mut out = Themed {
        inner: BufWriter::with_capacity(64 * 1024, stdout.lock()),
        color: theme::stdout_color(args.settings.color),
        width: 0,
        background: theme::Background::Either,
    };
    let mut session = match configure(&Flags::of(args)) {
        Ok(session) => session,
        Err(e) => {
            let _ = writeln!(io::stderr(), "boardsh: error: {e}");
            return EXIT_USAGE;
        }
    };
    session.set_table_loader(Arc::new(tablebase::default_tables));
    session.set_yut_table_loader(Arc::new(yut_solve::default_tables));
    let live = session.live();
    // Without handlers Ctrl-C still ends the run, only without the flush.
    let signals = Signals::install(Arc::clone(&live), Mode::Batch).ok();
    let mut loader = files::LiveLoader { live };
    let mut stderr = io::stderr();
    let mut reporter = StreamReporter {
        out: &mut stderr,
        color: theme::stderr_color(args.settings.color),
    };
    let mut runner = Runner::new(session, &mut loader, &mut reporter, keep_going(args));
    let result = run_sources(&mut runner, args, &mut out, signals.as_ref());
    let stopped = matches!(&result, Err(e) if is_interrupted(e));
    if let Some(code) = signals.as_ref().and_then(Signals::exit_status) {
        // Ctrl-C, SIGTERM or SIGHUP: what was computed is kept.
        let _ = out.flush();
        let _ = writeln!(io::stderr(), "interrupted");
        return code;
    }
    if stopped {
        // An interruption with no signal recorded (a kill at the prompt's end).
        let _ = out.flush();
        return 128 + signal_hook::consts::SIGINT;
    }
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) => io_status(&e),
    }
}

/// Files, then `-c`, then `-i` and the prompt, or stdin. A progress line
/// shows on stderr while they run, when it is a terminal.
fn run_sources<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    args: &args::RunArgs,
    out: &mut O,
    signals: Option<&Signals>,
) -> io::Result<i32> {
    let show = io::stderr().is_terminal();
    let on_terminal = io::stdout().is_terminal();
    let progress = Progress::start(runner.session.live(), show);
    let given = run_given(
        runner,
        args,
        &mut progress.guard_batch(out, on_terminal),
        None,
    );
    progress.finish();
    if let Some(code) = given? {
        return Ok(code);
    }
    if io::stdin().is_terminal() {
        out.flush()?;
        if let Some(s) = signals {
            s.set_mode(Mode::Prompt);
        }
        if args.settings.given(Setting::Seed).is_none() && runner.session.settings().seed == 0 {
            // A game at the prompt should differ from the last one (unless
            // a seed was given, on the command line or by a file run first).
            let clock = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            // A seed cannot fail (only `net` can).
            let _ = runner.session.apply(Change::Seed {
                seed: clock,
                draws: None,
            });
        }
        runner.session.set_at_prompt(true);
        if args.order.iter().any(|g| matches!(g, Given::Init(Some(_)))) {
            // `-i FILE`: the game the file left, drawn before the first
            // prompt (the board of the game it touched last).
            let look = match runner.session.last_game() {
                Some(crate::shell::command::GameChoice::Yut) => "show",
                _ => "board",
            };
            runner.run_line("-i", 1, look, out)?;
        }
        let fg = Foreground {
            signals,
            progress: show,
        };
        return repl::run(runner, out, args.settings.color, fg);
    }
    // Not a terminal: the commands come from stdin (after `-i`, too).
    let mut reader = io::BufReader::with_capacity(
        files::READ_BUFFER,
        interruptible::stdin(runner.session.live()),
    );
    let progress = Progress::start(runner.session.live(), show);
    let mut guarded = progress.guard_batch(out, on_terminal);
    let end = match runner.run_file(STDIN, None, Kind::Detect, &mut reader, &mut guarded) {
        Ok(end) => end,
        Err(e) => match read_fault(runner, STDIN, e, &mut guarded)? {
            Stop::Exit(code) => return Ok(code),
            Stop::Next => End::Done,
        },
    };
    drop(guarded);
    progress.finish();
    // The last source: going on means ending with the run's status.
    Ok(exit_status(end, runner).unwrap_or_else(|| status(runner)))
}

/// Files, `-c` and `-i` in the order given: `Some(status)` when the run
/// ends there, `None` when the prompt (or stdin's commands) follows: after
/// `-i`, or when nothing was given. A file `-` is `stdin` (the process's
/// when `stdin` is `None`).
fn run_given<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    args: &args::RunArgs,
    out: &mut O,
    mut stdin: Option<&mut dyn io::BufRead>,
) -> io::Result<Option<i32>> {
    let mut prompt = false;
    for given in &args.order {
        match given {
            Given::File(path) if path.as_os_str() == "-" => {
                let end = match stdin.as_deref_mut() {
                    Some(input) => runner.run_file(STDIN, None, Kind::Detect, input, out),
                    None => {
                        let mut reader = io::BufReader::with_capacity(
                            files::READ_BUFFER,
                            interruptible::stdin(runner.session.live()),
                        );
                        runner.run_file(STDIN, None, Kind::Detect, &mut reader, out)
                    }
                };
                let end = match end {
                    Ok(end) => end,
                    Err(e) => match read_fault(runner, STDIN, e, out)? {
                        Stop::Exit(code) => return Ok(Some(code)),
                        Stop::Next => End::Done,
                    },
                };
                if let Some(code) = exit_status(end, runner) {
                    return Ok(Some(code));
                }
            }
            Given::File(path) => {
                if let Stop::Exit(code) = replay_file(runner, path, args.regular_only, out)? {
                    return Ok(Some(code));
                }
            }
            Given::Commands(cmds) => {
                let mut end = End::Done;
                for (i, line) in cmds.split('\n').enumerate() {
                    end = runner.run_line(COMMAND_LINE, i + 1, line.trim_end_matches('\r'), out)?;
                    if end != End::Done {
                        break;
                    }
                }
                if let Some(code) = exit_status(end, runner) {
                    return Ok(Some(code));
                }
            }
            Given::Init(None) => prompt = true,
            Given::Init(Some(init)) => {
                prompt = true;
                let name = init.to_string_lossy().into_owned();
                match files::open_live(init, false, runner.session.live()) {
                    Ok((identity, mut reader)) => {
                        // An error in the file is reported; the prompt still follows.
                        match runner.run_named(&name, identity, &mut reader, out) {
                            Ok(End::Quit) => return Ok(Some(status(runner))),
                            Ok(_) => {}
                            Err(e) => {
                                if let Stop::Exit(code) = read_fault(runner, &name, e, out)? {
                                    return Ok(Some(code));
                                }
                            }
                        }
                    }
                    Err(reason) => {
                        runner.message(
                            out,
                            &format!("cannot read {}: {reason}", quoted_path(&name)),
                        )?;
                        return Ok(Some(EXIT_USAGE));
                    }
                }
            }
        }
    }
    if args.order.is_empty() || prompt {
        Ok(None)
    } else {
        Ok(Some(status(runner)))
    }
}
