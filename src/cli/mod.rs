//! The terminal front end: arguments, files, the prompt, colour, reports.
//! The only part of boardsh that knows about terminals and the file system.

pub mod args;
pub mod complete;
pub mod course;
pub mod files;
pub mod repl;
pub mod report;
pub mod test_runner;
pub mod theme;

use crate::quote::quoted_path;
use crate::shell::script::{End, Kind, Runner};
use crate::shell::{Output, Session};
use args::{Cli, Sub};
use clap::Parser;
use report::StreamReporter;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use theme::Themed;

/// Exit status: success.
pub const EXIT_OK: i32 = 0;
/// Exit status: a command or script failed.
pub const EXIT_FAILED: i32 = 1;
/// Exit status: bad usage or an unreadable file.
pub const EXIT_USAGE: i32 = 2;

/// Where `-c` commands come from in error reports.
pub const COMMAND_LINE: &str = "<command line>";
/// Where piped commands come from in error reports.
pub const STDIN: &str = "<stdin>";

/// Run the program with the process's arguments; returns the exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Some(Sub::Test(t)) => test_runner::run(&t),
        Some(Sub::Course(c)) => course::run(&c),
        None => run_main(&cli.run),
    }
}

/// What a replay needs to know from the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    pub keep_going: bool,
    pub quiet: bool,
    pub color_err: bool,
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
    if runner.errors > 0 {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

/// Map an I/O failure of the output: a closed pipe ends quietly.
fn io_status(e: &io::Error) -> i32 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        EXIT_OK
    } else {
        let _ = writeln!(io::stderr(), "boardsh: error: {e}");
        EXIT_FAILED
    }
}

/// Replay one file of the command line.
fn replay_file<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    path: &std::path::Path,
    out: &mut O,
) -> io::Result<Stop> {
    let name = path.to_string_lossy().into_owned();
    let (identity, mut reader) = match files::open(path) {
        Ok(ok) => ok,
        Err(reason) => {
            runner.message(
                out,
                &format!("cannot read {}: {reason}", quoted_path(&name)),
            )?;
            return Ok(Stop::Exit(EXIT_USAGE));
        }
    };
    let end = runner.run_named(&name, identity, &mut reader, out)?;
    Ok(match end {
        End::Done => Stop::Next,
        End::Quit => Stop::Exit(status(runner)),
        End::Failed => Stop::Exit(EXIT_FAILED),
    })
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
    let mut session = Session::new();
    session.set_quiet(opts.quiet);
    let mut loader = files::FsLoader;
    let mut reporter = StreamReporter {
        out: err,
        color: opts.color_err,
    };
    let mut runner = Runner::new(session, &mut loader, &mut reporter, opts.keep_going);
    let result = (|| {
        for path in files {
            if let Stop::Exit(code) = replay_file(&mut runner, path, out)? {
                return Ok(code);
            }
        }
        Ok(status(&runner))
    })();
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) => io_status(&e),
    }
}

fn run_main(args: &args::RunArgs) -> i32 {
    let stdout = io::stdout();
    let mut out = Themed {
        inner: BufWriter::with_capacity(64 * 1024, stdout.lock()),
        color: theme::stdout_color(args.color),
    };
    let mut session = Session::new();
    session.set_quiet(args.quiet);
    let mut loader = files::FsLoader;
    let mut stderr = io::stderr();
    let mut reporter = StreamReporter {
        out: &mut stderr,
        color: theme::stderr_color(args.color),
    };
    let mut runner = Runner::new(session, &mut loader, &mut reporter, args.keep_going);
    let result = run_sources(&mut runner, args, &mut out);
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) => io_status(&e),
    }
}

/// Files, then `-c`, then `-i` and the prompt, or stdin.
fn run_sources<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    args: &args::RunArgs,
    out: &mut O,
) -> io::Result<i32> {
    for path in &args.files {
        if let Stop::Exit(code) = replay_file(runner, path, out)? {
            return Ok(code);
        }
    }
    if let Some(cmds) = &args.commands {
        let mut end = End::Done;
        for (i, line) in cmds.split('\n').enumerate() {
            end = runner.run_line(COMMAND_LINE, i + 1, line.trim_end_matches('\r'), out)?;
            if end != End::Done {
                break;
            }
        }
        match end {
            End::Failed => return Ok(EXIT_FAILED),
            End::Quit => return Ok(status(runner)),
            End::Done => {}
        }
    }
    if let Some(init) = &args.init {
        let name = init.to_string_lossy().into_owned();
        match files::open(init) {
            Ok((identity, mut reader)) => {
                // An error in the file is reported; the prompt still follows.
                if runner.run_named(&name, identity, &mut reader, out)? == End::Quit {
                    return Ok(status(runner));
                }
            }
            Err(reason) => {
                runner.message(
                    out,
                    &format!("cannot read {}: {reason}", quoted_path(&name)),
                )?;
                return Ok(EXIT_USAGE);
            }
        }
    } else if args.commands.is_some() || !args.files.is_empty() {
        return Ok(status(runner));
    }
    if io::stdin().is_terminal() {
        out.flush()?;
        return repl::run(runner, out, args.color);
    }
    // Not a terminal: the commands come from stdin (after `-i`, too).
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(files::READ_BUFFER, stdin.lock());
    let end = runner.run_file(STDIN, None, Kind::Detect, &mut reader, out)?;
    Ok(match end {
        End::Failed => EXIT_FAILED,
        _ => status(runner),
    })
}
