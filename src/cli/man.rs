//! `boardsh completions SHELL` and `boardsh man`: the shell completion
//! scripts and the manual page, both generated from the clap definitions
//! of [`args`](super::args) (by clap_complete and clap_mangen), so they
//! name every subcommand and option the program takes.

use super::args::Cli;
use super::{EXIT_OK, io_status_to};
use clap::CommandFactory;
use std::io::{self, Write};

/// Print the completion script for `shell` on `out`; a failed write is
/// reported on `err` (a closed pipe quietly, status 141).
pub fn completions(shell: clap_complete::Shell, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "boardsh", &mut script);
    emit(&script, out, err)
}

/// Print the manual page (roff) on `out`; a failed write is reported on
/// `err` (a closed pipe quietly, status 141).
pub fn man(out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let mut page = Vec::new();
    match render(&mut page) {
        Ok(()) => emit(once_defined(&page).as_bytes(), out, err),
        Err(e) => io_status_to(&e, err),
    }
}

/// clap_mangen opens every section it renders with the definition of the
/// `Aq` string (an apostrophe); the page needs it once, at the top.
fn once_defined(page: &[u8]) -> String {
    let mut kept = 0;
    let mut text = String::new();
    for line in String::from_utf8_lossy(page).lines() {
        let defines = line.starts_with(".ie \\n(.g .ds Aq ") || line.starts_with(".el .ds Aq ");
        if defines {
            // The definition is two lines, `.ie` and `.el`.
            if kept == 2 {
                continue;
            }
            kept += 1;
        }
        text.push_str(line);
        text.push('\n');
    }
    text
}

fn emit(bytes: &[u8], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) => io_status_to(&e, err),
    }
}

/// The page: clap_mangen's title, name, synopsis, description and
/// options of the whole program, then one section a subcommand (its
/// synopsis, description and options), then what the definitions do not
/// say (exit status, environment, files).
fn render(w: &mut Vec<u8>) -> io::Result<()> {
    let cmd = Cli::command();
    let man = clap_mangen::Man::new(cmd.clone()).manual("boardsh manual");
    man.render_title(w)?;
    man.render_name_section(w)?;
    man.render_synopsis_section(w)?;
    man.render_description_section(w)?;
    man.render_options_section(w)?;
    subcommands(&cmd, "boardsh", w)?;
    w.write_all(EXTRA.as_bytes())?;
    man.render_version_section(w)
}

/// A section for each subcommand of `cmd` (and theirs, as `boardsh yut
/// solve`), clap's own `help` left out; its sections become
/// subsections.
fn subcommands(cmd: &clap::Command, path: &str, w: &mut Vec<u8>) -> io::Result<()> {
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("{path} {}", sub.get_name());
        let sub = sub.clone().bin_name(&name);
        writeln!(w, ".SH \"{}\"", name.to_uppercase())?;
        let man = clap_mangen::Man::new(sub.clone());
        let mut part = Vec::new();
        man.render_synopsis_section(&mut part)?;
        man.render_description_section(&mut part)?;
        if sub.get_arguments().any(|a| !a.is_hide_set()) {
            man.render_options_section(&mut part)?;
        }
        for line in String::from_utf8_lossy(&part).lines() {
            match line.strip_prefix(".SH ") {
                Some(title) => writeln!(w, ".SS {title}")?,
                None => writeln!(w, "{line}")?,
            }
        }
        subcommands(&sub, &name, w)?;
    }
    Ok(())
}

/// The sections the clap definitions cannot give (roff).
const EXTRA: &str = r#".SH "EXIT STATUS"
.TP
0
success
.TP
1
a command failed (or a test case, or a write of the output)
.TP
2
bad usage or an unreadable file
.TP
130
stopped by Ctrl\-C
.TP
141
the output was closed before the run finished
.SH ENVIRONMENT
.TP
BOARDSH_HISTORY
the prompt's history file
.TP
BOARDSH_TODAY
the day (YYYY\-MM\-DD) the drill deck's schedule counts from (else the clock's, UTC)
.TP
XDG_DATA_HOME
the data directory is $XDG_DATA_HOME/boardsh (else ~/.local/share/boardsh):
history, endgame tables (tb/), solved Yut tables, training data, weights,
the drill deck (drills.jsonl)
.TP
NO_COLOR, CLICOLOR, CLICOLOR_FORCE, FORCE_COLOR, TERM
colour, after \-\-color
.TP
COLORFGBG
the terminal's background, for set theme auto
.TP
PAGER
how help taller than the window is shown (default: less \-R)
.SH FILES
A file whose first non\-blank line is a bare count N is a problem\-format
input (N FENs, or N Yut turns); anything else is a command script.
.B .fen
and
.B .yut
name the game;
.B .in
and standard input are recognised by content.
At the prompt,
.B help
lists the commands,
.B help congo
and
.B help yut
teach the games.
.SH "SEE ALSO"
The documentation in the source tree: README.md and docs/ (the user
guide, the engine, the Yut solver, errors).
"#;
