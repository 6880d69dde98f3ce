//! The interactive prompt: rustyline with history, completion, usage hints
//! and keyword highlighting.

use super::args::ColorChoice;
use super::complete::{self, Completion};
use super::foreground::{After, Foreground, run_input};
use super::history::{HISTORY_SIZE, History, history_path};
use super::theme;
use crate::congo::Position;
use crate::shell::Output;
use crate::shell::script::Runner;
use crate::shell::words;
use crate::yut::Play;
use owo_colors::OwoColorize;
use rustyline::completion::{Completer, Pair};
use rustyline::config::{Behavior, ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hint, Hinter};
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::borrow::Cow;
use std::io;

/// The one line shown when the prompt starts (never when not a terminal).
pub const BANNER: &str = concat!(
    "boardsh ",
    env!("CARGO_PKG_VERSION"),
    ": type help for commands, help congo / help yut for the rules"
);

/// A usage hint: shown greyed, inserts nothing.
pub struct UsageHint(String);

impl Hint for UsageHint {
    fn display(&self) -> &str {
        &self.0
    }

    fn completion(&self) -> Option<&str> {
        None
    }
}

/// The prompt's helper: completion, hints, highlighting.
pub struct BoardHelper {
    color: bool,
    /// The session's Congo position: `play` and `moves` complete from it.
    pub position: Position,
    /// The session's Yut game: `move` completes its tokens and throws.
    pub yut: Play,
    /// The position of the `retry` under way: `retry` completes its moves.
    pub retry: Option<Position>,
}

impl BoardHelper {
    /// A helper that colours when `color` is set.
    pub fn new(color: bool) -> BoardHelper {
        BoardHelper {
            color,
            position: Position::start(),
            yut: Play::default(),
            retry: None,
        }
    }
}

impl BoardHelper {
    /// The two games completion reads.
    fn games(&self) -> complete::Games<'_> {
        complete::Games {
            position: &self.position,
            yut: &self.yut,
            retry: self.retry.as_ref(),
        }
    }
}

impl Completer for BoardHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        match complete::complete_in(line, pos, self.games()) {
            Completion::Words(start, words) => Ok((
                start,
                complete::with_blank(line, pos, words)
                    .into_iter()
                    .map(|(display, replacement)| Pair {
                        display,
                        replacement,
                    })
                    .collect(),
            )),
            Completion::Path(start) => {
                let arg = line.get(start..pos).unwrap_or("");
                let pairs = complete::complete_path(arg, words::home().as_deref(), list_dir);
                Ok((
                    start,
                    pairs
                        .into_iter()
                        .map(|(display, replacement)| Pair {
                            display,
                            replacement,
                        })
                        .collect(),
                ))
            }
        }
    }
}

/// The entries of directory `dir` (`""`: the current one) as (name, is a
/// directory); unreadable directories and names that are not UTF-8 are
/// left out.
fn list_dir(dir: &str) -> Vec<(String, bool)> {
    let path = if dir.is_empty() { "." } else { dir };
    let Ok(entries) = std::fs::read_dir(path) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let is_dir = std::fs::metadata(e.path()).is_ok_and(|m| m.is_dir());
            e.file_name().into_string().ok().map(|n| (n, is_dir))
        })
        .collect()
}

impl Hinter for BoardHelper {
    type Hint = UsageHint;

    fn hint(&self, line: &str, pos: usize, _: &Context<'_>) -> Option<UsageHint> {
        complete::hint_in(line, pos, self.games()).map(UsageHint)
    }
}

impl Highlighter for BoardHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if !self.color {
            return Cow::Borrowed(line);
        }
        let mut out = String::with_capacity(line.len() + 32);
        let mut at = 0;
        for (start, len, known) in complete::keywords(line) {
            out.push_str(line.get(at..start).unwrap_or(""));
            let word = line.get(start..start + len).unwrap_or("");
            if known {
                out.push_str(&format!("{}", word.bold().green()));
            } else {
                out.push_str(&format!("{}", word.red()));
            }
            at = start + len;
        }
        let rest = line.get(at..).unwrap_or("");
        match rest.find('#') {
            Some(i) => {
                out.push_str(rest.get(..i).unwrap_or(""));
                out.push_str(&format!("{}", rest.get(i..).unwrap_or("").dimmed()));
            }
            None => out.push_str(rest),
        }
        Cow::Owned(out)
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(hint_shown(hint, self.color))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.color
    }
}

