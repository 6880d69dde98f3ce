//! Running what was entered at the prompt, one line at a time, with the
//! progress line shown while it runs (the runner reports `set timer on`'s
//! times through the reporter). An interrupted command prints
//! `interrupted` on stderr, ends the rest of the input and the prompt comes
//! back; the session is as the command found it (an interrupted command
//! changes nothing).

use super::interruptible::{interrupted, is_interrupted};
use super::progress::Progress;
use super::report::PROMPT;
use super::signals::{Mode, Signals};
use crate::shell::Output;
use crate::shell::script::{End, Runner};
use std::io::{self, Write};

/// How entered lines run.
#[derive(Clone, Copy, Default)]
pub struct Foreground<'s> {
    /// The signal handlers, told when a command runs.
    pub signals: Option<&'s Signals>,
    /// Show the progress line (stderr is a terminal).
    pub progress: bool,
}

/// What comes after an entered input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Back to the prompt.
    Prompt,
    /// `quit`: end the session.
    Quit,
    /// A signal (SIGTERM, SIGHUP) ended the session: exit with this status.
    Exit(i32),
}

/// Run `input` (one or more lines: a paste may hold several), numbering
/// its lines after `line_no`.
///
/// # Errors
///
/// When writing the output fails.
pub fn run_input<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    out: &mut O,
    input: &str,
    line_no: &mut usize,
    fg: Foreground<'_>,
) -> io::Result<After> {
    if let Some(s) = fg.signals {
        s.set_mode(Mode::Command);
    }
    let result = run_lines(runner, out, input, line_no, fg);
    if let Some(s) = fg.signals {
        s.set_mode(Mode::Prompt);
    }
    let after = match result {
        Err(e) if is_interrupted(&e) => {
            out.flush()?;
            let _ = writeln!(io::stderr(), "interrupted");
            After::Prompt
        }
        other => other?,
    };
    out.flush()?;
    match fg.signals.and_then(Signals::exit_status) {
        Some(code) => Ok(After::Exit(code)),
        None => Ok(after),
    }
}

fn run_lines<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    out: &mut O,
    input: &str,
    line_no: &mut usize,
    fg: Foreground<'_>,
) -> io::Result<After> {
    let live = runner.session.live();
    for line in input.split('\n') {
        *line_no += 1;
        let line = line.trim_end_matches('\r');
        live.start(line.trim());
        let progress = Progress::start(live.clone(), fg.progress);
        let end = runner.run_line(PROMPT, *line_no, line, &mut progress.guard(out));
        progress.finish();
        let end = end?;
        match end {
            End::Quit => return Ok(After::Quit),
            // A command was interrupted: the rest of the input is dropped,
            // `interrupted` is printed and the prompt comes back.
            End::Interrupted => return Err(interrupted()),
            End::Done | End::Failed => {}
        }
    }
    Ok(After::Prompt)
}
