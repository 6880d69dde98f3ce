//! `boardsh course TASK [--year 2021|2022|full] [--depth N] [--no-count]
//! [FILE...]`: the Congo course's judge.
//!
//! Each input is a course test file: the count `N`, then N cases (one FEN
//! line; for `make` a FEN line then a move line). The answers are the
//! course's expected output, byte for byte. The library side is
//! [`crate::congo::course`]; this module reads the files and reports.
//!
//! Without `--year` the rules are boardsh's full rules: all eight kinds,
//! pawns promote (the 2022 behaviour, so 2022 inputs are answered as the
//! course answers them). With `--year` the year's rules hold: 2021 has no
//! promotion, in `make` and inside the searches, and the year's piece set
//! is enforced on `make`, the evaluations and the searches (another piece
//! is a located error naming it). The listing and the move lists (Parts 1
//! and 2) take any piece even then: they depend on no year's rule, and the
//! 2022 Part 2 hand-out's own sample has an elephant on the board.

mod answer;
mod input;

pub use answer::{Config, Task};
pub use input::{answer_input, answer_input_within};

use super::args::{CourseArgs, CourseTask, CourseYear};
use super::report::format;
use super::signals::{Mode, Signals};
use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE, STDIN, files, theme};
use crate::congo::PieceKind;
use crate::congo::Rules;
use crate::quote::quoted_path;
use crate::shell::Live;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::Arc;

/// The task a command-line name stands for.
pub fn task(t: CourseTask) -> Task {
    let kind = |k| Task::Moves(Some(k));
    match t {
        CourseTask::Listing => Task::Listing,
        CourseTask::Lion => kind(PieceKind::Lion),
        CourseTask::Zebra => kind(PieceKind::Zebra),
        CourseTask::Elephant => kind(PieceKind::Elephant),
        CourseTask::Giraffe => kind(PieceKind::Giraffe),
        CourseTask::Pawn => kind(PieceKind::Pawn),
        CourseTask::Superpawn => kind(PieceKind::Superpawn),
        CourseTask::Crocodile => kind(PieceKind::Crocodile),
        CourseTask::Monkey => kind(PieceKind::Monkey),
        CourseTask::Moves => Task::Moves(None),
        CourseTask::Make => Task::Make,
        CourseTask::Eval => Task::Eval,
        CourseTask::Minimax => Task::Minimax,
        CourseTask::EvalAdvanced => Task::EvalAdvanced,
        CourseTask::Alphabeta => Task::Alphabeta,
    }
}

/// The rules `--year` names.
pub fn rules(year: CourseYear) -> Rules {
    match year {
        CourseYear::Y2021 => Rules::Course2021,
        CourseYear::Y2022 => Rules::Course2022,
        CourseYear::Full => Rules::Full,
    }
}

/// The configuration of a command line, or the usage error it makes.
///
/// # Errors
///
/// A message when the task asks for a piece kind the year does not have.
pub fn config(args: &CourseArgs) -> Result<Config, String> {
    let task = task(args.task);
    let rules = args.year.map_or(Rules::Full, rules);
    if let Task::Moves(Some(kind)) = task
        && !rules.has(kind)
    {
        return Err(format!(
            "the {rules} course has no {kind}: no {kind} moves to list"
        ));
    }
    Ok(Config {
        task,
        rules,
        // Part 1 and Part 2 list whatever stands on the board: the 2022
        // hand-out's own giraffe sample has a white elephant on f7.
        strict: args.year.is_some() && !matches!(task, Task::Listing | Task::Moves(_)),
        depth: args.depth,
        no_count: args.no_count,
    })
}

/// Run `boardsh course`; returns the exit status.
pub fn run(args: &CourseArgs) -> i32 {
    let color = theme::stderr_color(args.color);
    let cfg = match config(args) {
        Ok(cfg) => cfg,
        Err(msg) => {
            let _ = writeln!(io::stderr(), "boardsh: error: {msg}");
            return EXIT_USAGE;
        }
    };
    // SIGINT, SIGTERM and SIGHUP stop the search (and the reading) like
    // the shell's batch mode: the answers so far are flushed, and the
    // exit status is 128 + the signal.
    let live = Arc::new(Live::default());
    let signals = Signals::install(Arc::clone(&live), Mode::Batch).ok();
    let stop = &live.interrupt;
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut stderr = io::stderr();
    let mut report = |d: &crate::shell::script::Diagnostic<'_>| {
        let _ = stderr.write_all(format(d, color).as_bytes());
    };
    let stdin_only = [Path::new("-").to_path_buf()];
    let paths = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let result = (|| -> io::Result<i32> {
        for path in paths {
            let ok = if path.as_os_str() == "-" {
                let mut reader = io::BufReader::with_capacity(
                    files::READ_BUFFER,
                    super::interruptible::stdin(Arc::clone(&live)),
                );
                let answered =
                    answer_input_within(&cfg, STDIN, &mut reader, &mut out, &mut report, stop);
                match read_fault(answered, STDIN, &mut out)? {
                    Ok(ok) => ok,
                    Err(code) => return Ok(code),
                }
            } else {
                let name = path.to_string_lossy().into_owned();
                match files::open_live(path, false, Arc::clone(&live)) {
                    Ok((_, mut reader)) => {
                        let answered = answer_input_within(
                            &cfg,
                            &name,
                            &mut reader,
                            &mut out,
                            &mut report,
                            stop,
                        );
                        match read_fault(answered, &name, &mut out)? {
                            Ok(ok) => ok,
                            Err(code) => return Ok(code),
                        }
                    }
                    Err(reason) => {
                        out.flush()?;
                        let _ = writeln!(
                            io::stderr(),
                            "boardsh: error: cannot read {}: {reason}",
                            quoted_path(&name)
                        );
                        return Ok(EXIT_USAGE);
                    }
                }
            };
            if !ok {
                return Ok(EXIT_FAILED);
            }
        }
        Ok(EXIT_OK)
    })();
    // Flushed whatever happened: the answers before an interruption stand.
    let flush = out.flush();
    let flushed = result.and_then(|code| flush.map(|()| code));
    if let Some(code) = signals.as_ref().and_then(Signals::exit_status) {
        return code;
    }
    match flushed {
        Ok(code) => code,
        Err(e) if super::interruptible::is_interrupted(&e) => EXIT_FAILED,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::EXIT_CLOSED_PIPE,
        Err(e) => {
            let _ = writeln!(io::stderr(), "boardsh: error: {e}");
            EXIT_FAILED
        }
    }
}

/// A file that failed while being read (`/proc/self/mem`, a directory on
/// stdin) is reported with its name, after the answers before the fault,
/// as an unreadable file is: `Err` with status 2. Other errors (of the
/// output, an interruption) are passed on.
fn read_fault(
    answered: io::Result<bool>,
    name: &str,
    out: &mut dyn Write,
) -> io::Result<Result<bool, i32>> {
    match answered {
        Ok(ok) => Ok(Ok(ok)),
        Err(e) => match crate::shell::lines::ReadFault::of(&e) {
            Some(fault) => {
                out.flush()?;
                let _ = writeln!(
                    io::stderr(),
                    "boardsh: error: cannot read {}: {fault}",
                    quoted_path(name)
                );
                Ok(Err(EXIT_USAGE))
            }
            None => Err(e),
        },
    }
}
