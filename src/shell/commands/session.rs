//! The session commands' registry entries and argument grammars: `reset`,
//! `undo`, `source`, `set`, `help`, `quit`.

use super::{ArgSpec, Complete, Keyword, Spec};
use crate::shell::command::{Command, ResetTarget};
use crate::shell::error::{ErrorKind, Found};
use crate::shell::parse::grammar::{
    Res, bare, end, expected_end, expected_word, fail, is_space, word,
};
use crate::shell::settings::Setting;
use crate::shell::words;

/// `reset [congo|yut]`.
pub const RESET: Spec = Spec {
    name: "reset",
    aliases: &[],
    usage: "[congo|yut]",
    summary: "back to the start position and/or all tokens home (both when no argument)",
    example: "reset yut",
    args: &[ArgSpec {
        hint: "[congo|yut]",
        complete: Complete::Words(&["congo", "yut"]),
    }],
    errors: &["expected-reset-target", "extra-argument-reset"],
    parse: reset_args,
};

/// `undo`.
pub const UNDO: Spec = Spec {
    name: "undo",
    aliases: &[],
    usage: "[<count>]",
    summary: "take back the last change, or the last <count> changes",
    example: "undo 2",
    args: &[ArgSpec {
        hint: "[<count>]",
        complete: Complete::Nothing,
    }],
    errors: &[
        "nothing-to-undo",
        "too-few-to-undo",
        "expected-undo-count",
        "extra-argument-undo",
    ],
    parse: undo_args,
};

/// The count of `undo [N]` / `redo [N]`: 1..=1000, 1 when absent.
fn count(input: &str) -> Res<'_, u32> {
    const WHAT: &str = "a number of changes 1 to 1000";
    match word(input) {
        Err(_) => Ok((input, 1)),
        Ok((rest, w)) => match w.parse::<u32>() {
            Ok(n) if (1..=1000).contains(&n) => Ok((rest, n)),
            _ => expected_word(w, WHAT),
        },
    }
}

fn undo_args(input: &str) -> Res<'_, Command> {
    let (rest, n) = count(input)?;
    let (rest, ()) = end("undo", "at most one count")(rest)?;
    Ok((
        rest,
        if n == 1 {
            Command::Undo
        } else {
            Command::UndoMany(n)
        },
    ))
}

/// `redo`.
pub const REDO: Spec = Spec {
    name: "redo",
    aliases: &[],
    usage: "[<count>]",
    summary: "make again the change `undo` took back (until a new change), or the last <count>",
    example: "redo",
    args: &[ArgSpec {
        hint: "[<count>]",
        complete: Complete::Nothing,
    }],
    errors: &[
        "nothing-to-redo",
        "too-few-to-redo",
        "expected-redo-count",
        "extra-argument-redo",
    ],
    parse: redo_args,
};

/// `redo [N]`, read as `undo [N]` is.
fn redo_args(input: &str) -> Res<'_, Command> {
    let (rest, n) = count(input)?;
    let (rest, ()) = end("redo", "at most one count")(rest)?;
    Ok((
        rest,
        if n == 1 {
            Command::Redo
        } else {
            Command::RedoMany(n)
        },
    ))
}

/// `source <file>`.
pub const SOURCE: Spec = Spec {
    name: "source",
    aliases: &[],
    usage: "<file>",
    summary: "replay a script or problem-format file inside this session",
    example: "source scripts/tour.bsh",
    args: &[ArgSpec {
        hint: "<file>",
        complete: Complete::Path,
    }],
    errors: &[
        "expected-file-name",
        "expected-matching-quotes",
        "source-missing",
        "source-directory",
        "source-cycle",
        "source-depth",
        "invalid-utf8",
        "line-too-long",
    ],
    parse: source_args,
};

