//! The interactive prompt: rustyline with history, completion, usage hints
//! and keyword highlighting.

use super::args::ColorChoice;
use super::complete::{self, Completion};
use super::report::PROMPT;
use super::theme;
use crate::shell::Output;
use crate::shell::script::{End, Runner};
use owo_colors::OwoColorize;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::config::{Behavior, ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hint, Hinter};
use rustyline::history::{DefaultHistory, History};
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::borrow::Cow;
use std::io;
use std::path::PathBuf;

/// How many lines of history are kept.
pub const HISTORY_SIZE: usize = 1000;

/// The history file: `$BOARDSH_HISTORY`, else `$XDG_DATA_HOME/boardsh/history`,
/// else `~/.local/share/boardsh/history`.
pub fn history_path() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if let Some(p) = var("BOARDSH_HISTORY") {
        return Some(PathBuf::from(p));
    }
    let data = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("boardsh").join("history"))
}

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
    files: FilenameCompleter,
    /// Legal Congo moves of the session, offered after `play`.
    pub moves: Vec<String>,
}

impl BoardHelper {
    /// A helper that colours when `color` is set.
    pub fn new(color: bool) -> BoardHelper {
        BoardHelper {
            color,
            files: FilenameCompleter::new(),
            moves: Vec::new(),
        }
    }
}

impl Completer for BoardHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        match complete::complete(line, pos, &self.moves) {
            Completion::Words(start, words) => Ok((
                start,
                words
                    .into_iter()
                    .map(|w| Pair {
                        display: w.clone(),
                        replacement: w,
                    })
                    .collect(),
            )),
            Completion::Path => self.files.complete(line, pos, ctx),
        }
    }
}

impl Hinter for BoardHelper {
    type Hint = UsageHint;

    fn hint(&self, line: &str, pos: usize, _: &Context<'_>) -> Option<UsageHint> {
        complete::hint(line, pos).map(UsageHint)
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
        if self.color {
            Cow::Owned(format!("{}", hint.dimmed()))
        } else {
            Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.color
    }
}

impl Validator for BoardHelper {}
impl Helper for BoardHelper {}

/// Run the prompt until `quit` or Ctrl-D; returns the exit status.
///
/// # Errors
///
/// When writing the output fails.
pub fn run<O: Output + ?Sized>(
    runner: &mut Runner<'_>,
    out: &mut O,
    color: ColorChoice,
) -> io::Result<i32> {
    let color_out = theme::stdout_color(color);
    let config = Config::builder()
        .max_history_size(HISTORY_SIZE)
        .map_err(io::Error::other)?
        .auto_add_history(true)
        .completion_type(CompletionType::List)
        .history_ignore_space(true)
        .behavior(Behavior::PreferTerm)
        .color_mode(if color_out {
            ColorMode::Enabled
        } else {
            ColorMode::Disabled
        })
        .build();
    let mut editor: Editor<BoardHelper, DefaultHistory> =
        Editor::with_config(config).map_err(io::Error::other)?;
    editor.set_helper(Some(BoardHelper::new(color_out)));
    let history = history_path();
    let mut warned = false;
    let mut warn = |runner: &mut Runner<'_>, out: &mut O, what: String| -> io::Result<()> {
        if !warned {
            warned = true;
            runner.warning(out, &what)?;
        }
        Ok(())
    };
    if let Some(path) = &history {
        match editor.load_history(path) {
            Ok(()) => {}
            Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => warn(
                runner,
                out,
                format!("cannot read history `{}`: {e}", path.display()),
            )?,
        }
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
    let mut line_no = 0;
    let mut code = 0;
    loop {
        if let Some(helper) = editor.helper_mut() {
            helper.moves = runner.session.legal_move_names();
        }
        match editor.readline(&prompt) {
            Ok(input) => {
                let mut quit = false;
                for line in input.split('\n') {
                    line_no += 1;
                    if runner.run_line(PROMPT, line_no, line.trim_end_matches('\r'), out)?
                        == End::Quit
                    {
                        quit = true;
                        break;
                    }
                }
                out.flush()?;
                if quit {
                    break;
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
    if let Some(path) = &history
        && editor.history().len() > 0
    {
        let saved = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
                .map_err(|e| e.to_string())
                .and_then(|()| editor.save_history(path).map_err(|e| e.to_string())),
            _ => editor.save_history(path).map_err(|e| e.to_string()),
        };
        if let Err(e) = saved {
            let what = format!("cannot write history `{}`: {e}", path.display());
            warn(runner, out, what)?;
        }
    }
    Ok(code)
}
