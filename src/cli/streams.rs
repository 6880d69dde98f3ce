//! The whole front end on given streams: arguments parsed as the binary
//! parses them, stdin, stdout and stderr supplied by the caller, never a
//! prompt. For tests and the `front_end` fuzz target, which drive the
//! command line in-process.

use super::args::{Cli, ColorChoice, Sub};
use super::configure::{Flags, configure};
use super::report::StreamReporter;
use super::test_runner::{self, Config};
use super::theme::Themed;
use super::{
    EXIT_OK, EXIT_USAGE, STDIN, Stop, exit_status, files, io_status_to, read_fault, run_given,
    status,
};
use crate::shell::Output;
use crate::shell::script::{End, Kind, Runner};
use std::ffi::OsString;
use std::io::{self, BufRead, Write};

/// Run boardsh with `args` (the program's name first) as the binary does
/// when stdin is not a terminal, reading `stdin` and writing `stdout` and
/// `stderr`; returns the exit status. Colour only with `--color always`.
/// The `agent` and `match` subcommands, which talk to other programs, are
/// refused (status 2).
pub fn run_with(
    args: &[OsString],
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let cli = match Cli::parse_ordered(args) {
        Ok(cli) => cli,
        Err(e) => {
            let text = e.render().to_string();
            let printed = if e.use_stderr() {
                write!(stderr, "{text}").and_then(|()| stderr.flush())
            } else {
                write!(stdout, "{text}").and_then(|()| stdout.flush())
            };
            return match printed {
                Err(e) => io_status_to(&e, stderr),
                Ok(()) if e.use_stderr() => EXIT_USAGE,
                Ok(()) => EXIT_OK,
            };
        }
    };
    run_parsed(cli, stdin, stdout, stderr)
}

/// [`run_with`] after the arguments are parsed (the test runner sets
/// `regular_only` on them first).
pub fn run_parsed(
    cli: Cli,
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    match cli.command {
        Some(Sub::Test(t)) => {
            let color = t.color == ColorChoice::Always;
            let config = Config {
                bless: t.bless,
                color,
                color_err: color,
            };
            test_runner::run_paths(&t.paths, config, stdout, stderr, &mut test_runner::replay)
        }
        Some(Sub::Completions(c)) => super::man::completions(c.shell, stdout, stderr),
        Some(Sub::Man) => super::man::man(stdout, stderr),
        // They talk to engines on the process's own streams: not here.
        Some(Sub::Agent(_) | Sub::Match(_) | Sub::Course(_) | Sub::Yut(_)) => {
            let _ = writeln!(
                stderr,
                "boardsh: error: `agent`, `match`, `course` and `yut` run only as the program itself"
            );
            EXIT_USAGE
        }
        Some(Sub::Tablebase(_)) => {
            let _ = writeln!(
                stderr,
                "boardsh: error: `tablebase` runs only as the program itself"
            );
            EXIT_USAGE
        }
        Some(Sub::Selfplay(_) | Sub::Tune(_)) => {
            let _ = writeln!(
                stderr,
                "boardsh: error: `selfplay` and `tune` run only as the program itself"
            );
            EXIT_USAGE
        }
        None => {
            let args = &cli.run;
            let color = args.settings.color == ColorChoice::Always;
            let mut out = Themed {
                inner: &mut *stdout,
                color,
                width: crate::shell::wrap::DEFAULT_WIDTH,
                background: super::theme::Background::Either,
            };
            let session = match configure(&Flags::of(args)) {
                Ok(session) => session,
                Err(e) => {
                    let _ = writeln!(stderr, "boardsh: error: {e}");
                    return EXIT_USAGE;
                }
            };
            let mut fs = files::FsLoader;
            let mut regular = files::RegularFiles;
            let loader: &mut dyn crate::shell::script::Loader = if args.regular_only {
                &mut regular
            } else {
                &mut fs
            };
            let mut reporter = StreamReporter {
                out: &mut *stderr,
                color,
            };
            let mut runner = Runner::new(session, loader, &mut reporter, super::keep_going(args));
            let result = match run_given(&mut runner, args, &mut out, Some(&mut *stdin)) {
                Ok(Some(code)) => Ok(code),
                Ok(None) => run_stdin(&mut runner, stdin, &mut out),
                Err(e) => Err(e),
            };
            drop(runner);
            match result.and_then(|code| out.flush().map(|()| code)) {
                Ok(code) => code,
                Err(e) => io_status_to(&e, stderr),
            }
        }
    }
}

/// The commands of `stdin` (after `-i`, too), as when stdin is not a terminal.
fn run_stdin<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    stdin: &mut dyn BufRead,
    out: &mut O,
) -> io::Result<i32> {
    let end = match runner.run_file(STDIN, None, Kind::Detect, stdin, out) {
        Ok(end) => end,
        Err(e) => match read_fault(runner, STDIN, e, out)? {
            Stop::Exit(code) => return Ok(code),
            Stop::Next => End::Done,
        },
    };
    // The last source: going on means ending with the run's status.
    Ok(exit_status(end, runner).unwrap_or_else(|| status(runner)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";

    fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
        let args: Vec<OsString> = std::iter::once("boardsh")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = run_with(&args, &mut stdin.as_bytes(), &mut out, &mut err);
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (status, text(out), text(err))
    }

    #[test]
    fn commands_stdin_and_usage_errors() {
        assert_eq!(
            run(&["-c", "fen"], ""),
            (0, START.to_string(), String::new())
        );
        // No file and no -c: the commands come from the given stdin.
        assert_eq!(run(&[], "fen\n"), (0, START.to_string(), String::new()));
        let (status, out, err) = run(&["--no-such-option"], "");
        assert_eq!((status, out.as_str()), (2, ""));
        assert!(err.contains("--no-such-option"), "{err}");
        let (status, out, _) = run(&["--version"], "");
        assert_eq!(
            (status, out),
            (0, format!("boardsh {}\n", env!("CARGO_PKG_VERSION")))
        );
    }
}