/// `set [<name> <value>]`.
pub const SET: Spec = Spec {
    name: "set",
    aliases: &[],
    usage: "[<name> <value>]",
    summary: "list the session settings, or change one (e.g. `set quiet on`, `set computer congo black`, `set flip off`, `set net FILE` for a network file)",
    example: "set timer on",
    args: &[
        ArgSpec {
            hint: "[<name> <value>]",
            complete: Complete::Settings,
        },
        ArgSpec {
            hint: "<value>",
            complete: Complete::SettingValue,
        },
    ],
    errors: &[
        "expected-setting",
        "expected-setting-suggestion",
        "expected-setting-value",
        "extra-argument-set",
    ],
    parse: set_args,
};

/// `history`.
pub const HISTORY: Spec = Spec {
    name: "history",
    aliases: &[],
    usage: "",
    summary: "what changed this session: the Congo game score from its start FEN, and the Yut turns",
    example: "history",
    args: &[],
    errors: &["extra-argument-none"],
    parse: |i| bare(i, "history", Command::History),
};

/// `clear`.
pub const CLEAR: Spec = Spec {
    name: "clear",
    aliases: &[],
    usage: "",
    summary: "clear the screen (at the prompt; a script's `clear` does nothing)",
    example: "clear",
    args: &[],
    errors: &["extra-argument-none"],
    parse: |i| bare(i, "clear", Command::Clear),
};

/// `save <file>`.
pub const SAVE: Spec = Spec {
    name: "save",
    aliases: &[],
    usage: "<file>",
    summary: "write a script that rebuilds this session from scratch (never over an existing file)",
    example: "save game.bsh",
    args: &[ArgSpec {
        hint: "<file>",
        complete: Complete::Path,
    }],
    errors: &["expected-file-name", "svg-exists"],
    parse: |i| {
        let (rest, path) = file_name(i)?;
        Ok((rest, Command::Save(path, false)))
    },
};

/// `save! <file>`.
pub const SAVE_FORCE: Spec = Spec {
    name: "save!",
    aliases: &[],
    usage: "<file>",
    summary: "like `save`, replacing the file if it exists",
    example: "save! game.bsh",
    args: &[ArgSpec {
        hint: "<file>",
        complete: Complete::Path,
    }],
    errors: &["expected-file-name"],
    parse: |i| {
        let (rest, path) = file_name(i)?;
        Ok((rest, Command::Save(path, true)))
    },
};

/// `help [<command>]`.
pub const HELP: Spec = Spec {
    name: "help",
    aliases: &[],
    usage: "[<command>]",
    summary: "list the commands, or show one command's usage",
    example: "help move",
    args: &[ArgSpec {
        hint: "[<command>]",
        complete: Complete::HelpTopics,
    }],
    errors: &["expected-help-topic", "extra-argument-help"],
    parse: help_args,
};

/// The help topic of the Yut Nori rules (`help yut`).
pub const HELP_YUT: &str = "yut";

/// `quit [<status>]`, `exit [<status>]`.
pub const QUIT: Spec = Spec {
    name: "quit",
    aliases: &["exit"],
    usage: "[<status>]",
    summary: "end the session, with an exit status 0 to 255 if given",
    example: "quit 2",
    args: &[ArgSpec {
        hint: "[<status>]",
        complete: Complete::Nothing,
    }],
    errors: &["expected-exit-status", "extra-argument-quit"],
    parse: quit_args,
};

fn quit_args(input: &str) -> Res<'_, Command> {
    const WHAT: &str = "an exit status 0 to 255";
    let (rest, code) = match word(input) {
        Err(_) => (input, None),
        Ok((rest, w)) => match w.parse::<u8>() {
            Ok(n) => (rest, Some(n)),
            Err(_) => return expected_word(w, WHAT),
        },
    };
    let (rest, ()) = end("quit", "at most one exit status")(rest)?;
    Ok((rest, Command::Quit(code)))
}