/// A hint as shown after the cursor: dimmed, also without colour (dim is
/// no colour, so `NO_COLOR` keeps it): a hint must never look typed.
fn hint_shown(hint: &str, color: bool) -> String {
    if color {
        format!("{}", hint.dimmed())
    } else {
        // SGR 2 (faint) and 22 (normal intensity) only: no colour code.
        format!("\x1b[2m{hint}\x1b[22m")
    }
}

impl Validator for BoardHelper {}
impl Helper for BoardHelper {}

/// Run the prompt until `quit` or Ctrl-D; returns the exit status.
/// Each entered line is saved to the history at once (see [`History`]) and
/// runs as [`run_input`] says (Ctrl-C stops it, a progress line shows).
///
/// # Errors
///
/// When writing the output fails.
pub fn run<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    out: &mut O,
    color: ColorChoice,
    fg: Foreground<'_>,
) -> io::Result<i32> {
    let color_out = theme::stdout_color(color);
    let config = Config::builder()
        .max_history_size(HISTORY_SIZE)
        .map_err(io::Error::other)?
        .auto_add_history(false)
        .completion_type(CompletionType::List)
        .history_ignore_space(true)
        .behavior(Behavior::PreferTerm)
        // Without colour (`NO_COLOR`, `--color never`) the helper still
        // runs at a terminal, forced: it colours nothing then, but dims
        // the hints (no colour code), so they never look typed.
        .color_mode(if color_out {
            ColorMode::Enabled
        } else if io::IsTerminal::is_terminal(&io::stdout()) {
            ColorMode::Forced
        } else {
            ColorMode::Disabled
        })
        .build();
    let mut editor: Editor<BoardHelper, DefaultHistory> =
        Editor::with_config(config).map_err(io::Error::other)?;
    editor.set_helper(Some(BoardHelper::new(color_out)));
    let opened = History::open(history_path());
    let mut history = opened.history;
    for entry in opened.entries {
        editor.add_history_entry(entry).map_err(io::Error::other)?;
    }
    if let Some(warning) = opened.warning {
        runner.warning(out, &warning)?;
    }
    let styled = format!("{}", "boardsh> ".bold().green());
    let prompt = (
        "boardsh> ",
        if color_out {
            styled.as_str()
        } else {
            "boardsh> "
        },
    );
    runner.interactive = true;
    // The prompt runs only on a terminal: say once how to find help.
    out.text(&format!("{BANNER}\n"))?;
    out.flush()?;
    let mut line_no = 0;
    let mut code = 0;
    loop {
        if let Some(helper) = editor.helper_mut() {
            helper.position.clone_from(runner.session.position());
            helper.yut = *runner.session.yut();
            helper.retry = (runner.session.retry_position())
                .or(runner.session.drill_position())
                .cloned();
        }
        match editor.readline(&prompt) {
            Ok(input) => {
                // Trailing blanks (Tab leaves one after a completed word)
                // mean nothing to the parser: the history keeps the line
                // without them.
                let entry = input.trim_end_matches([' ', '\t']);
                if editor.add_history_entry(entry).unwrap_or(false)
                    && let Some(warning) = history.record(entry)
                {
                    runner.warning(out, &warning)?;
                }
                match run_input(runner, out, &input, &mut line_no, fg)? {
                    After::Prompt => {}
                    After::Quit => {
                        code = runner.quit_code.unwrap_or(code);
                        break;
                    }
                    After::Exit(status) => {
                        code = status;
                        break;
                    }
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                runner.message(out, &format!("cannot read the prompt: {e}"))?;
                code = 1;
                break;
            }
        }
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::hint_shown;

    #[test]
    fn hints_differ_from_typed_text_with_and_without_colour() {
        for color in [true, false] {
            let shown = hint_shown(" <move>", color);
            assert_ne!(shown, " <move>");
            assert!(shown.contains(" <move>"), "{shown:?}");
            assert!(shown.starts_with("\x1b[2m"), "{shown:?}");
        }
        // Without colour, no colour code (30-49, 90-107) at all.
        let plain = hint_shown("x", false);
        assert_eq!(plain, "\x1b[2mx\x1b[22m");
    }
}