fn reset_args(input: &str) -> Res<'_, Command> {
    let (rest, target) = match word(input) {
        Err(_) => (input, ResetTarget::Both),
        Ok((rest, w)) if w.eq_ignore_ascii_case("congo") => (rest, ResetTarget::Congo),
        Ok((rest, w)) if w.eq_ignore_ascii_case("yut") => (rest, ResetTarget::Yut),
        Ok((_, w)) => {
            return expected_word(w, "`congo`, `yut` or nothing");
        }
    };
    let (rest, ()) = end("reset", "at most one argument, `congo` or `yut`")(rest)?;
    Ok((rest, Command::Reset(target)))
}

/// The help topic of the Congo rules (`help congo`).
pub const HELP_CONGO: &str = "congo";

fn help_args(input: &str) -> Res<'_, Command> {
    match word(input) {
        Err(_) => Ok((input, Command::Help(None))),
        Ok((rest, w)) if w.eq_ignore_ascii_case(HELP_CONGO) => {
            let (rest, ()) = end("help", "at most one command name")(rest)?;
            Ok((rest, Command::Help(Some(HELP_CONGO))))
        }
        Ok((rest, w)) if w.eq_ignore_ascii_case("yut") => {
            let (rest, ()) = end("help", "at most one command name")(rest)?;
            Ok((rest, Command::Help(Some(HELP_YUT))))
        }
        Ok((rest, w)) => match Keyword::find(w) {
            Some((_, name)) => {
                let (rest, ()) = end("help", "at most one command name")(rest)?;
                Ok((rest, Command::Help(Some(name))))
            }
            None => expected_word(w, "a command name, `congo` or `yut`"),
        },
    }
}

fn set_args(input: &str) -> Res<'_, Command> {
    let Ok((rest, name)) = word(input) else {
        return Ok((input, Command::Set(None)));
    };
    let Some(setting) = Setting::find(name) else {
        let names = || Setting::ALL.iter().map(|s| s.name());
        return fail(
            name,
            name.len(),
            ErrorKind::UnknownSetting {
                word: name.to_string(),
                suggestion: super::suggest_among(name, names),
            },
        );
    };
    if setting == Setting::Net {
        // `set net FILE`: a file name, read by the file-name rule (quotes,
        // `~`), or `off` or `default`.
        if word(rest).is_err() {
            return Ok((rest, Command::ShowSetting(setting)));
        }
        let (after, path) = file_name(rest)?;
        return match setting.parse(&path) {
            Ok(change) => Ok((after, Command::Set(Some(change)))),
            Err(what) => expected_word(rest.trim_matches(is_space), what),
        };
    }
    let (rest, text) = match word(rest) {
        // `set computer` may name the game: `congo black`, `congo
        // white, yut lower` (its value is the rest of the command).
        Ok(_) if setting == Setting::Computer => {
            let text = rest.trim_matches(is_space);
            (rest.get(rest.len()..).unwrap_or_default(), text)
        }
        Ok(ok) => ok,
        // No value: show the one in force.
        Err(_) => return Ok((rest, Command::ShowSetting(setting))),
    };
    let change = match setting.parse(text) {
        Ok(change) => change,
        Err(what) => return expected_word(text, what),
    };
    let (rest, ()) = end("set", "a setting name and a value")(rest)?;
    Ok((rest, Command::Set(Some(change))))
}

/// `source <file>`: the rest of the command, read by the file-name rule.
fn source_args(input: &str) -> Res<'_, Command> {
    let (rest, path) = file_name(input)?;
    Ok((rest, Command::Source(path)))
}

/// A file name: the rest of the command, trimmed, read by the one rule of
/// [`words`] (quotes, backslash escapes, `~`) that completion also follows.
pub(crate) fn file_name(input: &str) -> Res<'_, String> {
    let text = input.trim_matches(is_space);
    let at = input.trim_start_matches(is_space);
    if text.is_empty() {
        return expected_end(input, "a file name");
    }
    match words::read(text, words::home().as_deref()) {
        Ok(path) if !path.is_empty() => Ok(("", path)),
        _ => fail(
            at,
            text.len(),
            ErrorKind::Expected {
                what: "a file name in matching quotes",
                found: Found::Text(text.to_string()),
            },
        ),
    }
}
